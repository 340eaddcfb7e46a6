/**
 * `refresh_token` (RFC 6749 §6; OIDC Core §12; RFC 6819 §5.2.2.3; RFC 9700 §4.14).
 *
 * Per client (`refreshToken.usage`):
 * - `oneTime` (rotation, RFC 6819 §5.2.2.3): the presented token is consumed atomically and a new one is issued
 *   in the same grant family, keeping the family's absolute expiry. Presenting a token that was already consumed
 *   is treated as theft: the whole family (every refresh and access token descended from the same
 *   authorization) is revoked (RFC 9700 §4.14.2; oidc-provider, fosite).
 * - `reuse`: the token is checked without being consumed and returned again unchanged (its expiry does not slide).
 *
 * `scope` may only narrow the original grant (RFC 6749 §6: "MUST NOT include any scope not originally
 * granted"); the narrowed scopes apply to the new access token only — the new refresh token keeps the original
 * scopes (RFC 6749 §6: "the refresh token scope MUST be identical to that of the refresh token included").
 *
 * Errors (RFC 6749 §5.2):
 * - `invalid_request`: `refresh_token` missing;
 * - `invalid_scope`: a scope that was not granted originally, or that the client may no longer have;
 * - `invalid_grant`: unknown, expired or revoked token; a token of another client (nothing changes then);
 *   a consumed token (and its family is revoked); the user no longer exists or is disabled; the client no longer
 *   allows offline access.
 *
 * A refresh token bound to a DPoP key (public clients, RFC 9449 §5) needs a proof with that key: else
 * `invalid_grant`.
 *
 * The request is checked before the token is consumed, so a request rejected for its scope does not cost the
 * client its refresh token.
 */
import { GRANT_PLUGIN_API_VERSION, type GrantTypePlugin } from '../../core/auth/grant-contract.js';
import { invalidGrant, invalidRequest } from '../../core/auth/oauth-error.js';
import { GrantStoreError, type StoredGrant } from '../../core/stores/grant-store.js';

/** The kind-specific data `TokenService.createRefreshToken` stores with a refresh token. */
interface RefreshTokenData {
  /** Epoch seconds: end of the family. */
  absoluteExpiresAt?: number;
  authTime?: number;
  idp?: string;
  amr?: string[];
  /** The DPoP key a public client's refresh token is bound to (RFC 9449 §5). */
  jkt?: string;
}

const REUSED = 'the refresh token has already been used; its grant is revoked';
/** The `error_description` of an unknown, expired or revoked refresh token (`invalid_grant`). */
const INVALID_REFRESH_TOKEN = 'the refresh token is invalid, expired or revoked';

export const refreshTokenGrant: GrantTypePlugin = {
  grantType: 'refresh_token',
  name: 'Refresh token',
  version: '1.0.0',
  apiVersion: `^${GRANT_PLUGIN_API_VERSION}`,
  parameters: ['refresh_token', 'scope'],
  async handle({ client, params, issuer }, ctx) {
    const handle = params.refresh_token;
    if (!handle) throw invalidRequest('refresh_token is required');
    const found = await ctx.store.find('refresh_token', handle);
    // a route that redeems refresh tokens without client authentication takes only those it issued (RFC 6749 §10.4)
    const route = ctx.tokens.issuedThroughRoute;
    if (!found || (route !== undefined && found.data.issuedThrough !== route)) throw invalidGrant(INVALID_REFRESH_TOKEN);
    if (found.clientId !== client.clientId) throw invalidGrant('the refresh token was issued to another client');
    if (found.consumedAt !== undefined) {
      await ctx.store.revokeFamily(found.familyId);
      throw invalidGrant(REUSED);
    }
    if (!client.allowOfflineAccess) throw invalidGrant(`client ${client.clientId} no longer allows offline access`);
    const boundTo = (found.data as RefreshTokenData).jkt;
    if (boundTo !== undefined && boundTo !== ctx.tokens.dpopJkt) throw invalidGrant('the refresh token is bound to a DPoP key; the request needs a DPoP proof with that key (RFC 9449 §5)');
    const user = found.subject === undefined ? undefined : await ctx.users.bySubjectId(found.subject);
    if (!user || user.disabled) throw invalidGrant('the user of this refresh token is no longer active');
    // Scopes the client has lost since the grant are dropped (RFC 6749 §6: the scope may only narrow).
    const still = found.scopes.filter((s) => client.allowedScopes.includes(s));
    if (still.length === 0) throw invalidGrant(`client ${client.clientId} may no longer have any scope of this grant`);
    const original = ctx.resources.resolve(undefined, client, still);
    const granted = params.scope === undefined ? original : ctx.resources.resolve(params.scope, client, still);

    let grant: StoredGrant = found;
    const rotate = client.refreshToken.usage === 'oneTime';
    if (rotate) {
      const result = await ctx.store.consume('refresh_token', handle, { clientId: client.clientId });
      if (result.status === 'already_consumed') {
        // A concurrent request won the race with the same token: the same reuse as above.
        await ctx.store.revokeFamily(result.grant.familyId);
        throw invalidGrant(REUSED);
      }
      if (result.status !== 'consumed') throw invalidGrant(INVALID_REFRESH_TOKEN);
      grant = result.grant;
    }

    const data = grant.data as RefreshTokenData;
    const subject = {
      client, user, tenant: grant.tenant ?? ctx.tenants.select(undefined, client, user).name, familyId: grant.familyId,
      ...(data.authTime !== undefined && { authTime: data.authTime }),
      ...(data.idp !== undefined && { idp: data.idp }),
      ...(data.amr !== undefined && { amr: data.amr }),
    };
    try {
      const body = await ctx.tokens.issue(issuer, { ...subject, granted }, { userClaims: { sub: user.subject }, withRefreshToken: false });
      body.refresh_token = rotate ? await ctx.tokens.createRefreshToken({ ...subject, granted: original }, data.absoluteExpiresAt) : handle;
      return body;
    } catch (err) {
      // The family was revoked (a reuse elsewhere) while this request was issuing.
      if (err instanceof GrantStoreError && err.code === 'family_revoked') throw invalidGrant('the refresh token has been revoked');
      throw err;
    }
  },
};
