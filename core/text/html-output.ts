/**
 * Writing HTML long texts: escaping of text and attribute values, and a reusable buffer of string pieces joined once
 * per text (readers that build HTML from structured events — the GAEB DA XML and ÖNORM readers — allocate as
 * little as possible per element). Escapes per the HTML syntax (WHATWG HTML §13.1.2.6 and §13.1.4).
 */
import { detached } from './detached.js';
import type { PlainTextSink } from './plain-text-sink.js';

const TEXT_SPECIAL = /[&<>]/;
const TEXT_SPECIALS = /[&<>]/g;
const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const textEscape = (c: string): string => TEXT_ESCAPES[c];

/** Escapes `&`, `<`, `>` for HTML text content. */
export function escapeHtmlText(s: string): string {
  return TEXT_SPECIAL.test(s) ? s.replace(TEXT_SPECIALS, textEscape) : s;
}

/**
 * Characters that need more than copying: escaping in HTML (`&`, `<`, `>`), collapsing in plain text (tab, line
 * feed, form feed, carriage return, two blanks in a row).
 */
const NOT_VERBATIM = /[&<>\t\n\f\r]| {2}/;

/**
 * Appends decoded character data to an HTML long text being built (escaped, to `parts`) and to its plain text (to
 * `sink`), as the GAEB DA XML and ÖNORM readers build both from one pass over the XML. Most text (no markup
 * character, no white space to collapse) is found so with one test and taken as it is for both.
 * @param t non-empty character data
 */
export function appendText(t: string, parts: Pieces, sink: PlainTextSink): void {
  if (NOT_VERBATIM.test(t)) {
    parts.push(escapeHtmlText(t));
    sink.text(t, 0, t.length);
  } else {
    parts.push(t);
    sink.simpleText(t);
  }
}

/** Escapes `&`, `<`, `>`, `"` for a double-quoted HTML attribute value. */
export function escapeHtmlAttribute(s: string): string {
  if (s.indexOf('&') < 0 && s.indexOf('<') < 0 && s.indexOf('>') < 0 && s.indexOf('"') < 0) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * An append-only list of string pieces, reused across texts (its array keeps its storage: `length = 0` would drop
 * it, and every text would grow it anew) and joined once per text.
 */
export class Pieces {
  private readonly items: string[] = [];
  private n = 0;
  /** The one piece {@link joined} made (joined or copied), which needs neither again. */
  private settled: string | undefined;

  push(s: string): void {
    this.items[this.n++] = s;
  }

  get empty(): boolean {
    return this.n === 0;
  }

  /**
   * The pieces so far as one flat string of its own, kept as the only piece (asking again costs nothing, and more
   * pieces may follow). A single piece as pushed may be a cut of a parser's chunk: it is copied, so that the text
   * does not keep the chunk alive; so are the pieces of longer texts before, which are dropped here.
   */
  joined(): string {
    const items = this.items;
    if (this.n === 0) return '';
    if (items.length !== this.n) items.length = this.n;
    if (this.n > 1) {
      this.settled = items.join('');
      this.n = 1;
      items[0] = this.settled;
    } else if (items[0] !== this.settled) {
      this.settled = detached(items[0]);
      items[0] = this.settled;
    }
    return items[0];
  }

  /** The joined text; empties the list. */
  take(): string {
    const s = this.joined();
    this.clear();
    return s;
  }

  clear(): void {
    this.n = 0;
    this.settled = undefined;
  }
}
