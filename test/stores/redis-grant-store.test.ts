/**
 * The grant store contract against a real Redis. Runs when REDIS_URL is set (CI: redis://127.0.0.1:6379), e.g.
 * `REDIS_URL=redis://127.0.0.1:6379 npx vitest run test/stores`; otherwise skipped with a warning. Every run
 * uses its own key prefix and deletes its keys afterwards.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrantStoreError, hashHandle, newHandle, type GrantStore } from '../../core/stores/grant-store.js';
import { createGrantStore } from '../../core/stores/index.js';
import { RedisGrantStore, type GrantStoreRedisClient } from '../../core/stores/redis-grant-store.js';
import { defineGrantStoreContract } from './grant-store-contract.js';

const REDIS_URL = process.env['REDIS_URL'];

if (!REDIS_URL) {
  console.warn('redis store tests skipped: REDIS_URL is not set');
  describe.skip('RedisGrantStore (REDIS_URL is not set)', () => {
    it('runs the grant store contract against Redis', () => {});
  });
} else {
  const url = REDIS_URL;
  const prefix = `ava-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  let admin: GrantStoreRedisClient;

  const keysOfRun = async (): Promise<string[]> => {
    const keys: string[] = [];
    for await (const batch of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) keys.push(...batch);
    return keys;
  };

  beforeAll(async () => {
    admin = createClient({ url, commandOptions: { timeout: 0 } });
    admin.on('error', () => {});
    await admin.connect();
  });

  afterAll(async () => {
    if (!admin) return;
    const keys = await keysOfRun();
    if (keys.length) await admin.unlink(keys);
    await admin.close();
  });

  defineGrantStoreContract('RedisGrantStore', async () => {
    const opened: GrantStore[] = [];
    const open = async () => {
      const store = await RedisGrantStore.connect({ url, keyPrefix: prefix });
      opened.push(store);
      return store;
    };
    const store = await open();
    return {
      store,
      now: Date.now,
      advance: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      rawDump: async () => {
        const parts: string[] = [];
        for (const key of await keysOfRun()) {
          const type = await admin.type(key);
          let value: unknown;
          if (type === 'hash') value = await admin.hGetAll(key);
          else if (type === 'set') value = await admin.sMembers(key);
          else if (type === 'string') value = await admin.get(key);
          else value = `(${type})`;
          parts.push(`${key} ${JSON.stringify(value)}`);
        }
        return parts.join('\n');
      },
      openPeer: open,
      close: async () => {
        await Promise.all(opened.map((s) => s.close()));
      },
    };
  });

  describe('RedisGrantStore specifics', () => {
    it('keeps the family set alive as long as its longest member, and tombstones a revoked family', async () => {
      const store = await RedisGrantStore.connect({ url, keyPrefix: prefix });
      try {
        const familyId = newHandle(16);
        const now = Date.now() / 1000;
        await store.save('refresh_token', newHandle(), { clientId: 'c', scopes: [], familyId, expiresAt: now + 3600 });
        await store.save('authorization_code', newHandle(), { clientId: 'c', scopes: [], familyId, expiresAt: now + 60 });
        const ttl = await admin.pTTL(`${prefix}family:${familyId}`);
        expect(ttl).toBeGreaterThan(3_590_000);
        expect(ttl).toBeLessThanOrEqual(3_600_000);
        const handle = newHandle();
        await store.save('reference_token', handle, { clientId: 'c', scopes: [], familyId, expiresAt: now + 30 });
        expect(await admin.pTTL(`${prefix}grant:${hashHandle('reference_token', handle)}`)).toBeLessThanOrEqual(30_000);

        expect(await store.revokeFamily(familyId)).toBe(3);
        expect(await admin.exists(`${prefix}family:${familyId}`)).toBe(0);
        expect(await admin.pTTL(`${prefix}revoked:${familyId}`)).toBeGreaterThan(3_590_000);
      } finally {
        await store.close();
      }
    });

    it('prunes expired members from a family set instead of growing without bound', async () => {
      const store = await RedisGrantStore.connect({ url, keyPrefix: prefix });
      try {
        const familyId = newHandle(16);
        const short = Date.now() / 1000 + 0.2;
        for (let i = 0; i < 40; i++) await store.save('reference_token', newHandle(), { clientId: 'c', scopes: [], familyId, expiresAt: short });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const long = Date.now() / 1000 + 60;
        await Promise.all(Array.from({ length: 24 }, () => store.save('reference_token', newHandle(), { clientId: 'c', scopes: [], familyId, expiresAt: long })));
        expect(await admin.sCard(`${prefix}family:${familyId}`)).toBe(24);
        expect(await store.revokeFamily(familyId)).toBe(24);
      } finally {
        await store.close();
      }
    });

    it('createGrantStore with a URL connects to Redis', async () => {
      const store = await createGrantStore({ redisUrl: url, keyPrefix: prefix });
      expect(store).toBeInstanceOf(RedisGrantStore);
      await store.close();
    });

    it('fails fast with a clear error when Redis is unreachable, without leaking the password', async () => {
      const t = Date.now();
      const error = await RedisGrantStore.connect({ url: 'redis://:s3cret@127.0.0.1:1', connectTimeoutMs: 300, onError: () => {} }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(GrantStoreError);
      expect((error as GrantStoreError).code).toBe('backend_error');
      expect((error as Error).message).toContain('redis://127.0.0.1:1');
      expect((error as Error).message).not.toContain('s3cret');
      expect(Date.now() - t).toBeLessThan(2000);
    });
  });
}
