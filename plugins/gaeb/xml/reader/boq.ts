/**
 * `BoQInfo/BoQBkdn` → item number schema, and the item numbers of categories and items.
 *
 * Source: GAEB DA XML 3.3 Lib, tgBoQBkdn (`Type` Lot|BoQLevel|Item|Index, `LblBoQBkdn`, `Length` 1..14,
 * `Num` Yes|No, `Alignment`); the same shape in 3.0/3.1 (one sibling `BoQBkdn` per level). Item numbers are the
 * ancestors' `RNoPart`s plus the element's own, joined with '.', unpadded (the calculation pads); groups end with
 * '.'; `RNoIndex` is one more part. Skipped levels (3.0 spec §2.7.3.4, items directly under a higher category)
 * become '_' placeholders when the option SupportSkippedItemNumberLevelsInPositions is set.
 */
import type { ItemNumberSchemaDto, ItemNumberSchemaTierDto, ItemNumberSchemaTierTypeDto } from '../../../../core/model/types.js';

/** One `BoQBkdn` as read (all fields optional until validated). */
export interface BkdnDraft {
  type?: string;
  length?: string;
  num?: string;
  label?: string;
}

const TIER_TYPES: Readonly<Record<string, ItemNumberSchemaTierTypeDto>> = {
  Lot: 'Lot', BoQLevel: 'Group', Item: 'Position', Index: 'Index',
};

/**
 * One schema tier from a `BoQBkdn`.
 * @returns the tier, or a problem text when `Type` or `Length` is unusable (the caller reports it and skips it)
 */
export function tierFromBkdn(draft: BkdnDraft): ItemNumberSchemaTierDto | string {
  const tierType = TIER_TYPES[draft.type ?? ''];
  if (!tierType) return `BoQBkdn/Type '${draft.type ?? ''}' is not Lot, BoQLevel, Item or Index`;
  const length = Number(draft.length);
  if (!Number.isInteger(length) || length < 1) return `BoQBkdn/Length '${draft.length ?? ''}' is not a positive integer`;
  const tier: ItemNumberSchemaTierDto = {
    length,
    type: draft.num === 'No' ? 'Alphanumeric' : 'Numeric',
    tierType,
  };
  if (tierType === 'Lot') tier.isLot = true;
  if (draft.label) tier.tierName = draft.label;
  return tier;
}

/** The schema the reader emits: tiers in file order, separator '.', filler '0'. */
export function schemaFromTiers(tiers: ItemNumberSchemaTierDto[]): ItemNumberSchemaDto {
  return { tiers, separator: '.', filler: '0' };
}

/**
 * Adds an `Index` tier of one character after the `Position` tier of a schema that has none, for items that carry
 * an index (`@RNoIndex`) although `BoQBkdn` declares no Index level: without the tier the index would be taken for
 * the item part (`12.20.a` read as item `a` of category 12) by everything that splits item numbers by the schema.
 * GAEB DA XML 3.3 Lib tgRNoIndex (one character); 3.0 spec §5.7 (the Index level follows the Item level, length 1).
 * @returns true when the tier was added (the schema has a Position tier and no Index tier)
 */
export function addIndexTier(schema: ItemNumberSchemaDto | undefined): boolean {
  const tiers = schema?.tiers;
  if (!tiers || tiers.some((t) => t.tierType === 'Index')) return false;
  const at = tiers.findIndex((t) => t.tierType === 'Position');
  if (at < 0) return false;
  tiers.splice(at + 1, 0, { length: 1, type: 'Alphanumeric', tierType: 'Index' });
  return true;
}

/** Item number layout facts the reader needs while streaming. */
export class ItemNumbering {
  /** Lengths of the group-like tiers (Lot, BoQLevel) in order. */
  readonly groupTiers: ItemNumberSchemaTierDto[];

  constructor(tiers: readonly ItemNumberSchemaTierDto[]) {
    this.groupTiers = tiers.filter((t) => t.tierType === 'Lot' || t.tierType === 'Group');
  }

  /** True when a category at this depth (0 = top) sits on the Lot tier. */
  isLotDepth(depth: number): boolean {
    return this.groupTiers[depth]?.tierType === 'Lot';
  }

  /** Number of group tiers an item under `categoryDepth` categories leaves out (0 when none or no schema). */
  skippedLevels(categoryDepth: number): number {
    return Math.max(0, this.groupTiers.length - categoryDepth);
  }

  /**
   * The item number of an item.
   * @param categoryParts RNoParts of the enclosing categories, outermost first
   * @param skipped skipped group tiers to fill with '_' placeholders (0 keeps the short number)
   */
  positionNumber(categoryParts: readonly string[], rNoPart: string, rNoIndex: string | undefined, skipped: number): string {
    let s = categoryParts.length > 0 ? categoryParts.join('.') + '.' : '';
    for (let i = 0; i < skipped; i++) {
      const tier = this.groupTiers[categoryParts.length + i];
      s += '_'.repeat(tier?.length ?? 1) + '.';
    }
    s += rNoPart;
    return rNoIndex ? `${s}.${rNoIndex}` : s;
  }
}

/** The item number of a category: ancestors' RNoParts and its own, each followed by '.' ("01.02."). */
export function groupNumber(categoryParts: readonly string[]): string {
  return categoryParts.join('.') + '.';
}
