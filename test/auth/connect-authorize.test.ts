/**
 * `GET`/`POST /connect/authorize` at inject level with a cookie-keeping browser: the code flow with PKCE in each
 * response mode, `state`/`iss`/`nonce`, `prompt`, `max_age`/`auth_time`, `login_hint`, `ui_locales`, tenants, and
 * the errors (local page before the redirect URI is validated, redirect after). Named after the OpenID Foundation
 * Basic OP plan modules where one matches (oidcc-*).
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, basic, postForm, authHarness, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, WEB, authorizeUrl, browserAuth, formOf, pkce, redirectParams } from './browser-support.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await authHarness(browserAuth());
});
afterAll(() => h.app.close());

const ISS = 'http://localhost:5000';

function webRequest(extra: Record<string, string> = {}, p = pkce()) {
  return { url: authorizeUrl({ client_id: WEB.id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile avacloud', state: 'st-1', nonce: 'n-1', code_challenge: p.challenge, code_challenge_method: 'S256', ...extra }), pkce: p };
}

async function signIn(b: InjectBrowser, url: string, password = 'demo-password') {
  const page = await b.get(url);
  expect(page.statusCode).toBe(200);
  return b.submit(page, { username: 'demo', password });
}

async function redeem(code: string, verifier: string, clientId: string = WEB.id, redirectUri = REDIRECT) {
  return postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }, { authorization: basic(clientId, `${clientId}-secret`) });
}

describe('code flow with PKCE', () => {
  it('oidcc-server: signs in, redirects with code, state and iss, and the code redeems for tokens with nonce and auth_time', async () => {
    const b = new InjectBrowser(h.app);
    const { url, pkce: p } = webRequest();
    const done = await signIn(b, url);
    expect(done.statusCode).toBe(303);
    const { base, params } = redirectParams(done);
    expect(base).toBe(REDIRECT);
    expect(params).toMatchObject({ state: 'st-1', iss: ISS });
    const tokens = await redeem(params.code, p.verifier);
    expect(tokens.statusCode).toBe(200);
    const id = decodeJwt(tokens.json().id_token);
    expect(id).toMatchObject({ iss: ISS, aud: WEB.id, nonce: 'n-1', amr: ['pwd'] });
    expect(typeof id.auth_time).toBe('number');
  });

  it('oidcc-ensure-post-request-succeeds: POST /connect/authorize with a form body', async () => {
    const b = new InjectBrowser(h.app);
    await signIn(b, webRequest().url);
    const p = pkce();
    const res = await b.post('/connect/authorize', { client_id: WEB.id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', state: 'post', code_challenge: p.challenge, code_challenge_method: 'S256' });
    expect(res.statusCode).toBe(303);
    expect(redirectParams(res).params).toMatchObject({ state: 'post', code: expect.any(String), iss: ISS });
  });

  it('response_mode=form_post answers a self-submitting page whose script carries the CSP nonce', async () => {
    const b = new InjectBrowser(h.app);
    const done = await signIn(b, webRequest({ response_mode: 'form_post' }).url);
    expect(done.statusCode).toBe(200);
    const { action, fields } = formOf(done.body);
    expect(action).toBe(REDIRECT);
    expect(fields).toMatchObject({ state: 'st-1', iss: ISS, code: expect.any(String) });
    const nonce = /<script nonce="([^"]+)">document\.forms\[0\]\.submit\(\);<\/script>/.exec(done.body)?.[1];
    expect(nonce).toBeDefined();
    const csp = String(done.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain("form-action 'self' https://app.example");
  });

  it('response_mode=fragment puts the response in the fragment; a registered query is kept', async () => {
    const b = new InjectBrowser(h.app);
    const frag = await signIn(b, webRequest({ response_mode: 'fragment' }).url);
    expect(String(frag.headers.location)).toMatch(/^https:\/\/app\.example\/cb#code=[^&]+&state=st-1&iss=/);
    const p = pkce();
    const q = await b.get(webRequest({ redirect_uri: 'https://app.example/cb?tab=1' }, p).url);
    expect(String(q.headers.location)).toMatch(/^https:\/\/app\.example\/cb\?tab=1&code=/);
    expect((await redeem(redirectParams(q).params.code, p.verifier, WEB.id, 'https://app.example/cb?tab=1')).statusCode).toBe(200);
  });

  it('oidcc-ensure-request-without-nonce-succeeds-for-code-flow; no state means none is echoed', async () => {
    const b = new InjectBrowser(h.app);
    await signIn(b, webRequest().url);
    const res = await b.get(webRequest({ nonce: '', state: '' }).url);
    const { params } = redirectParams(res);
    expect(params).not.toHaveProperty('state');
    expect(params.code).toBeTruthy();
  });

  it('plain PKCE only for a client that allows it', async () => {
    const b = new InjectBrowser(h.app);
    await signIn(b, webRequest().url);
    const verifier = pkce().verifier;
    const refused = redirectParams(await b.get(webRequest({ code_challenge: verifier, code_challenge_method: 'plain' }).url)).params;
    expect(refused).toMatchObject({ error: 'invalid_request', state: 'st-1', iss: ISS });
    const ok = await b.get(authorizeUrl({ client_id: 'plain', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', code_challenge: verifier, code_challenge_method: 'plain' }));
    expect((await redeem(redirectParams(ok).params.code, verifier, 'plain')).statusCode).toBe(200);
  });

  it('a code issued to one client cannot be redeemed by another', async () => {
    const b = new InjectBrowser(h.app);
    const { url, pkce: p } = webRequest();
    const { params } = redirectParams(await signIn(b, url));
    const res = await redeem(params.code, p.verifier, 'plain');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });
});

describe('errors', () => {
  it('oidcc-ensure-registered-redirect-uri: unknown client or unregistered redirect URI shows a local page, never a redirect', async () => {
    const b = new InjectBrowser(h.app);
    const cases: Record<string, string>[] = [
      { client_id: 'nobody', redirect_uri: REDIRECT },
      { client_id: WEB.id, redirect_uri: 'https://evil.example/cb' },
      { client_id: WEB.id, redirect_uri: 'https://APP.example/cb' },
      { client_id: WEB.id, redirect_uri: 'https://app.example/cb/' },
      { client_id: WEB.id, redirect_uri: 'javascript:alert(1)' },
      { client_id: WEB.id },
      { redirect_uri: REDIRECT },
    ];
    for (const c of cases) {
      const res = await b.get(authorizeUrl({ ...c, response_type: 'code', scope: 'openid', state: 's' }));
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).not.toContain('evil.example');
    }
    const twice = await b.get(`/connect/authorize?client_id=web&redirect_uri=${encodeURIComponent(REDIRECT)}&redirect_uri=https%3A%2F%2Fevil.example%2F&response_type=code&scope=openid`);
    expect(twice.statusCode).toBe(400);
    expect(twice.headers.location).toBeUndefined();
  });

  it('oidcc-response-type-missing and others go to the redirect URI with error, error_description, state and iss', async () => {
    const b = new InjectBrowser(h.app);
    const expectError = async (params: Record<string, string>, error: string) => {
      const res = await b.get(webRequest(params).url);
      expect(res.statusCode, JSON.stringify(params)).toBe(303);
      const r = redirectParams(res);
      expect(r.base).toBe(REDIRECT);
      expect(r.params, JSON.stringify(params)).toMatchObject({ error, error_description: expect.any(String), state: 'st-1', iss: ISS });
    };
    await expectError({ response_type: '' }, 'invalid_request');
    await expectError({ response_type: 'code token' }, 'unsupported_response_type');
    await expectError({ response_type: 'code foo' }, 'unsupported_response_type');
    await expectError({ response_type: 'id_token' }, 'unauthorized_client');
    await expectError({ response_type: 'code id_token' }, 'unauthorized_client');
    await expectError({ scope: 'openid admin' }, 'invalid_scope');
    await expectError({ scope: '' }, 'invalid_request');
    await expectError({ code_challenge: '' , code_challenge_method: '' }, 'invalid_request');
    await expectError({ request: 'eyJhbGciOiJub25lIn0.e30.' }, 'invalid_request_object');
    await expectError({ request_uri: 'https://app.example/req.jwt' }, 'invalid_request_uri');
    await expectError({ prompt: 'none login' }, 'invalid_request');
    await expectError({ prompt: 'select_account' }, 'invalid_request');
    await expectError({ max_age: '-1' }, 'invalid_request');
    await expectError({ response_mode: 'web_message' }, 'invalid_request');
    await expectError({ acr_values: 'tenant:nowhere' }, 'invalid_request');
    await expectError({ acr_values: 'idp:google' }, 'invalid_request');
    const res = await b.get(authorizeUrl({ client_id: 'device-only', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', state: 'd' }));
    expect(redirectParams(res).params).toMatchObject({ error: 'unauthorized_client', state: 'd' });
  });

  it('an error in form_post mode is posted too', async () => {
    const res = await new InjectBrowser(h.app).get(webRequest({ response_mode: 'form_post', scope: 'nope' }).url);
    expect(res.statusCode).toBe(200);
    expect(formOf(res.body).fields).toMatchObject({ error: 'invalid_scope', state: 'st-1', iss: ISS });
  });
});

describe('prompt, max_age, login_hint, ui_locales', () => {
  it('oidcc-prompt-none-not-logged-in answers login_required without a page; oidcc-prompt-none-logged-in answers a code', async () => {
    const b = new InjectBrowser(h.app);
    const out = await b.get(webRequest({ prompt: 'none' }).url);
    expect(out.statusCode).toBe(303);
    expect(out.headers['content-type'] ?? '').not.toContain('text/html');
    expect(redirectParams(out).params).toMatchObject({ error: 'login_required', state: 'st-1', iss: ISS });
    await signIn(b, webRequest().url);
    const inside = await b.get(webRequest({ prompt: 'none' }).url);
    expect(redirectParams(inside).params.code).toBeTruthy();
  });

  it('oidcc-prompt-login shows the login page despite a session, and the new sign-in continues the request', async () => {
    const b = new InjectBrowser(h.app);
    await signIn(b, webRequest().url);
    const { url, pkce: p } = webRequest({ prompt: 'login' });
    const page = await b.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="password"');
    const done = await b.submit(page, { username: 'demo', password: 'demo-password' });
    expect((await redeem(redirectParams(done).params.code, p.verifier)).statusCode).toBe(200);
  });

  it('oidcc-max-age-1: after max_age seconds the user signs in again; auth_time is the new sign-in', async () => {
    const b = new InjectBrowser(h.app);
    await signIn(b, webRequest().url);
    const first = h.clock.now;
    h.clock.now += 5;
    try {
      const { url, pkce: p } = webRequest({ max_age: '1' });
      const page = await b.get(url);
      expect(page.body).toContain('name="password"');
      const done = await b.submit(page, { username: 'demo', password: 'demo-password' });
      const id = decodeJwt((await redeem(redirectParams(done).params.code, p.verifier)).json().id_token);
      expect(id.auth_time).toBe(first + 5);
      const again = webRequest({ max_age: '10000' });
      const quiet = await b.get(again.url);
      expect(redirectParams(quiet).params.code).toBeTruthy();
      const noneTooOld = await b.get(webRequest({ max_age: '0', prompt: 'none' }).url);
      h.clock.now += 1;
      const tooOld = await b.get(webRequest({ max_age: '0', prompt: 'none' }).url);
      expect(redirectParams(tooOld).params.error).toBe('login_required');
      expect(noneTooOld.statusCode).toBe(303);
    } finally {
      h.clock.now = first;
    }
  });

  it('oidcc-login-hint pre-fills the user name; oidcc-ui-locales shows German; Accept-Language is the fallback', async () => {
    const b = new InjectBrowser(h.app);
    const de = await b.get(webRequest({ login_hint: 'demo@example', ui_locales: 'de-AT en' }).url);
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('Benutzername oder E-Mail');
    expect(de.body).toContain('value="demo@example"');
    const byHeader = await b.get(webRequest().url, { 'accept-language': 'fr;q=1, de;q=0.8, en;q=0.5' });
    expect(byHeader.body).toContain('<html lang="de">');
    const en = await b.get(webRequest({ ui_locales: 'fr' }).url);
    expect(en.body).toContain('<html lang="en">');
  });

  it('oidcc-ensure-request-with-acr-values-succeeds: tenant:<name> names the tenant on the login page; only its users sign in', async () => {
    const b = new InjectBrowser(h.app);
    const url = authorizeUrl({ client_id: 'partner', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', acr_values: 'tenant:partner', code_challenge: pkce().challenge, code_challenge_method: 'S256' });
    const page = await b.get(url);
    expect(page.body).toContain('Partner GmbH');
    const done = await b.submit(page, { username: 'partner-user', password: 'partner-password' });
    expect(redirectParams(done).params.code).toBeTruthy();
    const outsider = new InjectBrowser(h.app);
    const other = await outsider.submit(await outsider.get(webRequest().url), { username: 'partner-user', password: 'partner-password' });
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('Sign-in failed');
  });
});

describe('id_token_hint', () => {
  it('oidcc-id-token-hint: a hint for the signed-in user answers quietly; for another user or forged, it does not', async () => {
    const b = new InjectBrowser(h.app);
    const { url, pkce: p } = webRequest();
    const tokens = (await redeem(redirectParams(await signIn(b, url)).params.code, p.verifier)).json();
    const same = await b.get(webRequest({ prompt: 'none', id_token_hint: tokens.id_token }).url);
    expect(redirectParams(same).params.code).toBeTruthy();
    const other = await b.get(webRequest({ prompt: 'none', id_token_hint: await h.auth.tokens.createIdToken(ISS, { client: h.auth.clients.client(WEB.id)!, user: { ...(await h.auth.users.bySubjectId(DEMO.subject))!, subject: 'someone-else' }, granted: h.auth.resources.resolve('openid', h.auth.clients.client(WEB.id)!), tenant: 'default' }, undefined, {}) }).url);
    expect(redirectParams(other).params.error).toBe('login_required');
    const forged = await b.get(webRequest({ prompt: 'none', id_token_hint: tokens.id_token.slice(0, -4) + 'AAAA' }).url);
    expect(redirectParams(forged).params).toMatchObject({ error: 'invalid_request', state: 'st-1' });
  });
});
