/**
 * Spreadsheet formulas of the written workbook, and the step back from a quantity cell's formula to a quantity
 * component. Office Open XML keeps formulas in invariant form (`.` decimal point, `,` between arguments;
 * ECMA-376 Part 1 §18.17) whatever the user's locale shows, so `=2,5*4` typed in a German Excel is stored as
 * `2.5*4`.
 */
import { evaluateFormulaDecimal } from '../../core/model/formula.js';
import type { CalculationDto, PriceRoundingModeDto } from '../../core/model/types.js';

/**
 * `ROUND` as the project rounds prices (AVACloud `PriceRoundingModeDto`): Normal = half away from zero (Excel
 * `ROUND`), Floor = toward −∞, Ceiling = toward +∞ (`FLOOR`/`CEILING` with a significance of 10^−places are
 * toward zero for negative numbers in Excel 2007, so `INT` of the scaled value is used).
 */
export function roundFormula(expression: string, places: number, mode: PriceRoundingModeDto | undefined): string {
  if (mode === 'Floor') return `INT((${expression})*10^${places})/10^${places}`;
  if (mode === 'Ceiling') return `-INT(-(${expression})*10^${places})/10^${places}`;
  return `ROUND(${expression},${places})`;
}

/** A calculation line in spreadsheet syntax (`2,5×4` → `2.5*4`), or undefined when it holds anything else. */
function spreadsheetExpression(formula: string): string | undefined {
  const expression = formula
    .replace(/[×·]/g, '*').replace(/[÷:]/g, '/').replace(/−/g, '-').replace(/,/g, '.').replace(/[\s\u00a0\u202f]+/g, '');
  return /^[-+*/().0-9]+$/.test(expression) && /[0-9]/.test(expression) ? expression : undefined;
}

/**
 * The quantity cell's formula for a position's quantity components (their sum, each line in parentheses), or
 * undefined when a line is not plain arithmetic or its exact value has more than the three decimals the model
 * rounds each line's result to (the cell would then differ from the quantity).
 */
export function quantityFormula(components: readonly CalculationDto[] | undefined): string | undefined {
  if (!components?.length) return undefined;
  const parts: string[] = [];
  for (const line of components) {
    const expression = spreadsheetExpression(line.formula ?? '');
    if (expression === undefined) return undefined;
    const value = evaluateFormulaDecimal(expression);
    if (!value.valid || value.value.decimalPlaces() > 3) return undefined;
    parts.push(components.length === 1 ? expression : `(${expression})`);
  }
  return parts.join('+');
}

/**
 * A quantity cell's formula as a calculation line of the model (`2.5*4`), or undefined when the formula is more
 * than arithmetic on numbers (cell references, functions): then the cached value is the quantity.
 */
export function quantityComponentOf(formula: string): CalculationDto | undefined {
  const expression = spreadsheetExpression(formula.replace(/^=/, ''));
  if (expression === undefined || !evaluateFormulaDecimal(expression).valid) return undefined;
  return { formula: expression };
}
