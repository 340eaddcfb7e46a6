/**
 * Finding the header row of a sheet and what each column holds: the gateway's own headers in all five cultures
 * (culture.ts) and the usual German and English names people give the columns of a bill of quantities
 * (`OZ`/`Pos.`/`Item`, `Kurztext`/`Short text`, `Menge`/`Quantity`, `Einheit`/`Unit`, `EP`/`Unit price`,
 * `GP`/`Total`, `Langtext`/`Long text`; the GAEB terms, GAEB DA XML 3.3 Lib: OZ = item number, EP = UP, GP = IT).
 * Several item number columns (`Titel`, `Untertitel`, `Pos.`; `Level 1`, `Level 2` …) are read as the parts of
 * one item number, left to right.
 */
import { ALL_CULTURES, type ColumnKey } from '../culture.js';
import { cellText } from './cells.js';
import type { SheetCells } from './sheet-xml.js';

/** Header text in comparable form: lower case, no accents, no punctuation, currency in brackets dropped. */
export function headerKey(text: string): string {
  return text
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]/g, ' ')
    .replace(/[€$£]|\b(eur|euro|chf|usd)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const SYNONYMS: Record<ColumnKey, string[]> = {
  itemNumber: ['oz', 'pos', 'pos nr', 'posnr', 'position', 'positionsnummer', 'positions nr', 'ordnungszahl', 'item', 'item no', 'item number', 'item nr', 'no', 'nr', 'number', 'nummer'],
  kind: ['kind', 'art', 'type', 'typ', 'tipo', 'element'],
  shortText: ['kurztext', 'short text', 'text', 'bezeichnung', 'description', 'beschreibung', 'leistung', 'leistungsbeschreibung'],
  longText: ['langtext', 'long text', 'long description', 'ausfuhrliche beschreibung'],
  quantity: ['menge', 'quantity', 'qty', 'anzahl', 'lv menge', 'vordersatz'],
  unit: ['einheit', 'unit', 'me', 'eh', 'uom', 'mengeneinheit'],
  unitPrice: ['ep', 'e p', 'einheitspreis', 'unit price', 'rate', 'price', 'preis'],
  total: ['gp', 'g p', 'gesamtpreis', 'gesamtbetrag', 'betrag', 'total', 'total price', 'amount', 'summe'],
  id: ['id'],
  counted: [],
  level: [],
};

/** Headers that name one part of an item number split over several columns. */
const PART_HEADER = /^(los|lot|titel|title|untertitel|subtitle|abschnitt|section|gruppe|group|hauptgruppe|obergruppe|unterposition|(oz|pos|ebene|level|stufe) ?\d)$/;

const LOOKUP = new Map<string, ColumnKey>();
for (const culture of ALL_CULTURES) for (const [key, text] of Object.entries(culture.headers)) LOOKUP.set(headerKey(text), key as ColumnKey);
for (const [key, list] of Object.entries(SYNONYMS)) for (const text of list) if (!LOOKUP.has(text)) LOOKUP.set(text, key as ColumnKey);

export interface HeaderMap {
  /** 1-based row of the header. */
  row: number;
  /** Column of each recognised key (the first one found). */
  column: Partial<Record<ColumnKey, number>>;
  /** Columns holding the parts of the item number, left to right (one entry when it is in one column). */
  itemNumberParts: number[];
}

const HEADER_SEARCH_ROWS = 30;
const MAX_COLUMNS = 60;

/** Recognises a row as a header, or returns undefined. */
function headerOf(sheet: SheetCells, row: number): HeaderMap | undefined {
  const column: Partial<Record<ColumnKey, number>> = {};
  const parts: number[] = [];
  for (let c = 1; c <= Math.min(sheet.lastColumn, MAX_COLUMNS); c++) {
    const text = cellText(sheet.value(row, c));
    if (!text) continue;
    const key = headerKey(text);
    if (PART_HEADER.test(key)) {
      parts.push(c);
      continue;
    }
    const found = LOOKUP.get(key);
    if (found && column[found] === undefined) column[found] = c;
  }
  if (column.itemNumber !== undefined) parts.push(column.itemNumber);
  parts.sort((a, b) => a - b);
  // A BoQ names its item numbers or texts, and its quantities, units or unit prices (an overview sheet of
  // names and totals is no BoQ).
  const hasNumberOrText = parts.length > 0 || column.shortText !== undefined;
  const has = (k: ColumnKey) => column[k] !== undefined;
  const values = (['quantity', 'unit', 'unitPrice', 'total', 'shortText'] as const).filter(has).length;
  if (!hasNumberOrText || values < 2 || !(parts.length > 0 || has('quantity') || has('unit') || has('unitPrice'))) return undefined;
  return { row, column, itemNumberParts: parts };
}

/** The header row among the sheet's first rows: the one naming the most known columns. */
export function findHeader(sheet: SheetCells): HeaderMap | undefined {
  let best: HeaderMap | undefined;
  let bestScore = 0;
  for (let r = 1; r <= Math.min(sheet.lastRow, HEADER_SEARCH_ROWS); r++) {
    const header = headerOf(sheet, r);
    if (!header) continue;
    const score = Object.keys(header.column).length + header.itemNumberParts.length;
    if (score > bestScore) {
      best = header;
      bestScore = score;
    }
  }
  return best;
}
