/**
 * Handlers of the browser pages: parameters from the query (`GET`) or a form body (`POST`), and failures
 * rendered as error pages, never as JSON or a stack trace: a store outage answers 503 "temporarily unavailable",
 * anything else 500 (logged).
 */
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { GrantStoreError } from '../../core/stores/grant-store.js';
import { sendPage } from './pages/html.js';
import { pickLocale, text } from './pages/texts.js';
import { errorPage } from './pages/views.js';

/** The parameters of a page request: the query of a `GET`, the form body of a `POST` (undefined: not form-encoded). */
export function pageParams(request: FastifyRequest): URLSearchParams | undefined {
  if (request.method === 'GET') return new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
  const type = String(request.headers['content-type'] ?? '');
  if (!/^application\/x-www-form-urlencoded\b/i.test(type) || typeof request.body !== 'string') return undefined;
  return new URLSearchParams(request.body);
}

/** Wraps a page handler: a body that is not form-encoded is a 400 page; failures become error pages. */
export function pageRoute(handler: (request: FastifyRequest, reply: FastifyReply, params: URLSearchParams) => Promise<FastifyReply>): RouteHandlerMethod {
  return async (request, reply) => {
    const locale = pickLocale(undefined, request.headers['accept-language']);
    const params = pageParams(request);
    if (!params) return sendPage(reply, errorPage(locale, 'the request body must be application/x-www-form-urlencoded'));
    try {
      return await handler(request, reply, params);
    } catch (err) {
      const pageLocale = pickLocale(params.get('ui_locales') ?? undefined, request.headers['accept-language']);
      if (err instanceof GrantStoreError && err.code === 'backend_error') {
        request.log.error({ err }, 'session or grant store unavailable');
        return sendPage(reply.header('retry-after', '5'), errorPage(pageLocale, text(pageLocale, 'unavailable'), 503));
      }
      request.log.error({ err }, 'browser page error');
      return sendPage(reply, errorPage(pageLocale, undefined, 500));
    }
  };
}
