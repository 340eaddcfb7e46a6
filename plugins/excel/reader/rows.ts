/**
 * The rows of one sheet under its header (header.ts), as records: what each row states, in sheet order. Empty rows
 * and the total rows the writer adds (texts `Total`, `Summe` … without item number or id) are left out.
 */
import { ALL_CULTURES, type KindKey, type MarkerKey } from '../culture.js';
import { cellLongText, cellNumber, cellText } from './cells.js';
import type { HeaderMap } from './header.js';
import type { CellValue, SheetCells } from './sheet-xml.js';

export interface SheetRow {
  /** 1-based row number in the sheet. */
  row: number;
  id?: string;
  itemNumber?: string;
  kind?: KindKey;
  markers: MarkerKey[];
  shortText?: string;
  longText?: string;
  quantity?: number;
  /** The quantity cell's formula without `=`, when it has one. */
  quantityFormula?: string;
  unit?: string;
  unitPrice?: number;
  total?: number;
  /** Hierarchy level from the hidden level column (0 = top). */
  level?: number;
  /** Texts found where numbers belong: column header → text. */
  invalidNumbers: string[];
}

const KIND_WORDS: [string, KindKey][] = ALL_CULTURES.flatMap((c) => Object.entries(c.kinds).map(([k, word]) => [word.toLowerCase(), k as KindKey] as [string, KindKey]));
const MARKER_WORDS: [string, MarkerKey][] = ALL_CULTURES.flatMap((c) => Object.entries(c.markers).map(([k, word]) => [word.toLowerCase(), k as MarkerKey] as [string, MarkerKey]));
const TOTAL_WORDS = new Set(ALL_CULTURES.flatMap((c) => [c.total.toLowerCase(), c.totalAfterDeduction.toLowerCase()]));

/** The kind and markers of a kind cell (`Position (optional, lump sum)`), in any culture. */
function parseKind(text: string | undefined): { kind?: KindKey; markers: MarkerKey[] } {
  if (!text) return { markers: [] };
  const lower = text.toLowerCase();
  const kind = KIND_WORDS.filter(([w]) => lower.startsWith(w)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];
  const inner = /\((.*)\)/.exec(lower)?.[1] ?? '';
  const markers = inner.split(',').map((m) => m.trim()).flatMap((m) => MARKER_WORDS.filter(([w]) => w === m).map(([, k]) => k));
  return { kind, markers: [...new Set(markers)] };
}

/**
 * The item number of a row: one column, or the non-empty parts of several joined with `.`; a number as its number
 * format shows it when that has fixed digits (`1.10` in `0.00`), else in its shortest form.
 */
function itemNumberOf(sheet: SheetCells, row: number, parts: readonly number[]): string | undefined {
  const values = parts.map((c) => sheet.shown(row, c) ?? cellText(sheet.value(row, c))).filter((v): v is string => v !== undefined);
  return values.length ? values.join('.') : undefined;
}

/** Reads the data rows of a sheet under its header. */
export function readRows(sheet: SheetCells, header: HeaderMap): SheetRow[] {
  const rows: SheetRow[] = [];
  const col = header.column;
  for (const r of sheet.rowNumbers()) {
    if (r <= header.row) continue;
    const cell = (c: number | undefined): CellValue => (c === undefined ? undefined : sheet.value(r, c));
    const invalidNumbers: string[] = [];
    const number = (c: number | undefined): number | undefined => {
      const parsed = cellNumber(cell(c));
      if (parsed.invalid !== undefined) invalidNumbers.push(parsed.invalid);
      return parsed.value;
    };
    const { kind, markers } = parseKind(cellText(cell(col.kind)));
    const record: SheetRow = {
      row: r,
      id: cellText(cell(col.id)),
      itemNumber: itemNumberOf(sheet, r, header.itemNumberParts),
      kind,
      markers,
      shortText: cellLongText(cell(col.shortText)),
      longText: cellLongText(cell(col.longText)),
      quantity: number(col.quantity),
      quantityFormula: col.quantity === undefined ? undefined : sheet.formula(r, col.quantity),
      unit: cellText(cell(col.unit)),
      unitPrice: number(col.unitPrice),
      total: number(col.total),
      level: number(col.level),
      invalidNumbers,
    };
    const empty = record.id === undefined && record.itemNumber === undefined && record.shortText === undefined && record.longText === undefined
      && record.quantity === undefined && record.unitPrice === undefined && record.unit === undefined;
    const totalRow = record.id === undefined && record.itemNumber === undefined && record.kind === undefined
      && record.shortText !== undefined && TOTAL_WORDS.has(record.shortText.toLowerCase());
    if (!empty && !totalRow) rows.push(record);
  }
  return rows;
}
