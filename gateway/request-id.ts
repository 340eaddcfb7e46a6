/**
 * Request ids: each request carries one id, taken from its `X-Request-Id` header when the value is sane
 * (1–128 characters of `A-Z a-z 0-9 . _ : -`, e.g. a UUID or a proxy's id) and generated otherwise
 * (`crypto.randomUUID()`, RFC 9562 version 4). The id is echoed in the response's `X-Request-Id` header and is
 * the `requestId` field of every log line fastify writes for the request (`request.log` is a pino child logger
 * bound to it; fastify docs "Logging", `genReqId`/`requestIdLogLabel` server options).
 */
import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';

/** Request and response header carrying the id (lower case, as node presents request headers). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Field name of the id in log lines. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request from its `X-Request-Id` header value: the value itself when sane, else a new UUID.
 * A repeated header (array) counts as not sane, so one request never carries two ids.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_ID.test(header) ? header : randomUUID();
}

/**
 * fastify server options for the ids. `requestIdHeader` stays `false` because fastify would take any header value
 * unchecked; `genReqId` reads and checks the header itself. The log label is set through a `LogController`
 * (fastify 5.12: the top-level `requestIdLogLabel` option is deprecated).
 */
export const REQUEST_ID_OPTIONS = {
  requestIdHeader: false,
  logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
  genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
} as const satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'logController' | 'genReqId'>;

/**
 * Echoes the id in the `X-Request-Id` response header of every routed request (errors, 404 and CORS preflight
 * answers included). Install before any other `onRequest` hook so that early answers carry it too.
 */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
