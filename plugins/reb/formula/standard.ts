/**
 * The standard formulas of REB-VB 23.003 whose rule the public sources state (Daniel-Jorg-Schuppelius/
 * php-erechnung-toolkit `src/Helper/Gaeb/GaebTakeoffCalculator.php`, which evaluates exactly these; the
 * catalogue's other numbers — 25 in 1979, 26 in 2009, e.g. 16 trench, 24 ramp — are not public and are kept as
 * text, unevaluated). Values are the line's value fields in order (metres etc., already scaled); angles in gon
 * (2009) or degrees (1979).
 *
 * | no. | name | value |
 * |---|---|---|
 * | 00 | plain calculation | sum of the values, each with the sign written behind it |
 * | 01 | triangle from base and height | a·h/2 |
 * | 02 | triangle from two sides and the angle between | a·b·sin γ/2 |
 * | 03 | triangle from three sides | Heron |
 * | 04 | rectangle or cuboid | a·b or a·b·c |
 * | 05 | trapezoid | (a+b)/2·h |
 * | 20 | Pythagoras | √(a²+b²) |
 * | 30 | square root | √a |
 * | 31 | arithmetic mean | Σv/n |
 * | 32 | quadratic mean | √(Σv²/n) |
 */
import type { AngleUnit } from './expression.js';

/** One value field read: its value and, for formula 00, its sign. */
export interface FieldValue {
  value: number;
  /** The value in decimal-comma notation, signed (`-1,25`), for the arithmetic form. */
  text: string;
}

/**
 * A value field as written: 3 implied decimals (`5200` = 5,2) unless it has a decimal separator; a `-` before or
 * behind it negates it (formula 00 writes the sign behind), other operator characters around it are dropped.
 * @returns undefined when the field holds something else than a number
 */
export function readValueField(raw: string): FieldValue | undefined {
  const negative = /^\s*-|-\s*$/.test(raw);
  const digits = raw.replace(/^[+\-*/=\s]+|[+\-*/=\s]+$/g, '');
  if (!/^\d+(?:[.,]\d+)?$/.test(digits)) return undefined;
  const magnitude = /[.,]/.test(digits) ? Number(digits.replace(',', '.')) : Number(digits) / 1000;
  const value = negative ? -magnitude : magnitude;
  return { value, text: String(value).replace('.', ',') };
}

interface Rule {
  /** How many values the formula needs at least. */
  min: number;
  value(v: readonly number[], angle: AngleUnit): number | undefined;
  /** The same as an expression of + − × ÷ and parentheses (what the project's formula grammar reads), when it is one. */
  arithmetic?(t: readonly string[]): string;
}

const radians = (angle: number, unit: AngleUnit) => angle * Math.PI / (unit === 'gon' ? 200 : 180);
const mean = (v: readonly number[]) => v.reduce((s, x) => s + x, 0) / v.length;

const RULES: Readonly<Record<string, Rule>> = {
  '00': { min: 1, value: (v) => v.reduce((s, x) => s + x, 0), arithmetic: (t) => t.join('+').replace(/\+-/g, '-') },
  '01': { min: 2, value: (v) => v[0] * v[1] / 2, arithmetic: (t) => `${t[0]}*${t[1]}/2` },
  '02': { min: 3, value: (v, unit) => v[0] * v[1] * Math.sin(radians(v[2], unit)) / 2 },
  '03': {
    min: 3,
    value: ([a, b, c]) => {
      const s = (a + b + c) / 2;
      const q = s * (s - a) * (s - b) * (s - c);
      return q < 0 ? undefined : Math.sqrt(q);
    },
  },
  '04': { min: 2, value: (v) => v.slice(0, 3).reduce((p, x) => p * x, 1), arithmetic: (t) => t.slice(0, 3).join('*') },
  '05': { min: 3, value: (v) => (v[0] + v[1]) / 2 * v[2], arithmetic: (t) => `(${t[0]}+${t[1]})/2*${t[2]}` },
  '20': { min: 2, value: (v) => Math.hypot(v[0], v[1]) },
  '30': { min: 1, value: (v) => (v[0] < 0 ? undefined : Math.sqrt(v[0])) },
  '31': { min: 1, value: mean, arithmetic: (t) => (t.length === 1 ? t[0] : `(${t.join('+').replace(/\+-/g, '-')})/${t.length}`) },
  '32': { min: 1, value: (v) => Math.sqrt(mean(v.map((x) => x * x))) },
};

/** Whether the formula number is one of the standard formulas evaluated here (91 is the free formula: expression.ts). */
export const isStandardFormula = (formulaNumber: string): boolean => Object.hasOwn(RULES, formulaNumber);

/**
 * The value of a standard formula and its arithmetic form.
 * @returns undefined when the number is not one of {@link RULES}, there are too few values, or the value is not
 *   defined (a negative root, sides that form no triangle)
 */
export function evaluateStandard(formulaNumber: string, fields: readonly FieldValue[], angle: AngleUnit): { value: number; arithmetic?: string } | undefined {
  const rule = isStandardFormula(formulaNumber) ? RULES[formulaNumber] : undefined;
  if (!rule || fields.length < rule.min) return undefined;
  const value = rule.value(fields.map((f) => f.value), angle);
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return { value, arithmetic: rule.arithmetic?.(fields.map((f) => f.text)) };
}
