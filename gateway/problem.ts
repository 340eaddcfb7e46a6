/**
 * Error rendering. Conversion and request failures answer with the replaced service's body shape
 * `{"errors": {"<key>": ["message"]}}` as `application/problem+json` (RFC 9457 members `title` and `status`
 * are added); a 5xx never shows internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES, GatewayError } from '../core/errors.js';

export const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

export function sendProblem(reply: FastifyReply, status: number, title: string, errors: Record<string, string[]>) {
  return reply.code(status).type(PROBLEM_JSON).send({ title, status, errors });
}

/** fastify and @fastify/multipart error codes that are the client's fault, with the message we show. */
const CLIENT_ERRORS: Record<string, { status: number; key: string; message: string }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, key: 'file', message: 'The uploaded file is larger than the configured limit' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'body', message: 'The request body is larger than the configured limit' },
  FST_FILES_LIMIT: { status: 413, key: 'file', message: 'Too many files: send exactly one file' },
  FST_PARTS_LIMIT: { status: 413, key: 'body', message: 'Too many multipart parts' },
  FST_FIELDS_LIMIT: { status: 413, key: 'body', message: 'Too many multipart fields' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'body', message: 'Unsupported content type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'body', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'body', message: 'The body is not valid JSON' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, key: 'body', message: 'Expected a multipart/form-data request' },
  FST_MP_PREMATURE_CLOSE: { status: 400, key: 'body', message: 'The request ended before the multipart data was complete' },
  FST_PROTO_VIOLATION: { status: 400, key: 'body', message: 'A multipart field name is not allowed' },
};

/** Installs the error and not-found handlers on an app. */
export function installProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | GatewayError, request, reply) => {
    if (error instanceof GatewayError) {
      if (!error.expose) request.log.error({ err: error }, 'gateway error');
      const status = error.expose ? error.statusCode : 500;
      const errors = error.expose ? error.errors : { server: ['Internal server error'] };
      return sendProblem(reply, status, ERROR_CODES[error.code].title, errors);
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendProblem(reply, known.status, known.message, { [known.key]: [`${known.message}.`] });
    if ((error as FastifyError).validation) return sendProblem(reply, 400, 'Invalid request', { request: [error.message] });
    const status = (error as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendProblem(reply, status, 'Invalid request', { request: [error.message] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'Internal server error', { server: ['Internal server error'] });
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, 404, 'Not found', { route: [`No route ${request.method} ${request.url.split('?')[0]}`] }),
  );
}
