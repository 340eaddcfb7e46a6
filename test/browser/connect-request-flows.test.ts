/**
 * End to end in headless Chromium against a listening gateway, openid-client as the relying party: a signed
 * request object (openid-client's JAR support; OIDF `oidcc-request-object…` style), a `request_uri` fetched from
 * a registered URL (OIDF `oidcc-request-uri-signed-rs256`), a pushed authorization request (openid-client's PAR
 * support, RFC 9126; used once), and revoking a remembered consent at `/connect/grants` (German and English; the refresh
 * token stops working). No page may cause a CSP violation. Screenshots of the grants page go to `SCREENS`.
 * Skipped, saying so, when Chromium is missing.
 */
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as oc from 'openid-client';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { hashSecret } from '../../core/auth/clients.js';
import { RequestUriServer } from '../auth/connect-request-support.js';
import { listeningHarness, type AuthHarness } from '../auth/connect-support.js';
import { CHROMIUM, RelyingParty, browserConfig, hasChromium, screensDir } from './browser-support.js';

if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
const suite = hasChromium ? describe : describe.skip;

suite('request objects, request_uri, PAR and consent revocation in Chromium (openid-client)', () => {
  let h: AuthHarness;
  let rp: RelyingParty;
  let uris: RequestUriServer;
  let browser: Browser;
  let jar: oc.Configuration;
  let consent: oc.Configuration;
  let signingKey: CryptoKey;
  const cspViolations: string[] = [];
  const execute = { execute: [oc.allowInsecureRequests] };

  beforeAll(async () => {
    [rp, uris] = await Promise.all([RelyingParty.start(), RequestUriServer.start()]);
    const pair = await generateKeyPair('RS256');
    signingKey = pair.privateKey;
    const base = browserConfig(rp);
    const auth = base.auth as Record<string, unknown[]>;
    const rpJar = {
      clientId: 'rp-jar', clientName: 'Tender Portal (JAR)', secrets: [{ sha256: hashSecret('rp-jar-secret') }],
      allowedGrantTypes: ['authorization_code', 'refresh_token'], allowedScopes: ['openid', 'profile', 'avacloud'], redirectUris: [rp.callback],
      jwks: { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'rp-jar-1' }] }, requestUris: [uris.uri('rp-jar')],
    };
    h = await listeningHarness({ ...base, auth: { ...auth, clients: [...auth.clients, rpJar] } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    jar = await oc.discovery(new URL(h.auth.issuer), 'rp-jar', undefined, oc.ClientSecretBasic('rp-jar-secret'), execute);
    consent = await oc.discovery(new URL(h.auth.issuer), 'rp-consent', undefined, oc.ClientSecretBasic('rp-consent-secret'), execute);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.app.close();
    await rp?.close();
    await uris?.close();
    expect(cspViolations).toEqual([]);
  });

  async function newPage(locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ locale, viewport: { width: 720, height: 720 } });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text()) && page.url().startsWith(h.auth.issuer)) cspViolations.push(`${page.url()}: ${m.text()}`);
    });
    return { context, page };
  }

  async function signIn(page: Page) {
    await page.fill('#username', 'demo');
    await page.fill('#password', 'demo-password');
    await page.click('.login-submit');
  }

  const checks = () => ({ pkceCodeVerifier: oc.randomPKCECodeVerifier(), expectedState: oc.randomState(), expectedNonce: oc.randomNonce() });
  const params = async (c: ReturnType<typeof checks>, extra: Record<string, string> = {}) => ({
    redirect_uri: rp.callback, scope: 'openid profile', state: c.expectedState, nonce: c.expectedNonce,
    code_challenge: await oc.calculatePKCECodeChallenge(c.pkceCodeVerifier), code_challenge_method: 'S256', ...extra,
  });

  it('a signed request object (openid-client buildAuthorizationUrlWithJAR) signs in and redeems', async () => {
    const { context, page } = await newPage();
    const c = checks();
    const url = await oc.buildAuthorizationUrlWithJAR(jar, await params(c), { key: signingKey, kid: 'rp-jar-1' });
    expect(url.searchParams.get('request')).toMatch(/^ey/);
    expect(url.searchParams.get('state')).toBeNull();
    await page.goto(url.href);
    await signIn(page);
    await page.waitForURL(`${rp.callback}?**`);
    const tokens = await oc.authorizationCodeGrant(jar, new URL(page.url()), c);
    expect(tokens.claims()).toMatchObject({ aud: 'rp-jar', nonce: c.expectedNonce });
    await context.close();
  });

  it('oidcc-request-uri-signed-rs256: the request object is fetched from the registered request_uri', async () => {
    const { context, page } = await newPage();
    const c = checks();
    const object = await new SignJWT({ ...(await params(c)), response_type: 'code', client_id: 'rp-jar' })
      .setProtectedHeader({ alg: 'RS256', kid: 'rp-jar-1' }).setIssuer('rp-jar').setAudience(h.auth.issuer).setIssuedAt().setExpirationTime('5m')
      .sign(signingKey);
    const uri = uris.put('rp-jar', object);
    const url = new URL(jar.serverMetadata().authorization_endpoint!);
    url.search = new URLSearchParams({ client_id: 'rp-jar', response_type: 'code', scope: 'openid', request_uri: uri }).toString();
    await page.goto(url.href);
    await signIn(page);
    await page.waitForURL(`${rp.callback}?**`);
    expect(uris.hits).toContain('/r/rp-jar');
    expect((await oc.authorizationCodeGrant(jar, new URL(page.url()), c)).claims()).toMatchObject({ aud: 'rp-jar', nonce: c.expectedNonce });
    await context.close();
  });

  it('PAR (openid-client buildAuthorizationUrlWithPAR): the browser carries only client_id and request_uri', async () => {
    expect(jar.serverMetadata().pushed_authorization_request_endpoint).toBe(`${h.auth.issuer}/connect/par`);
    const { context, page } = await newPage();
    const c = checks();
    const url = await oc.buildAuthorizationUrlWithPAR(jar, await params(c));
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    await page.goto(url.href);
    await signIn(page);
    await page.waitForURL(`${rp.callback}?**`);
    expect((await oc.authorizationCodeGrant(jar, new URL(page.url()), c)).access_token).toBeTruthy();
    // Used once: the same URL again shows the local error page (the query names no redirect URI to answer to).
    const again = await page.goto(url.href);
    expect(again?.status()).toBe(400);
    await expect(page.locator('main').textContent()).resolves.toContain('already used');
    await context.close();
  });

  it('/connect/grants: a remembered consent is listed (de, en) and revoked; its refresh token then fails', async () => {
    const { context, page } = await newPage('de-DE');
    const c = checks();
    const url = oc.buildAuthorizationUrl(consent, await params(c, { scope: 'openid profile avacloud offline_access', prompt: 'consent' }));
    await page.goto(url.href);
    await signIn(page);
    await expect(page.locator('body').textContent()).resolves.toContain('Zugriff auf die AVACloud-API');
    await page.click('button[value="allow"]');
    await page.waitForURL(`${rp.callback}?**`);
    const tokens = await oc.authorizationCodeGrant(consent, new URL(page.url()), c);
    expect(tokens.refresh_token).toBeTruthy();

    await page.goto(`${h.auth.issuer}/connect/grants`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Verbundene Anwendungen');
    await expect(page.locator('li.grant').textContent()).resolves.toContain('Cost Planner');
    await page.screenshot({ path: join(screensDir(), 'grants-de.png'), fullPage: true });
    await page.goto(`${h.auth.issuer}/connect/grants?ui_locales=en`);
    await page.screenshot({ path: join(screensDir(), 'grants-en.png'), fullPage: true });
    await page.click('button.revoke');
    await page.waitForURL('**/connect/grants?**revoked=rp-consent');
    await expect(page.locator('.notice').textContent()).resolves.toBe('Cost Planner no longer has access.');
    await page.screenshot({ path: join(screensDir(), 'grants-revoked-en.png'), fullPage: true });
    await expect(oc.refreshTokenGrant(consent, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await context.close();
  });
});
