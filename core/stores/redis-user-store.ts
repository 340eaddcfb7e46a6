/**
 * Redis {@link UserStore} (node-redis v6), used when `redisUrl` is set so that an account registered on one gateway
 * instance signs in on every other.
 *
 * | Key | Type | Content | TTL |
 * | --- | --- | --- | --- |
 * | `{p}user:s:{subject}` | string | the user as JSON | none |
 * | `{p}user:n:{identifierKey(userName)}` | string | subject | none |
 * | `{p}user:e:{identifierKey(email)}` | string | subject | none |
 * | `{p}user:g:{subject}` | sorted set | grant family ids, scored by their expiry (epoch seconds) | the latest expiry |
 *
 * `{p}` is `redisKeyPrefix`; `identifierKey` is base64url SHA-256 of the normalised name, so keys hold no user names
 * or addresses. Writes are Lua scripts (one round trip, atomic on the server): `create` checks and sets the
 * user and both index keys in one step, so of two concurrent registrations of one name exactly one wins. `update`
 * and `delete` compare the stored JSON with the one they read (compare-and-set) and retry when another write came
 * between. Like the grant store, scripts touch index keys derived from values, which a single primary allows
 * (not Redis Cluster).
 */
import { GrantStoreError } from './grant-store.js';
import { Script } from './redis-grant-scripts.js';
import { closeClient, connectClient, throttledConsoleError, type GrantStoreRedisClient } from './redis-grant-store.js';
import { runScript } from './redis-script.js';
import {
  applyUserPatch,
  identifierKey,
  inTenant,
  UserStoreError,
  type CreateUserResult,
  type StoredUser,
  type UserConflict,
  type UserStore,
} from './user-store.js';

/** KEYS: user, name index[, e-mail index]. ARGV: user JSON, subject. */
const CREATE = new Script(`
if redis.call('EXISTS', KEYS[2]) == 1 then return 'userName' end
if KEYS[3] and redis.call('EXISTS', KEYS[3]) == 1 then return 'email' end
if redis.call('EXISTS', KEYS[1]) == 1 then return 'subject' end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[2])
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[2]) end
return 'ok'
`);

/**
 * KEYS: user, old name index, new name index, old e-mail index, new e-mail index.
 * ARGV: JSON read, new JSON, subject, has old e-mail ('1'/'0'), has new e-mail.
 */
const UPDATE = new Script(`
local current = redis.call('GET', KEYS[1])
if not current then return 'missing' end
if current ~= ARGV[1] then return 'stale' end
local owner = redis.call('GET', KEYS[3])
if owner and owner ~= ARGV[3] then return 'userName' end
if ARGV[5] == '1' then
  owner = redis.call('GET', KEYS[5])
  if owner and owner ~= ARGV[3] then return 'email' end
end
redis.call('DEL', KEYS[2])
if ARGV[4] == '1' then redis.call('DEL', KEYS[4]) end
redis.call('SET', KEYS[3], ARGV[3])
if ARGV[5] == '1' then redis.call('SET', KEYS[5], ARGV[3]) end
redis.call('SET', KEYS[1], ARGV[2])
return 'ok'
`);

/** KEYS: user, name index, grant families[, e-mail index]. ARGV: JSON read. */
const DELETE = new Script(`
local current = redis.call('GET', KEYS[1])
if not current then return 'missing' end
if current ~= ARGV[1] then return 'stale' end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
if KEYS[4] then redis.call('DEL', KEYS[4]) end
return 'ok'
`);

/** KEYS: grant families. ARGV: now, expiresAt, familyId (epoch seconds). */
const TRACK = new Script(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZADD', KEYS[1], 'GT', ARGV[2], ARGV[3])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('EXPIREAT', KEYS[1], math.ceil(tonumber(last[2])))
return 1
`);

/** KEYS: grant families. ARGV: now. */
const TAKE = new Script(`
local live = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf')
redis.call('DEL', KEYS[1])
return live
`);

/** Compare-and-set rounds before `update`/`delete` give up under constant concurrent writes to one user. */
const MAX_ROUNDS = 8;

export interface RedisUserStoreOptions {
  /** `redis://…` or `rediss://…`; required unless `client` is given. */
  url?: string;
  /** A connected client to share; the store then does not close it. */
  client?: GrantStoreRedisClient;
  /** Prepended to every key (`redisKeyPrefix`, default `ava:as:`). */
  keyPrefix?: string;
  /**
   * The configured users, written at connect: a user not yet in Redis is created; one already there takes the
   * configuration's profile (user name, e-mail, claims, roles, tenants, identity provider, `disabled`) and keeps
   * its password unless the configuration's `passwordHash` changed since it was last taken
   * (`configuredPasswordHash`), so a reset password survives a restart and an administrator's new hash still wins.
   * Written again whenever the client reconnects: a Redis that came back empty (no persistence, a flush) would
   * otherwise know none of them until the gateway restarted.
   */
  seed?: readonly StoredUser[];
  /** Epoch seconds (default: the system clock). */
  now?: () => number;
  /** Receives connection errors of an owned client (default: `console.error`, at most once per 10 s). */
  onError?: (error: Error) => void;
}

export class RedisUserStore implements UserStore {
  #closed = false;

  private constructor(
    readonly client: GrantStoreRedisClient,
    private readonly owned: boolean,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {}

  /**
   * Connects (or adopts `options.client`) and writes the seed.
   * @throws GrantStoreError `invalid_argument` without url or client; `backend_error` when Redis is unreachable for 5 s;
   *   UserStoreError `conflict` for a seed whose user name or e-mail belongs to another user
   */
  static async connect(options: RedisUserStoreOptions): Promise<RedisUserStore> {
    const prefix = options.keyPrefix ?? 'ava:as:';
    const now = options.now ?? (() => Date.now() / 1000);
    const onError = options.onError ?? throttledConsoleError('user-store');
    let store: RedisUserStore;
    if (options.client) store = new RedisUserStore(options.client, false, prefix, now);
    else {
      if (!options.url) throw new GrantStoreError('invalid_argument', 'RedisUserStore needs a url or a client');
      const client = await connectClient(options.url, 5000, false, onError);
      store = new RedisUserStore(client, true, prefix, now);
    }
    const seed = options.seed ?? [];
    try {
      for (const user of seed) await store.#seed(user);
    } catch (err) {
      await store.close();
      throw err;
    }
    if (seed.length > 0) store.client.on('ready', () => void store.#reseed(seed, onError));
    return store;
  }

  /** The seed once more, after a reconnect (see `RedisUserStoreOptions.seed`); failures go to `onError`. */
  async #reseed(seed: readonly StoredUser[], onError: (error: Error) => void): Promise<void> {
    try {
      for (const user of seed) if (!this.#closed) await this.#seed(user);
    } catch (err) {
      onError(err as Error);
    }
  }

  /** See `RedisUserStoreOptions.seed`. @throws UserStoreError `conflict` when the user name or e-mail belongs to another user */
  async #seed(user: StoredUser): Promise<void> {
    const created = await this.create(user);
    if (created.ok) return;
    const existing = await this.bySubject(user.subject);
    if (!existing) throw new UserStoreError('conflict', `user ${user.userName}: its ${created.conflict} belongs to another user in Redis`, created.conflict);
    const patch: Partial<StoredUser> = {
      userName: user.userName, email: user.email, claims: user.claims, roles: user.roles, tenants: user.tenants,
      identityProvider: user.identityProvider, disabled: user.disabled,
    };
    if (existing.configuredPasswordHash !== user.passwordHash) Object.assign(patch, { passwordHash: user.passwordHash, configuredPasswordHash: user.passwordHash });
    await this.update(user.subject, patch);
  }

  async bySubject(subject: string): Promise<StoredUser | undefined> {
    const json = await this.#call(() => this.client.get(this.#userKey(subject)));
    return typeof json === 'string' ? (JSON.parse(json) as StoredUser) : undefined;
  }

  async byIdentifier(identifier: string, tenant?: string): Promise<StoredUser | undefined> {
    const key = identifierKey(identifier);
    const [byName, byEmail] = await this.#call(() => this.client.mGet([this.#nameKey(key), this.#emailKey(key)]));
    const subject = byName ?? byEmail;
    const user = typeof subject === 'string' ? await this.bySubject(subject) : undefined;
    return user && inTenant(user, tenant) ? user : undefined;
  }

  async create(user: StoredUser): Promise<CreateUserResult> {
    const keys = [this.#userKey(user.subject), this.#nameKey(identifierKey(user.userName))];
    if (user.email !== undefined) keys.push(this.#emailKey(identifierKey(user.email)));
    const result = await this.#script(CREATE, keys, [JSON.stringify(user), user.subject]);
    if (result === 'ok') return { ok: true };
    return { ok: false, conflict: result === 'email' ? 'email' : 'userName' };
  }

  async update(subject: string, patch: Partial<StoredUser>): Promise<StoredUser | undefined> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const json = await this.#call(() => this.client.get(this.#userKey(subject)));
      if (typeof json !== 'string') return undefined;
      const current = JSON.parse(json) as StoredUser;
      const next = applyUserPatch(current, patch);
      const keys = [
        this.#userKey(subject),
        this.#nameKey(identifierKey(current.userName)),
        this.#nameKey(identifierKey(next.userName)),
        this.#emailKey(current.email === undefined ? '' : identifierKey(current.email)),
        this.#emailKey(next.email === undefined ? '' : identifierKey(next.email)),
      ];
      const args = [json, JSON.stringify(next), subject, current.email === undefined ? '0' : '1', next.email === undefined ? '0' : '1'];
      const result = await this.#script(UPDATE, keys, args);
      if (result === 'ok') return next;
      if (result === 'missing') return undefined;
      if (result !== 'stale') {
        const conflict = result as UserConflict;
        throw new UserStoreError('conflict', conflict === 'email' ? 'the e-mail address is taken' : 'the user name is taken', conflict);
      }
    }
    throw new GrantStoreError('backend_error', `user ${subject} kept changing; update gave up after ${MAX_ROUNDS} rounds`);
  }

  async delete(subject: string): Promise<boolean> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const json = await this.#call(() => this.client.get(this.#userKey(subject)));
      if (typeof json !== 'string') return false;
      const current = JSON.parse(json) as StoredUser;
      const keys = [this.#userKey(subject), this.#nameKey(identifierKey(current.userName)), this.#familiesKey(subject)];
      if (current.email !== undefined) keys.push(this.#emailKey(identifierKey(current.email)));
      const result = await this.#script(DELETE, keys, [json]);
      if (result !== 'stale') return result === 'ok';
    }
    throw new GrantStoreError('backend_error', `user ${subject} kept changing; delete gave up after ${MAX_ROUNDS} rounds`);
  }

  async trackGrantFamily(subject: string, familyId: string, expiresAt: number): Promise<void> {
    await this.#script(TRACK, [this.#familiesKey(subject)], [String(this.now()), String(expiresAt), familyId]);
  }

  async takeGrantFamilies(subject: string): Promise<string[]> {
    return (await this.#script(TAKE, [this.#familiesKey(subject)], [String(this.now())])) as string[];
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true; // also ends the seeding on reconnects of a shared client
    if (this.owned) await closeClient(this.client);
  }

  #userKey = (subject: string) => `${this.prefix}user:s:${subject}`;
  #nameKey = (key: string) => `${this.prefix}user:n:${key}`;
  #emailKey = (key: string) => `${this.prefix}user:e:${key}`;
  #familiesKey = (subject: string) => `${this.prefix}user:g:${subject}`;

  #script(script: Script, keys: string[], args: string[]): Promise<unknown> {
    return this.#call(() => runScript(this.client, script, keys, args));
  }

  async #call<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (cause) {
      if (cause instanceof UserStoreError || cause instanceof GrantStoreError) throw cause;
      // The error every Redis store raises for an outage, so the routes answer 503 as they do for the others.
      throw new GrantStoreError('backend_error', `Redis user store: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    }
  }
}
