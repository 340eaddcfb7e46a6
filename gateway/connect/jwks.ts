/**
 * `GET /.well-known/openid-configuration/jwks` (Duende's path): the JWK Set (RFC 7517 §5) of every published
 * signing key: current, next and recently retired ones, public members only, each with `kid`, `alg` and
 * `use: sig` (see `KeyRing.jwks`). Anonymous. Clients cache it for at most five minutes, so a key announced
 * ahead of its `notBefore` reaches them before it signs (RFC 7515 §4.1.4; key rollover as in https://docs.duendesoftware.com/identityserver/fundamentals/key-management/).
 */
import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../../core/auth/services.js';
import { connectOperation } from '../openapi/operations.js';
import { CONNECT_PATHS } from './discovery.js';

/** Seconds a client may cache the JWK Set. */
export const JWKS_MAX_AGE = 300;

/** Registers `GET /.well-known/openid-configuration/jwks` (anonymous; `Cache-Control: public, max-age=300`). */
export function registerJwksEndpoint(app: FastifyInstance, auth: AuthServices): void {
  app.get(CONNECT_PATHS.jwks, {
    schema: { tags: ['OAuth 2.0 / OpenID Connect'], summary: 'JSON Web Key Set of the token signing keys (RFC 7517 §5)', ...connectOperation(CONNECT_PATHS.jwks) },
    handler: async (_request, reply) =>
      reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE}`).type('application/json').send(auth.keys.jwks()),
  });
}
