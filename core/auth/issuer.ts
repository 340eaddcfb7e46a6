/**
 * The issuer identifier (OpenID Connect Core §2 `iss`, RFC 8414 §2 `issuer`): configuration only, never taken from
 * a request's `Host` header. `auth.issuer` (or the `PUBLIC_URL` environment variable, see config/load.ts) when set;
 * otherwise `http://localhost:<port>` for local development. No trailing slash.
 */
import type { GatewayConfig } from '../../config/defaults.js';

export function issuerOf(config: Pick<GatewayConfig, 'port' | 'auth'>): string {
  return (config.auth.issuer ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}
