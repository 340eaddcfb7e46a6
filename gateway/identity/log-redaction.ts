/**
 * Request log lines of the pages a mailed link opens (`GET /identity/password-reset?token=…`,
 * `GET /identity/confirm-email?token=…`) without the link's token: fastify logs the URL of every request
 * ("incoming request"), and a reset token read from a log sets the account's password (OWASP Logging Cheat Sheet,
 * "Data to exclude": access tokens, session identifiers; OWASP Forgot Password Cheat Sheet, "URL tokens"). The
 * route option `logSerializers` replaces fastify's `req` serializer (same fields: method, url, host, remote
 * address and port) for those routes only.
 */
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';

/** `url` with the value of every `token` query parameter replaced by `[redacted]`. */
export function redactTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Route options of a page whose URL carries a link token. */
export const TOKEN_URL_LOGGING: Pick<RouteShorthandOptions, 'logSerializers'> = {
  logSerializers: {
    req: (req: FastifyRequest) => ({
      method: req.method, url: redactTokens(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
    }),
  },
};
