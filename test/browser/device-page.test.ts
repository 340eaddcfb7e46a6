/**
 * The device flow's verification page in headless Chromium, as a person on a phone uses it: the code typed in
 * lower case and without the hyphen is shown to compare as the device shows it (upper case, with the hyphen).
 * Screenshots go to `SCREENS` (outside the repository). Skipped, saying so, without Chromium.
 */
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningHarness, type AuthHarness } from '../auth/connect-support.js';
import { CHROMIUM, hasChromium, screensDir } from './browser-support.js';

if (!hasChromium) console.warn(`device page browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
const suite = hasChromium ? describe : describe.skip;

suite('device verification page (Chromium)', () => {
  let h: AuthHarness;
  let browser: Browser;

  beforeAll(async () => {
    h = await listeningHarness();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.app.close();
  });

  it('shows the code typed as "abcdefgh" as the device shows it, "ABCD-EFGH"', async () => {
    const started = await (await fetch(`${h.auth.issuer}/connect/deviceauthorization`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'local-device', scope: 'openid profile' }),
    })).json() as { user_code: string; verification_uri: string };
    expect(started.user_code).toMatch(/^[A-Z0-9]+-[A-Z0-9]+$/);
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 375, height: 700 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${started.verification_uri}?ui_locales=de`);
    await page.fill('#user_code', started.user_code.replace('-', '').toLowerCase());
    await page.press('#user_code', 'Enter');
    await page.waitForSelector('#username');
    await page.fill('#username', 'demo');
    await page.fill('#password', 'demo-password');
    await page.click('.login-submit');
    await page.waitForSelector('button[name=decision][value=allow]');
    await expect(page.locator('span.code').textContent()).resolves.toBe(started.user_code);
    await page.screenshot({ path: join(screensDir(), 'device-confirm-typed-code-de.png'), fullPage: true });
    await context.close();
  }, 60_000);
});
