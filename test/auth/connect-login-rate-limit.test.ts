/**
 * The login form is rate-limited per remote address with the `rateLimits` settings (it names no client): past
 * the limit an error page with 429 and `Retry-After`, the password not even checked; other addresses go on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHarness, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, browserAuth, formOf, pkce } from './browser-support.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await authHarness(browserAuth({ rateLimits: { windowSeconds: 60, perClient: 1000, perAddress: 3 } }));
});
afterAll(() => h.app.close());

it('answers an error page with 429 and Retry-After past perAddress logins from one address', async () => {
  const b = new InjectBrowser(h.app);
  const page = await b.get(authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
  const { fields } = formOf(page.body);
  for (let i = 0; i < 3; i++) expect((await b.post('/connect/login', { ...fields, username: `u${i}`, password: 'x' })).statusCode).toBe(400);
  const limited = await b.post('/connect/login', { ...fields, username: 'demo', password: 'demo-password' });
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.headers['content-type']).toContain('text/html');
  expect(limited.headers['x-frame-options']).toBe('DENY');
  expect(limited.headers['set-cookie'] ?? '').not.toContain('ava.session');
  const elsewhere = await h.app.inject({
    method: 'POST', url: '/connect/login', remoteAddress: '192.0.2.7',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    payload: new URLSearchParams({ ...fields, username: 'demo', password: 'demo-password' }).toString(),
  });
  expect(elsewhere.statusCode).toBe(303);
});

describe('the device verification page (RFC 8628 §5.1)', () => {
  let d: AuthHarness;
  beforeAll(async () => {
    d = await authHarness(browserAuth({ rateLimits: { enabled: true, windowSeconds: 60, perClient: 5, perAddress: 5 } }));
  });
  afterAll(() => d.app.close());

  const page = (remoteAddress: string, method: 'GET' | 'POST', userCode?: string) => d.app.inject({
    method, remoteAddress,
    url: method === 'POST' || userCode === undefined ? '/device' : `/device?${new URLSearchParams({ user_code: userCode })}`,
    ...(method === 'POST' && { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ user_code: userCode ?? '', decision: 'allow' }).toString() }),
  });

  it('limits guessed user codes per address: GET with a code and POST count together; the entry form does not', async () => {
    for (let i = 0; i < 5; i++) expect((await page('192.0.2.10', 'GET', `GUESS-00${i}`)).statusCode).toBe(400); // unknown code
    const limited = await page('192.0.2.10', 'GET', 'GUESS-005');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['content-type']).toContain('text/html');
    expect((await page('192.0.2.10', 'POST', 'GUESS-006')).statusCode).toBe(429);
    expect((await page('192.0.2.10', 'GET')).statusCode).toBe(200);
    expect((await page('192.0.2.11', 'GET', 'GUESS-008')).statusCode).toBe(400);

    // POSTs (here refused for the missing CSRF field) use up the same allowance.
    for (let i = 0; i < 3; i++) expect((await page('192.0.2.12', 'POST', `GUESS-1${i}`)).statusCode).toBe(403);
    for (let i = 0; i < 2; i++) expect((await page('192.0.2.12', 'GET', `GUESS-2${i}`)).statusCode).toBe(400);
    expect((await page('192.0.2.12', 'GET', 'GUESS-300')).statusCode).toBe(429);
  });
});
