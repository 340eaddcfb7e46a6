/**
 * Security of the browser side of `/connect`: CSRF on every form, session fixation, clickjacking and other
 * headers, open redirects at logout, login errors that do not tell whether a user exists, the password lockout
 * on the login form, `prompt=none` never showing a page, and the session cookie's attributes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm, authHarness, type AuthHarness } from './connect-support.js';
import { InjectBrowser, LOGGED_OUT, REDIRECT, WEB, authorizeUrl, browserAuth, formOf, pkce, redirectParams } from './browser-support.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await authHarness(browserAuth({ auth: { lockout: { freeAttempts: 2, baseDelaySeconds: 0, maxDelaySeconds: 0, lockAfter: 3, lockSeconds: 60 } } }));
});
afterAll(() => h.app.close());

const request = (extra: Record<string, string> = {}) =>
  authorizeUrl({ client_id: WEB.id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile', state: 's', code_challenge: pkce().challenge, code_challenge_method: 'S256', ...extra });
const consentRequest = () => authorizeUrl({ client_id: 'consent', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile', state: 's', code_challenge: pkce().challenge, code_challenge_method: 'S256' });

async function signedIn(): Promise<InjectBrowser> {
  const b = new InjectBrowser(h.app);
  const done = await b.submit(await b.get(request()), { username: 'demo', password: 'demo-password' });
  expect(done.statusCode).toBe(303);
  return b;
}

describe('CSRF', () => {
  it('every form refuses a post without the token, with a wrong one, and with one from another browser', async () => {
    const victim = await signedIn();
    const attacker = await signedIn();
    const consentPage = await victim.get(consentRequest());
    const forms = {
      login: { page: await new InjectBrowser(h.app).get(request()), fields: { username: 'demo', password: 'demo-password' } },
      consent: { page: consentPage, fields: { decision: 'allow', remember: 'true' } },
      device: { page: await victim.get('/device?user_code=BCDF-GHJK'), fields: { decision: 'allow', user_code: 'BCDF-GHJK' } },
      logout: { page: await victim.get('/connect/endsession'), fields: { decision: 'logout' } },
    };
    const attackerCsrf = formOf((await attacker.get('/connect/endsession')).body).fields.csrf;
    for (const [name, { page, fields }] of Object.entries(forms)) {
      const { action, fields: hidden } = name === 'device' ? { action: '/device', fields: { csrf: formOf(forms.logout.page.body).fields.csrf } } : formOf(page.body);
      for (const csrf of [undefined, 'forged', attackerCsrf]) {
        const body: Record<string, string> = { ...hidden, ...fields };
        if (csrf === undefined) delete body.csrf;
        else body.csrf = csrf;
        const res = await victim.post(action, body);
        expect(res.statusCode, `${name} with csrf ${csrf}`).toBe(403);
        expect(res.headers.location).toBeUndefined();
      }
    }
    // The victim is still signed in: the forged logout did nothing.
    expect(redirectParams(await victim.get(request({ prompt: 'none' }))).params.code).toBeTruthy();
  });
});

describe('sessions', () => {
  it('a sign-in sets a new session id (a planted one is not adopted), and logout ends it on the server', async () => {
    const b = await signedIn();
    const first = b.cookies.get('ava.session')!;
    expect(first).toBeTruthy();
    const planted = new InjectBrowser(h.app);
    planted.cookies.set('ava.session', first);
    planted.cookies.set('ava.csrf', b.cookies.get('ava.csrf')!);
    const page = await b.get(request({ prompt: 'login' }));
    await b.submit(page, { username: 'demo', password: 'demo-password' });
    const second = b.cookies.get('ava.session')!;
    expect(second).not.toBe(first);
    // the old session id no longer signs anybody in
    expect(redirectParams(await planted.get(request({ prompt: 'none' }))).params.error).toBe('login_required');
    expect(redirectParams(await b.get(request({ prompt: 'none' }))).params.code).toBeTruthy();
  });

  it('a tampered (unsigned) session cookie counts as no session', async () => {
    const b = await signedIn();
    const id = b.cookies.get('ava.session')!.split('.')[0];
    b.cookies.set('ava.session', `${id}.forged`);
    expect(redirectParams(await b.get(request({ prompt: 'none' }))).params.error).toBe('login_required');
  });

  it('the session cookie is HttpOnly, SameSite=Lax, Path=/, and Secure with an https issuer', async () => {
    const b = new InjectBrowser(h.app);
    const res = await b.submit(await b.get(request()), { username: 'demo', password: 'demo-password' });
    const cookie = (res.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'ava.session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const https = await authHarness(browserAuth({ auth: { issuer: 'https://login.example.test' } }));
    try {
      const hb = new InjectBrowser(https.app);
      const r = await hb.submit(await hb.get(request()), { username: 'demo', password: 'demo-password' });
      expect((r.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'ava.session')).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await https.app.close();
    }
  });
});

describe('headers', () => {
  it('every page and redirect forbids framing, sends no referrer and a nonce CSP without external sources', async () => {
    const b = await signedIn();
    const responses = [
      await new InjectBrowser(h.app).get(request()),
      await b.get(consentRequest()),
      await b.get('/device'),
      await b.get('/connect/endsession'),
      await b.get(authorizeUrl({ client_id: 'nobody' })),
      await b.get(request({ prompt: 'none' })),
    ];
    for (const res of responses) {
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      if (String(res.headers['content-type']).includes('text/html')) {
        expect(csp).toMatch(/style-src 'nonce-[A-Za-z0-9+/=]+'/);
        expect(res.body).not.toMatch(/(src|href)="https?:/);
      }
    }
  });
});

describe('logout redirects', () => {
  it('an unregistered, javascript: or mixed-case post_logout_redirect_uri shows a page and never redirects', async () => {
    const b = await signedIn();
    const tokens = await postForm(h.app, '/connect/token', { grant_type: 'password', username: 'demo', password: 'demo-password', scope: 'openid' }, { authorization: 'Basic ' + Buffer.from('local-client:local-secret').toString('base64') });
    const hint = tokens.json().id_token as string;
    for (const uri of ['https://evil.example/', 'javascript:alert(1)', 'https://APP.example/logged-out', LOGGED_OUT + '/']) {
      for (const params of [{ client_id: WEB.id }, { id_token_hint: hint }] as Record<string, string>[]) {
        const res = await b.get(`/connect/endsession?${new URLSearchParams({ ...params, post_logout_redirect_uri: uri })}`);
        expect(res.statusCode, uri).toBe(400);
        expect(res.headers.location).toBeUndefined();
      }
    }
    const noClient = await b.get(`/connect/endsession?${new URLSearchParams({ post_logout_redirect_uri: LOGGED_OUT })}`);
    expect(noClient.statusCode).toBe(400);
    const forged = await b.get(`/connect/endsession?${new URLSearchParams({ id_token_hint: hint.slice(0, -4) + 'AAAA', post_logout_redirect_uri: LOGGED_OUT })}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
  });
});

describe('login errors and lockout', () => {
  it('an unknown user and a wrong password get the same page; after lockAfter failures even the right password is refused', async () => {
    const b = new InjectBrowser(h.app);
    // the pages differ only in the name typed (shown again), the PKCE challenge and the nonces
    const strip = (html: string) => html.replace(/name="csrf" value="[^"]*"/, '').replace(/nonce="[^"]*"/g, '').replace(/id="username" name="username" autocomplete="username" required value="[^"]*"/, '');
    const unknown = await b.submit(await b.get(request({ state: 'same' })), { username: 'nobody-here', password: 'x' });
    expect(unknown.body).toContain('value="nobody-here"');
    const wrong = await b.submit(await b.get(request({ state: 'same' })), { username: 'demo', password: 'wrong' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(strip(unknown.body).replace(/code_challenge=[^&"]*/, '')).toBe(strip(wrong.body).replace(/code_challenge=[^&"]*/, ''));
    await b.submit(await b.get(request()), { username: 'demo', password: 'wrong' });
    await b.submit(await b.get(request()), { username: 'demo', password: 'wrong' });
    const locked = await b.submit(await b.get(request()), { username: 'demo', password: 'demo-password' });
    expect(locked.statusCode).toBe(400);
    expect(locked.headers.location).toBeUndefined();
    // the token endpoint shares the count
    const grant = await postForm(h.app, '/connect/token', { grant_type: 'password', username: 'demo', password: 'demo-password', scope: 'openid' }, { authorization: 'Basic ' + Buffer.from('local-client:local-secret').toString('base64') });
    expect(grant.json().error).toBe('invalid_grant');
    h.clock.now += 61;
    const after = await b.submit(await b.get(request()), { username: 'demo', password: 'demo-password' });
    expect(after.statusCode).toBe(303);
  });

  it('a return target other than the authorize endpoint or the device page is refused', async () => {
    const b = new InjectBrowser(h.app);
    const { fields } = formOf((await b.get(request())).body);
    for (const target of ['https://evil.example/', '//evil.example/x', '/connect/authorizeX?a=1', '/devices']) {
      const res = await b.post('/connect/login', { ...fields, return: target, username: 'demo', password: 'demo-password' });
      expect(res.statusCode, target).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });
});
