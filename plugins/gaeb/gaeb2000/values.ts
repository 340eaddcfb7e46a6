/**
 * GAEB 2000 number and date values, read and written (GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83): numbers with a decimal comma
 * (iTWO, NEVARIS, SJ AVA, BUILDUP: `[Menge]1,000`, `[USt]19,00`) or point (CaliforniaX, Dangl: `20.000`,
 * `68484.5`); dates `DD.MM.YYYY`.
 */
import { D } from '../../../core/model/decimal.js';

/**
 * A GAEB 2000 number as a decimal string with a point: decimal comma or point; with a comma, points are thousands
 * separators (`1.234,50` → `1234.50`); blanks inside and a leading `+` are dropped, the digits kept as written.
 * @returns the decimal string, undefined for empty or malformed text
 */
export function gaeb2000Decimal(text: string | undefined): string | undefined {
  const t = (text ?? '').trim().replace(/\s+/g, '');
  if (t === '') return undefined;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(normal) ? normal.replace(/^\+/, '') : undefined;
}

/**
 * A GAEB 2000 number ({@link gaeb2000Decimal}).
 * @returns the number, undefined for empty or malformed text
 */
export function parseGaeb2000Number(text: string | undefined): number | undefined {
  const d = gaeb2000Decimal(text);
  return d === undefined ? undefined : Number(d);
}

/** `DD.MM.YYYY` → `YYYY-MM-DD`; undefined for other text and the Delphi zero date 30.12.1899 (BUILDUP). */
export function parseGaeb2000Date(text: string | undefined): string | undefined {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec((text ?? '').trim());
  if (!m || m[3] === '1899') return undefined;
  return `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

/**
 * A number as the writer puts it: decimal comma, `decimals` places rounded half away from zero (the model's
 * rounding, core/model/decimal.ts), no thousands separators (`1234.5` → `1234,500`).
 */
export const formatGaeb2000Number = (n: number, decimals: number): string => new D(n).toFixed(decimals, D.ROUND_HALF_UP).replace('.', ',');

/** `YYYY-MM-DD…` → `DD.MM.YYYY`; undefined for anything else. */
export const formatGaeb2000Date = (iso: string | undefined): string | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]}` : undefined;
};
