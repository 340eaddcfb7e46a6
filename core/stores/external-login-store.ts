/**
 * Links between upstream identities and local users (federation): the pair (tenant, identity provider, upstream
 * `iss`, upstream `sub`) names one local subject. OpenID Connect Core 1.0 §2 makes `sub` unique only within its
 * `iss`, so both are part of the key (§5.7: "the sub and iss Claims … are the only Claims that a Client can rely
 * upon as a stable identifier"). One interface, two implementations: {@link MemoryExternalLoginStore} (one process)
 * and `RedisExternalLoginStore` (shared); `createExternalLoginStore` in `./index.js` picks one. Links do not
 * expire.
 */
import { createHash } from 'node:crypto';

/** An upstream identity as the link store keys it. */
export interface ExternalIdentity {
  tenant: string;
  /** The identity provider's configured name. */
  provider: string;
  /** The upstream `iss`. */
  issuer: string;
  /** The upstream `sub`. */
  subject: string;
}

export interface ExternalLoginStore {
  /** The local subject linked to the identity, or undefined. @throws GrantStoreError `backend_error` */
  find(identity: ExternalIdentity): Promise<string | undefined>;
  /**
   * Links the identity to a local subject unless it is linked already (atomic: of two concurrent first sign-ins
   * one link wins).
   * @returns the local subject the identity is linked to after the call (the earlier one when it was linked)
   * @throws GrantStoreError `backend_error`
   */
  link(identity: ExternalIdentity, localSubject: string): Promise<string>;
  /** Removes the link; true when there was one. @throws GrantStoreError `backend_error` */
  unlink(identity: ExternalIdentity): Promise<boolean>;
  close(): Promise<void>;
}

/** The stored key of an identity: base64url SHA-256 of its four parts, each length-prefixed (no ambiguity). */
export function externalLoginKey(identity: ExternalIdentity): string {
  const parts = [identity.tenant, identity.provider, identity.issuer, identity.subject];
  return createHash('sha256').update(parts.map((p) => `${p.length}:${p}`).join('|'), 'utf8').digest('base64url');
}

export class MemoryExternalLoginStore implements ExternalLoginStore {
  readonly #links = new Map<string, string>();

  async find(identity: ExternalIdentity): Promise<string | undefined> {
    return this.#links.get(externalLoginKey(identity));
  }

  async link(identity: ExternalIdentity, localSubject: string): Promise<string> {
    const key = externalLoginKey(identity);
    const held = this.#links.get(key);
    if (held !== undefined) return held;
    this.#links.set(key, localSubject);
    return localSubject;
  }

  async unlink(identity: ExternalIdentity): Promise<boolean> {
    return this.#links.delete(externalLoginKey(identity));
  }

  async close(): Promise<void> {}
}
