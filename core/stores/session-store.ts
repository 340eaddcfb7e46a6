/**
 * The store of the browser side of `/connect`: login sessions and remembered consents, records that live for a
 * while under a secret or per-user key and are read by whichever gateway instance serves the next step of a flow.
 * One interface, two implementations (`MemorySessionStore`, one process; `RedisSessionStore`, shared by every
 * instance on one Redis); `createSessionStore` in `./index.js` picks one the way `createGrantStore` does.
 *
 * Keys are stored only as SHA-256 hashes (a session id is a bearer secret, as a refresh token is; the grant store
 * keeps its handles the same way), so the store's contents do not let anyone take over a session.
 */
import { createHash } from 'node:crypto';

/**
 * What a record is: a login session (key: the session id), a remembered consent (key: subject + client), an
 * account link token (password reset, e-mail confirmation; key: purpose + token, core/auth/account-tokens.ts) or
 * a sign-in or sign-out in progress at an upstream identity provider (key: its `state`).
 */
export type SessionRecordKind = 'session' | 'consent' | 'account_token' | 'federation' | 'federation_signout';

export interface SessionStore {
  /** The record under this key, or undefined when absent or expired. @throws GrantStoreError `backend_error` */
  get(kind: SessionRecordKind, key: string): Promise<Record<string, unknown> | undefined>;
  /**
   * Stores (replaces) the record, living `ttlSeconds` (an integer ≥ 1) from now.
   * @throws GrantStoreError `backend_error` when Redis fails
   */
  set(kind: SessionRecordKind, key: string, value: Record<string, unknown>, ttlSeconds: number): Promise<void>;
  /** Removes the record; true when one was there. @throws GrantStoreError `backend_error` */
  delete(kind: SessionRecordKind, key: string): Promise<boolean>;
  /** Releases timers and connections it owns. */
  close(): Promise<void>;
}

/** The stored form of a key: `<kind>:<base64url SHA-256 of the key>`. */
export const sessionStoreKey = (kind: SessionRecordKind, key: string) => `${kind}:${createHash('sha256').update(key, 'utf8').digest('base64url')}`;
