/**
 * The configured OAuth clients, the check of their secrets and the match of a requested redirect URI against
 * their registered ones ({@link redirectUriRegistered}). Secrets are stored as base64 SHA-256 hashes and
 * compared in constant time (`crypto.timingSafeEqual` on the 32-byte digests; RFC 9700 (OAuth 2.0 Security BCP)
 * "timing-safe secrets", Duende's hashed shared secrets).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApiResourceConfig, ClientConfig, SecretConfig } from './config.js';

/** base64 SHA-256 of a secret's UTF-8 bytes: the form secrets take in the configuration. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('base64');

interface PreparedSecret {
  digest: Buffer;
  /** Epoch ms; Infinity when the secret does not expire. */
  expiresAt: number;
}

/** Decoded digests, computed once per configured secret (the configuration objects are immutable at run time). */
const prepared = new WeakMap<SecretConfig, PreparedSecret>();

function prepare(secret: SecretConfig): PreparedSecret {
  let p = prepared.get(secret);
  if (!p) {
    p = { digest: Buffer.from(secret.sha256, 'base64'), expiresAt: secret.expiresAt === undefined ? Infinity : Date.parse(secret.expiresAt) };
    prepared.set(secret, p);
  }
  return p;
}

/** A loopback IP literal redirect URI: host, optional port, the rest (path, query). */
const LOOPBACK_REDIRECT = /^http:\/\/(127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?([/?][^#]*)?$/;

/**
 * Whether `redirectUri` is one of the client's registered `redirectUris` — the one rule for every place a
 * requested redirect URI is matched against the registration (authorization requests, request objects, pushed
 * requests, authorization codes):
 * - exact, case-sensitive string comparison (RFC 6749 §3.1.2.3; RFC 9700 §2.1, §4.1.3); except
 * - for a registered loopback IP literal URI (`http://127.0.0.1…`, `http://[::1]…`), the requested URI may name any
 *   port (RFC 8252 §7.3, native apps listen on an ephemeral port): scheme `http`, the same IP literal, and the same
 *   path and query, compared as strings. `localhost` is not a loopback literal here (RFC 8252 §8.3), and
 *   userinfo, fragments and port 0 or above 65535 never match.
 * The token endpoint still compares the token request's `redirect_uri` with the authorization request's exactly
 * (RFC 6749 §4.1.3), port included.
 */
export function redirectUriRegistered(client: Pick<ClientConfig, 'redirectUris'>, redirectUri: string): boolean {
  if (client.redirectUris.includes(redirectUri)) return true;
  const requested = LOOPBACK_REDIRECT.exec(redirectUri);
  if (!requested) return false;
  const [, host, port, rest = ''] = requested;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  return client.redirectUris.some((registered) => {
    const m = LOOPBACK_REDIRECT.exec(registered);
    return m !== null && m[1] === host && (m[3] ?? '') === rest;
  });
}

/** True when `presented` matches one of the unexpired secrets; the comparison time does not depend on where they differ. */
export function secretMatches(secrets: readonly SecretConfig[], presented: string, now = Date.now()): boolean {
  const digest = createHash('sha256').update(presented, 'utf8').digest();
  let match = false;
  for (const s of secrets) {
    const stored = prepare(s);
    const equal = stored.digest.length === digest.length && timingSafeEqual(stored.digest, digest);
    match = (equal && stored.expiresAt > now) || match;
  }
  return match;
}

export class ClientRegistry {
  private readonly clients: ReadonlyMap<string, ClientConfig>;
  private readonly resources: ReadonlyMap<string, ApiResourceConfig>;

  constructor(clients: readonly ClientConfig[], apiResources: readonly ApiResourceConfig[]) {
    this.clients = new Map(clients.map((c) => [c.clientId, c]));
    this.resources = new Map(apiResources.map((r) => [r.name, r]));
  }

  client(clientId: string): ClientConfig | undefined {
    return this.clients.get(clientId);
  }

  /** The API resource that authenticates with this name at the introspection endpoint. */
  apiResource(name: string): ApiResourceConfig | undefined {
    return this.resources.get(name);
  }

  /** Longest access/identity token lifetime of any client, seconds (how long retired keys stay published). */
  maxTokenLifetime(): number {
    let max = 0;
    for (const c of this.clients.values()) max = Math.max(max, c.accessTokenLifetime, c.identityTokenLifetime);
    return max;
  }
}
