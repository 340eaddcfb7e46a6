import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { ElementContainerBase } from '../../core/model/types.js';

type Input = Record<string, unknown>;
const priced = (unitPrice: number, fields: Input = {}): Input =>
  ({ elementTypeDiscriminator: 'PositionDto', quantityOverride: 1, unitPriceOverride: unitPrice, ...fields });
const twoRates = [priced(0.15), priced(0.15, { useDifferentTaxRate: true, taxRate: 0.07 })];

const sumOf = (c: ElementContainerBase, key: 'totalDeducted' | 'totalGrossDeducted' | 'totalNet'): number =>
  Math.round(c.totalPriceGrossByTaxRate!.reduce((s, r) => s + r[key], 0) * 100) / 100;

describe('a deduction factor over several tax rates', () => {
  it('splits the BoQ deducted net over the rates so that they add up to deductedPrice', () => {
    // 0.30 at 19 % and 7 %, 50 % off: 0.15 after the discount, not 0.08 + 0.08
    const spec = prepareProject(
      { priceAccuracy: 2, serviceSpecifications: [{ projectTaxRate: 0.19, deductionFactor: 0.5, elements: twoRates }] },
    ).serviceSpecifications![0];
    expect(spec.deductedPrice).toBe(0.15);
    expect(spec.totalPriceGrossByTaxRate!.map((r) => [r.taxRate, r.totalNet, r.totalDeducted, r.totalTaxDeducted])).toEqual([
      [0.07, 0.15, 0.08, 0.01],
      [0.19, 0.15, 0.07, 0.01],
    ]);
    expect(sumOf(spec, 'totalDeducted')).toBe(spec.deductedPrice);
    expect(sumOf(spec, 'totalGrossDeducted')).toBe(spec.totalPriceGrossDeducted);
    expect(spec.totalPriceGrossDeducted).toBe(0.17);
  });

  it('hands a discounted group on with per-rate nets that add up to the parent total', () => {
    const spec = prepareProject({
      priceAccuracy: 2,
      serviceSpecifications: [{
        projectTaxRate: 0.19,
        elements: [{ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', deductionFactor: 0.5, elements: twoRates }],
      }],
    }).serviceSpecifications![0];
    expect(spec.totalPrice).toBe(0.15);
    expect(sumOf(spec, 'totalNet')).toBe(spec.totalPrice);
    expect(sumOf(spec, 'totalGrossDeducted')).toBe(spec.totalPriceGrossDeducted);
  });

  it('keeps round(net × (1 − factor)) for a single rate', () => {
    const spec = prepareProject({
      priceAccuracy: 2,
      serviceSpecifications: [{ projectTaxRate: 0.19, deductionFactor: 0.05, elements: [priced(33.33), priced(66.66)] }],
    }).serviceSpecifications![0];
    expect(spec.deductedPrice).toBe(94.99); // 99.99 × 0.95 = 94.9905
    expect(spec.totalPriceGrossByTaxRate).toMatchObject([{ totalNet: 99.99, totalDeducted: 94.99, totalTaxDeducted: 18.05 }]);
  });
});
