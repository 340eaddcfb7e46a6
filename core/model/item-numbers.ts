/**
 * Item numbers ("Ordnungszahl", OZ) and the item number schema.
 *
 * A schema is an ordered list of tiers: an optional `Lot` tier first, `Group` tiers, exactly one `Position` tier,
 * and an optional one-character `Index` tier last (GAEB DA XML 3.3 Lib, tgBoQBkdn; 3.0 spec §5.7 business rules).
 * The string form joins the tier identifiers with the separator; groups carry a trailing separator ("01.02."),
 * positions do not ("01.02.0010"). A skipped group tier in a position number is written with the skipped-tiers
 * filler ("01.__.0010", AVACloud option `SupportSkippedItemNumberLevelsInPositions`).
 */
import type { ItemNumberSchemaDto, ItemNumberSchemaTierDto } from './types.js';

export const DEFAULT_SEPARATOR = '.';
export const DEFAULT_FILLER = '0';
export const DEFAULT_SKIPPED_TIERS_FILLER = '_';

export interface SchemaLayout {
  separator: string;
  filler: string;
  skippedFiller: string;
  tiers: ItemNumberSchemaTierDto[];
  /** Indexes into `tiers` of the group-like tiers (Lot and Group), in order. */
  groupTiers: number[];
  /** Index of the Position tier, -1 when the schema has none. */
  positionTier: number;
  /** Index of the Index tier, -1 when absent. */
  indexTier: number;
}

/** Resolves separators, fillers and the tier roles of a schema (absent values take the defaults). */
export function schemaLayout(schema: ItemNumberSchemaDto | undefined): SchemaLayout {
  const tiers = schema?.tiers ?? [];
  const groupTiers: number[] = [];
  let positionTier = -1;
  let indexTier = -1;
  tiers.forEach((t, i) => {
    const kind = t.tierType ?? 'Undefined';
    if (kind === 'Position') positionTier = i;
    else if (kind === 'Index') indexTier = i;
    else if (kind === 'Group' || kind === 'Lot' || (kind === 'Undefined' && positionTier < 0)) groupTiers.push(i);
  });
  return {
    separator: schema?.separator || DEFAULT_SEPARATOR,
    filler: schema?.filler || DEFAULT_FILLER,
    skippedFiller: schema?.skippedTiersFiller || DEFAULT_SKIPPED_TIERS_FILLER,
    tiers,
    groupTiers,
    positionTier,
    indexTier,
  };
}

/**
 * Pads one identifier to its tier's length with the filler (left, as GAEB prints right-aligned numbers).
 * Identifiers made only of the skipped-tiers filler are widened with the same character.
 */
export function padIdentifier(id: string, tier: ItemNumberSchemaTierDto | undefined, layout: SchemaLayout): string {
  const length = tier?.length ?? id.length;
  if (id.length >= length) return id;
  if (id.length > 0 && consistsOf(id, layout.skippedFiller)) return layout.skippedFiller.repeat(length);
  return layout.filler.repeat(length - id.length) + id;
}

/** Whether every character (code point) of `id` is `filler`; true for an empty `id`. */
function consistsOf(id: string, filler: string): boolean {
  if (filler.length !== 1) return [...id].every((c) => c === filler);
  // One UTF-16 unit: comparing units gives the same answer (half of a surrogate pair never equals a whole one).
  const code = filler.charCodeAt(0);
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) !== code) return false;
  return true;
}

/** Splits a string item number into its raw parts (a trailing separator, as groups have it, is dropped). */
export function splitItemNumber(value: string, separator = DEFAULT_SEPARATOR): string[] {
  const trimmed = value.trim();
  if (trimmed === '') return [];
  let parts: string[];
  if (separator === '') {
    parts = trimmed.split(separator);
    for (let i = 0; i < parts.length; i++) parts[i] = parts[i].trim();
  } else {
    // `trimmed.split(separator)` with each part trimmed, without the generic split.
    parts = [];
    let start = 0;
    for (let at = trimmed.indexOf(separator); at >= 0; at = trimmed.indexOf(separator, start)) {
      parts.push(trimmed.slice(start, at).trim());
      start = at + separator.length;
    }
    parts.push(trimmed.slice(start).trim());
  }
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Whether `value` equals `formatItemNumber(identifiers, separator, group)`, compared without building that string. */
export function isFormatted(value: string, identifiers: readonly string[], separator: string, group: boolean): boolean {
  let at = 0;
  for (let i = 0; i < identifiers.length; i++) {
    if (i > 0) {
      if (!value.startsWith(separator, at)) return false;
      at += separator.length;
    }
    const id = identifiers[i];
    if (!value.startsWith(id, at)) return false;
    at += id.length;
  }
  if (group) {
    if (!value.startsWith(separator, at)) return false;
    at += separator.length;
  }
  return at === value.length;
}

/** Joins identifiers; groups get the trailing separator. */
export function formatItemNumber(identifiers: readonly string[], separator: string, isGroup: boolean): string {
  const joined = identifiers.join(separator);
  return isGroup ? joined + separator : joined;
}

export interface ParsedItemNumber {
  /** One entry per tier used, padded to the tier length. */
  identifiers: string[];
  /** True when every part fits its tier (length, and digits for numeric tiers) and the count matches the level. */
  isSchemaCompliant: boolean;
}

/** `/^[0-9]+$/` */
function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** `/^[0-9A-Za-z_]+$/` */
function isWord(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95)) return false;
  }
  return true;
}

const fitsTier = (id: string, tier: ItemNumberSchemaTierDto | undefined, layout: SchemaLayout): boolean => {
  if (!tier) return false;
  if (id.length === 0 || id.length > tier.length) return false;
  if (consistsOf(id, layout.skippedFiller)) return true;
  return (tier.type ?? 'Numeric') === 'Alphanumeric' ? isWord(id) : isDigits(id.trim());
};

/**
 * Interprets a group's item number at tree depth `level` (0 = top) against the schema.
 * @returns padded identifiers; compliant when the part count is `level + 1` and each part fits its tier
 */
export function parseGroupItemNumber(value: string, level: number, layout: SchemaLayout): ParsedItemNumber {
  const parts = splitItemNumber(value, layout.separator);
  const identifiers = new Array<string>(parts.length);
  let isSchemaCompliant = parts.length === level + 1;
  for (let i = 0; i < parts.length; i++) {
    const tier = layout.tiers[layout.groupTiers[i]];
    identifiers[i] = padIdentifier(parts[i], tier, layout);
    if (isSchemaCompliant) isSchemaCompliant = fitsTier(parts[i], tier, layout);
  }
  return { identifiers, isSchemaCompliant };
}

/** Whether `n` parts make a position number without an index (fewer with skipped levels allowed). */
const isPlainPartCount = (n: number, groupCount: number, allowSkipped: boolean): boolean =>
  n === groupCount + 1 || (allowSkipped && n <= groupCount + 1);

/**
 * Separates the index (the schema's `Index` tier, GAEB DA XML `Item/@RNoIndex`, GAEB 90 / GAEB 2000 OZ index
 * position) from the raw parts of a position number. The last part is the index when the schema has an Index tier
 * and either
 * - the number has one part more than a plain position number (`01.02.0040.1` under two group tiers), or
 * - the position sits under fewer groups than the schema has group tiers (a skipped level, GAEB DA XML 3.0 spec
 *   §2.7.3.4: "Lower hierarchical levels within a BoQ breakdown can remain unassigned"), its number has exactly one
 *   part per ancestor group plus two, and the last part fits the Index tier: `01.0040.1` at depth 1 under two group
 *   tiers is group 01, item 0040, index 1 (what every reader makes of `<Item RNoPart="0040" RNoIndex="1">` in
 *   category 01), not groups 01 and 0040 with item 1.
 * @param parts       the number's parts as {@link splitItemNumber} gives them
 * @param groupLevels how many groups enclose the position in the tree
 * @returns the parts without the index, and the index when there is one
 */
export function splitIndexPart(
  parts: readonly string[], groupLevels: number, layout: SchemaLayout, allowSkipped: boolean,
): { parts: string[]; index?: string } {
  const n = parts.length;
  const groupCount = layout.groupTiers.length;
  if (layout.indexTier < 0 || n < 2) return { parts: [...parts] };
  const byCount = !isPlainPartCount(n, groupCount, allowSkipped) && isPlainPartCount(n - 1, groupCount, allowSkipped);
  const bySkippedLevel =
    groupLevels < groupCount && n - 2 === groupLevels && parts[n - 2] !== '' &&
    !consistsOf(parts[n - 1], layout.skippedFiller) && fitsTier(parts[n - 1], layout.tiers[layout.indexTier], layout);
  return byCount || bySkippedLevel ? { parts: parts.slice(0, -1), index: parts[n - 1] } : { parts: [...parts] };
}

/**
 * Interprets a position's item number against the schema. `groupLevels` is how many group tiers the position's
 * ancestors fill. With `allowSkipped`, a number with fewer group parts than the schema has group tiers gets the
 * skipped-tiers filler for each missing tier right after the parts its ancestors give (`01.__.0010`).
 */
export function parsePositionItemNumber(
  value: string,
  groupLevels: number,
  layout: SchemaLayout,
  allowSkipped: boolean,
): ParsedItemNumber {
  const split = splitIndexPart(splitItemNumber(value, layout.separator), groupLevels, layout, allowSkipped);
  const parts = split.parts;
  const indexPart = split.index;
  const groupCount = layout.groupTiers.length;
  const positionPart = parts[parts.length - 1] ?? '';
  // The group parts are parts[0 .. given) and parts[given .. given + rest), with `missing` fillers between them.
  let given = Math.max(parts.length - 1, 0);
  let missing = 0;
  let compliant = given === groupCount;
  if (given < groupCount && allowSkipped) {
    missing = groupCount - given;
    given = Math.min(given, groupLevels);
    compliant = true;
  }
  const groupPartCount = Math.max(parts.length - 1, 0) + missing;
  // sized once: the identifiers stay in the model (an array grown by push keeps room for 17)
  const identifiers = new Array<string>(groupPartCount + (indexPart !== undefined ? 2 : 1));
  for (let i = 0; i < groupPartCount; i++) {
    const part = i < given ? parts[i] : i < given + missing ? layout.skippedFiller : parts[i - missing];
    const tier = layout.tiers[layout.groupTiers[i]];
    identifiers[i] = padIdentifier(part, tier, layout);
    if (compliant) compliant = fitsTier(part, tier, layout);
  }
  return withPositionPart(identifiers, groupPartCount, positionPart, indexPart, compliant, layout);
}

/**
 * Completes a position's identifiers after its `groupPartCount` group identifiers: the position part padded to the
 * Position tier, then the index, if any; compliant when the group parts were (`compliant`) and both fit their tiers.
 */
function withPositionPart(
  identifiers: string[], groupPartCount: number, positionPart: string, indexPart: string | undefined, compliant: boolean,
  layout: SchemaLayout,
): ParsedItemNumber {
  const positionTier = layout.tiers[layout.positionTier];
  identifiers[groupPartCount] = padIdentifier(positionPart, positionTier, layout);
  let fits = compliant && layout.positionTier >= 0 && fitsTier(positionPart, positionTier, layout);
  if (indexPart !== undefined) {
    identifiers[groupPartCount + 1] = indexPart;
    fits = fits && fitsTier(indexPart, layout.tiers[layout.indexTier], layout);
  }
  return { identifiers, isSchemaCompliant: fits };
}

/**
 * {@link parsePositionItemNumber} for the common case, without taking the group parts apart again: a position in a
 * group of the last group tier whose number is that group's number as the schema formats it (`01.02.`) followed by
 * the position part and, when the schema has an Index tier, the separator and an index (`01.02.` + `0010`,
 * `01.02.` + `03.A`).
 * @param value the position's number (trimmed)
 * @param from  where the group's number ends in `value`
 * @param group the group's identifiers (schema-compliant, so one per group tier, each padded to its tier)
 * @returns what `parsePositionItemNumber(value, group.length, layout, …)` gives (the group's identifiers are the
 *   position's first ones, shared), or undefined when the rest of the number has another shape
 */
export function parsePositionAfterGroup(value: string, from: number, group: readonly string[], layout: SchemaLayout): ParsedItemNumber | undefined {
  const separator = layout.separator;
  const groupCount = group.length;
  if (groupCount !== layout.groupTiers.length || separator === '' || from >= value.length) return undefined;
  const at = value.indexOf(separator, from);
  let positionPart: string;
  let index: string | undefined;
  if (at < 0) positionPart = value.slice(from);
  else {
    if (layout.indexTier < 0 || at === from) return undefined;
    positionPart = value.slice(from, at);
    index = value.slice(at + separator.length);
    if (index === '' || index.includes(separator) || index.trim().length !== index.length) return undefined;
  }
  if (positionPart.trim().length !== positionPart.length) return undefined;
  const identifiers = new Array<string>(groupCount + (index !== undefined ? 2 : 1));
  let compliant = true;
  for (let i = 0; i < groupCount; i++) {
    const id = group[i];
    // the full parse trims each part: an identifier padded with white space would be tested without it
    if (id.trim().length !== id.length) return undefined;
    identifiers[i] = id;
    if (compliant) compliant = fitsTier(id, layout.tiers[layout.groupTiers[i]], layout);
  }
  return withPositionPart(identifiers, groupCount, positionPart, index, compliant, layout);
}

/**
 * Whether `identifiers` are exactly what {@link parsePositionItemNumber} gives for `value` at the depth of the last
 * group tier, schema-compliant, so that a reader that knows the parts of its numbers (the ÖNORM reader: LG, ULG,
 * Grundtextnummer, Folgetext) spares the parse. True when there is one identifier per group tier and one for the
 * Position tier, each of its tier's full length, then, if the schema has an Index tier, optionally the index (1 to
 * its tier's length characters); each only digits (Numeric tier) or `[0-9A-Za-z_]` (Alphanumeric), none holding the
 * separator; and `value` is their join with the separator. Then splitting `value` gives these parts, none is padded,
 * the last is the index exactly when there is one more part than group and Position tiers, and every part fits its
 * tier (the property test in `test/model/item-numbers.test.ts` compares both on random schemas). Anything else
 * (unpadded parts, skipped levels, other shapes) is false: the caller parses.
 * @param identifiers as given in the input (any values; only strings can match)
 */
export function isExactPositionNumber(value: string, identifiers: unknown, layout: SchemaLayout): boolean {
  const separator = layout.separator;
  const groupCount = layout.groupTiers.length;
  if (!Array.isArray(identifiers) || layout.positionTier < 0 || separator === '') return false;
  const n = identifiers.length;
  if (n !== groupCount + 1 && !(n === groupCount + 2 && layout.indexTier >= 0)) return false;
  for (let i = 0; i < n; i++) {
    const id: unknown = identifiers[i];
    if (typeof id !== 'string') return false;
    const tier = layout.tiers[i < groupCount ? layout.groupTiers[i] : i === groupCount ? layout.positionTier : layout.indexTier];
    const fits = i <= groupCount ? id.length === tier.length : id.length > 0 && id.length <= tier.length;
    if (!fits || !((tier.type ?? 'Numeric') === 'Alphanumeric' ? isWord(id) : isDigits(id))) return false;
    if (id.includes(separator)) return false;
  }
  return isFormatted(value, identifiers as string[], separator, false);
}

/** Sum of the tier lengths (the real service's `totalLength`, reference §1.1). */
export const schemaTotalLength = (schema: ItemNumberSchemaDto | undefined): number =>
  (schema?.tiers ?? []).reduce((sum, t) => sum + (t.length ?? 0), 0);

/**
 * GAEB business rules for a schema (3.0 spec §5.7): exactly one Position tier; Lot only first; at most 5 group
 * levels (or Lot + 4); Index last with length 1; total length ≤ 14; every tier length ≥ 1.
 */
export function isSchemaCorrectlyDefined(schema: ItemNumberSchemaDto | undefined): boolean {
  const tiers = schema?.tiers ?? [];
  if (tiers.length === 0) return false;
  const kinds = tiers.map((t) => t.tierType ?? 'Undefined');
  if (kinds.filter((k) => k === 'Position').length !== 1) return false;
  if (kinds.some((k, i) => k === 'Lot' && i !== 0)) return false;
  const idx = kinds.indexOf('Index');
  if (idx >= 0 && (idx !== kinds.length - 1 || tiers[idx].length !== 1)) return false;
  if (kinds.indexOf('Position') < kinds.lastIndexOf('Group')) return false;
  if (kinds.filter((k) => k === 'Group').length > (kinds[0] === 'Lot' ? 4 : 5)) return false;
  if (tiers.some((t) => !(t.length >= 1))) return false;
  return schemaTotalLength(schema) <= 14;
}
