/**
 * In-memory {@link LockoutStore}: one process only (several gateway instances need `RedisLockoutStore` to share
 * the counts). Each operation runs synchronously between two awaits, so `reserve` is atomic on Node's single
 * thread. Forgotten states are dropped when touched and, every {@link SWEEP_EVERY} reservations, by a sweep over
 * all keys, so user names sprayed by an attacker do not accumulate beyond `forgetMs`.
 */
import { blockAfter, type LockoutSchedule, type LockoutStore, type Reservation } from './lockout-store.js';

/** Reservations between two sweeps of forgotten states. */
export const SWEEP_EVERY = 1024;

interface State {
  failures: number;
  blockedUntilMs: number;
  /** Epoch ms from which the state counts as absent. */
  forgetAtMs: number;
}

export class MemoryLockoutStore implements LockoutStore {
  readonly #states = new Map<string, State>();
  #reservations = 0;

  /** Keys held (tests). */
  get size(): number {
    return this.#states.size;
  }

  async reserve(key: string, nowMs: number, schedule: LockoutSchedule): Promise<Reservation> {
    if (++this.#reservations % SWEEP_EVERY === 0) this.#sweep(nowMs);
    const held = this.#states.get(key);
    const state = held && held.forgetAtMs > nowMs ? held : { failures: 0, blockedUntilMs: 0, forgetAtMs: 0 };
    if (state.blockedUntilMs > nowMs) return { allowed: false, failures: state.failures, blockedUntilMs: state.blockedUntilMs };
    const failures = state.failures + 1;
    const { waitMs, locks } = blockAfter(failures, schedule);
    const blockedUntilMs = waitMs > 0 ? nowMs + waitMs : 0;
    this.#states.set(key, { failures, blockedUntilMs, forgetAtMs: nowMs + Math.max(schedule.forgetMs, waitMs) });
    return { allowed: true, failures, blockedUntilMs, locks };
  }

  async reset(key: string): Promise<void> {
    this.#states.delete(key);
  }

  async close(): Promise<void> {
    this.#states.clear();
  }

  #sweep(nowMs: number): void {
    for (const [key, state] of this.#states) if (state.forgetAtMs <= nowMs) this.#states.delete(key);
  }
}
