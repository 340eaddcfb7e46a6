/**
 * The OZ mask of REB-VB 23.003 (2009 edition, the DA11 header's columns 72–80; dazi-web/reb-da11 `src/OzMask.php`
 * cites section 2.2.3.1): digits `1`–`4` for the hierarchy levels, `P` for the position number, `I` for an index
 * character, padded with `0` to nine characters, e.g. `1122PPPPI` — which is also the fixed OZ layout of the 1979
 * edition (2 lot + 2 title + 4 position + 1 index; ORCA glossary, wslandcad help "Projekteigenschaften").
 */

/** Characters of an OZ (columns 3–11 of a DA11 line). */
export const OZ_LENGTH = 9;

/** The mask every 1979 file uses. */
export const MASK_1979 = '1122PPPPI';

/** A parsed mask: the width of each hierarchy level, of the position number, and whether an index follows. */
export interface OzMask {
  text: string;
  levels: number[];
  position: number;
  index: boolean;
}

const MASK = /^(1*)(2*)(3*)(4*)(P+)(I?)(0*)$/;

/** Parses a mask (`1122PPPPI`, `11PPPP000`); undefined when it is not one. */
export function parseOzMask(raw: string): OzMask | undefined {
  const text = raw.trim().padEnd(OZ_LENGTH, '0');
  const m = MASK.exec(text);
  if (!m || text.length !== OZ_LENGTH) return undefined;
  const levels = [m[1], m[2], m[3], m[4]].map((s) => s.length);
  while (levels.length > 0 && levels[levels.length - 1] === 0) levels.pop();
  if (levels.some((l) => l === 0)) return undefined;
  return { text, levels, position: m[5].length, index: m[6] === 'I' };
}

/** The mask of level widths, a position width and an index. */
export function buildOzMask(levels: readonly number[], position: number, index: boolean): OzMask | undefined {
  const text = levels.map((w, i) => String(i + 1).repeat(w)).join('') + 'P'.repeat(position) + (index ? 'I' : '');
  return levels.length <= 4 && position > 0 && text.length <= OZ_LENGTH ? parseOzMask(text) : undefined;
}

/** An OZ split by the mask: the level numbers, the position number and the index ('' when blank). */
export interface OzParts {
  levels: string[];
  position: string;
  index: string;
}

/** Splits the nine characters of an OZ by the mask. */
export function splitOz(oz: string, mask: OzMask): OzParts {
  let at = 0;
  const take = (n: number) => oz.slice(at, (at += n)).trim();
  const levels = mask.levels.map(take);
  const position = take(mask.position);
  const index = mask.index ? take(1) : '';
  return { levels, position, index };
}

/**
 * The nine characters of an OZ from its parts, each numeric part right-aligned with leading zeros in its width.
 * @returns undefined when a part is too long for its width, a level or position is not numeric, or the mask has
 *   no index but one is given
 */
export function formatOz(parts: OzParts, mask: OzMask): string | undefined {
  if (parts.levels.length !== mask.levels.length) return undefined;
  let oz = '';
  const widths = [...mask.levels, mask.position];
  const values = [...parts.levels, parts.position];
  for (let i = 0; i < widths.length; i++) {
    if (!/^\d+$/.test(values[i]) || values[i].length > widths[i]) return undefined;
    oz += values[i].padStart(widths[i], '0');
  }
  if (parts.index !== '') {
    if (!mask.index || !/^[A-Z0-9]$/i.test(parts.index)) return undefined;
    oz += parts.index.toUpperCase();
  } else if (mask.index) oz += ' ';
  return oz.padEnd(OZ_LENGTH, '0');
}
