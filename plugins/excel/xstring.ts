/**
 * Texts in SpreadsheetML cells are ST_Xstring (ECMA-376 Part 1 §22.9.2.19): a character XML 1.0 cannot carry
 * (the C0 controls other than tab, line feed and carriage return; XML 1.0 §2.2 Char) is written `_xHHHH_` with its
 * UTF-16 code in hex, and an underscore that would start such a sequence literally is written `_x005F_`. Excel
 * writes and reads texts this way; a part holding a raw control character is not well-formed XML.
 */

/** The characters XML 1.0 does not allow in a document (the C0 controls but tab, LF and CR). */
const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const ESCAPE_LIKE = /_(x[0-9A-Fa-f]{4}_)/g;
const ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

const hex = (c: string): string => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;

/** A text as a cell holds it: control characters escaped, escape-like sequences protected. */
export function encodeXstring(text: string): string {
  let out = text.includes('_x') ? text.replace(ESCAPE_LIKE, '_x005F_$1') : text;
  CONTROL.lastIndex = 0;
  if (CONTROL.test(out)) out = out.replace(CONTROL, hex);
  return out;
}

/** A cell's text with its escapes decoded (`_x000D_` → CR; `_x005F_` is the underscore itself). */
export const decodeXstring = (text: string): string =>
  text.includes('_x') ? text.replace(ESCAPE, (_, code: string) => String.fromCharCode(parseInt(code, 16))) : text;

/**
 * An XML part's text with raw control characters (which other writers, and this gateway before, put into texts)
 * turned into their escapes, so that a strict parser reads the part and the texts keep the characters.
 */
export function withControlsEscaped(xml: string): string {
  CONTROL.lastIndex = 0;
  return CONTROL.test(xml) ? xml.replace(CONTROL, hex) : xml;
}
