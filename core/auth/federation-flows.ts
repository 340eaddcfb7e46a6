/**
 * Sign-ins and sign-outs in progress at an upstream identity provider (federation): what the gateway, as relying
 * party, must remember between sending the browser upstream and its return. For a sign-in: the PKCE
 * `code_verifier` (RFC 7636 §4.1), the `nonce` (OpenID Connect Core 1.0 §3.1.2.1), the hash of the browser
 * binding cookie and where to continue; for a sign-out: where the logout continues. Kept in the session store
 * (memory, or Redis so that any instance serves the return) under the `state` value (RFC 6749 §10.12), for at most
 * {@link FEDERATION_TTL_SECONDS}, and taken out on first read: a `state` works once.
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

/**
 * A sign-out sent on to the upstream provider (OpenID Connect RP-Initiated Logout 1.0): where the logout at the
 * gateway's end-session endpoint continues once the provider sends the browser back. The local session has ended
 * already; `postLogoutRedirectUri` was checked against the client's registered ones before it was stored.
 */
export interface PendingSignOut {
  /** The identity provider's name (its return path names it too). */
  provider: string;
  /** The client's `post_logout_redirect_uri`, absent = the gateway's "signed out" page. */
  postLogoutRedirectUri?: string;
  /** The client's `state`, returned with the redirect. */
  clientState?: string;
  locale: string;
}

export class FederationFlows {
  constructor(private readonly store: SessionStore) {}

  /** Remembers a sign-in under its `state`. @throws GrantStoreError `backend_error` */
  save(state: string, flow: PendingFederation): Promise<void> {
    return this.store.set('federation', state, { ...flow }, FEDERATION_TTL_SECONDS);
  }

  /** The sign-in of this `state`, removed so it cannot be used again; undefined when unknown or expired. @throws GrantStoreError `backend_error` */
  take(state: string): Promise<PendingFederation | undefined> {
    return this.#take<PendingFederation>('federation', state);
  }

  /** Remembers a sign-out under the `state` sent upstream. @throws GrantStoreError `backend_error` */
  saveSignOut(state: string, flow: PendingSignOut): Promise<void> {
    return this.store.set('federation_signout', state, { ...flow }, FEDERATION_TTL_SECONDS);
  }

  /** The sign-out of this `state`, removed (it works once); undefined when unknown or expired. @throws GrantStoreError `backend_error` */
  takeSignOut(state: string): Promise<PendingSignOut | undefined> {
    return this.#take<PendingSignOut>('federation_signout', state);
  }

  async #take<T>(kind: 'federation' | 'federation_signout', state: string): Promise<T | undefined> {
    const record = await this.store.get(kind, state);
    if (!record) return undefined;
    await this.store.delete(kind, state);
    return record as unknown as T;
  }
}
