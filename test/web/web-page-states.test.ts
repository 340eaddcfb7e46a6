/**
 * The web page's states a person meets besides the happy path, in headless Chromium: converting while signed out
 * and after the sign-in expired (or the gateway refused the token) gives the signed-out state and a readable
 * message in the page language, never the server's HTTP text; the page's own words for files it cannot recognise
 * or read, with the server's text as the detail; print shows every long text (notes too); a 375 px phone keeps
 * everything inside the card; every built-in option has a German text; the ÖNORM type the gateway cannot write is
 * not offered; closing the BoQ view returns the focus to its button; counts of one are singular.
 * Screenshots go to `SCREENS` (outside the repository). Skipped, saying so, without Chromium.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningHarness, type AuthHarness } from '../auth/connect-support.js';
import { CHROMIUM, hasChromium, screensDir } from '../browser/browser-support.js';
import { builtTenderX86, dropFiles, openPage, signInOnPage } from './web-support.js';

if (!hasChromium) console.warn(`web page state tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
const suite = hasChromium ? describe : describe.skip;

const here = dirname(fileURLToPath(import.meta.url));
const TENDER = readFileSync(resolve(here, '..', '..', 'examples', 'tender.X83'));
const shot = (page: Page, name: string) => page.screenshot({ path: join(screensDir(), `web-state-${name}.png`), fullPage: true });
const fileItem = (page: Page, name: string) => page.locator(`.file[data-file="${name}"]`);


/** Drops the tender and waits until its format is recognised. */
async function addTender(page: Page): Promise<void> {
  await page.click('#clear');
  await dropFiles(page, '#drop', [{ name: 'tender.X83', bytes: TENDER }]);
  await fileItem(page, 'tender.X83').and(page.locator('[data-state=ready]')).waitFor();
}

/** The signed-out state: "Sign in" offered, no user, no "Sign out". */
async function expectSignedOut(page: Page): Promise<void> {
  expect(await page.isVisible('#sign-in')).toBe(true);
  expect(await page.isVisible('#sign-out')).toBe(false);
  await expect(page.locator('#user').textContent()).resolves.toBe('');
}

suite('web page states (Chromium)', () => {
  let h: AuthHarness;
  let browser: Browser;
  /** Conversion requests that reached the gateway, per page. */
  const conversions = new WeakMap<Page, string[]>();
  const newPage = async (locale: string, viewport = { width: 1100, height: 900 }, extra: Record<string, unknown> = {}) => {
    const context = await browser.newContext({ locale, viewport, ...extra });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/conversion/')) sent.push(r.url()); });
    conversions.set(page, sent);
    return page;
  };

  beforeAll(async () => {
    h = await listeningHarness({ pool: { threads: 1 } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.app.close();
  });

  it('signed out, "Convert all" asks to sign in, in the page language, and sends nothing', async () => {
    const page = await newPage('en-GB');
    await openPage(page, h.auth.issuer);
    await addTender(page);
    await page.click('#convert-all');
    await fileItem(page, 'tender.X83').and(page.locator('[data-state=failed]')).waitFor();
    await expect(fileItem(page, 'tender.X83').locator('.file-problem').textContent()).resolves.toBe('Sign in to convert files.');
    await expect(fileItem(page, 'tender.X83').locator('.file-status').textContent()).resolves.toBe('Format: GAEB · Not converted');
    await expect(page.locator('#notice').textContent()).resolves.toBe('Sign in to convert files.');
    expect(await fileItem(page, 'tender.X83').locator('progress').evaluateAll((bars) => bars.map((b) => (b as HTMLProgressElement).value))).toEqual([0, 0]);
    expect(await page.locator('body').innerText()).not.toMatch(/bearer|Authorization|401/i);
    expect(conversions.get(page)).toEqual([]);
    // "View bill of quantities" says the same
    await fileItem(page, 'tender.X83').locator('button.view').click();
    await page.waitForFunction(() => document.getElementById('notice')!.textContent === 'tender.X83: Sign in to convert files.');
    expect(conversions.get(page)).toEqual([]);
    await expectSignedOut(page);
    await shot(page, '01-signed-out-convert-en');
    await page.context().close();
  }, 60_000);

  it('an expired sign-in: noticed before the request, the page shows the signed-out state and says so in German', async () => {
    const page = await newPage('de-DE');
    await signInOnPage(page, h.auth.issuer);
    await addTender(page);
    await page.evaluate(() => {
      const token = JSON.parse(sessionStorage.getItem('ava-web-token')!);
      sessionStorage.setItem('ava-web-token', JSON.stringify({ ...token, expiresAt: Date.now() - 1000 }));
    });
    await page.click('#convert-all');
    await fileItem(page, 'tender.X83').and(page.locator('[data-state=failed]')).waitFor();
    const expired = 'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.';
    await expect(fileItem(page, 'tender.X83').locator('.file-problem').textContent()).resolves.toBe(expired);
    await expect(page.locator('#notice').textContent()).resolves.toBe(expired);
    await expectSignedOut(page);
    expect(await page.locator('body').innerText()).not.toMatch(/bearer|Authorization|401/i);
    expect(conversions.get(page)).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('ava-web-token'))).toBeNull();
    await shot(page, '02-expired-de');
    // in English after a switch
    await page.selectOption('#locale', 'en');
    await expect(page.locator('#notice').textContent()).resolves.toBe('Your sign-in has expired. Please sign in again.');
    await expect(fileItem(page, 'tender.X83').locator('.file-problem').textContent()).resolves.toBe('Your sign-in has expired. Please sign in again.');
    await page.selectOption('#locale', 'de');
    await page.context().close();
  }, 60_000);

  it('a token the gateway refuses (401): the page forgets it and shows the signed-out state with the same message', async () => {
    const page = await newPage('de-DE');
    await signInOnPage(page, h.auth.issuer);
    await addTender(page);
    await page.evaluate(() => {
      const token = JSON.parse(sessionStorage.getItem('ava-web-token')!);
      sessionStorage.setItem('ava-web-token', JSON.stringify({ ...token, accessToken: `${token.accessToken}x` }));
    });
    await page.click('#convert-all');
    await fileItem(page, 'tender.X83').and(page.locator('[data-state=failed]')).waitFor({ timeout: 30_000 });
    const expired = 'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.';
    expect(conversions.get(page)!.length).toBeGreaterThan(0); // this one was sent, and refused
    await expect(fileItem(page, 'tender.X83').locator('.file-problem').textContent()).resolves.toBe(expired);
    await expect(page.locator('#notice').textContent()).resolves.toBe(expired);
    await expectSignedOut(page);
    expect(await page.locator('body').innerText()).not.toMatch(/bearer|access token/i);
    await shot(page, '03-refused-de');
    await page.context().close();
  }, 60_000);

  it('says in its own words that a file was not recognised or cannot be read, keeping the server text as detail', async () => {
    const page = await newPage('de-DE');
    await signInOnPage(page, h.auth.issuer);
    await page.click('#clear');
    const broken = TENDER.subarray(0, Math.floor(TENDER.length / 2));
    await dropFiles(page, '#drop', [{ name: 'junk.txt', bytes: Buffer.from('nur ein Text, kein LV\n') }, { name: 'broken.X83', bytes: broken }]);
    await fileItem(page, 'junk.txt').and(page.locator('[data-state=unknown]')).waitFor();
    await expect(fileItem(page, 'junk.txt').locator('.file-status').textContent()).resolves.toBe('Format nicht erkannt');
    await expect(fileItem(page, 'junk.txt').locator('.file-problem').textContent()).resolves.toBe('Das Format der Datei wurde nicht erkannt.');
    await expect(fileItem(page, 'junk.txt').locator('.server-detail summary').textContent()).resolves.toBe('Angaben des Servers');
    await expect(fileItem(page, 'junk.txt').locator('.server-detail li').textContent()).resolves.toContain('not recognised');
    await fileItem(page, 'broken.X83').and(page.locator('[data-state=ready]')).waitFor();
    await page.selectOption('#target', 'excel');
    await page.click('#convert-all');
    await fileItem(page, 'broken.X83').and(page.locator('[data-state=failed]')).waitFor({ timeout: 30_000 });
    await expect(fileItem(page, 'broken.X83').locator('.file-problem').textContent()).resolves.toBe('Die Datei konnte nicht gelesen werden: Sie ist beschädigt oder nicht im erkannten Format.');
    expect(await fileItem(page, 'broken.X83').locator('.server-detail li').count()).toBeGreaterThan(0);
    await fileItem(page, 'broken.X83').locator('.server-detail summary').click();
    await shot(page, '04-unreadable-de');
    await page.context().close();
  }, 60_000);

  it('prints the long texts of notes too, and returns the focus to "View" when the view closes; one is singular', async () => {
    const page = await newPage('en-GB');
    await signInOnPage(page, h.auth.issuer);
    await page.click('#clear');
    const project = JSON.parse(readFileSync(resolve(here, '..', '..', 'examples', 'project.json'), 'utf8'));
    project.serviceSpecifications[0].elements[0].elements.unshift({
      elementTypeDiscriminator: 'NoteTextDto', shortText: 'Baumschutz', htmlLongText: '<p>Die Bäume am Baufeld sind zu schützen.</p>',
    });
    await dropFiles(page, '#drop', [{ name: 'project.ava.json', bytes: Buffer.from(JSON.stringify(project)) }]);
    await fileItem(page, 'project.ava.json').and(page.locator('[data-state=ready]')).waitFor();
    const view = fileItem(page, 'project.ava.json').locator('button.view');
    await view.click();
    await page.waitForSelector('#view:not([hidden]) .boq-tree');
    expect(await page.locator('.boq-item.kind-note').count()).toBe(1);
    await expect(page.locator('#view-summary').textContent()).resolves.toMatch(/: 1 service specification, \d+ groups?, \d+ positions?, 1 note; total/);
    await page.fill('#search', 'Baumschutz');
    await expect(page.locator('#view-summary').textContent()).resolves.toBe('1 match');
    await page.fill('#search', '');
    expect(await page.isVisible('.kind-note .long-text')).toBe(false); // closed on screen
    await page.emulateMedia({ media: 'print' });
    expect(await page.isVisible('.kind-note .long-text')).toBe(true);
    await expect(page.locator('.kind-note .long-text').textContent()).resolves.toBe('Die Bäume am Baufeld sind zu schützen.');
    const hidden = await page.locator('.long-text-box').evaluateAll((boxes) => boxes.filter((b) => (b as HTMLElement).offsetParent === null).length);
    expect(hidden).toBe(0); // every long text
    await shot(page, '05-print-note');
    await page.emulateMedia({ media: 'screen' });
    await page.click('#close-view');
    expect(await page.isVisible('#view')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('view') && document.activeElement.closest('.file')?.getAttribute('data-file'))).toBe('project.ava.json');
    // counts of one in both languages
    const texts = await page.evaluate(`(async () => {
      const { t, setLocale } = await import('/web/i18n.js');
      const out = [t('messages', { count: 1 }), t('messages', { count: 2 }), t('matches', { count: 1 }), t('summary', { specs: 1, groups: 1, positions: 1, notes: 1, total: '0' })];
      setLocale('de');
      out.push(t('messages', { count: 1 }), t('messages', { count: 2 }), t('matches', { count: 1 }), t('summary', { specs: 1, groups: 1, positions: 1, notes: 1, total: '0' }));
      setLocale('en');
      return out;
    })()`);
    expect(texts).toEqual([
      '1 conversion message', '2 conversion messages', '1 match', '1 service specification, 1 group, 1 position, 1 note; total 0',
      '1 Meldung der Umwandlung', '2 Meldungen der Umwandlung', '1 Treffer', '1 Leistungsverzeichnis, 1 Gruppe, 1 Position, 1 Hinweis; Summe 0',
    ]);
    await page.context().close();
  }, 90_000);

  it('keeps the controls and options inside the card on a 375 px phone, and the option columns at 1280 px', async () => {
    const widths = { phone: { width: 375, height: 800 }, desk: { width: 1280, height: 900 } };
    for (const [name, viewport] of Object.entries(widths)) {
      const page = await newPage('de-DE', viewport, name === 'phone' ? { isMobile: true, hasTouch: true } : {});
      await openPage(page, h.auth.issuer);
      await dropFiles(page, '#drop', [{ name: 'Rohbau.X86', bytes: Buffer.from(builtTenderX86(), 'utf8') }]);
      await page.locator('.file[data-state=ready]').waitFor();
      await page.selectOption('#target', 'excel');
      const outside = await page.evaluate(() => {
        const card = document.getElementById('convert')!.getBoundingClientRect();
        return [...document.querySelectorAll('#convert select, #convert input:not([type=file]), #convert button, #convert label, #options, .option')]
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && (r.right > card.right + 0.5 || r.left < card.left - 0.5))
          .map(({ el, r }) => `${el.id || el.className || el.tagName} ${Math.round(r.left)}–${Math.round(r.right)} (card ${Math.round(card.left)}–${Math.round(card.right)})`);
      });
      expect(outside, name).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), name).toBe(true);
      const columns = await page.evaluate(() => getComputedStyle(document.getElementById('option-list')!).gridTemplateColumns.split(' ').length);
      expect(columns, name).toBe(name === 'phone' ? 1 : 3);
      await page.locator('#options').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screensDir(), `web-state-06-${name}-options.png`) });
      await page.context().close();
    }
  }, 60_000);

  it('has a German text for every built-in option of the OpenAPI document, and does not offer ÖNORM B2063', async () => {
    const document = await (await fetch(`${h.auth.issuer}/swagger/v1/swagger.json`)).json() as { paths: Record<string, { post?: { parameters?: Array<{ in: string; name: string }> } }> };
    const names = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/conversion/')) continue;
      for (const p of item.post?.parameters ?? []) if (p.in === 'query') names.add(p.name);
    }
    expect(names).toContain('DestinationRebType');
    const page = await newPage('de-DE');
    await openPage(page, h.auth.issuer);
    const missing = await page.evaluate(`(async (names) => {
      const { hasGermanOptionText } = await import('/web/i18n.js');
      return names.filter((n) => !hasGermanOptionText(n));
    })(${JSON.stringify([...names])})`);
    expect(missing).toEqual([]);

    await dropFiles(page, '#drop', [{ name: 'Rohbau.X86', bytes: Buffer.from(builtTenderX86(), 'utf8') }]);
    await page.locator('.file[data-state=ready]').waitFor();
    await page.selectOption('#target', 'oenorm');
    expect(await page.locator('#opt-DestinationOenormType option').allTextContents()).toEqual(['Lv2015', 'Lb2015', 'Lv2009', 'Lb2009', 'Lv2021', 'Lb2021']);
    await expect(page.locator('#opt-DestinationOenormType-desc').textContent()).resolves.toContain('B2063 wird nicht angeboten');
    await page.locator('#opt-DestinationOenormType').scrollIntoViewIfNeeded();
    await shot(page, '07-oenorm-de');
    // the REB options in German on the page (an ava project → REB)
    const project = readFileSync(resolve(here, '..', '..', 'examples', 'project.json'));
    await page.click('#clear');
    await dropFiles(page, '#drop', [{ name: 'project.ava.json', bytes: project }]);
    await page.locator('.file[data-state=ready]').waitFor();
    await page.selectOption('#target', 'reb');
    await expect(page.locator('#opt-DestinationRebType-desc').textContent()).resolves.toMatch(/^REB-Art der Ausgabe/);
    await expect(page.locator('#opt-LastRowAddress-desc').textContent()).resolves.toMatch(/^Die Zeilenadresse/);
    await shot(page, '08-reb-de');
    await page.context().close();
  }, 60_000);
});
