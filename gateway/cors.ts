/**
 * Cross-origin resource sharing for browser clients (`@fastify/cors`; Fetch Standard §3.2 "CORS protocol").
 *
 * - `cors.origins` lists the allowed origins exactly (`https://app.example.com`, compared after URL
 *   normalisation: lower-case host, no default port); `*` allows every origin. Empty (the default): the plugin is
 *   not installed and no response carries CORS headers.
 * - An allowed origin gets `Access-Control-Allow-Origin: <origin>` (with `Vary: Origin`) on every route, and its
 *   preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) answers 204 with
 *   `Access-Control-Allow-Methods`, `Access-Control-Allow-Headers` ({@link CORS_ALLOWED_HEADERS}) and
 *   `Access-Control-Max-Age: <cors.maxAgeSeconds>`. The preflight is answered in an `onRequest` hook, before any
 *   route guard, so the bearer check of the conversion routes never sees it.
 * - A disallowed origin gets no CORS headers at all; its preflight answers 404 (no such route) and the browser
 *   blocks the request. A preflight without `Access-Control-Request-Method` answers 400.
 * - Credentials mode is off: browsers send the bearer token as an explicit `Authorization` header, not cookies.
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config/defaults.js';

/** Request headers a browser may send cross-origin beyond the CORS-safelisted ones. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Request-Id', 'DPoP'] as const;

/** Response headers a browser script may read beyond the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = ['Content-Disposition', 'X-Conversion-Messages', 'X-Conversion-Messages-Summary', 'X-Request-Id', 'Retry-After', 'WWW-Authenticate', 'DPoP-Nonce'] as const;

/** Methods the gateway's routes answer. */
const CORS_METHODS = ['GET', 'HEAD', 'POST'];

/** The serialised origin of a configured origin (`https://App.example.com:443` → `https://app.example.com`). */
const normalise = (origin: string) => (origin === '*' ? origin : new URL(origin).origin);

/** Installs `@fastify/cors` when `cors.origins` is not empty. Call before the routes are registered. */
export async function installCors(app: FastifyInstance, cors: GatewayConfig['cors']): Promise<void> {
  if (cors.origins.length === 0) return;
  const allowed = new Set(cors.origins.map(normalise));
  await app.register(fastifyCors, {
    // A function, not the origin list: with a list, the plugin still sends the other CORS headers (and answers
    // the preflight) for an origin that is not on it.
    origin: allowed.has('*') ? '*' : (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: CORS_METHODS,
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: cors.maxAgeSeconds,
    credentials: false,
    strictPreflight: true,
  });
}
