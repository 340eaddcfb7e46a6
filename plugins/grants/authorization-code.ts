/**
 * `authorization_code` (RFC 6749 §4.1.3, §4.1.4; PKCE RFC 7636 §4.5–4.6; OIDC Core §3.1.3): redeems a code the
 * authorize endpoint issued through `createAuthorizationCode` (core/auth/authorization-codes.ts).
 *
 * Errors (RFC 6749 §5.2):
 * - `invalid_request`: `code` or `redirect_uri` missing, `code_verifier` not 43–128 `[A-Za-z0-9-._~]` (RFC 7636 §4.1);
 * - `invalid_grant`: unknown or expired code; a code issued to another client (nothing is changed then); a code
 *   already redeemed — and then every token issued from it is revoked (RFC 6749 §4.1.2 "SHOULD revoke";
 *   RFC 9700 §4.1.2); `redirect_uri` not byte-equal to the one bound to the code; PKCE: verifier missing
 *   when a challenge was stored, verifier not matching, or a verifier sent for a code issued without challenge
 *   (downgrade); the user no longer exists or is disabled; the grant was revoked while the tokens were issued.
 *
 * The code is consumed (atomically, bound to the client) before the request is checked any further, so a code
 * presented with a wrong verifier or redirect URI is burnt: whoever holds it without the verifier gets one try.
 */
import type { AuthorizationCodeData } from '../../core/auth/authorization-codes.js';
import { AUTHORIZATION_CODE, PKCE_VALUE, pkceVerifierMatches } from '../../core/auth/authorization-codes.js';
import { GRANT_PLUGIN_API_VERSION, type GrantTypePlugin } from '../../core/auth/grant-contract.js';
import { invalidGrant, invalidRequest } from '../../core/auth/oauth-error.js';
import { GrantStoreError } from '../../core/stores/grant-store.js';

export const authorizationCodeGrant: GrantTypePlugin = {
  grantType: AUTHORIZATION_CODE,
  name: 'Authorization code',
  version: '1.0.0',
  apiVersion: `^${GRANT_PLUGIN_API_VERSION}`,
  parameters: ['code', 'redirect_uri', 'code_verifier'],
  async handle({ client, params, issuer }, ctx) {
    const { code, redirect_uri: redirectUri, code_verifier: verifier } = params;
    if (!code) throw invalidRequest('code is required');
    if (!redirectUri) throw invalidRequest('redirect_uri is required');
    if (verifier !== undefined && !PKCE_VALUE.test(verifier)) throw invalidRequest('code_verifier must be 43-128 characters of [A-Za-z0-9-._~] (RFC 7636 §4.1)');

    const result = await ctx.store.consume(AUTHORIZATION_CODE, code, { clientId: client.clientId });
    if (result.status === 'not_found') throw invalidGrant('the authorization code is invalid or expired');
    if (result.status === 'client_mismatch') throw invalidGrant('the authorization code was issued to another client');
    if (result.status === 'already_consumed') {
      await ctx.store.revokeFamily(result.grant.familyId);
      throw invalidGrant('the authorization code has already been used; the tokens issued from it are revoked');
    }
    const grant = result.grant;
    const data = grant.data as unknown as AuthorizationCodeData;
    if (redirectUri !== data.redirect_uri) throw invalidGrant('redirect_uri does not match the one of the authorization request');
    if (data.code_challenge_hash !== undefined) {
      if (verifier === undefined) throw invalidGrant('code_verifier is required: the authorization request carried a code_challenge');
      if (!pkceVerifierMatches(verifier, data.code_challenge_hash, data.code_challenge_method ?? 'plain')) throw invalidGrant('code_verifier does not match the code_challenge');
    } else if (verifier !== undefined) {
      throw invalidGrant('code_verifier was sent but the authorization request carried no code_challenge');
    }

    const user = grant.subject === undefined ? undefined : await ctx.users.bySubjectId(grant.subject);
    if (!user || user.disabled) throw invalidGrant('the user of this authorization code is no longer active');
    const granted = ctx.resources.resolve(grant.scopes.join(' '), client);
    const tenant = grant.tenant ?? ctx.tenants.select(undefined, client, user).name;
    try {
      return await ctx.tokens.issue(
        issuer,
        {
          client, user, granted, tenant, familyId: grant.familyId, authTime: data.auth_time,
          ...(data.nonce !== undefined && { nonce: data.nonce }),
          ...(data.idp !== undefined && { idp: data.idp }),
          ...(data.amr !== undefined && { amr: data.amr }),
        },
        { userClaims: { sub: user.subject } },
      );
    } catch (err) {
      // A replay revoked the family between our consume and the token saves (GrantStore "family_revoked").
      if (err instanceof GrantStoreError && err.code === 'family_revoked') throw invalidGrant('the authorization code has been revoked');
      throw err;
    }
  },
};
