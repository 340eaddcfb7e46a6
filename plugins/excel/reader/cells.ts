/**
 * Cell values as the reader needs them: text and numbers, also numbers typed as text with a
 * decimal comma or point and thousands separators (`1.234,56`, `1,234.56`, `2,5`), a currency or unit beside them
 * ({@link parseNumberText}: what is accepted).
 */
import type { CellValue } from './sheet-xml.js';

/** A cell's text, trimmed; undefined when empty. Numbers are given in their shortest form. */
export function cellText(value: CellValue): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** A cell's text without trimming inner line breaks (long texts). */
export function cellLongText(value: CellValue): string | undefined {
  if (typeof value !== 'string') return cellText(value);
  const trimmed = value.replace(/\r\n?/g, '\n').trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Text that may stand before a number: a currency or a word (`EUR`, `€`, `ca.`), no digits, signs or symbols like `#`. */
const PREFIX = /^[\p{L}\p{Sc}\s.:]*$/u;
/** Text that may stand after a number: a currency or unit (`€`, `m²`, `€/m²`, `,-`), no ASCII digits (`1e3`, `1/2`). */
const SUFFIX = /^[^0-9]*$/;

/**
 * A number in text: an optional sign (`+`, `-`, `−`), digits with an optional decimal part, in German or English
 * notation with optional thousands separators (`.` `,` `'` or a blank): the last of `.` and `,` is the decimal
 * separator when both occur; a single kind of separator is a thousands separator only when it repeats or groups
 * exactly three digits after a leading group of one to three (`1.234.567`, `12,500` stays 12.5 — a decimal comma,
 * as German sheets write it); `'` and blanks only group thousands (`1'250.00`, `12 500`). A currency or word may
 * stand before it (`EUR 3,10`) and a currency or unit after it (`187,45 €`, `-4,5 m²`). Anything else is no
 * number: returns undefined for `1/2`, `1e3`, `2024-01-31`, `#DIV/0!`, `1.2.3`, `abc`.
 */
export function parseNumberText(text: string): number | undefined {
  const m = /^(.*?)([+\-−]?)\s*(\d[\d.,'\u00a0\u202f ]*)(.*)$/su.exec(text.trim());
  if (!m || !PREFIX.test(m[1]) || !SUFFIX.test(m[4])) return undefined;
  const groups = m[3].trim().split(/['\u00a0\u202f ]+/);
  if (groups.length > 1 && !groups.slice(1).every((g) => /^\d{3}([.,]\d*)?$/.test(g))) return undefined;
  let digits = groups.join('').replace(/[.,]+$/, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    digits = digits.split(grouping).join('').replace(decimal, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = digits.split(sep);
    const thousands = parts.length > 2 && parts.slice(1).every((g) => g.length === 3);
    digits = thousands ? parts.join('') : parts.length === 2 ? `${parts[0]}.${parts[1]}` : digits;
  }
  if (!/^\d+(\.\d+)?$/.test(digits)) return undefined;
  const value = Number(digits);
  return Number.isFinite(value) ? (m[2] && m[2] !== '+' ? -value : value) : undefined;
}

/**
 * A cell's number: numbers as they are, text parsed ({@link parseNumberText}); `invalid` (the text) when text is
 * no number — also an error value (`#DIV/0!`, `#N/A`, an error cell `t="e"`) or a boolean.
 */
export function cellNumber(value: CellValue): { value?: number; invalid?: string } {
  if (typeof value === 'number') return Number.isFinite(value) ? { value } : {};
  const text = cellText(value);
  if (text === undefined) return {};
  const parsed = parseNumberText(text);
  return parsed === undefined ? { invalid: text } : { value: parsed };
}
