/**
 * What xlsx-populate 1.21 has no public API for, added to the worksheet parts of the package it wrote (our own
 * OOXML part handling, not the library's internals): the row outline level (`<row outlineLevel>`, ECMA-376
 * Part 1 §18.3.1.73), the outline's summary rows above their detail (`<sheetPr><outlinePr summaryBelow="0"/>`,
 * §18.3.1.82, §18.3.1.61) and the cached value of a formula cell (`<v>` after `<f>`, §18.3.1.96). The library
 * writes formulas without cached values (its README, "Formulas"), which leaves viewers that do not recalculate
 * (previews, readers of cached values) with empty totals. Also written here: long texts of column A as inline
 * strings (`t="inlineStr"`, §18.3.1.53) in an otherwise empty sheet — the embedded project (embedded.ts), whose
 * megabytes of text would otherwise pass through the library's shared string table and XML escaping.
 */
import type { Cell } from 'xlsx-populate';
import { columnLetter } from './layout.js';
import { workbookSheets } from './reader/workbook.js';

const letters: string[] = [];
/** The A1 address of a cell (the library's `address()` formats it through a slower general path). */
const addressOf = (cell: Cell): string => `${(letters[cell.columnNumber()] ??= columnLetter(cell.columnNumber()))}${cell.rowNumber()}`;

const escapeText = (text: string): string => (/[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text);

/** The additions to one sheet, collected while it is written. */
export class SheetAdditions {
  readonly outlineLevels = new Map<number, number>();
  readonly cached = new Map<string, number>();
  summaryAbove = false;
  /** Texts of column A from row 1 on, for a sheet the library left empty. */
  inlineTexts: string[] = [];

  /** Sets a formula (public API) and keeps the value its cell shows until a spreadsheet application recalculates. */
  formula(cell: Cell, formula: string, cached: number): void {
    cell.formula(formula);
    this.cached.set(addressOf(cell), cached);
  }

  /** The outline level (1–7) of a row; 0 leaves the row at the top. */
  outlineLevel(row: number, level: number): void {
    if (level > 0) this.outlineLevels.set(row, level);
  }
}

const ROW = /<row r="(\d+)"/g;
/** A formula cell as the library writes it: `<c r="H3" s="7"><f>ROUND(E3*G3,2)</f></c>`. */
const FORMULA_CELL = /<c r="([A-Z]+\d+)"([^>]*)><f>([^<]*)<\/f><\/c>/g;
/** The sheet properties element, and the tab colour that must stay before the outline properties (CT_SheetPr). */
const SHEET_PR = /<sheetPr\b([^>]*?)(\/>|>(<tabColor\b[^>]*\/>)?)/;

/** A worksheet part with the additions made. */
export function completeSheetXml(xml: string, add: SheetAdditions): string {
  let out = xml;
  if (add.inlineTexts.length) {
    const rows = add.inlineTexts.map((text, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${escapeText(text)}</t></is></c></row>`);
    out = out.replace(/<sheetData\/>/, () => `<sheetData>${rows.join('')}</sheetData>`);
  }
  if (add.outlineLevels.size) {
    out = out.replace(ROW, (tag, r: string) => {
      const level = add.outlineLevels.get(Number(r));
      return level === undefined ? tag : `${tag} outlineLevel="${level}"`;
    });
  }
  if (add.cached.size) {
    out = out.replace(FORMULA_CELL, (cell, ref: string, attributes: string, formula: string) => {
      const value = add.cached.get(ref);
      return value === undefined ? cell : `<c r="${ref}"${attributes}><f>${formula}</f><v>${value}</v></c>`;
    });
  }
  if (add.summaryAbove) {
    const outlinePr = '<outlinePr summaryBelow="0"/>';
    if (SHEET_PR.test(out)) {
      out = out.replace(SHEET_PR, (_, attributes: string, end: string, tabColor: string | undefined) =>
        end === '/>' ? `<sheetPr${attributes}>${outlinePr}</sheetPr>` : `<sheetPr${attributes}>${tabColor ?? ''}${outlinePr}`);
    } else {
      out = out.replace(/(<worksheet\b[^>]*>)/, `$1<sheetPr>${outlinePr}</sheetPr>`);
    }
  }
  return out;
}

/** Makes the additions of each named sheet in the package's parts (changed in place). */
export function completeSheets(entries: { name: string; data: Buffer }[], additions: ReadonlyMap<string, SheetAdditions>): void {
  const byName = new Map(entries.map((e) => [e.name, e]));
  for (const sheet of workbookSheets(new Map(entries.map((e) => [e.name, e.data])))) {
    const add = additions.get(sheet.name);
    const entry = byName.get(sheet.part);
    if (add && entry) entry.data = Buffer.from(completeSheetXml(entry.data.toString('utf8'), add), 'utf8');
  }
}
