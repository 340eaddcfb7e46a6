/**
 * Cell values as the reader needs them: text and numbers, also numbers typed as text with a
 * decimal comma or point and thousands separators (`1.234,56`, `1,234.56`, `2,5`), a currency or unit beside them.
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

/**
 * A number in text: the last of `.` and `,` is the decimal separator when both occur; a single kind of
 * separator is a thousands separator only when it repeats or groups exactly three digits after a leading group
 * of one to three (`1.234.567`, `12,500` stays 12.5 — a decimal comma, as German sheets write it). Text beside
 * the number (a currency, a unit) is ignored. Returns undefined when there is no number.
 */
export function parseNumberText(text: string): number | undefined {
  const m = /^[^\d+\-−]*([+\-−]?)\s*(\d[\d.,'\u00a0\u202f ]*)/.exec(text.trim());
  if (!m) return undefined;
  let digits = m[2].replace(/[\s'\u00a0\u202f]/g, '').replace(/[.,]+$/, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    digits = digits.split(grouping).join('').replace(decimal, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const groups = digits.split(sep);
    const thousands = groups.length > 2 && groups.slice(1).every((g) => g.length === 3);
    digits = thousands ? groups.join('') : groups.length === 2 ? `${groups[0]}.${groups[1]}` : digits;
  }
  if (!/^\d+(\.\d+)?$/.test(digits)) return undefined;
  const value = Number(digits);
  return Number.isFinite(value) ? (m[1] && m[1] !== '+' ? -value : value) : undefined;
}

/** A cell's number: numbers as they are, text parsed ({@link parseNumberText}); `invalid` when text is no number. */
export function cellNumber(value: CellValue): { value?: number; invalid?: string } {
  if (typeof value === 'number') return Number.isFinite(value) ? { value } : {};
  const text = cellText(value);
  if (text === undefined) return {};
  const parsed = parseNumberText(text);
  return parsed === undefined ? { invalid: text } : { value: parsed };
}
