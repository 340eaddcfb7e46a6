/**
 * `buildApp`: one fastify instance over one DI container. Tests call it with their own container and use
 * `app.inject`; `server.ts` calls it and listens.
 */
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import type { GatewayConfig } from '../config/defaults.js';
import { GATEWAY_CONFIG } from '../core/di/tokens.js';
import { PACKAGE } from '../core/package-info.js';
import { ConversionService } from '../core/pipeline/convert.js';
import { FormatRegistry } from '../core/registry/format-registry.js';
import { registerConversionRoutes } from './conversion/routes.js';
import { installProblemHandlers } from './problem.js';
import { registerStatusRoute } from './status.js';

export interface BuildAppOptions {
  container: DependencyContainer;
  /** fastify logger setting; defaults to the configured level (tests pass false). */
  logger?: boolean | object;
}

const JSON_TYPES = /^(text\/json|application\/json-patch\+json|application\/[\w.-]+\+json)(;|$)/;

export async function buildApp({ container, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const config = container.resolve<GatewayConfig>(GATEWAY_CONFIG);
  const registry = container.resolve(FormatRegistry);
  const service = container.resolve(ConversionService);
  const app = Fastify({
    logger: logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel }),
    bodyLimit: config.limits.uploadBytes,
  });
  installProblemHandlers(app);
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string', bodyLimit: config.limits.uploadBytes }, app.getDefaultJsonParser('error', 'ignore'));
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: config.limits.uploadBytes, files: 1, fields: 20, parts: 25 },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'ava-gateway', version: PACKAGE.version, description: 'Conversion of construction tender data (GAEB, ÖNORM, SIA, REB, Excel) through the AVA project model.' },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/swagger' });
  app.get('/swagger/v1/swagger.json', { schema: { hide: true } }, async () => app.swagger());
  registerStatusRoute(app, config.environment);
  registerConversionRoutes(app, service, registry.routes);
  await app.ready();
  return app;
}
