/**
 * Property tests of the recalculation's exact arithmetic (`core/model/exact.ts`) against decimal.js: reading JSON
 * numbers, sums, differences, products, quotients and rounding in the three price rounding modes give the very
 * value decimal.js gives (same precision, 40 digits) and the same JSON number, for random decimals of many scales
 * and signs, rounding ties, and values at and beyond the scaled-integer range (where decimal.js takes over).
 */
import { describe, expect, it } from 'vitest';
import { D, type Dec } from '../../core/model/decimal.js';
import { Exact, decimalToNumber, exactOf, exactOfDecimal, type ExactRounding } from '../../core/model/exact.js';
import { evaluateFormulaDecimal, exactLiteral } from '../../core/model/formula.js';
import { seededRandom } from '../support/random.js';

const MODES: [string, ExactRounding][] = [['half up', D.ROUND_HALF_UP], ['floor', D.ROUND_FLOOR], ['ceiling', D.ROUND_CEIL]];

const SPECIAL = [
  0, -0, 1, -1, 0.5, -0.5, 0.001, 0.0005, -0.0005, 0.0015, 1.0005, 2.675, -2.675, 1.005, 0.125, -0.125, 0.1 + 0.2,
  1234.567, 1234.5670000000001, 1e-7, -1e-7, 123456789012.345, 9007199254740.993, 1e15 + 0.5, 1e21, -1e21, 1e22,
  2 ** 51, 2 ** 51 + 1, 2 ** 52 - 0.5, 2 ** 53 - 1, 2 ** 53, -(2 ** 53 - 1), 1.7976931348623157e308, 5e-324,
  0.3333333333333333, 10.333, 99999.9995, 0.19, 0.2, 0.07, 1.19, 0.045, 4.35, 1e-22, 1.5e-22, 123e-20,
];

/** A random decimal of 0–15 decimals and 1–16 digits, either sign, or (sometimes) an arbitrary double. */
function randomNumber(next: () => number): number {
  const r = next();
  if (r < 0.1) return SPECIAL[Math.floor(next() * SPECIAL.length)];
  if (r < 0.2) return (next() - 0.5) * 10 ** (Math.floor(next() * 30) - 12); // full-precision doubles
  const scale = Math.floor(next() * 16);
  const digits = 1 + Math.floor(next() * 16);
  const m = Math.floor(next() * 10 ** digits);
  const value = Number(`${next() < 0.4 ? '-' : ''}${m}e-${scale}`);
  // ties at the rounding positions the recalculation uses: …5 in the last place
  return next() < 0.2 ? Number(`${Math.floor(value * 100)}5e-3`) : value;
}

/** Mismatches found by {@link check} (expect() per value would make the loops slow). */
let mismatches: string[] = [];

/** Records a mismatch unless `actual` has the value and the JSON number of `expected`. */
function check(actual: Exact, expected: Dec, what: string): void {
  const a = actual.decimal().toString();
  if (a !== expected.toString()) mismatches.push(`${what}: ${a} ≠ ${expected.toString()}`);
  else if (!Object.is(actual.toNumber(), decimalToNumber(expected))) mismatches.push(`${what}: toNumber ${actual.toNumber()} ≠ ${decimalToNumber(expected)}`);
}

const same = (actual: Exact, expected: Dec, what: string): void => {
  mismatches = [];
  check(actual, expected, what);
  expect(mismatches).toEqual([]);
};

describe('exact decimals', () => {
  it('read a JSON number as decimal.js reads it (its shortest decimal form)', () => {
    const next = seededRandom(7);
    const inputs = [...SPECIAL];
    for (let i = 0; i < 20000; i++) inputs.push(randomNumber(next));
    let scaled = 0;
    mismatches = [];
    for (const x of inputs) {
      const e = exactOf(x);
      if (e.big === undefined) scaled++;
      check(e, new D(x), `exactOf(${x})`);
      if (!Object.is(e.toNumber(), x + 0)) mismatches.push(`toNumber of ${x}: ${e.toNumber()}`);
    }
    expect(mismatches).toEqual([]);
    expect(scaled).toBeGreaterThan(inputs.length / 2); // the fast path is what is tested
  });

  it('add, subtract, multiply, divide and round exactly as decimal.js does', () => {
    const next = seededRandom(42);
    let fast = 0;
    mismatches = [];
    for (let i = 0; i < 20000; i++) {
      const x = randomNumber(next);
      const y = randomNumber(next);
      const a = exactOf(x);
      const b = exactOf(y);
      const da = new D(x);
      const db = new D(y);
      const where = `${x} and ${y}`;
      const sum = a.plus(b);
      const product = a.times(b);
      if (sum.big === undefined && product.big === undefined) fast++;
      check(sum, da.plus(db), `${where}: sum`);
      check(a.minus(b), da.minus(db), `${where}: difference`);
      check(product, da.times(db), `${where}: product`);
      if (!db.isZero()) check(a.dividedBy(b), da.dividedBy(db), `${where}: quotient`);
      if (sum.isZero() !== da.plus(db).isZero()) mismatches.push(`${where}: sum is zero`);
      const places = Math.floor(next() * 8);
      for (const [name, mode] of MODES) {
        check(a.round(places, mode), da.toDecimalPlaces(places, mode), `${x} rounded ${name} to ${places}`);
        check(product.round(places, mode), da.times(db).toDecimalPlaces(places, mode), `${where}: product rounded ${name} to ${places}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(fast, 'sums and products on the scaled-integer path').toBeGreaterThan(3000);
  });

  it('rounds ties away from zero (Normal), toward −∞ (Floor) and toward +∞ (Ceiling)', () => {
    const cases: [number, number, number, number, number][] = [
      // value, places, half up, floor, ceiling
      [2.675, 2, 2.68, 2.67, 2.68],
      [-2.675, 2, -2.68, -2.68, -2.67],
      [1.005, 2, 1.01, 1, 1.01],
      [-1.005, 2, -1.01, -1.01, -1],
      [0.0005, 3, 0.001, 0, 0.001],
      [-0.0005, 3, -0.001, -0.001, 0],
      [12.3449, 2, 12.34, 12.34, 12.35],
      [99999.9995, 3, 100000, 99999.999, 100000],
      [0.5, 0, 1, 0, 1],
      [-0.5, 0, -1, -1, 0],
    ];
    for (const [value, places, halfUp, floor, ceiling] of cases) {
      const e = exactOf(value);
      expect(e.round(places, D.ROUND_HALF_UP).toNumber(), `${value} half up`).toBe(halfUp);
      expect(e.round(places, D.ROUND_FLOOR).toNumber(), `${value} floor`).toBe(floor);
      expect(e.round(places, D.ROUND_CEIL).toNumber(), `${value} ceiling`).toBe(ceiling);
    }
    // a product's tie: 1.5 × 1.5 = 2.25 → 2.3; −2.25 → −2.3
    expect(exactOf(1.5).times(exactOf(1.5)).round(1, D.ROUND_HALF_UP).toNumber()).toBe(2.3);
    expect(exactOf(-1.5).times(exactOf(1.5)).round(1, D.ROUND_HALF_UP).toNumber()).toBe(-2.3);
    // zero is +0 in JSON, whatever its sign
    expect(Object.is(exactOf(-0.0004).round(3, D.ROUND_HALF_UP).toNumber(), 0)).toBe(true);
  });

  it('hands values beyond the scaled-integer range to decimal.js and gets their exact results', () => {
    const big = exactOf(2 ** 53 - 1);
    expect(big.big).toBeUndefined();
    const sum = big.plus(exactOf(1));
    expect(sum.big).toBeDefined();
    expect(sum.decimal().toString()).toBe('9007199254740992');
    const product = exactOf(123456789.123).times(exactOf(987654321.987));
    expect(product.big).toBeDefined();
    expect(product.decimal().toString()).toBe('121932631355968601.347401');
    expect(exactOf(0.1 + 0.2).big).toBeDefined(); // 17 significant digits
    expect(exactOf(0.1 + 0.2).decimal().toString()).toBe('0.30000000000000004');
  });

  it('takes a decimal.js value as a scaled integer when it fits, keeping its value', () => {
    const next = seededRandom(3);
    mismatches = [];
    for (let i = 0; i < 5000; i++) {
      const digits = 1 + Math.floor(next() * 20);
      const text = `${next() < 0.5 ? '-' : ''}${Math.floor(next() * 10 ** digits)}e${Math.floor(next() * 40) - 25}`;
      const d = new D(text);
      check(exactOfDecimal(d), d, text);
    }
    expect(mismatches).toEqual([]);
  });

  it('reads a formula that is one number as the formula evaluator does', () => {
    const next = seededRandom(11);
    const blanks = ['', ' ', '  ', '\t', '\u00a0'];
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
    const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(next() * 10))).join('');
    mismatches = [];
    let literals = 0;
    for (let i = 0; i < 20000; i++) {
      const integer = digits(Math.floor(next() * 10));
      const fraction = digits(Math.floor(next() * 10));
      const separator = next() < 0.7 ? pick(['.', ',']) : '';
      const sign = pick(['', '', '-', '+', '\u2212', '- ']);
      const formula = `${pick(blanks)}${sign}${integer}${separator}${separator ? fraction : ''}${pick(blanks)}`;
      const literal = exactLiteral(formula);
      const reference = evaluateFormulaDecimal(formula);
      if (literal === undefined) continue;
      literals++;
      if (!reference.valid) mismatches.push(`${JSON.stringify(formula)} is not valid`);
      check(literal, reference.value, JSON.stringify(formula));
    }
    expect(mismatches).toEqual([]);
    expect(literals).toBeGreaterThan(10000);
    for (const formula of ['1+2', '2*3', '(4)', '.', '-', '', ' ', '1.2.3', '5e3', '--5', '1 2', '1234567890123456', '0.00000000000000000000001']) {
      expect(exactLiteral(formula), JSON.stringify(formula)).toBeUndefined();
    }
    expect(exactLiteral('12,50')?.toNumber()).toBe(12.5);
    expect(exactLiteral(' -.5 ')?.toNumber()).toBe(-0.5);
    expect(exactLiteral('7.')?.toNumber()).toBe(7);
  });
});
