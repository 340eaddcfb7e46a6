/**
 * Alternative groups (GAEB DA XML `ALNBGroupNo`/`ALNBSerNo` on a category, a Wahlgruppe: the model's `alternativeTo`
 * on a group) seen from their positions, for formats whose alternatives are marks of positions only (ÖNORM A 2063
 * `pzzv`, GAEB 2000 `[ZZGruppeNr]`/`[ZZLfdNr]`): every position inside an alternative group is an alternative
 * (serial = the group's `alternativeIdentifier`, 1–9), every position of the group it points to a base (serial 0),
 * so that sums count what the model counts (`groupCountsInTotal` in `calculate.ts`). The nearest such group above a
 * position decides. Source: GAEB DA XML 3.3 Lib, tgBoQCtgy (ALNBGroupNo, ALNBSerNo), tgItem (ALNGroupNo, ALNSerNo).
 */
import { isGroup, isPosition, type ElementDto, type PositionDto, type ServiceSpecificationDto, type ServiceSpecificationGroupDto } from './types.js';

/** A position's place in the pair of an alternative group and the group it replaces. */
export interface GroupAlternative {
  /** The group the alternatives point to (the base), or the alternative group itself when that base is missing. */
  pair: ServiceSpecificationGroupDto;
  /** 0 for a position of the base group, 1–9 (the alternative group's `alternativeIdentifier`) for one of an alternative. */
  serial: number;
  /** The model's alternative group number of the pair (`alternativeGroupIdentifier` of either group), when stated. */
  groupNumber?: number;
}

/** An alternative group's serial: its `alternativeIdentifier` (a whole number, as normalised) when 1–9, else 1. */
const serialOf = (n: number | undefined): number => (n !== undefined && n >= 1 && n <= 9 ? n : 1);

/**
 * The positions inside alternative groups and their base groups, in document order (empty when the service
 * specification has no alternative group).
 */
export function groupAlternatives(spec: ServiceSpecificationDto): Map<PositionDto, GroupAlternative> {
  const groups = new Map<string, ServiceSpecificationGroupDto>();
  let alternatives = 0;
  const collect = (elements: readonly ElementDto[] | undefined) => {
    for (const e of elements ?? []) {
      if (!isGroup(e)) continue;
      if (e.id !== undefined) groups.set(e.id, e);
      if (e.alternativeTo) alternatives++;
      collect(e.elements);
    }
  };
  collect(spec.elements);
  const out = new Map<PositionDto, GroupAlternative>();
  if (alternatives === 0) return out;
  const bases = new Set<string>();
  for (const g of groups.values()) if (g.alternativeTo && groups.has(g.alternativeTo)) bases.add(g.alternativeTo);
  const walk = (elements: readonly ElementDto[] | undefined, current: GroupAlternative | undefined) => {
    for (const e of elements ?? []) {
      if (isPosition(e)) {
        if (current) out.set(e, current);
      } else if (isGroup(e)) {
        let inner = current;
        if (e.alternativeTo) {
          const base = groups.get(e.alternativeTo);
          inner = { pair: base ?? e, serial: serialOf(e.alternativeIdentifier), groupNumber: e.alternativeGroupIdentifier ?? base?.alternativeGroupIdentifier };
        } else if (e.id !== undefined && bases.has(e.id)) {
          inner = { pair: e, serial: 0, groupNumber: e.alternativeGroupIdentifier };
        }
        walk(e.elements, inner);
      }
    }
  };
  walk(spec.elements, undefined);
  return out;
}
