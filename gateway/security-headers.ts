/**
 * `X-Content-Type-Options: nosniff` on every answer of the gateway (JSON, problem details, files, 404s, CORS
 * preflights, pages): a browser then never reads an answer as another media type than the one it declares — a
 * converted file or an echoed value taken for HTML or script (WHATWG Fetch §3.5, "X-Content-Type-Options";
 * OWASP HTTP Headers Cheat Sheet). The sign-in and web pages add their own policies (connect/pages/html.ts).
 */
import type { FastifyInstance } from 'fastify';

/** Sets the header in an `onRequest` hook, so that answers made before any route (404, 413, 415) carry it too. */
export function installNoSniff(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
}
