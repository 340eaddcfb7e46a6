/**
 * `client_credentials` (RFC 6749 §4.4): a token for the client itself; `sub` = client_id (RFC 9068 §2.2).
 * Only resource scopes may be granted (identity scopes and `offline_access` need a user), and no refresh token.
 */
import { GRANT_PLUGIN_API_VERSION, type GrantTypePlugin } from '../../core/auth/grant-contract.js';
import { invalidScope } from '../../core/auth/oauth-error.js';

export const clientCredentialsGrant: GrantTypePlugin = {
  grantType: 'client_credentials',
  name: 'Client credentials',
  version: '1.0.0',
  apiVersion: `^${GRANT_PLUGIN_API_VERSION}`,
  parameters: ['scope'],
  async handle({ client, params, issuer }, ctx) {
    const requested = params.scope ?? client.allowedScopes.filter((s) => !ctx.resources.isIdentityScope(s) && s !== 'offline_access').join(' ');
    const granted = ctx.resources.resolve(requested, client);
    if (granted.identityScopes.length || granted.offlineAccess) {
      throw invalidScope('client_credentials tokens carry resource scopes only (no openid, profile, role or offline_access)');
    }
    if (granted.scopes.length === 0) throw invalidScope('the client has no resource scope to grant');
    const tenant = ctx.tenants.select(undefined, client);
    return ctx.tokens.issue(issuer, { client, granted, tenant: tenant.name });
  },
};
