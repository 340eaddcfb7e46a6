/**
 * Fixed-width record files, whatever the format (GAEB 90, the REB-VB 23.003 take-off row; SIA 451, REB DA11 and
 * ÖNORM B 2063 to come): record lines, fields by 1-based inclusive columns, numbers with implied decimals, a
 * record built column by column, the character set of a DOS / Windows code page, and word wrap to a column width.
 *
 * A column is one character (one Unicode code point), so a field never splits a surrogate pair; in the 8-bit
 * code pages of these formats a character is also one byte. Format-specific column tables stay with the format.
 */
import iconv from 'iconv-lite';
import { D } from '../model/decimal.js';

/** A field's columns `[from, to]`: 1-based and inclusive, as the formats' layout tables number them. */
export type ColumnRange = readonly [from: number, to: number];

/** Width of a field in characters. */
export const columnWidth = ([from, to]: ColumnRange): number => to - from + 1;

const SURROGATE = /[\uD800-\uDFFF]/;

/** The characters in columns `from`–`to` of a record (untrimmed; shorter or empty when the record ends before). */
export function sliceColumns(record: string, [from, to]: ColumnRange): string {
  if (!SURROGATE.test(record)) return record.slice(from - 1, to);
  return Array.from(record).slice(from - 1, to).join('');
}

/** Cuts a text into pieces of `width` characters (the last one shorter); none for ''. */
export function chunkColumns(text: string, width: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += width) out.push(chars.slice(i, i + width).join(''));
  return out;
}

/**
 * A record being written: `length` blanks filled field by field (left-aligned, one character per column), each
 * value cut at its field's end and at the record's end.
 * @typeParam C the field names of the format's column table
 */
export class RecordBuilder<C extends string> {
  private text: string;
  /** The text holds a character outside the BMP: columns are no longer UTF-16 units. */
  private astral = false;

  /**
   * @param columns the format's column table (field name → {@link ColumnRange})
   * @param length  columns of the record (or of the part this builder fills)
   */
  constructor(private readonly columns: Readonly<Record<C, ColumnRange>>, readonly length: number) {
    this.text = ' '.repeat(length);
  }

  /** Writes `value` left-aligned into field `c`, cut to the field's width. */
  put(c: C, value: string): this {
    const range = this.columns[c];
    return this.putAt(range[0], columnWidth(range), value);
  }

  /** Writes `value` left-aligned into `width` columns from column `from` (1-based), e.g. for repeated fields. */
  putAt(from: number, width: number, value: string): this {
    if (!this.astral && !SURROGATE.test(value)) {
      // One column per UTF-16 unit: the common case, without splitting into characters.
      const n = Math.min(value.length, width, this.length - (from - 1));
      if (n > 0) this.text = this.text.slice(0, from - 1) + value.slice(0, n) + this.text.slice(from - 1 + n);
      return this;
    }
    this.astral = true;
    const cells = Array.from(this.text);
    const chars = Array.from(value);
    const n = Math.min(chars.length, width, this.length - (from - 1));
    for (let i = 0; i < n; i++) cells[from - 1 + i] = chars[i];
    this.text = cells.join('');
    return this;
  }

  /** The record text, exactly `length` characters. */
  toString(): string {
    return this.text;
  }
}

/**
 * The lines of a decoded record file: CRLF, LF or CR end a line; a DOS end-of-file mark (U+001A, byte 0x1A) ends
 * the file; trailing blank lines are dropped.
 */
export function splitRecordLines(text: string): string[] {
  const eof = text.indexOf('\x1a');
  const lines = (eof >= 0 ? text.slice(0, eof) : text).split(/\r\n|\n|\r/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines;
}

/**
 * An unsigned digit field with `decimals` implied decimals (`000012500` with 3 → 12.5) and its sign column
 * (`-` negative, blank positive).
 * @returns the number, or undefined for a blank field; NaN when the field holds something else than digits
 */
export function parseImplied(digits: string, decimals: number, sign = ' '): number | undefined {
  const t = digits.trim();
  if (t === '') return undefined;
  if (!/^\d+$/.test(t)) return Number.NaN;
  const value = new D(t).dividedBy(new D(10).pow(decimals));
  return (sign.trim() === '-' ? value.negated() : value).toNumber();
}

/**
 * Formats a number as an implied-decimal digit field of `width` characters, rounded half up (away from zero) to
 * `decimals`.
 * @returns sign (' ' or '-'; a value that rounds to zero is never negative) and zero-filled digits, or undefined
 *   when the value does not fit the width
 */
export function formatImplied(value: number, width: number, decimals: number): { sign: string; digits: string } | undefined {
  const d = new D(value).toDecimalPlaces(decimals, D.ROUND_HALF_UP);
  const digits = d.abs().times(new D(10).pow(decimals)).toFixed(0);
  if (digits.length > width) return undefined;
  return { sign: d.isNegative() && !d.isZero() ? '-' : ' ', digits: digits.padStart(width, '0') };
}

/**
 * The 8-bit code pages of the record formats, by their iconv-lite name: `cp850` (DOS Latin-1: GAEB 90, REB
 * DA11) and `windows-1252` (GAEB 2000 `[Zeichensatz]ANSI`). Tables: https://www.unicode.org/Public/MAPPINGS/VENDORS/MICSFT/.
 */
export type CodePage = 'cp850' | 'windows-1252';

const codePageSets = new Map<CodePage, ReadonlySet<string>>();

/**
 * The characters a code page can encode: all 256 bytes decoded, keeping what encodes back to the same byte
 * (Windows-1252 leaves 0x81, 0x8D, 0x8F, 0x90, 0x9D undefined; they decode to U+FFFD, which it cannot hold).
 */
export function codePageChars(codePage: CodePage): ReadonlySet<string> {
  let set = codePageSets.get(codePage);
  if (!set) {
    const all = Array.from(iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, i) => i)), codePage));
    set = new Set(all.filter((ch, byte) => iconv.encode(ch, codePage)[0] === byte && ch !== '\uFFFD'));
    codePageSets.set(codePage, set);
  }
  return set;
}

/** Typographic characters and their nearest plain spelling, used where a code page cannot hold them. */
const NEAREST: Readonly<Record<string, string>> = {
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u201e': '"', '\u201c': '"', '\u201d': '"', '\u201a': "'", '\u2018': "'",
  '\u2019': "'", '\u2026': '...', '\u20ac': 'EUR', '\u2022': '*', '\u00ad': '',
};

const ASCII = /^[\x00-\x7F]*$/;

/** A text made writable in a code page, and what was replaced. */
export interface CodePageText {
  text: string;
  /** The distinct characters the code page cannot hold, in order of first appearance ('' = none). */
  replaced: string;
}

/**
 * Replaces each character `codePage` cannot hold by its nearest spelling the code page holds (`–` → `-`,
 * `€` → `EUR`, soft hyphen → nothing) or else by `?`, and says which characters were replaced, for the
 * writer's message. ASCII is held by both code pages and passes unchanged.
 */
export function toCodePage(text: string, codePage: CodePage): CodePageText {
  if (ASCII.test(text)) return { text, replaced: '' };
  const chars = codePageChars(codePage);
  // The common case, a text the code page holds whole, is checked without building a copy.
  let held = 0;
  for (const ch of text) {
    if (!chars.has(ch)) break;
    held += ch.length;
  }
  if (held === text.length) return { text, replaced: '' };
  let out = text.slice(0, held);
  let replaced = '';
  for (const ch of text.slice(held)) {
    if (chars.has(ch)) {
      out += ch;
      continue;
    }
    const nearest = NEAREST[ch];
    out += nearest !== undefined && Array.from(nearest).every((c) => chars.has(c)) ? nearest : '?';
    if (!replaced.includes(ch)) replaced += ch;
  }
  return { text: out, replaced };
}

/**
 * Wraps a text at blanks to lines of at most `width` characters; runs of blanks collapse, a word longer than
 * the width is cut into pieces of the width (`split` true).
 */
export function wrapWords(text: string, width: number): { lines: string[]; split: boolean } {
  const lines: string[] = [];
  let split = false;
  let line = '';
  let lineLength = 0;
  for (const whole of text.split(' ')) {
    if (whole === '') continue;
    let word = whole;
    let wordLength = Array.from(word).length;
    if (wordLength > width) {
      split = true;
      if (line) { lines.push(line); line = ''; lineLength = 0; }
      const pieces = chunkColumns(word, width);
      word = pieces.pop()!;
      lines.push(...pieces);
      wordLength = Array.from(word).length;
    }
    if (!line) { line = word; lineLength = wordLength; }
    else if (lineLength + 1 + wordLength <= width) { line += ` ${word}`; lineLength += 1 + wordLength; }
    else { lines.push(line); line = word; lineLength = wordLength; }
  }
  if (line) lines.push(line);
  return { lines, split };
}
