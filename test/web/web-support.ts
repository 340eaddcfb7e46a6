/**
 * Helpers of the web page's tests: a priced GAEB DA XML 3.3 award (X86) built here (so the browser test runs
 * without the corpus), the expectations a test derives from a project on its own (counts of the BoQ tree, totals
 * per top-level group), the comparison of two conversion outputs of the same request, and dropping files onto
 * the page like a user does.
 */
import { gunzipSync, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';

interface Item { rno: string; text: string; qty: string; unit: string; up: string; longText?: string }
interface Category { rno: string; label: string; categories?: Category[]; items?: Item[] }

const item = ({ rno, text, qty, unit, up, longText }: Item) => {
  const it = (Number(qty) * Number(up)).toFixed(2);
  const detail = longText ? `<DetailTxt><Text>${longText}</Text></DetailTxt>` : '';
  return `<Item ID="I${rno}" RNoPart="${rno}"><Qty>${qty}</Qty><QU>${unit}</QU><UP>${up}</UP><IT>${it}</IT>
<Description><CompleteText>${detail}<OutlineText><OutlTxt><TextOutlTxt><p><span>${text}</span></p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>`;
};

const category = (c: Category, path: string): string => {
  const body = c.categories ? c.categories.map((sub) => category(sub, `${path}${c.rno}.`)).join('\n') : `<Itemlist>${(c.items ?? []).map(item).join('\n')}</Itemlist>`;
  return `<BoQCtgy ID="C${path}${c.rno}" RNoPart="${c.rno}"><LblTx><p><span>${c.label}</span></p></LblTx><BoQBody>${body}</BoQBody></BoQCtgy>`;
};

/** The built tender's structure: 2 top-level groups (one with 2 subgroups), 3 groups below, 7 positions. */
const TENDER: Category[] = [
  { rno: '01', label: 'Erdarbeiten', categories: [
    { rno: '01', label: 'Aushub', items: [
      { rno: '0010', text: 'Oberboden abtragen', qty: '120.000', unit: 'm2', up: '4.50', longText: '<p><span>Oberboden </span><span style="font-weight:bold;">30 cm</span><span> abtragen und seitlich lagern.</span></p>' },
      { rno: '0020', text: 'Baugrube ausheben', qty: '85.500', unit: 'm3', up: '18.20' },
    ] },
    { rno: '02', label: 'Verfüllung', items: [
      { rno: '0010', text: 'Arbeitsraum verfüllen', qty: '40.000', unit: 'm3', up: '22.00' },
    ] },
  ] },
  { rno: '02', label: 'Beton- und Stahlbetonarbeiten', categories: [
    { rno: '01', label: 'Fundamente', items: [
      { rno: '0010', text: 'Streifenfundament C25/30', qty: '18.000', unit: 'm3', up: '210.00', longText: '<p><span>Beton C25/30, Expositionsklasse XC2.</span></p><p><span>Schalung nach Wahl des AN.</span></p>' },
      { rno: '0020', text: 'Bewehrung BSt 500', qty: '1.250', unit: 't', up: '1450.00' },
      { rno: '0030', text: 'Sauberkeitsschicht', qty: '36.000', unit: 'm2', up: '9.80' },
      { rno: '0040', text: 'Fugenband', qty: '24.000', unit: 'm', up: '31.40' },
    ] },
  ] },
];

/** The built tender as GAEB DA XML 3.3 X86 (UTF-8). */
export function builtTenderX86(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Built by the web page's tests (ava-gateway): a small priced award. -->
<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA86/3.3">
<GAEBInfo><Version>3.3</Version><VersDate>2021-05</VersDate><Date>2026-03-02</Date><ProgSystem>ava-gateway test</ProgSystem></GAEBInfo>
<PrjInfo><NamePrj>Neubau Lager</NamePrj><LblPrj>Neubau Lagerhalle</LblPrj><Cur>EUR</Cur><CurLbl>Euro</CurLbl></PrjInfo>
<Award><DP>86</DP><BoQ ID="BOQ1"><BoQInfo><Name>LV 1</Name><LblBoQ>Rohbau</LblBoQ>
<BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn>
<BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn>
<BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo>
<BoQBody>${TENDER.map((c) => category(c, '')).join('\n')}</BoQBody></BoQ></Award>
</GAEB>
`;
}

type Json = Record<string, unknown>;
const elementsOf = (container: Json) => (container.elements as Json[] | undefined) ?? [];
const kind = (e: Json) => String(e.elementTypeDiscriminator).replace(/Dto$/, '');

/** What the BoQ view must show for a project, derived here from the project JSON. */
export function expectedView(project: Json): { groups: number; positions: number; notes: number; bars: number[]; total: number } {
  const counts = { groups: 0, positions: 0, notes: 0 };
  const walk = (list: Json[]) => {
    for (const e of list) {
      const k = kind(e);
      if (k === 'ServiceSpecificationGroup') counts.groups++;
      if (k === 'Position') counts.positions++;
      if (k === 'NoteText') counts.notes++;
      walk(elementsOf(e));
    }
  };
  const specs = (project.serviceSpecifications as Json[]) ?? [];
  const bars: number[] = [];
  let total = 0;
  for (const spec of specs) {
    walk(elementsOf(spec));
    total += Number(spec.deductedPrice ?? spec.totalPrice ?? 0);
    for (const e of elementsOf(spec)) if (kind(e) === 'ServiceSpecificationGroup') bars.push(Number(e.deductedPrice ?? e.totalPrice ?? 0));
  }
  return { ...counts, bars, total };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g;
/** A base64 gzip member (RFC 1952 magic 1f 8b 08 encodes as `H4sI`) inside a text. */
const GZIP_BASE64 = /H4sI[A-Za-z0-9+/=]+/g;

/**
 * A conversion output with what each conversion generates afresh replaced: element ids (UUIDs, the model gives
 * elements without one a new id), timestamps (ÖNORM `erstelltam`), and, inside xlsx workbooks, each part
 * compared on its own (the ZIP headers carry the write time) with base64 gzip blobs (the hidden project sheet)
 * decoded first. Two answers to the same request must be equal after this.
 */
export function comparable(bytes: Uint8Array): unknown {
  const text = (value: string): string => value
    .replace(GZIP_BASE64, (blob) => `gzip(${text(new TextDecoder().decode(gunzipSync(Buffer.from(blob, 'base64'))))})`)
    .replace(UUID, '<uuid>').replace(TIMESTAMP, '<time>');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const parts = unzipSync(bytes);
    return Object.fromEntries(Object.keys(parts).sort().map((name) => [name, text(new TextDecoder().decode(parts[name]))]));
  }
  return text(new TextDecoder().decode(bytes));
}

/** Drops files onto the page's drop zone as a user's drag and drop does (a DataTransfer with File objects). */
export async function dropFiles(page: Page, selector: string, files: Array<{ name: string; bytes: Buffer }>): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name));
    return dt;
  }, files.map((f) => ({ name: f.name, base64: f.bytes.toString('base64') })));
  await page.dispatchEvent(selector, 'dragover', { dataTransfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
}

/**
 * The form controls of the page without an accessible name (WAI-ARIA accessible name: a `<label for>`, a
 * wrapping label, `aria-label`, `aria-labelledby`, or a button's text). Returns a description of each.
 */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const missing: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('input, select, textarea, button, progress, [role=treeitem], [role=tree], canvas')) {
      const labelled = (el as HTMLInputElement).labels?.length
        || el.getAttribute('aria-label')?.trim()
        || (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())
        || (el.tagName === 'BUTTON' && el.textContent?.trim());
      if (!labelled) missing.push(`${el.tagName.toLowerCase()}#${el.id || '?'}.${el.className}`);
    }
    return missing;
  });
}

/**
 * Text on the page whose contrast with its background is below WCAG 2.1 SC 1.4.3 (4.5:1; 3:1 for large text, at
 * least 24 px, or 18.66 px bold): one line per visible element with its own text — the contrast ratio, the text's
 * start and both colours. The background is the first opaque background colour of the element or an ancestor
 * (white at the root); relative luminance and ratio as WCAG 2.1 defines them.
 */
export function lowContrastTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    const background = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length >= 3 && (c.length < 4 || c[3] === 1)) return c;
      }
      return [255, 255, 255];
    };
    const low: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
      if (!own || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const fg = rgb(style.color);
      const bg = background(el);
      const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
      const ratio = (a! + 0.05) / (b! + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) low.push(`${ratio.toFixed(2)} "${own.slice(0, 30)}" ${style.color} on rgb(${bg.slice(0, 3).join(', ')})`);
    }
    return low;
  });
}

/** Opens the page at the issuer's address and waits until it is ready. */
export async function openPage(page: Page, issuer: string): Promise<void> {
  await page.goto(issuer + '/');
  await page.waitForSelector('body[data-ready=true]');
}

/** Opens the page and signs in through the login page as demo / demo-password; waits until the page is signed in. */
export async function signInOnPage(page: Page, issuer: string): Promise<void> {
  await openPage(page, issuer);
  await page.click('#sign-in');
  await page.waitForURL(/\/connect\/(authorize|login)/);
  await page.fill('#username', 'demo');
  await page.fill('#password', 'demo-password');
  await page.click('.login-submit');
  await page.waitForSelector('body[data-ready=true]');
  await page.locator('#sign-out:visible').waitFor();
}
