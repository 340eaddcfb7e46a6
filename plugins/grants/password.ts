/**
 * `password` — resource owner password credentials (RFC 6749 §4.3.2), with the `acr_values` of IdentityServer4 (https://identityserver4.readthedocs.io/en/latest/endpoints/authorize.html):
 * `tenant:<name>` selects the tenant the tokens are issued for, `idp:<name>` names the identity provider the user
 * must belong to (only when the client lists it in `identityProviderRestrictions`).
 *
 * Errors (RFC 6749 §5.2):
 * - `invalid_request`: `username` or `password` missing; `idp:<name>` the client may not use; unknown tenant or
 *   a tenant other than the client's own;
 * - `invalid_scope`: a scope unknown or not allowed for the client (RFC 6749 §3.3);
 * - `invalid_grant`: wrong user name or password, disabled user, a user name backed off or locked after failed
 *   attempts (`auth.lockout`, see `core/auth/lockout.ts`) — one message for all, same status and headers, so the
 *   response does not tell which (nor whether the user exists); the user is not of the requested identity
 *   provider; the user does not belong to the tenant.
 *
 * Success: an access token with `amr: ["pwd"]` and `auth_time` = now, an id token when `openid` is granted
 * (OIDC Core §2), a refresh token when `offline_access` is granted and the client allows offline access.
 */
import { GRANT_PLUGIN_API_VERSION, type GrantTypePlugin } from '../../core/auth/grant-contract.js';
import { invalidGrant, invalidRequest } from '../../core/auth/oauth-error.js';
import { checkIdentityProvider, parseAcrValues } from '../../core/auth/tenants.js';

/**
 * The one `error_description` of a refused password: wrong password, unknown or disabled user, backed off or
 * locked. It names the lock as a possibility so that a locked user knows to wait, without saying whether it applies.
 */
export const WRONG_CREDENTIALS = 'the user name or password is incorrect, or sign-in is paused after repeated failures';

export const passwordGrant: GrantTypePlugin = {
  grantType: 'password',
  name: 'Resource owner password credentials',
  version: '1.0.0',
  apiVersion: `^${GRANT_PLUGIN_API_VERSION}`,
  parameters: ['username', 'password', 'scope', 'acr_values'],
  async handle({ client, params, issuer }, ctx) {
    const { username, password } = params;
    if (username === undefined) throw invalidRequest('username is required');
    if (password === undefined) throw invalidRequest('password is required');
    const acr = parseAcrValues(params.acr_values);
    checkIdentityProvider(acr.idp, client);
    // Checks that need no secret come first, so a malformed request costs no scrypt computation.
    const granted = ctx.resources.resolve(params.scope, client);

    const user = await ctx.lockout.attempt(await ctx.users.lockoutName(username), () => ctx.users.authenticate(username, password));
    if (!user) throw invalidGrant(WRONG_CREDENTIALS);
    if (acr.idp !== undefined && user.identityProvider !== acr.idp) throw invalidGrant(`the user does not sign in with identity provider ${acr.idp}`);
    const tenant = ctx.tenants.select(acr.tenant, client, user);
    const idp = acr.idp ?? user.identityProvider;
    return ctx.tokens.issue(
      issuer,
      { client, user, granted, tenant: tenant.name, authTime: ctx.now(), amr: ['pwd'], ...(idp !== undefined && { idp }) },
      { userClaims: { sub: user.subject } },
    );
  },
};
