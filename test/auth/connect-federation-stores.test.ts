/**
 * The stores behind federation and DPoP, in memory and in Redis alike: the external login links (find, an atomic
 * first link that a second cannot overwrite, unlink; the four key parts kept apart; keys stored only as hashes)
 * and the replay cache of DPoP proof `jti`s (first use true, a replay false, free again after its window; of
 * concurrent uses exactly one wins).
 */
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import {
  MemoryExternalLoginStore, MemoryReplayStore, RedisExternalLoginStore, RedisReplayStore, type ExternalLoginStore, type ReplayStore,
} from '../../core/stores/index.js';
import { describeWithRedis } from '../support/redis.js';

const alice = { tenant: 'default', provider: 'corp', issuer: 'https://id.corp.example', subject: 'alice' };

function linksBehave(name: string, make: () => Promise<ExternalLoginStore>) {
  it(`${name}: links once, keeps the first link, separates tenant, provider, issuer and subject`, async () => {
    const store = await make();
    try {
      expect(await store.find(alice)).toBeUndefined();
      expect(await store.link(alice, 'local-1')).toBe('local-1');
      expect(await store.link(alice, 'local-2')).toBe('local-1');
      expect(await store.find(alice)).toBe('local-1');
      for (const other of [{ ...alice, tenant: 'partner' }, { ...alice, provider: 'corp2' }, { ...alice, issuer: 'https://other.example' }, { ...alice, subject: 'alice2' }]) {
        expect(await store.find(other)).toBeUndefined();
      }
      // Length-prefixed parts: moving a character between parts names another identity.
      expect(await store.find({ ...alice, provider: 'cor', tenant: 'defaultp' })).toBeUndefined();
      const racers = await Promise.all(['a', 'b', 'c', 'd'].map((s) => store.link({ ...alice, subject: 'race' }, s)));
      expect(new Set(racers).size).toBe(1);
      expect(await store.unlink(alice)).toBe(true);
      expect(await store.unlink(alice)).toBe(false);
      expect(await store.find(alice)).toBeUndefined();
    } finally {
      await store.close();
    }
  });
}

function replaysBehave(name: string, make: () => Promise<{ store: ReplayStore; advance: (s: number) => Promise<void> }>) {
  it(`${name}: a key is new once within its window, then new again; concurrent uses have one winner`, async () => {
    const { store, advance } = await make();
    try {
      const key = `jti-${Math.random()}`;
      expect(await store.firstUse(key, 1)).toBe(true);
      expect(await store.firstUse(key, 1)).toBe(false);
      expect(await store.firstUse(key + 'x', 1)).toBe(true);
      await advance(1.5);
      expect(await store.firstUse(key, 1)).toBe(true);
      const results = await Promise.all(Array.from({ length: 8 }, () => store.firstUse(`${key}-race`, 60)));
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
}

describe('memory stores', () => {
  linksBehave('MemoryExternalLoginStore', async () => new MemoryExternalLoginStore());
  let clock = Date.now();
  replaysBehave('MemoryReplayStore', async () => ({ store: new MemoryReplayStore(() => clock), advance: async (s) => void (clock += s * 1000) }));
});

describeWithRedis('Redis stores', ({ redisUrl, redisKeyPrefix }) => {
  linksBehave('RedisExternalLoginStore', () => RedisExternalLoginStore.connect({ url: redisUrl, keyPrefix: redisKeyPrefix }));
  replaysBehave('RedisReplayStore', async () => ({
    store: await RedisReplayStore.connect({ url: redisUrl, keyPrefix: redisKeyPrefix }),
    advance: (s) => new Promise((resolve) => setTimeout(resolve, s * 1000)),
  }));

  it('Redis holds neither upstream subjects nor jtis in clear', async () => {
    const links = await RedisExternalLoginStore.connect({ url: redisUrl, keyPrefix: redisKeyPrefix });
    const replays = await RedisReplayStore.connect({ url: redisUrl, keyPrefix: redisKeyPrefix });
    const raw = createClient({ url: redisUrl });
    await raw.connect();
    try {
      await links.link({ ...alice, subject: 'visible-subject' }, 'local-9');
      await replays.firstUse('visible-jti', 30);
      const keys = await raw.keys(`${redisKeyPrefix}*`);
      expect(keys.some((k) => k.startsWith(`${redisKeyPrefix}extlogin:`))).toBe(true);
      expect(keys.some((k) => k.startsWith(`${redisKeyPrefix}replay:`))).toBe(true);
      expect(keys.join(' ')).not.toMatch(/visible/);
    } finally {
      await raw.close();
      await links.close();
      await replays.close();
    }
  });
});
