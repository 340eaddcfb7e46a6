/**
 * The six account operations of the seed's table, each status code: cookie login 204/401 (and the shared
 * session with /connect/authorize), sign-out 204, token login 200/400/401, token refresh 200/400/401,
 * register 204/400 (every invalid field named), password-forgotten 204; and the OpenAPI document listing them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, authHarness, refresh, userTokens, type AuthHarness } from '../auth/connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, pkce, redirectParams } from '../auth/browser-support.js';
import { accountsAuth, mailFolder, mailsIn, sendJson } from './identity-support.js';

let h: AuthHarness;
const mails = mailFolder();
beforeAll(async () => {
  h = await authHarness(accountsAuth(mails));
});
afterAll(() => h.app.close());

const TOKEN_GET_KEYS = ['accessToken', 'identityToken', 'refreshToken', 'tokenType', 'expiresIn', 'isError', 'errorType', 'httpStatusCode'];

describe('POST /identity/login (ServiceIdentity_LoginWithCookie)', () => {
  it('204 with the session cookie, which a later /connect/authorize accepts without the login page', async () => {
    const browser = new InjectBrowser(h.app);
    const before = await browser.get(authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('name="password"');
    const res = await sendJson(h.app, '/identity/login', { identifier: DEMO.userName, password: DEMO.password, staySignedIn: false }, { headers: { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.statusCode).toBe(204);
    const session = res.cookies.find((c) => c.name === 'ava.session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.maxAge).toBeUndefined();
    browser.cookies.set('ava.session', session.value);
    const after = await browser.get(authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', state: 's1', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    expect(after.statusCode).toBe(303);
    expect(redirectParams(after).params).toMatchObject({ state: 's1', code: expect.any(String) });
  });

  it('staySignedIn: a persistent cookie; the e-mail address works as identifier', async () => {
    const res = await sendJson(h.app, '/identity/login', { identifier: 'DEMO@example.invalid', password: DEMO.password, staySignedIn: true });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'ava.session')!.maxAge).toBe(h.auth.config.session.lifetimeSeconds);
  });

  it('staySignedIn null (a client that serialises absent values as null) is a session cookie; a text is refused', async () => {
    const res = await sendJson(h.app, '/identity/login', { identifier: DEMO.userName, password: DEMO.password, staySignedIn: null });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'ava.session')!.maxAge).toBeUndefined();
    const text = await sendJson(h.app, '/identity/login', { identifier: DEMO.userName, password: DEMO.password, staySignedIn: 'yes' });
    expect(text.statusCode).toBe(400);
    expect(Object.keys(text.json().errors)).toEqual(['staySignedIn']);
  });

  it('401 for a wrong password and for an unknown user, with the same body; 400 naming missing fields', async () => {
    const wrong = await sendJson(h.app, '/identity/login', { identifier: DEMO.userName, password: 'not-the-password', staySignedIn: false });
    const unknown = await sendJson(h.app, '/identity/login', { identifier: 'nobody-here', password: 'not-the-password', staySignedIn: false });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.cookies.find((c) => c.name === 'ava.session')).toBeUndefined();
    const bad = await sendJson(h.app, '/identity/login', { identifier: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['identifier', 'password']);
  });
});

describe('DELETE /identity/login (ServiceIdentity_SignOutWithSignInManager)', () => {
  it('204 and the session ends on the server: authorize shows the login page again', async () => {
    const browser = new InjectBrowser(h.app);
    const login = await sendJson(h.app, '/identity/login', { identifier: DEMO.userName, password: DEMO.password, staySignedIn: true });
    const cookie = `ava.session=${login.cookies.find((c) => c.name === 'ava.session')!.value}`;
    const out = await h.app.inject({ method: 'DELETE', url: '/identity/login', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'ava.session')!.value).toBe('');
    browser.cookies.set('ava.session', cookie.split('=')[1]);
    const page = await browser.get(authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', prompt: 'none', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    expect(redirectParams(page).params.error).toBe('login_required');
    expect((await h.app.inject({ method: 'DELETE', url: '/identity/login' })).statusCode).toBe(204);
  });
});

describe('POST /identity/token-login and /identity/token-refresh', () => {
  it('200 TokenResponseGet; the refresh token rotates; 401 for the used one; 400 for a malformed body', async () => {
    const login = await sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName, password: DEMO.password });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const tokens = login.json();
    expect(Object.keys(tokens).sort()).toEqual([...TOKEN_GET_KEYS].sort());
    expect(tokens).toMatchObject({ tokenType: 'Bearer', isError: false, errorType: 'None', httpStatusCode: 'OK', expiresIn: 3600 });
    const conversion = await h.app.inject({ method: 'GET', url: '/connect/userinfo', headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(conversion.json()).toMatchObject({ sub: DEMO.subject });

    const refreshed = await sendJson(h.app, '/identity/token-refresh', { refreshToken: tokens.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refreshToken).not.toBe(tokens.refreshToken);
    const reused = await sendJson(h.app, '/identity/token-refresh', { refreshToken: tokens.refreshToken });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ isError: true, errorType: 'Protocol', httpStatusCode: 'Unauthorized', error: 'invalid_grant', expiresIn: 0 });
    // Reuse revoked the family: the rotated token is dead too (same rules as /connect/token).
    expect((await sendJson(h.app, '/identity/token-refresh', { refreshToken: refreshed.json().refreshToken })).statusCode).toBe(401);

    for (const body of [{}, { refreshToken: '' }, { refreshToken: 5 }]) {
      const bad = await sendJson(h.app, '/identity/token-refresh', body);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toMatchObject({ isError: true, httpStatusCode: 'BadRequest', error: 'invalid_request' });
    }
  });

  it('token-refresh redeems only refresh tokens of token-login: not the confidential client\'s from /connect/token (RFC 6749 §6, §10.4)', async () => {
    const connect = await userTokens(h.app, 'openid avacloud offline_access');
    expect((await refresh(h.app, connect.refresh_token!, '')).statusCode).toBe(401);
    const invalid = await sendJson(h.app, '/identity/token-refresh', { refreshToken: 'unknown-refresh-token' });
    const refused = await sendJson(h.app, '/identity/token-refresh', { refreshToken: connect.refresh_token! });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toBe(invalid.body);
    // Nothing was consumed: the client still refreshes it with its secret.
    const rotated = await refresh(h.app, connect.refresh_token!);
    expect(rotated.statusCode).toBe(200);
    expect((await sendJson(h.app, '/identity/token-refresh', { refreshToken: rotated.json().refresh_token })).statusCode).toBe(401);

    // token-login's refresh tokens keep their mark over rotations.
    let refreshToken = (await sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName, password: DEMO.password })).json().refreshToken as string;
    for (let i = 0; i < 2; i++) {
      const next = await sendJson(h.app, '/identity/token-refresh', { refreshToken });
      expect(next.statusCode, next.body).toBe(200);
      refreshToken = next.json().refreshToken;
    }
  });

  it('401 for wrong credentials (same body for an unknown user); 400 for a malformed body', async () => {
    const wrong = await sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName, password: 'wrong-password' });
    const unknown = await sendJson(h.app, '/identity/token-login', { identifier: 'nobody-at-all', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ isError: true, error: 'invalid_grant', httpStatusCode: 'Unauthorized', errorType: 'Protocol' });
    expect(unknown.body).toBe(wrong.body);
    const bad = await sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ isError: true, httpStatusCode: 'BadRequest', error: 'invalid_request', expiresIn: 0 });
  });
});

describe('POST /identity/register (ServiceIdentity_Register)', () => {
  it('204; the new account signs in; 400 naming a taken user name and e-mail (ignoring case)', async () => {
    const res = await sendJson(h.app, '/identity/register', { username: 'Neu.Nutzer', email: 'neu@example.org', password: 'a long unusual passphrase', preferredLanguages: ['de'] });
    expect(res.statusCode).toBe(204);
    expect((await sendJson(h.app, '/identity/token-login', { identifier: 'neu.nutzer', password: 'a long unusual passphrase' })).statusCode).toBe(200);
    const again = await sendJson(h.app, '/identity/register', { username: 'NEU.NUTZER', email: 'other@example.org', password: 'a long unusual passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ username: ['This user name is taken.'] });
    const sameMail = await sendJson(h.app, '/identity/register', { username: 'someone-else', email: 'NEU@example.org', password: 'a long unusual passphrase' });
    expect(sameMail.json().errors).toEqual({ email: ['An account with this e-mail address exists.'] });
  });

  it('400 naming every invalid field at once', async () => {
    const res = await sendJson(h.app, '/identity/register', { username: 'has space', email: 'no-at-sign', password: 'short', preferredLanguages: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password', 'preferredLanguages', 'username']);
    expect(res.json().errors.password[0]).toContain('at least 10 characters');
    const common = await sendJson(h.app, '/identity/register', { username: 'common-pw', email: 'c@example.org', password: 'Qwertyuiop' });
    expect(common.json().errors).toEqual({ password: ['The password is one of the most common passwords; choose another.'] });
    expect((await sendJson(h.app, '/identity/register', '[1]')).statusCode).toBe(400);
    expect((await sendJson(h.app, '/identity/register', '{not json')).statusCode).toBe(400);
  });
});

describe('POST /identity/password-forgotten (ServiceIdentity_RequestPasswordReset)', () => {
  it('204 for a known and an unknown identifier; only the known one gets a mail', async () => {
    const before = (await mailsIn(h.auth, mails)).length;
    expect((await sendJson(h.app, '/identity/password-forgotten', { identifier: DEMO.userName })).statusCode).toBe(204);
    expect((await sendJson(h.app, '/identity/password-forgotten', { identifier: 'nobody@example.org' })).statusCode).toBe(204);
    const after = await mailsIn(h.auth, mails);
    expect(after.length - before).toBe(1);
    expect(after.at(-1)!.to).toMatchObject({ text: 'demo@example.invalid' });
    expect((await sendJson(h.app, '/identity/password-forgotten', {})).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('lists the six operations with their ids, bodies and the seed table responses', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/swagger/v1/swagger.json' })).json();
    const op = (path: string, method: string) => doc.paths[path][method];
    const expected: Array<[string, string, string, string[], string | undefined]> = [
      ['/identity/login', 'post', 'ServiceIdentity_LoginWithCookie', ['204', '401'], 'LoginPost'],
      ['/identity/login', 'delete', 'ServiceIdentity_SignOutWithSignInManager', ['204'], undefined],
      ['/identity/token-login', 'post', 'ServiceIdentity_LoginAndReturnToken', ['200', '400', '401'], 'TokenLoginPost'],
      ['/identity/token-refresh', 'post', 'ServiceIdentity_RefreshToken', ['200', '400', '401'], 'TokenRefreshPost'],
      ['/identity/register', 'post', 'ServiceIdentity_Register', ['204', '400'], 'RegisterPost'],
      ['/identity/password-forgotten', 'post', 'ServiceIdentity_RequestPasswordReset', ['204'], 'ForgotPasswordPost'],
    ];
    for (const [path, method, id, codes, body] of expected) {
      const o = op(path, method);
      expect(o.operationId, path).toBe(id);
      for (const code of codes) expect(o.responses, `${id} ${code}`).toHaveProperty(code);
      if (body) expect(o.requestBody.content['application/json'].schema.title).toBe(body);
    }
    expect(op('/identity/token-login', 'post').responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TokenResponseGet' });
    expect(doc.components.schemas.TokenResponseGet.required).toEqual(['expiresIn', 'isError', 'errorType', 'httpStatusCode']);
    expect(doc.paths['/identity/password-reset']).toBeUndefined();
  });
});
