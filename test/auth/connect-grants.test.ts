/**
 * Revoking a remembered consent at `/connect/grants`: the list (German and English, API scopes with their
 * localized display names), CSRF and session checks, and what revoking ends — the consent (the client asks
 * again) and the client's refresh tokens for the user with their grants' access tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, authHarness, basic, postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, browserAuth, formOf, pkce, redirectParams } from './browser-support.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await authHarness(browserAuth());
});
afterAll(() => h.app.close());

const SCOPE = 'openid profile offline_access avacloud';
const ask = (p = pkce(), extra: Record<string, string> = {}) =>
  authorizeUrl({ client_id: 'consent', redirect_uri: REDIRECT, response_type: 'code', scope: SCOPE, state: 'g', code_challenge: p.challenge, code_challenge_method: 'S256', ...extra });

/** Signs in, consents with `remember`, and redeems the code: the token response. */
async function consented(b: InjectBrowser): Promise<{ access_token: string; refresh_token: string }> {
  const p = pkce();
  let page = await b.get(ask(p, { prompt: 'consent' }));
  if (page.body.includes('name="password"')) page = await b.submit(page, { username: 'demo', password: 'demo-password' });
  const done = await b.submit(page, { decision: 'allow', remember: 'true' });
  const code = redirectParams(done).params.code;
  const tokens = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: p.verifier }, { authorization: basic('consent', 'consent-secret') });
  expect(tokens.statusCode).toBe(200);
  return tokens.json();
}

describe('/connect/grants', () => {
  it('without a session shows the login page, which returns to the list', async () => {
    const b = new InjectBrowser(h.app);
    const login = await b.get('/connect/grants?ui_locales=de');
    expect(login.statusCode).toBe(200);
    expect(formOf(login.body).fields.return).toBe('/connect/grants');
    const back = await b.submit(login, { username: 'demo', password: 'demo-password' });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/connect/grants');
    const list = await b.get('/connect/grants?ui_locales=de');
    expect(list.body).toContain('Verbundene Anwendungen');
  });

  it('lists the remembered consent in words (localized API scope names); revoking ends the consent and the refresh tokens', async () => {
    const b = new InjectBrowser(h.app);
    const tokens = await consented(b);
    const other = await consented(new InjectBrowser(h.app));

    const en = await b.get('/connect/grants?ui_locales=en');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('App consent');
    for (const words of ['Your user identifier', 'Access while you are not signed in (refresh tokens)', 'Access to the AVACloud API']) expect(en.body).toContain(words);
    expect(en.body).toMatch(/Allowed on \w+ \d{1,2}, \d{4}/);
    const de = await b.get('/connect/grants', { 'accept-language': 'de-AT,de;q=0.9' });
    for (const words of ['Verbundene Anwendungen', 'Zugriff auf die AVACloud-API', 'Zugriff widerrufen']) expect(de.body).toContain(words);
    expect(de.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const revoked = await b.submit(en);
    expect(revoked.statusCode).toBe(303);
    expect(revoked.headers.location).toBe('/connect/grants?ui_locales=en&revoked=consent');
    const after = await b.get(String(revoked.headers.location));
    expect(after.body).toContain('App consent no longer has access.');
    expect(after.body).toContain('You have not allowed any application access.');
    expect(await h.auth.consents.scopes(DEMO.subject, 'consent')).toEqual([]);

    // Both refresh tokens of the client for this user are gone, and the access tokens of their grants.
    for (const t of [tokens, other]) {
      const refreshed = await postForm(h.app, '/connect/token', { grant_type: 'refresh_token', refresh_token: t.refresh_token }, { authorization: basic('consent', 'consent-secret') });
      expect(refreshed.json().error).toBe('invalid_grant');
      const userinfo = await h.app.inject({ url: '/connect/userinfo', headers: { authorization: `Bearer ${t.access_token}` } });
      expect(userinfo.statusCode).toBe(401);
    }
    // The client asks again.
    const again = await b.get(ask());
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('name="decision" value="allow"');
  });

  it('leaves other clients\' refresh tokens of the user alone', async () => {
    const b = new InjectBrowser(h.app);
    const p = pkce();
    const web = await b.submit(await b.get(authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid offline_access', code_challenge: p.challenge, code_challenge_method: 'S256' })), { username: 'demo', password: 'demo-password' });
    const webTokens = (await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code: redirectParams(web).params.code, redirect_uri: REDIRECT, code_verifier: p.verifier }, { authorization: basic('web', 'web-secret') })).json();
    await consented(b);
    await b.submit(await b.get('/connect/grants'));
    const refreshed = await postForm(h.app, '/connect/token', { grant_type: 'refresh_token', refresh_token: webTokens.refresh_token }, { authorization: basic('web', 'web-secret') });
    expect(refreshed.statusCode).toBe(200);
  });

  it('the revoke form needs its CSRF value, a session and a known client', async () => {
    const b = new InjectBrowser(h.app);
    await consented(b);
    const list = await b.get('/connect/grants');
    const { fields } = formOf(list.body);
    const forged = await b.post('/connect/grants', { ...fields, csrf: 'forged' });
    expect(forged.statusCode).toBe(403);
    const unknown = await b.post('/connect/grants', { ...fields, client_id: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('the client is unknown');
    expect(await h.auth.consents.scopes(DEMO.subject, 'consent')).not.toEqual([]);
    b.cookies.delete('ava.session');
    const anonymous = await b.post('/connect/grants', fields);
    expect(anonymous.statusCode).toBe(403);
    expect(await h.auth.consents.scopes(DEMO.subject, 'consent')).not.toEqual([]);
  });
});
