/**
 * The OpenAPI 3.0.3 document (`GET /swagger/v1/swagger.json`, UI at `/swagger`), built by @fastify/swagger from
 * the route schemas: component schemas from components.ts, `servers` = the issuer (the gateway's public URL,
 * core/auth/issuer.ts), the conversion scheme of the guard plus HTTP Basic client authentication and bearer
 * tokens for the token service (operations.ts). OpenAPI 3.0.3 rather than 3.1: the replaced service published
 * 3.0 and the vendor's clients and most generators were made for it.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import type { GatewayConfig } from '../../config/defaults.js';
import { issuerOf } from '../../core/auth/issuer.js';
import { PACKAGE } from '../../core/package-info.js';
import { addComponentSchemas, componentRefResolver } from './components.js';
import { ANONYMOUS, BEARER_SCHEME, CLIENT_BASIC_SCHEME } from './operations.js';

export const OPENAPI_DOCUMENT_PATH = '/swagger/v1/swagger.json';

const TOKEN_SERVICE_SCHEMES: Record<string, OpenAPIV3.SecuritySchemeObject> = {
  [CLIENT_BASIC_SCHEME]: {
    type: 'http',
    scheme: 'basic',
    description: 'Client authentication (RFC 6749 §2.3.1): client id and secret as HTTP Basic credentials (client_secret_basic), or as client_id/client_secret in the form body (client_secret_post).',
  },
  [BEARER_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token from the token endpoint (RFC 6750 §2.1).',
  },
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * One route registered for several methods shares one schema and so one `operationId`; ids must be unique
 * (OpenAPI 3.0.3 §4.7.10): every method after the first gets its name appended (`Connect_UserInfo`,
 * `Connect_UserInfoPost`).
 */
export function uniqueOperationIds(document: OpenAPIV3.Document): OpenAPIV3.Document {
  for (const item of Object.values(document.paths)) {
    if (!item) continue;
    const seen = new Set<string>();
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      if (seen.has(operation.operationId)) {
        item[method] = { ...operation, operationId: operation.operationId + method[0].toUpperCase() + method.slice(1) };
      } else {
        seen.add(operation.operationId);
      }
    }
  }
  return document;
}

/**
 * Adds the component schemas, registers @fastify/swagger and the UI, and serves the document. Call before any
 * route is registered (the plugin documents the routes added after it).
 * @param securitySchemes the conversion guard's schemes (gateway/connect/bearer.ts), undefined when conversions are anonymous
 */
export async function registerOpenApiDocument(app: FastifyInstance, config: GatewayConfig, securitySchemes: Record<string, object> | undefined): Promise<void> {
  addComponentSchemas(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'ava-gateway',
        version: PACKAGE.version,
        description: 'Conversion of construction tender data (GAEB, ÖNORM, SIA, REB, Excel) through the AVA project model.',
        license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' },
      },
      servers: [{ url: issuerOf(config) }],
      components: { securitySchemes: { ...securitySchemes, ...TOKEN_SERVICE_SCHEMES } as Record<string, OpenAPIV3.SecuritySchemeObject> },
    },
    refResolver: componentRefResolver,
    transformObject: (documentObject) => uniqueOperationIds((documentObject as { openapiObject: OpenAPIV3.Document }).openapiObject),
  });
  await app.register(swaggerUi, { routePrefix: '/swagger' });
  app.get(OPENAPI_DOCUMENT_PATH, {
    schema: { operationId: 'Swagger_GetDocument', tags: ['Documentation'], summary: 'This OpenAPI 3.0 document', security: ANONYMOUS },
    handler: async () => app.swagger(),
  });
}
