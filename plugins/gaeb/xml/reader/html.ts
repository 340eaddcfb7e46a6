/**
 * HTML output helpers of the rich text collector: escaping, the element and attribute whitelist of the
 * long-text convention, and a reusable piece buffer. Built to allocate as little as possible per element: tag
 * strings are constants, attribute values are pushed as pieces, and the buffer is joined once per text.
 */

/** Escapes `&`, `<`, `>` for HTML text content. */
export function escapeHtmlText(s: string): string {
  if (s.indexOf('&') < 0 && s.indexOf('<') < 0 && s.indexOf('>') < 0) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes `&`, `<`, `>`, `"` for a double-quoted HTML attribute value. */
export function escapeHtmlAttribute(s: string): string {
  if (s.indexOf('&') < 0 && s.indexOf('<') < 0 && s.indexOf('>') < 0 && s.indexOf('"') < 0) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Elements kept with their name in the HTML long text. */
const KEPT_ELEMENTS = ['p', 'span', 'div', 'ul', 'ol', 'li', 'table', 'tr', 'td', 'th', 'tbody', 'thead'] as const;
const OPEN: Record<string, string> = Object.create(null);
const OPEN_BARE: Record<string, string> = Object.create(null);
/** `</name>` of every kept element. */
export const CLOSE: Record<string, string> = Object.create(null);
for (const name of KEPT_ELEMENTS) {
  OPEN[name] = `<${name}`;
  OPEN_BARE[name] = `<${name}>`;
  CLOSE[name] = `</${name}>`;
}

const TABLE_ELEMENTS = new Set(['table', 'tr', 'td', 'th', 'tbody', 'thead']);
/** Attributes kept on table elements besides `style` and `align` (which every element keeps). */
const TABLE_ATTRIBUTES = ['colspan', 'rowspan', 'valign', 'width', 'border', 'cellpadding'];
const ATTRIBUTE_START: Record<string, string> = Object.create(null);
for (const a of ['style', 'align', ...TABLE_ATTRIBUTES]) ATTRIBUTE_START[a] = ` ${a}="`;

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
    const s = this.n === 1 ? this.items[0] : this.items.join('');
    this.n = 0;
    return s;
  }

  clear(): void {
    this.n = 0;
  }
}

function pushAttribute(out: Pieces, name: string, value: string | undefined): void {
  if (value === undefined) return;
  out.push(ATTRIBUTE_START[name]);
  out.push(escapeHtmlAttribute(value));
  out.push('"');
}

/**
 * Writes the start tag of a kept element with its kept attributes (saxes hands attributes as a prototype-less
 * object, so named lookups are cheaper than enumerating it).
 * @returns false when `name` is not a kept element (nothing written)
 */
export function pushStartTag(out: Pieces, name: string, attrs: Record<string, string>): boolean {
  const bare = OPEN_BARE[name];
  if (bare === undefined) return false;
  const style = attrs.style;
  const align = attrs.align;
  const table = TABLE_ELEMENTS.has(name);
  if (style === undefined && align === undefined && !table) {
    out.push(bare);
    return true;
  }
  out.push(OPEN[name]);
  pushAttribute(out, 'style', style);
  pushAttribute(out, 'align', align);
  if (table) for (const a of TABLE_ATTRIBUTES) pushAttribute(out, a, attrs[a]);
  out.push('>');
  return true;
}
