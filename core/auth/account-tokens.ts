/**
 * The single-use tokens of account links: password reset and e-mail confirmation. A token is 256 random bits
 * (base64url) mailed to the user; the store keeps only its SHA-256 hash as the key (the session store's
 * `account_token` records, memory or Redis), so neither the store nor a copy of it lets anyone use a link
 * (OWASP Forgot Password Cheat Sheet, "URL tokens": random, single use, expiring, stored securely).
 *
 * Single use: `consume` deletes the record, and only the caller whose delete removed it gets the record, so two
 * concurrent uses of one link (on one or several instances) succeed at most once. Each record carries the user's
 * security stamp at issue; a reset link stops working once the password changed by any means.
 */
import { newHandle } from '../stores/grant-store.js';
import type { SessionStore } from '../stores/session-store.js';

export type AccountTokenPurpose = 'password_reset' | 'email_confirmation';

/** What a token stands for. Times are epoch seconds. */
export interface AccountTokenRecord {
  purpose: AccountTokenPurpose;
  subject: string;
  /** The user's security stamp when the link was made ('' when the user had none). */
  stamp: string;
  expiresAt: number;
}

const keyOf = (purpose: AccountTokenPurpose, token: string) => `${purpose}:${token}`;

export class AccountTokens {
  /** @param now epoch seconds */
  constructor(
    private readonly store: SessionStore,
    private readonly now: () => number,
  ) {}

  /**
   * A new token for the user, living `ttlSeconds`.
   * @throws GrantStoreError `backend_error` when the store is unavailable
   */
  async issue(purpose: AccountTokenPurpose, user: { subject: string; securityStamp?: string }, ttlSeconds: number): Promise<string> {
    const token = newHandle(32);
    const record: AccountTokenRecord = { purpose, subject: user.subject, stamp: user.securityStamp ?? '', expiresAt: this.now() + ttlSeconds };
    await this.store.set('account_token', keyOf(purpose, token), { ...record }, ttlSeconds);
    return token;
  }

  /** The live record of a token without using it up (to show the reset form), or undefined. @throws as {@link issue} */
  async peek(purpose: AccountTokenPurpose, token: string): Promise<AccountTokenRecord | undefined> {
    const record = (await this.store.get('account_token', keyOf(purpose, token))) as AccountTokenRecord | undefined;
    return record && record.purpose === purpose && record.expiresAt > this.now() ? record : undefined;
  }

  /** Uses the token up: its record when this call removed it while live, else undefined. @throws as {@link issue} */
  async consume(purpose: AccountTokenPurpose, token: string): Promise<AccountTokenRecord | undefined> {
    const record = await this.peek(purpose, token);
    if (!record) return undefined;
    return (await this.store.delete('account_token', keyOf(purpose, token))) ? record : undefined;
  }
}
