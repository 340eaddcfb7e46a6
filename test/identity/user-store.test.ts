/** The user store contract (./user-store-contract.ts) in memory and, with REDIS_URL, in Redis; the memory store's seed. */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { RedisUserStore } from '../../core/stores/redis-user-store.js';
import { describeWithRedis } from '../support/redis.js';
import { MemoryUserStore } from '../../core/stores/memory-user-store.js';
import { someUser, userStoreContract } from './user-store-contract.js';

userStoreContract('MemoryUserStore', async () => new MemoryUserStore());

describe('MemoryUserStore seed', () => {
  it('holds the seed and refuses a seed with a duplicate user name', async () => {
    const seed = someUser({ userName: 'demo', email: 'demo@example.org' });
    expect(await new MemoryUserStore([seed]).byIdentifier('DEMO')).toEqual(seed);
    expect(() => new MemoryUserStore([seed, someUser({ userName: 'Demo' })])).toThrow(/userName is used by another configured user/);
  });
});

describeWithRedis('RedisUserStore', ({ redisUrl, redisKeyPrefix }) => {
  userStoreContract('RedisUserStore', () => RedisUserStore.connect({ url: redisUrl, keyPrefix: `${redisKeyPrefix}${randomUUID()}:` }));

  it('seeds configured users: a reset password survives a restart, a changed configuration wins; keys hold no names', async () => {
    const keyPrefix = `${redisKeyPrefix}seed:`;
    const seed = someUser({ userName: 'Seeded', email: 'seeded@example.org', passwordHash: 'configured', configuredPasswordHash: 'configured' });
    const first = await RedisUserStore.connect({ url: redisUrl, keyPrefix, seed: [seed] });
    await first.update(seed.subject, { passwordHash: 'reset' });
    await first.close();
    const second = await RedisUserStore.connect({ url: redisUrl, keyPrefix, seed: [seed] });
    expect((await second.byIdentifier('seeded@EXAMPLE.org'))?.passwordHash).toBe('reset');
    const changed = { ...seed, passwordHash: 'new-configured', configuredPasswordHash: 'new-configured', disabled: true, roles: ['admin'] };
    const third = await RedisUserStore.connect({ url: redisUrl, keyPrefix, seed: [changed] });
    const admin = createClient({ url: redisUrl });
    await admin.connect();
    try {
      expect(await third.bySubject(seed.subject)).toMatchObject({ passwordHash: 'new-configured', disabled: true, roles: ['admin'] });
      await third.close();
      const keys: string[] = [];
      for await (const batch of admin.scanIterator({ MATCH: `${keyPrefix}*` })) keys.push(...batch);
      expect(keys.length).toBe(3);
      expect(keys.join().toLowerCase()).not.toContain('seeded');
    } finally {
      await admin.close();
      await second.close();
    }
  });

  it('writes the configured users again when it reconnects to a Redis that lost them', async () => {
    const keyPrefix = `${redisKeyPrefix}${randomUUID()}:`;
    const seed = someUser({ userName: 'Configured', email: 'configured@example.org' });
    const store = await RedisUserStore.connect({ url: redisUrl, keyPrefix, seed: [seed], onError: () => undefined });
    const admin = createClient({ url: redisUrl });
    await admin.connect();
    try {
      // Redis comes back empty (as after a restart without persistence): the store's keys gone, its connection cut
      for await (const batch of admin.scanIterator({ MATCH: `${keyPrefix}*` })) if (batch.length) await admin.del(batch);
      expect(await store.byIdentifier('configured')).toBeUndefined();
      const id = await store.client.clientId();
      await admin.sendCommand(['CLIENT', 'KILL', 'ID', String(id)]);
      await expect.poll(() => store.byIdentifier('configured').catch(() => undefined), { timeout: 10_000 }).toMatchObject({ subject: seed.subject });
    } finally {
      await admin.close();
      await store.close();
    }
  });
});
