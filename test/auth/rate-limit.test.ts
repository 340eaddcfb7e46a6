/**
 * Rate limits of `/connect/token`, `/connect/deviceauthorization`, `/connect/introspect` and `/connect/revocation`
 * (`rateLimits`, gateway/connect/rate-limit.ts): 429 with `Retry-After` and the OAuth error body past the limit,
 * per claimed client and per remote address, each endpoint on its own; other routes never limited; nothing when
 * disabled; with REDIS_URL, two instances on one Redis share the counts.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { describeWithRedis } from '../support/redis.js';
import { API_BASIC, FORM_TYPE, LOCAL, LOCAL_BASIC, authHarness, basic, clientToken, extendedAuth } from './connect-support.js';

const TOKEN = '/connect/token';
const DEVICE = '/connect/deviceauthorization';
const INTROSPECT = '/connect/introspect';
const REVOKE = '/connect/revocation';
const REPORTS_BASIC = basic('reports-client', 'reports-secret');
const CC = { grant_type: 'client_credentials', scope: 'avacloud' };

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function gateway(rateLimits: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<FastifyInstance> {
  const { app } = await authHarness(extendedAuth({ rateLimits: { windowSeconds: 60, perClient: 1000, perAddress: 1000, ...rateLimits }, ...extra }));
  apps.push(app);
  return app;
}

/** A form POST from a remote address. */
function post(app: FastifyInstance, url: string, form: Record<string, string>, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url, headers: { ...FORM_TYPE, ...headers }, payload: new URLSearchParams(form).toString(), remoteAddress });
}

function expectTooMany(res: LightMyRequestResponse, what: 'client' | 'address', windowSeconds = 60): void {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds).toBe(true);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({
    error: 'temporarily_unavailable',
    error_description: `too many requests from this ${what} to this endpoint; retry after ${retryAfter} seconds`,
  });
}

describe('rate limits of the /connect endpoints', () => {
  it('per client: the request past perClient answers 429 with Retry-After and the OAuth error; failed secrets count, other clients do not', async () => {
    const app = await gateway({ perClient: 3 });
    expect((await post(app, TOKEN, CC, { authorization: basic(LOCAL.id, 'wrong') })).statusCode).toBe(401);
    expect((await post(app, TOKEN, CC, { authorization: LOCAL_BASIC })).statusCode).toBe(200);
    // the form's client_id names the same client as the Basic user name
    expect((await post(app, TOKEN, { ...CC, client_id: LOCAL.id, client_secret: LOCAL.secret })).statusCode).toBe(200);
    expectTooMany(await post(app, TOKEN, CC, { authorization: LOCAL_BASIC }), 'client');
    expectTooMany(await post(app, TOKEN, { ...CC, client_id: LOCAL.id, client_secret: LOCAL.secret }, {}, '10.9.9.9'), 'client');
    expect((await post(app, TOKEN, CC, { authorization: REPORTS_BASIC })).statusCode).not.toBe(429);
  });

  it('per address: the request past perAddress answers 429 whatever the client, before the body is read; other addresses go on', async () => {
    const app = await gateway({ perAddress: 3 });
    for (const authorization of [LOCAL_BASIC, REPORTS_BASIC, basic('nobody', 'x')]) {
      expect((await post(app, TOKEN, CC, { authorization }, '10.0.0.1')).statusCode).not.toBe(429);
    }
    expectTooMany(await post(app, TOKEN, CC, { authorization: REPORTS_BASIC }, '10.0.0.1'), 'address');
    const notAForm = await app.inject({ method: 'POST', url: TOKEN, headers: { 'content-type': 'text/plain' }, payload: 'x', remoteAddress: '10.0.0.1' });
    expectTooMany(notAForm, 'address');
    expect((await post(app, TOKEN, CC, { authorization: LOCAL_BASIC }, '10.0.0.2')).statusCode).toBe(200);
    // IPv6 addresses of one /64 are one address
    for (let i = 1; i <= 3; i++) expect((await post(app, TOKEN, CC, { authorization: LOCAL_BASIC }, `2001:db8::${i}`)).statusCode).toBe(200);
    expectTooMany(await post(app, TOKEN, CC, { authorization: LOCAL_BASIC }, '2001:db8::ffff'), 'address');
  });

  it('client ids that name no client or API resource share one bucket, so made-up ids gain nothing', async () => {
    const app = await gateway({ perClient: 2 });
    expect((await post(app, TOKEN, CC, { authorization: basic('made-up-1', 'x') })).statusCode).toBe(401);
    expect((await post(app, TOKEN, { ...CC, client_id: 'made-up-2' })).statusCode).toBe(401);
    expectTooMany(await post(app, TOKEN, CC, { authorization: basic('made-up-3', 'x') }), 'client');
    expectTooMany(await post(app, TOKEN, CC), 'client');
    expect((await post(app, TOKEN, CC, { authorization: LOCAL_BASIC })).statusCode).toBe(200);
  });

  it('counts each endpoint on its own, and limits all four', async () => {
    const app = await gateway({ perClient: 2 });
    const token = await clientToken(app);
    await clientToken(app);
    expectTooMany(await post(app, TOKEN, CC, { authorization: LOCAL_BASIC }), 'client');
    const calls: Array<[string, () => Promise<LightMyRequestResponse>]> = [
      [DEVICE, () => post(app, DEVICE, { client_id: 'local-device' })],
      [INTROSPECT, () => post(app, INTROSPECT, { token }, { authorization: API_BASIC })],
      [REVOKE, () => post(app, REVOKE, { token: 'unknown' }, { authorization: LOCAL_BASIC })],
    ];
    for (const [url, call] of calls) {
      expect((await call()).statusCode, url).toBe(200);
      expect((await call()).statusCode, url).toBe(200);
      expectTooMany(await call(), 'client');
    }
  });

  it('leaves every other route alone', async () => {
    const app = await gateway({ perClient: 1, perAddress: 1 });
    const token = await clientToken(app);
    for (let i = 0; i < 5; i++) {
      for (const url of ['/status', '/.well-known/openid-configuration', '/.well-known/openid-configuration/jwks', '/swagger/v1/swagger.json']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['retry-after']).toBeUndefined();
      }
      expect((await app.inject({ url: '/connect/userinfo', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/conversion/ava/ava', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{}' })).statusCode).not.toBe(429);
    }
  });

  it('limits nothing with enabled: false', async () => {
    const app = await gateway({ enabled: false, perClient: 1, perAddress: 1 });
    for (let i = 0; i < 5; i++) {
      const res = await post(app, TOKEN, CC, { authorization: LOCAL_BASIC });
      expect(res.statusCode).toBe(200);
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });
});

describeWithRedis('rate limits shared on one Redis', ({ redisUrl, redisKeyPrefix }) => {
  it('two instances count the same client and address, under redisKeyPrefix with a TTL', async () => {
    const [a, b] = [await gateway({ perClient: 4 }, { redisUrl, redisKeyPrefix }), await gateway({ perClient: 4 }, { redisUrl, redisKeyPrefix })];
    for (const app of [a, b, a, b]) expect((await post(app, TOKEN, CC, { authorization: LOCAL_BASIC })).statusCode).toBe(200);
    expectTooMany(await post(a, TOKEN, CC, { authorization: LOCAL_BASIC }), 'client');
    expectTooMany(await post(b, TOKEN, CC, { authorization: LOCAL_BASIC }), 'client');
    // other endpoints keep their own counts in the shared store
    expect((await post(b, REVOKE, { token: 'x' }, { authorization: LOCAL_BASIC })).statusCode).toBe(200);
    expect((await post(a, INTROSPECT, { token: 'x' }, { authorization: API_BASIC })).statusCode).toBe(200);

    const admin = createClient({ url: redisUrl });
    await admin.connect();
    try {
      const key = `${redisKeyPrefix}ratelimit:${TOKEN}|client|${LOCAL.id}`;
      expect(await admin.get(key)).toBe('6');
      const ttl = await admin.pTTL(key);
      expect(ttl > 0 && ttl <= 60_000).toBe(true);
      expect(await admin.get(`${redisKeyPrefix}ratelimit:${TOKEN}|address|127.0.0.1`)).toBe('6');
    } finally {
      await admin.close();
    }
  });

  it('two instances share the per-address count', async () => {
    const [a, b] = [await gateway({ perAddress: 2 }, { redisUrl, redisKeyPrefix }), await gateway({ perAddress: 2 }, { redisUrl, redisKeyPrefix })];
    expect((await post(a, REVOKE, { token: 'x' }, { authorization: LOCAL_BASIC }, '192.0.2.7')).statusCode).toBe(200);
    expect((await post(b, REVOKE, { token: 'x' }, { authorization: REPORTS_BASIC }, '192.0.2.7')).statusCode).not.toBe(429);
    expectTooMany(await post(a, REVOKE, { token: 'x' }, { authorization: LOCAL_BASIC }, '192.0.2.7'), 'address');
  });
});
