/**
 * HTML output of the rich text collector: the element and attribute whitelist of the long-text convention and
 * the start tags it writes (escaping and the piece buffer are core/text/html-output.ts). Built to allocate as
 * little as possible per element: tag strings are constants and attribute values are pushed as pieces.
 */
import { tagKind } from '../../../../core/text/plain-text-sink.js';
import { Pieces, escapeHtmlAttribute } from '../../../../core/text/html-output.js';

/** Elements kept with their name in the HTML long text. */
const KEPT_ELEMENTS = ['p', 'span', 'div', 'ul', 'ol', 'li', 'table', 'tr', 'td', 'th', 'tbody', 'thead'] as const;

/** A kept element: its tag strings, whether it is a table element, and what it does to the plain text. */
export interface KeptElement {
  /** `<name` */
  open: string;
  /** `<name>` */
  openBare: string;
  /** `</name>` */
  close: string;
  table: boolean;
  /** `tagKind(name)` of the plain-text conversion. */
  plain: number;
}

const TABLE_ELEMENTS = new Set(['table', 'tr', 'td', 'th', 'tbody', 'thead']);

/** The kept elements by name (one lookup per start or end tag). */
export const KEPT: ReadonlyMap<string, KeptElement> = new Map(
  KEPT_ELEMENTS.map((name) => [
    name,
    { open: `<${name}`, openBare: `<${name}>`, close: `</${name}>`, table: TABLE_ELEMENTS.has(name), plain: tagKind(name) },
  ]),
);

/** Attributes kept on table elements besides `style` and `align` (which every element keeps). */
const TABLE_ATTRIBUTES = ['colspan', 'rowspan', 'valign', 'width', 'border', 'cellpadding'];
const ATTRIBUTE_START: Record<string, string> = Object.create(null);
for (const a of ['style', 'align', ...TABLE_ATTRIBUTES]) ATTRIBUTE_START[a] = ` ${a}="`;

function pushAttribute(out: Pieces, name: string, value: string | undefined): void {
  if (value === undefined) return;
  out.push(ATTRIBUTE_START[name]);
  out.push(escapeHtmlAttribute(value));
  out.push('"');
}

/**
 * Writes the start tag of a kept element with its kept attributes (saxes hands attributes as a prototype-less
 * object, so named lookups are cheaper than enumerating it).
 */
export function pushStartTag(out: Pieces, element: KeptElement, attrs: Record<string, string>): void {
  const style = attrs.style;
  const align = attrs.align;
  const table = element.table;
  if (style === undefined && align === undefined && !table) {
    out.push(element.openBare);
    return;
  }
  out.push(element.open);
  pushAttribute(out, 'style', style);
  pushAttribute(out, 'align', align);
  if (table) for (const a of TABLE_ATTRIBUTES) pushAttribute(out, a, attrs[a]);
  out.push('>');
}
