/**
 * A Redis store for `@fastify/rate-limit` over node-redis v6, so that every gateway instance on one Redis counts
 * the same requests.
 *
 * Why not the plugin's own Redis store (`redis:` option): it requires an ioredis client (it calls ioredis'
 * `defineCommand` and the callback-style custom commands that creates), while the gateway uses node-redis v6
 * (`redis` package, as the grant store does) and does not ship ioredis. A second Redis client library only for
 * this is more to install, configure and close than the store interface the plugin documents for custom stores
 * (README "Custom store": a constructor taking the plugin options, `incr(key, cb, timeWindow, max)`, `child`;
 * `read` for `{ increment: false }`). Behaviour equals the plugin's Redis store without `continueExceeding`
 * and `exponentialBackoff`: a fixed window per key that starts with its first request.
 *
 * | Key | Type | Content | TTL |
 * | --- | --- | --- | --- |
 * | `{p}ratelimit:{key}` | string | requests in the current window | the window's remaining time |
 *
 * `{p}` is `redisKeyPrefix`; `{key}` comes from the route's key generator (endpoint, `client` or `address`, and
 * the value). Each `incr` is one Lua script (INCR, then PEXPIRE when the key has no TTL yet): atomic, one round
 * trip, and a key can never be left without expiry.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Script } from '../../core/stores/redis-grant-scripts.js';
import type { GrantStoreRedisClient } from '../../core/stores/redis-grant-store.js';
import { runScript } from '../../core/stores/redis-script.js';

/** KEYS: counter. ARGV: window ms. → {requests in the window, ms left} */
export const INCR = new Script(`
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {n, ttl}
`);

/** KEYS: counter. → {requests in the window, ms left}, {0, 0} when none */
export const READ = new Script(`
local n = redis.call('GET', KEYS[1])
if not n then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(n), ttl}
`);

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The store class to pass as `store` to `@fastify/rate-limit` (the plugin instantiates it with its options).
 * @param client a connected node-redis client; the caller closes it
 * @param keyPrefix `redisKeyPrefix`
 */
export function redisRateLimitStore(client: GrantStoreRedisClient, keyPrefix: string): FastifyRateLimitStoreCtor {
  const call = (script: Script, key: string, args: string[], cb: Callback) => {
    runScript(client, script, [`${keyPrefix}ratelimit:${key}`], args).then(
      (reply) => {
        const [current, ttl] = Array.isArray(reply) ? reply.map(Number) : [NaN, NaN];
        if (Number.isFinite(current) && Number.isFinite(ttl)) cb(null, { current, ttl });
        else cb(new Error('unexpected reply from the rate limit script'));
      },
      (error: unknown) => cb(error instanceof Error ? error : new Error(String(error))),
    );
  };
  return class RedisRateLimitStore implements FastifyRateLimitStore {
    constructor(_options: FastifyRateLimitOptions) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      call(INCR, key, [String(Math.max(1, Math.trunc(timeWindow)))], cb);
    }

    read(key: string, cb: Callback): void {
      call(READ, key, [], cb);
    }

    /** Keys already name their endpoint, so every route shares this store. */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
