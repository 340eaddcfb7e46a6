/**
 * The LV's price with VAT (`summenormalausfuehrung`, 2009 `onlv.xsd` after `lv-summe`, `ontypdef.xsd`
 * `gesamtsumme.type`: `summe-des-lv`, `summe-nachlaesse`, `gesamtpreis`, then `ust` (`ustsatz` in percent with at
 * most two decimals, `ustbetrag`) or `ustanteile`, then `angebotspreis`), written where the LV type has sums and the
 * project counts at a tax rate above zero (`totalPriceGrossByTaxRate` of the recalculation; the GAEB readers' `VAT`,
 * the ÖNORM reader's `ustsatz`).
 *
 * - One rate: `ust`. The amounts follow the sums as written: `summe-des-lv` is the sum of the normal positions,
 *   `gesamtpreis` the `lv-summe` after every discount (`discounts.ts`), `summe-nachlaesse` the difference; the VAT is
 *   `gesamtpreis` times the rate rounded half away from zero to the cent.
 * - Several rates (positions with a rate of their own, `useDifferentTaxRate`, alternative and optional ones too):
 *   `ustanteile`, one `ustanteil` per rate with the recalculation's amounts at that rate (`netto` after discounts,
 *   `ustsatz`, `ustbetrag`, `brutto`; 0.00 for a rate only positions that do not count have), and
 *   every priced position names its share by `ustkennzeichen` after its `pospreis` ("nur wenn mehr als ein USt-Satz im
 *   LV vorgesehen wird"). A share keeps the `ustkennzeichen` the ÖNORM reader kept when the positions name each rate
 *   by one mark; otherwise the rates are marked 0, 1, … in ascending order. More than ten rates (marks 0–9) are
 *   reported, not written.
 */
import type { GrossPriceComponentDto, PositionDto, ServiceSpecificationDto } from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';

/** `ustkennzeichen.type`: 0 … 9. */
const MARKS = 10;

/** A tax rate (a fraction) in percent for messages, to four decimals (0.07 × 100 is 7.000000000000001 in doubles). */
const percentOf = (rate: number): number => Math.round(rate * 1e6) / 1e4;

/** The tax rate in percent as `ustsatz.type` holds it (0 to 99.99, two decimals), undefined when it cannot. */
function ustsatz(rate: number): string | undefined {
  const percent = Math.round(rate * 10_000) / 100;
  return percent >= 0 && percent < 100 && Math.abs(percent - rate * 100) < 1e-9 ? percent.toFixed(2) : undefined;
}

/** The rate a position counts at: its own, or the specification's. */
const rateOf = (p: PositionDto, spec: ServiceSpecificationDto): number =>
  (p.useDifferentTaxRate === true ? p.taxRate : spec.projectTaxRate) ?? 0;

/**
 * The VAT shares of an LV with several rates: the `ustkennzeichen` of each rate, undefined for an LV at one rate (or
 * none), an LV type without sums, or rates ÖNORM cannot state (reported when written: {@link writeSummeNormalausfuehrung}).
 * @param positions every position of the specification
 */
export function vatShares(spec: ServiceSpecificationDto, positions: readonly PositionDto[], sums: boolean): Map<number, string> | undefined {
  const counted = (spec.totalPriceGrossByTaxRate ?? []).map((r) => r.taxRate);
  // as `writeSummeNormalausfuehrung`: nothing is stated for an LV whose counted positions bear no VAT
  if (!sums || !counted.some((r) => r !== 0)) return undefined;
  const rates = [...new Set([...counted, ...positions.map((p) => rateOf(p, spec))])];
  if (rates.length < 2 || rates.length > MARKS || rates.some((r) => ustsatz(r) === undefined)) return undefined;
  // the marks an ÖNORM source gave, when every rate has one mark of its own
  const kept = new Map<number, string>();
  const used = new Set<string>();
  let consistent = true;
  for (const p of positions) {
    const mark = p.oenormPositionProperties?.ustkennzeichen;
    if (typeof mark !== 'string') continue;
    const rate = rateOf(p, spec);
    const known = kept.get(rate);
    if (known === undefined && !used.has(mark) && /^[0-9]$/.test(mark)) {
      kept.set(rate, mark);
      used.add(mark);
    } else if (known !== mark) consistent = false;
  }
  if (consistent && rates.every((r) => kept.has(r))) return kept;
  return new Map([...rates].sort((a, b) => a - b).map((r, i) => [r, String(i)]));
}

/** The `ustkennzeichen` a position names (undefined without shares). */
export function ustkennzeichenOf(shares: Map<number, string> | undefined, p: PositionDto, spec: ServiceSpecificationDto): string | undefined {
  return shares?.get(rateOf(p, spec));
}

/**
 * Writes `summenormalausfuehrung` after `lv-summe` (see the module comment).
 * @param positions the sum of the normal positions before discounts, in project currency
 * @param sum the LV's net sum after every discount, as written in `lv-summe/summe-inkl-na`, in project currency
 * @param shares the marks of the rates (`vatShares`), when the positions were written with them
 */
export function writeSummeNormalausfuehrung(
  ctx: OenormWriterContext, spec: ServiceSpecificationDto, positions: number, sum: number, shares: Map<number, string> | undefined,
): void {
  const byRate = spec.totalPriceGrossByTaxRate ?? [];
  if (!byRate.some((r) => r.taxRate !== 0)) return;
  const percent = shares === undefined ? singleRate(ctx, byRate) : undefined;
  if (shares === undefined && percent === undefined) return;
  // the sum to the cent, as lv-summe states it (`writeSum`)
  const cents = Math.round(Math.abs(sum) * 100);
  const positionCents = Math.round(positions * 100);
  const where = 'summenormalausfuehrung';
  const b = ctx.b.open('summenormalausfuehrung')
    .leaf('summe-des-lv', ctx.amount(positionCents / 100, 'summe-des-lv', where))
    .leaf('summe-nachlaesse', ctx.amount((Math.sign(sum) * cents - positionCents) / 100, 'summe-nachlaesse', where))
    .leaf('gesamtpreis', ctx.amount((Math.sign(sum) * cents) / 100, 'gesamtpreis', where));
  if (percent !== undefined) {
    const taxCents = Math.sign(sum) * Math.round((cents * Math.round(Number(percent) * 100)) / 10_000);
    b.open('ust').leaf('ustsatz', percent).leaf('ustbetrag', ctx.amount(taxCents / 100, 'ustbetrag', where)).close()
      .leaf('angebotspreis', ctx.amount((Math.sign(sum) * cents + taxCents) / 100, 'angebotspreis', where))
      .close();
    return;
  }
  b.open('ustanteile');
  for (const [rate, mark] of [...shares!].sort((x, y) => Number(x[1]) - Number(y[1]))) {
    const r = byRate.find((x) => x.taxRate === rate);
    b.open('ustanteil', { ustkennzeichen: mark })
      .leaf('netto', ctx.amount(r?.totalDeducted ?? 0, 'netto', where))
      .leaf('ustsatz', ustsatz(rate)!)
      .leaf('ustbetrag', ctx.amount(r?.totalTaxDeducted ?? 0, 'ustbetrag', where))
      .leaf('brutto', ctx.amount(r?.totalGrossDeducted ?? 0, 'brutto', where))
      .close();
  }
  b.close().leaf('angebotspreis', ctx.amount(spec.totalPriceGrossDeducted ?? 0, 'angebotspreis', where)).close();
}

/**
 * The `ustsatz` of an LV written without shares: its one rate in percent; undefined (reported) for several rates
 * (those `vatShares` found ÖNORM cannot state) or a rate that is not a two-decimal percentage.
 */
function singleRate(ctx: OenormWriterContext, byRate: readonly GrossPriceComponentDto[]): string | undefined {
  if (byRate.length > 1) {
    const list = byRate.map((r) => `${percentOf(r.taxRate)} %`).join(', ');
    ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The LV's price with VAT (summenormalausfuehrung) was not written: its positions count at tax rates (${list}) ÖNORM cannot state as VAT shares (at most ten, each a percentage with two decimals).`);
    return undefined;
  }
  const percent = ustsatz(byRate[0].taxRate);
  if (percent === undefined) {
    ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The LV's price with VAT (summenormalausfuehrung) was not written: the tax rate ${percentOf(byRate[0].taxRate)} % is not a percentage ÖNORM can state (0.01 to 99.99, two decimals).`);
  }
  return percent;
}
