/**
 * The gateway's sheet layout (AVACloud's own is not public, so this one is ours): one header row, then the BoQ in
 * document order, one row per element. Columns: item number, kind, short text, long text (`WriteLongTexts`),
 * quantity, unit, unit price and total (`WritePrices`), then hidden columns the reader and the totals use: the
 * element id (to match a sheet sent back), the counted total (what a row adds to its parent: its total after its
 * own deduction, empty when it does not count) and the hierarchy level (0 = top).
 */
import type { ResolvedOptions } from '../../core/options/catalog.js';
import { COLUMN_KEYS, type ColumnKey } from './culture.js';

export interface Layout {
  /** Columns present, in order. */
  readonly keys: readonly ColumnKey[];
  /** 1-based column number of each present column. */
  readonly column: Readonly<Partial<Record<ColumnKey, number>>>;
  readonly prices: boolean;
  readonly longTexts: boolean;
}

const PRICE_COLUMNS: readonly ColumnKey[] = ['unitPrice', 'total', 'counted', 'level'];

/** The columns `WritePrices` and `WriteLongTexts` leave in the sheet. */
export function layoutFor(options: ResolvedOptions): Layout {
  const prices = options.WritePrices !== false;
  const longTexts = options.WriteLongTexts !== false;
  const keys = COLUMN_KEYS.filter((k) => (prices || !PRICE_COLUMNS.includes(k)) && (longTexts || k !== 'longText'));
  const column: Partial<Record<ColumnKey, number>> = {};
  keys.forEach((k, i) => (column[k] = i + 1));
  return { keys, column, prices, longTexts };
}

/** Column letters of a 1-based column number (1 → A, 27 → AA). */
export function columnLetter(n: number): string {
  let s = '';
  for (let v = n; v > 0; v = Math.floor((v - 1) / 26)) s = String.fromCharCode(65 + ((v - 1) % 26)) + s;
  return s;
}

/** Columns shown to people (the others are hidden). */
export const HIDDEN_COLUMNS: readonly ColumnKey[] = ['id', 'counted', 'level'];

/** The most characters a cell holds (Excel specifications and limits: "Total number of characters that a cell can contain: 32,767"). */
export const CELL_TEXT_LIMIT = 32_767;

/**
 * The longest sheet name Excel accepts, and the characters it refuses in one (Excel: "Rename a worksheet"), with
 * the control characters an XML attribute cannot hold.
 */
const SHEET_NAME_LIMIT = 31;
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\\x00-\x1F]/g;

/** A valid, unique sheet name for `wanted` (forbidden characters removed, at most 31 characters). */
export function sheetName(wanted: string, fallback: string, taken: Set<string>): string {
  const base = wanted.replace(SHEET_NAME_FORBIDDEN, ' ').replace(/^'+|'+$/g, '').trim().slice(0, SHEET_NAME_LIMIT) || fallback;
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()) || name.toLowerCase() === 'history'; i++) {
    const suffix = ` (${i})`;
    name = base.slice(0, SHEET_NAME_LIMIT - suffix.length) + suffix;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** A sheet name quoted for a formula reference (`'My sheet'!A1`). */
export const quotedSheet = (name: string): string => `'${name.replace(/'/g, "''")}'`;
