/**
 * Alternative marks of GAEB 2000 positions (`[ZZGruppeNr]`, `[ZZLfdNr]`) for the positions of alternative categories
 * (DA XML `ALNBGroupNo`/`ALNBSerNo`), which GAEB 2000 cannot mark on a category.
 */
import { groupAlternatives } from '../../../core/model/alternative-groups.js';
import {
  isGroup, isPosition, type ElementDto, type PositionDto, type ServiceSpecificationDto, type ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';

/**
 * GAEB 2000 marks alternatives on positions only (`[ZZGruppeNr]`, `[ZZLfdNr]`): the positions of an alternative
 * category and of the category it replaces (`core/model/alternative-groups.ts`) get the marks of one group — serial
 * 0 in the base, the alternative's serial in the alternative — so that a receiver counts what the project counts.
 * Positions with an alternative mark of their own keep it. The group number is the model's `alternativeGroupIdentifier`
 * of the pair when no position uses it, else the next number no position or other pair uses.
 */
export function alternativeMarks(spec: ServiceSpecificationDto): Map<PositionDto, { group: number; serial: number }> {
  const members = groupAlternatives(spec);
  const out = new Map<PositionDto, { group: number; serial: number }>();
  if (members.size === 0) return out;
  const used = new Set<number>();
  const note = (elements: readonly ElementDto[] | undefined): void => {
    for (const e of elements ?? []) {
      if (isPosition(e) && e.alternativeGroupIdentifier !== undefined) used.add(e.alternativeGroupIdentifier);
      else if (isGroup(e)) note(e.elements);
    }
  };
  note(spec.elements);
  const numbers = new Map<ServiceSpecificationGroupDto, number>();
  let next = 1;
  for (const [p, m] of members) {
    if (p.positionType === 'Alternative' || p.alternativeGroupIdentifier !== undefined) continue;
    let group = numbers.get(m.pair);
    if (group === undefined) {
      if (m.groupNumber !== undefined && m.groupNumber >= 1 && !used.has(m.groupNumber)) group = m.groupNumber;
      else {
        while (used.has(next)) next++;
        group = next;
      }
      used.add(group);
      numbers.set(m.pair, group);
    }
    out.set(p, { group, serial: m.serial });
  }
  return out;
}
