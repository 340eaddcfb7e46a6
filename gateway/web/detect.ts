/**
 * `POST /formats/detect`: which installed source format a file is, from its first bytes, as the command line
 * decides it (each reader's `detect`, in registry order: built-ins first, then customer plugins). The web page
 * sends each dropped file's first {@link DETECT_HEAD_BYTES} bytes here and picks the conversion routes from the
 * answer. Anonymous: it reads at most {@link DETECT_BODY_LIMIT} bytes and converts nothing.
 */
import type { FastifyInstance } from 'fastify';
import { GatewayError } from '../../core/errors.js';
import type { FormatRegistry } from '../../core/registry/format-registry.js';
import { schemaRef } from '../openapi/components.js';
import { ANONYMOUS } from '../openapi/operations.js';

/** How many leading bytes the readers' `detect` sees (as the command line reads them). */
export const DETECT_HEAD_BYTES = 8192;
/** Largest accepted body (bytes); larger answers 413. The page sends only the head. */
export const DETECT_BODY_LIMIT = 64 * 1024;

/** The answer: the source format's id and name, and how its conversion routes take the input. */
export interface DetectedSource {
  source: string;
  name: string;
  /** Multipart form field of the source's routes (`gaebFile` …); absent for JSON sources. */
  inputField?: string;
  /** Name of the JSON request body of the source's routes (`avaProject`); absent for file sources. */
  bodyParameter?: string;
}

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: schemaRef('ProblemDetails') } } });

/**
 * Registers the route in its own encapsulation context (its `application/octet-stream` parser applies to it only).
 * @throws nothing at run time: an empty or unrecognised body answers 400 GW_ERR_INPUT naming the sources
 */
export async function registerDetectRoute(app: FastifyInstance, registry: FormatRegistry): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: DETECT_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post('/formats/detect', {
      bodyLimit: DETECT_BODY_LIMIT,
      schema: {
        operationId: 'Formats_DetectSource',
        tags: ['Formats'],
        summary: 'Names the source format of a file from its content',
        description: `The body is the file's first bytes (${DETECT_HEAD_BYTES} are looked at; at most ${DETECT_BODY_LIMIT} are accepted). `
          + 'The answer names the source format id to use in `/conversion/<source>/<target>`.',
        consumes: ['application/octet-stream'],
        body: { type: 'string', format: 'binary' },
        response: {
          200: {
            description: 'The recognised source format',
            type: 'object',
            required: ['source', 'name'],
            properties: {
              source: { type: 'string', description: 'Format id, the `<source>` of the conversion routes' },
              name: { type: 'string', description: 'Display name of the format' },
              inputField: { type: 'string', description: 'Multipart form field of the routes (file sources)' },
              bodyParameter: { type: 'string', description: 'Name of the JSON body of the routes (JSON sources)' },
            },
          },
          400: problem('The body is empty, or no installed format recognises it; `errors.file` names the sources.'),
          413: problem('The body is larger than the limit.'),
          415: problem('The body is not `application/octet-stream`.'),
        },
        security: ANONYMOUS,
      },
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      handler: async (request): Promise<DetectedSource> => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new GatewayError('GW_ERR_INPUT', "Send the file's first bytes as application/octet-stream.", 'file');
        }
        const head = body.subarray(0, DETECT_HEAD_BYTES);
        const source = registry.plugins.find((p) => p.reader?.detect?.(head));
        if (!source) {
          const sources = registry.plugins.filter((p) => p.reader).map((p) => p.id).join(', ');
          throw new GatewayError('GW_ERR_INPUT', `The format was not recognised from the content (the sources are ${sources}).`, 'file');
        }
        return {
          source: source.id,
          name: source.name,
          ...(source.inputField !== undefined && { inputField: source.inputField }),
          ...(source.bodyParameter !== undefined && { bodyParameter: source.bodyParameter }),
        };
      },
    });
  });
}
