/**
 * Account policies and life cycle: registration closed, restricted to e-mail domains, per tenant; configured
 * users keep working through the store (e-mail as identifier at the login page too); disabling or deleting a user
 * revokes every grant; production refuses registration or reset without SMTP, and the schema refuses passwords
 * shorter than 10 characters as minimum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { assertSafeAuthConfig } from '../../config/production.js';
import { DEMO, authHarness, type AuthHarness } from '../auth/connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, pkce, redirectParams } from '../auth/browser-support.js';
import { accountsAuth, mailFolder, sendJson } from './identity-support.js';

const account = (username: string, email: string) => ({ username, email, password: 'policy test passphrase' });

describe('registration policy', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await authHarness(accountsAuth(mailFolder(), { registration: { enabled: false } }, {
      auth: {
        tenants: [
          { name: 'default', conversionScope: 'avacloud', enabledFormats: [], optionDefaults: {} },
          { name: 'acme', conversionScope: 'avacloud', enabledFormats: [], optionDefaults: {}, registration: { enabled: true, allowedEmailDomains: ['Acme.example'], requireEmailConfirmation: false } },
        ],
      },
    }));
  });
  afterAll(() => h.app.close());

  it('closed for the default tenant: 400 naming registration', async () => {
    const res = await sendJson(h.app, '/identity/register', account('closed', 'closed@acme.example'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.registration[0]).toContain('closed for tenant default');
  });

  it('open for tenant acme to its e-mail domain only; the account belongs to acme', async () => {
    const outside = await sendJson(h.app, '/identity/register?tenant=acme', account('outsider', 'x@acme.example.org'));
    expect(outside.json().errors.email[0]).toContain('open to these e-mail domains only: Acme.example');
    expect((await sendJson(h.app, '/identity/register?tenant=acme', account('insider', 'In@ACME.example'))).statusCode).toBe(204);
    expect(await h.auth.users.store.byIdentifier('insider', 'acme')).toMatchObject({ tenant: 'acme', emailConfirmed: false });
    expect(await h.auth.users.store.byIdentifier('insider', 'default')).toBeUndefined();
    expect((await sendJson(h.app, '/identity/register?tenant=nowhere', account('lost', 'l@acme.example'))).json().errors.tenant[0]).toContain('unknown');
  });
});

describe('user life cycle', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await authHarness(accountsAuth(mailFolder()));
  });
  afterAll(() => h.app.close());

  it('the /connect login page takes the e-mail address of a configured user', async () => {
    const browser = new InjectBrowser(h.app);
    const page = await browser.get(authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', state: 'e', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    const done = await browser.submit(page, { username: 'demo@example.invalid', password: DEMO.password });
    expect(redirectParams(done).params).toMatchObject({ state: 'e', code: expect.any(String) });
  });

  it('disabling a user revokes refresh and access tokens and ends sessions; deleting one does too', async () => {
    expect((await sendJson(h.app, '/identity/register', account('short-lived', 'short@example.org'))).statusCode).toBe(204);
    const tokens = (await sendJson(h.app, '/identity/token-login', { identifier: 'short-lived', password: 'policy test passphrase' })).json();
    const subject = (await h.auth.users.store.byIdentifier('short-lived'))!.subject;
    const active = async (token: string) => (await h.app.inject({ method: 'GET', url: '/connect/userinfo', headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect(await active(tokens.accessToken)).toBe(200);
    const browser = new InjectBrowser(h.app);
    browser.cookies.set('ava.session', (await sendJson(h.app, '/identity/login', { identifier: 'short-lived', password: 'policy test passphrase' })).cookies.find((c) => c.name === 'ava.session')!.value);
    const silent = () => browser.get(authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', prompt: 'none', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    expect(redirectParams(await silent()).params.code).toBeDefined();
    await h.auth.users.setDisabled(subject, true);
    expect(redirectParams(await silent()).params.error).toBe('login_required');
    expect(await active(tokens.accessToken)).toBe(401);
    expect((await sendJson(h.app, '/identity/token-refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
    expect((await sendJson(h.app, '/identity/token-login', { identifier: 'short-lived', password: 'policy test passphrase' })).statusCode).toBe(401);
    await h.auth.users.setDisabled(subject, false);
    const again = (await sendJson(h.app, '/identity/token-login', { identifier: 'short-lived', password: 'policy test passphrase' })).json();
    expect(await active(again.accessToken)).toBe(200);
    expect(await h.auth.users.delete(subject)).toBe(true);
    expect(await active(again.accessToken)).toBe(401);
    expect((await sendJson(h.app, '/identity/token-refresh', { refreshToken: again.refreshToken })).statusCode).toBe(401);
    // The name is free again.
    expect((await sendJson(h.app, '/identity/register', account('short-lived', 'short@example.org'))).statusCode).toBe(204);
  });

  it('token login names the missing configuration when the first-party client lacks the password grant', async () => {
    const other = await authHarness(accountsAuth(mailFolder(), { tokenClientId: 'web' }));
    try {
      const res = await sendJson(other.app, '/identity/token-login', { identifier: DEMO.userName, password: DEMO.password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ isError: true, error: 'unauthorized_client', errorDescription: expect.stringContaining('auth.accounts.tokenClientId') });
    } finally {
      await other.app.close();
    }
  });
});

describe('configuration', () => {
  const production = (accounts: Record<string, unknown>) => loadConfig({}, { environment: 'Production', auth: { accounts } });

  it('production refuses registration or reset without SMTP, and accepts them with it', () => {
    expect(() => assertSafeAuthConfig(production({}), [])).not.toThrow();
    expect(() => assertSafeAuthConfig(production({ registration: { enabled: true } }), [])).toThrow(/auth\.accounts\.mail\.smtp: registration enabled but no SMTP server/);
    expect(() => assertSafeAuthConfig(production({ passwordReset: { enabled: true } }), [])).toThrow(/password reset enabled/);
    const smtp = { from: 'x <x@example.org>', pickupDirectory: '.mail', smtp: { host: 'smtp.example.org' } };
    expect(() => assertSafeAuthConfig(production({ registration: { enabled: true }, passwordReset: { enabled: true }, mail: smtp }), [])).not.toThrow();
    expect(production({ mail: smtp }).auth.accounts.mail.smtp).toEqual({ host: 'smtp.example.org', port: 587, secure: false, requireTLS: false });
  });

  it('refuses a minimum password length below 10 and a redirect origin with a path', () => {
    expect(() => loadConfig({}, { auth: { accounts: { minimumPasswordLength: 8 } } })).toThrow(/minimumPasswordLength/);
    expect(() => loadConfig({}, { auth: { accounts: { allowedRedirectOrigins: ['https://app.example/path'] } } })).toThrow(/allowedRedirectOrigins/);
  });
});
