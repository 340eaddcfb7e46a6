/**
 * The expression of a REB-VB 23.003 free formula (formula number 91) and its value.
 *
 * Grammar (REB-VB 23.003 2009 as the public implementations dazi-web/reb-da11 `src/Tokenizer.php` and
 * Daniel-Jorg-Schuppelius/php-erechnung-toolkit `src/Helper/Gaeb/GaebExpression.php` read it):
 *
 * ```
 * expression := term (('+' | '-') term)*
 * term       := unary (('*' | '/' | ':') unary)*
 * unary      := ('-' | '+') unary | power
 * power      := primary (('**' | '^') unary)?          right-associative
 * primary    := number | address | function '(' expression ')' | '(' expression ')'
 * number     := digit+ ([,.] digit+)? ('E' [+-]? digit+)?   decimal comma or point
 * address    := digit{4} letter digit                     the stored result of that row (`0001A0`)
 * function   := sin | cos | tan | asin | acos | atan      angles in gon (2009) or degrees (1979)
 * ```
 *
 * Blanks between tokens are ignored; a final `=` (the end mark of the last line) is not part of the expression.
 * Values are IEEE doubles; the caller rounds a line's result to the three decimals REB keeps.
 */

/** The angle unit of the trigonometric functions: gon (400 per circle, 2009 edition) or degrees (1979). */
export type AngleUnit = 'gon' | 'degree';

/** The value of an expression, or where and why it could not be read. */
export type ExpressionResult =
  | { valid: true; value: number }
  | { valid: false; position: number; problem: string };

/** Looks up the stored result of an earlier row by its address (`0001A0`); undefined when none is stored. */
export type AddressLookup = (address: string) => number | undefined;

const FUNCTIONS = ['sin', 'cos', 'tan', 'asin', 'acos', 'atan'] as const;
type FunctionName = (typeof FUNCTIONS)[number];

class ExpressionError {
  constructor(readonly position: number, readonly problem: string) {}
}

const NUMBER = /\d+(?:[.,]\d+)?(?:E[+-]?\d+)?/y;
const ADDRESS = /\d{4}[A-Z]\d(?![\d.,])/y;
const NAME = /[A-Za-z]+/y;

class Reader {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly src: string,
    private readonly angle: AngleUnit,
    private readonly lookup: AddressLookup,
  ) {}

  read(): number {
    const value = this.expression();
    this.blanks();
    if (this.pos < this.src.length) {
      throw new ExpressionError(this.pos, this.src[this.pos] === ')' ? 'a closing parenthesis without an opening one' : `unexpected '${this.src[this.pos]}'`);
    }
    return value;
  }

  private blanks(): void {
    while (this.src[this.pos] === ' ') this.pos++;
  }

  private peek(): string {
    this.blanks();
    return this.src[this.pos] ?? '';
  }

  private expression(): number {
    if (++this.depth > 100) throw new ExpressionError(this.pos, 'nested too deeply');
    let value = this.term();
    for (let c = this.peek(); c === '+' || c === '-'; c = this.peek()) {
      this.pos++;
      const right = this.term();
      value = c === '+' ? value + right : value - right;
    }
    this.depth--;
    return value;
  }

  private term(): number {
    let value = this.unary();
    for (let c = this.peek(); (c === '*' && this.src[this.pos + 1] !== '*') || c === '/' || c === ':'; c = this.peek()) {
      const at = this.pos++;
      const right = this.unary();
      if (c !== '*' && right === 0) throw new ExpressionError(at, 'a division by zero');
      value = c === '*' ? value * right : value / right;
    }
    return value;
  }

  private unary(): number {
    const c = this.peek();
    if (c === '-' || c === '+') {
      this.pos++;
      const v = this.unary();
      return c === '-' ? -v : v;
    }
    return this.power();
  }

  private power(): number {
    const base = this.primary();
    this.blanks();
    const op = this.src.startsWith('**', this.pos) ? 2 : this.src[this.pos] === '^' ? 1 : 0;
    if (op === 0) return base;
    this.pos += op;
    return base ** this.unary();
  }

  private sticky(re: RegExp): string | undefined {
    re.lastIndex = this.pos;
    const m = re.exec(this.src);
    if (!m) return undefined;
    this.pos = re.lastIndex;
    return m[0];
  }

  private primary(): number {
    const at = (this.blanks(), this.pos);
    const c = this.src[at];
    if (c === undefined) throw new ExpressionError(at, 'the expression ends where a value is expected');
    if (c === '(') return this.parenthesised();
    const address = this.sticky(ADDRESS);
    if (address !== undefined) {
      const stored = this.lookup(address);
      if (stored === undefined) throw new ExpressionError(at, `no stored result at address ${address}`);
      return stored;
    }
    const number = this.sticky(NUMBER);
    if (number !== undefined) return Number(number.replace(',', '.'));
    const name = this.sticky(NAME);
    if (name !== undefined) {
      const fn = name.toLowerCase() as FunctionName;
      if (!FUNCTIONS.includes(fn)) throw new ExpressionError(at, `unknown function '${name}' (REB 23.003 knows ${FUNCTIONS.join(', ')})`);
      if (this.peek() !== '(') throw new ExpressionError(this.pos, `'(' expected after ${name}`);
      return this.apply(fn, this.parenthesised(), at);
    }
    throw new ExpressionError(at, c === ')' ? 'a closing parenthesis where a value is expected' : `unexpected '${c}'`);
  }

  private parenthesised(): number {
    const open = this.pos++;
    const value = this.expression();
    if (this.peek() !== ')') throw new ExpressionError(open, 'an opening parenthesis is not closed');
    this.pos++;
    return value;
  }

  private apply(fn: FunctionName, x: number, at: number): number {
    const perRadian = this.angle === 'gon' ? 200 / Math.PI : 180 / Math.PI;
    switch (fn) {
      case 'sin': return Math.sin(x / perRadian);
      case 'cos': return Math.cos(x / perRadian);
      case 'tan': return Math.tan(x / perRadian);
      case 'atan': return Math.atan(x) * perRadian;
      default: {
        if (x < -1 || x > 1) throw new ExpressionError(at, `${fn} of ${x} (outside −1…1)`);
        return (fn === 'asin' ? Math.asin(x) : Math.acos(x)) * perRadian;
      }
    }
  }
}

/**
 * Evaluates a free-formula expression.
 * @param expression the joined expression text, with or without its final `=`
 * @param angle      unit of the trigonometric functions' angles
 * @param lookup     stored results of earlier rows, for address references
 * @returns the value, or the 0-based position in `expression` and the problem
 */
export function evaluateExpression(expression: string, angle: AngleUnit, lookup: AddressLookup = () => undefined): ExpressionResult {
  const src = expression.replace(/[\t\r\n]/g, ' ').replace(/=\s*$/, '');
  if (src.trim() === '') return { valid: false, position: 0, problem: 'the expression is empty' };
  try {
    const value = new Reader(src, angle, lookup).read();
    if (!Number.isFinite(value)) return { valid: false, position: 0, problem: 'the value is not finite' };
    return { valid: true, value };
  } catch (err) {
    if (err instanceof ExpressionError) return { valid: false, position: err.position, problem: err.problem };
    throw err;
  }
}

/** Whether the expression uses only what the project's formula grammar knows (+ − × ÷, parentheses, numbers). */
export function isPlainArithmetic(expression: string): boolean {
  return /^[\d\s.,+\-*/():]*$/.test(expression) && !expression.includes('**');
}

/**
 * Rounds a line's value to the three decimals REB keeps, half away from zero; the product with 1000 is corrected
 * by a relative 2⁻⁵² so that a decimal half written in binary just below it (2,0045 → 2004.4999…) rounds up.
 */
export function roundReb(value: number): number {
  const r = Math.sign(value) * Math.round(Math.abs(value) * 1000 * (1 + Number.EPSILON)) / 1000;
  return r === 0 ? 0 : r;
}

const CALL = /\b(a?(?:sin|cos|tan))\s*\(/gi;

/** Whether the expression calls an angle function (its value depends on the angle unit). */
export const usesAngles = (expression: string): boolean => /\b(a?(?:sin|cos|tan))\s*\(/i.test(expression);

/**
 * A 1979 expression (angles in degrees) rewritten for the 2009 edition (angles in gon), value for value:
 * `sin(x)` → `sin((x)*10/9)`, `asin(x)` → `(asin(x)*9/10)` (400 gon = 360°; the form dazi-web/reb-da11's tests
 * use). An expression with unbalanced parentheses is returned unchanged.
 */
export function degreesToGon(expression: string): string {
  let out = '';
  let at = 0;
  CALL.lastIndex = 0;
  for (let m = CALL.exec(expression); m; m = CALL.exec(expression)) {
    const open = CALL.lastIndex - 1;
    let depth = 0;
    let close = -1;
    for (let i = open; i < expression.length; i++) {
      if (expression[i] === '(') depth++;
      else if (expression[i] === ')' && --depth === 0) {
        close = i;
        break;
      }
    }
    if (close < 0) return expression;
    const inner = degreesToGon(expression.slice(open + 1, close));
    const name = m[1];
    out += expression.slice(at, m.index) + (/^a/i.test(name) ? `(${name}(${inner})*9/10)` : `${name}((${inner})*10/9)`);
    at = close + 1;
    CALL.lastIndex = at;
  }
  return out + expression.slice(at);
}
