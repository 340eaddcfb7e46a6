/**
 * Throttling of failed password attempts per user name: exponential back-off, then a lock for a while
 * (`auth.lockout`, rule in the `LockoutConfig` docstring). RFC 6749 §4.3.2: for the password grant "the
 * authorization server MUST protect the endpoint against brute force attacks (e.g., using rate-limitation or
 * generating alerts)"; NIST SP 800-63B §5.2.2 asks for the same throttling of failed attempts per account.
 *
 * Without revealing whether a user exists (OWASP Authentication Cheat Sheet, "Authentication and Error Messages"):
 * - attempts are counted by the normalised user name (NFKC, lower case, as the user directory matches names),
 *   whether or not such a user is configured, so a made-up name backs off and locks exactly like a real one;
 * - the caller answers one error for a wrong password, an unknown user, a backed-off and a locked name;
 * - an attempt refused because of back-off or lock still runs the password check (and its scrypt) and throws the
 *   result away, so it takes as long as any other attempt; it is not counted either.
 * Only a success tells the names apart (it resets the count), and that needs the right password.
 *
 * An attempt is counted before its password is checked and un-counted (reset) when it succeeds, so N concurrent
 * guesses cannot all slip through before the first failure is recorded.
 *
 * Keys are SHA-256 hex of the normalised name: the attempt store (Redis) holds no user names.
 */
import { createHash } from 'node:crypto';
import type { LockoutConfig } from './config.js';
import type { LockoutSchedule, LockoutStore } from '../stores/lockout-store.js';

/** What a lock listener is told (for the log). */
export interface LockEvent {
  /** The normalised user name, shortened to 64 characters (it may be made up by an attacker). */
  userName: string;
  /** Failures in a row that caused the lock. */
  failures: number;
  lockedUntil: Date;
}

/**
 * The per-failure blocks of the configured rule: failures 1…`freeAttempts` cost nothing; failure n after them
 * blocks `baseDelaySeconds · 2^(n − freeAttempts − 1)` seconds (at most `maxDelaySeconds`); failure `lockAfter`
 * and any later one lock for `lockSeconds`. A count is forgotten `lockSeconds` after its latest failure, so a
 * lock ends with a clean count. Milliseconds, rounded up.
 */
export function lockoutSchedule(config: LockoutConfig): LockoutSchedule {
  const waitMs: number[] = [];
  for (let n = 1; n <= config.lockAfter; n++) {
    const seconds = n >= config.lockAfter
      ? config.lockSeconds
      : n <= config.freeAttempts ? 0 : Math.min(config.maxDelaySeconds, config.baseDelaySeconds * 2 ** (n - config.freeAttempts - 1));
    waitMs.push(Math.ceil(seconds * 1000));
  }
  return { waitMs, lockAfter: config.lockAfter, forgetMs: config.lockSeconds * 1000 };
}

/** The user name as attempts are counted: NFKC, lower case (the user directory matches names case-insensitively). */
export const normaliseUserName = (userName: string) => userName.normalize('NFKC').toLowerCase();

/** The attempt store key of a user name: SHA-256 hex of its normalised form. */
export const lockoutKey = (userName: string) => createHash('sha256').update(normaliseUserName(userName), 'utf8').digest('hex');

export class PasswordLockout {
  readonly schedule: LockoutSchedule;
  readonly #listeners = new Set<(event: LockEvent) => void>();

  /**
   * @param nowMs the clock, epoch milliseconds
   */
  constructor(
    config: LockoutConfig,
    private readonly store: LockoutStore,
    private readonly nowMs: () => number,
  ) {
    this.schedule = lockoutSchedule(config);
  }

  /** Calls `listener` whenever a failure locks a user name (the gateway logs a warning). Returns the unsubscribe. */
  onLocked(listener: (event: LockEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * One password attempt under the lockout rule: `verify` always runs (equal time for every answer), its result
   * counts only when the name is neither backed off nor locked. A result resets the count; undefined counts as a
   * failure (and may lock the name, telling the listeners).
   * @param userName the name as the user typed it
   * @param verify the password check, e.g. `() => users.authenticate(userName, password)`
   * @returns what `verify` returned, or undefined when it failed or the attempt was refused
   * @throws GrantStoreError `backend_error` when the attempt store (Redis) is unreachable: the attempt is refused
   *   (the token endpoint answers 503 `temporarily_unavailable`), never let through unthrottled
   */
  async attempt<T>(userName: string, verify: () => Promise<T | undefined>): Promise<T | undefined> {
    const key = lockoutKey(userName);
    const reservation = await this.store.reserve(key, this.nowMs(), this.schedule);
    const result = await verify();
    if (!reservation.allowed) return undefined;
    if (result !== undefined) {
      await this.store.reset(key);
      return result;
    }
    if (reservation.locks) {
      const event = { userName: normaliseUserName(userName).slice(0, 64), failures: reservation.failures, lockedUntil: new Date(reservation.blockedUntilMs) };
      for (const listener of this.#listeners) listener(event);
    }
    return undefined;
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
