/**
 * Writing HTML long texts: escaping of text and attribute values, and a reusable buffer of string pieces joined once
 * per text (readers that build HTML from structured events — the GAEB DA XML and ÖNORM readers — allocate as
 * little as possible per element). Escapes per the HTML syntax (WHATWG HTML §13.1.2.6 and §13.1.4).
 */
import { detached } from './detached.js';

/** Escapes `&`, `<`, `>` for HTML text content. */
export function escapeHtmlText(s: string): string {
  if (s.indexOf('&') < 0 && s.indexOf('<') < 0 && s.indexOf('>') < 0) return s;
  let out = '';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const entity = c === 38 ? '&amp;' : c === 60 ? '&lt;' : c === 62 ? '&gt;' : undefined;
    if (entity === undefined) continue;
    out += s.slice(run, i) + entity;
    run = i + 1;
  }
  return out + s.slice(run);
}

/** Escapes `&`, `<`, `>`, `"` for a double-quoted HTML attribute value. */
export function escapeHtmlAttribute(s: string): string {
  if (s.indexOf('&') < 0 && s.indexOf('<') < 0 && s.indexOf('>') < 0 && s.indexOf('"') < 0) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An append-only list of string pieces, reused across texts and joined once per text. */
export class Pieces {
  private readonly items: string[] = [];
  private n = 0;

  push(s: string): void {
    this.items[this.n++] = s;
  }

  get empty(): boolean {
    return this.n === 0;
  }

  /** The joined text; empties the list. */
  take(): string {
    if (this.n === 0) return '';
    if (this.items.length !== this.n) this.items.length = this.n;
    // a single piece may be a cut of the parser's chunk: copied, so that the text does not keep the chunk alive
    const s = this.n === 1 ? detached(this.items[0]) : this.items.join('');
    this.n = 0;
    return s;
  }

  clear(): void {
    this.n = 0;
  }
}
