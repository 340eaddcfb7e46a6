/**
 * The configured OAuth clients and the check of their secrets. Secrets are stored as base64 SHA-256 hashes and
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
