/**
 * The embedded default configuration: what `npm start` runs with when nothing else is given.
 * Override any part with a JSON file named in `GATEWAY_CONFIG` (deep-merged over these defaults);
 * `PORT` and `HOST` environment variables override `port` and `host`.
 */
import { DEFAULT_AUTH, type AuthConfig } from './auth.js';
export interface GatewayConfig {
  /** TCP port the gateway listens on. */
  port: number;
  /** Interface to bind. */
  host: string;
  /** Reported by `GET /status` as `environment`. */
  environment: string;
  /** fastify log level (`fatal` … `trace`, or `silent`). */
  logLevel: string;
  /** Customer format plugins: module specifiers (package names, absolute paths or `file:` URLs) loaded with `import()`. */
  plugins: string[];
  limits: {
    /** Largest accepted upload or JSON body in bytes; larger ones answer 413. */
    uploadBytes: number;
    /**
     * Seconds a request may take to arrive whole (headers and body), after which the connection is closed with 408
     * (Node's `server.requestTimeout`; fastify's default 0 would let a client trickling one byte a second hold a
     * connection and its upload buffer for ever). Default 300, Node's own default.
     */
    requestSeconds: number;
  };
  /** Redis connection for the grant store when several instances share state; absent = in-memory store. */
  redisUrl?: string;
  /** Prefix of every Redis key the gateway writes (several deployments can share one Redis). */
  redisKeyPrefix: string;
  /**
   * Whether to trust `X-Forwarded-*` headers from a reverse proxy (fastify `trustProxy`): `true`, or the proxies'
   * addresses/CIDRs (safer: only those peers may set them). No hop count: fastify 5 treats one as trusting no
   * proxy, since it cannot check the immediate peer. Never changes the issuer, which is configuration only.
   */
  trustProxy: boolean | string[];
  /** Conversions run in a pool of worker threads (piscina). */
  pool: {
    /** Worker threads; `0` runs conversions on the main thread; default: the machine's cores. */
    threads?: number;
    /** Conversions waiting for a thread beyond which requests answer 503 with `Retry-After`. */
    maxQueue: number;
    /** A conversion running longer than this (seconds) is stopped and answered with an error. */
    timeoutSeconds: number;
  };
  /** Rate limits of the `/connect` endpoints (token, device authorization, introspection, revocation). */
  rateLimits: {
    enabled: boolean;
    /** Length of the counting window in seconds. */
    windowSeconds: number;
    /** Requests one client id may make to one endpoint per window. */
    perClient: number;
    /** Requests one remote address may make to one endpoint per window. */
    perAddress: number;
  };
  /** Cross-origin requests (`@fastify/cors`) for browser clients of `/connect/token` and the conversion routes. */
  cors: {
    /** Allowed origins (`https://app.example.com`), exact; empty = no CORS headers. */
    origins: string[];
    /** Seconds a browser may cache a preflight answer. */
    maxAgeSeconds: number;
  };
  /** `GET /metrics` in the Prometheus text format. */
  metrics: {
    enabled: boolean;
    /** When set, scrapes need `Authorization: Bearer <bearerToken>`; absent = anonymous (firewall the endpoint). */
    bearerToken?: string;
  };
  /** Seconds SIGTERM waits for in-flight requests before the process exits anyway. */
  shutdownGraceSeconds: number;
  /** The token service: clients, resources, scopes, users, tenants, keys. */
  auth: AuthConfig;
}

export const DEFAULT_CONFIG: Readonly<GatewayConfig> = Object.freeze({
  port: 5000,
  host: '0.0.0.0',
  environment: 'Development',
  logLevel: 'info',
  plugins: [],
  limits: Object.freeze({ uploadBytes: 50 * 1024 * 1024, requestSeconds: 300 }),
  redisKeyPrefix: 'ava:as:',
  trustProxy: false,
  pool: Object.freeze({ maxQueue: 64, timeoutSeconds: 300 }),
  rateLimits: Object.freeze({ enabled: true, windowSeconds: 60, perClient: 300, perAddress: 600 }),
  cors: Object.freeze({ origins: [], maxAgeSeconds: 600 }),
  metrics: Object.freeze({ enabled: true }),
  shutdownGraceSeconds: 30,
  auth: DEFAULT_AUTH,
});
