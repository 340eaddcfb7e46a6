/**
 * Password reset end to end: a real SMTP server in-process (smtp-server) receives the reset mail (parsed with
 * mailparser: recipient, language, the link), headless Chromium follows the link, sets a new password on the
 * reset page, and then the new password signs in while the old password, the old refresh token, the old access
 * token and the old login session are all refused. The used link shows the error page. Skipped, saying so, when
 * Chromium is missing.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBackground } from '../../gateway/identity/index.js';
import { DEMO, listeningHarness, type AuthHarness } from '../auth/connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, pkce, redirectParams } from '../auth/browser-support.js';
import { CHROMIUM, hasChromium } from '../browser/browser-support.js';
import { accountsAuth, linkIn, mailFolder, sendJson, smtpSink } from './identity-support.js';

if (!hasChromium) console.warn(`password reset browser test skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
const suite = hasChromium ? describe : describe.skip;

suite('password reset through SMTP and Chromium', () => {
  let h: AuthHarness;
  let sink: Awaited<ReturnType<typeof smtpSink>> | undefined;
  let browser: Browser;

  beforeAll(async () => {
    sink = await smtpSink();
    h = await listeningHarness(accountsAuth(mailFolder(), { mail: { from: 'AVA Test <no-reply@test.invalid>', pickupDirectory: mailFolder(), smtp: sink.smtp } }));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.app.close();
    await sink?.close();
  });

  it('mails a German link; the page sets the password; old refresh token, access token and session are refused', async () => {
    const old = (await sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName, password: DEMO.password })).json();
    const cookieLogin = await sendJson(h.app, '/identity/login', { identifier: DEMO.userName, password: DEMO.password, staySignedIn: true });
    const oldSession = cookieLogin.cookies.find((c) => c.name === 'ava.session')!.value;

    expect((await sendJson(h.app, '/identity/password-forgotten', { identifier: 'demo@example.invalid', preferredLanguages: ['de-AT'] })).statusCode).toBe(204);
    await accountBackground(h.auth)!.idle();
    await expect.poll(() => sink!.received.length).toBe(1);
    const { to, mail } = sink!.received[0];
    expect(to).toEqual(['demo@example.invalid']);
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.headers.get('content-language')).toBe('de');
    expect(mail.from?.text).toContain('no-reply@test.invalid');
    const link = linkIn(mail, '/identity/password-reset');
    expect(link.startsWith(`${h.auth.issuer}/identity/password-reset?token=`)).toBe(true);
    expect(mail.html).toContain(`<a href="${link}">`);

    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const response = await page.goto(link);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    expect(await page.textContent('h1')).toBe('Neues Passwort wählen');
    await page.fill('#password', 'ein ganz neues Passwort 42');
    await page.fill('#password2', 'ein ganz anderes Passwort');
    await page.click('.reset-submit');
    expect(await page.textContent('.error')).toContain('verschieden');
    await page.fill('#password', 'kurz');
    await page.fill('#password2', 'kurz');
    await page.click('.reset-submit');
    expect(await page.textContent('.error')).toContain('mindestens 10 Zeichen');
    await page.fill('#password', 'password123');
    await page.fill('#password2', 'password123');
    await page.click('.reset-submit');
    expect(await page.textContent('.error')).toContain('häufigsten Passwörtern');
    await page.fill('#password', 'ein ganz neues Passwort 42');
    await page.fill('#password2', 'ein ganz neues Passwort 42');
    await page.click('.reset-submit');
    expect(await page.textContent('main')).toContain('Ihr Passwort wurde geändert');

    const fresh = await sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName, password: 'ein ganz neues Passwort 42' });
    expect(fresh.statusCode).toBe(200);
    expect((await sendJson(h.app, '/identity/token-login', { identifier: DEMO.userName, password: DEMO.password })).statusCode).toBe(401);
    const refused = await sendJson(h.app, '/identity/token-refresh', { refreshToken: old.refreshToken });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('invalid_grant');
    expect((await h.app.inject({ method: 'GET', url: '/connect/userinfo', headers: { authorization: `Bearer ${old.accessToken}` } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/connect/userinfo', headers: { authorization: `Bearer ${fresh.json().accessToken}` } })).statusCode).toBe(200);
    const oldBrowser = new InjectBrowser(h.app);
    oldBrowser.cookies.set('ava.session', oldSession);
    const silent = await oldBrowser.get(authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', prompt: 'none', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    expect(redirectParams(silent).params.error).toBe('login_required');

    await page.goto(link);
    expect(await page.textContent('main')).toContain('ungültig, abgelaufen oder wurde bereits benutzt');
    await context.close();
  }, 60_000);
});
