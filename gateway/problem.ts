/**
 * Error rendering: every failure of the gateway's own routes answers `application/problem+json` (RFC 9457) with
 *
 *   { "type": "/problems/gw-err-parse", "title": "…", "status": 400, "code": "GW_ERR_PARSE",
 *     "errors": { "<option, field or item number>": ["message"] } }
 *
 * `errors` is the replaced service's body shape (AVACloud clients read it); `code` is the catalogue code
 * (core/errors.ts); `type` is a relative URI reference (RFC 9457 §3.1.1) built from the code, the same on every
 * deployment, that the gateway itself answers with a page describing the problem type (`GET /problems/<slug>`).
 * A 5xx never shows internals. The `/connect/*` endpoints keep the OAuth error shape (RFC 6749 §5.2).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, GatewayError, codeForStatus, type ErrorCode } from '../core/errors.js';

export const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

/** Path prefix of the problem type URIs. */
export const PROBLEM_TYPE_PREFIX = '/problems/';

/** The problem `type` of a code: `GW_ERR_PARSE` → `/problems/gw-err-parse`. */
export const problemType = (code: ErrorCode) => PROBLEM_TYPE_PREFIX + code.toLowerCase().replace(/_/g, '-');

/** The body of a problem response (see the module comment); the OpenAPI component `ProblemDetails` describes it. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  errors: Record<string, string[]>;
}

/**
 * Sends a problem response.
 * @param status HTTP status
 * @param title  short summary (RFC 9457 §3.1.3)
 * @param errors key → messages
 * @param code   catalogue code; defaults to the code of the status (see `codeForStatus`)
 */
export function sendProblem(reply: FastifyReply, status: number, title: string, errors: Record<string, string[]>, code: ErrorCode = codeForStatus(status)) {
  const body: ProblemBody = { type: problemType(code), title, status, code, errors };
  return reply.code(status).type(PROBLEM_JSON).send(body);
}

/** fastify and @fastify/multipart error codes that are the client's fault, with the message we show. */
const CLIENT_ERRORS: Record<string, { status: number; key: string; message: string; code: ErrorCode }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, key: 'file', message: 'The uploaded file is larger than the configured limit', code: 'GW_ERR_TOO_LARGE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'body', message: 'The request body is larger than the configured limit', code: 'GW_ERR_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, key: 'file', message: 'Too many files: send exactly one file', code: 'GW_ERR_TOO_LARGE' },
  FST_PARTS_LIMIT: { status: 413, key: 'body', message: 'Too many multipart parts', code: 'GW_ERR_TOO_LARGE' },
  FST_FIELDS_LIMIT: { status: 413, key: 'body', message: 'Too many multipart fields', code: 'GW_ERR_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'body', message: 'Unsupported content type', code: 'GW_ERR_UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'body', message: 'The JSON body is empty', code: 'GW_ERR_INPUT' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'body', message: 'The body is not valid JSON', code: 'GW_ERR_INPUT' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, key: 'body', message: 'Expected a multipart/form-data request', code: 'GW_ERR_INPUT' },
  FST_MP_PREMATURE_CLOSE: { status: 400, key: 'body', message: 'The request ended before the multipart data was complete', code: 'GW_ERR_INPUT' },
  FST_PROTO_VIOLATION: { status: 400, key: 'body', message: 'A multipart field name is not allowed', code: 'GW_ERR_INPUT' },
};

/** Longest part of a request's Content-Type that a message repeats. */
const MEDIA_TYPE_ECHO_MAX_LENGTH = 100;

/**
 * The message of a 415 (RFC 9110 §15.5.16): the content type received and, when the route's schema lists them
 * (`consumes`, e.g. `multipart/form-data` for a file conversion), the ones it reads.
 */
function unreadMediaType(request: FastifyRequest): string {
  const received = String(request.headers['content-type'] ?? '').split(';')[0].trim().slice(0, MEDIA_TYPE_ECHO_MAX_LENGTH);
  const consumes = (request.routeOptions.schema as { consumes?: unknown } | undefined)?.consumes;
  const accepted = Array.isArray(consumes) && consumes.length ? `; send ${consumes.join(' or ')}` : '';
  return `The content type ${JSON.stringify(received)} is not read here${accepted}.`;
}

/** `POST /conversion/<source>/<target>` without a route: a pair the registry does not offer. */
const CONVERSION_PATH = /^\/conversion\/[^/]+\/[^/]+\/?$/;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** HTML page describing one problem type (RFC 9457 §3.1.1: the type URI, dereferenced, documents the type). */
function problemTypePage(code: ErrorCode): string {
  const { statusCode, title, when } = ERROR_CODES[code];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(code)}</title></head><body>`
    + `<h1>${escapeHtml(title)}</h1><p>Code <code>${code}</code>, HTTP status ${statusCode}.</p>`
    + `<p>${escapeHtml(when)}.</p><p>The <code>errors</code> member maps the option, field or item number concerned to messages.</p></body></html>`;
}

/** Installs the error and not-found handlers and the problem type pages (`GET /problems/<slug>`) on an app. */
export function installProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | GatewayError, request, reply) => {
    if (error instanceof GatewayError) {
      if (!error.expose) request.log.error({ err: error }, 'gateway error');
      const status = error.expose ? error.statusCode : 500;
      const errors = error.expose ? error.errors : { server: ['Internal server error'] };
      return sendProblem(reply, status, ERROR_CODES[error.code].title, errors, error.code);
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const detail = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? unreadMediaType(request) : `${known.message}.`;
      return sendProblem(reply, known.status, known.message, { [known.key]: [detail] }, known.code);
    }
    if ((error as FastifyError).validation) return sendProblem(reply, 400, 'Invalid request', { request: [error.message] }, 'GW_ERR_INPUT');
    const status = (error as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendProblem(reply, status, 'Invalid request', { request: [error.message] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'Internal server error', { server: ['Internal server error'] }, 'GW_ERR_INTERNAL');
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const code: ErrorCode = request.method === 'POST' && CONVERSION_PATH.test(path) ? 'GW_ERR_UNSUPPORTED_CONVERSION' : 'GW_ERR_NOT_FOUND';
    return sendProblem(reply, 404, 'Not found', { route: [`No route ${request.method} ${path}`] }, code);
  });
  const bySlug = new Map((Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => [problemType(code).slice(PROBLEM_TYPE_PREFIX.length), code]));
  app.get(`${PROBLEM_TYPE_PREFIX}:slug`, { schema: { hide: true } }, async (request, reply) => {
    const code = bySlug.get((request.params as { slug: string }).slug);
    if (!code) return sendProblem(reply, 404, 'Not found', { route: [`No problem type ${request.url.split('?')[0]}`] }, 'GW_ERR_NOT_FOUND');
    return reply.type('text/html; charset=utf-8').send(problemTypePage(code));
  });
}
