/**
 * Redis {@link SessionStore} (node-redis v6), used when `redisUrl` is set so that any gateway instance serves any
 * step of a browser flow and a logout ends the session everywhere.
 *
 * | Key | Type | Content | TTL |
 * | --- | --- | --- | --- |
 * | `{p}session:{kind}:{hash}` | string | the record as JSON | the record's lifetime |
 *
 * `{p}` is `redisKeyPrefix`; `{hash}` is base64url SHA-256 of the session id or consent key (`sessionStoreKey`),
 * so Redis holds neither session ids nor user names.
 */
import { GrantStoreError } from './grant-store.js';
import { closeClient, connectClient, throttledConsoleError, type GrantStoreRedisClient } from './redis-grant-store.js';
import { sessionStoreKey, type SessionRecordKind, type SessionStore } from './session-store.js';

export interface RedisSessionStoreOptions {
  /** `redis://…` or `rediss://…`; required unless `client` is given. */
  url?: string;
  /** A connected client to share; the store then does not close it. */
  client?: GrantStoreRedisClient;
  /** Prepended to every key (`redisKeyPrefix`, default `ava:as:`). */
  keyPrefix?: string;
  /** Receives connection errors of an owned client (default: `console.error`, at most once per 10 s). */
  onError?: (error: Error) => void;
}

export class RedisSessionStore implements SessionStore {
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
  static async connect(options: RedisSessionStoreOptions): Promise<RedisSessionStore> {
    const prefix = options.keyPrefix ?? 'ava:as:';
    if (options.client) return new RedisSessionStore(options.client, false, prefix);
    if (!options.url) throw new GrantStoreError('invalid_argument', 'RedisSessionStore needs a url or a client');
    const client = await connectClient(options.url, 5000, false, options.onError ?? throttledConsoleError('session-store'));
    return new RedisSessionStore(client, true, prefix);
  }

  async get(kind: SessionRecordKind, key: string): Promise<Record<string, unknown> | undefined> {
    const json = await this.#call(() => this.client.get(this.#key(kind, key)));
    return typeof json === 'string' ? (JSON.parse(json) as Record<string, unknown>) : undefined;
  }

  async set(kind: SessionRecordKind, key: string, value: Record<string, unknown>, ttlSeconds: number): Promise<void> {
    await this.#call(() => this.client.set(this.#key(kind, key), JSON.stringify(value), { expiration: { type: 'EX', value: Math.max(1, Math.ceil(ttlSeconds)) } }));
  }

  async delete(kind: SessionRecordKind, key: string): Promise<boolean> {
    return (await this.#call(() => this.client.unlink(this.#key(kind, key)))) > 0;
  }

  async close(): Promise<void> {
    if (this.#closed || !this.owned) return;
    this.#closed = true;
    await closeClient(this.client);
  }

  #key(kind: SessionRecordKind, key: string): string {
    return this.prefix + 'session:' + sessionStoreKey(kind, key);
  }

  async #call<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (cause) {
      throw new GrantStoreError('backend_error', `Redis session store: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    }
  }
}
