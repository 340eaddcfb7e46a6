/**
 * The Lua scripts of the Redis grant store: every write is one script, so it is atomic on the server and costs
 * one round trip (unlike panva/node-oidc-provider, example/adapters/redis.js, whose `find` and `consume` can race).
 */
import { createHash } from 'node:crypto';

/** How often (in family members) `save` prunes expired members from a family set. */
export const FAMILY_PRUNE_EVERY = 64;

export class Script {
  readonly sha: string;
  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }
}

// Lua: in scripts a missing value is `false`; HGETALL yields a flat field/value array.

/**
 * KEYS: grant, family, revoked tombstone[, index]. ARGV: ttlMs, pruneEvery, index kind (`u`: KEYS[4] is the user
 * code key; `s`: KEYS[4] is the client+subject family index and ARGV[4] the family id; `-`: none), ARGV[4],
 * field/value pairs…
 */
export const SAVE = new Script(`
local ttl = tonumber(ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
if redis.call('EXISTS', KEYS[3]) == 1 then return -3 end
if ARGV[3] == 'u' and not redis.call('SET', KEYS[4], KEYS[1], 'PX', ttl, 'NX') then return -2 end
redis.call('HSET', KEYS[1], unpack(ARGV, 5))
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('SADD', KEYS[2], KEYS[1])
if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
if ARGV[3] == 's' then
  redis.call('SADD', KEYS[4], ARGV[4])
  if redis.call('PTTL', KEYS[4]) < ttl then redis.call('PEXPIRE', KEYS[4], ttl) end
end
local every = tonumber(ARGV[2])
local n = redis.call('SCARD', KEYS[2])
if n % every == 0 then
  for _, m in ipairs(redis.call('SMEMBERS', KEYS[2])) do
    if redis.call('EXISTS', m) == 0 then redis.call('SREM', KEYS[2], m) end
  end
end
return 1
`);

/**
 * Prologue of the one-time scripts: loads the grant hash into `h`/`f`, and returns {0} when it is gone, {3} when
 * ARGV[2] asks for a client check and ARGV[3] is not its client, {2, h} when it is already consumed.
 */
const LOAD_UNCONSUMED = `local h = redis.call('HGETALL', KEYS[1])
if #h == 0 then return {0} end
local f = {}
for i = 1, #h, 2 do f[h[i]] = h[i + 1] end
if ARGV[2] == '1' and f['clientId'] ~= ARGV[3] then return {3} end
if f['consumedAt'] then return {2, h} end
`;

/** KEYS: grant. ARGV: now (epoch s), check client ('1'|'0'), client id. → {0} | {1|2, fields} | {3} */
export const CONSUME = new Script(`
${LOAD_UNCONSUMED}redis.call('HSET', KEYS[1], 'consumedAt', ARGV[1])
return {1, h}
`);

/** KEYS: grant. ARGV: now, check client, client id. → {0} | {1 approved, 2 consumed, 4 denied, 5 pending, fields} | {3} */
export const POLL = new Script(`
${LOAD_UNCONSUMED}if f['deviceStatus'] == 'approved' then
  redis.call('HSET', KEYS[1], 'lastPolledAt', ARGV[1], 'consumedAt', ARGV[1])
  return {1, h}
end
redis.call('HSET', KEYS[1], 'lastPolledAt', ARGV[1])
if f['deviceStatus'] == 'denied' then return {4, h} end
return {5, h}
`);

/** KEYS: grant. ARGV: number of fields to delete, those fields, then field/value pairs to set. → fields | false */
export const UPDATE = new Script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local nd = tonumber(ARGV[1])
if nd > 0 then redis.call('HDEL', KEYS[1], unpack(ARGV, 2, 1 + nd)) end
if #ARGV > 1 + nd then redis.call('HSET', KEYS[1], unpack(ARGV, 2 + nd)) end
return redis.call('HGETALL', KEYS[1])
`);

/** KEYS: grant. ARGV: family key prefix. → 1 | 0 */
export const REMOVE = new Script(`
local f = redis.call('HMGET', KEYS[1], 'familyId', 'userCodeKey')
if not f[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SREM', ARGV[1] .. f[1], KEYS[1])
if f[2] and redis.call('GET', f[2]) == KEYS[1] then redis.call('DEL', f[2]) end
return 1
`);

/** KEYS: family, revoked tombstone. ARGV: minimum tombstone TTL ms. → number of live grants removed */
export const REVOKE_FAMILY = new Script(`
local ttl = redis.call('PTTL', KEYS[1])
local n = 0
for _, m in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local uc = redis.call('HGET', m, 'userCodeKey')
  if uc and redis.call('GET', uc) == m then redis.call('DEL', uc) end
  n = n + redis.call('DEL', m)
end
redis.call('DEL', KEYS[1])
local min = tonumber(ARGV[1])
if ttl < min then ttl = min end
if redis.call('PTTL', KEYS[2]) < ttl then redis.call('SET', KEYS[2], '1', 'PX', ttl) end
return n
`);

/** KEYS: user code index. → fields | false */
export const FIND_BY_USER_CODE = new Script(`
local g = redis.call('GET', KEYS[1])
if not g then return false end
local h = redis.call('HGETALL', g)
if #h == 0 then return false end
return h
`);

/** KEYS: user code index. ARGV: new status, number of fields to delete, those, field/value pairs. → {0} | {1|2, fields} */
export const DECIDE = new Script(`
local g = redis.call('GET', KEYS[1])
if not g then return {0} end
local st = redis.call('HMGET', g, 'deviceStatus', 'consumedAt')
if not st[1] then return {0} end
if st[1] ~= 'pending' or st[2] then return {2, redis.call('HGETALL', g)} end
local nd = tonumber(ARGV[2])
if nd > 0 then redis.call('HDEL', g, unpack(ARGV, 3, 2 + nd)) end
redis.call('HSET', g, 'deviceStatus', ARGV[1], unpack(ARGV, 3 + nd))
return {1, redis.call('HGETALL', g)}
`);

export const SCRIPTS = [SAVE, CONSUME, POLL, UPDATE, REMOVE, REVOKE_FAMILY, FIND_BY_USER_CODE, DECIDE];
