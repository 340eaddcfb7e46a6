/**
 * The web page's token bound to a key the page cannot export (DPoP, RFC 9449; `gateway/web/assets/dpop.js`), in
 * headless Chromium: after sign-in the stored token is a DPoP token, its key in IndexedDB is not extractable, the
 * gateway binds the token to it (`cnf.jkt`), and the same token taken out of the page and sent as a bearer token is
 * refused; the page converts with it, and signing out forgets token and key. With a client that requires server
 * nonces (`requireDpop`, `requireDpopNonce`) the page answers `use_dpop_nonce` at the token endpoint by sending
 * the request once more with the nonce, and converts. Skipped, saying so, without Chromium.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { introspect, listeningHarness, type AuthHarness } from '../auth/connect-support.js';
import { CHROMIUM, hasChromium } from '../browser/browser-support.js';
import { builtTenderX86, dropFiles, signInOnPage } from './web-support.js';

if (!hasChromium) console.warn(`web page DPoP tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
const suite = hasChromium ? describe : describe.skip;

/** The page's stored token (`auth.js`). */
interface StoredToken { accessToken: string; tokenType: string; keyId?: string }

const storedToken = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('ava-web-token') ?? 'null') as StoredToken | null);

/** The stored key pair's `extractable` flags (private, public), or null when the key is gone. */
const keyFlags = (page: Page, id: string) => page.evaluate((keyId) => new Promise<[boolean, boolean] | null>((resolve, reject) => {
  const open = indexedDB.open('ava-web');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const get = open.result.transaction('dpop-keys').objectStore('dpop-keys').get(keyId);
    get.onsuccess = () => {
      const pair = get.result as CryptoKeyPair | undefined;
      open.result.close();
      resolve(pair ? [pair.privateKey.extractable, pair.publicKey.extractable] : null);
    };
  };
}), id);

async function signIn(page: Page, issuer: string): Promise<void> {
  await signInOnPage(page, issuer);
  await expect(page.locator('#user').textContent()).resolves.toBe('Signed in as Demo User');
}

/** Drops the built tender and converts it to ava in the page; resolves when the page shows it done. */
async function convertInPage(page: Page): Promise<void> {
  await dropFiles(page, '#drop', [{ name: 'Rohbau.X86', bytes: Buffer.from(builtTenderX86(), 'utf8') }]);
  const item = page.locator('.file[data-file="Rohbau.X86"]');
  await item.and(page.locator('[data-state=ready]')).waitFor();
  await page.selectOption('#target', 'ava');
  await page.click('#convert-all');
  await item.and(page.locator('[data-state=done]')).waitFor({ timeout: 60_000 });
}

suite('web page: DPoP-bound token (Chromium)', () => {
  let browser: Browser;
  const harnesses: AuthHarness[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    for (const h of harnesses) await h.app.close();
  });

  it('binds the token to a key the page cannot export; the token alone is refused; signing out forgets both', async () => {
    const h = await listeningHarness({ pool: { threads: 1 } });
    harnesses.push(h);
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await signIn(page, h.auth.issuer);
    const token = (await storedToken(page))!;
    expect(token.tokenType).toBe('DPoP');
    expect(await keyFlags(page, token.keyId!)).toEqual([false, true]);
    expect(await introspect(h.app, token.accessToken)).toMatchObject({ active: true, cnf: { jkt: expect.stringMatching(/^[\w-]{43}$/) } });

    // read out of the page, the token is of no use without the key
    const form = new FormData();
    form.append('gaebFile', new Blob([builtTenderX86()]), 'Rohbau.X86');
    const stolen = await fetch(`${h.auth.issuer}/conversion/gaeb/ava`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token.accessToken}` } });
    expect(stolen.status).toBe(401);
    expect(stolen.headers.get('www-authenticate')).toMatch(/^DPoP /);

    await convertInPage(page);
    // the page leaves for the end-session endpoint once the key is deleted, and comes back signed out
    await Promise.all([page.waitForResponse((r) => r.url().startsWith(`${h.auth.issuer}/connect/endsession`)), page.click('#sign-out')]);
    await page.locator('#sign-in').waitFor({ state: 'visible' });
    expect(await storedToken(page)).toBeNull();
    expect(await keyFlags(page, token.keyId!)).toBeNull();
    await context.close();
  }, 90_000);

  it('a client that requires server nonces: the page retries the token request with the nonce and converts', async () => {
    const h = await listeningHarness({
      pool: { threads: 1 },
      auth: {
        clients: [{
          clientId: 'ava-web', allowedGrantTypes: ['authorization_code'], allowedScopes: ['openid', 'profile', 'avacloud'],
          redirectUris: ['http://localhost:5000/'], postLogoutRedirectUris: ['http://localhost:5000/'], requireDpop: true, requireDpopNonce: true,
        }],
      },
    });
    harnesses.push(h);
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const answers: number[] = [];
    page.on('response', (r) => { if (r.url() === `${h.auth.issuer}/connect/token`) answers.push(r.status()); });
    await signIn(page, h.auth.issuer);
    expect(answers).toEqual([400, 200]);
    expect((await storedToken(page))!.tokenType).toBe('DPoP');
    await convertInPage(page);
    await context.close();
  }, 90_000);
});
