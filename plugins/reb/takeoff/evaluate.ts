/**
 * REB-VB 23.003 take-off lines → calculations, their values and each item's quantity.
 *
 * - A free formula (91) runs over consecutive lines of one item until a line whose expression ends with `=`
 *   (at most 20 lines in 2009, 6 in 1979); explanation, sign and factor stand on its first line, the flag on any.
 * - A standard formula (00–05, 20, 30–32: formula/standard.ts) is one line of value fields.
 * - A `Z` or `P` line without a formula states the subtotal since the last `Z` line or the item's total so far.
 * - Each value is rounded to three decimals and stored under the line's address for later references.
 * - The item's quantity is the sum of the lines with flag blank, `E` (result) or `S` (estimated quantity); `H`
 *   (helper value), `Z`, `P` and `*` (comment) lines are not summed (flags: gaeb-365.online "Erfassen der
 *   Mengenansätze nach REB 23.003"; Pallas help hilfe.ava-bausoftware.de `adressreferenzierung.htm`).
 * - A formula number that is not evaluated here, or an expression that cannot be read, keeps its text, is not
 *   summed, and is reported.
 */
import { type AngleUnit, evaluateExpression, isPlainArithmetic, roundReb, usesAngles } from '../formula/expression.js';
import { evaluateStandard, type FieldValue, readValueField } from '../formula/standard.js';
import type { RebReport } from '../report.js';
import { factorText, factorValue, projectFormula, type RebComponent, type RebComponentFields } from './component.js';
import { FREE_FORMULA, type RebLine } from './line.js';

/** A line and where it came from (1-based line number, for messages). */
export interface SourceLine {
  line: RebLine;
  lineNo: number;
}

/** The calculations of one item, evaluated. */
export interface ItemTakeoff {
  components: RebComponent[];
  /** The REB quantity: the sum of the summed lines, 3 decimals. */
  quantity: number;
}

const SUMMED = new Set(['', 'E', 'S']);
const MAX_LINES = { gon: 20, degree: 6 } as const;

/** The state of one item while its lines are taken in file order. */
interface ItemState {
  itemNumber: string;
  components: RebComponent[];
  quantity: number;
  subtotal: number;
  /** A free formula whose final `=` has not come yet. */
  open?: SourceLine[];
}

const continues = (line: RebLine): boolean => line.formulaNumber === FREE_FORMULA && line.flag !== '*';

/**
 * Evaluates the take-off lines of a whole document in file order: a value is stored under its address when its
 * line is read, so a later line of any item can refer to it (addresses are document-wide). The lines are grouped
 * per item for the project; a free formula continues on the item's next lines.
 */
export class TakeoffEvaluator {
  private readonly stored = new Map<string, number>();
  private readonly items = new Map<string, ItemState>();

  constructor(private readonly angle: AngleUnit, private readonly report: RebReport) {}

  /**
   * Takes the document's next line, of the item `key` (the OZ as written).
   * @param itemNumber the item's number in the project, for messages
   */
  line(key: string, itemNumber: string, source: SourceLine): void {
    let state = this.items.get(key);
    if (!state) this.items.set(key, (state = { itemNumber, components: [], quantity: 0, subtotal: 0 }));
    this.take(state, source);
  }

  /** The calculations of the item `key` in order, once the document's lines are all taken. */
  takeoff(key: string): ItemTakeoff {
    const state = this.items.get(key);
    if (!state) return { components: [], quantity: 0 };
    this.close(state);
    return { components: state.components, quantity: state.quantity };
  }

  /**
   * The calculations of one item whose lines are contiguous in the document (an X31 `Item`), in order.
   * @param itemNumber the item's number in the project, for messages
   */
  item(lines: readonly SourceLine[], itemNumber: string): ItemTakeoff {
    const state: ItemState = { itemNumber, components: [], quantity: 0, subtotal: 0 };
    for (const source of lines) this.take(state, source);
    this.close(state);
    return { components: state.components, quantity: state.quantity };
  }

  private take(state: ItemState, source: SourceLine): void {
    if (state.open) {
      if (continues(source.line)) {
        state.open.push(source);
        if (source.line.body.endsWith('=')) this.close(state);
        return;
      }
      this.close(state);
    }
    if (continues(source.line) && !source.line.body.endsWith('=')) state.open = [source];
    else this.evaluate(state, [source]);
  }

  /** Evaluates the item's open free formula, if any. */
  private close(state: ItemState): void {
    if (!state.open) return;
    const group = state.open;
    state.open = undefined;
    this.evaluate(state, this.checkFreeFormula(group, state.itemNumber));
  }

  private evaluate(state: ItemState, group: SourceLine[]): void {
    const { component, value } = this.calculation(group, state.itemNumber, { subtotal: state.subtotal, total: state.quantity });
    state.components.push(component);
    if (value === undefined) return;
    for (const { line } of group) if (line.address) this.stored.set(line.address, value);
    if (SUMMED.has(component.rebFlag ?? '')) {
      state.quantity = roundReb(state.quantity + value);
      state.subtotal = roundReb(state.subtotal + value);
    } else if (component.rebFlag === 'Z') state.subtotal = 0;
  }

  private checkFreeFormula(group: SourceLine[], itemNumber: string): SourceLine[] {
    const last = group[group.length - 1];
    if (!last.line.body.endsWith('=')) {
      this.report.report('REB_FORMULA_UNTERMINATED', 'warning', `The free formula starting on line ${group[0].lineNo} has no final '=' (line ${last.lineNo} is its last): the file may be truncated; the lines read were evaluated.`, itemNumber);
    }
    if (group.length > MAX_LINES[this.angle]) {
      this.report.report('REB_FORMULA_TOO_LONG', 'info', `The free formula starting on line ${group[0].lineNo} has ${group.length} lines, more than the ${MAX_LINES[this.angle]} REB-VB 23.003 (${this.angle === 'gon' ? '2009' : '1979'}) allows; it was read whole.`, itemNumber);
    }
    return group;
  }

  private calculation(group: readonly SourceLine[], itemNumber: string, sums: { subtotal: number; total: number }): { component: RebComponent; value?: number } {
    const first = group[0].line;
    const flag = group.map((g) => g.line.flag).filter((f) => f !== '').pop() ?? '';
    const fields: RebComponentFields = { rebFormulaNumber: first.formulaNumber };
    if (flag) fields.rebFlag = flag;
    if (first.address) fields.rebAddress = first.address;
    if (group.slice(1).some((g) => g.line.address !== '')) fields.rebContinuationAddresses = group.slice(1).map((g) => g.line.address);
    const factor = flag === '*' ? undefined : factorText(first.factor);
    if (typeof factor === 'string') fields.rebFactor = factor;
    if (first.deduction) fields.rebDeduction = true;
    const description = flag === '*' ? first.body : first.explanation;
    const component = (formula: string): RebComponent => ({ description, formula, ...fields });
    if (flag === '*') return { component: component('') };
    if (factor === null) {
      if (first.formulaNumber === FREE_FORMULA) fields.rebExpression = group.map((g) => g.line.body).join('').replace(/=\s*$/, '').trim();
      else fields.rebValues = first.values;
      this.notEvaluated(itemNumber, group[0], `its factor (columns 24–29) '${first.factor}' is not a number of digits with 3 implied decimals or with a decimal comma${/[-+]/.test(first.factor) ? ' (the sign of the factor belongs in column 23)' : ''}`);
      return { component: component(projectFormula(fields, undefined)) };
    }

    const scale = factorValue(factor) * (first.deduction ? -1 : 1);
    if (first.formulaNumber === FREE_FORMULA) {
      const expression = group.map((g) => g.line.body).join('').replace(/=\s*$/, '').trim();
      fields.rebExpression = expression;
      if (this.angle === 'degree' && usesAngles(expression)) fields.rebAngleUnit = 'degree';
      const r = evaluateExpression(expression, this.angle, (a) => this.stored.get(a));
      if (!r.valid) {
        this.notEvaluated(itemNumber, group[0], `its expression cannot be read at character ${r.position + 1}: ${r.problem}`);
        return { component: component(expression) };
      }
      const value = roundReb(r.value * scale);
      if (!isPlainArithmetic(expression)) fields.rebResult = value;
      return { component: component(projectFormula(fields, isPlainArithmetic(expression) ? expression : undefined)), value };
    }

    if (first.formulaNumber === '' && first.values.length === 0 && first.body === '' && (flag === 'Z' || flag === 'P')) {
      const value = flag === 'Z' ? sums.subtotal : sums.total;
      fields.rebResult = value;
      return { component: component(projectFormula(fields, undefined)), value };
    }

    fields.rebValues = first.values;
    if (this.angle === 'degree' && first.formulaNumber === '02') fields.rebAngleUnit = 'degree';
    const values = first.values.map(readValueField);
    const standard = values.every((v) => v !== undefined) ? evaluateStandard(first.formulaNumber, values as FieldValue[], this.angle) : undefined;
    if (!standard) {
      const why = first.formulaNumber === '' ? 'it has no formula number' : values.some((v) => v === undefined) ? 'a value field holds something else than a number' : `formula ${first.formulaNumber} is not one this gateway evaluates (00–05, 20, 30–32, 91) or its values do not fit it`;
      this.notEvaluated(itemNumber, group[0], why);
      return { component: component(projectFormula(fields, undefined)) };
    }
    const value = roundReb(standard.value * scale);
    if (standard.arithmetic === undefined) fields.rebResult = value;
    return { component: component(projectFormula(fields, standard.arithmetic)), value };
  }

  private notEvaluated(itemNumber: string, at: SourceLine, why: string): void {
    const where = at.line.address ? `address ${at.line.address}, line ${at.lineNo}` : `line ${at.lineNo}`;
    this.report.report('REB_FORMULA_NOT_EVALUATED', 'warning', `The calculation at ${where} was kept as text and not summed: ${why}.`, itemNumber);
  }
}
