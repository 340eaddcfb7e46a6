/**
 * The attempt store of the password lockout (`core/auth/lockout.ts`): per user key, how many password attempts
 * failed in a row and until when the next one is refused. One interface, two implementations
 * (`MemoryLockoutStore`, one process; `RedisLockoutStore`, shared by every gateway instance on one Redis);
 * `createLockoutStore` in `./index.js` picks one the way `createGrantStore` does.
 *
 * The store knows no rule: the caller passes the {@link LockoutSchedule} (what each failure costs), so the rule
 * is written once, in `core/auth/lockout.ts`, and both stores apply it the same way, atomically.
 *
 * Times are epoch milliseconds of the caller's clock (not the Redis server's), so an injected test clock and a
 * skewed Redis clock change nothing.
 */

/** What each counted attempt costs, precomputed from the configuration (`lockoutSchedule`). */
export interface LockoutSchedule {
  /**
   * `waitMs[n − 1]`: how long, after the n-th counted attempt, the next attempt is refused (0 = not at all).
   * Attempts beyond the list's length cost its last entry (the lock).
   */
  waitMs: readonly number[];
  /** Whether the n-th attempt locks: `n >= lockAfter`. */
  lockAfter: number;
  /** A state untouched this long after its latest counted attempt is forgotten (and its key expires). */
  forgetMs: number;
}

/** Result of {@link LockoutStore.reserve}. */
export type Reservation =
  /** The attempt is counted (as a failure until `reset` says otherwise) and may be checked. */
  | { allowed: true; failures: number; blockedUntilMs: number; locks: boolean }
  /** An earlier failure still blocks: the attempt must be refused without being counted. */
  | { allowed: false; failures: number; blockedUntilMs: number };

export interface LockoutStore {
  /**
   * Atomically, for one key: when an earlier failure still blocks (`blockedUntilMs > nowMs`), answers
   * `allowed: false` and changes nothing; otherwise counts one more attempt, sets the block it would cost as a
   * failure (`schedule.waitMs`) and answers `allowed: true`. Counting before the password is checked makes
   * concurrent guesses wait their turn: of N parallel attempts at most the free ones get through.
   * A state whose latest counted attempt is `schedule.forgetMs` old or older is treated as absent.
   * @throws GrantStoreError `backend_error` when Redis fails
   */
  reserve(key: string, nowMs: number, schedule: LockoutSchedule): Promise<Reservation>;

  /** Forgets the key (a successful attempt). @throws GrantStoreError `backend_error` when Redis fails */
  reset(key: string): Promise<void>;

  /** Releases timers and connections it owns. */
  close(): Promise<void>;
}

/** The block the n-th counted attempt (1-based) sets, and whether it is the lock. */
export function blockAfter(failures: number, schedule: LockoutSchedule): { waitMs: number; locks: boolean } {
  const waits = schedule.waitMs;
  return { waitMs: waits[Math.min(failures, waits.length) - 1] ?? 0, locks: failures >= schedule.lockAfter };
}
