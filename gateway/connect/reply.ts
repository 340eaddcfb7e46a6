/** Rendering of `/connect/*` responses: JSON with `Cache-Control: no-store` (RFC 6749 §5.1, §5.2). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAuthError } from '../../core/auth/oauth-error.js';
import { GrantStoreError } from '../../core/stores/grant-store.js';

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

/** Sends an OAuthError; a store outage answers 503 `temporarily_unavailable`; any other error is a 500 `server_error` (logged). */
export function sendOAuthError(request: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof OAuthError) {
    for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
    return noStore(reply).code(err.status).type('application/json').send(err.body());
  }
  if (err instanceof GrantStoreError && err.code === 'family_revoked') {
    return noStore(reply).code(400).send({ error: 'invalid_grant', error_description: 'the grant has been revoked' });
  }
  if (err instanceof GrantStoreError && err.code === 'backend_error') {
    request.log.error({ err }, 'grant store unavailable');
    return noStore(reply).code(503).header('retry-after', '5').send({ error: 'temporarily_unavailable', error_description: 'the grant store is unavailable' });
  }
  request.log.error({ err }, 'token service error');
  return noStore(reply).code(500).send({ error: 'server_error' });
}
