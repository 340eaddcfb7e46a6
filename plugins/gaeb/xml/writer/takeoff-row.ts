/**
 * The 80-column quantity take-off row of GAEB DA XML `QDetermItem/QTakeoff/@Row` (REB-VB 23.003 row format), as
 * this gateway writes and reads it. One module for both directions, so writer and reader agree.
 *
 * What is fixed by the schema: `tgQTakeoffRow` is an `xs:normalizedString` with the pattern
 * `" {2,2} {9,9}.{69,69}"` (GAEB DA XML 3.2/3.3 Lib): exactly 80 characters, columns 1–2 (record type) and 3–11
 * (item number; the enclosing `Item` carries it) blank, columns 12–80 free; no line breaks.
 *
 * What is publicly known of REB 23.003 (https://gaeb-tools.de/was-bedeuten-die-adresse-und-fnr-in-einem-reb-aufmass/ and https://de.wikipedia.org/wiki/REB-Verfahrensbeschreibung): a 6-character row address = sheet
 * number (4 digits from 0001) + row letter A–Z + index digit 0–9 (260 rows per sheet), a formula number
 * (91 = free formula), free-formula lines of at most 38 characters, a short note. The exact column positions
 * inside 12–80 are not public (ibid. "Exact column layout: not verifiable"), so the positions below are this
 * gateway's convention within those facts:
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
 */

export const ROW_WIDTH = 80;
/** Characters of formula per line (REB 23.003 free formula line length). */
export const FORMULA_WIDTH = 38;
/** Characters of description per line (columns 61–80). */
export const DESCRIPTION_WIDTH = 20;
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

/** Splits a text into chunks of `width` characters (code points, as the schema's pattern counts them). */
function chunks(text: string, width: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += width) out.push(chars.slice(i, i + width).join(''));
  return out;
}

const pad = (s: string, width: number): string => s + ' '.repeat(width - Array.from(s).length);

/**
 * The rows of one component, starting at row number `first` (0-based, document-wide). Line breaks and tabs
 * become spaces (the row is one line; normalizedString); leading and trailing spaces are dropped.
 * @returns the 80-character rows, at least one
 */
export function formatTakeoffRows(component: TakeoffComponent, first: number): string[] {
  const flat = (s: string) => s.replace(/[\t\n\r]+/g, ' ').trim();
  const formula = chunks(flat(component.formula), FORMULA_WIDTH);
  const description = chunks(flat(component.description), DESCRIPTION_WIDTH);
  const lines = Math.max(1, formula.length, description.length);
  const rows: string[] = [];
  for (let i = 0; i < lines; i++) {
    const row = `${' '.repeat(11)}${rowAddress(first + i)} ${i === 0 ? FREE_FORMULA : '  '} ${pad(formula[i] ?? '', FORMULA_WIDTH)} ${pad(description[i] ?? '', DESCRIPTION_WIDTH)}`;
    rows.push(row);
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
  const chars = Array.from(line);
  const cols = (from: number, to: number) => chars.slice(from - 1, to).join('');
  const m = ADDRESS.exec(line);
  if (!m || chars.length > ROW_WIDTH) {
    components.push({ description: cols(1, 11).trim(), formula: cols(12, ROW_WIDTH).trim() });
    return;
  }
  const formula = cols(22, 59).padEnd(FORMULA_WIDTH, ' ');
  const description = cols(61, 80).padEnd(DESCRIPTION_WIDTH, ' ');
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
