/**
 * Store selection: Redis when a URL is configured (`REDIS_URL`), in-memory otherwise (architecture: "stores:
 * memory (default) | Redis").
 */
import type { GrantStore } from './grant-store.js';
import type { LockoutStore } from './lockout-store.js';
import { MemoryGrantStore } from './memory-grant-store.js';
import { MemoryLockoutStore } from './memory-lockout-store.js';
import { RedisGrantStore } from './redis-grant-store.js';
import { RedisLockoutStore } from './redis-lockout-store.js';
import type { SessionStore } from './session-store.js';
import { MemorySessionStore } from './memory-session-store.js';
import { RedisSessionStore } from './redis-session-store.js';
import { MemoryUserStore } from './memory-user-store.js';
import { RedisUserStore } from './redis-user-store.js';
import type { StoredUser, UserStore } from './user-store.js';
import { MemoryExternalLoginStore, type ExternalLoginStore } from './external-login-store.js';
import { MemoryReplayStore, type ReplayStore } from './replay-store.js';
import { RedisExternalLoginStore, RedisReplayStore } from './redis-federation-stores.js';

export * from './grant-store.js';
export { MemoryGrantStore, type MemoryGrantStoreOptions, type MemoryGrantStoreStats } from './memory-grant-store.js';
export {
  DEFAULT_KEY_PREFIX,
  RedisGrantStore,
  type GrantStoreRedisClient,
  type RedisGrantStoreOptions,
} from './redis-grant-store.js';
export * from './lockout-store.js';
export { MemoryLockoutStore } from './memory-lockout-store.js';
export { RedisLockoutStore, type RedisLockoutStoreOptions } from './redis-lockout-store.js';
export * from './session-store.js';
export { MemorySessionStore } from './memory-session-store.js';
export { RedisSessionStore, type RedisSessionStoreOptions } from './redis-session-store.js';
export * from './user-store.js';
export { MemoryUserStore } from './memory-user-store.js';
export { RedisUserStore, type RedisUserStoreOptions } from './redis-user-store.js';

/** Options of {@link createGrantStore}. */
export interface CreateGrantStoreOptions {
  /** A Redis URL (typically `process.env.REDIS_URL`); empty or absent selects the in-memory store. */
  redisUrl?: string;
  /** Redis key prefix (default `ava:as:`); ignored by the memory store. */
  keyPrefix?: string;
}

/**
 * The grant store for this process: a connected {@link RedisGrantStore} when `redisUrl` is a non-empty string,
 * else a {@link MemoryGrantStore}. Call `close()` on shutdown.
 * @throws GrantStoreError `backend_error` when Redis cannot be reached within 5 s.
 */
export async function createGrantStore(options: CreateGrantStoreOptions = {}): Promise<GrantStore> {
  const url = options.redisUrl?.trim();
  if (url) {
    return RedisGrantStore.connect({ url, ...(options.keyPrefix !== undefined && { keyPrefix: options.keyPrefix }) });
  }
  return new MemoryGrantStore();
}

/**
 * The attempt store of the password lockout, chosen like {@link createGrantStore}: a connected
 * {@link RedisLockoutStore} (its own connection, keys `<keyPrefix>lockout:*`) when `redisUrl` is non-empty, else a
 * {@link MemoryLockoutStore}. Call `close()` on shutdown.
 * @throws GrantStoreError `backend_error` when Redis cannot be reached within 5 s.
 */
export async function createLockoutStore(options: CreateGrantStoreOptions = {}): Promise<LockoutStore> {
  const url = options.redisUrl?.trim();
  if (url) return RedisLockoutStore.connect({ url, ...(options.keyPrefix !== undefined && { keyPrefix: options.keyPrefix }) });
  return new MemoryLockoutStore();
}

/**
 * The store of login sessions and remembered consents, chosen like {@link createGrantStore}: a connected
 * {@link RedisSessionStore} (its own connection, keys `<keyPrefix>session:*`) when `redisUrl` is non-empty, else a
 * {@link MemorySessionStore}. Call `close()` on shutdown.
 * @throws GrantStoreError `backend_error` when Redis cannot be reached within 5 s.
 */
export async function createSessionStore(options: CreateGrantStoreOptions = {}): Promise<SessionStore> {
  const url = options.redisUrl?.trim();
  if (url) return RedisSessionStore.connect({ url, ...(options.keyPrefix !== undefined && { keyPrefix: options.keyPrefix }) });
  return new MemorySessionStore();
}

/**
 * The user store, chosen like {@link createGrantStore}: a connected {@link RedisUserStore} (its own connection, keys
 * `<keyPrefix>user:*`) when `redisUrl` is non-empty, else a {@link MemoryUserStore}. `seed` (the configured users)
 * is written into either (in Redis only where absent). Call `close()` on shutdown.
 * @throws GrantStoreError `backend_error` when Redis cannot be reached within 5 s; `conflict` for a memory seed whose
 *   user name or e-mail repeats
 */
export async function createUserStore(options: CreateGrantStoreOptions & { seed?: readonly StoredUser[] } = {}): Promise<UserStore> {
  const url = options.redisUrl?.trim();
  if (url) return RedisUserStore.connect({ url, seed: options.seed, ...(options.keyPrefix !== undefined && { keyPrefix: options.keyPrefix }) });
  return new MemoryUserStore(options.seed);
}

export * from './external-login-store.js';
export * from './replay-store.js';
export { RedisExternalLoginStore, RedisReplayStore, type RedisRecordStoreOptions } from './redis-federation-stores.js';

/**
 * The links of upstream identities to local users (federation), chosen like {@link createGrantStore}: a
 * connected {@link RedisExternalLoginStore} (keys `<keyPrefix>extlogin:*`) when `redisUrl` is non-empty, else a
 * {@link MemoryExternalLoginStore}. Call `close()` on shutdown.
 * @throws GrantStoreError `backend_error` when Redis cannot be reached within 5 s.
 */
export async function createExternalLoginStore(options: CreateGrantStoreOptions = {}): Promise<ExternalLoginStore> {
  const url = options.redisUrl?.trim();
  if (url) return RedisExternalLoginStore.connect({ url, ...(options.keyPrefix !== undefined && { keyPrefix: options.keyPrefix }) });
  return new MemoryExternalLoginStore();
}

/**
 * The replay cache of DPoP proof `jti`s, chosen like {@link createGrantStore}: a connected
 * {@link RedisReplayStore} (keys `<keyPrefix>replay:*`) when `redisUrl` is non-empty, else a
 * {@link MemoryReplayStore}. Call `close()` on shutdown.
 * @throws GrantStoreError `backend_error` when Redis cannot be reached within 5 s.
 */
export async function createReplayStore(options: CreateGrantStoreOptions = {}): Promise<ReplayStore> {
  const url = options.redisUrl?.trim();
  if (url) return RedisReplayStore.connect({ url, ...(options.keyPrefix !== undefined && { keyPrefix: options.keyPrefix }) });
  return new MemoryReplayStore();
}
