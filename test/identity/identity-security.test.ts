/**
 * Security of the account endpoints: no user enumeration (same answers for known and unknown accounts, timing
 * within noise), reset links single-use and expiring, no open redirect through `redirectUrl`, the password
 * lockout and the per-address rate limits.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBackground } from '../../gateway/identity/index.js';
import { safeRedirect } from '../../gateway/identity/redirect.js';
import { DEMO, authHarness, type AuthHarness } from '../auth/connect-support.js';
import { InjectBrowser, formOf } from '../auth/browser-support.js';
import { accountsAuth, confirmByLink, linkIn, mailFolder, mailsIn, sendJson } from './identity-support.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Median milliseconds of `n` runs of each of `a` and `b`, interleaved so load changes hit both alike; `before` runs
 * untimed before each run.
 */
async function medians(n: number, a: () => Promise<unknown>, b: () => Promise<unknown>, before: () => Promise<unknown> = async () => undefined): Promise<[number, number]> {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [run, into] of [[a, ta], [b, tb]] as const) {
      await before();
      const t = performance.now();
      await run();
      into.push(performance.now() - t);
    }
  }
  return [median(ta), median(tb)];
}

describe('no user enumeration', () => {
  let h: AuthHarness;
  const mails = mailFolder();
  beforeAll(async () => {
    // A lockout that never pauses, so that repeated failures measure the password check itself.
    h = await authHarness(accountsAuth(mails, { registration: { enabled: true, requireEmailConfirmation: true } }, {
      auth: { lockout: { freeAttempts: 1000, baseDelaySeconds: 0, maxDelaySeconds: 0, lockAfter: 1000, lockSeconds: 1 } },
    }));
  });
  afterAll(() => h.app.close());

  it('token login and cookie login: the same answer and the same time (one scrypt) for a known and an unknown user', async () => {
    let i = 0;
    const known = () => sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName, password: `wrong-${i++}` });
    const unknown = () => sendJson(h.app, '/identity/token-login', { identifier: `ghost-${i++}`, password: 'wrong' });
    const [k, u] = [await known(), await unknown()];
    expect(k.statusCode).toBe(u.statusCode);
    expect(k.body).toBe(u.body);
    const [tk, tu] = await medians(9, known, unknown);
    // Without the dummy hash an unknown user would answer in well under a tenth of the time of a known one.
    expect(tu / tk).toBeGreaterThan(0.5);
    expect(tu / tk).toBeLessThan(2);
    const cookieKnown = await sendJson(h.app, '/identity/login', { identifier: DEMO.userName, password: 'wrong' });
    const cookieUnknown = await sendJson(h.app, '/identity/login', { identifier: 'ghost@example.org', password: 'wrong' });
    expect(cookieKnown.body).toBe(cookieUnknown.body);
    expect(cookieKnown.statusCode).toBe(401);
  });

  it('password-forgotten: the same empty 204 and the same time whether the account exists; the mail goes out afterwards', async () => {
    const known = () => sendJson(h.app, '/identity/password-forgotten', { identifier: DEMO.userName });
    const unknown = () => sendJson(h.app, '/identity/password-forgotten', { identifier: 'nobody-at-all@example.org' });
    const [k, u] = [await known(), await unknown()];
    expect([k.statusCode, k.body]).toEqual([u.statusCode, u.body]);
    expect(Object.keys(k.headers).sort()).toEqual(Object.keys(u.headers).sort());
    // Each request is timed alone: the mail work a known identifier starts after its answer must not slow the next one.
    const idle = () => accountBackground(h.auth)!.idle();
    const [tk, tu] = await medians(15, known, unknown, idle);
    expect(tu / tk).toBeGreaterThan(1 / 3);
    expect(tu / tk).toBeLessThan(3);
    await idle();
    expect((await mailsIn(h.auth, mails)).filter((m) => m.subject === 'Reset your password').length).toBe(16);
  });

  it('register with e-mail confirmation: a taken address answers 204 like a new one; its owner gets a notice, not a link', async () => {
    const fresh = await sendJson(h.app, '/identity/register', { username: 'fresh-user', email: 'fresh@example.org', password: 'a fresh long passphrase' });
    const taken = await sendJson(h.app, '/identity/register', { username: 'other-user', email: 'DEMO@example.invalid', password: 'a fresh long passphrase' });
    expect([taken.statusCode, taken.body]).toEqual([fresh.statusCode, fresh.body]);
    expect(fresh.statusCode).toBe(204);
    const sent = await mailsIn(h.auth, mails);
    const notice = sent.find((m) => m.subject === 'Registration with your e-mail address')!;
    expect(notice.to).toMatchObject({ text: 'demo@example.invalid' });
    expect(notice.text).toContain('demo');
    expect(notice.text).not.toContain('token=');
    // The name is held, as a new registration holds it, by an account that never signs in: no address, no password.
    const holder = await h.auth.users.store.byIdentifier('other-user');
    expect(holder).toMatchObject({ disabled: true });
    expect([holder!.email, holder!.passwordHash]).toEqual([undefined, undefined]);
  });

  it('an unconfirmed account cannot sign in; the confirmation link activates it once', async () => {
    await sendJson(h.app, '/identity/register', { username: 'confirm-me', email: 'confirm@example.org', password: 'confirmation passphrase 7', preferredLanguages: ['de'] });
    const login = () => sendJson(h.app, '/identity/token-login', { identifier: 'confirm-me', password: 'confirmation passphrase 7' });
    expect((await login()).statusCode).toBe(401);
    const mail = (await mailsIn(h.auth, mails)).find((m) => m.to && 'text' in m.to && m.to.text === 'confirm@example.org')!;
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    const link = new URL(linkIn(mail, '/identity/confirm-email'));
    // opening the link (as a mail scanner does) confirms nothing; the page's button does
    expect((await h.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(401);
    const { done } = await confirmByLink(h.app, link.href);
    expect(done.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(400);
  });
});

describe('reset links', () => {
  let h: AuthHarness;
  const mails = mailFolder();
  beforeAll(async () => {
    h = await authHarness(accountsAuth(mails));
  });
  afterAll(() => h.app.close());

  async function resetLink(): Promise<string> {
    await sendJson(h.app, '/identity/password-forgotten', { identifier: DEMO.userName });
    const url = new URL(linkIn((await mailsIn(h.auth, mails)).at(-1)!, '/identity/password-reset'));
    return url.pathname + url.search;
  }

  it('are single use, also under two concurrent submissions; the store keeps only a hash of the token', async () => {
    const link = await resetLink();
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const [one, two] = [new InjectBrowser(h.app), new InjectBrowser(h.app)];
    const pages = [await one.get(link), await two.get(link)];
    const submit = (b: InjectBrowser, page: (typeof pages)[number], password: string) => b.post(formOf(page.body).action, { ...formOf(page.body).fields, password, password2: password });
    const results = await Promise.all([submit(one, pages[0], 'first concurrent passphrase'), submit(two, pages[1], 'second concurrent passphrase')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await one.get(link)).statusCode).toBe(400);
    expect(await h.auth.accountTokens.peek('password_reset', token)).toBeUndefined();
  });

  it('expire after tokenLifetimeSeconds; an older link dies when the password changes through a newer one', async () => {
    const old = await resetLink();
    const newer = await resetLink();
    const browser = new InjectBrowser(h.app);
    const page = await browser.get(newer);
    expect((await browser.post(formOf(page.body).action, { ...formOf(page.body).fields, password: 'newer link passphrase', password2: 'newer link passphrase' })).statusCode).toBe(200);
    expect((await browser.get(old)).statusCode).toBe(400);

    const late = await resetLink();
    h.clock.now += h.auth.config.accounts.passwordReset.tokenLifetimeSeconds + 1;
    const expired = await browser.get(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('expired');
  });

  it('a reset form post without the CSRF field is refused and uses nothing up', async () => {
    const link = await resetLink();
    const browser = new InjectBrowser(h.app);
    const page = await browser.get(link);
    const { csrf: _csrf, ...fields } = formOf(page.body).fields;
    expect((await browser.post('/identity/password-reset', { ...fields, password: 'csrf-less passphrase', password2: 'csrf-less passphrase' })).statusCode).toBe(403);
    expect((await browser.get(link)).statusCode).toBe(200);
  });
});

describe('redirectUrl of /identity/login', () => {
  const ISSUER = 'https://gw.example';
  const allowed = ['https://app.example'];

  it.each([
    ['//evil.example/x'], ['/\\evil.example'], ['\\\\evil.example'], ['https://evil.example/'], ['http://gw.example/'],
    ['https://app.example.evil.example/'], ['https://app.example@evil.example/'], ['https://user@app.example/'],
    ['javascript:alert(1)'], ['data:text/html,x'], ['https:evil.example'], ['/\t/evil.example'], ['\n//evil.example'], ['ftp://app.example/'],
    // Dot segments the URL parser removes must not leave a protocol-relative path behind (RFC 9700 §4.11).
    ['/.//evil.example/x'], ['/a/..//evil.example/x'], ['/%2e//evil.example/x'], ['/%2E%2E//evil.example/x'], ['/a/%2e%2e//evil.example/x'],
    ['/./\\evil.example/x'], ['/a/../\\evil.example/x'],
  ])('ignores %j', (url) => {
    expect(safeRedirect(url, ISSUER, allowed)).toBeUndefined();
  });

  it('follows relative paths and allowed origins', () => {
    expect(safeRedirect('/connect/authorize?client_id=web#f', ISSUER, allowed)).toBe('/connect/authorize?client_id=web#f');
    expect(safeRedirect('https://app.example/after?x=1', ISSUER, allowed)).toBe('https://app.example/after?x=1');
    expect(safeRedirect('/../../etc', ISSUER, allowed)).toBe('/etc');
  });

  it('answers 204 without Location for an unsafe target and 302 for a safe one', async () => {
    const h = await authHarness(accountsAuth(mailFolder(), { allowedRedirectOrigins: allowed }));
    try {
      const body = { identifier: DEMO.userName, password: DEMO.password, staySignedIn: false };
      for (const target of ['//evil.example/phish', '/.//evil.example/x', '/a/..//evil.example/x', '/%2e//evil.example/x', '/./\\evil.example/x']) {
        const evil = await sendJson(h.app, `/identity/login?redirectUrl=${encodeURIComponent(target)}`, body);
        expect(evil.statusCode, target).toBe(204);
        expect(evil.headers.location, target).toBeUndefined();
      }
      const good = await sendJson(h.app, `/identity/login?redirectUrl=${encodeURIComponent('https://app.example/home')}`, body);
      expect(good.statusCode).toBe(302);
      expect(good.headers.location).toBe('https://app.example/home');
    } finally {
      await h.app.close();
    }
  });
});

describe('lockout and rate limits', () => {
  it('after lockAfter failures even the right password answers the same 401, at /identity/login and token login', async () => {
    const h = await authHarness(accountsAuth(mailFolder(), {}, { auth: { lockout: { freeAttempts: 100, baseDelaySeconds: 0, maxDelaySeconds: 0, lockAfter: 3, lockSeconds: 600 } } }));
    try {
      const failure = await sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName, password: 'wrong-1' });
      await sendJson(h.app, '/identity/login', { identifier: DEMO.userName, password: 'wrong-2' });
      // The e-mail address counts for the same account as the user name.
      await sendJson(h.app, '/identity/token-login', { identifier: 'Demo@Example.invalid', password: 'wrong-3' });
      const locked = await sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName, password: DEMO.password });
      expect(locked.statusCode).toBe(401);
      expect(locked.body).toBe(failure.body);
      expect((await sendJson(h.app, '/identity/login', { identifier: DEMO.userName, password: DEMO.password })).statusCode).toBe(401);
    } finally {
      await h.app.close();
    }
  });

  it('limits each endpoint per address: 429 with Retry-After in the endpoint own shape', async () => {
    const h = await authHarness(accountsAuth(mailFolder(), {}, { rateLimits: { enabled: true, windowSeconds: 60, perClient: 100, perAddress: 2 } }));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await sendJson(h.app, '/identity/password-forgotten', { identifier: `x${i}` })).statusCode);
      expect(statuses).toEqual([204, 204, 429]);
      const limited = await sendJson(h.app, '/identity/password-forgotten', { identifier: 'x' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().errors.request[0]).toContain('too many requests');
      // Another endpoint counts on its own.
      for (let i = 0; i < 2; i++) expect((await sendJson(h.app, '/identity/token-login', { identifier: 'demo', password: 'wrong' })).statusCode).toBe(401);
      const token = await sendJson(h.app, '/identity/token-login', { identifier: 'demo', password: 'wrong' });
      expect(token.statusCode).toBe(429);
      expect(token.json()).toMatchObject({ isError: true, httpStatusCode: 'TooManyRequests', error: 'temporarily_unavailable', expiresIn: 0 });
    } finally {
      await h.app.close();
    }
  });
});
