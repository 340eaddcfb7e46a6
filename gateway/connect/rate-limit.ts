/**
 * Rate limits of the `/connect` endpoints that take credentials or tokens from unauthenticated callers: token,
 * device authorization, introspection and revocation (RFC 6749 §10.10 and §4.3.2 ask the server to resist
 * guessing and brute force; RFC 7662 §4 names throttling of the introspection endpoint). Settings:
 * `rateLimits` = `{ enabled, windowSeconds, perClient, perAddress }`.
 *
 * Rules:
 * - Two fixed-window counters per endpoint (`@fastify/rate-limit`, `createRateLimit`), each endpoint counted on
 *   its own: per remote address (`request.ip`, so `trustProxy` decides whether `X-Forwarded-For` counts; IPv6
 *   grouped by /64 with the plugin's `normalizeIP`), checked in `onRequest` before the body is read; and per
 *   client, checked in `preValidation` once the body is there. The client is the one the request claims (Basic
 *   user name, else the form's `client_id`), before any authentication: so failed secrets count too. A claimed
 *   id that names no configured client or API resource, or none at all, counts in one shared bucket per endpoint,
 *   so made-up ids neither create keys nor tell which ids exist.
 * - Over a limit: 429 (RFC 6585 §4) with `Retry-After` in seconds (RFC 9110 §10.2.3) and the endpoints' own
 *   error shape, the OAuth JSON error (RFC 6749 §5.2) with `Cache-Control: no-store`:
 *   `{"error": "temporarily_unavailable", "error_description": "…; retry after N seconds"}`. RFC 6749 defines no
 *   code for this; `temporarily_unavailable` is its code for "try again later" (§4.1.2.1, in the IANA OAuth
 *   Extensions Error registry) and what this gateway already answers, with 503, when its store is down.
 *   `slow_down` (RFC 8628 §3.5) is not used: it is a 400 for device polling only and tells a device client to
 *   add 5 s to its interval. Duende IdentityServer and node-oidc-provider have no rate limiting of their own
 *   (Duende's deployment guide points to ASP.NET Core's rate limiting middleware, whose rejection answer the
 *   application chooses), so there is no answer of theirs for existing clients to expect.
 * - With `redisUrl`, the counts live in Redis under `redisKeyPrefix` (`./rate-limit-store.ts`), shared by every
 *   instance. When the counter store fails, the request goes through (logged): an outage of the counters must
 *   not stop token issuance; the password lockout, which guards user passwords, fails closed instead.
 * - The login form (`POST /connect/login`) is limited per remote address only, with the same settings (it names no
 *   client; the password lockout counts per user name), and answers with an error page (429, `Retry-After`). So is
 *   the device flow's verification page (`auth.deviceFlow.verificationPath`): `GET` with a `user_code` and the
 *   form `POST` count in one bucket per address, so that user codes cannot be guessed there (RFC 8628 §5.1);
 *   the entry form without a code does not count ({@link pageRateLimits}).
 * - Only these routes are limited (`global: false`); with `enabled: false` the plugin is not registered.
 */
import rateLimit, { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { GatewayConfig } from '../../config/defaults.js';
import { parseBasic } from '../../core/auth/client-auth.js';
import type { AuthServices } from '../../core/auth/services.js';
import { connectClient, throttledConsoleError } from '../../core/stores/redis-grant-store.js';
import { CONNECT_PATHS } from './discovery.js';
import { Form } from './form.js';
import { redisRateLimitStore } from './rate-limit-store.js';
import { LOGIN_PATH } from './interaction.js';
import { sendPage } from './pages/html.js';
import { pickLocale, text } from './pages/texts.js';
import { errorPage } from './pages/views.js';
import { pageParams } from './page-route.js';
import { noStore } from './reply.js';

/** The limited endpoints (POST). */
export const RATE_LIMITED_PATHS: readonly string[] = [
  CONNECT_PATHS.token,
  CONNECT_PATHS.deviceAuthorization,
  CONNECT_PATHS.introspection,
  CONNECT_PATHS.par,
  CONNECT_PATHS.revocation,
];

/** A browser page limited per remote address only: the methods of its routes that count, and which requests do. */
export interface LimitedPage {
  path: string;
  methods: readonly string[];
  /** Whether a request counts; all of `methods` when absent. */
  counts?: (request: FastifyRequest) => boolean;
}

/**
 * The browser pages limited per remote address only: the login form (`POST`), and the device verification page
 * (`GET` with a `user_code`, `POST`; RFC 8628 §5.1: user codes must be protected against guessing).
 */
export function pageRateLimits(auth: AuthServices): LimitedPage[] {
  const withUserCode = (request: FastifyRequest) => request.method === 'POST' || Boolean(pageParams(request)?.get('user_code')?.trim());
  return [
    { path: LOGIN_PATH, methods: ['POST'] },
    { path: auth.config.deviceFlow.verificationPath, methods: ['GET', 'POST'], counts: withUserCode },
  ];
}

/** Bucket of requests whose claimed client is absent or unknown. */
const UNKNOWN_CLIENT = '?';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The client a request claims, if it is configured (a client, or an API resource at introspection); else
 * {@link UNKNOWN_CLIENT}. Malformed credentials or bodies count as unknown (the endpoint then answers 400/401).
 */
export function claimedClient(request: FastifyRequest, auth: AuthServices): string {
  let id: string | undefined;
  try {
    id = parseBasic(request.headers.authorization)?.id;
  } catch {
    return UNKNOWN_CLIENT;
  }
  if (id === undefined) {
    try {
      id = Form.of(request).get('client_id');
    } catch {
      return UNKNOWN_CLIENT;
    }
  }
  return id !== undefined && (auth.clients.client(id) || auth.clients.apiResource(id)) ? id : UNKNOWN_CLIENT;
}

/** The 429 answer. */
function tooManyRequests(reply: FastifyReply, seconds: number, what: 'client' | 'address'): FastifyReply {
  return noStore(reply).code(429).header('retry-after', String(seconds)).type('application/json').send({
    error: 'temporarily_unavailable',
    error_description: `too many requests from this ${what} to this endpoint; retry after ${seconds} seconds`,
  });
}

/** The 429 answer of a browser form: an error page. */
function tooManyPageRequests(reply: FastifyReply, seconds: number): FastifyReply {
  const locale = pickLocale(undefined, reply.request.headers['accept-language']);
  return sendPage(reply.header('retry-after', String(seconds)), errorPage(locale, text(locale, 'unavailable'), 429));
}

/** A hook that counts the request with `limiter` (when `counts` allows) and answers 429 when it is over the limit. */
function limitHook(limiter: Limiter, what: 'client' | 'address' | 'page', counts?: (request: FastifyRequest) => boolean): onRequestAsyncHookHandler {
  return async (request, reply) => {
    if (counts && !counts(request)) return;
    let result;
    try {
      result = await limiter(request);
    } catch (err) {
      request.log.error({ err }, 'rate limit store unavailable; request not counted');
      return;
    }
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      return what === 'page' ? tooManyPageRequests(reply, seconds) : tooManyRequests(reply, seconds, what);
    }
  };
}

/**
 * Registers `@fastify/rate-limit` (not global) and adds the per-address and per-client hooks to the routes of
 * {@link RATE_LIMITED_PATHS}, and the per-address hooks to the pages of {@link pageRateLimits}, registered
 * afterwards. Call before those routes; nothing happens when `rateLimits.enabled` is false.
 * @throws GrantStoreError `backend_error` when `redisUrl` is set and Redis cannot be reached within 5 s
 */
export async function installConnectRateLimits(app: FastifyInstance, config: GatewayConfig, auth: AuthServices): Promise<void> {
  const { enabled, windowSeconds, perClient, perAddress } = config.rateLimits;
  if (!enabled) return;
  const redisUrl = config.redisUrl?.trim();
  let store: FastifyRateLimitStoreCtor | undefined;
  if (redisUrl) {
    const client = await connectClient(redisUrl, 5000, false, throttledConsoleError('rate-limit'));
    app.addHook('onClose', async () => {
      await client.close().catch(() => client.destroy());
    });
    store = redisRateLimitStore(client, config.redisKeyPrefix);
  }
  const timeWindow = windowSeconds * 1000;
  await app.register(rateLimit, { global: false, timeWindow, ...(store && { store }) });
  const hooks = new Map(RATE_LIMITED_PATHS.map((path) => [path, {
    address: limitHook(app.createRateLimit({ max: perAddress, timeWindow, keyGenerator: (request) => `${path}|address|${normalizeIP(request.ip)}` }), 'address'),
    client: limitHook(app.createRateLimit({ max: perClient, timeWindow, keyGenerator: (request) => `${path}|client|${claimedClient(request, auth)}` }), 'client'),
  }]));
  const pageHooks = new Map(pageRateLimits(auth).map(({ path, methods, counts }) => [path, {
    methods,
    hook: limitHook(app.createRateLimit({ max: perAddress, timeWindow, keyGenerator: (request) => `${path}|address|${normalizeIP(request.ip)}` }), 'page', counts),
  }]));
  app.addHook('onRoute', (route: RouteOptions) => {
    const limits = hooks.get(route.url);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const page = pageHooks.get(route.url);
    if (page && methods.some((m) => page.methods.includes(m))) route.onRequest = [...asArray(route.onRequest), page.hook];
    if (!limits || !methods.includes('POST')) return;
    route.onRequest = [...asArray(route.onRequest), limits.address];
    route.preValidation = [...asArray(route.preValidation), limits.client];
  });
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
