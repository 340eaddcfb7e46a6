/**
 * The cells of SpreadsheetML parts read as a stream (saxes), without a document tree: the shared string table
 * (`xl/sharedStrings.xml`, ECMA-376 Part 1 §18.4: `<si>` of plain `<t>` or rich-text runs `<r><t>`, phonetic
 * runs `<rPh>` left out) and a worksheet's `<sheetData>` (§18.3.1.80): each `<c>` (§18.3.1.4) with its type
 * attribute `t` (`s` shared string, `inlineStr` with `<is>`, `str` formula text, `b` boolean, `e` error, `d` ISO
 * date, `n` or none a number), its formula `<f>` (§18.3.1.40; a shared formula's followers, `<f t="shared"
 * si="…"/>`, take the text of the cell that defines it) and its cached value `<v>`. Hidden columns and rows are
 * read like the others. Texts have their ST_Xstring escapes decoded (`_x000D_` → CR, §22.9.2.19; xstring.ts), and
 * raw control characters, which make a part not well-formed, are read as if escaped. Row numbers (`<row r>`, also
 * counted on from the row before) must be integers from 1 to {@link LAST_ROW} and columns (the letters of `<c r>`,
 * also counted on) from 1 to {@link LAST_COLUMN} (`XFD`): Excel's limits (Excel specifications and limits,
 * https://support.microsoft.com/office/1672b34d-7043-467e-8e27-269d656771c3); a sheet beyond them is refused.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { decodeXstring, withControlsEscaped } from '../xstring.js';

/** Excel's last row and last column (`XFD`). */
export const LAST_ROW = 1_048_576;
export const LAST_COLUMN = 16_384;

/** A cell's value: text, number or boolean; undefined when the cell is empty. */
export type CellValue = string | number | boolean | undefined;

interface CellRow {
  values: CellValue[];
  formulas?: (string | undefined)[];
  /** The style index (`s`) of the number cells that have one. */
  styles?: (string | undefined)[];
}

/** How a number cell's style shows it (`s`: the cell's style index), when that matters to the reader; else undefined. */
export type ShownNumber = (value: number, style: string) => string | undefined;

/** The cells of one worksheet, by 1-based row and column. */
export class SheetCells {
  /** The last row and column holding a value or a formula (0 when there is none). */
  lastRow = 0;
  lastColumn = 0;
  private readonly rows = new Map<number, CellRow>();

  /** @param show how a styled number cell shows ({@link shown}), asked only for the cells a reader asks about */
  constructor(private readonly show?: ShownNumber) {}

  /** The numbers of the rows holding a value or a formula, ascending. */
  rowNumbers(): number[] {
    return [...this.rows.keys()].sort((a, b) => a - b);
  }

  value(row: number, column: number): CellValue {
    return this.rows.get(row)?.values[column];
  }

  /** A number cell's text as its number format shows it ({@link ShownNumber}), or undefined. */
  shown(row: number, column: number): string | undefined {
    const r = this.rows.get(row);
    const value = r?.values[column];
    const style = r?.styles?.[column];
    return typeof value === 'number' && style !== undefined && this.show ? this.show(value, style) : undefined;
  }

  /** The cell's formula without `=`, or undefined. */
  formula(row: number, column: number): string | undefined {
    return this.rows.get(row)?.formulas?.[column];
  }

  /** @param style the cell's style index (`s`), kept for a number ({@link shown}) */
  set(row: number, column: number, value: CellValue, formula: string | undefined, style?: string): void {
    let r = this.rows.get(row);
    if (!r) this.rows.set(row, (r = { values: [] }));
    r.values[column] = value;
    if (formula !== undefined) (r.formulas ??= [])[column] = formula;
    if (style !== undefined && typeof value === 'number') (r.styles ??= [])[column] = style;
    if (row > this.lastRow) this.lastRow = row;
    if (column > this.lastColumn) this.lastColumn = column;
  }
}

/** The local name of a tag (`x:c` → `c`: some writers prefix the main namespace). */
const local = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

interface Handlers {
  open(name: string, attributes: Record<string, string>): void;
  text(text: string): void;
  close(name: string): void;
}

/**
 * Streams an XML part through the handlers (local tag names).
 * @throws Error naming the part when it is not well-formed XML; a handler's own error as it is
 */
export function streamPart(xml: Buffer, part: string, h: Handlers): void {
  const parser = new SaxesParser({ xmlns: false, position: false });
  let handlerError: unknown;
  const guarded = <A extends unknown[]>(f: (...args: A) => void) => (...args: A) => {
    try {
      f(...args);
    } catch (err) {
      handlerError = err;
      throw err;
    }
  };
  parser.on('opentag', guarded((tag: SaxesTagPlain) => h.open(local(tag.name), tag.attributes)));
  parser.on('text', guarded((text: string) => h.text(text)));
  parser.on('closetag', guarded((tag: SaxesTagPlain) => h.close(local(tag.name))));
  try {
    parser.write(withControlsEscaped(xml.toString('utf8'))).close();
  } catch (err) {
    if (handlerError !== undefined) throw handlerError;
    throw new Error(`${part} is not well-formed XML (${(err as Error).message})`);
  }
}

/** The shared string table, in index order. */
export function readSharedStrings(xml: Buffer | undefined, part: string): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  let current = '';
  let inText = false;
  let phonetic = 0;
  streamPart(xml, part, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 't') inText = phonetic === 0;
      else if (name === 'rPh') phonetic++;
    },
    text(text) {
      if (inText) current += text;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') strings.push(decodeXstring(current));
    },
  });
  return strings;
}

/** Column number of a cell reference's letters (`AB12` → 28), or 0 when it has none. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) n = n * 26 + code - 64;
    else if (code >= 97 && code <= 122) n = n * 26 + code - 96;
    else break;
  }
  return n;
}

/** A cell's value from its type and the text of its `<v>` (or `<is>`). */
function valueOf(type: string | undefined, v: string, strings: readonly string[]): CellValue {
  switch (type) {
    case 's': {
      const text = strings[Number(v)];
      return text === undefined || text === '' ? undefined : text;
    }
    case 'inlineStr':
    case 'str':
      return v === '' ? undefined : decodeXstring(v);
    case 'b':
      return v === '' ? undefined : v === '1' || v === 'true';
    case 'e':
    case 'd':
      return v === '' ? undefined : v;
    default: {
      if (v === '') return undefined;
      const n = Number(v);
      return Number.isNaN(n) ? v : n;
    }
  }
}

/**
 * The cells of a worksheet part (`strings`: the workbook's shared strings; `sheet`: its name, for messages; `show`:
 * how styled number cells show, {@link SheetCells.shown}).
 * @throws Error naming the sheet and the value when a row or column number is beyond Excel's limits, or naming
 *   the part when it is not well-formed XML
 */
export function readSheetCells(xml: Buffer, part: string, strings: readonly string[], sheet = part, show?: ShownNumber): SheetCells {
  const cells = new SheetCells(show);
  const sharedFormulas = new Map<string, string>();
  let row = 0;
  let column = 0;
  let type: string | undefined;
  let style: string | undefined;
  let text = '';
  let formula = '';
  let sharedIndex: string | undefined;
  let hasFormula = false;
  /** What the text events feed: 0 nothing, 1 the value `<v>`, 2 an inline string's `<t>`, 3 the formula `<f>`. */
  let into = 0;
  let phonetic = 0;
  streamPart(xml, part, {
    open(name, a) {
      switch (name) {
        case 'row':
          row = a.r !== undefined ? (/^\s*\d{1,7}\s*$/.test(a.r) ? Number(a.r) : NaN) : row + 1;
          if (!(row >= 1 && row <= LAST_ROW)) {
            throw new Error(`the sheet "${sheet}" has the row number "${a.r ?? row}", which is not an integer from 1 to ${LAST_ROW.toLocaleString('en')} (Excel's limit)`);
          }
          column = 0;
          break;
        case 'c': {
          const ref = a.r;
          const c = ref !== undefined ? columnOf(ref) : 0;
          column = c > 0 ? c : column + 1;
          if (column > LAST_COLUMN) {
            throw new Error(`the sheet "${sheet}" has the cell "${ref ?? `#${column}`}" in row ${row}, beyond the last column XFD (${LAST_COLUMN.toLocaleString('en')}, Excel's limit)`);
          }
          type = a.t;
          style = a.s;
          text = '';
          formula = '';
          hasFormula = false;
          sharedIndex = undefined;
          break;
        }
        case 'v':
          into = 1;
          break;
        case 't':
          if (phonetic === 0) into = 2;
          break;
        case 'rPh':
          phonetic++;
          break;
        case 'f':
          into = 3;
          hasFormula = true;
          if (a.t === 'shared') sharedIndex = a.si;
          break;
      }
    },
    text(t) {
      if (into === 3) formula += t;
      else if (into !== 0) text += t;
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
        case 'f':
          into = 0;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          let f: string | undefined;
          if (hasFormula) {
            if (sharedIndex !== undefined) {
              if (formula !== '') sharedFormulas.set(sharedIndex, formula);
              else formula = sharedFormulas.get(sharedIndex) ?? '';
            }
            if (formula !== '') f = formula;
          }
          const value = valueOf(type, text, strings);
          if (value !== undefined || f !== undefined) cells.set(row, column, value, f, style);
          break;
        }
      }
    },
  });
  return cells;
}
