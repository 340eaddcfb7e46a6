/**
 * The `/connect/*` endpoints of the token service (seeds/000) and the anonymous discovery and JWKS documents.
 * Discovery lists only endpoints whose routes exist, so an endpoint registered here (or by a later issue) shows
 * up there by itself.
 */
import type { FastifyInstance } from 'fastify';
import type { GrantRegistry } from '../../core/auth/grant-registry.js';
import type { AuthServices } from '../../core/auth/services.js';
import { registerDeviceAuthorizationEndpoint } from './device-authorization.js';
import { registerDiscoveryEndpoint } from './discovery.js';
import { registerIntrospectionEndpoint } from './introspect.js';
import { registerJwksEndpoint } from './jwks.js';
import { registerRevocationEndpoint } from './revocation.js';
import { registerTokenEndpoint } from './token.js';
import { registerUserInfoEndpoint } from './userinfo.js';

export function registerConnectRoutes(app: FastifyInstance, auth: AuthServices, grants: GrantRegistry): void {
  registerDiscoveryEndpoint(app, auth, grants);
  registerJwksEndpoint(app, auth);
  registerTokenEndpoint(app, auth, grants);
  registerDeviceAuthorizationEndpoint(app, auth);
  registerIntrospectionEndpoint(app, auth);
  registerRevocationEndpoint(app, auth);
  registerUserInfoEndpoint(app, auth);
}
