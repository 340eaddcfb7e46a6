/**
 * A position's quantity components → REB-VB 23.003 take-off lines (for DA11 and X31 alike).
 *
 * A component read from a take-off (its REB fields intact and its formula still the one they give,
 * takeoff/component.ts) is written back as it was: flag, explanation, sign, factor, formula number, value fields
 * or expression, and its address when still ascending; a 1979 expression with angles is rewritten from degrees to
 * the 2009 edition's gon. Any other component becomes a free formula (91): its
 * formula split between tokens into lines of 38 characters, the last ending with `=` (at most 20 lines), its
 * description the explanation (9 characters). A component with a description and no formula becomes comment
 * lines (`*`, 56 characters each). Texts are made CP850.
 */
import { targetError } from '../../../core/errors.js';
import type { CalculationDto, PositionDto } from '../../../core/model/types.js';
import { toCodePage, wrapWords } from '../../../core/text/records.js';
import { degreesToGon, isPlainArithmetic, roundReb } from '../formula/expression.js';
import { evaluateStandard, type FieldValue, readValueField } from '../formula/standard.js';
import type { RebReport } from '../report.js';
import type { AddressAllocator } from './address.js';
import { decimalComma, projectFormula, type RebComponent } from './component.js';
import { COMMENT_WIDTH, EXPLANATION_WIDTH, EXPRESSION_WIDTH, FLAGS, FREE_FORMULA, type LineFields, VALUE_FIELDS } from './line.js';

const MAX_FREE_LINES = 20;
const SUMMED = new Set(['', 'E', 'S']);

/** A take-off line without record type and OZ (the caller adds them). */
export type TakeoffLine = Omit<LineFields, 'recordType' | 'oz'>;

/** What {@link positionLines} needs besides the position. */
export interface LineWriter {
  addresses: AddressAllocator;
  report: RebReport;
}

const isOptional = (v: unknown, type: 'string' | 'boolean'): boolean => v === undefined || typeof v === type;

/**
 * Whether every REB field of a component has the type the reader gives it (`component.ts`); a posted ProjectDto may
 * hold anything there, and a component whose fields do not is written from its formula, as an edited one is.
 */
function hasRebFieldTypes(c: RebComponent): boolean {
  return typeof c.rebFormulaNumber === 'string' && isOptional(c.rebFlag, 'string') && isOptional(c.rebAddress, 'string')
    && isOptional(c.rebFactor, 'string') && isOptional(c.rebDeduction, 'boolean') && isOptional(c.rebExpression, 'string')
    && (c.rebValues === undefined || (Array.isArray(c.rebValues) && c.rebValues.every((v) => typeof v === 'string')))
    && (c.rebResult === undefined || Number.isFinite(c.rebResult)) && (c.rebAngleUnit === undefined || c.rebAngleUnit === 'degree');
}

/** Whether a component still is what the reader made of a take-off calculation. */
function isUnchangedReb(c: RebComponent): boolean {
  if (!hasRebFieldTypes(c)) return false;
  // a 1979 standard formula with an angle: written as a free formula of its value
  if (c.rebAngleUnit === 'degree' && c.rebFormulaNumber !== FREE_FORMULA) return false;
  const formula = (c.formula ?? '').trim();
  if (c.rebFlag === '*') return formula === '';
  let arithmetic: string | undefined;
  if (c.rebFormulaNumber === FREE_FORMULA) {
    if (typeof c.rebExpression !== 'string') return false;
    arithmetic = isPlainArithmetic(c.rebExpression) ? c.rebExpression : undefined;
  } else if (Array.isArray(c.rebValues)) {
    const fields = c.rebValues.map(readValueField);
    arithmetic = fields.every((f) => f !== undefined) ? evaluateStandard(c.rebFormulaNumber, fields as FieldValue[], 'gon')?.arithmetic : undefined;
    if (c.rebValues.length > VALUE_FIELDS.length || c.rebValues.some((v) => v.length > 9)) return false;
  }
  return formula === projectFormula(c, arithmetic);
}

/** REB notation of a project formula: the multiplication and division signs the grammar also reads, as ASCII. */
const rebExpression = (formula: string): string => formula.replace(/[×·]/g, '*').replace(/÷/g, '/').replace(/−/g, '-').replace(/\s+/g, ' ').trim();

const TOKEN = /\*\*|\d{4}[A-Z]\d|\d+(?:[.,]\d+)?(?:E[+-]?\d+)?|[A-Za-z]+|./gy;

/** The expression (blanks dropped) cut between tokens into lines of 38 characters, each with room for a final `=`. */
function expressionLines(expression: string): string[] {
  const width = EXPRESSION_WIDTH - 1;
  const lines: string[] = [''];
  for (const token of expression.replace(/\s+/g, '').match(TOKEN) ?? []) {
    if (lines[lines.length - 1].length + token.length > width && lines[lines.length - 1] !== '') lines.push('');
    let rest = token;
    for (;;) {
      const room = width - lines[lines.length - 1].length;
      lines[lines.length - 1] += rest.slice(0, room);
      rest = rest.slice(room);
      if (rest === '') break;
      lines.push('');
    }
  }
  lines[lines.length - 1] += '=';
  return lines;
}

/** The factor field: the factor with 3 implied decimals, right-aligned in 6 columns. */
function factorField(factor: string | undefined): string {
  if (factor === undefined) return '';
  const thousandths = Math.round(Number(factor.replace(',', '.')) * 1000);
  return String(Math.abs(thousandths));
}

class Lines {
  readonly out: TakeoffLine[] = [];

  constructor(private readonly w: LineWriter, private readonly itemNumber: string) {}

  text(value: string, width: number, what: string): string {
    const { text, replaced } = toCodePage(value, 'cp850');
    if (replaced) this.w.report.report('REB_CHARACTER_REPLACED', 'warning', `The characters '${replaced}' of ${what} are not in CP850 and were replaced.`, this.itemNumber);
    if (Array.from(text).length <= width) return text;
    this.w.report.report('REB_TEXT_TRUNCATED', 'warning', `The ${what} '${text}' was cut to ${width} characters.`, this.itemNumber);
    return Array.from(text).slice(0, width).join('');
  }

  /** Comment lines: no address of their own, unless the comment read had one. */
  comment(description: string, flagAddress?: string): void {
    const { text } = toCodePage(description.replace(/\s+/g, ' ').trim(), 'cp850');
    const { lines } = wrapWords(text, COMMENT_WIDTH);
    lines.forEach((line, i) => this.out.push({ flag: '*', body: line, address: i === 0 && flagAddress ? this.w.addresses.next(flagAddress) : '' }));
  }

  free(expression: string, head: TakeoffLine, wanted?: string): void {
    const parts = expressionLines(this.text(expression, Number.MAX_SAFE_INTEGER, 'formula'));
    if (parts.length > MAX_FREE_LINES) {
      throw targetError(`The formula of a quantity component of position ${this.itemNumber} needs ${parts.length} lines of 38 characters; REB-VB 23.003 allows ${MAX_FREE_LINES}.`, this.itemNumber);
    }
    parts.forEach((body, i) => {
      const last = i === parts.length - 1;
      this.out.push({
        ...(i === 0 ? head : {}),
        flag: last ? head.flag : '',
        formulaNumber: FREE_FORMULA,
        body,
        address: this.w.addresses.next(i === 0 ? wanted : undefined),
      });
    });
  }

  component(c: RebComponent): number | undefined {
    const description = typeof c.description === 'string' ? c.description : '';
    const formula = typeof c.formula === 'string' ? c.formula.trim() : '';
    const flag = typeof c.rebFlag === 'string' && (FLAGS as readonly string[]).includes(c.rebFlag) ? c.rebFlag : '';
    if (formula === '' && (flag === '*' || c.rebFormulaNumber === undefined)) {
      if (description.trim() !== '') this.comment(description, typeof c.rebAddress === 'string' ? c.rebAddress : undefined);
      return undefined;
    }
    const explanation = this.text(description.replace(/\s+/g, ' ').trim(), EXPLANATION_WIDTH, 'explanation');
    const unchanged = isUnchangedReb(c);
    if (unchanged) {
      const head: TakeoffLine = { flag, explanation, deduction: c.rebDeduction === true, factor: factorField(c.rebFactor) };
      if (c.rebFormulaNumber === FREE_FORMULA) this.free(c.rebAngleUnit === 'degree' ? degreesToGon(c.rebExpression!) : c.rebExpression!, head, c.rebAddress);
      else this.out.push({ ...head, formulaNumber: c.rebFormulaNumber, values: c.rebValues, address: this.w.addresses.next(c.rebAddress) });
    } else this.free(rebExpression(formula), { flag, explanation }, undefined);
    return SUMMED.has(flag) && c.valid !== false ? (typeof c.rebResult === 'number' && unchanged ? c.rebResult : (c.result ?? 0)) : undefined;
  }
}

/**
 * The take-off lines of one position, or none (no components and no quantity).
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT when a formula needs more than 20 lines
 */
export function positionLines(p: PositionDto, itemNumber: string, w: LineWriter): TakeoffLine[] {
  const lines = new Lines(w, itemNumber);
  const components = (p.quantityComponents ?? []) as (CalculationDto & RebComponent)[];
  let sum = 0;
  for (const c of components) {
    const value = lines.component(c);
    if (value !== undefined) sum = roundReb(sum + value);
  }
  const quantity = typeof p.quantity === 'number' ? p.quantity : 0;
  if (components.length === 0 && quantity !== 0) {
    lines.free(decimalComma(quantity), {}, undefined);
    w.report.report('REB_QUANTITY_WITHOUT_COMPONENTS', 'info', `The quantity ${quantity} was written as one free-formula line.`, itemNumber);
  } else if (components.length > 0 && sum !== roundReb(quantity)) {
    w.report.report('REB_QUANTITY_DIFFERS', 'warning', `The quantity ${quantity} differs from the REB sum ${sum} of the quantity components written.`, itemNumber);
  }
  return lines.out;
}
