/**
 * The built-in grant type plugins (IdentityServer4 token endpoint (https://identityserver4.readthedocs.io/en/latest/endpoints/token.html): authorization_code, client_credentials, password,
 * refresh_token, device_code, plus token exchange as the example extension grant). `client_credentials` stays
 * first. Customer grants are named in the configuration (`auth.grantPlugins`) and loaded after these.
 */
import type { GrantTypePlugin } from '../../core/auth/grant-contract.js';
import { authorizationCodeGrant } from './authorization-code.js';
import { clientCredentialsGrant } from './client-credentials.js';
import { deviceCodeGrant } from './device-code.js';
import { passwordGrant } from './password.js';
import { refreshTokenGrant } from './refresh-token.js';
import { tokenExchangeGrant } from './token-exchange.js';

export const builtinGrantPlugins: readonly GrantTypePlugin[] = Object.freeze([
  clientCredentialsGrant,
  authorizationCodeGrant,
  passwordGrant,
  refreshTokenGrant,
  deviceCodeGrant,
  tokenExchangeGrant,
]);
