/**
 * End to end in a real browser (headless Chromium) against a listening gateway, with openid-client as the
 * relying party: code + PKCE (query and form_post), implicit `id_token`, hybrid `code id_token`, prompt=none
 * signed in and out, ui_locales=de, consent given and denied, the device flow through the verification page, logout with redirect, and clickjacking. No page of
 * the gateway may cause a Content-Security-Policy violation. Screenshots of the login, consent, device, logout
 * and error pages in German and English go to `SCREENS` (outside the repository). Skipped, saying so, when
 * Chromium is missing.
 */
import { join } from 'node:path';
import * as oc from 'openid-client';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningHarness, type AuthHarness } from '../auth/connect-support.js';
import { CHROMIUM, RelyingParty, browserConfig, hasChromium, screensDir } from './browser-support.js';

if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
const suite = hasChromium ? describe : describe.skip;

suite('browser flows (Chromium + openid-client)', () => {
  let h: AuthHarness;
  let rp: RelyingParty;
  let browser: Browser;
  let config: oc.Configuration;
  let consentConfig: oc.Configuration;
  const cspViolations: string[] = [];
  const execute = { execute: [oc.allowInsecureRequests] };

  beforeAll(async () => {
    rp = await RelyingParty.start();
    h = await listeningHarness(browserConfig(rp));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    config = await oc.discovery(new URL(h.auth.issuer), 'rp', undefined, oc.ClientSecretBasic('rp-secret'), execute);
    consentConfig = await oc.discovery(new URL(h.auth.issuer), 'rp-consent', undefined, oc.ClientSecretBasic('rp-consent-secret'), execute);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.app.close();
    await rp?.close();
    expect(cspViolations).toEqual([]);
  });

  async function newPage(locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ locale, viewport: { width: 720, height: 640 } });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text()) && page.url().startsWith(h.auth.issuer)) cspViolations.push(`${page.url()}: ${m.text()}`);
    });
    return { context, page };
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(screensDir(), `${name}.png`), fullPage: true });

  async function start(cfg: oc.Configuration, extra: Record<string, string> = {}) {
    const verifier = oc.randomPKCECodeVerifier();
    const state = oc.randomState();
    const nonce = oc.randomNonce();
    const url = oc.buildAuthorizationUrl(cfg, {
      redirect_uri: rp.callback, scope: 'openid profile avacloud', state, nonce,
      code_challenge: await oc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', ...extra,
    });
    return { url, checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce } };
  }

  async function signIn(page: Page, password = 'demo-password') {
    await page.fill('#username', 'demo');
    await page.fill('#password', password);
    await page.click('.login-submit');
  }

  it('code + PKCE (query): login page, then tokens and userinfo through openid-client; prompt=none then needs no UI', async () => {
    const { context, page } = await newPage();
    const { url, checks } = await start(config, { login_hint: 'demo' });
    await page.goto(url.href);
    expect(await page.inputValue('#username')).toBe('demo');
    await shot(page, 'login-en');
    await page.fill('#password', 'wrong-password');
    await page.click('.login-submit');
    await expect(page.locator('.error').textContent()).resolves.toContain('Sign-in failed');
    await shot(page, 'login-failed-en');
    await signIn(page);
    await page.waitForURL(`${rp.callback}?**`);
    const tokens = await oc.authorizationCodeGrant(config, new URL(page.url()), checks);
    expect(tokens.claims()).toMatchObject({ sub: expect.any(String), iss: h.auth.issuer, aud: 'rp' });
    const info = await oc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(info.name).toBe('Demo User');

    const silent = await start(config, { prompt: 'none' });
    await page.goto(silent.url.href);
    await page.waitForURL(`${rp.callback}?**`);
    expect((await oc.authorizationCodeGrant(config, new URL(page.url()), silent.checks)).access_token).toBeTruthy();
    await context.close();
  });

  it('prompt=none while signed out answers login_required to the client, without showing a page', async () => {
    const { context, page } = await newPage();
    const { url, checks } = await start(config, { prompt: 'none' });
    await page.goto(url.href);
    await page.waitForURL(`${rp.callback}?**`);
    await expect(oc.authorizationCodeGrant(config, new URL(page.url()), checks)).rejects.toMatchObject({ error: 'login_required' });
    expect(rp.arrivals.filter((a) => a.url.startsWith(rp.callback)).length).toBeGreaterThan(0);
    await context.close();
  });

  it('form_post: the auto-submitting page posts the code to the client (script allowed by the CSP nonce)', async () => {
    const { context, page } = await newPage();
    const { url, checks } = await start(config, { response_mode: 'form_post' });
    await page.goto(url.href);
    await signIn(page);
    await page.waitForURL(rp.callback);
    const posted = rp.last('/cb');
    expect(posted.method).toBe('POST');
    const request = new Request(posted.url, { method: 'POST', body: posted.body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await oc.authorizationCodeGrant(config, request, checks)).access_token).toBeTruthy();
    await context.close();
  });

  it('ui_locales=de, consent denied then given (German and English pages)', async () => {
    const { context, page } = await newPage('de-DE');
    const first = await start(consentConfig, { ui_locales: 'de', scope: 'openid profile avacloud offline_access' });
    await page.goto(first.url.href);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await shot(page, 'login-de');
    await signIn(page);
    await page.waitForSelector('button[value=allow]');
    await shot(page, 'consent-de');
    await page.click('button[value=deny]');
    await page.waitForURL(`${rp.callback}?**`);
    await expect(oc.authorizationCodeGrant(consentConfig, new URL(page.url()), first.checks)).rejects.toMatchObject({ error: 'access_denied' });

    const second = await start(consentConfig, { ui_locales: 'en', scope: 'openid profile avacloud offline_access' });
    await page.goto(second.url.href);
    await page.waitForSelector('button[value=allow]');
    await shot(page, 'consent-en');
    await page.click('button[value=allow]');
    await page.waitForURL(`${rp.callback}?**`);
    const tokens = await oc.authorizationCodeGrant(consentConfig, new URL(page.url()), second.checks);
    expect(tokens.refresh_token).toBeTruthy();
    await context.close();
  });

  it('device flow: verification_uri, the code typed in, sign-in, approve; the device poll receives tokens', async () => {
    const device = await oc.discovery(new URL(h.auth.issuer), 'local-device', undefined, oc.None(), execute);
    for (const locale of ['en', 'de'] as const) {
      const { context, page } = await newPage(locale === 'de' ? 'de-DE' : 'en-US');
      const started = await oc.initiateDeviceAuthorization(device, { scope: 'openid profile' });
      await page.goto(started.verification_uri);
      await shot(page, `device-entry-${locale}`);
      await page.fill('#user_code', started.user_code);
      await page.click('button[type=submit]');
      await signIn(page);
      await page.waitForSelector('button[value=allow]');
      expect(await page.textContent('main')).toContain(started.user_code);
      await shot(page, `device-confirm-${locale}`);
      await page.click('button[value=allow]');
      await page.waitForSelector('main p');
      await shot(page, `device-done-${locale}`);
      const tokens = await oc.pollDeviceAuthorizationGrant(device, { ...started, interval: 1 });
      expect(tokens.claims()?.sub).toBeTruthy();
      await context.close();
    }
  });

  it('logout: with id_token_hint back to the registered URI with state; without it the user confirms', async () => {
    const { context, page } = await newPage();
    const { url, checks } = await start(config);
    await page.goto(url.href);
    await signIn(page);
    await page.waitForURL(`${rp.callback}?**`);
    const tokens = await oc.authorizationCodeGrant(config, new URL(page.url()), checks);

    await page.goto(`${h.auth.issuer}/connect/endsession?ui_locales=de`);
    await shot(page, 'logout-confirm-de');
    await page.goto(`${h.auth.issuer}/connect/endsession?ui_locales=en`);
    await shot(page, 'logout-confirm-en');

    const end = oc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: rp.loggedOut, state: 'bye' });
    await page.goto(end.href);
    await page.waitForURL(`${rp.loggedOut}?state=bye`);
    const again = await start(config, { prompt: 'none' });
    await page.goto(again.url.href);
    await page.waitForURL(`${rp.callback}?**`);
    await expect(oc.authorizationCodeGrant(config, new URL(page.url()), again.checks)).rejects.toMatchObject({ error: 'login_required' });
    for (const locale of ['en', 'de']) {
      await page.goto(`${h.auth.issuer}/connect/endsession?ui_locales=${locale}`);
      await shot(page, `logged-out-${locale}`);
    }
    await context.close();
  });

  it('implicit id_token (fragment) and hybrid code id_token (form_post), validated by openid-client', async () => {
    const { context, page } = await newPage();
    const implicit = await oc.discovery(new URL(h.auth.issuer), 'rp-hybrid', undefined, oc.ClientSecretBasic('rp-hybrid-secret'), execute);
    oc.useIdTokenResponseType(implicit);
    const nonce = oc.randomNonce();
    const state = oc.randomState();
    await page.goto(oc.buildAuthorizationUrl(implicit, { redirect_uri: rp.callback, scope: 'openid profile', nonce, state }).href);
    await signIn(page);
    await page.waitForURL(`${rp.callback}#**`);
    const claims = await oc.implicitAuthentication(implicit, new URL(page.url()), nonce, { expectedState: state });
    expect(claims).toMatchObject({ nonce, name: 'Demo User' });

    const hybrid = await oc.discovery(new URL(h.auth.issuer), 'rp-hybrid', undefined, oc.ClientSecretBasic('rp-hybrid-secret'), execute);
    oc.useCodeIdTokenResponseType(hybrid);
    const { url, checks } = await start(hybrid, { response_mode: 'form_post' });
    await page.goto(url.href);
    await page.waitForURL(rp.callback);
    const posted = rp.last('/cb');
    const request = new Request(posted.url, { method: 'POST', body: posted.body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const tokens = await oc.authorizationCodeGrant(hybrid, request, checks);
    expect(tokens.claims()?.nonce).toBe(checks.expectedNonce);
    await context.close();
  });

  it('error page for an unregistered redirect URI (never a redirect), in English and German', async () => {
    const { context, page } = await newPage();
    for (const locale of ['en', 'de']) {
      const res = await page.goto(`${h.auth.issuer}/connect/authorize?client_id=rp&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&response_type=code&scope=openid&ui_locales=${locale}`);
      expect(res?.status()).toBe(400);
      expect(page.url()).toContain(h.auth.issuer);
      await shot(page, `error-${locale}`);
    }
    await context.close();
  });

  it('clickjacking: a page of another origin cannot frame the login page', async () => {
    const { context, page } = await newPage();
    const { url } = await start(config);
    await page.goto(rp.origin + '/frame');
    await page.setContent(`<iframe id="f" src="${url.href}" width="600" height="400"></iframe>`);
    await page.waitForTimeout(1000);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const framed = frame ? await frame.evaluate(() => document.querySelector('#password') !== null).catch(() => false) : false;
    expect(framed).toBe(false);
    await context.close();
  });
});
