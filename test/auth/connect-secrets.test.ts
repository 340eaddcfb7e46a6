/**
 * panva/node-oidc-provider, lib/helpers/constant_equals.js: client and API resource secrets are compared with
 * `crypto.timingSafeEqual` over SHA-256 digests of equal length (32 bytes), whatever the length of the presented
 * secret and whether it is right — so the comparison never short-circuits on the first differing byte or on a
 * length mismatch. `timingSafeEqual` is wrapped in a spy (the real function still runs).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const spy = vi.hoisted(() => ({ calls: [] as [number, number][] }));
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  const timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    spy.calls.push([a.byteLength, b.byteLength]);
    return original.timingSafeEqual(a, b);
  };
  return { ...original, default: { ...original, timingSafeEqual }, timingSafeEqual };
});

const { hashSecret, secretMatches } = await import('../../core/auth/clients.js');
const { API_BASIC, authHarness, basic, introspect, postForm } = await import('./connect-support.js');

describe('secretMatches', () => {
  const secrets = [{ sha256: hashSecret('the-right-secret') }];
  beforeEach(() => {
    spy.calls.length = 0;
  });

  it('compares 32-byte digests with timingSafeEqual for right, wrong, shorter, longer and empty secrets', () => {
    expect(secretMatches(secrets, 'the-right-secret')).toBe(true);
    for (const wrong of ['the-right-secreT', 'x', '', 'the-right-secret-but-much-longer'.repeat(10)]) {
      expect(secretMatches(secrets, wrong)).toBe(false);
    }
    expect(spy.calls).toEqual(Array(5).fill([32, 32]));
  });

  it('checks every configured secret (no early exit on the first match)', () => {
    const two = [{ sha256: hashSecret('a') }, { sha256: hashSecret('b') }];
    expect(secretMatches(two, 'a')).toBe(true);
    expect(spy.calls).toHaveLength(2);
  });

  it('refuses an expired secret', () => {
    expect(secretMatches([{ sha256: hashSecret('old'), expiresAt: '2020-01-01T00:00:00Z' }], 'old')).toBe(false);
  });
});

describe('the endpoints use it', () => {
  let h: Awaited<ReturnType<typeof authHarness>>;
  beforeAll(async () => {
    h = await authHarness();
  });
  afterAll(() => h.app.close());
  beforeEach(() => {
    spy.calls.length = 0;
  });

  it('the token endpoint compares a wrong client secret of another length through equal-length digests', async () => {
    const res = await postForm(h.app, '/connect/token', { grant_type: 'client_credentials' }, { authorization: basic('local-client', 'short') });
    expect(res.statusCode).toBe(401);
    expect(spy.calls).toContainEqual([32, 32]);
    expect(spy.calls.every(([a, b]) => a === 32 && b === 32)).toBe(true);
  });

  it('the introspection endpoint compares API resource secrets the same way', async () => {
    const res = await postForm(h.app, '/connect/introspect', { token: 'x' }, { authorization: basic('avacloud', 'a-much-longer-wrong-api-secret') });
    expect(res.statusCode).toBe(401);
    expect(spy.calls).toEqual([[32, 32]]);
    spy.calls.length = 0;
    expect(await introspect(h.app, 'x', API_BASIC)).toEqual({ active: false });
    expect(spy.calls[0]).toEqual([32, 32]);
  });
});
