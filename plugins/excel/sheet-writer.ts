/**
 * One service specification as one sheet of the gateway's layout (layout.ts): a header row, one row per element
 * in document order with Excel's row outline by hierarchy level (summary rows above their detail), the totals as
 * formulas whose cached values are the recalculated ones (calculateProject): a position's total =
 * round(quantity × unit price) with the project's price accuracy and rounding mode; a row's counted total = its
 * total after its own deduction (`deductionFactor`, `absoluteDeduction`, a group's `flatSum`), empty when it does
 * not count (core/model/calculate.ts countsInTotal, groupCountsInTotal); a group's total = Σ counted totals of its
 * direct children (SUMIFS over the level column); the specification's total = Σ counted totals of level 0.
 * Frozen header row, auto filter, print titles, column widths from the content; the kind, short and long texts
 * wrap, and their rows are as high as the wrapped texts need (row-height.ts).
 */
import type { Cell, Sheet } from 'xlsx-populate';
import { countsInTotal, groupCountsInTotal } from '../../core/model/calculate.js';
import {
  isExecutionDescription, isGroup, isNoteText, isPosition, type ElementContainerBase, type ElementDto, type PositionDto,
  type PriceRoundingModeDto, type ServiceSpecificationDto,
} from '../../core/model/types.js';
import { OncePerItemReporter } from '../../core/pipeline/messages.js';
import { QUANTITY_FORMAT, type ColumnKey, type Culture, type MarkerKey } from './culture.js';
import { quantityFormula, roundFormula } from './formulas.js';
import { CELL_TEXT_LIMIT, columnLetter, HIDDEN_COLUMNS, quotedSheet, type Layout } from './layout.js';
import type { ExcelMessageCode } from './messages.js';
import { rowHeightPoints, wrappedLineCount } from './row-height.js';
import { SheetAdditions } from './sheet-parts.js';
import { encodeXstring } from './xstring.js';
import { isPlainLook, type Look, type StylePalette } from './styles.js';

/** What every sheet of one workbook shares. */
export interface SheetSettings {
  layout: Layout;
  culture: Culture;
  palette: StylePalette;
  places: number;
  rounding: PriceRoundingModeDto | undefined;
  priceFormat: string;
  unitPriceFormat: string;
  report: OncePerItemReporter<ExcelMessageCode>;
}

/** Where a written sheet's total stands (the overview sheet refers to it). */
export interface WrittenSheet {
  name: string;
  /** Address of the cell with the specification's total after deductions, e.g. `H42`; undefined without prices. */
  totalCell?: string;
  /** What the package's sheet part gets beside what the library writes (sheet-parts.ts). */
  additions: SheetAdditions;
}

const MAX_OUTLINE_LEVEL = 7;
/** Characters an indent level is counted as, for column widths and wrapped lines (generously). */
const INDENT_WIDTH = 2;
const WIDTH_LIMIT: Partial<Record<ColumnKey, number>> = { shortText: 60, longText: 80, kind: 30, itemNumber: 24 };

class SheetWriter {
  private row = 1;
  private readonly widths = new Map<ColumnKey, number>();
  /** The wrapped texts written, by row: their rows' heights follow from the final column widths (finish). */
  private readonly wrapped: { row: number; key: ColumnKey; text: string; indent: number }[] = [];
  private readonly col: Layout['column'];
  readonly additions = new SheetAdditions();

  constructor(private readonly sheet: Sheet, private readonly s: SheetSettings) {
    this.col = s.layout.column;
  }

  private letter(key: ColumnKey): string {
    return columnLetter(this.col[key]!);
  }

  private cell(r: number, key: ColumnKey): Cell | undefined {
    const c = this.col[key];
    return c === undefined ? undefined : this.sheet.cell(r, c);
  }

  private text(r: number, key: ColumnKey, value: string | undefined, look: Look, itemNumber?: string): void {
    if (!value) return;
    const cell = this.cell(r, key);
    if (!cell) return;
    let text = value;
    if (text.length > CELL_TEXT_LIMIT) {
      text = text.slice(0, CELL_TEXT_LIMIT);
      this.s.report.report('EXCEL_TEXT_SHORTENED', 'warning',
        `A text of ${value.length} characters was shortened to the ${CELL_TEXT_LIMIT} a cell can hold (column ${this.s.culture.headers[key]}).`, itemNumber);
    }
    cell.value(encodeXstring(text));
    if (!isPlainLook(look)) cell.style(this.s.palette.get(look));
    const indent = (look.indent ?? 0) * INDENT_WIDTH;
    if (look.wrap) this.wrapped.push({ row: r, key, text, indent });
    const width = Math.max(...text.split('\n', 3).map((l) => l.length)) + indent;
    if (width > (this.widths.get(key) ?? 0)) this.widths.set(key, width);
  }

  private number(r: number, key: ColumnKey, value: number | undefined, look: Look, formula?: string): void {
    if (value === undefined) return;
    const cell = this.cell(r, key);
    if (!cell) return;
    if (formula) this.additions.formula(cell, formula, value);
    else cell.value(value);
    if (!isPlainLook(look)) cell.style(this.s.palette.get(look));
  }

  header(): void {
    const { culture, palette, layout } = this.s;
    for (const key of layout.keys) {
      this.sheet.cell(1, this.col[key]!).value(culture.headers[key]).style(palette.get({ header: true }));
      this.widths.set(key, culture.headers[key].length + 2);
    }
    this.row = 2;
  }

  /**
   * The kind cell: the kind, then its markers and its own deduction in brackets (`Position (lump sum, 10 %
   * deduction)`, `Titel (entfällt)`), so a reader of the sheet sees why a total is not counted in full.
   */
  private kindText(kind: string, markers: MarkerKey[], e?: { deductionFactor?: number; absoluteDeduction?: number }): string {
    const { culture } = this.s;
    const notes = markers.map((m) => culture.markers[m]);
    const number = (v: number) => v.toLocaleString(culture.id, { maximumFractionDigits: 4 });
    if (typeof e?.deductionFactor === 'number' && e.deductionFactor !== 0) notes.push(`${number(e.deductionFactor * 100)} % ${culture.deduction}`);
    if (typeof e?.absoluteDeduction === 'number' && e.absoluteDeduction !== 0) notes.push(`${culture.deduction} ${number(e.absoluteDeduction)}`);
    return notes.length ? `${kind} (${notes.join(', ')})` : kind;
  }

  /** Writes the elements of a container, from the next free row on. */
  elements(list: readonly ElementDto[] | undefined, level: number): void {
    for (const e of list ?? []) this.element(e, level);
  }

  private element(e: ElementDto, level: number): void {
    const r = this.row++;
    this.additions.outlineLevel(r, Math.min(level, MAX_OUTLINE_LEVEL));
    const itemNumber = (e as PositionDto).itemNumber?.stringRepresentation;
    const { culture } = this.s;
    const put = (key: ColumnKey, value: string | undefined, look: Look) => this.text(r, key, value, look, itemNumber);
    const at = (key: ColumnKey) => `${this.letter(key)}${r}`;
    if (this.s.layout.prices) this.number(r, 'level', level, {});
    put('id', e.id, {});
    if (isGroup(e)) {
      const markers: MarkerKey[] = [];
      if (e.alternativeTo) markers.push('alternative');
      if (e.priceType === 'WithoutTotal') markers.push('withoutTotal');
      if (e.comissionStatus === 'Removed') markers.push('removed');
      const look: Look = { bold: true, muted: markers.length > 0 };
      put('itemNumber', itemNumber, look);
      put('kind', this.kindText(culture.kinds.group, markers, e), { ...look, wrap: true });
      put('shortText', e.shortText, { ...look, indent: level, wrap: true });
      this.elements(e.elements, level + 1);
      const last = this.row - 1;
      if (this.s.layout.prices) {
        const sum = last > r ? this.sumOfLevel(r + 1, last, level + 1) : '0';
        this.number(r, 'total', e.totalPrice ?? 0, { ...look, numberFormat: this.s.priceFormat }, sum);
        if (groupCountsInTotal(e)) this.counted(r, e, at('total'), e.totalPrice ?? 0, e.deductedPrice ?? e.totalPrice ?? 0);
      }
      return;
    }
    if (isPosition(e)) {
      const markers: MarkerKey[] = [];
      if (e.positionType === 'Alternative') markers.push('alternative');
      if (e.positionType === 'Optional') markers.push('optional');
      if (e.isLumpSum) markers.push('lumpSum');
      if (e.priceType === 'WithoutTotal') markers.push('withoutTotal');
      if (e.comissionStatus === 'Removed') markers.push('removed');
      const look: Look = { muted: e.positionType === 'Alternative' || e.positionType === 'Optional' || e.comissionStatus === 'Removed' };
      put('itemNumber', itemNumber, look);
      put('kind', this.kindText(culture.kinds.position, markers, e), { ...look, wrap: true });
      put('shortText', e.shortText, { ...look, indent: level, wrap: true });
      put('longText', e.longText, { wrap: true });
      put('unit', e.unitTag, look);
      this.positionNumbers(r, e, look, at, itemNumber);
      return;
    }
    if (isNoteText(e)) {
      put('kind', culture.kinds.note, { muted: true, wrap: true });
      put('shortText', e.shortText, { indent: level, wrap: true });
      put('longText', e.longText, { wrap: true });
      return;
    }
    if (isExecutionDescription(e)) {
      put('itemNumber', e.identifier, {});
      put('kind', culture.kinds.executionDescription, { muted: true, wrap: true });
      put('shortText', e.label ?? e.blocks?.[0]?.shortText, { indent: level, wrap: true });
      put('longText', (e.blocks ?? []).map((b) => b.longText ?? b.shortText ?? '').filter(Boolean).join('\n\n'), { wrap: true });
    }
  }

  /** Σ of the counted totals in rows `from`–`to` whose level is `level`. */
  private sumOfLevel(from: number, to: number, level: number): string {
    const counted = this.letter('counted');
    const levels = this.letter('level');
    return `SUMIFS(${counted}${from}:${counted}${to},${levels}${from}:${levels}${to},${level})`;
  }

  private positionNumbers(r: number, p: PositionDto, look: Look, at: (k: ColumnKey) => string, itemNumber?: string): void {
    const overridden = typeof p.quantityOverride === 'number';
    const qFormula = overridden ? undefined : quantityFormula(p.quantityComponents);
    if (!overridden && !qFormula && p.quantityComponents?.length) {
      this.s.report.report('EXCEL_QUANTITY_FORMULA_AS_VALUE', 'info', 'The quantity components are not plain arithmetic; the quantity was written as a number.', itemNumber);
    }
    this.number(r, 'quantity', p.quantity ?? 0, { ...look, numberFormat: QUANTITY_FORMAT }, qFormula);
    if (!this.s.layout.prices) return;
    this.number(r, 'unitPrice', p.unitPrice ?? 0, { ...look, numberFormat: this.s.unitPriceFormat });
    const product = roundFormula(`${at('quantity')}*${at('unitPrice')}`, this.s.places, this.s.rounding);
    this.number(r, 'total', p.totalPrice ?? 0, { ...look, numberFormat: this.s.priceFormat }, product);
    if (countsInTotal(p)) this.counted(r, p, at('total'), p.totalPrice ?? 0, p.deductedPrice ?? p.totalPrice ?? 0);
  }

  /** The counted total of a row whose total stands in `totalAt`: after its deductions, or its flat sum. */
  private counted(r: number, c: ElementContainerBase | PositionDto, totalAt: string, total: number, deducted: number): void {
    const flat = (c as ElementContainerBase).flatSum;
    if (typeof flat === 'number') return this.number(r, 'counted', deducted, {});
    const factor = typeof c.deductionFactor === 'number' && c.deductionFactor !== 0 ? c.deductionFactor : undefined;
    const absolute = (c as ElementContainerBase).absoluteDeduction;
    let formula = factor === undefined ? totalAt : roundFormula(`${totalAt}*(1-${factor})`, this.s.places, this.s.rounding);
    if (typeof absolute === 'number' && absolute !== 0) formula += `-${absolute}`;
    this.number(r, 'counted', factor === undefined && !absolute ? total : deducted, {}, formula);
  }

  /** The total rows under the BoQ; returns the address of the total after deductions. */
  totals(spec: ServiceSpecificationDto): string | undefined {
    if (!this.s.layout.prices) return undefined;
    const last = this.row - 1;
    const { culture } = this.s;
    const look: Look = { bold: true, numberFormat: this.s.priceFormat };
    const r = this.row++;
    this.text(r, 'shortText', culture.total, { bold: true });
    this.number(r, 'total', spec.totalPrice ?? 0, look, last >= 2 ? this.sumOfLevel(2, last, 0) : '0');
    const total = `${this.letter('total')}${r}`;
    if ((spec.deductedPrice ?? spec.totalPrice) === spec.totalPrice && typeof spec.flatSum !== 'number') return total;
    const d = this.row++;
    this.text(d, 'shortText', culture.totalAfterDeduction, { bold: true });
    if (typeof spec.flatSum === 'number') this.number(d, 'total', spec.flatSum, look);
    else {
      const factor = spec.deductionFactor ?? 0;
      let formula = factor ? roundFormula(`${total}*(1-${factor})`, this.s.places, this.s.rounding) : total;
      if (spec.absoluteDeduction) formula += `-${spec.absoluteDeduction}`;
      this.number(d, 'total', spec.deductedPrice ?? 0, look, formula);
    }
    return `${this.letter('total')}${d}`;
  }

  /**
   * Frozen header, auto filter, print titles, widths, hidden columns, the heights of rows whose texts wrap
   * (row-height.ts), outline summary rows above the detail, printed one page wide (A4 landscape) with the sheet's
   * name and the page count in the footer.
   */
  finish(): void {
    const { layout } = this.s;
    const lastRow = Math.max(this.row - 1, 1);
    this.sheet.freezePanes(0, 1);
    this.sheet.autoFilter(this.sheet.range(1, 1, lastRow, layout.keys.length - (layout.prices ? 3 : 1)));
    this.sheet.definedName('_xlnm.Print_Titles', `${quotedSheet(this.sheet.name())}!$1:$1`);
    const widths = new Map<ColumnKey, number>();
    for (const key of layout.keys) {
      const column = this.sheet.column(this.col[key]!);
      if (HIDDEN_COLUMNS.includes(key)) column.hidden(true);
      else if (key === 'quantity' || key === 'unitPrice' || key === 'total') column.width(16);
      else {
        widths.set(key, Math.min((this.widths.get(key) ?? 8) + 2, WIDTH_LIMIT[key] ?? 40));
        column.width(widths.get(key)!);
      }
    }
    const lines = new Map<number, number>();
    for (const w of this.wrapped) {
      const n = wrappedLineCount(w.text, widths.get(w.key)! - w.indent);
      if (n > (lines.get(w.row) ?? 1)) lines.set(w.row, n);
    }
    for (const [row, n] of lines) this.additions.rowHeight(row, rowHeightPoints(n)!);
    this.additions.summaryAbove = true;
    this.additions.fitToPageWidth = true;
    this.additions.footer = `&L&A&R${this.s.culture.page}`;
  }
}

/** Writes one service specification into `sheet` (already named). */
export function writeServiceSpecificationSheet(sheet: Sheet, spec: ServiceSpecificationDto, settings: SheetSettings): WrittenSheet {
  const writer = new SheetWriter(sheet, settings);
  writer.header();
  writer.elements(spec.elements, 0);
  const totalCell = writer.totals(spec);
  writer.finish();
  return { name: sheet.name(), totalCell, additions: writer.additions };
}
