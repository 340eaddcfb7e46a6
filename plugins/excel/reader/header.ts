/**
 * Finding the header row of a sheet and what each column holds: the gateway's own headers in all five cultures
 * (culture.ts) and the usual German and English names people give the columns of a bill of quantities
 * (`OZ`/`Pos.`/`Item`, `Kurztext`/`Leistungstext`/`Bezeichnung`/`Short text`, `Menge`/`Mng.`/`Quantity`,
 * `Einheit`/`Einh.`/`ME`/`Unit`, `EP`/`Einzelpreis`/`E-Preis`/`Unit price`, `GP`/`Gesamtpreis`/`G-Preis`/`Total`,
 * `Langtext`/`Long text`; the GAEB terms, GAEB DA XML 3.3 Lib: OZ = item number, EP = UP, GP = IT). Headers are
 * compared without case, accents, punctuation, blanks and hyphens, a currency in brackets and a trailing `netto`/`net`
 * (`EP netto (EUR)` = `EP`). Several item number columns (`Titel`, `Untertitel`, `Pos.`; `Level 1`, `Level 2` …)
 * are read as the parts of one item number, left to right. Header cells naming no known column are listed
 * ({@link HeaderMap.unknown}): their columns are not read.
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

/** A header as it is looked up: {@link headerKey} without blanks (`E-Preis` = `E Preis` = `EPreis`) and a trailing `netto`/`net`. */
const lookupKey = (text: string): string => headerKey(text).replace(/ (netto|net)$/, '').replace(/ /g, '');

const SYNONYMS: Record<ColumnKey, string[]> = {
  itemNumber: ['OZ', 'Pos', 'Pos.-Nr.', 'Position', 'Positionsnummer', 'Ordnungszahl', 'Lfd. Nr.', 'Item', 'Item no', 'Item number', 'Item nr', 'No', 'Nr', 'Number', 'Nummer'],
  kind: ['Kind', 'Art', 'Type', 'Typ', 'Tipo', 'Element'],
  shortText: ['Kurztext', 'Short text', 'Text', 'Bezeichnung', 'Description', 'Beschreibung', 'Leistung', 'Leistungsbeschreibung', 'Leistungstext', 'Leistungsbezeichnung', 'Positionstext', 'Kurzbezeichnung'],
  longText: ['Langtext', 'Long text', 'Long description', 'Ausführliche Beschreibung'],
  quantity: ['Menge', 'Mng', 'Quantity', 'Qty', 'Anzahl', 'LV-Menge', 'Vordersatz', 'Ausschreibungsmenge'],
  unit: ['Einheit', 'Einh', 'Unit', 'ME', 'EH', 'UoM', 'Mengeneinheit', 'Maßeinheit'],
  unitPrice: ['EP', 'Einheitspreis', 'Einzelpreis', 'E-Preis', 'Preis je Einheit', 'Unit price', 'Unit rate', 'Rate', 'Price', 'Preis'],
  total: ['GP', 'Gesamtpreis', 'G-Preis', 'Gesamt', 'Gesamtbetrag', 'Positionspreis', 'Betrag', 'Total', 'Total price', 'Amount', 'Summe'],
  id: ['ID'],
  counted: [],
  level: [],
};

/** Headers that name one part of an item number split over several columns. */
const PART_HEADER = /^(los|lot|titel|title|untertitel|subtitle|abschnitt|section|gruppe|group|hauptgruppe|obergruppe|unterposition|(oz|pos|ebene|level|stufe) ?\d)$/;

const LOOKUP = new Map<string, ColumnKey>();
for (const culture of ALL_CULTURES) for (const [key, text] of Object.entries(culture.headers)) LOOKUP.set(lookupKey(text), key as ColumnKey);
for (const [key, list] of Object.entries(SYNONYMS)) for (const text of list) if (!LOOKUP.has(lookupKey(text))) LOOKUP.set(lookupKey(text), key as ColumnKey);

export interface HeaderMap {
  /** 1-based row of the header. */
  row: number;
  /** Column of each recognised key (the first one found). */
  column: Partial<Record<ColumnKey, number>>;
  /** Columns holding the parts of the item number, left to right (one entry when it is in one column). */
  itemNumberParts: number[];
  /** Texts of the header cells that name no known column (or a column named before), left to right. */
  unknown: string[];
}

const HEADER_SEARCH_ROWS = 30;
const MAX_COLUMNS = 60;

/** Recognises a row as a header, or returns undefined. */
function headerOf(sheet: SheetCells, row: number): HeaderMap | undefined {
  const column: Partial<Record<ColumnKey, number>> = {};
  const parts: number[] = [];
  const unknown: string[] = [];
  for (let c = 1; c <= Math.min(sheet.lastColumn, MAX_COLUMNS); c++) {
    const text = cellText(sheet.value(row, c));
    if (!text) continue;
    const key = headerKey(text);
    if (PART_HEADER.test(key)) {
      parts.push(c);
      continue;
    }
    const found = LOOKUP.get(lookupKey(text));
    if (found && column[found] === undefined) column[found] = c;
    else unknown.push(text);
  }
  if (column.itemNumber !== undefined) parts.push(column.itemNumber);
  parts.sort((a, b) => a - b);
  // A BoQ names its item numbers or texts, and its quantities, units or unit prices (an overview sheet of
  // names and totals is no BoQ).
  const hasNumberOrText = parts.length > 0 || column.shortText !== undefined;
  const has = (k: ColumnKey) => column[k] !== undefined;
  const values = (['quantity', 'unit', 'unitPrice', 'total', 'shortText'] as const).filter(has).length;
  if (!hasNumberOrText || values < 2 || !(parts.length > 0 || has('quantity') || has('unit') || has('unitPrice'))) return undefined;
  return { row, column, itemNumberParts: parts, unknown };
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
