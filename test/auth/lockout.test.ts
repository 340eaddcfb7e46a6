/**
 * The password lockout (`auth.lockout`, core/auth/lockout.ts) through the password grant at `/connect/token`:
 * back-off after `freeAttempts`, a lock after `lockAfter` that refuses even the right password until
 * `lockSeconds` have passed, a success resets the count, and an unknown user name gets the very same answers
 * (status, body, headers) as an existing one through the whole sequence. Time moves by an injected clock.
 * With REDIS_URL, two instances on one Redis share the count.
 */
import 'reflect-metadata';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { lockoutKey, lockoutSchedule } from '../../core/auth/lockout.js';
import type { AuthServices } from '../../core/auth/services.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { MemoryLockoutStore, SWEEP_EVERY } from '../../core/stores/memory-lockout-store.js';
import { buildApp } from '../../gateway/app.js';
import { describeWithRedis } from '../support/redis.js';
import { DEMO, FORM_TYPE, LOCAL_BASIC } from './connect-support.js';

/** Failures 1–2 free, 3 → 10 s, 4 → 20 s, 5 → locked for 300 s. */
const LOCKOUT = { freeAttempts: 2, baseDelaySeconds: 10, maxDelaySeconds: 40, lockAfter: 5, lockSeconds: 300 };
/** The injected clock starts at the real time (signing keys are valid from their creation on). */
const NOW = Math.floor(Date.now() / 1000);
const REFUSED = { error: 'invalid_grant', error_description: 'the user name or password is incorrect, or sign-in is paused after repeated failures' };

interface Instance {
  app: FastifyInstance;
  auth: AuthServices;
  /** Log lines about locked user names. */
  logs: Array<Record<string, unknown>>;
}

const open: Instance[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((i) => i.app.close()));
});

/** A gateway whose token service reads `clock.now` (epoch seconds) and whose warnings land in `logs`. */
async function instance(clock: { now: number }, extra: Record<string, unknown> = {}): Promise<Instance> {
  const config = loadConfig({}, { logLevel: 'silent', rateLimits: { enabled: false }, auth: { lockout: LOCKOUT }, ...extra });
  const container = await createGatewayContainer(config, { auth: { now: () => clock.now } });
  const logs: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as Record<string, unknown>;
      if (String(line.msg).includes('locked')) logs.push(line);
      done();
    },
  });
  const app = await buildApp({ container, logger: { level: 'warn', stream } });
  const i = { app, auth: container.resolve<AuthServices>(AUTH_SERVICES), logs };
  open.push(i);
  return i;
}

const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({
    method: 'POST', url: '/connect/token', headers: { ...FORM_TYPE, authorization: LOCAL_BASIC },
    payload: new URLSearchParams({ grant_type: 'password', username, password, scope: 'avacloud' }).toString(),
  });

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(REFUSED);
}

/** Status, body and headers but the date. */
/** Status, body and headers of an answer, but for the two that differ per response anyway (`date`, `x-request-id`). */
const answer = (res: LightMyRequestResponse) => {
  const { date: _date, 'x-request-id': _requestId, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

describe('password lockout', () => {
  it('derives the per-failure waits from the configuration', () => {
    expect(lockoutSchedule(LOCKOUT)).toEqual({ waitMs: [0, 0, 10_000, 20_000, 300_000], lockAfter: 5, forgetMs: 300_000 });
    expect(lockoutSchedule({ freeAttempts: 3, baseDelaySeconds: 1, maxDelaySeconds: 60, lockAfter: 10, lockSeconds: 900 }).waitMs)
      .toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 900_000]);
    expect(lockoutSchedule({ freeAttempts: 0, baseDelaySeconds: 0.25, maxDelaySeconds: 1, lockAfter: 6, lockSeconds: 60 }).waitMs)
      .toEqual([250, 500, 1000, 1000, 1000, 60_000]);
  });

  it('backs off after freeAttempts: the right password is refused until the wait is over; refused attempts do not count', async () => {
    const clock = { now: NOW };
    const { app } = await instance(clock);
    for (let i = 0; i < 3; i++) expectRefused(await login(app, 'demo', 'wrong'));
    expectRefused(await login(app, 'DEMO', DEMO.password)); // 10 s back-off; the name is counted case-insensitively
    clock.now += 9;
    for (let i = 0; i < 5; i++) expectRefused(await login(app, 'demo', 'wrong')); // refused, not counted
    expectRefused(await login(app, 'demo', DEMO.password));
    clock.now += 1;
    expect((await login(app, 'demo', DEMO.password)).statusCode).toBe(200);
  });

  it('locks after lockAfter failures: even the right password is refused for lockSeconds, then accepted; the lock is logged', async () => {
    const clock = { now: NOW };
    const { app, logs } = await instance(clock);
    for (const wait of [0, 0, 10, 20]) {
      expectRefused(await login(app, 'demo', 'wrong'));
      clock.now += wait;
    }
    expect(logs).toEqual([]);
    expectRefused(await login(app, 'demo', 'wrong')); // 5th failure: locked
    expect(logs).toEqual([expect.objectContaining({ level: 40, userName: 'demo', failures: 5, lockedUntil: new Date((clock.now + 300) * 1000).toISOString() })]);
    expectRefused(await login(app, 'demo', DEMO.password));
    clock.now += 299;
    expectRefused(await login(app, 'demo', DEMO.password));
    clock.now += 1;
    expect((await login(app, 'demo', DEMO.password)).statusCode).toBe(200);
  });

  it('a success resets the count', async () => {
    const clock = { now: NOW };
    const { app } = await instance(clock);
    for (let round = 0; round < 3; round++) {
      expectRefused(await login(app, 'demo', 'wrong'));
      expectRefused(await login(app, 'demo', 'wrong'));
      expect((await login(app, 'demo', DEMO.password)).statusCode).toBe(200);
    }
  });

  it('a refused attempt still runs the password check, so it costs the same scrypt time', async () => {
    const clock = { now: NOW };
    const { app, auth } = await instance(clock);
    const check = vi.spyOn(auth.users, 'authenticate');
    for (let i = 0; i < 3; i++) await login(app, 'demo', 'wrong');
    expectRefused(await login(app, 'demo', DEMO.password)); // backed off
    expect(check).toHaveBeenCalledTimes(4);
    expect(check).toHaveBeenLastCalledWith('demo', DEMO.password);
  });

  it('an unknown user name and an existing one get identical answers through back-off, lock and its end', async () => {
    const clock = { now: NOW };
    const { app } = await instance(clock);
    // [password, clock step after the attempt]: failures, back-offs, the right password refused, the lock, its end
    const steps: Array<[string, number]> = [
      ['wrong', 0], ['wrong', 0], ['wrong', 0], [DEMO.password, 10], ['wrong', 5], ['wrong', 15],
      ['wrong', 0], [DEMO.password, 100], ['wrong', 199], [DEMO.password, 1], ['wrong', 0],
    ];
    for (const [index, [password, step]] of steps.entries()) {
      const user = answer(await login(app, 'demo', password));
      const ghost = answer(await login(app, 'ghost-user', password));
      expect(ghost, `step ${index}`).toEqual(user);
      expect(user.status, `step ${index}`).toBe(400);
      clock.now += step;
    }
    // the lock is over: the right password works again
    expect((await login(app, 'demo', DEMO.password)).statusCode).toBe(200);
  });

  it('counts attempts, not users: a made-up name backs off and locks the same way, and its key holds no name', async () => {
    const clock = { now: NOW };
    const store = new MemoryLockoutStore();
    const reserve = vi.spyOn(store, 'reserve');
    const config = loadConfig({}, { logLevel: 'silent', rateLimits: { enabled: false }, auth: { lockout: LOCKOUT } });
    const container = await createGatewayContainer(config, { auth: { now: () => clock.now, lockoutStore: store } });
    const app = await buildApp({ container, logger: false });
    open.push({ app, auth: container.resolve<AuthServices>(AUTH_SERVICES), logs: [] });
    for (let i = 0; i < 5; i++) expectRefused(await login(app, 'Nobody', 'x'));
    const results = await Promise.all(reserve.mock.results.map((r) => r.value as Promise<{ allowed: boolean; failures: number }>));
    expect(results.map((r) => [r.allowed, r.failures])).toEqual([[true, 1], [true, 2], [true, 3], [false, 3], [false, 3]]);
    expect(reserve.mock.calls[0][0]).toBe(lockoutKey('nobody'));
    expect(reserve.mock.calls[0][0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('concurrent guesses wait their turn: of 20 parallel wrong attempts only the free ones and one more are checked', async () => {
    const store = new MemoryLockoutStore();
    const schedule = lockoutSchedule(LOCKOUT);
    const results = await Promise.all(Array.from({ length: 20 }, () => store.reserve('k', 1000, schedule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('the memory store forgets a count lockSeconds after its latest failure and sweeps forgotten names', async () => {
    const store = new MemoryLockoutStore();
    const schedule = lockoutSchedule(LOCKOUT);
    await store.reserve('a', 0, schedule);
    await store.reserve('a', 0, schedule);
    expect((await store.reserve('a', 299_999, schedule)).failures).toBe(3);
    expect((await store.reserve('a', 599_999 + 10_000, schedule)).failures).toBe(1);
    // one sprayed name a second: at the sweep, those older than lockSeconds are gone
    for (let i = 0; i < SWEEP_EVERY; i++) await store.reserve(`spray-${i}`, 1_000_000 + i * 1000, schedule);
    expect(store.size).toBeGreaterThan(250);
    expect(store.size).toBeLessThan(350);
  });
});

describeWithRedis('password lockout shared on one Redis', ({ redisUrl, redisKeyPrefix }) => {
  it('failures on one instance back off and lock the name on the other; a success on either resets', async () => {
    const clock = { now: NOW };
    const a = await instance(clock, { redisUrl, redisKeyPrefix });
    const b = await instance(clock, { redisUrl, redisKeyPrefix });
    expect(a.auth.lockout).not.toBe(b.auth.lockout);
    expectRefused(await login(a.app, 'demo', 'wrong'));
    expectRefused(await login(b.app, 'demo', 'wrong'));
    expect((await login(a.app, 'demo', DEMO.password)).statusCode).toBe(200); // reset
    for (const [i, wait] of [0, 0, 10, 20].entries()) {
      expectRefused(await login(i % 2 ? b.app : a.app, 'demo', 'wrong'));
      clock.now += wait;
    }
    expectRefused(await login(b.app, 'demo', 'wrong')); // 5th failure, on B: locked
    expect(b.logs).toEqual([expect.objectContaining({ userName: 'demo', failures: 5 })]);
    expectRefused(await login(a.app, 'demo', DEMO.password));
    clock.now += 300;
    expect((await login(a.app, 'demo', DEMO.password)).statusCode).toBe(200);
  });

  it('keeps the state under redisKeyPrefix, hashed and with a TTL', async () => {
    const clock = { now: NOW };
    const a = await instance(clock, { redisUrl, redisKeyPrefix });
    expectRefused(await login(a.app, 'Someone', 'wrong'));
    const { createClient } = await import('redis');
    const admin = createClient({ url: redisUrl });
    await admin.connect();
    try {
      const key = `${redisKeyPrefix}lockout:${lockoutKey('someone')}`;
      expect(await admin.hGetAll(key)).toEqual({ f: '1', b: '0', x: String(NOW * 1000 + 300_000) });
      const ttl = await admin.pTTL(key);
      expect(ttl > 0 && ttl <= 300_000).toBe(true);
    } finally {
      await admin.close();
    }
  });
});
