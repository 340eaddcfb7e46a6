/**
 * Variants of an ONLV (`pzzv`, 2009 `ontypdef.xsd` `pzzv.type`): positions that share a `zz` (Zuordnungszeichen, two
 * characters) form a variant group; within it `variantennummer` 0 marks the base variant (`normalposition_einer_variante`,
 * counted like a normal position) and 1–9 the alternatives (`wahlposition`, not counted).
 *
 * From the model:
 * - an alternative position (`positionType` Alternative, GAEB `ALNGroupNo`/`ALNSerNo` 1–9) is a `wahlposition` of the
 *   variant group of the position it points to (`alternativeTo`; without it, the position of the same alternative
 *   group number that is no alternative, numbered 0 first), which is written as its base (variant 0);
 * - an alternative group (GAEB Wahlgruppe, `ALNBGroupNo`/`ALNBSerNo` on a category, `alternativeTo` on the group)
 *   has no ÖNORM counterpart, as ÖNORM groups have no variants: every position inside it becomes a `wahlposition`
 *   (variant = the group's `alternativeIdentifier`, 1–9) and every position of the group it points to a
 *   `normalposition_einer_variante` (variant 0), both with the `zz` of that pair (`core/model/alternative-groups.ts`),
 *   so that the sums count what the project counts. A position that is an alternative, an optional position or the
 *   base of alternatives of its own keeps that kind.
 * - `zz`: the two digits of the model's alternative group number (`alternativeGroupIdentifier`, 1–99) when free, else
 *   the next free number; `zz` kept from an ÖNORM source are never given to another group.
 */
import { groupAlternatives } from '../../../core/model/alternative-groups.js';
import type { PositionDto, ServiceSpecificationDto } from '../../../core/model/types.js';

/** A position's place in a variant group formed from an alternative group or its base group. */
export interface GroupVariant {
  zz: string;
  /** `0` for a position of the base group, `1`–`9` for one of an alternative group. */
  variant: string;
  alternative: boolean;
}

export interface Variants {
  /** Base positions of alternatives (their ids). */
  variantBases: Set<string>;
  /** The `zz` of a position's variant group (an alternative and its base share one). */
  zzOf(p: PositionDto): string;
  /** The variant a position takes from the alternative group it sits in, or the base group of one. */
  groupVariantOf(p: PositionDto): GroupVariant | undefined;
}

/**
 * The variants of a service specification's positions (see the module comment).
 * @param positions every position of `spec`, in document order
 */
export function variants(spec: ServiceSpecificationDto, positions: readonly PositionDto[]): Variants {
  const byId = new Map(positions.filter((p) => p.id !== undefined).map((p) => [p.id!, p]));
  // the base of each alternative group number: its position that is no alternative, the one numbered 0 first
  const baseOfGroup = new Map<number, PositionDto>();
  for (const p of positions) {
    const group = p.alternativeGroupIdentifier;
    if (group === undefined || p.positionType === 'Alternative' || p.positionType === 'Optional' || p.id === undefined) continue;
    const current = baseOfGroup.get(group);
    if (!current || (current.alternativeIdentifier !== 0 && p.alternativeIdentifier === 0)) baseOfGroup.set(group, p);
  }
  /**
   * The id of an alternative's base: the position `alternativeTo` names, else (a GAEB 2000 or GAEB 90 source states
   * only group and serial numbers, ALNGroupNo/ALNSerNo) the base of its alternative group number.
   */
  const baseIdOf = (p: PositionDto): string | undefined => (p.alternativeTo !== undefined && byId.has(p.alternativeTo)
    ? p.alternativeTo
    : p.alternativeGroupIdentifier !== undefined ? baseOfGroup.get(p.alternativeGroupIdentifier)?.id : undefined);
  const variantBases = new Set<string>();
  for (const p of positions) {
    const base = p.positionType === 'Alternative' ? baseIdOf(p) : undefined;
    if (base !== undefined) variantBases.add(base);
  }
  const codes = new Map<unknown, string>();
  const used = new Set<string>();
  for (const p of positions) {
    const zz = p.oenormPositionProperties?.zz;
    if (typeof zz === 'string') used.add(zz);
  }
  let next = 1;
  /** The `zz` of the variant group `key` (a base position's id, a base group), preferring the digits of the model's group number `group`. */
  const code = (key: unknown, group: number | undefined): string => {
    let zz = codes.get(key);
    if (zz === undefined) {
      const wanted = group !== undefined && group >= 1 && group <= 99 ? String(group).padStart(2, '0') : undefined;
      if (wanted !== undefined && !used.has(wanted)) zz = wanted;
      else {
        while (used.has(String(next).padStart(2, '0'))) next++;
        zz = String(next).padStart(2, '0');
      }
      used.add(zz);
      codes.set(key, zz);
    }
    return zz;
  };
  const inGroups = groupAlternatives(spec);
  const zzOf = (p: PositionDto): string => {
    const baseId = p.positionType === 'Alternative' ? baseIdOf(p) ?? p.alternativeTo : p.id;
    const base = baseId !== undefined ? byId.get(baseId) : undefined;
    const group = p.alternativeGroupIdentifier ?? base?.alternativeGroupIdentifier;
    return code(baseId ?? `g${group ?? 'none'}`, group);
  };
  const groupVariantOf = (p: PositionDto): GroupVariant | undefined => {
    if (p.positionType === 'Alternative' || p.positionType === 'Optional' || (p.id !== undefined && variantBases.has(p.id))) return undefined;
    const g = inGroups.get(p);
    // the zz is given when the first position of the pair is written, in document order as those of alternatives of positions
    return g && { zz: code(g.pair, g.groupNumber), variant: String(g.serial), alternative: g.serial > 0 };
  };
  return { variantBases, zzOf, groupVariantOf };
}
