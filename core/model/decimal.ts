/**
 * Decimal arithmetic for money and quantities (decimal.js), so totals never depend on binary floating point.
 * Rounding follows the project's `priceRoundingMode` (Normal = half away from zero, Floor, Ceiling) at
 * `priceAccuracy` decimals (AVACloud 1.27.4 API models (Dangl-IT/avacloud-client-python, avacloud_client_python/models) ProjectDto).
 */
import { Decimal } from 'decimal.js';
import type { PriceRoundingModeDto } from './types.js';

export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

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
