/**
 * The take-off line of REB-VB 23.003 (2009 edition; the 1979 edition's lines use the same columns): a DA11 record
 * `11` and, with columns 1–11 blank, the `QTakeoff/@Row` of GAEB DA XML X31 (GAEB DA XML 3.2/3.3 Lib
 * `tgQTakeoffRow`: two blanks, nine blanks, 69 characters). 80 columns, 1-based, as two independent public
 * implementations read and write them (dazi-web/reb-da11 `src/Da11Writer.php`, Daniel-Jorg-Schuppelius/
 * php-erechnung-toolkit `src/Helper/Gaeb/GaebTakeoffRecord.php`), both citing REB-VB 23.003 Ausgabe 2009 (BASt):
 *
 * | columns | field |
 * |---|---|
 * | 1–2 | record type `11` (blank in X31) |
 * | 3–11 | item number (OZ), laid out by the OZ mask (blank in X31) |
 * | 12 | subtotal index |
 * | 13 | flag: blank, `*` comment, `H` helper value, `E` result, `Z` subtotal, `P` position total, `S` estimated quantity |
 * | 14–22 | explanation (a `*` line's text runs from 14 to 69) |
 * | 23 | sign of the factor (`-` = deduction) |
 * | 24–29 | factor, 3 implied decimals, blank = 1 |
 * | 30–31 | formula number (`91` = free formula) |
 * | 32–40, 41–47, 48–54, 55–61, 62–68 | value fields of a standard formula, right-aligned, 3 implied decimals |
 * | 32–69 | formula 91: 38 characters of the expression, the last line ending with `=` |
 * | 70–75 | row address: sheet (4 digits) + row letter A–Z + index digit 0–9 |
 */
import { type ColumnRange, RecordBuilder, sliceColumns } from '../../../core/text/records.js';

export const LINE_WIDTH = 80;

export const LINE_COLUMNS = {
  recordType: [1, 2],
  oz: [3, 11],
  subtotalIndex: [12, 12],
  flag: [13, 13],
  explanation: [14, 22],
  sign: [23, 23],
  factor: [24, 29],
  formulaNumber: [30, 31],
  body: [32, 69],
  comment: [14, 69],
  address: [70, 75],
} as const satisfies Record<string, ColumnRange>;

/** The value fields of a standard formula (columns 32–68). */
export const VALUE_FIELDS: readonly ColumnRange[] = [[32, 40], [41, 47], [48, 54], [55, 61], [62, 68]];

/** Characters of free-formula expression per line (columns 32–69). */
export const EXPRESSION_WIDTH = 38;
/** Characters of explanation (columns 14–22). */
export const EXPLANATION_WIDTH = 9;
/** Characters of a comment line's text (columns 14–69). */
export const COMMENT_WIDTH = 56;
/** The free formula's number. */
export const FREE_FORMULA = '91';

/** The flags of column 13. */
export const FLAGS = ['*', 'H', 'E', 'Z', 'P', 'S'] as const;
export type RebFlag = (typeof FLAGS)[number];

/** A row address: sheet 0001–9999, row letter, index digit. */
export const ADDRESS_PATTERN = /^\d{4}[A-Z]\d$/;

/** One take-off line, its fields trimmed (the expression body is kept untrimmed on the right for continuation). */
export interface RebLine {
  oz: string;
  flag: string;
  explanation: string;
  deduction: boolean;
  /** Columns 24–29 as digits (3 implied decimals), '' = 1. */
  factor: string;
  formulaNumber: string;
  /** Columns 32–69 (a comment line: 14–69), trimmed. */
  body: string;
  /** The value fields of a standard formula, trimmed, blanks left out at the end. */
  values: string[];
  address: string;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Reads one line (80 columns or fewer; a line ending early has blank columns). */
export function parseLine(text: string): RebLine {
  // one column per UTF-16 unit unless the line holds a character outside the BMP (checked once per line)
  const slice = SURROGATE.test(text) ? (r: ColumnRange) => sliceColumns(text, r) : (r: ColumnRange) => text.slice(r[0] - 1, r[1]);
  const col = (c: keyof typeof LINE_COLUMNS) => slice(LINE_COLUMNS[c]);
  const flag = col('flag').trim();
  const values = flag === '*' ? [] : VALUE_FIELDS.map((f) => slice(f).trim());
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  return {
    oz: col('oz'),
    flag,
    explanation: flag === '*' ? '' : col('explanation').trim(),
    deduction: col('sign') === '-',
    factor: col('factor').trim(),
    formulaNumber: flag === '*' ? '' : col('formulaNumber').trim(),
    body: (flag === '*' ? col('comment') : col('body')).trim(),
    values,
    address: col('address').trim(),
  };
}

/** What {@link formatLine} writes: the fields of one line, columns 1–2 and 3–11 given by the caller ('' in X31). */
export interface LineFields {
  recordType: string;
  oz: string;
  flag?: string;
  explanation?: string;
  deduction?: boolean;
  factor?: string;
  formulaNumber?: string;
  /** Free-formula text or comment text. */
  body?: string;
  /** Value fields of a standard formula (written right-aligned; `body` is then ignored). */
  values?: readonly string[];
  address?: string;
}

/** One 80-column line. Fields longer than their columns are cut (callers check widths first). */
export function formatLine(f: LineFields): string {
  const b = new RecordBuilder(LINE_COLUMNS, LINE_WIDTH).put('recordType', f.recordType).put('oz', f.oz);
  b.put('flag', f.flag ?? '');
  if (f.flag === '*') return b.put('comment', f.body ?? '').toString();
  b.put('explanation', f.explanation ?? '').put('sign', f.deduction ? '-' : '');
  b.put('factor', (f.factor ?? '').padStart(6, ' ')).put('formulaNumber', f.formulaNumber ?? '');
  if (f.values) {
    f.values.forEach((v, i) => {
      const range = VALUE_FIELDS[i];
      if (range) b.putAt(range[0], range[1] - range[0] + 1, v.padStart(range[1] - range[0] + 1, ' '));
    });
  } else b.put('body', f.body ?? '');
  return b.put('address', f.address ?? '').toString();
}
