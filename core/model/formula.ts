/**
 * Evaluation of `CalculationDto.formula` lines (quantity determination, price component values, labour times).
 *
 * Grammar (AVACloud 1.27.4 API models (Dangl-IT/avacloud-client-python, avacloud_client_python/models) `CalculationDto`: "math expression; ',' and '.' both decimal
 * separators; no thousands separator"):
 *
 * ```
 * expression := term (('+' | '-' | '−') term)*
 * term       := unary (('*' | '×' | '·' | '/' | '÷' | ':') unary)*
 * unary      := ('-' | '−' | '+') unary | primary
 * primary    := number | '(' expression ')'
 * number     := digit+ ([.,] digit*)? | [.,] digit+
 * ```
 *
 * Whitespace may appear between tokens. Arithmetic is decimal (decimal.js, 40 significant digits); nothing is
 * rounded here — callers round when they store a result.
 */
import { D, DECIMAL_MAX_TEXT, type Dec } from './decimal.js';
import { Exact } from './exact.js';

/** Outcome of one formula; `errorPositionInLine` is -1 when valid. */
export interface FormulaResult {
  result: number;
  valid: boolean;
  errorPositionInLine: number;
}

/** Same as {@link FormulaResult} with the exact decimal value (0 when invalid). */
export interface DecimalFormulaResult {
  value: Dec;
  valid: boolean;
  errorPositionInLine: number;
}

const MAX_NESTING = 200;
const ZERO = new D(0);
/** Largest magnitude of a result: the .NET `decimal` range of AVACloud's model (see `decimal.ts`). */
const MAX_RESULT = new D(DECIMAL_MAX_TEXT);

class FormulaError {
  constructor(readonly position: number) {}
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isSeparator = (c: number): boolean => c === 46 || c === 44;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0x202f;
const isMultiply = (c: number): boolean => c === 42 || c === 0xd7 || c === 0xb7;
const isDivide = (c: number): boolean => c === 47 || c === 0xf7 || c === 58;
const isMinus = (c: number): boolean => c === 45 || c === 0x2212;

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly src: string) {}

  parse(): Dec {
    const value = this.expression();
    this.skipSpace();
    if (this.pos < this.src.length) throw new FormulaError(this.pos);
    return value;
  }

  private skipSpace(): void {
    const s = this.src;
    while (this.pos < s.length && isSpace(s.charCodeAt(this.pos))) this.pos++;
  }

  private peek(): number {
    this.skipSpace();
    return this.pos < this.src.length ? this.src.charCodeAt(this.pos) : -1;
  }

  private expression(): Dec {
    let value = this.term();
    for (;;) {
      const c = this.peek();
      if (c === 43) {
        this.pos++;
        value = value.plus(this.term());
      } else if (isMinus(c)) {
        this.pos++;
        value = value.minus(this.term());
      } else {
        return value;
      }
    }
  }

  private term(): Dec {
    let value = this.unary();
    for (;;) {
      const c = this.peek();
      if (isMultiply(c)) {
        this.pos++;
        value = value.times(this.unary());
      } else if (isDivide(c)) {
        this.pos++;
        const divisorAt = this.peek() === -1 ? this.src.length : this.pos;
        const divisor = this.unary();
        if (divisor.isZero()) throw new FormulaError(divisorAt);
        value = value.dividedBy(divisor);
      } else {
        return value;
      }
    }
  }

  private unary(): Dec {
    const c = this.peek();
    if (isMinus(c) || c === 43) {
      this.enter();
      this.pos++;
      const operand = this.unary();
      this.depth--;
      return c === 43 ? operand : operand.negated();
    }
    return this.primary();
  }

  private primary(): Dec {
    const c = this.peek();
    if (c === -1) throw new FormulaError(this.src.length);
    if (c === 40) {
      this.enter();
      this.pos++;
      const value = this.expression();
      if (this.peek() !== 41) throw new FormulaError(this.pos);
      this.pos++;
      this.depth--;
      return value;
    }
    return this.number();
  }

  private number(): Dec {
    const s = this.src;
    const start = this.pos;
    let i = start;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    const intEnd = i;
    let fraction = '';
    if (i < s.length && isSeparator(s.charCodeAt(i))) {
      const fracStart = i + 1;
      let j = fracStart;
      while (j < s.length && isDigit(s.charCodeAt(j))) j++;
      if (intEnd === start && j === fracStart) throw new FormulaError(start);
      fraction = s.slice(fracStart, j);
      i = j;
    } else if (intEnd === start) {
      throw new FormulaError(start);
    }
    this.pos = i;
    const integer = intEnd > start ? s.slice(start, intEnd) : '0';
    return new D(fraction ? `${integer}.${fraction}` : integer);
  }

  private enter(): void {
    if (++this.depth > MAX_NESTING) throw new FormulaError(this.pos);
  }
}

/**
 * Evaluates a formula exactly. Never throws.
 * @returns the decimal value, or value 0 / `valid: false` / the zero-based index of the first offending character
 *   (the input length for an unexpected end, the divisor's first character for a division by zero, the first
 *   non-blank character for a result beyond ±79228162514264337593543950335, the .NET `decimal` range)
 */
export function evaluateFormulaDecimal(formula: string | null | undefined): DecimalFormulaResult {
  const src = typeof formula === 'string' ? formula : formula == null ? '' : String(formula);
  let i = 0;
  while (i < src.length && isSpace(src.charCodeAt(i))) i++;
  if (i === src.length) return { value: ZERO, valid: true, errorPositionInLine: -1 };
  try {
    const value = new Parser(src).parse();
    if (!value.isFinite() || value.abs().gt(MAX_RESULT)) return { value: ZERO, valid: false, errorPositionInLine: i };
    return { value, valid: true, errorPositionInLine: -1 };
  } catch (error) {
    const position = error instanceof FormulaError ? error.position : i;
    return { value: ZERO, valid: false, errorPositionInLine: position };
  }
}

/** Most significant digits a literal may have for {@link exactLiteral} (10^15 < 2^53). */
const MAX_LITERAL_DIGITS = 15;

/**
 * The value of a formula that is a single number (optional sign, digits with at most one decimal comma or point,
 * blanks around), as a scaled integer, e.g. `" 12,50 "` → 1250 × 10^-2; undefined for anything else (other
 * formulas, more than 15 digits, more than 22 decimals), which {@link evaluateFormulaDecimal} evaluates. Its value
 * is the one that function gives: the grammar's `unary` applied to one `number`.
 */
export function exactLiteral(src: string): Exact | undefined {
  const n = src.length;
  let i = 0;
  while (i < n && isSpace(src.charCodeAt(i))) i++;
  let negative = false;
  let c = i < n ? src.charCodeAt(i) : -1;
  if (isMinus(c) || c === 43) {
    negative = c !== 43;
    i++;
    while (i < n && isSpace(src.charCodeAt(i))) i++;
  }
  let m = 0;
  let digits = 0;
  let scale = -1;
  for (; i < n; i++) {
    c = src.charCodeAt(i);
    if (isDigit(c)) {
      m = m * 10 + (c - 48);
      if (m !== 0 && ++digits > MAX_LITERAL_DIGITS) return undefined;
      if (scale >= 0) scale++;
    } else if (isSeparator(c) && scale < 0) scale = 0;
    else break;
  }
  const end = i;
  while (i < n && isSpace(src.charCodeAt(i))) i++;
  if (i < n || scale > 22) return undefined;
  // at least one digit: not empty, not a lone sign or separator
  const last = src.charCodeAt(end - 1);
  if (!isDigit(last) && !(scale === 0 && end >= 2 && isDigit(src.charCodeAt(end - 2)))) return undefined;
  return Exact.scaled(negative ? -m : m, scale < 0 ? 0 : scale);
}

/**
 * Evaluates one calculation line, e.g. `"2,5 * (3 + 4)"` → `{ result: 17.5, valid: true, errorPositionInLine: -1 }`.
 *
 * Operators: `+`, minus `-` or `−`, multiply `* × ·`, divide `/ ÷ :`, unary minus and plus, parentheses; decimal comma or point;
 * no thousands separators. An empty or blank formula is valid with result 0. Invalid input (`3*(2`, `4**2`,
 * `abc`, division by zero) gives `valid: false`, `result: 0` and the zero-based position of the first offending
 * character (input length for an unexpected end); a result beyond ±79228162514264337593543950335 (the .NET `decimal`
 * range of AVACloud's model, e.g. `99999999*99999999*99999999*99999999`) is invalid at the formula's first
 * character. The result is not rounded; the calculation rounds it when it stores it (3 decimals for quantities).
 * Never throws.
 *
 * Source: AVACloud 1.27.4 API conventions (Dangl-IT/avacloud-client-python, API_README.md, docs) (input-vs-computed) and model `CalculationDto`.
 */
export function evaluateFormula(formula: string): FormulaResult {
  const r = evaluateFormulaDecimal(formula);
  return { result: r.valid ? r.value.toNumber() : 0, valid: r.valid, errorPositionInLine: r.errorPositionInLine };
}
