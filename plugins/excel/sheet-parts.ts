/**
 * What xlsx-populate 1.21 has no public API for, added to the worksheet parts of the package it wrote (our own
 * OOXML part handling, not the library's internals): the row outline level (`<row outlineLevel>`, ECMA-376
 * Part 1 §18.3.1.73), the outline's summary rows above their detail (`<sheetPr><outlinePr summaryBelow="0"/>`,
 * §18.3.1.82, §18.3.1.61) and the cached value of a formula cell (`<v>` after `<f>`, §18.3.1.96). The library
 * writes formulas without cached values (its README, "Formulas"), which leaves viewers that do not recalculate
 * (previews, readers of cached values) with empty totals. Also the height of a row whose texts wrap over several
 * lines (`<row ht>` without `customHeight`, row-height.ts), which the library can only write as a height set by
 * hand; the page setup of a bill of quantities (A4 landscape, every column on one page width: `<pageSetup>`
 * §18.3.1.63, `<sheetPr><pageSetUpPr fitToPage>` §18.3.1.65) and the pages' footer (sheet name, page count), which
 * the library cannot write either; and long texts of column A as inline strings (`t="inlineStr"`, §18.3.1.53) in an
 * otherwise empty sheet — the embedded project (embedded.ts), whose megabytes of text would otherwise pass through
 * the library's shared string table and XML escaping.
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
  /** Row heights in points, written without `customHeight` (row-height.ts). */
  readonly rowHeights = new Map<number, number>();
  readonly cached = new Map<string, number>();
  summaryAbove = false;
  /**
   * Printed on A4 landscape with all columns on one page width and as many pages down as the rows need, instead of
   * the default portrait pages that put item numbers, long texts and prices on three different sheets of paper.
   */
  fitToPageWidth = false;
  /**
   * The footer of the printed pages, in the header/footer formatting codes (`&L&A&RPage &P of &N`: the sheet's name
   * on the left, the page count on the right; ECMA-376 Part 1 §18.3.1.39), written with the page setup
   * (`<headerFooter><oddFooter>`) where the sheet has no header or footer yet.
   */
  footer?: string;
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

  /** The height of a row in points, one a spreadsheet program may fit again to the content (row-height.ts). */
  rowHeight(row: number, points: number): void {
    this.rowHeights.set(row, points);
  }
}

const ROW = /<row r="(\d+)"/g;
/** A formula cell as the library writes it: `<c r="H3" s="7"><f>ROUND(E3*G3,2)</f></c>`. */
const FORMULA_CELL = /<c r="([A-Z]+\d+)"([^>]*)><f>([^<]*)<\/f><\/c>/g;
/** The sheet properties element, and the tab colour that must stay before the outline properties (CT_SheetPr). */
const SHEET_PR = /<sheetPr\b([^>]*?)(\/>|>(<tabColor\b[^>]*\/>)?)/;
/** Page margins as the library or an application wrote them (CT_Worksheet: `pageSetup` follows `pageMargins`). */
const PAGE_MARGINS = /<pageMargins\b[^>]*\/>/;
/** The first element of CT_Worksheet that comes after `pageSetup` (ECMA-376 Part 1 §18.3.1.99), or the end. */
const AFTER_PAGE_SETUP = /<(?:headerFooter|rowBreaks|colBreaks|customProperties|cellWatches|ignoredErrors|smartTags|drawing|legacyDrawing|legacyDrawingHF|drawingHF|picture|oleObjects|controls|webPublishItems|tableParts|extLst)\b|<\/worksheet>/;
/** Excel's "Normal" margins (inches), written only where the sheet has none. */
const NORMAL_MARGINS = '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>';
/** A4 (paper size 9), landscape, one page wide, as many pages high as needed (`fitToHeight` 0). */
const FIT_TO_WIDTH = '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>';

/**
 * Where the parts after the cells begin (the end of `sheetData`): page margins and setup are looked for there only,
 * not through megabytes of rows.
 */
function afterCells(xml: string): number {
  const end = xml.lastIndexOf('</sheetData>');
  return end >= 0 ? end : Math.max(0, xml.lastIndexOf('<sheetData'));
}

/**
 * The tail of a worksheet after its cells (which has no page setup) with {@link FIT_TO_WIDTH} in its place, and after
 * it the footer (CT_Worksheet: `headerFooter` follows `pageSetup`) unless the sheet has a header or footer.
 */
function withPageSetup(tail: string, footer: string | undefined): string {
  const setup = footer !== undefined && !/<headerFooter\b/.test(tail)
    ? `${FIT_TO_WIDTH}<headerFooter><oddFooter>${escapeText(footer)}</oddFooter></headerFooter>`
    : FIT_TO_WIDTH;
  const margins = PAGE_MARGINS.exec(tail);
  if (margins) return `${tail.slice(0, margins.index + margins[0].length)}${setup}${tail.slice(margins.index + margins[0].length)}`;
  const after = AFTER_PAGE_SETUP.exec(tail);
  return after ? `${tail.slice(0, after.index)}${NORMAL_MARGINS}${setup}${tail.slice(after.index)}` : tail;
}

/** A worksheet part with the additions made. */
export function completeSheetXml(xml: string, add: SheetAdditions): string {
  let out = xml;
  if (add.inlineTexts.length) {
    const rows = add.inlineTexts.map((text, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${escapeText(text)}</t></is></c></row>`);
    out = out.replace(/<sheetData\/>/, () => `<sheetData>${rows.join('')}</sheetData>`);
  }
  if (add.outlineLevels.size || add.rowHeights.size) {
    out = out.replace(ROW, (tag, r: string) => {
      const level = add.outlineLevels.get(Number(r));
      const height = add.rowHeights.get(Number(r));
      return `${tag}${level === undefined ? '' : ` outlineLevel="${level}"`}${height === undefined ? '' : ` ht="${height}"`}`;
    });
  }
  if (add.cached.size) {
    out = out.replace(FORMULA_CELL, (cell, ref: string, attributes: string, formula: string) => {
      const value = add.cached.get(ref);
      return value === undefined ? cell : `<c r="${ref}"${attributes}><f>${formula}</f><v>${value}</v></c>`;
    });
  }
  // the page setup goes after the cells; one already there (none from the library) is left as it is, and so is
  // its fitting
  const at = afterCells(out);
  const tail = out.slice(at);
  const fit = add.fitToPageWidth && !/<pageSetup\b/.test(tail);
  if (fit) out = out.slice(0, at) + withPageSetup(tail, add.footer);
  // CT_SheetPr: tabColor, outlinePr, pageSetUpPr
  const properties = `${add.summaryAbove ? '<outlinePr summaryBelow="0"/>' : ''}${fit ? '<pageSetUpPr fitToPage="1"/>' : ''}`;
  if (properties) {
    if (SHEET_PR.test(out)) {
      out = out.replace(SHEET_PR, (_, attributes: string, end: string, tabColor: string | undefined) =>
        end === '/>' ? `<sheetPr${attributes}>${properties}</sheetPr>` : `<sheetPr${attributes}>${tabColor ?? ''}${properties}`);
    } else {
      out = out.replace(/(<worksheet\b[^>]*>)/, `$1<sheetPr>${properties}</sheetPr>`);
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
