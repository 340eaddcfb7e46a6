/**
 * E-mail confirmation end to end: registration with confirmation on, the mail through a real SMTP server
 * (smtp-server, read back with mailparser), and headless Chromium on the mailed link. Opening the link (as a mail
 * security scanner does) confirms nothing; the page names the account, and its button confirms; the account then
 * signs in, and the used link shows the error page. Skipped, saying so, when Chromium is missing.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBackground } from '../../gateway/identity/index.js';
import { listeningHarness, type AuthHarness } from '../auth/connect-support.js';
import { CHROMIUM, hasChromium } from '../browser/browser-support.js';
import { accountsAuth, linkIn, mailFolder, sendJson, smtpSink } from './identity-support.js';

if (!hasChromium) console.warn(`e-mail confirmation browser test skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
const suite = hasChromium ? describe : describe.skip;

suite('e-mail confirmation through SMTP and Chromium', () => {
  let h: AuthHarness;
  let sink: Awaited<ReturnType<typeof smtpSink>> | undefined;
  let browser: Browser;

  beforeAll(async () => {
    sink = await smtpSink();
    h = await listeningHarness(accountsAuth(mailFolder(), {
      registration: { enabled: true, requireEmailConfirmation: true },
      mail: { from: 'AVA Test <no-reply@test.invalid>', pickupDirectory: mailFolder(), smtp: sink.smtp },
    }));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.app.close();
    await sink?.close();
  });

  it('the link shows the account and a button; only the button confirms', async () => {
    const password = 'eine lange Passphrase 7';
    const register = await sendJson(h.app, '/identity/register', { username: 'bauleiterin', email: 'bau@example.org', password, preferredLanguages: ['de'] });
    expect(register.statusCode).toBe(204);
    await accountBackground(h.auth)!.idle();
    await expect.poll(() => sink!.received.length).toBe(1);
    const { to, mail } = sink!.received[0];
    expect(to).toEqual(['bau@example.org']);
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    const link = linkIn(mail, '/identity/confirm-email');
    const login = () => sendJson(h.app, '/identity/token-login', { identifier: 'bauleiterin', password });

    // a scanner's GET
    expect((await fetch(link)).status).toBe(200);
    expect((await login()).statusCode).toBe(401);

    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const response = await page.goto(link);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    expect(await page.textContent('h1')).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(await page.textContent('main')).toContain('Konto: bauleiterin');
    await page.screenshot({ path: join(tmpdir(), 'ava-confirm-email.png') });
    expect((await login()).statusCode).toBe(401);
    await page.click('.confirm-submit');
    expect(await page.textContent('main')).toContain('Ihre E-Mail-Adresse ist bestätigt');
    expect((await login()).statusCode).toBe(200);

    await page.goto(link);
    expect(await page.textContent('main')).toContain('ungültig, abgelaufen oder wurde bereits benutzt');
    await context.close();
  }, 60_000);
});
