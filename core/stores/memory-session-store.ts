/**
 * In-memory {@link SessionStore}: one process only (several gateway instances need `RedisSessionStore`). Expired
 * records are dropped when read and, every {@link SWEEP_EVERY} writes, by a sweep over all of them.
 */
import { sessionStoreKey, type SessionRecordKind, type SessionStore } from './session-store.js';

/** Writes between two sweeps of expired records. */
export const SWEEP_EVERY = 256;

export class MemorySessionStore implements SessionStore {
  readonly #records = new Map<string, { json: string; expiresAtMs: number }>();
  #writes = 0;

  /** @param nowMs the clock, epoch milliseconds (tests move it) */
  constructor(private readonly nowMs: () => number = Date.now) {}

  /** Records held, expired ones included until swept (tests). */
  get size(): number {
    return this.#records.size;
  }

  async get(kind: SessionRecordKind, key: string): Promise<Record<string, unknown> | undefined> {
    const id = sessionStoreKey(kind, key);
    const held = this.#records.get(id);
    if (!held) return undefined;
    if (held.expiresAtMs <= this.nowMs()) {
      this.#records.delete(id);
      return undefined;
    }
    return JSON.parse(held.json) as Record<string, unknown>;
  }

  async set(kind: SessionRecordKind, key: string, value: Record<string, unknown>, ttlSeconds: number): Promise<void> {
    const now = this.nowMs();
    if (++this.#writes % SWEEP_EVERY === 0) for (const [id, r] of this.#records) if (r.expiresAtMs <= now) this.#records.delete(id);
    this.#records.set(sessionStoreKey(kind, key), { json: JSON.stringify(value), expiresAtMs: now + ttlSeconds * 1000 });
  }

  async delete(kind: SessionRecordKind, key: string): Promise<boolean> {
    return this.#records.delete(sessionStoreKey(kind, key));
  }

  async close(): Promise<void> {
    this.#records.clear();
  }
}
