/**
 * A position's quantity components → REB-VB 23.003 take-off lines (for DA11 and X31 alike).
 *
 * A component read from a take-off (its REB fields intact and its formula still the one they give,
 * takeoff/component.ts) is written back as it was: flag, explanation, sign, factor, formula number, value fields
 * or expression, and its addresses when still ascending; a 1979 expression with angles is rewritten from degrees
 * to the 2009 edition's gon. Any other component becomes a free formula (91): its formula in REB's notation (`×`
 * → `*`, a number without digits before or after its separator completed: `.5` → `0,5`, `3.` → `3`) split between
 * tokens into lines of 38 characters, the last ending with `=` (at most 20 lines), its description the explanation
 * (9 characters); a formula REB would read to another value is written as its value (`REB_FORMULA_NOT_EXPRESSIBLE`).
 * A component with a description and no formula becomes comment lines (`*`, 56 characters each). Texts are made
 * CP850 (`REB_CHARACTER_REPLACED`) and cut to their columns (`REB_TEXT_TRUNCATED`), reported once per field and item.
 *
 * Row addresses (takeoff/address.ts): the first line of a calculation keeps the address read with it, the
 * continuation lines of a free formula theirs (else the next index digits of the first line's row); a row that has
 * to move is reported (`REB_ADDRESS_REALLOCATED`, by the caller) and every later expression naming it follows it.
 */
import { targetError } from '../../../core/errors.js';
import { evaluateFormula } from '../../../core/model/formula.js';
import type { CalculationDto, PositionDto } from '../../../core/model/types.js';
import { toCodePage, wrapWords } from '../../../core/text/records.js';
import { degreesToGon, evaluateExpression, isPlainArithmetic, roundReb } from '../formula/expression.js';
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
    && (c.rebContinuationAddresses === undefined || (Array.isArray(c.rebContinuationAddresses) && c.rebContinuationAddresses.every((a) => typeof a === 'string')))
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

/**
 * REB notation of a project formula: the multiplication and division signs the grammar also reads, as ASCII, and
 * its numbers as REB's `digit+ ([,.] digit+)?` (`.5` → `0,5`, `3.` → `3`; the project's grammar reads both).
 */
const rebExpression = (formula: string): string => formula.replace(/[×·]/g, '*').replace(/÷/g, '/').replace(/−/g, '-')
  .replace(/\d+(?:[.,]\d*)?|[.,]\d+/g, (n) => (/^[.,]/.test(n) ? `0,${n.slice(1)}` : n.replace(/[.,]$/, '')))
  .replace(/\s+/g, ' ').trim();

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

/** A list of strings, or undefined (a posted project may hold anything there). */
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((a) => typeof a === 'string') ? v : undefined);

class Lines {
  readonly out: TakeoffLine[] = [];

  constructor(private readonly w: LineWriter, private readonly itemNumber: string) {}

  /** `value` in CP850 (replacements reported once per field), cut to `width` characters (reported once per field). */
  text(value: string, width: number, what: string): string {
    const text = this.cp850(value, what);
    if (Array.from(text).length <= width) return text;
    this.w.report.report('REB_TEXT_TRUNCATED', 'warning', `The ${what} '${text}' was cut to ${width} characters.`, this.itemNumber, what);
    return Array.from(text).slice(0, width).join('');
  }

  private cp850(value: string, what: string): string {
    const { text, replaced } = toCodePage(value, 'cp850');
    if (replaced) this.w.report.report('REB_CHARACTER_REPLACED', 'warning', `The characters '${replaced}' of the ${what} are not in CP850 and were replaced.`, this.itemNumber, what);
    return text;
  }

  /** Comment lines: no address of their own, unless the comment read had one. */
  comment(description: string, flagAddress?: string): void {
    const text = this.cp850(description.replace(/\s+/g, ' ').trim(), 'comment');
    const { lines } = wrapWords(text, COMMENT_WIDTH);
    lines.forEach((line, i) => this.out.push({ flag: '*', body: line, address: i === 0 && flagAddress ? this.w.addresses.next(flagAddress) : '' }));
  }

  /**
   * Formula-91 lines of `expression` (REB notation, its addresses those written).
   * @param wanted the addresses read with the first line and the continuation lines
   */
  free(expression: string, head: TakeoffLine, wanted: { first?: string; continuation?: readonly string[] } = {}): void {
    const parts = expressionLines(this.text(expression, Number.MAX_SAFE_INTEGER, 'formula'));
    if (parts.length > MAX_FREE_LINES) {
      throw targetError(`The formula of a quantity component of position ${this.itemNumber} needs ${parts.length} lines of 38 characters; REB-VB 23.003 allows ${MAX_FREE_LINES}.`, this.itemNumber);
    }
    let address = '';
    parts.forEach((body, i) => {
      const last = i === parts.length - 1;
      const read = i === 0 ? wanted.first : wanted.continuation?.[i - 1] || undefined;
      address = i === 0 ? this.w.addresses.next(read) : this.w.addresses.continuation(address, read);
      this.out.push({
        ...(i === 0 ? head : {}),
        flag: last ? head.flag : '',
        formulaNumber: FREE_FORMULA,
        body,
        address,
      });
    });
  }

  /**
   * A project formula in REB's notation; its value (decimal comma) where REB would not read it to the value the
   * project's grammar gives (reported).
   */
  private expressible(formula: string, what: string): string {
    const expression = rebExpression(formula);
    const project = evaluateFormula(formula);
    if (!project.valid) return expression;
    const reb = evaluateExpression(expression, 'gon');
    if (reb.valid && roundReb(reb.value) === roundReb(project.result)) return expression;
    const value = decimalComma(roundReb(project.result));
    this.w.report.report('REB_FORMULA_NOT_EXPRESSIBLE', 'warning', `The formula '${formula}' of ${what} ${reb.valid ? `reads as ${decimalComma(reb.value)} in REB's free formula` : `cannot be read as a REB free formula (${reb.problem})`}; its value ${value} was written.`, this.itemNumber, 'formula');
    return value;
  }

  /**
   * A free formula as read, the addresses it names renamed to where their rows were written. An address no row
   * written before has (its row comes later in the written take-off, or nowhere) cannot be reached: the line is
   * written as its value read (`rebResult`, sign and factor included), or unchanged when it had none (reported).
   */
  private freeAsRead(c: RebComponent, head: TakeoffLine): void {
    const wanted = { first: c.rebAddress, continuation: c.rebContinuationAddresses };
    const { expression, lost } = this.w.addresses.rename(c.rebAngleUnit === 'degree' ? degreesToGon(c.rebExpression!) : c.rebExpression!);
    if (lost.length === 0) return this.free(expression, head, wanted);
    const where = `The expression '${c.rebExpression}'${c.rebAddress ? ` at ${c.rebAddress}` : ''} names the row address ${lost.join(', ')}, which no row written before it has (its row is written later, e.g. in another position, or nowhere)`;
    if (typeof c.rebResult === 'number') {
      this.w.report.report('REB_FORMULA_NOT_EXPRESSIBLE', 'warning', `${where}: its value ${decimalComma(c.rebResult)} was written instead.`, this.itemNumber, 'address');
      return this.free(decimalComma(c.rebResult), { flag: head.flag, explanation: head.explanation }, wanted);
    }
    this.w.report.report('REB_FORMULA_NOT_EXPRESSIBLE', 'warning', `${where}: it was written unchanged and REB will not evaluate it.`, this.itemNumber, 'address');
    this.free(expression, head, wanted);
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
      if (c.rebFormulaNumber === FREE_FORMULA) this.freeAsRead(c, head);
      else this.out.push({ ...head, formulaNumber: c.rebFormulaNumber, values: c.rebValues, address: this.w.addresses.next(c.rebAddress) });
    } else {
      const wanted = { first: typeof c.rebAddress === 'string' ? c.rebAddress : undefined, continuation: strings(c.rebContinuationAddresses) };
      this.free(this.expressible(formula, `a quantity component${explanation ? ` '${explanation}'` : ''}`), { flag, explanation }, wanted);
    }
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
    lines.free(decimalComma(quantity), {});
    w.report.report('REB_QUANTITY_WITHOUT_COMPONENTS', 'info', `The quantity ${quantity} was written as one free-formula line.`, itemNumber);
  } else if (components.length > 0 && sum !== roundReb(quantity)) {
    w.report.report('REB_QUANTITY_DIFFERS', 'warning', `The quantity ${quantity} differs from the REB sum ${sum} of the quantity components written.`, itemNumber);
  }
  return lines.out;
}
