/**
 * Redis implementations of the {@link ExternalLoginStore} (federation links) and the {@link ReplayStore} (DPoP
 * proof `jti`s), for several gateway instances on one Redis (node-redis v6). Both are one string key per record:
 *
 * | Key | Content | TTL |
 * | --- | --- | --- |
 * | `{p}extlogin:{hash}` | the local subject | none (`SET NX`: the first link wins) |
 * | `{p}replay:{hash}` | `1` | the value's replay window (`SET NX EX`) |
 *
 * `{p}` is `redisKeyPrefix`, `{hash}` base64url SHA-256 (`externalLoginKey`, `replayKey`).
 */
import { GrantStoreError } from './grant-store.js';
import { closeClient, connectClient, throttledConsoleError, type GrantStoreRedisClient } from './redis-grant-store.js';
import { externalLoginKey, type ExternalIdentity, type ExternalLoginStore } from './external-login-store.js';
import { replayKey, type ReplayStore } from './replay-store.js';

/** A connection of a store: its own (closed with it) or a shared one. */
abstract class RedisRecordStore {
  #closed = false;

  protected constructor(
    readonly client: GrantStoreRedisClient,
    private readonly owned: boolean,
    protected readonly prefix: string,
    private readonly label: string,
  ) {}

  /** Connects its own client to `url`. @throws GrantStoreError `backend_error` when Redis is unreachable for 5 s */
  protected static open(url: string, label: string): Promise<GrantStoreRedisClient> {
    return connectClient(url, 5000, false, throttledConsoleError(label));
  }

  async close(): Promise<void> {
    if (this.#closed || !this.owned) return;
    this.#closed = true;
    await closeClient(this.client);
  }

  protected async call<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (cause) {
      throw new GrantStoreError('backend_error', `Redis ${this.label}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    }
  }
}

export interface RedisRecordStoreOptions {
  /** `redis://…`; required unless `client` is given. */
  url?: string;
  /** A connected client to share; the store then does not close it. */
  client?: GrantStoreRedisClient;
  /** Prepended to every key (default `ava:as:`). */
  keyPrefix?: string;
}

async function clientOf(options: RedisRecordStoreOptions, label: string, open: (url: string, label: string) => Promise<GrantStoreRedisClient>) {
  if (options.client) return { client: options.client, owned: false };
  if (!options.url) throw new GrantStoreError('invalid_argument', `${label} needs a url or a client`);
  return { client: await open(options.url, label), owned: true };
}

export class RedisExternalLoginStore extends RedisRecordStore implements ExternalLoginStore {
  static async connect(options: RedisRecordStoreOptions): Promise<RedisExternalLoginStore> {
    const { client, owned } = await clientOf(options, 'external-login-store', RedisRecordStore.open);
    return new RedisExternalLoginStore(client, owned, options.keyPrefix ?? 'ava:as:', 'external-login-store');
  }

  #key(identity: ExternalIdentity): string {
    return `${this.prefix}extlogin:${externalLoginKey(identity)}`;
  }

  async find(identity: ExternalIdentity): Promise<string | undefined> {
    const value = await this.call(() => this.client.get(this.#key(identity)));
    return typeof value === 'string' ? value : undefined;
  }

  async link(identity: ExternalIdentity, localSubject: string): Promise<string> {
    const key = this.#key(identity);
    const set = await this.call(() => this.client.set(key, localSubject, { condition: 'NX' }));
    if (set === 'OK') return localSubject;
    const held = await this.call(() => this.client.get(key));
    return typeof held === 'string' ? held : localSubject;
  }

  async unlink(identity: ExternalIdentity): Promise<boolean> {
    return (await this.call(() => this.client.unlink(this.#key(identity)))) > 0;
  }
}

export class RedisReplayStore extends RedisRecordStore implements ReplayStore {
  static async connect(options: RedisRecordStoreOptions): Promise<RedisReplayStore> {
    const { client, owned } = await clientOf(options, 'replay-store', RedisRecordStore.open);
    return new RedisReplayStore(client, owned, options.keyPrefix ?? 'ava:as:', 'replay-store');
  }

  async firstUse(key: string, ttlSeconds: number): Promise<boolean> {
    const ttl = Math.max(1, Math.ceil(ttlSeconds));
    const set = await this.call(() => this.client.set(`${this.prefix}replay:${replayKey(key)}`, '1', { condition: 'NX', expiration: { type: 'EX', value: ttl } }));
    return set === 'OK';
  }
}
