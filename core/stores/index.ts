/**
 * Store selection: Redis when a URL is configured (`REDIS_URL`), in-memory otherwise (architecture: "stores:
 * memory (default) | Redis").
 */
import type { GrantStore } from './grant-store.js';
import { MemoryGrantStore } from './memory-grant-store.js';
import { RedisGrantStore } from './redis-grant-store.js';

export * from './grant-store.js';
export { MemoryGrantStore, type MemoryGrantStoreOptions, type MemoryGrantStoreStats } from './memory-grant-store.js';
export {
  DEFAULT_KEY_PREFIX,
  RedisGrantStore,
  type GrantStoreRedisClient,
  type RedisGrantStoreOptions,
} from './redis-grant-store.js';

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
