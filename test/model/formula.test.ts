import { describe, expect, it } from 'vitest';
import { evaluateFormula, evaluateFormulaDecimal } from '../../core/model/formula.js';

const ok = (result: number) => ({ result, valid: true, errorPositionInLine: -1 });
const bad = (errorPositionInLine: number) => ({ result: 0, valid: false, errorPositionInLine });

describe('evaluateFormula', () => {
  it.each([
    ['10', 10],
    ['14*9', 126],
    ['1,5', 1.5],
    ['1.5 + 2,25', 3.75],
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 - 4 - 3', 3],
    ['24 / 4 / 2', 3],
    ['-3 + 5', 2],
    ['2 * -3', -6],
    ['--2', 2],
    ['+4', 4],
    ['-(1 + 2) * 2', -6],
    ['3 × 4', 12],
    ['3 · 4', 12],
    ['12 ÷ 4', 3],
    ['12 : 4', 3],
    ['10 − 4', 6],
    ['−2 * 3', -6],
    ['.5 * 2', 1],
    ['5.', 5],
    ['  7  ', 7],
    ['0.1 + 0.2', 0.3],
    ['12,5*3 + 4', 41.5],
    ['((1))', 1],
  ])('%s = %d', (formula, expected) => {
    expect(evaluateFormula(formula)).toEqual(ok(expected));
  });

  it('computes in decimals, not binary floating point', () => {
    expect(evaluateFormula('0.1 * 3').result).toBe(0.3);
    expect(evaluateFormula('1.1 + 2.2').result).toBe(3.3);
    expect(evaluateFormulaDecimal('1 / 3').value.toString()).toBe('0.3333333333333333333333333333333333333333');
    expect(evaluateFormula('10 / 3').result).toBe(10 / 3);
  });

  it('treats an empty or blank formula as a valid 0', () => {
    expect(evaluateFormula('')).toEqual(ok(0));
    expect(evaluateFormula('   ')).toEqual(ok(0));
    expect(evaluateFormula(undefined as unknown as string)).toEqual(ok(0));
  });

  it.each([
    ['3*(2', 4],
    ['3*(2   ', 7],
    ['4**2', 2],
    ['abc', 0],
    ['  abc', 2],
    ['1/0', 2],
    ['5 / (2 - 2)', 4],
    ['1 +', 3],
    ['2 3', 2],
    ['1,5,3', 3],
    ['1 000', 2],
    ['2(3)', 1],
    ['(1 + 2', 6],
    ['1 + 2)', 5],
    ['x', 0],
    ['3 x 4', 2],
    ['10 %', 3],
    ['.', 0],
    ['1e5', 1],
    [')', 0],
  ])('%s is invalid at %d', (formula, position) => {
    expect(evaluateFormula(formula)).toEqual(bad(position));
  });

  it('rejects absurd nesting without throwing', () => {
    const deep = '('.repeat(5000) + '1' + ')'.repeat(5000);
    const r = evaluateFormula(deep);
    expect(r.valid).toBe(false);
    expect(r.errorPositionInLine).toBeGreaterThan(0);
    expect(evaluateFormula('-'.repeat(5000) + '1').valid).toBe(false);
  });

  it('never throws on odd input', () => {
    for (const f of ['\u0000', '(((', '))))', '1..2', '--', '÷', '1 ÷ ÷ 2', '9'.repeat(500)]) {
      expect(() => evaluateFormula(f)).not.toThrow();
    }
    expect(evaluateFormula('9'.repeat(20)).result).toBe(1e20);
  });
});
