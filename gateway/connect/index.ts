/**
 * The `/connect/*` endpoints of the token service (IdentityServer4 endpoints (https://identityserver4.readthedocs.io/en/latest/endpoints/)) and the anonymous discovery and JWKS documents.
 * Discovery lists only endpoints whose routes exist, so an endpoint registered here (or by a later issue) shows
 * up there by itself. The rate limits (`./rate-limit.ts`) are installed first, so they attach to the token,
 * device authorization, introspection and revocation routes as these are registered; a user name locked by the
 * password lockout is logged as a warning. The browser side (authorize, login, consent, device page, logout) is
 * registered by `./browser.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../../config/defaults.js';
import type { GrantRegistry } from '../../core/auth/grant-registry.js';
import type { AuthServices } from '../../core/auth/services.js';
import { registerBrowserRoutes } from './browser.js';
import { registerDeviceAuthorizationEndpoint } from './device-authorization.js';
import { registerDiscoveryEndpoint } from './discovery.js';
import { registerIntrospectionEndpoint } from './introspect.js';
import { registerJwksEndpoint } from './jwks.js';
import { registerParEndpoint } from './par.js';
import { installConnectRateLimits } from './rate-limit.js';
import { registerRevocationEndpoint } from './revocation.js';
import { registerTokenEndpoint } from './token.js';
import { registerUserInfoEndpoint } from './userinfo.js';

/** @param extendBrowser registers further routes in the browser side's context (see `registerBrowserRoutes`) */
export async function registerConnectRoutes(app: FastifyInstance, auth: AuthServices, grants: GrantRegistry, config: GatewayConfig, extendBrowser?: Parameters<typeof registerBrowserRoutes>[2]): Promise<void> {
  await installConnectRateLimits(app, config, auth);
  const unsubscribe = auth.lockout.onLocked(({ userName, failures, lockedUntil }) =>
    app.log.warn({ userName, failures, lockedUntil: lockedUntil.toISOString() }, 'user name locked after repeated failed password attempts'));
  app.addHook('onClose', async () => unsubscribe());
  registerDiscoveryEndpoint(app, auth, grants);
  registerJwksEndpoint(app, auth);
  registerTokenEndpoint(app, auth, grants);
  registerDeviceAuthorizationEndpoint(app, auth);
  registerIntrospectionEndpoint(app, auth);
  registerRevocationEndpoint(app, auth);
  registerParEndpoint(app, auth);
  registerUserInfoEndpoint(app, auth);
  await registerBrowserRoutes(app, auth, extendBrowser);
}
