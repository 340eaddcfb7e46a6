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
  };
  /** Redis connection for the grant store when several instances share state; absent = in-memory store. */
  redisUrl?: string;
  /** Prefix of every Redis key the gateway writes (several deployments can share one Redis). */
  redisKeyPrefix: string;
  /** The token service: clients, resources, scopes, users, tenants, keys. */
  auth: AuthConfig;
}

export const DEFAULT_CONFIG: Readonly<GatewayConfig> = Object.freeze({
  port: 5000,
  host: '0.0.0.0',
  environment: 'Development',
  logLevel: 'info',
  plugins: [],
  limits: Object.freeze({ uploadBytes: 50 * 1024 * 1024 }),
  redisKeyPrefix: 'ava:as:',
  auth: DEFAULT_AUTH,
});
