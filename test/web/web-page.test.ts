/**
 * The web page end to end in headless Chromium (the Debian package, driven by playwright-core): sign-in through
 * `/connect/authorize` (code + PKCE, the public client `ava-web`), dropping a GAEB file, converting it to ÖNORM and
 * to Excel with the page's options, the downloads compared with the API's answer to the same request, the ZIP
 * of several results, the BoQ view (tree counts and chart totals against the project, search, keyboard, print
 * layout), German and English, a tablet viewport; and, on a second gateway without sign-in, a customer plugin's
 * own option offered by the page with no change to it. Every page load is watched: no console error or warning,
 * no request leaving the gateway (route interception aborts and records it), every control labelled.
 * Screenshots go to `SCREENS` (outside the repository). Skipped, saying so, without Chromium; the corpus file's
 * run is skipped, saying so, without the corpus (the built tender runs always).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMessagesSummary } from '../../gateway/conversion/messages-summary.js';
import { clientToken, listeningHarness, type AuthHarness } from '../auth/connect-support.js';
import { CHROMIUM, hasChromium, screensDir } from '../browser/browser-support.js';
import { hasCorpus, readCorpus } from '../support/corpus.js';
import { builtTenderX86, comparable, dropFiles, expectedView, lowContrastTexts, unlabelledControls } from './web-support.js';

const here = dirname(fileURLToPath(import.meta.url));
const ASSETS = resolve(here, '..', '..', 'gateway', 'web', 'assets');
const TSV_PLUGIN = join(here, 'fixtures', 'lv-tsv.mjs');

if (!hasChromium) console.warn(`web page tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
if (!hasCorpus) console.warn('web page test: the corpus GAEB file run is skipped (no ../shared/corpus); the built tender runs');
const suite = hasChromium ? describe : describe.skip;

/** What the page did that a clean page must not: console errors and warnings, page errors, outside requests. */
class Watch {
  readonly problems: string[] = [];
  readonly external: string[] = [];
  async attach(context: BrowserContext, origin: string): Promise<void> {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin + '/') || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
      this.external.push(url);
      return route.abort();
    });
    context.on('page', (page) => this.page(page));
  }
  page(page: Page): void {
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') this.problems.push(`${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => this.problems.push(`pageerror: ${e.message}`));
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(screensDir(), `web-${name}.png`), fullPage: true });

/** The API's answer to a conversion request, as the page made it. */
async function apiConvert(issuer: string, token: string | undefined, path: string, field: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(issuer + path, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Uint8Array }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: dl.suggestedFilename(), bytes: new Uint8Array(readFileSync((await dl.path())!)) };
}

const fileItem = (page: Page, name: string) => page.locator(`.file[data-file="${name}"]`);

suite('web page (Chromium)', () => {
  let h: AuthHarness;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const watch = new Watch();

  beforeAll(async () => {
    h = await listeningHarness({ pool: { threads: 1 } });
    token = await clientToken(h.app);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1100, height: 900 }, acceptDownloads: true });
    await watch.attach(context, h.auth.issuer);
    page = await context.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.app.close();
  });

  it('serves the page in German from the browser language and signs in through /connect/authorize (code + PKCE)', async () => {
    await page.goto(h.auth.issuer + '/');
    await page.waitForSelector('body[data-ready=true]');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await expect(page.locator('#notice').textContent()).resolves.toContain('Melden Sie sich an');
    expect(await page.isVisible('#sign-out')).toBe(false);
    await shot(page, '01-signed-out-de');
    await page.click('#sign-in');
    await page.waitForURL(/\/connect\/(authorize|login)/);
    const authorize = new URL(page.url());
    await page.fill('#username', 'demo');
    await page.fill('#password', 'demo-password');
    await shot(page, '02-login-de');
    await page.click('.login-submit');
    await page.waitForSelector('body[data-ready=true]');
    expect(new URL(page.url()).search).toBe(''); // code and state removed from the address bar
    await expect(page.locator('#user').textContent()).resolves.toBe('Angemeldet als Demo User');
    expect(await page.isVisible('#notice')).toBe(false);
    expect(await page.isVisible('#sign-in')).toBe(false);
    const first = [...watch.external];
    expect(first).toEqual([]);
    expect(authorize.pathname).toMatch(/^\/connect\/(authorize|login)$/);
  }, 60_000);

  /** Drops a GAEB file, converts it to ÖNORM and Excel, compares with the API, opens the BoQ view. */
  async function convertAndView(name: string, bytes: Buffer, tag: string) {
    await page.emulateMedia({ media: 'screen' });
    await page.click('#clear');
    await dropFiles(page, '#drop', [{ name, bytes }]);
    await fileItem(page, name).and(page.locator('[data-state=ready]')).waitFor();
    await expect(fileItem(page, name).locator('.file-status').textContent()).resolves.toContain('Format: GAEB');

    // ÖNORM, with TryRepairProjectStructure ticked on the page (its option list comes from the OpenAPI document)
    await page.selectOption('#target', 'oenorm');
    await page.check('#opt-TryRepairProjectStructure');
    expect(await page.locator('#opt-DestinationOenormType option').allTextContents()).toEqual(['Lv2015', 'Lb2015', 'Lv2009', 'Lb2009', 'Lv2021', 'Lb2021']); // not B2063: the gateway cannot write it
    await page.click('#convert-all');
    await fileItem(page, name).and(page.locator('[data-state=done]')).waitFor({ timeout: 60_000 });
    await shot(page, `${tag}-03-converted-oenorm`);
    const onlv = await download(page, () => fileItem(page, name).locator('button.download').click());
    const api = await apiConvert(h.auth.issuer, token, '/conversion/gaeb/oenorm?TryRepairProjectStructure=true', 'gaebFile', name, bytes);
    expect(api.response.status).toBe(200);
    expect(onlv.name).toBe(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(api.response.headers.get('content-disposition')!)![1]!));
    expect(comparable(onlv.bytes)).toEqual(comparable(api.bytes));
    // the messages: the count the API reports, each summarised message with its item number
    const count = Number(api.response.headers.get('x-conversion-messages'));
    const summary = api.response.headers.get('x-conversion-messages-summary');
    if (count > 0) {
      await expect(fileItem(page, name).locator('.messages summary').textContent()).resolves.toContain(`${count} Meldungen`);
      const listed = await fileItem(page, name).locator('.messages li').allTextContents();
      const expected = decodeMessagesSummary(summary!).messages;
      expect(listed).toHaveLength(expected.length);
      expected.forEach((m, i) => {
        expect(listed[i]).toContain(m.code);
        if (m.itemNumber) expect(listed[i]).toContain(`OZ ${m.itemNumber}`);
      });
    }

    // Excel: the ÖNORM-only option is gone from the list
    await page.selectOption('#target', 'excel');
    expect(await page.locator('#opt-TryRepairProjectStructure').count()).toBe(0);
    expect(await page.locator('#opt-WritePrices').isChecked()).toBe(true);
    // a long option name breaks between its words in a narrow column, not inside one (its text stays the name)
    const label = page.locator('label[for=opt-SupportSkippedItemNumberLevelsInPositions]');
    expect(await label.textContent()).toBe('SupportSkippedItemNumberLevelsInPositions');
    expect(await label.innerHTML()).toBe('Support<wbr>Skipped<wbr>Item<wbr>Number<wbr>Levels<wbr>In<wbr>Positions');
    await page.click('#convert-all');
    await fileItem(page, name).and(page.locator('[data-state=done]')).waitFor({ timeout: 60_000 });
    const xlsx = await download(page, () => fileItem(page, name).locator('button.download').click());
    const apiXlsx = await apiConvert(h.auth.issuer, token, '/conversion/gaeb/excel', 'gaebFile', name, bytes);
    expect(xlsx.name).toBe(name.replace(/\.[^.]*$/, '.xlsx'));
    expect(comparable(xlsx.bytes)).toEqual(comparable(apiXlsx.bytes));

    // the BoQ view, against the project the API makes of the same file
    const project = JSON.parse(new TextDecoder().decode((await apiConvert(h.auth.issuer, token, '/conversion/gaeb/ava', 'gaebFile', name, bytes)).bytes));
    const expected = expectedView(project);
    await fileItem(page, name).locator('button.view').click();
    // the view of this file (a view of an earlier file may still be open while this one converts)
    await page.waitForFunction((title) => document.getElementById('view-summary')!.textContent!.startsWith(`${title}:`), name);
    expect(await page.locator('.boq-item.kind-group').count()).toBe(expected.groups);
    expect(await page.locator('.boq-item.kind-position').count()).toBe(expected.positions);
    expect(await page.locator('.boq-item.kind-note').count()).toBe(expected.notes);
    const chartData = await page.evaluate(() => (globalThis as unknown as { Chart: { getChart(id: string): { data: { datasets: Array<{ data: number[] }> } } } }).Chart.getChart('totals-chart')!.data.datasets[0]!.data);
    expect(chartData).toEqual(expected.bars);
    await shot(page, `${tag}-04-boq-view`);
    return { project, expected };
  }

  it('converts the built tender to ÖNORM and Excel like the API, and shows its BoQ', async () => {
    const bytes = Buffer.from(builtTenderX86(), 'utf8');
    const { expected } = await convertAndView('Rohbau.X86', bytes, 'built');
    expect(expected).toMatchObject({ groups: 5, positions: 7, notes: 0 });
    // 01: 120×4.50 + 85.5×18.20 + 40×22.00 = 540 + 1556.10 + 880 = 2976.10; 02: 3780 + 1812.50 + 352.80 + 753.60 = 6698.90
    expect(expected.bars).toEqual([2976.1, 6698.9]);
    await expect(page.locator('#view-summary').textContent()).resolves.toContain('5 Gruppen, 7 Positionen');
    await expect(page.locator('.chart-table tbody td').allTextContents()).resolves.toEqual(['2.976,10', '6.698,90']);

    // search by item number: the position and its groups stay, the rest is hidden
    await page.fill('#search', '02.01.0030');
    await expect(page.locator('.boq-item.kind-position:not(.filtered-out)').allTextContents()).resolves.toHaveLength(1);
    await expect(page.locator('.boq-item.match .c-text').first().textContent()).resolves.toBe('Sauberkeitsschicht');
    await expect(page.locator('#view-summary').textContent()).resolves.toBe('1 Treffer');
    await shot(page, 'built-05-search');
    // search by text
    await page.fill('#search', 'bewehrung');
    await expect(page.locator('.boq-item.match').first().getAttribute('data-item')).resolves.toBe('02.01.0020');
    await page.fill('#search', '');

    // keyboard: the tree is one tab stop; arrows move, Enter opens a position's long text
    await page.locator('.boq-item[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-item'))).resolves.toBe('01.');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-item'))).resolves.toBe('01.01.0010');
    expect(await page.isVisible('[data-item="01.01.0010"] .long-text')).toBe(false);
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-item="01.01.0010"] .long-text').innerHTML()).resolves.toBe('<p><span>Oberboden </span><span><b>30 cm</b></span><span> abtragen und seitlich lagern.</span></p>');
    await page.keyboard.press('ArrowLeft'); // closes it again
    expect(await page.isVisible('[data-item="01.01.0010"] .long-text')).toBe(false);
    await page.keyboard.press('ArrowLeft'); // to the parent group
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-item'))).resolves.toBe('01.01.');
    await page.keyboard.press('ArrowLeft'); // closes the group: its positions are out of reach
    expect(await page.isVisible('[data-item="01.01.0020"]')).toBe(false);
    await page.keyboard.press('Enter');
    expect(await page.isVisible('[data-item="01.01.0020"]')).toBe(true);

    // print: every group open, every long text shown, the controls gone
    await page.click('#collapse-all');
    await page.emulateMedia({ media: 'print' });
    expect(await page.isVisible('[data-item="02.01.0010"] .long-text')).toBe(true);
    expect(await page.isVisible('#convert')).toBe(false);
    expect(await page.isVisible('#search')).toBe(false);
    await shot(page, 'built-06-print');
    await page.emulateMedia({ media: 'screen' });
  }, 180_000);

  it.skipIf(!hasCorpus)('converts a corpus GAEB file (GAEBXML_DE.X86) to ÖNORM and Excel like the API, and shows its BoQ', async () => {
    const { expected } = await convertAndView('GAEBXML_DE.X86', readCorpus('gaeb', 'GAEBXML_DE.X86'), 'corpus');
    expect(expected.positions).toBeGreaterThan(0);
    expect(expected.bars.reduce((a, b) => a + b, 0)).toBeCloseTo(expected.total, 2);
  }, 180_000);

  it('converts several files at once and downloads them as one ZIP', async () => {
    await page.click('#clear');
    const second = Buffer.from(builtTenderX86().replace('Neubau Lager', 'Neubau Werkstatt'), 'utf8');
    await dropFiles(page, '#drop', [{ name: 'Los1.X86', bytes: Buffer.from(builtTenderX86(), 'utf8') }, { name: 'Los2.X86', bytes: second }]);
    await page.locator('.file[data-state=ready]').nth(1).waitFor();
    await page.selectOption('#target', 'gaeb');
    await page.selectOption('#opt-DestinationGaebType', 'Gaeb90');
    await page.click('#convert-all');
    await page.locator('.file[data-state=done]').nth(1).waitFor({ timeout: 60_000 });
    await shot(page, '07-two-files-gaeb90');
    const zip = await download(page, () => page.click('#zip-all'));
    expect(zip.name).toBe('ava-gateway-gaeb.zip');
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries).sort()).toEqual(['Los1.D86', 'Los2.D86']);
    const api = await apiConvert(h.auth.issuer, token, '/conversion/gaeb/gaeb?DestinationGaebType=Gaeb90', 'gaebFile', 'Los2.X86', second);
    expect(comparable(entries['Los2.D86']!)).toEqual(comparable(api.bytes));
  }, 120_000);

  it('renders long texts from a whitelist: no script, no attribute, no element outside it reaches the page', async () => {
    // A string, not a function: vitest would rewrite a function's dynamic import for Node.
    const rendered = await page.evaluate(`(async () => {
      const { renderLongText } = await import('/web/longtext.js');
      const html = '<p style="color:red" onclick="window.__pwned=1">Sicher <b>fett</b> <a href="javascript:window.__pwned=2">Link</a></p>'
        + '<p><span style="font-weight: bold; color: red">stark</span> <span style="font-style:italic;text-decoration:underline">schräg</span></p>'
        + '<script>window.__pwned=3</script><img src="x" onerror="window.__pwned=4"><iframe src="https://example.com/"></iframe>'
        + '<table><tr><td colspan="2" class="x">A</td><td rowspan="javascript:1">B</td></tr></table><svg><script>window.__pwned=5</script></svg>';
      const el = renderLongText(html, '');
      document.body.append(el);
      await new Promise((r) => setTimeout(r, 200));
      return { html: el.innerHTML, pwned: window.__pwned };
    })()`) as { html: string; pwned?: number };
    expect(rendered.pwned).toBeUndefined();
    expect(rendered.html).toBe('<p>Sicher <b>fett</b> Link</p><p><span><b>stark</b></span> <span><i><u>schräg</u></i></span></p>'
      + '<table><tbody><tr><td colspan="2">A</td><td>B</td></tr></tbody></table>');
  });

  it('switches to English, and is usable on a tablet', async () => {
    await page.selectOption('#locale', 'en');
    await expect(page.locator('h1').textContent()).resolves.toBe('Convert and view tenders');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect(page.locator('#user').textContent()).resolves.toBe('Signed in as Demo User');
    await expect(page.locator('label[for=target]').textContent()).resolves.toBe('Convert to');
    await shot(page, '08-english');
    const tablet = await browser.newContext({ locale: 'en-GB', viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });
    await watch.attach(tablet, h.auth.issuer);
    const tab = await tablet.newPage();
    watch.page(tab);
    await tab.goto(h.auth.issuer + '/');
    await tab.waitForSelector('body[data-ready=true]');
    await dropFiles(tab, '#drop', [{ name: 'Rohbau.X86', bytes: Buffer.from(builtTenderX86(), 'utf8') }]);
    await tab.locator('.file[data-state=ready]').waitFor();
    // the page itself does not scroll sideways (the BoQ table scrolls in its own box)
    expect(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const sizes = await tab.evaluate(() => [...document.querySelectorAll('button:not([hidden]), select')].map((b) => b.getBoundingClientRect().height).filter((x) => x > 0));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(44);
    // each option's description follows its own label, whatever the height of the option beside it
    const gaps = await tab.evaluate(() => [...document.querySelectorAll('.option')].map((o) => {
      const label = o.querySelector('label')!.getBoundingClientRect();
      return [o.getAttribute('data-option'), Math.round(o.querySelector('.option-desc')!.getBoundingClientRect().top - label.bottom)];
    }));
    expect(gaps.length).toBeGreaterThan(1);
    for (const [name, gap] of gaps) expect(gap, String(name)).toBeLessThanOrEqual(12);
    await shot(tab, '09-tablet');
    await tablet.close();
  }, 60_000);

  it('labels every control, asks for nothing outside the gateway, logs no error, and keeps text contrast at WCAG AA', async () => {
    expect(await unlabelledControls(page)).toEqual([]);
    expect(await lowContrastTexts(page)).toEqual([]);
    expect(watch.external).toEqual([]);
    expect(watch.problems).toEqual([]);
  });
});

suite('web page without sign-in, with a customer plugin (Chromium)', () => {
  let h: AuthHarness;
  let browser: Browser;
  const watch = new Watch();

  beforeAll(async () => {
    h = await listeningHarness({ pool: { threads: 0 }, plugins: [TSV_PLUGIN], auth: { requireTokenForConversions: false } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.app.close();
  });

  it('offers the plugin, its route and its own option from the OpenAPI document, with no change to the page', async () => {
    for (const file of readdirSync(ASSETS)) {
      expect(readFileSync(join(ASSETS, file), 'utf8')).not.toMatch(/TsvColumnOrder|lv-tsv/);
    }
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1100, height: 900 }, acceptDownloads: true });
    await watch.attach(context, h.auth.issuer);
    const page = await context.newPage();
    await page.goto(h.auth.issuer + '/');
    await page.waitForSelector('body[data-ready=true]');
    expect(await page.isVisible('#sign-in')).toBe(false);
    expect(await page.isVisible('#notice')).toBe(false);
    const tsv = 'LV-TSV\n1.10\tMauerwerk\t12.5\tm2\t40\n1.20\tPutz\t30\tm2\t18.5\n';
    await dropFiles(page, '#drop', [{ name: 'wall.tsv', bytes: Buffer.from(tsv) }]);
    await fileItem(page, 'wall.tsv').and(page.locator('[data-state=ready]')).waitFor();
    await expect(fileItem(page, 'wall.tsv').locator('.file-status').textContent()).resolves.toContain('Format: LV TSV');
    expect(await page.locator('#target option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toContain('lv-tsv');
    await page.selectOption('#target', 'lv-tsv');
    expect(await page.locator('#opt-TsvColumnOrder option').allTextContents()).toEqual(['ItemFirst', 'TextFirst']);
    await expect(page.locator('#opt-TsvColumnOrder-desc').textContent()).resolves.toContain('Which column comes first: the item number or the short text.');
    await page.selectOption('#opt-TsvColumnOrder', 'TextFirst');
    await shot(page, '10-plugin-option');
    await page.click('#convert-all');
    await fileItem(page, 'wall.tsv').and(page.locator('[data-state=done]')).waitFor();
    const result = await download(page, () => fileItem(page, 'wall.tsv').locator('button.download').click());
    expect(result.name).toBe('wall.tsv');
    const api = await apiConvert(h.auth.issuer, undefined, '/conversion/lv-tsv/lv-tsv?TsvColumnOrder=TextFirst', 'tsvFile', 'wall.tsv', Buffer.from(tsv));
    expect(Buffer.from(result.bytes).toString('utf8')).toBe(Buffer.from(api.bytes).toString('utf8'));
    expect(Buffer.from(result.bytes).toString('utf8').split('\n')[1]).toBe('Mauerwerk\t1.10\t12.5\tm2\t40');
    // the plugin's project opens in the BoQ view too (through lv-tsv → ava)
    await fileItem(page, 'wall.tsv').locator('button.view').click();
    await page.waitForSelector('#view:not([hidden]) .boq-tree');
    expect(await page.locator('.boq-item.kind-position').count()).toBe(2);
    await expect(page.locator('.chart-table tbody td').allTextContents()).resolves.toEqual(['1,055.00']);
    await shot(page, '11-plugin-boq');
    expect(await unlabelledControls(page)).toEqual([]);
    await context.close();
    expect(watch.external).toEqual([]);
    expect(watch.problems).toEqual([]);
  }, 120_000);
});
