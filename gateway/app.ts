/**
 * `buildApp`: one fastify instance over one DI container. Tests call it with their own container and use
 * `app.inject`; `server.ts` calls it and listens.
 */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import type { GatewayConfig } from '../config/defaults.js';
import { configWarnings } from '../config/production.js';
import type { AuthServices } from '../core/auth/services.js';
import { GrantRegistry } from '../core/auth/grant-registry.js';
import { AUTH_SERVICES, GATEWAY_CONFIG } from '../core/di/tokens.js';
import { FormatRegistry } from '../core/registry/format-registry.js';
import { installConversionGuard, openApiSecuritySchemes } from './connect/bearer.js';
import { registerConnectRoutes } from './connect/index.js';
import { registerIdentityRoutes } from './identity/index.js';
import { installJsonBodyParser } from './conversion/input.js';
import { registerConversionRoutes } from './conversion/routes.js';
import { registerSlotRoutes } from './conversion/slot-routes.js';
import { installCors } from './cors.js';
import { installMetrics } from './metrics.js';
import { registerOpenApiDocument } from './openapi/document.js';
import { ConversionPool } from './pool/conversion-pool.js';
import { installProblemHandlers } from './problem.js';
import { installNoSniff } from './security-headers.js';
import { installRequestIdHeader, REQUEST_ID_OPTIONS } from './request-id.js';
import { installDrainHooks, SHUTDOWN_SERVER_OPTIONS } from './shutdown.js';
import { registerStatusRoute } from './status.js';
import { registerWebPage } from './web/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pool the conversion routes run in (queue length, running conversions: for metrics). */
    conversionPool: ConversionPool;
  }
}

export interface BuildAppOptions {
  container: DependencyContainer;
  /** fastify logger setting; defaults to the configured level (tests pass false). */
  logger?: boolean | object;
  /**
   * The conversion pool to use; the caller keeps it and closes it. Without one, the app creates its own from
   * `config.pool` (workers start with the first conversion) and closes it when the app closes.
   */
  pool?: ConversionPool;
  /** Folder relative customer plugin specifiers are resolved against in the pool's workers (default: cwd). */
  pluginBaseDir?: string;
}

export async function buildApp({ container, logger, pool: givenPool, pluginBaseDir }: BuildAppOptions): Promise<FastifyInstance> {
  const config = container.resolve<GatewayConfig>(GATEWAY_CONFIG);
  const registry = container.resolve(FormatRegistry);
  const auth = container.resolve<AuthServices>(AUTH_SERVICES);
  const grants = container.resolve(GrantRegistry);
  const app = Fastify({
    logger: logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel }),
    bodyLimit: config.limits.uploadBytes,
    // Node's server.requestTimeout takes effect only when given to http.createServer (fastify sets the property
    // afterwards, which a body trickling in after its headers outlives); checked every connectionsCheckingInterval
    // ms (Node's default 30 s), often enough for a short limit too.
    requestTimeout: config.limits.requestSeconds * 1000,
    http: {
      requestTimeout: config.limits.requestSeconds * 1000,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, (config.limits.requestSeconds * 1000) / 4)),
    },
    // X-Forwarded-* for request.ip/protocol/host (logs, rate limits); the issuer never depends on it.
    trustProxy: config.trustProxy,
    ...REQUEST_ID_OPTIONS,
    ...SHUTDOWN_SERVER_OPTIONS,
  });
  installRequestIdHeader(app);
  installNoSniff(app);
  installDrainHooks(app);
  installProblemHandlers(app);
  installMetrics(app, config.metrics);
  await installCors(app, config.cors);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  installJsonBodyParser(app, config.limits.uploadBytes);
  const pool = givenPool ?? (await ConversionPool.create(config, { pluginBaseDir, container }));
  app.decorate('conversionPool', pool);
  if (!givenPool) app.addHook('onClose', async () => pool.close());
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: config.limits.uploadBytes, files: 1, fields: 20, parts: 25 },
  });
  await registerOpenApiDocument(app, config, openApiSecuritySchemes(auth));
  registerStatusRoute(app, config.environment);
  await registerConnectRoutes(app, auth, grants, config, (scope, ctx) => registerIdentityRoutes(scope, ctx, grants, config));
  registerConversionRoutes(app, pool, registry.routes, installConversionGuard(app, auth));
  registerSlotRoutes(app, registry.plugins);
  await registerWebPage(app, config, registry);
  if (auth.keys.usesDevelopmentKeys) {
    app.log.warn(`token signing uses development keys from ${config.auth.keys.developmentKeyDir}; production refuses them: configure auth.keys.signing`);
  }
  for (const warning of configWarnings(config)) app.log.warn(warning);
  app.addHook('onClose', async () => auth.close());
  await app.ready();
  return app;
}
