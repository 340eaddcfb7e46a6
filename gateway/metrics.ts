/**
 * `GET /metrics` in the Prometheus text exposition format 0.0.4 (`prom-client`), when `metrics.enabled`.
 *
 * The gateway's own metrics carry the prefix `ava_gateway_` (Prometheus naming conventions: base units seconds
 * and bytes, `_total` for counters); the process metrics of `prom-client`'s `collectDefaultMetrics`
 * (`process_*`, `nodejs_*`) keep their standard names.
 *
 * | Metric | Type | Labels |
 * |---|---|---|
 * | `ava_gateway_http_request_duration_seconds` | histogram (`_count` = requests) | `method`, `route` (pattern; `unmatched` for unknown routes), `status_code` |
 * | `ava_gateway_conversions_total` | counter | `source`, `target`, `outcome` (`success`, `client_error`, `server_error`) |
 * | `ava_gateway_conversion_received_bytes_total` | counter | `source`, `target` — request `Content-Length` of successful conversions |
 * | `ava_gateway_conversion_sent_bytes_total` | counter | `source`, `target` — response bytes of successful conversions |
 * | `ava_gateway_tokens_issued_total` | counter | `grant_type` — `POST /connect/token` answered 200 |
 * | `ava_gateway_rate_limit_rejections_total` | counter | `route` — answers with status 429 |
 * | `ava_gateway_conversion_pool_queued` | gauge | — conversions waiting for a worker thread |
 * | `ava_gateway_conversion_pool_running` | gauge | — conversions running in the pool |
 *
 * Everything is read from fastify hooks (route pattern and status code), so the routes know nothing of it.
 * Each app has its own `Registry` (several apps in one process do not collide); the process metrics are collected
 * once per process into a shared registry and merged into every scrape.
 *
 * `/metrics` is anonymous unless `metrics.bearerToken` is set; then it needs `Authorization: Bearer <token>`
 * (Prometheus `authorization` scrape setting) and answers 401 otherwise.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { GatewayConfig } from '../config/defaults.js';
import { bearerToken } from './connect/bearer.js';
import { CONNECT_PATHS } from './connect/discovery.js';
import { sendProblem } from './problem.js';

/** Path of the scrape endpoint. */
export const METRICS_PATH = '/metrics';

/** Prefix of the gateway's own metric names. */
export const METRIC_PREFIX = 'ava_gateway_';

/** `route` label of requests that matched no route (one value, so unknown URLs cannot grow the label set). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * What the metrics read from the app's conversion pool (`app.conversionPool`, decorated by the pool's own module
 * when the app has one; absent, both gauges read 0). Read through an intersection type rather than a second
 * `declare module 'fastify'` of the same property, which TypeScript refuses when the types differ (TS2717).
 */
export interface PoolGauges {
  /** Conversions waiting for a thread. */
  readonly queueSize: number;
  /** Conversions running now. */
  readonly running: number;
}

const poolOf = (app: FastifyInstance): PoolGauges | undefined => (app as FastifyInstance & { conversionPool?: PoolGauges }).conversionPool;

/** Latency buckets (seconds): token requests in milliseconds up to large conversions in minutes. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

let processRegistry: Registry | undefined;

/** The process metrics, collected once per process (their event-loop and GC observers are never stopped). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** `/conversion/<source>/<target>` route patterns. */
const CONVERSION_ROUTE = /^\/conversion\/([^/]+)\/([^/]+)$/;

const outcomeOf = (status: number) => (status >= 500 ? 'server_error' : status >= 400 ? 'client_error' : 'success');

/** The grant type of a token request's urlencoded body (the raw string; see the form parser in app.ts). */
function grantTypeOf(body: unknown): string {
  return (typeof body === 'string' && new URLSearchParams(body).get('grant_type')) || 'unknown';
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time check of the scrape request's bearer token against the configured one. */
function scrapeAllowed(request: FastifyRequest, expected: Buffer | undefined): boolean {
  if (!expected) return true;
  const token = bearerToken(request.headers.authorization);
  return token !== undefined && timingSafeEqual(sha256(token), expected);
}

/** The gateway's metrics on one registry. */
function createMetrics(app: FastifyInstance) {
  const registers = [new Registry()];
  const pool = () => poolOf(app);
  return {
    registry: registers[0]!,
    http: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'HTTP requests by method, route pattern and status code: time from receipt to the end of the response (seconds).',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    conversions: new Counter({
      name: `${METRIC_PREFIX}conversions_total`,
      help: 'Answered conversion requests by source format, target format and outcome (success, client_error, server_error).',
      labelNames: ['source', 'target', 'outcome'] as const,
      registers,
    }),
    received: new Counter({
      name: `${METRIC_PREFIX}conversion_received_bytes_total`,
      help: 'Request bytes (Content-Length) of successful conversions.',
      labelNames: ['source', 'target'] as const,
      registers,
    }),
    sent: new Counter({
      name: `${METRIC_PREFIX}conversion_sent_bytes_total`,
      help: 'Response body bytes of successful conversions.',
      labelNames: ['source', 'target'] as const,
      registers,
    }),
    tokens: new Counter({
      name: `${METRIC_PREFIX}tokens_issued_total`,
      help: 'Tokens issued by the token endpoint, by grant type.',
      labelNames: ['grant_type'] as const,
      registers,
    }),
    rateLimited: new Counter({
      name: `${METRIC_PREFIX}rate_limit_rejections_total`,
      help: 'Requests answered 429 Too Many Requests, by route pattern.',
      labelNames: ['route'] as const,
      registers,
    }),
    queued: new Gauge({
      name: `${METRIC_PREFIX}conversion_pool_queued`,
      help: 'Conversions waiting for a worker thread.',
      registers,
      collect() {
        this.set(pool()?.queueSize ?? 0);
      },
    }),
    running: new Gauge({
      name: `${METRIC_PREFIX}conversion_pool_running`,
      help: 'Conversions running in the worker pool.',
      registers,
      collect() {
        this.set(pool()?.running ?? 0);
      },
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

/** Wraps a streamed response body so that its bytes are counted as they pass. */
function countStream(source: Readable, count: (bytes: number) => void): Transform {
  const counter = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      count(typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length);
      done(null, chunk);
    },
  });
  // Errors and early ends travel both ways; fastify handles an error of the returned stream.
  return pipeline(source, counter, () => {});
}

function conversionOf(request: FastifyRequest): { source: string; target: string } | undefined {
  if (request.method !== 'POST') return undefined;
  const m = CONVERSION_ROUTE.exec(request.routeOptions.url ?? '');
  return m ? { source: m[1]!, target: m[2]! } : undefined;
}

function installHooks(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const conversion = reply.statusCode < 400 ? conversionOf(request) : undefined;
    if (!conversion) return payload;
    const count = (bytes: number) => metrics.sent.inc(conversion, bytes);
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) count(Buffer.byteLength(payload));
    else if (payload && typeof (payload as Readable).pipe === 'function') return countStream(payload as Readable, count);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.http.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
    if (status === 429) metrics.rateLimited.inc({ route });
    const conversion = conversionOf(request);
    if (conversion) {
      const outcome = outcomeOf(status);
      metrics.conversions.inc({ ...conversion, outcome });
      const length = Number(request.headers['content-length']);
      if (outcome === 'success' && Number.isSafeInteger(length) && length > 0) metrics.received.inc(conversion, length);
    }
    if (status === 200 && request.method === 'POST' && route === CONNECT_PATHS.token) {
      metrics.tokens.inc({ grant_type: grantTypeOf(request.body) });
    }
  });
}

/**
 * Installs the metric hooks and `GET /metrics` when `metrics.enabled`. Call before the routes are registered so
 * that the hooks apply to all of them.
 */
export function installMetrics(app: FastifyInstance, config: GatewayConfig['metrics']): void {
  if (!config.enabled) return;
  const metrics = createMetrics(app);
  const expected = config.bearerToken ? sha256(config.bearerToken) : undefined;
  installHooks(app, metrics);
  // Scrapes come every few seconds: their own request log lines are left out below warn.
  app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!scrapeAllowed(request, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendProblem(reply, 401, 'Unauthorized', { authorization: ['The metrics endpoint needs its bearer token (metrics.bearerToken).'] });
    }
    const merged = Registry.merge([processMetrics(), metrics.registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}
