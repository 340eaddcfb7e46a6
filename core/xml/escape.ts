/**
 * The one XML escaping module: text and attribute escaping, and the characters XML 1.0 forbids.
 *
 * XML 1.0 (Fifth Edition) §2.2 production [2] `Char` allows #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] |
 * [#x10000-#x10FFFF]. Everything else (C0 controls except TAB/LF/CR, U+FFFE, U+FFFF, and UTF-16 surrogates that
 * are not part of a pair) cannot appear in a document, not even as a character reference. Writers either remove
 * such characters (option `RemoveUnprintableCharactersFromTexts`) or refuse the text (XML 1.0 §2.2 "Char";
 * two popular builders let U+000B through and produce files no parser accepts).
 */

/** Matches one character XML 1.0 forbids (global; reset `lastIndex` or use the helpers below). */
const INVALID_XML_CHARS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const INVALID_XML_CHAR = new RegExp(INVALID_XML_CHARS.source);

const TEXT_SPECIAL = /[&<>\r]/;
const ATTR_SPECIAL = /[&<>"\t\n\r]/;
/** One scan for the common case: nothing to escape and nothing to remove. */
const TEXT_FAST = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ATTR_FAST = /[&<>"\t\n\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** A character XML 1.0 forbids, as found by {@link findInvalidXmlChar}. */
export interface InvalidXmlChar {
  /** UTF-16 index of the character in the string. */
  index: number;
  /** Its code point (for a lone surrogate, the surrogate's value). */
  codePoint: number;
  /** `U+000B` style label for messages. */
  label: string;
}

/** `U+000B` style label of a code point (at least four hex digits, upper case). */
export const codePointLabel = (codePoint: number): string => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Finds the first character XML 1.0 forbids.
 * @returns its position and code point, or undefined when the string is clean
 */
export function findInvalidXmlChar(value: string): InvalidXmlChar | undefined {
  const m = INVALID_XML_CHAR.exec(value);
  if (!m) return undefined;
  const codePoint = m[0].charCodeAt(0);
  return { index: m.index, codePoint, label: codePointLabel(codePoint) };
}

/** True when the string holds a character XML 1.0 forbids. */
export const hasInvalidXmlChars = (value: string): boolean => INVALID_XML_CHAR.test(value);

/** Removes every character XML 1.0 forbids (returns the same string instance when there is none). */
export function removeInvalidXmlChars(value: string): string {
  return INVALID_XML_CHAR.test(value) ? value.replace(INVALID_XML_CHARS, '') : value;
}

/**
 * Escapes character data for an element's content: `&`, `<`, `>` as entities, CR as `&#13;` (a literal CR
 * would be normalised to LF by every parser). Characters XML forbids are removed as a last safety net; writers
 * that must report them check with {@link findInvalidXmlChar} first.
 */
export function escapeText(value: string): string {
  return escapeWith(value, TEXT_FAST, TEXT_SPECIAL, TEXT_ENTITIES);
}

/**
 * Escapes an attribute value for use between double quotes: `&`, `<`, `>`, `"` as entities and TAB/LF/CR as
 * character references (attribute-value normalisation, XML 1.0 §3.3.3, would turn them into spaces).
 */
export function escapeAttr(value: string): string {
  return escapeWith(value, ATTR_FAST, ATTR_SPECIAL, ATTR_ENTITIES);
}

/** Character code → entity, for the characters each context must escape. */
const TEXT_ENTITIES: Readonly<Record<number, string>> = { 38: '&amp;', 60: '&lt;', 62: '&gt;', 13: '&#13;' };
const ATTR_ENTITIES: Readonly<Record<number, string>> = { ...TEXT_ENTITIES, 34: '&quot;', 9: '&#9;', 10: '&#10;' };

function escapeWith(value: string, fast: RegExp, special: RegExp, entities: Readonly<Record<number, string>>): string {
  if (!fast.test(value)) return value;
  const clean = removeInvalidXmlChars(value);
  if (!special.test(clean)) return clean;
  let out = '';
  let last = 0;
  for (let i = 0; i < clean.length; i++) {
    const rep = entities[clean.charCodeAt(i)];
    if (rep !== undefined) {
      out += clean.slice(last, i) + rep;
      last = i + 1;
    }
  }
  return out + clean.slice(last);
}
