/**
 * The REB-VB 23.003 quantity take-off row ("Allgemeine Mengenberechnung", BASt; https://de.wikipedia.org/wiki/DA11)
 * as this gateway writes and reads it, in one module for both directions so that writer and reader agree. The
 * same row is a line of a REB DA11 file and the `Row` attribute of the GAEB DA XML element
 * `QDetermItem/QTakeoff` (GAEB DA XML 3.2/3.3 Lib `tgQTakeoffRow`; X31 quantity determination and `Item/QtyDeterm`
 * of the phases 81–86): 80 columns, of which columns 1–2 (record type) and 3–11 (item number) are the DA11
 * line's own and blank in `QTakeoff/@Row` (the enclosing `Item` carries the number), and the 69 characters of
 * columns 12–80 are the take-off proper (gaeb-online help "gaeb-x31-erzeugen").
 *
 * What is fixed by the schema: `tgQTakeoffRow` is an `xs:normalizedString` with the pattern
 * `" {2,2} {9,9}.{69,69}"`: exactly 80 characters, no line breaks.
 *
 * What is publicly known of REB 23.003 (https://gaeb-tools.de/was-bedeuten-die-adresse-und-fnr-in-einem-reb-aufmass/):
 * a 6-character row address = sheet number (4 digits from 0001) + row letter A–Z + index digit 0–9 (260 rows
 * per sheet), a formula number (91 = free formula), free-formula lines of at most 38 characters, a short note.
 * The positions below are this gateway's convention within those facts (the 2009 edition's DA11 layout as
 * dazi-web/reb-da11, src/Da11Writer.php writes it puts the formula number in 30–31, the expression in 32–69 and
 * the address in 70–75; a DA11 writer needs that layout, and moving `QTakeoff/@Row` to it changes written files):
 *
 * | columns | content |
 * |---|---|
 * | 1–11  | blank (schema) |
 * | 12–17 | row address `SSSSLI`, e.g. `0001A0`, consecutive over the document |
 * | 18    | blank |
 * | 19–20 | formula number `91` on the first line of a component; blank on its continuation lines |
 * | 21    | blank |
 * | 22–59 | the formula (`CalculationDto.formula`), 38 characters per line |
 * | 60    | blank |
 * | 61–80 | the description (`CalculationDto.description`), 20 characters per line |
 *
 * A component whose formula or description is longer takes continuation lines (next address, blank formula
 * number) until both are written; the reader concatenates the lines back without loss. Rows that do not follow
 * this layout (other tools, older files) are read as before: columns 1–11 = description, 12–80 = formula.
 * Columns count characters (code points), as the schema's pattern does.
 */
import { type ColumnRange, RecordBuilder, chunkColumns, columnWidth, sliceColumns } from './records.js';

export const ROW_WIDTH = 80;

/** The columns of a row in this gateway's layout (see the module comment). */
const TAKEOFF_COLUMNS = {
  /** Columns 1–11: record type and item number of a DA11 line; blank in `QTakeoff/@Row`; a foreign row's description. */
  head: [1, 11],
  address: [12, 17],
  formulaNumber: [19, 20],
  formula: [22, 59],
  description: [61, 80],
  /** Columns 12–80 of a row in another layout: its formula. */
  takeoff: [12, 80],
} as const satisfies Record<string, ColumnRange>;

/** Characters of formula per line (REB 23.003 free formula line length). */
export const FORMULA_WIDTH = columnWidth(TAKEOFF_COLUMNS.formula);
/** Characters of description per line (columns 61–80). */
export const DESCRIPTION_WIDTH = columnWidth(TAKEOFF_COLUMNS.description);
/** REB 23.003 formula number of a free formula. */
export const FREE_FORMULA = '91';
/** Rows per REB sheet: letters A–Z × index 0–9. */
const ROWS_PER_SHEET = 260;

const ADDRESS = /^ {11}(\d{4}[A-Z]\d) (\d\d| {2}) /;

/** One quantity component as the row format carries it. */
export interface TakeoffComponent {
  formula: string;
  description: string;
}

/** The REB row address of the `n`-th row (0-based) of a document: `0001A0`, `0001A1`, …, `0001Z9`, `0002A0`. */
export function rowAddress(n: number): string {
  const sheet = Math.floor(n / ROWS_PER_SHEET) + 1;
  const inSheet = n % ROWS_PER_SHEET;
  return `${String(sheet).padStart(4, '0')}${String.fromCharCode(65 + Math.floor(inSheet / 10))}${inSheet % 10}`;
}

/**
 * The rows of one component, starting at row number `first` (0-based, document-wide). Line breaks and tabs
 * become spaces (the row is one line; normalizedString); leading and trailing spaces are dropped.
 * @returns the 80-character rows, at least one
 */
export function formatTakeoffRows(component: TakeoffComponent, first: number): string[] {
  const flat = (s: string) => s.replace(/[\t\n\r]+/g, ' ').trim();
  const formula = chunkColumns(flat(component.formula), FORMULA_WIDTH);
  const description = chunkColumns(flat(component.description), DESCRIPTION_WIDTH);
  const lines = Math.max(1, formula.length, description.length);
  const rows: string[] = [];
  for (let i = 0; i < lines; i++) {
    const row = new RecordBuilder(TAKEOFF_COLUMNS, ROW_WIDTH)
      .put('address', rowAddress(first + i))
      .put('formulaNumber', i === 0 ? FREE_FORMULA : '')
      .put('formula', formula[i] ?? '')
      .put('description', description[i] ?? '');
    rows.push(row.toString());
  }
  return rows;
}

/**
 * Reads one `QTakeoff/@Row` into `components` (raw: call {@link finishTakeoff} after the last row). A row in
 * this layout with a formula number starts a component, one with a blank formula number continues the last
 * one; any other row is one component of description = columns 1–11, formula = columns 12–80.
 */
export function readTakeoffRow(row: string, components: TakeoffComponent[]): void {
  const line = row.replace(/[\t\n\r]/g, ' ');
  const cols = (c: keyof typeof TAKEOFF_COLUMNS) => sliceColumns(line, TAKEOFF_COLUMNS[c]);
  const m = ADDRESS.exec(line);
  if (!m || Array.from(line).length > ROW_WIDTH) {
    components.push({ description: cols('head').trim(), formula: cols('takeoff').trim() });
    return;
  }
  const formula = cols('formula').padEnd(FORMULA_WIDTH, ' ');
  const description = cols('description').padEnd(DESCRIPTION_WIDTH, ' ');
  const last = components[components.length - 1];
  if (m[2] === '  ' && last) {
    last.formula += formula;
    last.description += description;
  } else components.push({ formula, description });
}

/** Trims what {@link readTakeoffRow} collected: the components as `CalculationDto`s (empty description left out). */
export function finishTakeoff(components: readonly TakeoffComponent[]): { formula: string; description?: string }[] {
  return components.map((c) => {
    const description = c.description.trim();
    const formula = c.formula.trim();
    return description === '' ? { formula } : { description, formula };
  });
}
