/** `GET /status` (operation Status_GetStatus): `{ isHealthy, version, environment }` (Dangl-IT/avacloud-client-python, avacloud_client_python/api/status_api.py). */
import type { FastifyInstance } from 'fastify';
import { PACKAGE } from '../core/package-info.js';
import { ANONYMOUS } from './openapi/operations.js';

export function registerStatusRoute(app: FastifyInstance, environment: string): void {
  app.get('/status', {
    schema: {
      operationId: 'Status_GetStatus',
      tags: ['Status'],
      summary: 'Reports the health status of the service',
      security: ANONYMOUS,
      response: {
        200: {
          type: 'object',
          properties: { isHealthy: { type: 'boolean' }, version: { type: 'string' }, environment: { type: 'string' } },
        },
      },
    },
    handler: async () => ({ isHealthy: true, version: PACKAGE.version, environment }),
  });
}
