/**
 * A replay cache: remembers one-time values (a DPoP proof's `jti`, RFC 9449 §11.1: "the server MUST … ensure that
 * the proof JWT has not been used before … within the time window") for as long as they could be presented again.
 * {@link MemoryReplayStore} for one process, `RedisReplayStore` for several instances on one Redis (`SET NX EX`);
 * `createReplayStore` in `./index.js` picks one. Keys are stored only as SHA-256 hashes.
 */
import { createHash } from 'node:crypto';

export interface ReplayStore {
  /**
   * Records `key` for `ttlSeconds` (an integer ≥ 1).
   * @returns true the first time, false when the key is still recorded (a replay)
   * @throws GrantStoreError `backend_error` when Redis fails
   */
  firstUse(key: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The stored form of a key: base64url SHA-256. */
export const replayKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('base64url');

/** Writes between two sweeps of expired keys. */
const SWEEP_EVERY = 512;

export class MemoryReplayStore implements ReplayStore {
  readonly #seen = new Map<string, number>();
  #writes = 0;

  /** @param nowMs the clock, epoch milliseconds */
  constructor(private readonly nowMs: () => number = Date.now) {}

  async firstUse(key: string, ttlSeconds: number): Promise<boolean> {
    const now = this.nowMs();
    if (++this.#writes % SWEEP_EVERY === 0) for (const [k, until] of this.#seen) if (until <= now) this.#seen.delete(k);
    const id = replayKey(key);
    const until = this.#seen.get(id);
    if (until !== undefined && until > now) return false;
    this.#seen.set(id, now + ttlSeconds * 1000);
    return true;
  }

  async close(): Promise<void> {
    this.#seen.clear();
  }
}
