/**
 * Federation in a real browser (headless Chromium): node-oidc-provider runs as the upstream OpenID Provider,
 * openid-client is the relying party of the gateway. `acr_values=idp:corp` skips the gateway's login page: the
 * browser signs in at the upstream's (development) login and consent pages, comes back through
 * `/connect/idp/corp/callback` and reaches the relying party with a code whose tokens name `idp: corp` and
 * `amr: ["fed"]`; the login page shows the tenant's providers as buttons (screenshots in German and English),
 * and a button starts the same sign-in — on the device flow's verification page too, which the sign-in returns to;
 * the relying party's logout (`end_session_endpoint`) signs the user out at the upstream too and comes back to it.
 * Skipped, saying so, when Chromium is missing.
 */
import { join } from 'node:path';
import * as oc from 'openid-client';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, listeningHarness, type AuthHarness } from '../auth/connect-support.js';
import { UPSTREAM_PROVIDERS, federationAuth, startUpstream, type Upstream } from '../auth/connect-federation-support.js';
import { CHROMIUM, RelyingParty, browserConfig, hasChromium, screensDir } from './browser-support.js';

if (!hasChromium) console.warn(`browser federation tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
const suite = hasChromium ? describe : describe.skip;

suite('browser: federation through an upstream OpenID Provider (Chromium + openid-client + node-oidc-provider)', () => {
  let h: AuthHarness;
  let rp: RelyingParty;
  let upstream: Upstream;
  let browser: Browser;
  let config: oc.Configuration;
  const execute = { execute: [oc.allowInsecureRequests] };

  beforeAll(async () => {
    rp = await RelyingParty.start();
    const upstreamPort = await freePort();
    const fed = federationAuth(`http://127.0.0.1:${upstreamPort}`, `http://127.0.0.1:${await freePort()}`) as { auth: { clients: unknown[] } };
    const rpClients = (browserConfig(rp) as { auth: { clients: Array<{ clientId: string }> } }).auth.clients.filter((c) => c.clientId === 'rp');
    h = await listeningHarness({ ...fed, auth: { ...fed.auth, clients: [...fed.auth.clients, ...rpClients] } });
    upstream = await startUpstream(
      UPSTREAM_PROVIDERS.map((n) => `${h.auth.issuer}/connect/idp/${n}/callback`), upstreamPort,
      UPSTREAM_PROVIDERS.map((n) => `${h.auth.issuer}/connect/idp/${n}/signedout`),
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    config = await oc.discovery(new URL(h.auth.issuer), 'rp', undefined, oc.ClientSecretBasic('rp-secret'), execute);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.app.close();
    await upstream?.close();
    await rp?.close();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: join(screensDir(), `${name}.png`), fullPage: true });

  async function start(extra: Record<string, string> = {}) {
    const verifier = oc.randomPKCECodeVerifier();
    const state = oc.randomState();
    const nonce = oc.randomNonce();
    const url = oc.buildAuthorizationUrl(config, {
      redirect_uri: rp.callback, scope: 'openid profile avacloud', state, nonce,
      code_challenge: await oc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', ...extra,
    });
    return { url, checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce } };
  }

  /**
   * Signs in on the upstream's development pages (any name and password) and confirms its consent page; waits for
   * the page the sign-in returns to (`until`, the relying party's callback by default).
   */
  async function upstreamSignIn(page: Page, login: string, until = `${rp.callback}?**`) {
    await page.waitForURL(`${upstream.issuer}/interaction/**`);
    await page.fill('input[name=login]', login);
    await page.fill('input[name=password]', 'any password');
    await page.click('.login-submit');
    await page.waitForURL(`${upstream.issuer}/interaction/**`);
    await page.click('.login-submit');
    await page.waitForURL(until);
  }

  it('idp:corp goes straight to the upstream and comes back to the relying party with a federated sign-in', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const { url, checks } = await start({ acr_values: 'idp:corp' });
    await page.goto(url.href);
    expect(page.url().startsWith(upstream.issuer + '/interaction/')).toBe(true);
    await upstreamSignIn(page, 'carla');
    const tokens = await oc.authorizationCodeGrant(config, new URL(page.url()), checks);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ idp: 'corp', amr: ['fed'] });
    const info = await oc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: claims.sub, name: 'Corp carla', family_name: 'carla' });

    // Signed in through corp: prompt=none now succeeds without any page.
    const silent = await start({ acr_values: 'idp:corp', prompt: 'none' });
    await page.goto(silent.url.href);
    await page.waitForURL(`${rp.callback}?**`);
    expect((await oc.authorizationCodeGrant(config, new URL(page.url()), silent.checks)).claims()!.sub).toBe(claims.sub);
    await context.close();
  });

  it('the login page lists the providers as buttons (de, en); a button signs in through that provider', async () => {
    for (const locale of ['de', 'en'] as const) {
      const context = await browser.newContext({ locale, viewport: { width: 720, height: 640 } });
      const page = await context.newPage();
      const { url, checks } = await start({ ui_locales: locale });
      await page.goto(url.href);
      const labels = await page.locator('button.provider').allTextContents();
      expect(labels).toEqual(['Corp Login', 'Partner SSO', 'Offline IdP', 'Corp (public client)']);
      await expect(page.locator('.or').textContent()).resolves.toBe(locale === 'de' ? 'Oder anmelden mit' : 'Or sign in with');
      await shot(page, `login-providers-${locale}`);
      if (locale === 'en') {
        await page.click('button.provider[value=corp]');
        await upstreamSignIn(page, 'dora');
        expect((await oc.authorizationCodeGrant(config, new URL(page.url()), checks)).claims()).toMatchObject({ idp: 'corp', amr: ['fed'] });
      }
      await context.close();
    }
  });

  it('device flow: the verification page lists the providers; a button signs in upstream and returns to allow the device', async () => {
    const device = await oc.discovery(new URL(h.auth.issuer), 'local-device', undefined, oc.None(), execute);
    const started = await oc.initiateDeviceAuthorization(device, { scope: 'openid profile' });
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 720, height: 640 } });
    const page = await context.newPage();
    await page.goto(started.verification_uri_complete!);
    expect(await page.locator('button.provider').allTextContents()).toEqual(['Corp Login', 'Partner SSO', 'Offline IdP', 'Corp (public client)']);
    await shot(page, 'device-login-providers-en');
    await page.click('button.provider[value=corp]');
    await upstreamSignIn(page, 'emil', `${h.auth.issuer}/device?**`);
    await expect(page.locator('body').textContent()).resolves.toContain(started.user_code);
    await shot(page, 'device-confirm-federated-en');
    await page.click('button[name=decision][value=allow]');
    await page.waitForLoadState();
    const tokens = await oc.pollDeviceAuthorizationGrant(device, { ...started, interval: 1 });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ idp: 'corp', amr: ['fed'] });
    expect(await oc.fetchUserInfo(device, tokens.access_token, claims.sub)).toMatchObject({ name: 'Corp emil' });
    await context.close();
  });

  it('logout: the relying party end-session request signs out at the gateway and at the upstream, and returns with its state', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 720, height: 640 } });
    const page = await context.newPage();
    const { url, checks } = await start({ acr_values: 'idp:corp' });
    await page.goto(url.href);
    await upstreamSignIn(page, 'fritz');
    const tokens = await oc.authorizationCodeGrant(config, new URL(page.url()), checks);
    const state = oc.randomState();
    await page.goto(oc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: rp.loggedOut, state }).href);
    // the upstream asks (node-oidc-provider's logout page); the gateway's session has ended already
    await page.waitForURL(`${upstream.issuer}/session/end**`);
    await shot(page, 'logout-upstream-confirm-en');
    await page.click('button[name=logout][value=yes]');
    await page.waitForURL(`${rp.loggedOut}?**`);
    expect(new URL(page.url()).searchParams.get('state')).toBe(state);

    // signed out at the gateway: prompt=none answers login_required …
    const silent = await start({ acr_values: 'idp:corp', prompt: 'none' });
    await page.goto(silent.url.href);
    await page.waitForURL(`${rp.callback}?**`);
    expect(new URL(page.url()).searchParams.get('error')).toBe('login_required');
    // … and at the upstream: signing in through corp again shows its login page
    const again = await start({ acr_values: 'idp:corp' });
    await page.goto(again.url.href);
    await page.waitForURL(`${upstream.issuer}/interaction/**`);
    await expect(page.locator('input[name=login]').count()).resolves.toBe(1);
    await context.close();
  });
});
