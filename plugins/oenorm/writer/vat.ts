/**
 * The LV's price with VAT (`summenormalausfuehrung`, 2009 `onlv.xsd` after `lv-summe`, `ontypdef.xsd`
 * `gesamtsumme.type`: `summe-des-lv`, `summe-nachlaesse`, `gesamtpreis`, `ust` (`ustsatz` in percent with at most two
 * decimals, `ustbetrag`), `angebotspreis`), written where the LV type has sums and the project counts at one tax rate
 * above zero (`totalPriceGrossByTaxRate` of the recalculation; the GAEB readers' `VAT`, the ÖNORM reader's `ustsatz`).
 * The amounts follow the sums as written: `summe-des-lv` is the sum of the normal positions, `gesamtpreis` the
 * `lv-summe` after every discount (`discounts.ts`), `summe-nachlaesse` the difference; the VAT is `gesamtpreis` times
 * the rate rounded half away from zero to the cent.
 * Several rates would need `ustanteile` and an `ustkennzeichen` on every position, which this writer does not write:
 * such a project gets no `summenormalausfuehrung`, reported.
 */
import type { ServiceSpecificationDto } from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';

/** A tax rate (a fraction) in percent for messages, to four decimals (0.07 × 100 is 7.000000000000001 in doubles). */
const percentOf = (rate: number): number => Math.round(rate * 1e6) / 1e4;

/** The tax rate in percent as `ustsatz.type` holds it (two decimals, below 100), undefined when it cannot. */
function ustsatz(rate: number): string | undefined {
  const percent = Math.round(rate * 10_000) / 100;
  return percent > 0 && percent < 100 && Math.abs(percent - rate * 100) < 1e-9 ? percent.toFixed(2) : undefined;
}

/**
 * Writes `summenormalausfuehrung` after `lv-summe` (see the module comment).
 * @param positions the sum of the normal positions before discounts, in project currency
 * @param sum the LV's net sum after every discount, as written in `lv-summe/summe-inkl-na`, in project currency
 */
export function writeSummeNormalausfuehrung(ctx: OenormWriterContext, spec: ServiceSpecificationDto, positions: number, sum: number): void {
  const byRate = spec.totalPriceGrossByTaxRate ?? [];
  if (!byRate.some((r) => r.taxRate !== 0)) return;
  if (byRate.length > 1) {
    const list = byRate.map((r) => `${percentOf(r.taxRate)} %`).join(', ');
    ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The LV's price with VAT (summenormalausfuehrung) was not written: its positions count at several tax rates (${list}), which ÖNORM states as VAT shares with an ustkennzeichen per position.`);
    return;
  }
  const rate = byRate[0].taxRate;
  const percent = ustsatz(rate);
  if (percent === undefined) {
    ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The LV's price with VAT (summenormalausfuehrung) was not written: the tax rate ${percentOf(rate)} % is not a percentage ÖNORM can state (0.01 to 99.99, two decimals).`);
    return;
  }
  // the sum to the cent, as lv-summe states it (`writeSum`)
  const cents = Math.round(Math.abs(sum) * 100);
  const taxCents = Math.sign(sum) * Math.round((cents * Math.round(Number(percent) * 100)) / 10_000);
  const gesamtpreis = ctx.amount((Math.sign(sum) * cents) / 100, 'gesamtpreis', 'summenormalausfuehrung');
  const positionCents = Math.round(positions * 100);
  const tax = taxCents / 100;
  ctx.b.open('summenormalausfuehrung')
    .leaf('summe-des-lv', ctx.amount(positionCents / 100, 'summe-des-lv', 'summenormalausfuehrung'))
    .leaf('summe-nachlaesse', ctx.amount((Math.sign(sum) * cents - positionCents) / 100, 'summe-nachlaesse', 'summenormalausfuehrung'))
    .leaf('gesamtpreis', gesamtpreis)
    .open('ust').leaf('ustsatz', percent).leaf('ustbetrag', ctx.amount(tax, 'ustbetrag', 'summenormalausfuehrung')).close()
    .leaf('angebotspreis', ctx.amount((Math.sign(sum) * cents + taxCents) / 100, 'angebotspreis', 'summenormalausfuehrung'))
    .close();
}
