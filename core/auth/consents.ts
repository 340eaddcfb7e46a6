/**
 * Remembered consents (OpenID Connect Core 1.0 §3.1.2.4 "Authorization Server Obtains End-User
 * Consent/Authorization"): the scopes a user allowed a client, kept per user and client for
 * `auth.session.consentLifetimeSeconds` or until revoked, so a client with `requireConsent` asks once.
 */
import type { SessionConfig } from './config.js';
import type { SessionStore } from '../stores/session-store.js';

const keyOf = (subject: string, clientId: string) => JSON.stringify([subject, clientId]);

export class ConsentStore {
  constructor(
    private readonly store: SessionStore,
    private readonly config: SessionConfig,
  ) {}

  /** The scopes the user has allowed the client (empty when none are remembered). @throws GrantStoreError `backend_error` */
  async scopes(subject: string, clientId: string): Promise<string[]> {
    const record = await this.store.get('consent', keyOf(subject, clientId));
    return Array.isArray(record?.scopes) ? (record.scopes as string[]) : [];
  }

  /** Whether every one of `scopes` is remembered for the user and client. */
  async covers(subject: string, clientId: string, scopes: readonly string[]): Promise<boolean> {
    const remembered = await this.scopes(subject, clientId);
    return scopes.every((s) => remembered.includes(s));
  }

  /** Remembers `scopes` (added to those remembered before). @throws GrantStoreError `backend_error` */
  async remember(subject: string, clientId: string, scopes: readonly string[]): Promise<void> {
    const all = [...new Set([...(await this.scopes(subject, clientId)), ...scopes])];
    await this.store.set('consent', keyOf(subject, clientId), { scopes: all }, this.config.consentLifetimeSeconds);
  }

  /** Forgets the user's consent to the client; true when one was remembered. */
  revoke(subject: string, clientId: string): Promise<boolean> {
    return this.store.delete('consent', keyOf(subject, clientId));
  }
}
