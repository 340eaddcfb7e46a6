/**
 * The component schemas of the OpenAPI document, registered as fastify shared schemas (`app.addSchema`, `$id` =
 * component name) so that route schemas reference them as `{ $ref: '<Name>#' }` (see {@link schemaRef}) and
 * @fastify/swagger emits them under `#/components/schemas/<Name>`:
 *
 * - `ProjectDto` and every DTO it reaches, from project-schemas.json, which `npm run docs:schema` generates from
 *   core/model/types.ts (gateway/docs/project-schemas.ts; a test fails when the file is stale);
 * - `ProblemDetails`, the body of every problem response (gateway/problem.ts; RFC 9457 §3);
 * - `OAuthError`, the error body of the token service (RFC 6749 §5.2, RFC 6750 §3);
 * - `TokenResponseGet`, the answer of `/identity/token-login` and `/identity/token-refresh` (gateway/identity/token-response.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../core/errors.js';
import projectSchemas from './project-schemas.json' with { type: 'json' };
import { TOKEN_RESPONSE_GET_SCHEMA } from '../identity/token-response.js';

const COMPONENT_PREFIX = '#/components/schemas/';

/** The generated model schemas (component name → OpenAPI 3.0 schema with `#/components/schemas/…` references). */
export const PROJECT_SCHEMAS: Readonly<Record<string, object>> = projectSchemas;

/** `ProblemDetails`: RFC 9457 members `type`, `title`, `status`, the catalogue `code` and AVACloud's `errors`. */
export const PROBLEM_DETAILS_SCHEMA = {
  type: 'object',
  description: 'A failure (RFC 9457 problem details, `application/problem+json`). `errors` keeps the shape of AVACloud 1.27 error bodies.',
  required: ['type', 'title', 'status', 'code', 'errors'],
  properties: {
    type: {
      type: 'string',
      format: 'uri-reference',
      description: 'The problem type (RFC 9457 §3.1.1): `/problems/<code in lower case, dashes>`, e.g. `/problems/gw-err-parse`; the gateway answers it with a page describing the type.',
    },
    title: { type: 'string', description: 'Short summary of the problem type (RFC 9457 §3.1.3).' },
    status: { type: 'integer', description: 'The HTTP status code of the response (RFC 9457 §3.1.2).' },
    code: {
      type: 'string',
      description: `The gateway's error code: ${Object.keys(ERROR_CODES).join(', ')} (see the README's error table).`,
    },
    errors: {
      type: 'object',
      description: 'The option name, form field, JSON path or item number concerned → messages.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
} as const;

/**
 * `OAuthError`: `{error, error_description}` of the `/connect/*` endpoints. Open to further members (fastify
 * serializes the responses with this schema, which must not drop any).
 */
export const OAUTH_ERROR_SCHEMA = {
  type: 'object',
  description: 'An OAuth 2.0 error (RFC 6749 §5.2; RFC 6750 §3.1 for bearer tokens, where a request without a token gets no `error`).',
  properties: {
    error: { type: 'string', description: 'The RFC error code: invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, invalid_token, authorization_pending, slow_down, expired_token, access_denied, temporarily_unavailable, server_error …' },
    error_description: { type: 'string', description: 'Human-readable ASCII text naming the problem.' },
    error_uri: { type: 'string', format: 'uri' },
  },
  additionalProperties: true,
} as const;

export type ComponentName = keyof typeof projectSchemas | 'ProblemDetails' | 'OAuthError' | 'TokenResponseGet';

/** A reference to a component schema, in the form fastify resolves (shared schema id) and @fastify/swagger rewrites. */
export const schemaRef = (name: ComponentName) => ({ $ref: `${name}#` });

/** `#/components/schemas/X` → `X#` in a schema tree (document references → fastify shared schema ids). */
function toSharedRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toSharedRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) =>
    [k, k === '$ref' && typeof v === 'string' && v.startsWith(COMPONENT_PREFIX) ? `${v.slice(COMPONENT_PREFIX.length)}#` : toSharedRefs(v)]));
}

/** Adds every component schema to the app (call before the routes that reference them are registered). */
export function addComponentSchemas(app: FastifyInstance): void {
  for (const [name, schema] of Object.entries(PROJECT_SCHEMAS)) app.addSchema({ $id: name, ...(toSharedRefs(schema) as object) });
  app.addSchema({ $id: 'ProblemDetails', ...PROBLEM_DETAILS_SCHEMA });
  app.addSchema({ $id: 'OAuthError', ...OAUTH_ERROR_SCHEMA });
  app.addSchema({ $id: 'TokenResponseGet', ...TOKEN_RESPONSE_GET_SCHEMA });
}

/**
 * @fastify/swagger's name for a shared schema: its `$id` (so `ProjectDto#` becomes `#/components/schemas/ProjectDto`),
 * `def-<i>` for anonymous nested ones (the plugin's default).
 */
export const componentRefResolver = {
  buildLocalReference: (json: { $id?: unknown }, _baseUri: unknown, _fragment: string, i: number) =>
    typeof json.$id === 'string' ? json.$id : `def-${i}`,
};
