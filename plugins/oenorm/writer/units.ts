/**
 * Units onto the closed ÖNORM unit list (2009 `ontypdef.xsd` `einheit.type`: cm m km cm² m² cm³ m³ l g kg t Stk
 * PA h d Wo Mo VE). Spellings of the same unit seen in GAEB, SIA 451 and German tender software map onto the
 * ÖNORM one (`m2` → `m²`, `St`/`Stck` → `Stk`, `psch`/`pau`/SIA `gl` → `PA` (Pauschale), `Std` → `h`, `Tag` → `d`
 * …); a unit with no equivalent is written as `VE` (Verrechnungseinheit, the list's generic unit) and reported.
 */
import { lookupTable } from '../../../core/lookup.js';

export const OENORM_UNITS: readonly string[] = ['cm', 'm', 'km', 'cm²', 'm²', 'cm³', 'm³', 'l', 'g', 'kg', 't', 'Stk', 'PA', 'h', 'd', 'Wo', 'Mo', 'VE'];
const LIST = new Set(OENORM_UNITS);

/** Other spellings (compared lower-case, blanks and a trailing dot removed) → ÖNORM unit. */
const ALIASES: Readonly<Record<string, string>> = lookupTable({
  m1: 'm', lfm: 'm', lfdm: 'm', 'lfd.m': 'm', mtr: 'm',
  cm2: 'cm²', 'cm^2': 'cm²', qcm: 'cm²', m2: 'm²', 'm^2': 'm²', qm: 'm²', 'm²': 'm²',
  cm3: 'cm³', 'cm^3': 'cm³', m3: 'm³', 'm^3': 'm³', cbm: 'm³', 'm³': 'm³',
  ltr: 'l', liter: 'l', lt: 'l',
  to: 't', tonne: 't', tonnen: 't',
  st: 'Stk', stk: 'Stk', stck: 'Stk', stück: 'Stk', stk1: 'Stk', pcs: 'Stk', pc: 'Stk', ea: 'Stk', each: 'Stk', nr: 'Stk',
  psch: 'PA', pau: 'PA', pa: 'PA', pauschal: 'PA', pauschale: 'PA', ls: 'PA', lsum: 'PA', 'lump sum': 'PA', gl: 'PA', global: 'PA',
  std: 'h', stunde: 'h', stunden: 'h', hr: 'h', hrs: 'h',
  tag: 'd', tage: 'd', tg: 'd', day: 'd', days: 'd', at: 'd',
  wo: 'Wo', woche: 'Wo', wochen: 'Wo', wk: 'Wo',
  mo: 'Mo', mon: 'Mo', monat: 'Mo', monate: 'Mo', mt: 'Mo',
  ve: 'VE', le: 'VE',
});

/** The fallback for a unit without equivalent. */
export const FALLBACK_UNIT = 'VE';

/** The ÖNORM unit for a unit as the model holds it: `exact` (on the list), `mapped`, or `unknown` (fallback). */
export function oenormUnit(unit: string): { unit: string; kind: 'exact' | 'mapped' | 'unknown' } {
  const trimmed = unit.trim();
  if (LIST.has(trimmed)) return { unit: trimmed, kind: 'exact' };
  const key = trimmed.toLowerCase().replace(/\.$/, '').replace(/\s+/g, ' ');
  const alias = ALIASES[key] ?? ALIASES[key.replace(/ /g, '')];
  if (alias !== undefined) return { unit: alias, kind: 'mapped' };
  const cased = OENORM_UNITS.find((u) => u.toLowerCase() === key);
  if (cased !== undefined) return { unit: cased, kind: 'mapped' };
  return { unit: FALLBACK_UNIT, kind: 'unknown' };
}
