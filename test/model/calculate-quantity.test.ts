/**
 * Property test of the quantity override path of the recalculation: an override of at most three decimals is
 * taken as it is (no decimal arithmetic), others are rounded; both must give exactly what decimal.js gives.
 */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto } from '../../core/model/types.js';
import { seededRandom } from '../support/random.js';

const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
/** A JSON number as the service writes it (no negative zero). */
const json = (d: Decimal): number => d.toNumber() + 0;


const SPECIAL = [
  0, -0, 1, -1, 0.001, 0.0005, -0.0005, 0.0015, 1.0005, 2.675, 0.1 + 0.2, 1234.567, 1234.5670000000001, 1e-7, 123456789012.345,
  9007199254740.993, 1e15 + 0.5, 1e21, -1e21, 7.922816251426434e28, -7.922816251426434e28, 5e-324, 0.3333333333333333, 10.333, 99999.9995,
];

function values(n: number): number[] {
  const next = seededRandom(1234);
  const out = [...SPECIAL];
  for (let i = 0; i < n; i++) {
    const places = Math.floor(next() * 9);
    const magnitude = Math.floor(next() * 14) - 3;
    const raw = (next() - 0.3) * 10 ** magnitude;
    out.push(next() < 0.5 ? Number(raw.toFixed(Math.min(places, 20))) : raw);
  }
  return out;
}

describe('quantity overrides', () => {
  it('give the rounded quantity and totals decimal.js gives, for random values', () => {
    const next = seededRandom(99);
    const quantities = values(3000);
    const elements = quantities.map((q) => ({
      elementTypeDiscriminator: 'PositionDto',
      quantityOverride: q,
      unitPriceOverride: next() < 0.3 ? 0 : Number(((next() - 0.2) * 1000).toFixed(Math.floor(next() * 5))),
    }));
    const spec = prepareProject({ serviceSpecifications: [{ elements }] }).serviceSpecifications![0];
    spec.elements!.forEach((e, i) => {
      const p = e as PositionDto;
      const q = new Dec(quantities[i]).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
      const up = new Dec(elements[i].unitPriceOverride).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
      const total = q.isZero() || up.isZero() ? new Dec(0) : q.times(up).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
      const where = `quantityOverride ${quantities[i]}, unitPriceOverride ${elements[i].unitPriceOverride}`;
      expect(Object.is(p.quantity, json(q)), `${where}: quantity ${p.quantity} ≠ ${json(q)}`).toBe(true);
      expect(p.unitPrice, where).toBe(json(up));
      expect(p.totalPrice, where).toBe(json(total));
    });
  });

  it('keeps a three-decimal override exactly and rounds a longer one half away from zero', () => {
    const spec = prepareProject({
      serviceSpecifications: [{ elements: [0.37, -0, 1.0005, -1.0005, 1234.5670000000001].map((q) => ({ elementTypeDiscriminator: 'PositionDto', quantityOverride: q })) }],
    }).serviceSpecifications![0];
    const quantities = spec.elements!.map((e) => (e as PositionDto).quantity);
    expect(quantities).toEqual([0.37, 0, 1.001, -1.001, 1234.567]);
    expect(Object.is(quantities[1], 0)).toBe(true);
  });

  it('takes a unit price override as it is when it has the unit price accuracy, -0 as 0, and rounds a longer one', () => {
    const spec = prepareProject({
      priceAccuracy: 2,
      serviceSpecifications: [{ elements: [12.5, -0, 3.125, -3.125].map((up) => ({ elementTypeDiscriminator: 'PositionDto', quantityOverride: 2, unitPriceOverride: up })) }],
    }).serviceSpecifications![0];
    const unitPrices = spec.elements!.map((e) => (e as PositionDto).unitPrice);
    expect(unitPrices).toEqual([12.5, 0, 3.13, -3.13]);
    expect(Object.is(unitPrices[1], 0)).toBe(true);
    expect(spec.elements!.map((e) => (e as PositionDto).totalPrice)).toEqual([25, 0, 6.26, -6.26]);
  });
});
