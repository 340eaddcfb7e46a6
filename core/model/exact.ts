/**
 * Exact decimal values for the recalculation's hot path: a value is a scaled integer `m × 10^-k` held in plain
 * JavaScript numbers while it fits, and a decimal.js value (`D`, 40 significant digits, see `decimal.ts`) otherwise.
 *
 * Why the results equal decimal.js bit for bit:
 * - Every number involved is an integer of magnitude at most 2^53 − 1 (`Number.MAX_SAFE_INTEGER`), so an integer
 *   sum or product is exact whenever its floating-point result stays within that bound (a true result beyond it
 *   rounds to at least 2^53, which the bound check catches), and `%` is exact for all finite doubles (IEEE 754
 *   remainder has an exactly representable result). Scales stay within 0…22, where `10^k` is an exact double.
 * - Such values have at most 16 significant digits, far below `D`'s 40, so the decimal.js operation they replace
 *   would have been exact too; anything that does not fit (and every division) is computed by decimal.js itself.
 * - A JSON number enters as the value of its shortest decimal form (`String(x)`, ECMAScript Number::toString), as
 *   `new D(x)` reads it: the smallest `k` with `round(x · 10^k) / 10^k === x` gives that very value while
 *   `|m| < 2^51` (two different `k`-decimal values are further apart than the rounding interval of `x`).
 * - The JSON number of a value is `m / 10^k`: a division of two exact doubles rounds once, to the double nearest to
 *   the decimal, which is what `D.toNumber()` (decimal string → number) gives. Zero is always `+0`.
 * Rounding follows decimal.js's modes on the exact remainder: half away from zero (`ROUND_HALF_UP`), toward −∞
 * (`ROUND_FLOOR`), toward +∞ (`ROUND_CEIL`). Proven against decimal.js by test/model/exact.test.ts.
 */
import { D, type Dec } from './decimal.js';

/** decimal.js rounding modes used by the recalculation. */
export type ExactRounding = typeof D.ROUND_HALF_UP | typeof D.ROUND_FLOOR | typeof D.ROUND_CEIL;

const MAX = Number.MAX_SAFE_INTEGER;
/** Largest scale kept as an integer: 10^22 is the largest power of ten that is an exact double. */
const MAX_SCALE = 22;
/** Largest |m| a JSON number is read into: `x · 10^k` is then within 1/2 of `m` (see the module docstring). */
const MAX_READ = 2 ** 51;
const POW10 = Array.from({ length: MAX_SCALE + 1 }, (_, i) => 10 ** i);

/** An exact decimal: `m × 10^-k` when `big` is undefined, else `big`. Immutable. */
export class Exact {
  // Declared, not class fields: parameter properties would also emit the three as ES2022 class fields, which V8
  // defines one by one in a separate initializer before the constructor assigns them, for every value made.
  declare readonly m: number;
  declare readonly k: number;
  declare readonly big: Dec | undefined;

  /** Use {@link exactOf}, {@link exactOfDecimal} or {@link scaled}; `big` undefined means `m`/`k` hold the value. */
  private constructor(m: number, k: number, big: Dec | undefined) {
    this.m = m;
    this.k = k;
    this.big = big;
  }

  /** `m × 10^-k`; the caller guarantees an integer |m| ≤ 2^53 − 1 and an integer scale 0…22. */
  static scaled(m: number, k: number): Exact {
    return new Exact(m, k, undefined);
  }

  static ofDecimal(d: Dec): Exact {
    return new Exact(0, 0, d);
  }

  /** The value as decimal.js holds it. */
  decimal(): Dec {
    if (this.big !== undefined) return this.big;
    return new D(this.k === 0 ? this.m : `${this.m}e-${this.k}`);
  }

  isZero(): boolean {
    return this.big === undefined ? this.m === 0 : this.big.isZero();
  }

  plus(o: Exact): Exact {
    if (this.big === undefined && o.big === undefined) {
      let a = this.m;
      let b = o.m;
      let k = this.k;
      if (k < o.k) {
        a *= POW10[o.k - k];
        k = o.k;
      } else if (k > o.k) b *= POW10[k - o.k];
      const s = a + b;
      if (a <= MAX && a >= -MAX && b <= MAX && b >= -MAX && s <= MAX && s >= -MAX) return new Exact(s, k, undefined);
    }
    return exactOfDecimal(this.decimal().plus(o.decimal()));
  }

  minus(o: Exact): Exact {
    return this.plus(o.negated());
  }

  negated(): Exact {
    return this.big === undefined ? new Exact(-this.m, this.k, undefined) : new Exact(0, 0, this.big.negated());
  }

  times(o: Exact): Exact {
    if (this.big === undefined && o.big === undefined) {
      const p = this.m * o.m;
      const k = this.k + o.k;
      if (p <= MAX && p >= -MAX && k <= MAX_SCALE) return new Exact(p, k, undefined);
    }
    return exactOfDecimal(this.decimal().times(o.decimal()));
  }

  /** `this ÷ o` as decimal.js divides (rounded to 40 significant digits). */
  dividedBy(o: Exact): Exact {
    return exactOfDecimal(this.decimal().dividedBy(o.decimal()));
  }

  /** Rounded to `places` decimals in `mode` (decimal.js `toDecimalPlaces`); itself when it has no more decimals. */
  round(places: number, mode: ExactRounding): Exact {
    if (this.big !== undefined || (mode !== D.ROUND_HALF_UP && mode !== D.ROUND_FLOOR && mode !== D.ROUND_CEIL)) {
      const big = this.decimal();
      return big.decimalPlaces() > places ? exactOfDecimal(big.toDecimalPlaces(places, mode)) : this;
    }
    const k = this.k;
    if (k <= places) return this;
    const p = POW10[k - places];
    const m = this.m;
    const r = m % p; // exact, with the sign of m
    let q = (m - r) / p; // exact: m − r is a multiple of p within ±2^53
    if (r !== 0) {
      if (mode === D.ROUND_HALF_UP) {
        if (2 * (r < 0 ? -r : r) >= p) q += r < 0 ? -1 : 1;
      } else if (mode === D.ROUND_FLOOR) {
        if (r < 0) q -= 1;
      } else if (r > 0) q += 1;
    }
    return new Exact(q, places, undefined);
  }

  /** The JSON number: the double nearest to the value (as `D.toNumber()`), zero as +0. */
  toNumber(): number {
    if (this.big !== undefined) return decimalToNumber(this.big);
    const m = this.m;
    if (m === 0) return 0;
    return this.k === 0 ? m : m / POW10[this.k];
  }
}

/** The value of a JSON number's shortest decimal form (what `new D(x)` reads); non-finite values are not expected. */
export function exactOf(x: number): Exact {
  if (Number.isInteger(x) && x <= MAX && x >= -MAX) return Exact.scaled(x, 0);
  for (let k = 1; k <= MAX_SCALE; k++) {
    const m = Math.round(x * POW10[k]);
    if (m > MAX_READ || m < -MAX_READ) break;
    if (m / POW10[k] === x) return Exact.scaled(m, k);
  }
  return Exact.ofDecimal(new D(x));
}

/** A decimal.js value, as a scaled integer when it fits (at most 14 significant digits and 22 decimals). */
export function exactOfDecimal(v: Dec): Exact {
  const words = v.d;
  if (words !== null && words.length <= 2) {
    const first = words[0];
    if (first === 0) return Exact.scaled(0, 0);
    const mantissa = words.length === 1 ? first : first * 1e7 + words[1];
    const digits = leadingDigits(first) + (words.length - 1) * 7;
    const exponent = v.e - digits + 1; // value = ±mantissa × 10^exponent
    if (exponent <= 0 && exponent >= -MAX_SCALE) return Exact.scaled(v.s * mantissa, -exponent);
    if (exponent > 0 && exponent <= MAX_SCALE) {
      const m = mantissa * POW10[exponent];
      if (m <= MAX) return Exact.scaled(v.s * m, 0);
    }
  }
  return Exact.ofDecimal(v);
}

const leadingDigits = (w: number): number =>
  w < 10 ? 1 : w < 100 ? 2 : w < 1e3 ? 3 : w < 1e4 ? 4 : w < 1e5 ? 5 : w < 1e6 ? 6 : 7;

/**
 * The JSON number of a decimal: the nearest double, as `toNumber()` gives, zero as +0, without the string round
 * trip for values of up to 14 significant digits (an exact integer scaled by an exact power of ten rounds once).
 */
export function decimalToNumber(v: Dec): number {
  const e = exactOfDecimal(v);
  return e.big === undefined ? e.toNumber() : v.toNumber();
}
