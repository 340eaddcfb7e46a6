/**
 * Units in their SIA 451 spelling: the G record's unit field holds two characters, and NPK positions use short
 * ASCII units — the real BauPlus tender of janhajk/451 (`lib/sia451.sample.01s`) has `St`, `m`, `m3`, `kg`, `h`,
 * `gl` (global: a lump sum) and `LE` (Leistungseinheit), and ASCII `m2`/`m3` rather than `m²`/`m³`. Spellings of
 * the same unit seen in GAEB and ÖNORM files map onto them (`Stk` → `St`, `psch`/`PA` → `gl`, `m²` → `m2`,
 * `lfm` → `m`, `Std` → `h`, `VE` → `LE` …); any other unit is written as it is (and cut to two characters,
 * reported by the writer).
 */
import { lookupTable } from '../../../core/lookup.js';

/** Other spellings (compared lower-case, blanks and a trailing dot removed) → SIA 451 unit. */
const SIA_UNITS: Readonly<Record<string, string>> = lookupTable({
  st: 'St', stk: 'St', stck: 'St', stück: 'St', pcs: 'St', pc: 'St', ea: 'St', each: 'St', nr: 'St',
  gl: 'gl', psch: 'gl', pschl: 'gl', pau: 'gl', pa: 'gl', pauschal: 'gl', pauschale: 'gl', ls: 'gl', lsum: 'gl', lumpsum: 'gl', flat: 'gl', global: 'gl',
  m: 'm', m1: 'm', lfm: 'm', lfdm: 'm', 'lfd.m': 'm', mtr: 'm',
  m2: 'm2', 'm²': 'm2', 'm^2': 'm2', qm: 'm2',
  m3: 'm3', 'm³': 'm3', 'm^3': 'm3', cbm: 'm3',
  kg: 'kg', t: 't', to: 't', tonne: 't', tonnen: 't', l: 'l', ltr: 'l', lt: 'l', liter: 'l',
  h: 'h', std: 'h', stunde: 'h', stunden: 'h', hr: 'h', hrs: 'h',
  le: 'LE', ve: 'LE',
});

/** The SIA 451 unit for a unit as the model holds it; `mapped` when the spelling changed. */
export function siaUnit(unit: string): { unit: string; mapped: boolean } {
  const trimmed = unit.trim();
  const key = trimmed.toLowerCase().replace(/\.$/, '').replace(/\s+/g, '');
  const found = SIA_UNITS[key];
  return found === undefined ? { unit: trimmed, mapped: false } : { unit: found, mapped: found !== trimmed };
}
