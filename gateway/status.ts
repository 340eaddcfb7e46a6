/** `GET /status` (operation Status_GetStatus): `{ isHealthy, version, environment }` (reference/avacloud-api.md §3). */
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
