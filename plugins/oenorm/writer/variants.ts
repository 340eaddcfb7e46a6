/**
 * Variants of an ONLV (`pzzv`, 2009 `ontypdef.xsd` `pzzv.type`): positions that share a `zz` (Zuordnungszeichen, two
 * characters) form a variant group; within it `variantennummer` 0 marks the base variant (`normalposition_einer_variante`,
 * counted like a normal position) and 1–9 the alternatives (`wahlposition`, not counted).
 *
 * From the model:
 * - an alternative position (`positionType` Alternative, GAEB `ALNGroupNo`/`ALNSerNo` 1–9) is a `wahlposition` of the
 *   variant group of the position it points to (`alternativeTo`), which is written as its base (variant 0);
 * - an alternative group (GAEB Wahlgruppe, `ALNBGroupNo`/`ALNBSerNo` on a category, `alternativeTo` on the group)
 *   has no ÖNORM counterpart, as ÖNORM groups have no variants: every position inside it becomes a `wahlposition`
 *   (variant = the group's `alternativeIdentifier`, 1–9) and every position of the group it points to a
 *   `normalposition_einer_variante` (variant 0), both with the `zz` of that pair, so that the sums count what the
 *   project counts. A position that is an alternative, an optional position or the base of alternatives of its
 *   own keeps that kind.
 * - `zz`: the two digits of the model's alternative group number (`alternativeGroupIdentifier`, 1–99) when free, else
 *   the next free number; `zz` kept from an ÖNORM source are never given to another group.
 */
import { isGroup, isPosition, type ElementDto, type PositionDto, type ServiceSpecificationDto, type ServiceSpecificationGroupDto } from '../../../core/model/types.js';

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
  const variantBases = new Set<string>();
  for (const p of positions) if (p.positionType === 'Alternative' && p.alternativeTo && byId.has(p.alternativeTo)) variantBases.add(p.alternativeTo);
  const codes = new Map<string, string>();
  const used = new Set<string>();
  for (const p of positions) {
    const zz = p.oenormPositionProperties?.zz;
    if (typeof zz === 'string') used.add(zz);
  }
  let next = 1;
  /** The `zz` of the variant group `key`, preferring the digits of the model's group number `group`. */
  const code = (key: string, group: number | undefined): string => {
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
  const inGroups = groupVariants(spec, code);
  const zzOf = (p: PositionDto): string => {
    const baseId = p.positionType === 'Alternative' ? p.alternativeTo : p.id;
    const base = baseId !== undefined ? byId.get(baseId) : undefined;
    const group = p.alternativeGroupIdentifier ?? base?.alternativeGroupIdentifier;
    return code(baseId ?? `g${group ?? 'none'}`, group);
  };
  const groupVariantOf = (p: PositionDto): GroupVariant | undefined => {
    if (p.positionType === 'Alternative' || p.positionType === 'Optional' || (p.id !== undefined && variantBases.has(p.id))) return undefined;
    return inGroups.get(p);
  };
  return { variantBases, zzOf, groupVariantOf };
}

/** Each position inside an alternative group or the base group of one → its variant (the nearest such group decides). */
function groupVariants(spec: ServiceSpecificationDto, code: (key: string, group: number | undefined) => string): Map<PositionDto, GroupVariant> {
  const groups = new Map<string, ServiceSpecificationGroupDto>();
  const collect = (elements: readonly ElementDto[] | undefined) => {
    for (const e of elements ?? []) {
      if (!isGroup(e)) continue;
      if (e.id !== undefined) groups.set(e.id, e);
      collect(e.elements);
    }
  };
  collect(spec.elements);
  const bases = new Set<string>();
  for (const g of groups.values()) if (g.alternativeTo && groups.has(g.alternativeTo)) bases.add(g.alternativeTo);
  const out = new Map<PositionDto, GroupVariant>();
  if (bases.size === 0 && ![...groups.values()].some((g) => g.alternativeTo)) return out;
  const walk = (elements: readonly ElementDto[] | undefined, current: GroupVariant | undefined) => {
    for (const e of elements ?? []) {
      if (isPosition(e)) {
        if (current) out.set(e, current);
      } else if (isGroup(e)) {
        let inner = current;
        if (e.alternativeTo) {
          const base = groups.get(e.alternativeTo);
          const zz = code(base ? `group:${base.id}` : `group-alone:${e.id ?? out.size}`, e.alternativeGroupIdentifier ?? base?.alternativeGroupIdentifier);
          inner = { zz, variant: String(Math.min(9, Math.max(1, e.alternativeIdentifier ?? 1))), alternative: true };
        } else if (e.id !== undefined && bases.has(e.id)) {
          inner = { zz: code(`group:${e.id}`, e.alternativeGroupIdentifier), variant: '0', alternative: false };
        }
        walk(e.elements, inner);
      }
    }
  };
  walk(spec.elements, undefined);
  return out;
}
