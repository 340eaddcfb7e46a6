/**
 * Sign-ins in progress at an upstream identity provider (federation): what the gateway, as relying party, must
 * remember between sending the browser upstream and the browser's return to the callback — the PKCE
 * `code_verifier` (RFC 7636 §4.1), the `nonce` (OpenID Connect Core 1.0 §3.1.2.1), the hash of the browser
 * binding cookie and where to continue. Kept in the session store (memory, or Redis so that any instance serves
 * the callback) under the `state` value (RFC 6749 §10.12), for at most {@link FEDERATION_TTL_SECONDS}, and taken
 * out on first read: a `state` works once.
 */
import type { SessionStore } from '../stores/session-store.js';

/** Seconds a sign-in at an upstream provider may take. */
export const FEDERATION_TTL_SECONDS = 600;

export interface PendingFederation {
  tenant: string;
  /** The identity provider's name. */
  provider: string;
  codeVerifier: string;
  nonce: string;
  /** base64url SHA-256 of the binding cookie's value. */
  bindingHash: string;
  /** Where to continue: `/connect/authorize?…` or the device page. */
  returnTo: string;
  /** The page locale of the request that started it. */
  locale: string;
}

export class FederationFlows {
  constructor(private readonly store: SessionStore) {}

  /** Remembers a sign-in under its `state`. @throws GrantStoreError `backend_error` */
  save(state: string, flow: PendingFederation): Promise<void> {
    return this.store.set('federation', state, { ...flow }, FEDERATION_TTL_SECONDS);
  }

  /** The sign-in of this `state`, removed so it cannot be used again; undefined when unknown or expired. @throws GrantStoreError `backend_error` */
  async take(state: string): Promise<PendingFederation | undefined> {
    const record = await this.store.get('federation', state);
    if (!record) return undefined;
    await this.store.delete('federation', state);
    return record as unknown as PendingFederation;
  }
}
