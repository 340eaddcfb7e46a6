/**
 * Consent (remembered per user and client, `prompt=consent`, `consent_required`), RP-initiated logout
 * (`id_token_hint`, registered `post_logout_redirect_uri`, `state`, confirmation without a hint) and the device
 * verification page through to the device grant's tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, authHarness, basic, postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, LOGGED_OUT, REDIRECT, authorizeUrl, browserAuth, formOf, pkce, redirectParams } from './browser-support.js';

let h: AuthHarness;
const DEMO_SUBJECT = DEMO.subject;
beforeAll(async () => {
  h = await authHarness(browserAuth());
});
afterAll(() => h.app.close());

const ask = (clientId: string, extra: Record<string, string> = {}, p = pkce()) =>
  authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile offline_access avacloud', state: 'c', code_challenge: p.challenge, code_challenge_method: 'S256', ...extra });

async function signIn(b: InjectBrowser, url: string) {
  return b.submit(await b.get(url), { username: 'demo', password: 'demo-password' });
}

describe('consent', () => {
  it('lists the scopes in words; deny answers access_denied; allow with remember is not asked again; prompt=consent asks again', async () => {
    const b = new InjectBrowser(h.app);
    const page = await signIn(b, ask('consent', { ui_locales: 'de' }));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('App consent bittet um Zugriff auf:');
    for (const words of ['Ihre Benutzerkennung', 'Ihr Profil: Name, Vorname, Nachname', 'Zugriff auch, wenn Sie nicht angemeldet sind (Refresh-Tokens)', 'Zugriff auf die AVACloud-API']) expect(page.body).toContain(words);
    const denied = await b.submit(page, { decision: 'deny' });
    expect(redirectParams(denied).params).toMatchObject({ error: 'access_denied', state: 'c', iss: 'http://localhost:5000' });
    expect(redirectParams(await b.get(ask('consent', { prompt: 'none' }))).params.error).toBe('consent_required');

    const p = pkce();
    const again = await b.get(ask('consent', {}, p));
    const allowed = await b.submit(again, { decision: 'allow', remember: 'true' });
    const code = redirectParams(allowed).params.code;
    const tokens = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: p.verifier }, { authorization: basic('consent', 'consent-secret') });
    expect(tokens.json()).toMatchObject({ scope: 'openid profile offline_access avacloud', refresh_token: expect.any(String) });

    expect(redirectParams(await b.get(ask('consent', { prompt: 'none' }))).params.code).toBeTruthy();
    expect(redirectParams(await b.get(ask('consent'))).params.code).toBeTruthy();
    const forced = await b.get(ask('consent', { prompt: 'consent' }));
    expect(forced.statusCode).toBe(200);
    expect(forced.body).toContain('name="decision" value="allow"');
  });

  it('allow without remember answers the code once and asks again next time', async () => {
    await h.auth.consents.revoke(DEMO_SUBJECT, 'consent');
    const b = new InjectBrowser(h.app);
    const page = await signIn(b, ask('consent', { scope: 'openid' }));
    expect(formOf(page.body).fields.return).toContain('/connect/authorize?');
    const once = await b.submit(page, { decision: 'allow' });
    expect(redirectParams(once).params.code).toBeTruthy();
    expect(await h.auth.consents.scopes(DEMO_SUBJECT, 'consent')).toEqual([]);
    const again = await b.get(ask('consent', { scope: 'openid' }));
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('name="decision" value="allow"');
  });

  it('prompt=consent shows the consent page for a client without requireConsent too (OIDC Core §3.1.2.1); without it, offline_access is granted silently', async () => {
    const b = new InjectBrowser(h.app);
    const p = pkce();
    const silent = await signIn(b, ask('web', {}, p));
    expect(silent.statusCode).toBe(303);
    const code = redirectParams(silent).params.code;
    const tokens = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: p.verifier }, { authorization: basic('web', 'web-secret') });
    expect(tokens.json()).toMatchObject({ scope: 'openid profile offline_access avacloud', refresh_token: expect.any(String) });

    const forced = await b.get(ask('web', { prompt: 'consent' }));
    expect(forced.statusCode).toBe(200);
    expect(forced.body).toContain('name="decision" value="allow"');
    expect(redirectParams(await b.submit(forced, { decision: 'deny' })).params).toMatchObject({ error: 'access_denied', state: 'c' });
    const allowed = await b.submit(await b.get(ask('web', { prompt: 'consent' })), { decision: 'allow' });
    expect(redirectParams(allowed).params.code).toBeTruthy();
  });

  it('the consent form needs the session: without one it shows the login page', async () => {
    await h.auth.consents.revoke(DEMO_SUBJECT, 'consent');
    const b = new InjectBrowser(h.app);
    const page = await signIn(b, ask('consent'));
    b.cookies.delete('ava.session');
    const res = await b.submit(page, { decision: 'allow' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('name="password"');
  });
});

describe('logout (RP-initiated logout 1.0)', () => {
  async function idToken(b: InjectBrowser): Promise<string> {
    const p = pkce();
    const res = await b.get(ask('web', { scope: 'openid' }, p));
    const code = redirectParams(res).params.code;
    const tokens = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: p.verifier }, { authorization: basic('web', 'web-secret') });
    return tokens.json().id_token;
  }

  it('oidcc-id-token-hint: with a valid hint it ends the session and redirects to the registered URI with state', async () => {
    const b = new InjectBrowser(h.app);
    await signIn(b, ask('web'));
    const hint = await idToken(b);
    const res = await b.get(`/connect/endsession?${new URLSearchParams({ id_token_hint: hint, post_logout_redirect_uri: LOGGED_OUT, state: 'bye' })}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${LOGGED_OUT}?state=bye`);
    expect(b.cookies.has('ava.session')).toBe(false);
    expect(redirectParams(await b.get(ask('web', { prompt: 'none' }))).params.error).toBe('login_required');
  });

  it('an expired id token still serves as a hint (RP-Initiated Logout §2)', async () => {
    const b = new InjectBrowser(h.app);
    await signIn(b, ask('web'));
    const hint = await idToken(b);
    h.clock.now += 3600;
    try {
      const res = await b.get(`/connect/endsession?${new URLSearchParams({ id_token_hint: hint, post_logout_redirect_uri: LOGGED_OUT })}`);
      expect(res.headers.location).toBe(LOGGED_OUT);
    } finally {
      h.clock.now -= 3600;
    }
  });

  it('without a hint the user is asked; confirming signs out everywhere (another browser with the same session is out too)', async () => {
    const b = new InjectBrowser(h.app);
    await signIn(b, ask('web'));
    const twin = new InjectBrowser(h.app);
    twin.cookies.set('ava.session', b.cookies.get('ava.session')!);
    const page = await b.get(`/connect/endsession?${new URLSearchParams({ client_id: 'web', post_logout_redirect_uri: LOGGED_OUT, state: 'x' })}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="decision" value="logout"');
    expect(redirectParams(await b.get(ask('web', { prompt: 'none' }))).params.code).toBeTruthy();
    const done = await b.submit(page, { decision: 'logout' });
    expect(done.headers.location).toBe(`${LOGGED_OUT}?state=x`);
    expect(redirectParams(await twin.get(ask('web', { prompt: 'none' }))).params.error).toBe('login_required');
    const plain = await new InjectBrowser(h.app).get('/connect/endsession');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('You are signed out.');
  });
});

describe('device verification page', () => {
  async function startDevice(): Promise<{ device_code: string; user_code: string; verification_uri_complete: string }> {
    const res = await postForm(h.app, '/connect/deviceauthorization', { client_id: 'local-device', scope: 'openid profile' });
    return res.json();
  }
  const poll = (deviceCode: string) => postForm(h.app, '/connect/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode, client_id: 'local-device' });

  it('verification_uri_complete → sign in → confirm → the device poll receives tokens for the user', async () => {
    const d = await startDevice();
    const b = new InjectBrowser(h.app);
    const path = new URL(d.verification_uri_complete).pathname + new URL(d.verification_uri_complete).search;
    const login = await b.get(path);
    expect(login.body).toContain('Local device client (public)');
    const back = await b.submit(login, { username: 'demo', password: 'demo-password' });
    expect(back.statusCode).toBe(303);
    const confirm = await b.get(String(back.headers.location));
    expect(confirm.body).toContain(d.user_code);
    expect((await poll(d.device_code)).json().error).toBe('authorization_pending');
    const done = await b.submit(confirm, { decision: 'allow' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You can return to your device');
    h.clock.now += 10;
    const tokens = await poll(d.device_code);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({ access_token: expect.any(String), id_token: expect.any(String), scope: 'openid profile' });
    const reuse = await b.submit(confirm, { decision: 'allow' });
    expect(reuse.statusCode).toBe(400);
  });

  it('the code can be typed in (any case, no hyphen); deny makes the poll answer access_denied; an unknown code is refused', async () => {
    const d = await startDevice();
    const b = new InjectBrowser(h.app);
    await signIn(b, ask('web'));
    const entry = await b.get('/device?ui_locales=de');
    expect(entry.body).toContain('Geben Sie den Code ein');
    const confirm = await b.get(`/device?user_code=${d.user_code.replace('-', '').toLowerCase()}`);
    expect(confirm.statusCode).toBe(200);
    // the code to compare as the device shows it (upper case, with the hyphen), not as it was typed
    expect(d.user_code).toMatch(/^[A-Z0-9]+-[A-Z0-9]+$/);
    expect(confirm.body).toContain(`<span class="code">${d.user_code}</span>`);
    expect(confirm.body).not.toContain(d.user_code.replace('-', '').toLowerCase());
    const denied = await b.submit(confirm, { decision: 'deny' });
    expect(denied.body).toContain('Access denied');
    h.clock.now += 10;
    expect((await poll(d.device_code)).json().error).toBe('access_denied');
    const unknown = await b.get('/device?user_code=BBBB-BBBB');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('unknown, has expired or has already been used');
  });
});
