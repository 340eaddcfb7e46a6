/**
 * The OpenAPI/fastify schema of one generated conversion route: operation id, flat query schema (the union of
 * its option groups), request body (multipart file field or JSON project) and responses.
 */
import { querySchema } from '../../core/options/resolve.js';
import type { ConversionRoute } from '../../core/registry/format-registry.js';
import { PROJECT_MEDIA_TYPE } from '../../plugins/ava/index.js';
import type { ConversionGuard } from '../connect/bearer.js';

const problemResponse = {
  description: 'The request or the conversion failed; `errors` maps the option, field or item number to messages.',
  content: {
    'application/problem+json': {
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          status: { type: 'integer' },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
  },
};

export function routeSchema(route: ConversionRoute, security: ConversionGuard['security']) {
  const { source, target } = route;
  const body = source.bodyParameter
    ? { type: 'object', description: `${source.bodyParameter}: the project as ProjectDto JSON`, additionalProperties: true }
    : {
        type: 'object',
        required: [source.inputField],
        properties: { [source.inputField!]: { type: 'string', format: 'binary', description: `The ${source.name} file` } },
      };
  const okContent = target.id === 'ava'
    ? { [PROJECT_MEDIA_TYPE]: { schema: { type: 'object', description: 'ProjectDto' } } }
    : { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };
  return {
    operationId: route.operationId,
    tags: [`${source.name} conversion`],
    summary: `Converts ${source.name} to ${target.name}`,
    consumes: source.bodyParameter ? ['application/json', 'text/json', 'application/*+json'] : ['multipart/form-data'],
    querystring: querySchema(route.optionGroups),
    body,
    response: {
      200: { description: 'The converted result', content: okContent },
      400: problemResponse,
      413: problemResponse,
      ...(security.length > 0 && {
        401: { ...problemResponse, description: 'No valid bearer access token (RFC 6750 §3.1).' },
        403: { ...problemResponse, description: 'The token lacks the required scope, or a format is not enabled for its tenant.' },
      }),
    },
    ...(security.length > 0 && { security }),
  };
}
