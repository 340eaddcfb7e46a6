/**
 * Redis {@link GrantStore} (`redis` package, node-redis v6), used when `REDIS_URL` is set so that several gateway
 * instances share grants. Layout, in the spirit of panva/node-oidc-provider, example/adapters/redis.js (`{p}` = key prefix, default `ava:as:`):
 *
 * | Key | Type | Content | TTL |
 * | --- | --- | --- | --- |
 * | `{p}grant:{hashHandle(kind, handle)}` | hash | `kind clientId subject tenant scopes(JSON) familyId createdAt expiresAt consumedAt deviceStatus lastPolledAt userCodeKey`, plus `d:<name>` = JSON of each `data` entry | the grant's |
 * | `{p}family:{familyId}` | set | full grant keys of the family | raised to the longest member's |
 * | `{p}usercode:{hashUserCode(userCode)}` | string | full grant key of the device grant | the grant's |
 * | `{p}revoked:{familyId}` | string | `1`: tombstone refusing new members after `revokeFamily` | family's remaining life, ≥ 5 min |
 * | `{p}subject:{hashClientSubject(clientId, subject)}` | set | family ids holding refresh tokens of that client and user | raised to the longest refresh token's |
 *
 * Every operation is one round trip: `find` is one `HGETALL`, everything else one Lua script (`EVALSHA`, falling
 * back to `EVAL` after a script cache flush). A script runs atomically on the server, which fixes the weak spots of
 * the oidc-provider reference adapter (oauth.md §5.4): TTL read outside MULTI, non-atomic find+consume, unbounded
 * grant lists (family sets are pruned of expired members every 64 additions). No `KEYS`/`SCAN` anywhere.
 *
 * Scripts touch keys they read from other keys (family members, the user code target), which standalone Redis and
 * replication allow but Redis Cluster does not: this store targets a single primary (with replicas/Sentinel).
 *
 * TTLs are computed from the gateway's clock (`PEXPIRE` with `expiresAt − now`), so a skewed Redis server clock
 * does not shorten or lengthen grants.
 */
import { createClient, type RedisClientType } from 'redis';
import { CONSUME, DECIDE, FAMILY_PRUNE_EVERY, FIND_BY_USER_CODE, POLL, REMOVE, REVOKE_FAMILY, SAVE, SCRIPTS, UPDATE, type Script } from './redis-grant-scripts.js';
import { runScript } from './redis-script.js';
import {
  MIN_REVOKED_FAMILY_TTL_MS,
  GRANT_KINDS,
  GrantStoreError,
  assertKind,
  assertNonEmpty,
  hashHandle,
  hashClientSubject,
  hashUserCode,
  prepareSave,
  preparePatch,
  type ConsumeOptions,
  type ConsumeResult,
  type DeviceDecision,
  type DeviceDecisionResult,
  type DevicePollResult,
  type DeviceStatus,
  type GrantInput,
  type GrantKind,
  type GrantPatch,
  type GrantStore,
  type SaveOptions,
  type StoredGrant,
} from './grant-store.js';

/** The node-redis client type this store uses (RESP3, default modules). */
export type GrantStoreRedisClient = RedisClientType;

/** Options of {@link RedisGrantStore.connect}. */
export interface RedisGrantStoreOptions {
  /** `redis://[[user]:password@]host[:port][/db]` or `rediss://…`. Required unless `client` is given. */
  url?: string;
  /**
   * An already connected client to share (e.g. with other stores). The store then does not close it. Set
   * `commandOptions: { timeout: 0 }` on it for throughput (redis/node-redis, docs/command-options.md).
   */
  client?: GrantStoreRedisClient;
  /** Prepended to every key (default `ava:as:`); lets several deployments or test runs share one Redis. */
  keyPrefix?: string;
  /** The clock, epoch milliseconds (default `Date.now`). */
  now?: () => number;
  /** How long `connect` waits for the first successful connection before failing, ms (default 5000). */
  connectTimeoutMs?: number;
  /**
   * Whether commands issued while an owned client is reconnecting wait for the connection (node-redis' offline
   * queue) instead of failing at once with `backend_error`. Default `false`: with no per-command timeout
   * (see `connect`) a queued command would hold its HTTP request for the whole outage.
   */
  offlineQueue?: boolean;
  /**
   * Receives connection errors of an owned client (node-redis reconnects by itself). Default: `console.error`,
   * at most once per 10 s.
   */
  onError?: (error: Error) => void;
}

/** Default key prefix. */
export const DEFAULT_KEY_PREFIX = 'ava:as:';

const DATA_PREFIX = 'd:';

/** The Redis grant store. Create with {@link RedisGrantStore.connect}; see {@link GrantStore} for the contract. */
export class RedisGrantStore implements GrantStore {
  readonly #client: GrantStoreRedisClient;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #now: () => number;
  #closed = false;

  private constructor(client: GrantStoreRedisClient, owned: boolean, prefix: string, now: () => number) {
    this.#client = client;
    this.#owned = owned;
    this.#prefix = prefix;
    this.#now = now;
  }

  /**
   * Connects (or adopts `options.client`), loads the Lua scripts and returns the store.
   * @throws GrantStoreError `invalid_argument` without `url`/`client`; `backend_error` when Redis is not reachable
   *   within `connectTimeoutMs` (the message names host and port, never the password).
   */
  static async connect(options: RedisGrantStoreOptions): Promise<RedisGrantStore> {
    const prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    const now = options.now ?? Date.now;
    let client = options.client;
    const owned = client === undefined;
    if (!client) {
      if (!options.url) throw new GrantStoreError('invalid_argument', 'RedisGrantStore needs a url or a client');
      client = await connectClient(
        options.url,
        options.connectTimeoutMs ?? 5000,
        options.offlineQueue ?? false,
        options.onError ?? throttledConsoleError(),
      );
    }
    const store = new RedisGrantStore(client, owned, prefix, now);
    try {
      await Promise.all(SCRIPTS.map((s) => client.scriptLoad(s.source)));
    } catch (cause) {
      if (owned) client.destroy();
      throw new GrantStoreError('backend_error', `could not load the grant store scripts into Redis: ${messageOf(cause)}`, { cause });
    }
    return store;
  }

  /** The key prefix in use. */
  get keyPrefix(): string {
    return this.#prefix;
  }

  async save(kind: GrantKind, handle: string, input: GrantInput, options?: SaveOptions): Promise<void> {
    const p = prepareSave(kind, handle, input, options, this.#now());
    const g = p.grant;
    const fields: string[] = [
      'kind', g.kind,
      'clientId', g.clientId,
      'scopes', JSON.stringify(g.scopes),
      'familyId', g.familyId,
      'createdAt', String(g.createdAt),
      'expiresAt', String(g.expiresAt),
    ];
    if (g.subject !== undefined) fields.push('subject', g.subject);
    if (g.tenant !== undefined) fields.push('tenant', g.tenant);
    if (g.deviceStatus !== undefined) fields.push('deviceStatus', g.deviceStatus);
    const keys = [this.#grantKey(p.key), this.#familyKey(g.familyId), this.#revokedKey(g.familyId)];
    // The fourth key: the user code of a device grant, or the client+subject index of a refresh token's family.
    let index: [string, string] = ['-', ''];
    if (p.userCodeKey !== undefined) {
      const ucKey = this.#userCodeKey(p.userCodeKey);
      keys.push(ucKey);
      fields.push('userCodeKey', ucKey);
      index = ['u', ''];
    } else if (kind === 'refresh_token' && g.subject !== undefined) {
      keys.push(this.#subjectKey(g.clientId, g.subject));
      index = ['s', g.familyId];
    }
    for (const [k, v] of p.data) fields.push(DATA_PREFIX + k, v);
    const r = await this.#run(SAVE, keys, [String(p.ttlMs), String(FAMILY_PRUNE_EVERY), ...index, ...fields]);
    if (r === -1) throw new GrantStoreError('duplicate_handle', 'a live grant already has this handle');
    if (r === -2) throw new GrantStoreError('duplicate_user_code', 'a live device grant already has this user code');
    if (r === -3) throw new GrantStoreError('family_revoked', 'the grant family has been revoked');
  }

  async find(kind: GrantKind, handle: string): Promise<StoredGrant | undefined> {
    const key = this.#grantKey(keyOf(kind, handle));
    let fields: Record<string, string>;
    try {
      fields = (await this.#client.hGetAll(key)) as Record<string, string>;
    } catch (cause) {
      throw backendError(cause);
    }
    return this.#live(fromFields(fields));
  }

  async consume(kind: GrantKind, handle: string, options?: ConsumeOptions): Promise<ConsumeResult> {
    const key = this.#grantKey(keyOf(kind, handle));
    const now = this.#nowSeconds();
    const [code, flat] = tuple(await this.#run(CONSUME, [key], [String(now), ...clientCheck(options)]));
    if (code === 3) return { status: 'client_mismatch' };
    const grant = this.#live(fromFlat(flat));
    if (!grant) return { status: 'not_found' };
    if (code === 1) return { status: 'consumed', grant: { ...grant, consumedAt: now } };
    return { status: 'already_consumed', grant };
  }

  async update(kind: GrantKind, handle: string, patch: GrantPatch): Promise<StoredGrant | undefined> {
    const key = this.#grantKey(keyOf(kind, handle));
    const args = patchArgs(preparePatch(patch));
    return this.#live(fromFlat(await this.#run(UPDATE, [key], args)));
  }

  async remove(kind: GrantKind, handle: string): Promise<boolean> {
    const key = this.#grantKey(keyOf(kind, handle));
    return (await this.#run(REMOVE, [key], [this.#familyKey('')])) === 1;
  }

  async revokeFamily(familyId: string): Promise<number> {
    assertNonEmpty(familyId, 'familyId');
    const keys = [this.#familyKey(familyId), this.#revokedKey(familyId)];
    const n = await this.#run(REVOKE_FAMILY, keys, [String(MIN_REVOKED_FAMILY_TTL_MS)]);
    return typeof n === 'number' ? n : 0;
  }

  async revokeRefreshFamilies(clientId: string, subject: string): Promise<number> {
    assertNonEmpty(clientId, 'clientId');
    assertNonEmpty(subject, 'subject');
    const key = this.#subjectKey(clientId, subject);
    let families: string[];
    try {
      families = await this.#client.sMembers(key);
    } catch (cause) {
      throw backendError(cause);
    }
    let removed = 0;
    for (const familyId of families) removed += await this.revokeFamily(familyId);
    await this.#client.del(key).catch((cause: unknown) => {
      throw backendError(cause);
    });
    return removed;
  }

  async findByUserCode(userCode: string): Promise<StoredGrant | undefined> {
    assertNonEmpty(userCode, 'userCode');
    const key = this.#userCodeKey(hashUserCode(userCode));
    return this.#live(fromFlat(await this.#run(FIND_BY_USER_CODE, [key], [])));
  }

  async decideDevice(userCode: string, decision: DeviceDecision): Promise<DeviceDecisionResult> {
    assertNonEmpty(userCode, 'userCode');
    if (decision.approve) assertNonEmpty(decision.subject, 'subject');
    const status: DeviceStatus = decision.approve ? 'approved' : 'denied';
    const args = decision.approve
      ? patchArgs(preparePatch({ subject: decision.subject, ...(decision.scopes && { scopes: decision.scopes }), ...(decision.data && { data: decision.data }) }))
      : ['0'];
    const key = this.#userCodeKey(hashUserCode(userCode));
    const [code, flat] = tuple(await this.#run(DECIDE, [key], [status, ...args]));
    const grant = this.#live(fromFlat(flat));
    if (!grant) return { status: 'not_found' };
    return { status: code === 1 ? 'decided' : 'already_decided', grant };
  }

  async pollDevice(deviceCode: string, options?: ConsumeOptions): Promise<DevicePollResult> {
    const key = this.#grantKey(keyOf('device_code', deviceCode));
    const now = this.#nowSeconds();
    const [code, flat] = tuple(await this.#run(POLL, [key], [String(now), ...clientCheck(options)]));
    if (code === 3) return { status: 'client_mismatch' };
    const before = this.#live(fromFlat(flat));
    if (!before) return { status: 'not_found' };
    if (code === 2) return { status: 'already_consumed', grant: before };
    const grant: StoredGrant = { ...before, lastPolledAt: now };
    if (code === 1) return { status: 'approved', grant: { ...grant, consumedAt: now } };
    if (code === 4) return { status: 'denied', grant };
    return { status: 'pending', grant, ...(before.lastPolledAt !== undefined && { previousPollAt: before.lastPolledAt }) };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#owned) await closeClient(this.#client);
  }

  #grantKey(hash: string): string {
    return `${this.#prefix}grant:${hash}`;
  }

  #familyKey(familyId: string): string {
    return `${this.#prefix}family:${familyId}`;
  }

  #revokedKey(familyId: string): string {
    return `${this.#prefix}revoked:${familyId}`;
  }

  #subjectKey(clientId: string, subject: string): string {
    return `${this.#prefix}subject:${hashClientSubject(clientId, subject)}`;
  }

  #userCodeKey(hash: string): string {
    return `${this.#prefix}usercode:${hash}`;
  }

  #nowSeconds(): number {
    return Math.floor(this.#now() / 1000);
  }

  /** Redis drops a key at its PEXPIRE instant; this also hides one the gateway's clock sees as expired. */
  #live(grant: StoredGrant | undefined): StoredGrant | undefined {
    return grant && grant.expiresAt * 1000 > this.#now() ? grant : undefined;
  }

  async #run(script: Script, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await runScript(this.#client, script, keys, args);
    } catch (cause) {
      throw backendError(cause);
    }
  }
}

function keyOf(kind: GrantKind, handle: string): string {
  assertKind(kind);
  assertNonEmpty(handle, 'handle');
  return hashHandle(kind, handle);
}

function clientCheck(options: ConsumeOptions | undefined): [string, string] {
  return options?.clientId === undefined ? ['0', ''] : ['1', options.clientId];
}

/** ARGV for UPDATE/DECIDE: count of fields to delete, those fields, then field/value pairs. */
function patchArgs(change: ReturnType<typeof preparePatch>): string[] {
  const del: string[] = [];
  const set: string[] = [];
  if (change.subject !== undefined) set.push('subject', change.subject);
  if (change.scopes !== undefined) set.push('scopes', JSON.stringify(change.scopes));
  for (const [k, v] of change.data) {
    if (v === undefined) del.push(DATA_PREFIX + k);
    else set.push(DATA_PREFIX + k, v);
  }
  return [String(del.length), ...del, ...set];
}

/** `{code, fields?}` script replies as a pair. */
function tuple(reply: unknown): [number, unknown] {
  if (!Array.isArray(reply) || typeof reply[0] !== 'number') {
    throw new GrantStoreError('backend_error', 'unexpected reply from a grant store script');
  }
  return [reply[0], reply[1]];
}

function fromFlat(flat: unknown): StoredGrant | undefined {
  if (!Array.isArray(flat) || flat.length === 0) return undefined;
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[String(flat[i])] = String(flat[i + 1]);
  return fromFields(fields);
}

function fromFields(f: Record<string, string>): StoredGrant | undefined {
  const kind = f['kind'] as GrantKind | undefined;
  if (kind === undefined || !GRANT_KINDS.includes(kind) || f['clientId'] === undefined || f['familyId'] === undefined) {
    return undefined;
  }
  const data: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(f)) {
    if (name.startsWith(DATA_PREFIX)) data[name.slice(DATA_PREFIX.length)] = JSON.parse(value) as unknown;
  }
  const num = (name: string) => (f[name] === undefined ? undefined : Number(f[name]));
  const consumedAt = num('consumedAt');
  const lastPolledAt = num('lastPolledAt');
  return {
    kind,
    clientId: f['clientId'],
    ...(f['subject'] !== undefined && { subject: f['subject'] }),
    ...(f['tenant'] !== undefined && { tenant: f['tenant'] }),
    scopes: JSON.parse(f['scopes'] ?? '[]') as string[],
    familyId: f['familyId'],
    createdAt: Number(f['createdAt']),
    expiresAt: Number(f['expiresAt']),
    ...(consumedAt !== undefined && { consumedAt }),
    ...(f['deviceStatus'] !== undefined && { deviceStatus: f['deviceStatus'] as DeviceStatus }),
    ...(lastPolledAt !== undefined && { lastPolledAt }),
    data,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function backendError(cause: unknown): GrantStoreError {
  if (cause instanceof GrantStoreError) return cause;
  return new GrantStoreError('backend_error', `Redis grant store: ${messageOf(cause)}`, { cause });
}

/** `host:port/db` of a Redis URL, without credentials, for messages. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '(unparsable REDIS_URL)';
  }
}

/** Logs Redis connection errors to stderr as `[<label>] Redis connection error: …`, at most once per 10 s. */
export function throttledConsoleError(label = 'grant-store'): (error: Error) => void {
  let last = 0;
  return (error) => {
    const t = Date.now();
    if (t - last < 10_000) return;
    last = t;
    console.error(`[${label}] Redis connection error: ${error.message}`);
  };
}

/** Closes a client a store opened itself: gracefully, or by dropping the connection when that fails. */
export async function closeClient(client: GrantStoreRedisClient): Promise<void> {
  try {
    await client.close();
  } catch {
    client.destroy();
  }
}

/**
 * Creates and connects a client (also for the other Redis stores: lockout, rate limits) with `commandOptions: { timeout: 0 }` (node-redis v6's 5 s default per-command
 * timeout costs ~3× throughput under load: redis/node-redis, docs/command-options.md), RESP3 (the v6 default) and, unless asked
 * otherwise, no offline queue (fail fast while reconnecting). node-redis retries a failing first connection
 * forever, so the wait is bounded here.
 */
export async function connectClient(
  url: string,
  timeoutMs: number,
  offlineQueue: boolean,
  onError: (error: Error) => void,
): Promise<GrantStoreRedisClient> {
  const client: GrantStoreRedisClient = createClient({
    url,
    commandOptions: { timeout: 0 },
    disableOfflineQueue: !offlineQueue,
    socket: { connectTimeout: Math.min(timeoutMs, 5000) },
  });
  let lastError: Error | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
    onError(error);
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
      }),
    ]);
  } catch (cause) {
    client.destroy();
    const why = lastError?.message ?? messageOf(cause);
    throw new GrantStoreError('backend_error', `cannot connect to Redis at ${describeUrl(url)} within ${timeoutMs} ms: ${why}`, {
      cause: lastError ?? cause,
    });
  } finally {
    clearTimeout(timer);
  }
  return client;
}
