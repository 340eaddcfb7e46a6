/**
 * Item numbers as GAEB DA XML writes them: the `BoQBkdn` levels from the item number schema, `@RNoPart` of
 * categories and items and `@RNoIndex` (GAEB DA XML 3.3 Lib: tgBoQBkdn, tgRNoPart `(_|[0-9]|[A-Z]|[a-z]){1,14}`,
 * tgRNoIndex one such character). The parts come from `itemNumber.identifiers` (one per tier, padded, filled by
 * the calculation); without them from `stringRepresentation`.
 */
import {
  padIdentifier, schemaLayout, splitIndexPart, splitItemNumber, type SchemaLayout,
} from '../../../../core/model/item-numbers.js';
import {
  isGroup, isPosition,
  type ElementDto, type ItemNumberSchemaDto, type ItemNumberSchemaTierDto, type PositionDto,
  type ServiceSpecificationGroupDto,
} from '../../../../core/model/types.js';

export interface BkdnLevel {
  type: 'Lot' | 'BoQLevel' | 'Item' | 'Index';
  label?: string;
  length: number;
  numeric: boolean;
}

export interface Numbering {
  layout: SchemaLayout;
  levels: BkdnLevel[];
  /** True when the schema was missing or unusable and the levels were derived from the item numbers. */
  derived: boolean;
}

const RNO_CHARS = /[^_0-9A-Za-z]/g;
const clampLength = (n: number | undefined, fallback: number): number =>
  typeof n === 'number' && Number.isFinite(n) ? Math.min(14, Math.max(1, Math.round(n))) : fallback;

/** The BoQBkdn levels for the schema, or levels derived from the tree when the schema is not usable. */
export function numberingFor(schema: ItemNumberSchemaDto | undefined, elements: readonly ElementDto[]): Numbering {
  const layout = schemaLayout(schema);
  const tiers = layout.tiers;
  const usable = layout.positionTier >= 0 && tiers.length > 0 && tiers.length <= 7;
  if (usable) {
    const levels = tiers
      .map((t): BkdnLevel | undefined => {
        const kind = t.tierType ?? 'Undefined';
        const type = kind === 'Lot' || t.isLot ? 'Lot' : kind === 'Position' ? 'Item' : kind === 'Index' ? 'Index' : 'BoQLevel';
        return { type, label: t.tierName, length: clampLength(t.length, 1), numeric: (t.type ?? 'Numeric') === 'Numeric' };
      })
      .filter((l): l is BkdnLevel => l !== undefined);
    return { layout, levels, derived: false };
  }
  // derive: group depth and the widest part per level from the numbers in the tree
  const groupWidths: number[] = [];
  let itemWidth = 0;
  const walk = (list: readonly ElementDto[], depth: number) => {
    for (const el of list) {
      if (isGroup(el)) {
        const parts = splitItemNumber(el.itemNumber?.stringRepresentation ?? '');
        groupWidths[depth] = Math.max(groupWidths[depth] ?? 1, parts[parts.length - 1]?.length ?? 1);
        walk(el.elements ?? [], depth + 1);
      } else if (isPosition(el)) {
        const parts = splitItemNumber(el.itemNumber?.stringRepresentation ?? '');
        itemWidth = Math.max(itemWidth, parts[parts.length - 1]?.length ?? 1);
      }
    }
  };
  walk(elements, 0);
  const derivedTiers: ItemNumberSchemaTierDto[] = [];
  for (let d = 0; d < Math.min(groupWidths.length, 5); d++) {
    derivedTiers.push({ tierType: 'Group', length: clampLength(groupWidths[d] || 2, 2), type: 'Alphanumeric' });
  }
  derivedTiers.push({ tierType: 'Position', length: clampLength(itemWidth || 4, 4), type: 'Alphanumeric' });
  const derivedLayout = schemaLayout({ tiers: derivedTiers, separator: layout.separator, filler: layout.filler });
  return {
    layout: derivedLayout,
    levels: derivedTiers.map((t) => ({ type: t.tierType === 'Position' ? 'Item' : 'BoQLevel', length: t.length, numeric: false })),
    derived: true,
  };
}

/** Keeps only the characters tgRNoPart allows (at most 14); `changed` tells whether anything was removed. */
export function sanitizeRNo(value: string, max = 14): { value: string; changed: boolean } {
  const clean = value.replace(RNO_CHARS, '').slice(0, max);
  return { value: clean, changed: clean !== value };
}

type NumberParts = { identifiers?: string[]; stringRepresentation?: string; isSchemaCompliant?: boolean };

/**
 * A number the schema does not describe (`isSchemaCompliant` false, e.g. an item under a skipped level) is written
 * in its own form, parts unpadded, so that it reads back as the same item number.
 */
const ownForm = (n: NumberParts | undefined): boolean => n?.isSchemaCompliant === false && !!n.stringRepresentation?.trim();

const partsOf = (n: NumberParts | undefined, layout: SchemaLayout): string[] =>
  !ownForm(n) && n?.identifiers && n.identifiers.length > 0 ? n.identifiers : splitItemNumber(n?.stringRepresentation ?? '', layout.separator);

/** `@RNoPart` of a category at tree depth `depth`: its last identifier, padded to its tier (undefined when none). */
export function groupRNoPart(g: ServiceSpecificationGroupDto, depth: number, layout: SchemaLayout): string | undefined {
  const parts = partsOf(g.itemNumber, layout);
  const last = parts[parts.length - 1];
  if (last === undefined || last === '') return undefined;
  return ownForm(g.itemNumber) ? last : padIdentifier(last, layout.tiers[layout.groupTiers[depth]], layout);
}

/**
 * `@RNoPart` and `@RNoIndex` of an item at tree depth `depth` (the number of enclosing groups): the Position-tier
 * identifier (padded) and, when the schema has an Index tier and the number carries one, the index — also for an
 * item under a skipped level (`01.0040.1` in category 01 of a two-level schema is RNoPart 0040, RNoIndex 1, see
 * {@link splitIndexPart}). GAEB DA XML 3.3 Lib, tgItem: `@RNoPart` (tgRNoPart) and the optional `@RNoIndex`
 * (tgRNoIndex, one character), the `Index` level of `BoQBkdn` after the `Item` level (3.0 spec §5.7).
 */
export function positionRNo(p: PositionDto, layout: SchemaLayout, depth: number): { part?: string; index?: string } {
  const parts = partsOf(p.itemNumber, layout);
  if (parts.length === 0) return {};
  const positionTier = layout.tiers[layout.positionTier];
  const pad = (part: string) => (ownForm(p.itemNumber) ? part : padIdentifier(part, positionTier, layout));
  const calculated = !ownForm(p.itemNumber) && !!p.itemNumber?.identifiers?.length;
  // Calculated identifiers hold every group tier (skipped ones filled), so the count decides; an own-form number
  // is split with the tree depth.
  const split = calculated
    ? parts.length === layout.groupTiers.length + 2 && layout.indexTier >= 0
      ? { parts: parts.slice(0, -1), index: parts[parts.length - 1] }
      : { parts }
    : splitIndexPart(parts, depth, layout, true);
  const own = split.parts[split.parts.length - 1];
  return split.index !== undefined ? { part: pad(own), index: split.index } : { part: pad(own) };
}

/** Filler-only part for a wrapper category at `depth` (a skipped level, printed `01.__.0010`). */
export function skippedPart(depth: number, layout: SchemaLayout): string {
  const tier = layout.tiers[layout.groupTiers[depth]];
  const filler = /^[_0-9A-Za-z]$/.test(layout.skippedFiller) ? layout.skippedFiller : '_';
  return filler.repeat(clampLength(tier?.length, 1));
}
