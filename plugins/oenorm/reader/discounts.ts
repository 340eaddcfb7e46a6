/**
 * ÖNORM A 2063 discounts and surcharges on sums (2009 `ontypdef.xsd` `gruppensumme.type`: `summe`, then `nachlass`
 * of `nachlass.type` — `summe-prozent`, or `pa1-prozent` + `pa2-prozent` per price share, then `ergebnis` (the
 * amount, `betragmitpreisanteilen.type`) —, then `summe-inkl-na`) and the LV's permission for them
 * (`zugelassenenachlaesse`: `aufsummen` | `aufpreisanteile`, `hierarchiestufen/auflvsumme` … `aufulgsummen`).
 *
 * Mapping:
 * - A percentage on the whole sum of an `lv-summe`, `hg-summe`, `og-summe`, `lg-summe` or `ulg-summe` is the
 *   `deductionFactor` of the specification or group (a fraction, as the GAEB readers keep `DiscountPcnt`): a discount
 *   is a negative percentage (`prozent.type` runs from −99.99 to 999.99, so a surcharge may exceed 100 % and a
 *   discount may not), so −3.00 % → 0.03 and a 5.00 % surcharge → −0.05. A file whose `ergebnis` has the opposite
 *   sign to its percentage states the discount as a positive number; the sign of the amount is followed, reported.
 * - Percentages per price share have no equivalent in the model, which discounts a sum as a whole: the stated
 *   amount (`ergebnis/gesamt`) is read as the container's `absoluteDeduction`, reported; the percentages are kept
 *   with that amount as `oenormProperties.nachlassPreisanteile` (`{ pa1, pa2, amount }`) for the writer.
 * - `summe-inkl-na/gesamt` is kept as `oenormDeductedTotal` and compared with the recalculated `deductedPrice`
 *   (`stated-totals.ts`); the permission is kept as `oenormProperties.zugelassenenachlaesse` (the element names) for
 *   the writer.
 */
import type { ElementContainerBase } from '../../../core/model/types.js';
import type { CapturedElement } from '../../../core/xml/capture.js';
import type { OenormReport } from './report.js';

/** One sum's discount as read. */
interface Draft {
  target: ElementContainerBase;
  where: string;
  itemNumber?: string;
  summeProzent?: number;
  pa1Prozent?: number;
  pa2Prozent?: number;
  ergebnis?: number;
  summeInklNa?: number;
}

/** Reads the `nachlass` and `summe-inkl-na` of the sum being read, and applies them when it closes. */
export class OenormDiscounts {
  private draft: Draft | undefined;

  /**
   * @param decimal parses an ÖNORM decimal, reporting (and returning undefined for) text that is not one
   */
  constructor(
    private readonly report: OenormReport,
    private readonly decimal: (text: string, what: string, itemNumber: string | undefined) => number | undefined,
  ) {}

  /**
   * A sum opens.
   * @param target the specification (`lv-summe`) or group whose sum it is
   * @param where the sum's element name and the group's number, for messages (`lg-summe of LG 01.`)
   * @param itemNumber the group's number, for messages (undefined for `lv-summe`)
   */
  open(target: ElementContainerBase, where: string, itemNumber: string | undefined): void {
    this.draft = { target, where, itemNumber };
  }

  /** A leaf of `nachlass` (`summe-prozent`, `pa1-prozent`, `pa2-prozent`); others are passed over. */
  percentLeaf(name: string, text: string): void {
    const d = this.draft;
    if (d === undefined) return;
    const value = this.decimal(text, `${d.where}/nachlass/${name}`, d.itemNumber);
    if (name === 'summe-prozent') d.summeProzent = value;
    else if (name === 'pa1-prozent') d.pa1Prozent = value;
    else if (name === 'pa2-prozent') d.pa2Prozent = value;
  }

  /** `nachlass/ergebnis/gesamt` (`preisanteil1`/`preisanteil2` of the amount are passed over). */
  resultLeaf(name: string, text: string): void {
    const d = this.draft;
    if (d !== undefined && name === 'gesamt') d.ergebnis = this.decimal(text, `${d.where}/nachlass/ergebnis`, d.itemNumber);
  }

  /** `summe-inkl-na/gesamt`. */
  deductedLeaf(name: string, text: string): void {
    const d = this.draft;
    if (d !== undefined && name === 'gesamt') d.summeInklNa = this.decimal(text, `${d.where}/summe-inkl-na`, d.itemNumber);
  }

  /** The sum closes: its discount is applied to the specification or group (see the module comment). */
  close(): void {
    const d = this.draft;
    this.draft = undefined;
    if (d === undefined) return;
    const target = d.target as ElementContainerBase & Record<string, unknown>;
    if (d.summeInklNa !== undefined) target.oenormDeductedTotal = d.summeInklNa;
    if (d.summeProzent !== undefined) {
      let percent = d.summeProzent;
      if (d.ergebnis !== undefined && d.ergebnis !== 0 && percent !== 0 && Math.sign(d.ergebnis) !== Math.sign(percent)) {
        percent = -percent;
        this.report.report('OENORM_DISCOUNT_SIGN', 'info', `The ${d.where} states the percentage ${d.summeProzent.toFixed(2)} with the amount ${d.ergebnis.toFixed(2)}, whose sign differs; it was read as ${percent.toFixed(2)} % (a discount is negative in ÖNORM A 2063).`, d.itemNumber);
      }
      if (percent !== 0) target.deductionFactor = -percent / 100;
      return;
    }
    if (d.pa1Prozent === undefined && d.pa2Prozent === undefined) return;
    const shares = `${(d.pa1Prozent ?? 0).toFixed(2)} % and ${(d.pa2Prozent ?? 0).toFixed(2)} %`;
    if (d.ergebnis === undefined) {
      this.report.report('OENORM_DISCOUNT_AS_AMOUNT', 'warning', `The ${d.where} states a discount per price share (${shares}) without its amount (ergebnis); it was not read.`, d.itemNumber);
      return;
    }
    if (d.ergebnis !== 0) {
      target.absoluteDeduction = -d.ergebnis;
      const kept = (target.oenormProperties ??= {}) as Record<string, unknown>;
      kept.nachlassPreisanteile = { pa1: d.pa1Prozent ?? 0, pa2: d.pa2Prozent ?? 0, amount: -d.ergebnis };
    }
    this.report.report('OENORM_DISCOUNT_AS_AMOUNT', 'info', `The ${d.where} states a discount per price share (${shares}), which the model does not hold; it was read as the amount it states, ${d.ergebnis.toFixed(2)}.`, d.itemNumber);
  }
}

/**
 * The permission a captured `zugelassenenachlaesse` states, as the names of its elements in document order: the choice
 * (`aufsummen` | `aufpreisanteile`) and, in place of `hierarchiestufen`, the levels it lists (`auflvsumme` …).
 */
export function allowedDiscountsOf(table: CapturedElement): string[] {
  return table.children.flatMap((c) => (c.name === 'hierarchiestufen' ? c.children.map((l) => l.name) : [c.name]));
}
