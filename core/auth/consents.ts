/**
 * Remembered consents (OpenID Connect Core 1.0 §3.1.2.4 "Authorization Server Obtains End-User
 * Consent/Authorization"): the scopes a user allowed a client, kept per user and client for
 * `auth.session.consentLifetimeSeconds` or until revoked, so a client with `requireConsent` asks once.
 *
 * Revoking a consent also revokes the client's refresh tokens for that user, with every access token of their
 * grants (Duende IdentityServer `IPersistedGrantService.RevokeAllGrantsAsync(subjectId, clientId)`; RFC 7009 §2.1:
 * revoking a grant's refresh token invalidates its access tokens too), so the client loses the access it had.
 */
import type { SessionConfig } from './config.js';
import type { GrantStore } from '../stores/grant-store.js';
import type { SessionStore } from '../stores/session-store.js';

const keyOf = (subject: string, clientId: string) => JSON.stringify([subject, clientId]);

/** A remembered consent. */
export interface RememberedConsent {
  clientId: string;
  scopes: string[];
  /** Epoch seconds of the latest consent (absent for records written before it was kept). */
  rememberedAt?: number;
}

export class ConsentStore {
  constructor(
    private readonly store: SessionStore,
    private readonly config: SessionConfig,
    private readonly grants: GrantStore,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** The scopes the user has allowed the client (empty when none are remembered). @throws GrantStoreError `backend_error` */
  async scopes(subject: string, clientId: string): Promise<string[]> {
    return (await this.consent(subject, clientId))?.scopes ?? [];
  }

  /** The user's remembered consent to the client, if any. @throws GrantStoreError `backend_error` */
  async consent(subject: string, clientId: string): Promise<RememberedConsent | undefined> {
    const record = await this.store.get('consent', keyOf(subject, clientId));
    if (!Array.isArray(record?.scopes)) return undefined;
    return { clientId, scopes: record.scopes as string[], ...(typeof record.rememberedAt === 'number' && { rememberedAt: record.rememberedAt }) };
  }

  /**
   * The user's remembered consents among `clientIds` (the store is keyed per user and client, so the candidates
   * are the configured clients), in their order. @throws GrantStoreError `backend_error`
   */
  async list(subject: string, clientIds: readonly string[]): Promise<RememberedConsent[]> {
    const found = await Promise.all(clientIds.map((id) => this.consent(subject, id)));
    return found.filter((c): c is RememberedConsent => c !== undefined);
  }

  /** Whether every one of `scopes` is remembered for the user and client. */
  async covers(subject: string, clientId: string, scopes: readonly string[]): Promise<boolean> {
    const remembered = await this.scopes(subject, clientId);
    return scopes.every((s) => remembered.includes(s));
  }

  /** Remembers `scopes` (added to those remembered before). @throws GrantStoreError `backend_error` */
  async remember(subject: string, clientId: string, scopes: readonly string[]): Promise<void> {
    const all = [...new Set([...(await this.scopes(subject, clientId)), ...scopes])];
    await this.store.set('consent', keyOf(subject, clientId), { scopes: all, rememberedAt: this.now() }, this.config.consentLifetimeSeconds);
  }

  /**
   * Forgets the user's consent to the client and revokes the client's refresh tokens for the user (with their
   * grants' access tokens). @returns whether a consent was remembered, and how many grants were removed
   * @throws GrantStoreError `backend_error`
   */
  async revoke(subject: string, clientId: string): Promise<{ consent: boolean; grantsRemoved: number }> {
    const consent = await this.store.delete('consent', keyOf(subject, clientId));
    const grantsRemoved = await this.grants.revokeRefreshFamilies(clientId, subject);
    return { consent, grantsRemoved };
  }
}
