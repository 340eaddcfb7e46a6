/**
 * Redis {@link LockoutStore} (node-redis v6), used when `redisUrl` is set so that every gateway instance counts
 * the same failed password attempts: an attacker spreading guesses over the instances behind a load balancer
 * meets one count.
 *
 * | Key | Type | Content | TTL |
 * | --- | --- | --- | --- |
 * | `{p}lockout:{user key}` | hash | `f` failures in a row, `b` blocked until (epoch ms), `x` forgotten from (epoch ms) | `max(forgetMs, wait)` from the latest counted attempt |
 *
 * `{p}` is `redisKeyPrefix`; the user key is a SHA-256 of the normalised user name (`core/auth/lockout.ts`), so
 * Redis holds no user names. `reserve` is one Lua script: atomic, one round trip. Times come from the gateway's
 * clock (the `x` field, not only the key's TTL, decides whether a state is forgotten), as in the grant store.
 */
import { GrantStoreError } from './grant-store.js';
import { Script } from './redis-grant-scripts.js';
import { closeClient, connectClient, throttledConsoleError, type GrantStoreRedisClient } from './redis-grant-store.js';
import { runScript } from './redis-script.js';
import type { LockoutSchedule, LockoutStore, Reservation } from './lockout-store.js';

/** KEYS: state. ARGV: now ms, forgetMs, lockAfter, waitMs… → {0, failures, blockedUntil} | {1, failures, blockedUntil, locks} */
export const RESERVE = new Script(`
local now = tonumber(ARGV[1])
local h = redis.call('HMGET', KEYS[1], 'f', 'b', 'x')
local f, b = 0, 0
if h[3] and tonumber(h[3]) > now then
  f = tonumber(h[1]) or 0
  b = tonumber(h[2]) or 0
end
if b > now then return {0, f, b} end
f = f + 1
local waits = #ARGV - 3
local wait = tonumber(ARGV[3 + math.min(f, waits)])
if wait > 0 then b = now + wait else b = 0 end
local keep = math.max(tonumber(ARGV[2]), wait)
redis.call('HSET', KEYS[1], 'f', f, 'b', b, 'x', now + keep)
redis.call('PEXPIRE', KEYS[1], keep)
local locks = 0
if f >= tonumber(ARGV[3]) then locks = 1 end
return {1, f, b, locks}
`);

export interface RedisLockoutStoreOptions {
  /** `redis://…` or `rediss://…`; required unless `client` is given. */
  url?: string;
  /** A connected client to share; the store then does not close it. */
  client?: GrantStoreRedisClient;
  /** Prepended to every key (`redisKeyPrefix`, default `ava:as:`). */
  keyPrefix?: string;
  /** Receives connection errors of an owned client (default: `console.error`, at most once per 10 s). */
  onError?: (error: Error) => void;
}

export class RedisLockoutStore implements LockoutStore {
  #closed = false;

  private constructor(
    readonly client: GrantStoreRedisClient,
    private readonly owned: boolean,
    private readonly prefix: string,
  ) {}

  /**
   * Connects (or adopts `options.client`).
   * @throws GrantStoreError `invalid_argument` without url or client; `backend_error` when Redis is unreachable for 5 s
   */
  static async connect(options: RedisLockoutStoreOptions): Promise<RedisLockoutStore> {
    if (options.client) return new RedisLockoutStore(options.client, false, options.keyPrefix ?? 'ava:as:');
    if (!options.url) throw new GrantStoreError('invalid_argument', 'RedisLockoutStore needs a url or a client');
    const client = await connectClient(options.url, 5000, false, options.onError ?? throttledConsoleError('lockout-store'));
    return new RedisLockoutStore(client, true, options.keyPrefix ?? 'ava:as:');
  }

  async reserve(key: string, nowMs: number, schedule: LockoutSchedule): Promise<Reservation> {
    const args = [String(Math.floor(nowMs)), String(schedule.forgetMs), String(schedule.lockAfter), ...schedule.waitMs.map(String)];
    const reply = await this.#run(RESERVE, [this.#key(key)], args);
    if (!Array.isArray(reply) || reply.length < 3) throw new GrantStoreError('backend_error', 'unexpected reply from the lockout script');
    const [allowed, failures, blockedUntilMs, locks] = reply.map(Number);
    return allowed === 1 ? { allowed: true, failures, blockedUntilMs, locks: locks === 1 } : { allowed: false, failures, blockedUntilMs };
  }

  async reset(key: string): Promise<void> {
    try {
      await this.client.unlink(this.#key(key));
    } catch (cause) {
      throw backendError(cause);
    }
  }

  async close(): Promise<void> {
    if (this.#closed || !this.owned) return;
    this.#closed = true;
    await closeClient(this.client);
  }

  #key(key: string): string {
    return `${this.prefix}lockout:${key}`;
  }

  async #run(script: Script, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await runScript(this.client, script, keys, args);
    } catch (cause) {
      throw backendError(cause);
    }
  }
}

function backendError(cause: unknown): GrantStoreError {
  return new GrantStoreError('backend_error', `Redis lockout store: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
}
