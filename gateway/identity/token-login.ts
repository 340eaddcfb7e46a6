/**
 * `POST /identity/token-login` (`ServiceIdentity_LoginAndReturnToken`, body `TokenLoginPost {identifier,
 * password}`) and `POST /identity/token-refresh` (`ServiceIdentity_RefreshToken`, body `TokenRefreshPost
 * {refreshToken}`): the `password` and `refresh_token` grant plugins run for the first-party client
 * `auth.accounts.tokenClientId`, with the same rules as `/connect/token` (lockout, one answer for every refused
 * password, refresh rotation and reuse detection), answered as `TokenResponseGet` (./token-response.ts).
 *
 * The endpoints run the grants without client authentication (the AVACloud identity client has no secret), so
 * `/identity/token-refresh` accepts only refresh tokens that `/identity/token-login` issued (marked with
 * `TokenService.issuedThrough`, kept over rotations here): a refresh token the client got at `/connect/token`
 * with its secret cannot be redeemed here without it (RFC 6749 §6, §10.4). Any other refresh token gets the
 * answer of an invalid one.
 *
 * Statuses: 200 with tokens; 400 for a malformed body or a token login that is not configured (no such client,
 * or it lacks the grant type); 401 for refused credentials (`invalid_grant`: wrong password, unknown or paused
 * account, unknown, expired, reused or revoked refresh token); 503 when a store is down. A body fastify cannot
 * read (not JSON, empty: 400; too large: 413; another content type: 415) is answered `invalid_request` in the
 * same `TokenResponseGet` shape, which the clients' 400 response declares, never as problem details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig } from '../../core/auth/config.js';
import { OAuthError } from '../../core/auth/oauth-error.js';
import { GrantStoreError } from '../../core/stores/grant-store.js';
import { BODY_LIMIT, IDENTITY_PATHS, jsonBody, nonEmpty, type IdentityContext } from './context.js';
import { DOCUMENTED_ONLY, IDENTITY_SCHEMAS } from './schemas.js';
import { tokenError, tokenSuccess, type TokenResponseGet } from './token-response.js';

const send = (reply: FastifyReply, status: number, body: TokenResponseGet) =>
  reply.code(status).header('cache-control', 'no-store').header('pragma', 'no-cache').type('application/json').send(body);

/** Runs one grant for the first-party client and answers it (see the module comment for the statuses). */
async function runGrant(ctx: IdentityContext, reply: FastifyReply, grantType: 'password' | 'refresh_token', params: Record<string, string>): Promise<FastifyReply> {
  const { auth } = ctx;
  const clientId = auth.config.accounts.tokenClientId;
  const client: ClientConfig | undefined = clientId === undefined ? undefined : auth.clients.client(clientId);
  const grant = ctx.grants.grant(grantType);
  if (!client || !grant || !client.allowedGrantTypes.includes(grantType)) {
    return send(reply, 400, tokenError(400, 'unauthorized_client', `token login is not configured: auth.accounts.tokenClientId must name a client allowed the ${grantType} grant`));
  }
  if (grantType === 'password') {
    const wanted = auth.config.accounts.tokenScope.split(' ').filter((s) => s !== '' && client.allowedScopes.includes(s));
    if (wanted.length > 0) params.scope = wanted.join(' ');
  }
  try {
    // Refresh tokens issued (or rotated) here are marked, and the refresh grant of this service takes only those.
    const grantCtx = { ...auth, tokens: auth.tokens.issuedThrough(IDENTITY_PATHS.tokenLogin) };
    const body = await grant.handle({ client, clientAuthMethod: client.secrets.length > 0 ? 'client_secret_post' : 'none', params, issuer: auth.issuer }, grantCtx);
    return send(reply, 200, tokenSuccess(body));
  } catch (err) {
    if (err instanceof OAuthError) {
      const status = err.error === 'invalid_grant' ? 401 : err.status;
      return send(reply, status, tokenError(status, err.error, err.description ?? err.error));
    }
    if (err instanceof GrantStoreError && err.code === 'backend_error') {
      reply.request.log.error({ err }, 'store unavailable at token login');
      return send(reply.header('retry-after', '5'), 503, tokenError(503, 'temporarily_unavailable', 'a store is unavailable; retry later'));
    }
    throw err;
  }
}

/** Route error handler: fastify's body errors (4xx) as `TokenResponseGet`; anything else goes to the app's handler. */
function bodyError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) throw error;
  return send(reply, status, tokenError(status, 'invalid_request', error.message));
}

const ROUTE = { ...DOCUMENTED_ONLY, ...BODY_LIMIT, errorHandler: bodyError } as const;

export function registerTokenLogin(app: FastifyInstance, ctx: IdentityContext): void {
  app.post(IDENTITY_PATHS.tokenLogin, { schema: IDENTITY_SCHEMAS.tokenLogin, ...ROUTE }, async (request, reply) => {
    const body = jsonBody(request);
    const identifier = nonEmpty(body, 'identifier');
    const password = nonEmpty(body, 'password');
    if (identifier === undefined || password === undefined) {
      return send(reply, 400, tokenError(400, 'invalid_request', 'the body must be a TokenLoginPost: identifier and password, both non-empty strings'));
    }
    return runGrant(ctx, reply, 'password', { username: identifier, password });
  });

  app.post(IDENTITY_PATHS.tokenRefresh, { schema: IDENTITY_SCHEMAS.tokenRefresh, ...ROUTE }, async (request, reply) => {
    const refreshToken = nonEmpty(jsonBody(request), 'refreshToken');
    if (refreshToken === undefined) return send(reply, 400, tokenError(400, 'invalid_request', 'the body must be a TokenRefreshPost: refreshToken, a non-empty string'));
    return runGrant(ctx, reply, 'refresh_token', { refresh_token: refreshToken });
  });
}
