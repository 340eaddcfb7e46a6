/**
 * Property test of the recalculation's prices against decimal.js: random positions (quantities and unit prices of
 * many scales and both signs, price components given as formulas, deductions, tax rates) in each price rounding
 * mode and accuracy; every position's unit price, totals and gross amounts and the container's sums must be the
 * JSON numbers that the same rules computed with decimal.js (40 digits) give.
 */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto, PriceRoundingModeDto } from '../../core/model/types.js';
import { seededRandom } from '../support/random.js';

const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof Dec>;
const MODES: Record<PriceRoundingModeDto, Decimal.Rounding> = { Normal: Decimal.ROUND_HALF_UP, Floor: Decimal.ROUND_FLOOR, Ceiling: Decimal.ROUND_CEIL };
/** A JSON number as the service writes it (no negative zero). */
const json = (d: D): number => d.toNumber() + 0;

/** A decimal of 0–`maxScale` decimals, mostly positive; now and then a tie (…5) or a full-precision double. */
function amount(next: () => number, maxScale: number, magnitude: number): number {
  const r = next();
  if (r < 0.05) return (next() - 0.2) * 10 ** Math.floor(next() * magnitude); // e.g. 123.45678901234567
  const scale = Math.floor(next() * (maxScale + 1));
  const m = Math.floor(next() * 10 ** (magnitude + scale));
  const sign = next() < 0.15 ? '-' : '';
  return Number(r < 0.25 ? `${sign}${m}5e-${scale + 1}` : `${sign}${m}e-${scale}`);
}

describe('recalculated prices', () => {
  for (const mode of ['Normal', 'Floor', 'Ceiling'] as const) {
    it(`equal decimal.js arithmetic for random positions (${mode})`, () => {
      const next = seededRandom(mode.length * 1000 + 17);
      const places = 1 + Math.floor(next() * 3);
      const round = (d: D, p = places) => (d.decimalPlaces() > p ? d.toDecimalPlaces(p, MODES[mode]) : d);
      const rates = [0, 0.19, 0.2, 0.077, 0.1];
      interface Input {
        elementTypeDiscriminator: string;
        quantityOverride: number;
        unitPriceOverride?: number;
        priceComponents?: { label: string; values: { formula: string }[] }[];
        deductionFactor: number;
        useDifferentTaxRate: boolean;
        taxRate: number;
      }
      const elements = Array.from({ length: 1500 }, (): Input => {
        const components = next() < 0.5;
        return {
          elementTypeDiscriminator: 'PositionDto',
          quantityOverride: amount(next, 4, 5),
          ...(components
            ? { priceComponents: [{ label: 'Lohn', values: [{ formula: String(amount(next, 3, 3)).replace('.', ',') }] }, { label: 'Sonstiges', values: [{ formula: String(amount(next, 3, 3)) }] }] }
            : { unitPriceOverride: amount(next, 3, 4) }),
          deductionFactor: next() < 0.3 ? amount(next, 3, 0) / 10 : 0,
          useDifferentTaxRate: true,
          taxRate: rates[Math.floor(next() * rates.length)],
        };
      });
      const deduction = 0.035;
      const project = prepareProject({
        priceAccuracy: places,
        priceRoundingMode: mode,
        serviceSpecifications: [{ deductionFactor: deduction, elements: structuredClone(elements) }],
      });
      const spec = project.serviceSpecifications![0];
      const failures: string[] = [];
      const check = (what: string, actual: number | undefined, expected: D) => {
        if (!Object.is(actual, json(expected))) failures.push(`${what}: ${actual} ≠ ${json(expected)}`);
      };
      let net = new Dec(0);
      spec.elements!.forEach((e, i) => {
        const p = e as PositionDto;
        const input = elements[i];
        const q = new Dec(input.quantityOverride).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
        const parts = (input.priceComponents ?? []).map((c) => new Dec(c.values[0].formula.replace(',', '.')).toDecimalPlaces(6, Decimal.ROUND_HALF_UP));
        const unit = round(input.unitPriceOverride !== undefined ? new Dec(input.unitPriceOverride) : parts.reduce((a, b) => a.plus(b), new Dec(0)));
        const total = q.isZero() || unit.isZero() ? new Dec(0) : round(q.times(unit));
        const deducted = input.deductionFactor === 0 || total.isZero() ? total : round(total.times(new Dec(1).minus(input.deductionFactor)));
        const where = `position ${i} (${JSON.stringify(input)})`;
        check(`${where} unitPrice`, p.unitPrice, unit);
        check(`${where} totalPrice`, p.totalPrice, total);
        check(`${where} deductedPrice`, p.deductedPrice, deducted);
        check(`${where} totalPriceGross`, p.totalPriceGross, input.taxRate === 0 ? total : round(total.times(new Dec(1).plus(input.taxRate))));
        check(`${where} totalPriceGrossDeducted`, p.totalPriceGrossDeducted, input.taxRate === 0 ? deducted : round(deducted.times(new Dec(1).plus(input.taxRate))));
        net = net.plus(deducted);
      });
      check('service specification totalPrice', spec.totalPrice, net);
      check('service specification deductedPrice', spec.deductedPrice, round(net.times(new Dec(1).minus(deduction))));
      expect(failures.slice(0, 10)).toEqual([]);
    });
  }
});
