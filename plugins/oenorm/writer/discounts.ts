/**
 * Discounts and surcharges on the sums of an ONLV (2009 `ontypdef.xsd`: `gruppensumme.type` `summe`, `nachlass`
 * (`summe-prozent`, `ergebnis/gesamt`), `summe-inkl-na`; `zugelassenenachlaesse` in the header) from the model's
 * `deductionFactor` of the specification (`lv-summe`) and of the groups written as HG, OG, LG or ULG.
 *
 * - The percentage is −100 × `deductionFactor` (a discount is negative in ÖNORM, `prozent.type` −99.99 … 999.99,
 *   two decimals); the amount after it is what the recalculation gives, round(sum × (1 − factor)) to the cent, and
 *   `ergebnis` the difference. A factor with more than two decimals of a percent is rounded when enforcing the schema
 *   (the sums follow the written percentage), reported.
 * - A discount per price share that the ÖNORM reader kept (`oenormProperties.nachlassPreisanteile`: `pa1-prozent`,
 *   `pa2-prozent` and the amount it read as `absoluteDeduction`) is written back as it was, while that deduction is
 *   unchanged and no sum carries a percentage of its whole (the LV allows one kind: `aufsummen` | `aufpreisanteile`).
 * - `zugelassenenachlaesse` allows discounts on sums (`aufsummen`) or on price shares (`aufpreisanteile`, when those
 *   are the ones written) at the levels that carry one, and at those the file that was read allowed (kept by the
 *   reader as `oenormProperties.zugelassenenachlaesse`); a kept `aufpreisanteile` is written back when no discount on
 *   sums is written.
 * - What ÖNORM cannot state is reported, not written: another absolute deduction (GAEB `DiscountAmt`: ÖNORM states
 *   percentages only), a lump sum (GAEB `TotalLSUM`), a position's discount (ÖNORM discounts sums only), the discount
 *   of a group the outline does not write as a group, and every discount of an LV type without sums.
 */
import { dec, formatFixed, round } from '../../../core/model/decimal.js';
import { isGroup, isPosition, type ElementContainerBase, type ElementDto, type ServiceSpecificationDto } from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';
import type { Plan, PlanGroup } from './structure.js';

/** `hierarchiestufen` children in schema order, by outline level (`lv` for the LV sum). */
const LEVEL_ELEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['lv', 'auflvsumme'], ['hg', 'aufhgsummen'], ['og', 'aufogsummen'], ['lg', 'auflgsummen'], ['ulg', 'aufulgsummen'],
];
/** `prozent.type`: −99.99 … 999.99. */
const MIN_PERCENT = -99.99;
const MAX_PERCENT = 999.99;

/**
 * A discount as written on a sum: the `summe-prozent` text and the factor it stands for, or the `pa1-prozent` and
 * `pa2-prozent` texts and the amount deducted (in project currency).
 */
export type SumDiscount = { percent: string; factor: number } | { pa1: string; pa2: string; amount: number };

const factorOf = (c: ElementContainerBase | undefined): number => (typeof c?.deductionFactor === 'number' ? c.deductionFactor : 0);

/** The kept percentages of a discount per price share, while the deduction read with them is unchanged. */
function keptShares(c: ElementContainerBase | undefined): { pa1: number; pa2: number } | undefined {
  const kept = ((c as { oenormProperties?: Record<string, unknown> } | undefined)?.oenormProperties)?.nachlassPreisanteile as { pa1?: unknown; pa2?: unknown; amount?: unknown } | undefined;
  if (kept === undefined || typeof kept.pa1 !== 'number' || typeof kept.pa2 !== 'number') return undefined;
  return kept.amount === c?.absoluteDeduction && kept.amount !== 0 ? { pa1: kept.pa1, pa2: kept.pa2 } : undefined;
}

/** The discounts of one written LV: which sums carry one, and what was written (see the module comment). */
export class OenormDiscounts {
  /** Outline levels (`lv`, `hg` … `ulg`) whose sums carry a discount. */
  private readonly levels = new Set<string>();
  private readonly written = new Set<ElementContainerBase>();
  /** The discounts written are per price share (no sum carries a percentage of its whole). */
  private readonly onShares: boolean;

  /** @param sums the LV type states sums (no discount can be written otherwise) */
  constructor(private readonly ctx: OenormWriterContext, private readonly spec: ServiceSpecificationDto, plan: Plan, private readonly sums: boolean) {
    const whole = new Set<string>();
    const shares = new Set<string>();
    const note = (c: ElementContainerBase | undefined, level: string): void => {
      if (factorOf(c) !== 0) whole.add(level);
      else if (keptShares(c) !== undefined) shares.add(level);
    };
    if (sums) {
      note(spec, 'lv');
      const visit = (groups: readonly PlanGroup[]): void => {
        for (const g of groups) {
          note(g.source, g.level);
          visit(g.groups);
        }
      };
      visit(plan.groups);
    }
    this.onShares = whole.size === 0 && shares.size > 0;
    for (const level of this.onShares ? shares : whole) this.levels.add(level);
  }

  /** `zugelassenenachlaesse` (header): on sums, at the levels used and at those the file read allowed. */
  writeAllowed(): void {
    const kept = (this.spec.oenormProperties as Record<string, unknown> | undefined)?.zugelassenenachlaesse;
    const allowed = new Set(Array.isArray(kept) ? kept.filter((n): n is string => typeof n === 'string') : []);
    const b = this.ctx.b.open('zugelassenenachlaesse');
    b.empty(this.onShares || (this.levels.size === 0 && allowed.has('aufpreisanteile')) ? 'aufpreisanteile' : 'aufsummen');
    b.open('hierarchiestufen');
    for (const [level, element] of LEVEL_ELEMENTS) if (this.levels.has(level) || allowed.has(element)) b.empty(element);
    b.close().close();
  }

  /**
   * The discount to write on the sum of `source` (the specification or a group's source), once per source;
   * undefined when it has none or ÖNORM cannot state it (reported).
   */
  of(source: ElementContainerBase | undefined, where: string): SumDiscount | undefined {
    if (source === undefined || this.written.has(source)) return undefined;
    this.written.add(source);
    const ctx = this.ctx;
    const shares = this.onShares ? keptShares(source) : undefined;
    if (shares !== undefined) {
      const text = (p: number) => formatFixed(p, 2) ?? p.toFixed(2);
      return { pa1: text(shares.pa1), pa2: text(shares.pa2), amount: source.absoluteDeduction! };
    }
    if (typeof source.absoluteDeduction === 'number' && source.absoluteDeduction !== 0) {
      ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The absolute discount of ${where} (${source.absoluteDeduction}) was not written: ÖNORM A 2063 states discounts as percentages of a sum.`, where);
    }
    if (typeof source.flatSum === 'number') {
      ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The lump sum of ${where} (${source.flatSum}) was not written: ÖNORM A 2063 has no lump sums for groups.`, where);
    }
    const factor = factorOf(source);
    if (factor === 0) return undefined;
    const exact = dec(factor).times(-100);
    const percent = ctx.enforce ? round(exact, 2) : exact.toNumber();
    if (ctx.enforce && (percent < MIN_PERCENT || percent > MAX_PERCENT)) {
      ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The discount of ${where} (${exact.toString()} %) was not written: ÖNORM A 2063 states discounts and surcharges from ${MIN_PERCENT} % to ${MAX_PERCENT} %.`, where);
      return undefined;
    }
    const text = formatFixed(percent, ctx.enforce ? 2 : Math.max(2, exact.decimalPlaces())) ?? String(percent);
    if (!exact.equals(percent)) {
      ctx.report('OENORM_VALUE_ROUNDED', 'warning', `The discount of ${where} was rounded to the two decimals ÖNORM allows: ${exact.toString()} % → ${text} %; its sums follow the written percentage.`, where);
    }
    return { percent: text, factor: dec(percent).dividedBy(-100).toNumber() };
  }

  /**
   * Reports the deductions no sum carried: of positions (ÖNORM discounts sums only), of groups the outline does not
   * write as groups, and every one of an LV type without sums.
   */
  finish(): void {
    const ctx = this.ctx;
    const reason = this.sums ? 'its group is not a group of the written ÖNORM outline' : 'this LV type states no sums';
    const unseen = (c: ElementContainerBase): boolean => !this.written.has(c) && (factorOf(c) !== 0
      || (typeof c.absoluteDeduction === 'number' && c.absoluteDeduction !== 0) || typeof c.flatSum === 'number');
    if (unseen(this.spec)) ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The discount of the LV was not written: ${reason}.`);
    const visit = (elements: readonly ElementDto[] | undefined): void => {
      for (const e of elements ?? []) {
        if (isPosition(e) && factorOf(e as ElementContainerBase) !== 0) {
          ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', 'warning', "positions' discounts were not written: ÖNORM A 2063 discounts sums only", e.itemNumber?.stringRepresentation);
        } else if (isGroup(e)) {
          if (unseen(e)) {
            const n = e.itemNumber?.stringRepresentation ?? '';
            ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The discount of group ${n} was not written: ${reason}.`, n);
          }
          visit(e.elements);
        }
      }
    };
    visit(this.spec.elements);
  }
}

/**
 * A `gruppensumme.type`: `summe/gesamt`, with a discount `nachlass` (`summe-prozent` or `pa1-prozent` +
 * `pa2-prozent`, then `ergebnis/gesamt`), then `summe-inkl-na/gesamt`.
 * @param sum the sum of the element's content in project currency (rounded to the cent here)
 * @returns the amount after the discount (the `summe-inkl-na`), which the enclosing sum adds
 */
export function writeSum(ctx: OenormWriterContext, element: string, sum: number, where: string, discount?: SumDiscount): number {
  const total = Math.round(sum * 100) / 100;
  const b = ctx.b.open(element).open('summe').leaf('gesamt', ctx.amount(total, element, where)).close();
  let after = total;
  if (discount !== undefined) {
    b.open('nachlass');
    if ('factor' in discount) {
      // the recalculation's rule: deductedPrice = round(totalPrice × (1 − deductionFactor))
      after = round(dec(total).times(dec(1).minus(dec(discount.factor))), 2);
      b.leaf('summe-prozent', discount.percent);
    } else {
      after = round(dec(total).minus(dec(discount.amount)), 2);
      b.leaf('pa1-prozent', discount.pa1).leaf('pa2-prozent', discount.pa2);
    }
    const result = round(dec(after).minus(dec(total)), 2);
    b.open('ergebnis').leaf('gesamt', ctx.amount(result, 'nachlass/ergebnis', where)).close().close();
  }
  b.open('summe-inkl-na').leaf('gesamt', ctx.amount(after, element, where)).close().close();
  return after;
}
