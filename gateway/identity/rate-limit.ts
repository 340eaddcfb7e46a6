/**
 * Rate limits of the account endpoints, per remote address (`request.ip`; IPv6 grouped by /64), with the gateway's
 * `rateLimits` settings (`perAddress` requests per `windowSeconds`, one counter per endpoint; Redis-backed with
 * `redisUrl`, as for `/connect`, gateway/connect/rate-limit.ts, which registers `@fastify/rate-limit`). Every POST
 * of `/identity/*` is limited: sign-in and token login against password guessing from one address (the password
 * lockout also counts per user name), registration against mass sign-ups, password-forgotten against mail
 * flooding. Over the limit: 429 with `Retry-After` in the endpoint's own shape (`TokenResponseGet` or problem
 * details). When the counter store fails, the request goes through (logged), as at `/connect`.
 *
 * The account mails (reset link, "address taken" notice) are counted per account as well: at most
 * {@link MAILS_PER_ACCOUNT_PER_HOUR} an hour, whatever the number of addresses asking, so the endpoints cannot be
 * used to flood someone's mailbox (OWASP Forgot Password Cheat Sheet: protect against "flooding"). A request over
 * that count gets the same answer; only its mail is left out.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { GatewayConfig } from '../../config/defaults.js';
import { IDENTITY_PATHS, sendApiError } from './context.js';
import { tokenError } from './token-response.js';

const LIMITED = new Set<string>([IDENTITY_PATHS.login, IDENTITY_PATHS.tokenLogin, IDENTITY_PATHS.tokenRefresh, IDENTITY_PATHS.register, IDENTITY_PATHS.passwordForgotten, IDENTITY_PATHS.passwordReset]);
const TOKEN_PATHS = new Set<string>([IDENTITY_PATHS.tokenLogin, IDENTITY_PATHS.tokenRefresh]);

/** Adds the per-address limit to the POST routes of `/identity/*` registered afterwards in `scope`. */
export function installIdentityRateLimits(scope: FastifyInstance, config: GatewayConfig): void {
  const { enabled, windowSeconds, perAddress } = config.rateLimits;
  if (!enabled || typeof scope.createRateLimit !== 'function') return;
  const timeWindow = windowSeconds * 1000;
  scope.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!LIMITED.has(route.url) || !methods.includes('POST')) return;
    const path = route.url;
    const limiter = scope.createRateLimit({ max: perAddress, timeWindow, keyGenerator: (request) => `${path}|address|${normalizeIP(request.ip)}` });
    const hook = async (request: Parameters<typeof limiter>[0], reply: import('fastify').FastifyReply) => {
      const result = await limiter(request).catch((err: unknown) => void request.log.error({ err }, 'rate limit store unavailable; request not counted'));
      if (!result || result.isAllowed || !result.isExceeded) return;
      const seconds = String(Math.max(1, result.ttlInSeconds));
      reply.header('retry-after', seconds);
      const message = `too many requests from this address to this endpoint; retry after ${seconds} seconds`;
      if (TOKEN_PATHS.has(path)) return reply.code(429).header('cache-control', 'no-store').type('application/json').send(tokenError(429, 'temporarily_unavailable', message));
      return sendApiError(reply, { request: [message] }, 429);
    };
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...existing, hook];
  });
}

/** Account mails one account may be sent per hour (fixed window from its first mail). */
export const MAILS_PER_ACCOUNT_PER_HOUR = 5;

/** Counts one more account mail to the account `subject`: whether it may be sent (always true with rate limits off). */
export type MailQuota = (request: FastifyRequest, subject: string) => Promise<boolean>;

/** The mail quota of the app (counter store as the other rate limits: memory, or Redis with `redisUrl`). */
export function createMailQuota(scope: FastifyInstance, config: GatewayConfig): MailQuota {
  if (!config.rateLimits.enabled || typeof scope.createRateLimit !== 'function') return async () => true;
  const limiter = scope.createRateLimit({
    max: MAILS_PER_ACCOUNT_PER_HOUR, timeWindow: 3_600_000, keyGenerator: (request) => `mail|account|${(request as MailRequest).mailSubject}`,
  });
  return async (request, subject) => {
    const counted: MailRequest = Object.create(request, { mailSubject: { value: subject } });
    const result = await limiter(counted).catch((err: unknown) => void request.log.error({ err }, 'rate limit store unavailable; mail not counted'));
    return !result || result.isAllowed || !result.isExceeded;
  };
}

type MailRequest = FastifyRequest & { mailSubject: string };
