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

/** A regular expression run flattens its subject: V8 copies a rope into one sequential string before matching. */
const FLATTEN = /^/;

/**
 * An append-only text built from string pieces: concatenated as they come (V8 keeps a rope of them, one small object
 * a piece) and made one flat string once per text. Cheaper than gathering the pieces in an array and joining them
 * (`Array.prototype.join` costs about a microsecond a call before copying anything).
 */
export class Pieces {
  private text = '';
  private n = 0;
  /** The flat string {@link joined} made, which needs no copying again. */
  private settled: string | undefined;

  push(s: string): void {
    this.text += s;
    this.n++;
  }

  get empty(): boolean {
    return this.n === 0;
  }

  /**
   * The pieces so far as one flat string of its own (asking again costs nothing, and more pieces may follow). A
   * single piece as pushed may be a cut of a parser's chunk: it is copied, so that the text does not keep the chunk
   * alive; a rope of several is flattened in place, which drops its references to the pieces.
   */
  joined(): string {
    if (this.n === 0) return '';
    const t = this.text;
    if (t === this.settled) return t;
    this.settled = this.n === 1 ? detached(t) : (FLATTEN.test(t), t);
    this.text = this.settled;
    this.n = 1;
    return this.settled;
  }

  /** The joined text; empties the list. */
  take(): string {
    const s = this.joined();
    this.clear();
    return s;
  }

  clear(): void {
    this.text = '';
    this.n = 0;
    this.settled = undefined;
  }
}
