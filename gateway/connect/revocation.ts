/**
 * `POST /connect/revocation` (RFC 7009; IdentityServer4 revocation endpoint (https://identityserver4.readthedocs.io/en/latest/endpoints/revocation.html)).
 *
 * - Client authentication as at the token endpoint (Basic or body, never both; public clients by `client_id`,
 *   RFC 7009 §2.1 / §5), errors as RFC 6749 §5.2 (401 `invalid_client` with a Basic challenge over Basic).
 * - `token` is required (400 `invalid_request`). `token_type_hint` may be `access_token` or `refresh_token` and
 *   only orders the search (§2.1: an unlocated token is searched under every type); any other hint value answers
 *   400 `unsupported_token_type` (§2.2.1), as Duende does, because the client names a type this server does not
 *   revoke.
 * - A refresh token revokes its whole grant family: every refresh and access token issued from the same
 *   authorization (§2.1: the server SHOULD also invalidate the access tokens of the same grant).
 * - A reference access token is removed. A JWT access token issued to a user is revoked by removing its store
 *   record, so introspection, userinfo and the conversion routes refuse it (resource servers that validate the
 *   JWT themselves still accept it until it expires). A client_credentials JWT is stateless and cannot be
 *   revoked: 200 and nothing changes (IdentityServer4 endpoints (https://identityserver4.readthedocs.io/en/latest/endpoints/): "Access tokens can be revoked only when they are reference
 *   tokens"); an error would tell the caller nothing useful and break clients that revoke whatever they hold.
 * - A token of another client, an unknown, expired or malformed token: 200 and nothing changes (§2.2: "invalid
 *   tokens do not cause an error response"; RFC 6749 §6, §10.4; RFC 7009 §2.2).
 * Responses carry `Cache-Control: no-store`; success is an empty 200.
 */
import type { FastifyInstance } from 'fastify';
import { OAuthError, invalidRequest } from '../../core/auth/oauth-error.js';
import type { AuthServices } from '../../core/auth/services.js';
import { CONNECT_PATHS } from './discovery.js';
import { Form, authenticateFormClient, formEndpoint } from './form.js';
import { noStore } from './reply.js';

const HINTS = new Set(['access_token', 'refresh_token']);

/** Outcome of one search: `revoked`, `foreign` (found but left untouched: another client's, or a stateless client_credentials JWT) or `none` (not found). */
type Outcome = 'revoked' | 'foreign' | 'none';

/**
 * Revokes `token` if it is one of `clientId`'s. The HTTP answer never tells which case applied.
 * @param issuers issuer identifiers accepted for JWT access tokens
 * @param hint `access_token` searches access tokens first; otherwise refresh tokens first
 * @returns what was revoked (for the log and tests): `refresh_token` (its whole family), `access_token`, or undefined
 */
export async function revokeToken(auth: AuthServices, clientId: string, token: string, issuers: readonly string[], hint?: string): Promise<'refresh_token' | 'access_token' | undefined> {
  const refresh = async (): Promise<Outcome> => {
    const grant = await auth.store.find('refresh_token', token);
    if (!grant) return 'none';
    if (grant.clientId !== clientId) return 'foreign';
    await auth.store.revokeFamily(grant.familyId);
    return 'revoked';
  };
  const access = async (): Promise<Outcome> => {
    if (!token.includes('.')) {
      const grant = await auth.store.find('reference_token', token);
      if (!grant) return 'none';
      return (await auth.tokens.revokeReferenceToken(token, clientId)) ? 'revoked' : 'foreign';
    }
    const info = await auth.tokens.validateAccessToken(token, issuers);
    if (!info) return 'none';
    if (info.client_id !== clientId || info.format !== 'jwt' || !info.isUser || info.jti === undefined) return 'foreign';
    return (await auth.store.remove('reference_token', `jwt:${info.jti}`)) ? 'revoked' : 'none';
  };
  const searches = hint === 'access_token'
    ? [['access_token', access], ['refresh_token', refresh]] as const
    : [['refresh_token', refresh], ['access_token', access]] as const;
  for (const [kind, search] of searches) {
    const outcome = await search();
    if (outcome === 'revoked') return kind;
    if (outcome === 'foreign') return undefined;
  }
  return undefined;
}

/** Registers `POST /connect/revocation` (see the module comment for the rules and RFC 7009 sections). */
export function registerRevocationEndpoint(app: FastifyInstance, auth: AuthServices): void {
  const summary = 'Token revocation (RFC 7009): refresh tokens (with their grant) and reference access tokens';
  formEndpoint(app, CONNECT_PATHS.revocation, summary, async (request, reply) => {
    const form = Form.of(request);
    const { client } = authenticateFormClient(request, form, auth);
    const token = form.get('token');
    if (!token) throw invalidRequest('token is required');
    const hint = form.get('token_type_hint');
    if (hint !== undefined && !HINTS.has(hint)) throw new OAuthError('unsupported_token_type', `token_type_hint ${hint} is not supported; use access_token or refresh_token`);
    const revoked = await revokeToken(auth, client.clientId, token, [auth.issuer], hint);
    if (revoked) request.log.info({ clientId: client.clientId, revoked }, 'token revoked');
    return noStore(reply).code(200).send();
  });
}
