/**
 * The OpenAPI/fastify schema of one generated conversion route: operation id, flat query schema (every option
 * of the route: its groups' options and its plugins' own, `ConversionRoute.options`), request body (multipart file field or JSON project), responses and their headers. The
 * project body and `ava` responses reference the `ProjectDto` component, every failure `ProblemDetails`
 * (gateway/openapi/components.ts).
 */
import { querySchema } from '../../core/options/resolve.js';
import type { ConversionRoute } from '../../core/registry/format-registry.js';
import type { ConversionGuard } from '../connect/bearer.js';
import { schemaRef } from '../openapi/components.js';
import { ANONYMOUS } from '../openapi/operations.js';
import { MESSAGE_TEXT_MAX_LENGTH, MESSAGES_SUMMARY_HEADER, MESSAGES_SUMMARY_MAX_LENGTH } from './messages-summary.js';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: schemaRef('ProblemDetails') } },
});

/** Response headers (@fastify/swagger form: header name → schema with its description). */
const messageHeaders = {
  'X-Conversion-Messages': {
    type: 'integer',
    minimum: 0,
    description: 'The number of things the conversion dropped, shortened or repaired.',
  },
  [MESSAGES_SUMMARY_HEADER]: {
    type: 'string',
    pattern: '^[A-Za-z0-9_-]*$',
    description: 'Present when there are messages: base64url (RFC 4648 §5, no padding) of the UTF-8 JSON '
      + '`{"count": <all messages>, "messages": [{"code", "severity", "message", "itemNumber"?}]}`, as many messages '
      + `(in order, texts cut to ${MESSAGE_TEXT_MAX_LENGTH} characters) as fit in ${MESSAGES_SUMMARY_MAX_LENGTH} characters.`,
  },
};

export function routeSchema(route: ConversionRoute, security: ConversionGuard['security']) {
  const { source, target } = route;
  const body = source.bodyParameter
    ? schemaRef('ProjectDto')
    : {
        type: 'object',
        required: [source.inputField],
        properties: { [source.inputField!]: { type: 'string', format: 'binary', description: `The ${source.name} file` } },
      };
  const output = target.writer?.output;
  const okContent = output
    ? { [output.mediaType]: { schema: output.schema ? schemaRef(output.schema) : {} } }
    : { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };
  return {
    operationId: route.operationId,
    tags: [`${source.name} conversion`],
    summary: `Converts ${source.name} to ${target.name}`,
    consumes: source.bodyParameter ? ['application/json', 'text/json', 'application/*+json'] : ['multipart/form-data'],
    querystring: querySchema(route.options),
    body,
    response: {
      200: { description: 'The converted result', headers: messageHeaders, content: okContent },
      400: problem('The request or the conversion failed; `errors` maps the option, field or item number to messages.'),
      ...(security.length > 0 && { 401: problem('No valid bearer access token (RFC 6750 §3.1).') }),
      403: problem(security.length > 0 ? 'The token lacks the required scope, or a format is not enabled for its tenant.' : 'A format is not enabled for the tenant.'),
      413: problem('The upload is larger than the configured limit.'),
      415: problem('The request body has a content type this route does not read.'),
      503: problem('The conversion queue is full (`pool.maxQueue`); retry after `Retry-After` seconds.'),
      504: problem('The conversion ran longer than `pool.timeoutSeconds` and was stopped.'),
      default: problem('Any other failure (5xx: no internals are shown).'),
    },
    security: security.length > 0 ? security : ANONYMOUS,
  };
}
