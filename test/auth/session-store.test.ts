/**
 * The session store behind login sessions and consents: the same behaviour in memory and in Redis (expiry,
 * replacement, removal, keys stored only as hashes), and two gateway instances on one Redis serving the steps of
 * one browser flow (sign-in on one, `prompt=none` and logout on the other).
 */
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySessionStore, RedisSessionStore, type SessionStore } from '../../core/stores/index.js';
import { describeWithRedis } from '../support/redis.js';
import { authHarness, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, browserAuth, pkce, redirectParams } from './browser-support.js';

function behaves(name: string, make: () => Promise<{ store: SessionStore; advance: (seconds: number) => Promise<void> }>) {
  describe(name, () => {
    it('stores, replaces, expires and removes records', async () => {
      const { store, advance } = await make();
      try {
        expect(await store.get('session', 'a')).toBeUndefined();
        await store.set('session', 'a', { subject: 's1' }, 2);
        await store.set('consent', 'a', { scopes: ['openid'] }, 60);
        expect(await store.get('session', 'a')).toEqual({ subject: 's1' });
        expect(await store.get('consent', 'a')).toEqual({ scopes: ['openid'] });
        await store.set('session', 'a', { subject: 's2' }, 2);
        expect(await store.get('session', 'a')).toEqual({ subject: 's2' });
        await advance(3);
        expect(await store.get('session', 'a')).toBeUndefined();
        expect(await store.get('consent', 'a')).toEqual({ scopes: ['openid'] });
        expect(await store.delete('consent', 'a')).toBe(true);
        expect(await store.delete('consent', 'a')).toBe(false);
        expect(await store.get('consent', 'a')).toBeUndefined();
      } finally {
        await store.close();
      }
    });
  });
}

let clockMs = Date.now();
behaves('MemorySessionStore', async () => ({ store: new MemorySessionStore(() => clockMs), advance: async (s) => void (clockMs += s * 1000) }));

describeWithRedis('RedisSessionStore', ({ redisUrl, redisKeyPrefix }) => {
  behaves('RedisSessionStore', async () => ({
    store: await RedisSessionStore.connect({ url: redisUrl, keyPrefix: redisKeyPrefix }),
    advance: (s) => new Promise((resolve) => setTimeout(resolve, s * 1000)),
  }));

  it('keeps no session id in clear: keys are hashes', async () => {
    const store = await RedisSessionStore.connect({ url: redisUrl, keyPrefix: redisKeyPrefix });
    const admin = createClient({ url: redisUrl });
    await admin.connect();
    try {
      await store.set('session', 'secret-session-id', { subject: 'x' }, 30);
      const keys: string[] = [];
      for await (const batch of admin.scanIterator({ MATCH: `${redisKeyPrefix}session:*` })) keys.push(...batch);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join()).not.toContain('secret-session-id');
      expect(await admin.ttl(keys[0])).toBeGreaterThan(25);
    } finally {
      await admin.close();
      await store.close();
    }
  });

  describe('two instances on one Redis', () => {
    let a: AuthHarness;
    let b: AuthHarness;
    beforeAll(async () => {
      const shared = browserAuth({ redisUrl, redisKeyPrefix, auth: { session: { lifetimeSeconds: 600, consentLifetimeSeconds: 600, cookieSecret: 'a-shared-cookie-secret-of-32-characters!' } } });
      a = await authHarness(shared);
      b = await authHarness(shared);
    });
    afterAll(async () => {
      await a.app.close();
      await b.app.close();
    });

    it('a sign-in on one instance serves prompt=none on the other; a logout on the other ends it for both', async () => {
      const url = () => authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', prompt: 'none', code_challenge: pkce().challenge, code_challenge_method: 'S256' });
      const onA = new InjectBrowser(a.app);
      const login = await onA.get(url().replace('prompt=none&', ''));
      await onA.submit(login, { username: 'demo', password: 'demo-password' });
      const onB = new InjectBrowser(b.app);
      for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
      expect(redirectParams(await onB.get(url())).params.code).toBeTruthy();
      const page = await onB.get('/connect/endsession');
      await onB.submit(page, { decision: 'logout' });
      expect(redirectParams(await onA.get(url())).params.error).toBe('login_required');
    });
  });
});
