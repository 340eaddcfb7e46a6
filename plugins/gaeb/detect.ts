/**
 * Content sniffing for the three GAEB generations (never the file name: extensions lie: https://gaeb-365.online/gaeb-dateien/gueltige-datei-endungen).
 *
 * - GAEB DA XML (`.X8x`, trade documents `.X9x`): an XML document whose root element has the local name `GAEB` in
 *   a namespace starting with `http://www.gaeb.de/GAEB_DA_XML/` (3.0/3.1 `…/200407`, 3.1 trade `…/200706`, 3.2/3.3
 *   `…/DA83/3.2`, trade `…/DA96/3.3` …; target namespaces of the GAEB DA XML 3.2/3.3 phase XSDs).
 * - GAEB 2000 (`.P8x`): tagged text opening with `#begin[GAEB]` (case-insensitive; GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83).
 * - GAEB 90 (`.D8x`): fixed 80-column records, record type in columns 1–2, running number in columns 75–80
 *   (ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts).
 */
import { sniffBom } from '../../core/text/encoding.js';

export type GaebGeneration = 'xml' | 'gaeb90' | 'gaeb2000';

/** How much of the head the sniffers look at. */
const HEAD_LIMIT = 4096;
export const GAEB_XML_NAMESPACE_PREFIX = 'http://www.gaeb.de/GAEB_DA_XML/';

/** Text of the head after a BOM (`sniffBom`); UTF-16 heads are decoded, everything else is read byte per character. */
function headText(head: Buffer): string {
  const bytes = head.subarray(0, HEAD_LIMIT + 4);
  const bom = sniffBom(bytes);
  const rest = bytes.subarray(bom?.length ?? 0);
  if (bom?.encoding === 'utf-16le') return rest.toString('utf16le');
  if (bom?.encoding === 'utf-16be') return Buffer.from(rest.subarray(0, rest.length & ~1)).swap16().toString('utf16le');
  return rest.toString('latin1');
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

function skipSpace(s: string, i: number): number {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/**
 * The index after a markup declaration `<!…>` starting at `i`: a DOCTYPE's internal subset (`[ … ]`, which holds
 * `<!ENTITY …>` declarations with their own `>`) is skipped as a whole; -1 when the head ends first. A GAEB file
 * with a DOCTYPE is thus recognised as GAEB DA XML, so that the reader can refuse it saying why (xml/reader
 * `DOCTYPE_REFUSED`) instead of "Expected a GAEB file".
 */
function declarationEnd(s: string, i: number): number {
  const bracket = s.indexOf('[', i);
  const close = s.indexOf('>', i + 2);
  if (close < 0) return -1;
  if (bracket < 0 || bracket > close) return close + 1;
  const subsetEnd = s.indexOf(']', bracket);
  if (subsetEnd < 0) return -1;
  const end = s.indexOf('>', subsetEnd);
  return end < 0 ? -1 : end + 1;
}

/** The root start tag of an XML head: its qualified name and raw attribute text, or undefined. */
function rootStartTag(s: string): { name: string; attributes: string } | undefined {
  let i = skipSpace(s, 0);
  while (i < s.length && s[i] === '<') {
    if (s.startsWith('<?', i)) {
      const end = s.indexOf('?>', i + 2);
      if (end < 0) return undefined;
      i = skipSpace(s, end + 2);
    } else if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      if (end < 0) return undefined;
      i = skipSpace(s, end + 3);
    } else if (s.startsWith('<!', i)) {
      const end = declarationEnd(s, i);
      if (end < 0) return undefined;
      i = skipSpace(s, end);
    } else {
      const m = /^<([A-Za-z_][\w.:-]*)([^>]*)>/.exec(s.slice(i, i + HEAD_LIMIT));
      return m ? { name: m[1], attributes: m[2] } : undefined;
    }
  }
  return undefined;
}

/** The namespace URI bound to the root's prefix (or the default namespace), from the raw attribute text. */
function rootNamespace(name: string, attributes: string): string | undefined {
  const colon = name.indexOf(':');
  const attr = colon < 0 ? 'xmlns' : `xmlns:${name.slice(0, colon)}`;
  const re = new RegExp(`(?:^|\\s)${attr.replace(/[.:-]/g, '\\$&')}\\s*=\\s*("([^"]*)"|'([^']*)')`);
  const m = re.exec(attributes);
  return m ? (m[2] ?? m[3]) : undefined;
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);

function gaebXmlRoot(text: string): string | undefined {
  const root = rootStartTag(text);
  if (!root || localName(root.name) !== 'GAEB') return undefined;
  const ns = rootNamespace(root.name, root.attributes);
  return ns !== undefined && ns.startsWith(GAEB_XML_NAMESPACE_PREFIX) ? ns : undefined;
}

const RECORD_TYPE = /^(?:[0-9]{2}|T[0-9])$/;
const RUNNING_NUMBER = /^[0-9]{6}$/;

/** GAEB 90: every complete line in the head is an 80-column record; `00` among them or a `T0`/`T1`/`T9` preamble first. */
function looksLikeGaeb90(text: string): boolean {
  const lines = text.split('\n');
  if (text.length >= HEAD_LIMIT || !text.endsWith('\n')) lines.pop(); // the last line may be cut off
  let checked = 0;
  let hasHeaderRecord = false;
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' && checked > 0) continue;
    if (line.length !== 80) return false;
    const type = line.slice(0, 2);
    if (!RECORD_TYPE.test(type) || !RUNNING_NUMBER.test(line.slice(74, 80))) return false;
    if (type === '00') hasHeaderRecord = true;
    checked++;
  }
  if (checked === 0) return false;
  const first = lines[0].slice(0, 2);
  return hasHeaderRecord || first === 'T0' || first === 'T1' || first === 'T9';
}

/**
 * Which GAEB generation the head of a file belongs to, judged from its content only.
 * @param head the first bytes of the file (4 KiB are enough; more are ignored)
 * @returns 'xml' (GAEB DA XML 3.x), 'gaeb2000', 'gaeb90', or undefined for anything else
 */
export function detectGaebGeneration(head: Buffer): GaebGeneration | undefined {
  const text = headText(head);
  const start = skipSpace(text, 0);
  if (start >= text.length) return undefined;
  if (text[start] === '<') return gaebXmlRoot(text.slice(start)) ? 'xml' : undefined;
  if (text.slice(start, start + 256).toLowerCase().startsWith('#begin[gaeb]')) return 'gaeb2000';
  // a GAEB 90 file re-saved as UTF-8 has 80 characters a record, not 80 bytes (the reader takes it as UTF-8)
  if (looksLikeGaeb90(text) || (sniffBom(head) === undefined && looksLikeGaeb90(head.subarray(0, HEAD_LIMIT + 4).toString('utf8')))) return 'gaeb90';
  return undefined;
}

/** The text content of the first element with this local name (any prefix) in the head, trimmed. */
function firstElementText(text: string, local: string): string | undefined {
  const m = new RegExp(`<(?:[\\w.-]+:)?${local}\\s*>([^<]*)</`).exec(text);
  return m ? m[1].trim() : undefined;
}

/**
 * Version and exchange phase of a GAEB DA XML head.
 *
 * The 3.2/3.3 namespaces carry both (`…/DA83/3.2` → 3.2, 83); the 3.0/3.1 namespace `…/200407` does not, so the
 * version comes from `GAEBInfo/Version`; the phase from `Award/DP` (also `Invoice/DP`, `QtyDeterm/DP`, and
 * `Order/DP` of trade documents) when the head reaches it (GAEB DA XML 3.3 Lib, tgGAEBInfo/tgDP/tgOrder;
 * target namespaces of the GAEB DA XML 3.2/3.3 phase XSDs).
 * @returns undefined when the head is not GAEB DA XML; `version`/`phase` are '' when the head does not show them
 */
export function describeGaebXml(head: Buffer): { version: string; phase: string } | undefined {
  const text = headText(head);
  const ns = gaebXmlRoot(text.slice(skipSpace(text, 0)));
  if (ns === undefined) return undefined;
  const m = /\/DA([0-9A-Za-z.]+)\/(\d+\.\d+)\/?$/.exec(ns);
  const version = m ? m[2] : (firstElementText(text, 'Version') ?? '');
  const phase = firstElementText(text, 'DP') ?? (m ? m[1] : '');
  return { version, phase };
}
