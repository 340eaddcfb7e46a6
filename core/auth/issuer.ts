/**
 * The issuer identifier (OpenID Connect Core §2 `iss`, RFC 8414 §2 `issuer`): configuration only, never taken from
 * a request's `Host` header. `auth.issuer` (or the `PUBLIC_URL` environment variable, see config/load.ts) when set;
 * otherwise `http://localhost:<port>` for local development. No trailing slash.
 */
import type { AuthConfig } from './config.js';

/** The issuer of a gateway listening on `config.port` (TCP port) with `config.auth.issuer` (absolute URL) or none. */
export function issuerOf(config: { port: number; auth: Pick<AuthConfig, 'issuer'> }): string {
  return (config.auth.issuer ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

/**
 * Why `value` cannot be an issuer, or undefined when it can: an issuer is an absolute `http`/`https` URL with a
 * host and no query or fragment (RFC 8414 §2: "a URL that uses the https scheme and has no query or fragment
 * components"; `http` is accepted for development and closed networks). A path (`https://id.example/gateway`)
 * is allowed: the gateway is then assumed to be mounted under it by a reverse proxy.
 */
export function issuerProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http(s) URL (e.g. https://gateway.example.com)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must use http or https, not ${url.protocol.slice(0, -1)}`;
  if (!url.hostname) return 'must name a host';
  if (url.username || url.password) return 'must not carry user information';
  if (url.search || value.includes('?')) return 'must not have a query';
  if (url.hash || value.includes('#')) return 'must not have a fragment';
  return undefined;
}
