/**
 * Item-by-item comparison of two projects for destination round trips: the positions of each, matched by item
 * number, compared on the fields a tender is priced by — item number (set and order), quantity, unit (`unitTag`),
 * unit price, total (`totalPrice`), total after discount (`deductedPrice`) and short text.
 */
import type { ElementDto, PositionDto, ProjectDto } from '../../core/model/types.js';

/**
 * A compared field of a position: `itemNumbers` is the list of item numbers as a whole (set and order, each
 * number compared without the zero padding of its parts); `itemNumber` the one item's number as written, which
 * may differ in padding only (`1.10` → `1.010`).
 */
export type PositionField = 'itemNumbers' | 'itemNumber' | 'quantity' | 'unitTag' | 'unitPrice' | 'totalPrice' | 'deductedPrice' | 'shortText';

export const POSITION_FIELDS: readonly Exclude<PositionField, 'itemNumbers' | 'itemNumber'>[] = [
  'quantity', 'unitTag', 'unitPrice', 'totalPrice', 'deductedPrice', 'shortText',
];

/** One difference: the item (undefined for the list as a whole), the field and both values. */
export interface PositionDifference {
  itemNumber?: string;
  field: PositionField;
  before: unknown;
  after: unknown;
}

/** Every position of the project's first service specification, depth first, in document order. */
export function positionsOf(project: ProjectDto): PositionDto[] {
  const out: PositionDto[] = [];
  const walk = (elements: readonly ElementDto[] | undefined): void => {
    for (const e of elements ?? []) {
      if (e.elementTypeDiscriminator === 'PositionDto') out.push(e as PositionDto);
      walk((e as { elements?: ElementDto[] }).elements);
    }
  };
  walk(project.serviceSpecifications?.[0]?.elements);
  return out;
}

const numberOf = (p: PositionDto): string => p.itemNumber?.stringRepresentation ?? '(none)';

/** An item number without the zero padding of its parts (`01.0040.1` → `1.40.1`): the item it names. */
export const unpadded = (itemNumber: string): string => itemNumber.split('.').map((part) => part.replace(/^0+(?=.)/, '')).join('.');

const same = (a: unknown, b: unknown): boolean => a === b || ((a ?? undefined) === undefined && (b ?? undefined) === undefined);

/**
 * Differences between the positions of `before` and `after`, in document order: first the item number list
 * (a missing, added or moved item: the first index where the unpadded lists part), then, for every item of
 * both (matched by unpadded item number), its number as written when the padding changed, and each field that
 * differs. `itemNumber` of a difference is the number in `before`.
 */
export function positionDifferences(before: ProjectDto, after: ProjectDto): PositionDifference[] {
  const a = positionsOf(before);
  const b = positionsOf(after);
  const out: PositionDifference[] = [];
  const na = a.map((p) => unpadded(numberOf(p)));
  const nb = b.map((p) => unpadded(numberOf(p)));
  const first = na.findIndex((n, i) => n !== nb[i]);
  if (first >= 0 || na.length !== nb.length) {
    const i = first >= 0 ? first : Math.min(na.length, nb.length);
    const at = (list: PositionDto[]) => (list[i] ? numberOf(list[i]) : 'absent');
    out.push({ itemNumber: a[i] ? numberOf(a[i]) : at(b), field: 'itemNumbers', before: at(a), after: at(b) });
  }
  const byNumber = new Map(b.map((p) => [unpadded(numberOf(p)), p]));
  for (const p of a) {
    const q = byNumber.get(unpadded(numberOf(p)));
    if (!q) continue;
    if (numberOf(p) !== numberOf(q)) out.push({ itemNumber: numberOf(p), field: 'itemNumber', before: numberOf(p), after: numberOf(q) });
    for (const field of POSITION_FIELDS) {
      const x = (p as unknown as Record<string, unknown>)[field];
      const y = (q as unknown as Record<string, unknown>)[field];
      if (!same(x, y)) out.push({ itemNumber: numberOf(p), field, before: x, after: y });
    }
  }
  return out;
}
