/**
 * Decimal arithmetic for money and quantities (decimal.js), so totals never depend on binary floating point.
 * Rounding follows the project's `priceRoundingMode` (Normal = half away from zero, Floor, Ceiling) at
 * `priceAccuracy` decimals (AVACloud 1.27.4 API models (Dangl-IT/avacloud-client-python, avacloud_client_python/models) ProjectDto).
 */
import { Decimal } from 'decimal.js';
import type { PriceRoundingModeDto } from './types.js';

export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

/**
 * Largest magnitude of a number of the model: the largest .NET `decimal` (2^96 − 1 = 79228162514264337593543950335),
 * the type AVACloud holds quantities, prices and rates in. Bounded inputs keep every product and sum the
 * recalculation forms a finite JSON number (a double reaches 1.8e308). Source: .NET `System.Decimal.MaxValue`.
 */
export const DECIMAL_MAX_TEXT = '79228162514264337593543950335';
/** {@link DECIMAL_MAX_TEXT} as the nearest double (7.922816251426434e28). */
export const DECIMAL_MAX = Number(DECIMAL_MAX_TEXT);

const MODES: Record<PriceRoundingModeDto, Decimal.Rounding> = {
  Normal: Decimal.ROUND_HALF_UP,
  Floor: Decimal.ROUND_FLOOR,
  Ceiling: Decimal.ROUND_CEIL,
};

/** Converts a JSON number (or numeric string) to a decimal; non-finite and missing values become 0. */
export function dec(value: unknown): Dec {
  if (typeof value === 'number') return Number.isFinite(value) ? new D(value) : new D(0);
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      return new D(value.trim().replace(',', '.'));
    } catch {
      return new D(0);
    }
  }
  if (value instanceof D) return value as Dec;
  return new D(0);
}

/** Rounds to `places` decimals in the given mode and returns a JSON number. */
export function round(value: Dec, places: number, mode: PriceRoundingModeDto = 'Normal'): number {
  return value.toDecimalPlaces(places, MODES[mode] ?? Decimal.ROUND_HALF_UP).toNumber();
}

/**
 * Fixed-point formatting of a JSON number, rounding half away from zero on its shortest decimal representation
 * (the same digits decimal.js sees for a number, without allocating decimals: a 40k-item BoQ formats ~200k
 * values). Returns undefined for values in exponent notation, which the caller formats with decimal.js.
 */
export function formatFixed(value: number, scale: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const negative = value < 0;
  const s = String(negative ? -value : value);
  if (s.indexOf('e') >= 0) return undefined;
  const dot = s.indexOf('.');
  const int = dot < 0 ? s : s.slice(0, dot);
  const frac = dot < 0 ? '' : s.slice(dot + 1);
  let out: string;
  if (frac.length <= scale) {
    out = scale > 0 ? `${int}.${frac.padEnd(scale, '0')}` : int;
  } else {
    let digits = int + frac.slice(0, scale);
    if (frac.charCodeAt(scale) >= 53 /* '5' */) {
      const chars = digits.split('');
      let i = chars.length - 1;
      while (i >= 0 && chars[i] === '9') chars[i--] = '0';
      if (i >= 0) chars[i] = String.fromCharCode(chars[i].charCodeAt(0) + 1);
      else chars.unshift('1');
      digits = chars.join('');
    }
    const intPart = digits.slice(0, digits.length - scale) || '0';
    out = scale > 0 ? `${intPart}.${digits.slice(digits.length - scale)}` : intPart;
  }
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}
