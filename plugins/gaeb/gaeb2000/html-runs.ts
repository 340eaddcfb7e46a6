/**
 * An HTML long text as the GAEB 2000 writer sees it: paragraphs of runs with bold/italic/underline, and a key of
 * what they show, to tell whether two HTML texts read back the same.
 *
 * Whitespace is of two kinds, because `htmlToPlainText` (core/model/long-text.ts, the model's plain text of an HTML
 * long text) treats them differently: literal blanks and tabs collapse to one space (HTML rules), while whitespace
 * written as an entity is text that is kept — `&nbsp;` (a space in the plain text), `&#9;` (a tab), `&#32;` (a
 * space). `plainTextToHtml` writes leading and doubled blanks as `&nbsp;` and tabs as `&#9;`; the GAEB 90, DA XML
 * and RTF readers write literal whitespace. A run with `kept` holds only such entity whitespace (`\u00A0` for
 * `&nbsp;`, a tab, a space), so that the RTF writer can carry the difference (rtf.ts `runsToRtf`).
 */
import type { RtfRun } from './rtf.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0' };
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;
const BLOCK_TAGS = /^(p|div|li|tr|h[1-6]|table|ul|ol)$/;

/** The character of an entity body (`amp`, `#9`, `#x20`); undefined for an unknown name. */
function entityChar(e: string): string | undefined {
  if (e[0] !== '#') return ENTITIES[e.toLowerCase()];
  const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

const decodeEntities = (s: string): string => s.replace(ENTITY, (all, e: string) => entityChar(e) ?? all);

/** What an entity is to the runs: kept whitespace (`&nbsp;`, `&#9;`, `&#32;`), a line break (`&#10;`) or text. */
function entityKind(e: string): 'kept' | 'break' | 'text' {
  if (e === 'nbsp') return 'kept'; // htmlToPlainText decodes only the lower-case name
  if (e[0] !== '#') return 'text';
  const c = entityChar(e);
  return c === '\t' || c === ' ' ? 'kept' : c === '\n' ? 'break' : 'text';
}

interface Format { b: boolean; i: boolean; u: boolean }

/**
 * HTML long text → paragraphs of runs with bold/italic/underline (from b/strong, i/em, u and the span styles the
 * readers write), `br` (and `&#10;`) → a run '\n', a tab between table cells; line breaks of the HTML source become
 * spaces (none at a paragraph's edges), literal spaces and tabs are kept as text, entity whitespace as `kept` runs
 * (see the module comment), and an empty paragraph (`<p></p>`) is an empty line. Never throws.
 * @returns the paragraphs and whether any visible text is bold, italic or underlined
 */
export function htmlToRuns(html: string): { paragraphs: RtfRun[][]; formatted: boolean } {
  const paragraphs: RtfRun[][] = [];
  let current: RtfRun[] = [];
  const stack: ({ tag: string } & Format)[] = [];
  let fmt: Format = { b: false, i: false, u: false };
  let formatted = false;
  let emptyBlock: string | undefined;
  let cells = 0;
  const special = new WeakSet<RtfRun>(); // line breaks and kept whitespace: not source text
  const endParagraph = () => {
    if (current.length > 0) paragraphs.push(current);
    current = [];
  };
  const push = (text: string, kind: 'text' | 'kept' | 'break') => {
    if (text === '') return;
    const run: RtfRun = kind === 'break' ? { text: '\n' } : { text, bold: fmt.b, italic: fmt.i, underline: fmt.u };
    if (kind === 'kept') run.kept = true;
    if (kind !== 'text') special.add(run);
    current.push(run);
    if (kind !== 'break' && (fmt.b || fmt.i || fmt.u)) formatted = formatted || text.trim() !== '';
  };
  const re = /<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const raw = m[4];
    if (raw !== undefined) {
      // Source line breaks are resolved per paragraph below; spaces and tabs are text (columns in tender texts).
      if (current.length === 0 && /^\s*[\r\n]\s*$/.test(raw)) continue; // indentation between blocks
      emptyBlock = undefined;
      let at = 0;
      for (const e of raw.matchAll(ENTITY)) {
        const kind = entityKind(e[1]);
        if (kind === 'text') continue;
        push(decodeEntities(raw.slice(at, e.index)), 'text');
        push(entityChar(e[1])!, kind);
        at = e.index + e[0].length;
      }
      push(decodeEntities(raw.slice(at)), 'text');
      continue;
    }
    const tag = m[2].toLowerCase();
    const closing = m[1] === '/';
    if (tag === 'br') {
      push('\n', 'break');
      continue;
    }
    if (BLOCK_TAGS.test(tag)) {
      // An element closed right after it opened, with nothing in it (`<p></p>`), is a blank line of the text.
      if (closing && current.length === 0 && emptyBlock === tag) paragraphs.push([]);
      else endParagraph();
      emptyBlock = closing ? undefined : tag;
      if (tag === 'tr') cells = 0;
      continue;
    }
    if (tag === 'td' || tag === 'th') {
      if (!closing && cells++ > 0) push('\t', 'kept'); // htmlToPlainText separates cells by a tab it keeps
      continue;
    }
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at >= 0) {
        fmt = { b: stack[at].b, i: stack[at].i, u: stack[at].u };
        stack.length = at;
      }
      continue;
    }
    if (/\/\s*$/.test(m[3])) continue; // self-closing
    stack.push({ tag, ...fmt });
    const style = /style\s*=\s*"([^"]*)"/i.exec(m[3])?.[1] ?? '';
    fmt = {
      b: fmt.b || tag === 'b' || tag === 'strong' || /font-weight\s*:\s*(bold|[6-9]00)/i.test(style),
      i: fmt.i || tag === 'i' || tag === 'em' || /font-style\s*:\s*italic/i.test(style),
      u: fmt.u || tag === 'u' || /text-decoration\s*:[^;]*underline/i.test(style),
    };
  }
  endParagraph();
  // Line breaks of the HTML source (with the indentation around them) are formatting: none at the edges of a
  // paragraph, one space inside it.
  for (const p of paragraphs) {
    const text = p.filter((r) => !special.has(r));
    if (text.length === 0) continue;
    text[0].text = text[0].text.replace(/^\s*[\r\n]\s*/, '');
    const last = text[text.length - 1];
    last.text = last.text.replace(/\s*[\r\n]\s*$/, '');
    for (const r of text) r.text = r.text.replace(/\s*[\r\n]\s*/g, ' ');
  }
  return { paragraphs, formatted };
}

/** A paragraph that the readers drop at the edges of a text: only line breaks and literal whitespace. */
const isBlank = (p: readonly RtfRun[]): boolean => p.every((r) => r.text === '\n' || (!r.kept && r.text.trim() === ''));

/**
 * What paragraphs of runs show, as one string: per paragraph its runs, adjacent runs of the same kind (bold,
 * italic, underline, kept, line break) merged, blank paragraphs at the start and end left out (no GAEB 2000 reader
 * keeps them). Two HTML texts with the same key have the same text, whitespace kinds, breaks and b/i/u.
 */
export function runsKey(paragraphs: readonly (readonly RtfRun[])[]): string {
  let first = 0;
  let last = paragraphs.length - 1;
  while (first <= last && isBlank(paragraphs[first])) first++;
  while (last >= first && isBlank(paragraphs[last])) last--;
  return paragraphs.slice(first, last + 1).map((p) => {
    let out = '';
    let kind: string | undefined;
    for (const r of p) {
      if (r.text === '') continue;
      const k = r.text === '\n' && r.bold === undefined ? 'n' : `${r.bold ? 'b' : ''}${r.italic ? 'i' : ''}${r.underline ? 'u' : ''}${r.kept ? 'k' : ''}`;
      if (k !== kind) out += `\u0001${k}\u0002`;
      kind = k;
      out += r.text;
    }
    return out;
  }).join('\u0003');
}
