/**
 * A REB take-off calculation as a quantity component of the project (`CalculationDto`): `description` = the
 * explanation (a comment line: its text), `formula` = what the project's formula grammar evaluates to the same
 * value, and the REB fields kept beside them so that a take-off written back is the one read:
 *
 * | property | meaning |
 * |---|---|
 * | `rebFormulaNumber` | REB-VB 23.003 formula number (`91` free formula, `04` rectangle, …; '' on comment and total lines) |
 * | `rebFlag` | column 13: `*` comment, `H` helper value, `E` result, `Z` subtotal, `P` position total, `S` estimated quantity (absent = blank) |
 * | `rebAddress` | the row address of the first line (`0001A0`) |
 * | `rebContinuationAddresses` | formula 91 over several lines: the row addresses of its second and later lines as read ('' for a line without) |
 * | `rebFactor` | the factor of columns 24–29 as a decimal (`2`, `0,5`; absent = 1) |
 * | `rebDeduction` | `true` when column 23 is `-` |
 * | `rebExpression` | formula 91: the expression as written, without the final `=` |
 * | `rebValues` | a standard formula's value fields as written (3 implied decimals) |
 * | `rebResult` | the line's value, when `formula` could not say it in + − × ÷ (REB functions, angles, address references) |
 * | `rebAngleUnit` | `degree` on a 1979 calculation with angles (the 2009 edition's are gon) |
 *
 * The sign and factor are part of `formula` (`-2*(1,01*2,135)`), so the component's result is the line's value.
 */
import type { CalculationDto } from '../../../core/model/types.js';

/** The REB fields of a quantity component (see the module comment). */
export interface RebComponentFields {
  rebFormulaNumber: string;
  rebFlag?: string;
  rebAddress?: string;
  rebContinuationAddresses?: string[];
  rebFactor?: string;
  rebDeduction?: boolean;
  rebExpression?: string;
  rebValues?: string[];
  rebResult?: number;
  rebAngleUnit?: 'degree';
}

export type RebComponent = CalculationDto & RebComponentFields;

/** A number in decimal-comma notation without trailing zeros (`2.5` → `2,5`). */
export function decimalComma(value: number): string {
  return String(value).replace('.', ',');
}

/**
 * The factor field (columns 24–29) as a decimal (`2000` → `2`, `500` → `0,5`, `2,5` → `2,5`); undefined for 1 or
 * blank; null when the field holds no factor the layout allows.
 *
 * Rule: REB-VB 23.003 (2009) line layout, as dazi-web/reb-da11 `src/Da11Reader.php` and Daniel-Jorg-Schuppelius/
 * php-erechnung-toolkit `src/Helper/Gaeb/GaebTakeoffRecord.php` read it: columns 24–29 "factor, 3 implied
 * decimals, blank = 1", its sign in column 23 (`-` = deduction). Implied decimals are the decimals of a field of
 * digits only; the public layout has no decimal separator in the field, so a field written with a decimal comma
 * or point is taken to state its decimals itself (`  2,5` = 2,5, not 0,0025) — this gateway's reading, the same
 * it gives the value fields, which carry the same 3 implied decimals (formula/standard.ts `readValueField`). A
 * sign or any other character in columns 24–29 is outside the layout (the sign has column 23): null.
 */
export function factorText(field: string): string | undefined | null {
  const digits = field.trim();
  if (digits === '') return undefined;
  if (!/^\d+(?:[.,]\d+)?$/.test(digits)) return null;
  const value = /[.,]/.test(digits) ? Number(digits.replace(',', '.')) : Number(digits) / 1000;
  return value === 1 ? undefined : decimalComma(value);
}

/** The factor as a number (1 when absent). */
export const factorValue = (text: string | undefined): number => (text === undefined ? 1 : Number(text.replace(',', '.')));

/** Whether `expression` needs parentheses after a factor or sign (it has a top-level `+` or `-` after its start). */
function needsParentheses(expression: string): boolean {
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && i > 0 && (c === '+' || c === '-') && !/[*/:(^]\s*$/.test(expression.slice(0, i))) return true;
  }
  return false;
}

/** `expression` with the line's sign and factor in front: `-2*(a+b)`. */
export function withFactor(expression: string, factor: string | undefined, deduction: boolean): string {
  const prefix = `${deduction ? '-' : ''}${factor !== undefined ? `${factor}*` : ''}`;
  if (prefix === '') return expression;
  return needsParentheses(expression) || (prefix === '-' && expression.startsWith('-')) ? `${prefix}(${expression})` : prefix + expression;
}

/**
 * The project formula of a component from its REB fields: the arithmetic form with factor and sign when there is
 * one, else the value (`rebResult`), else the REB text (then the project marks it invalid).
 */
export function projectFormula(f: RebComponentFields, arithmetic: string | undefined): string {
  if (arithmetic !== undefined) return withFactor(arithmetic, f.rebFactor, f.rebDeduction === true);
  if (f.rebResult !== undefined) return decimalComma(f.rebResult);
  if (f.rebExpression !== undefined) return f.rebExpression;
  return f.rebValues?.length ? `FN ${f.rebFormulaNumber}: ${f.rebValues.join(' ')}` : '';
}
