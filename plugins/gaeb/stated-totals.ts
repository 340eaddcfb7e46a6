/**
 * Stated totals met or reported: after the recalculation (`prepareProject`), every total a GAEB file states — an
 * item's or markup item's `IT`, a category's or the BoQ's `Totals/Total` (GAEB 90 records 23/32/99, GAEB 2000
 * `[GB]`/`[Summe]`), kept by the readers as `gaebTotal` — is compared with the recalculated amount, to the cent.
 * Each one that differs is reported (`GAEB_TOTAL_MISMATCH`, warning) naming the element and both amounts; the
 * recalculated amount is what the project keeps.
 *
 * What is compared (GAEB DA XML 3.3 Lib): `IT` ("Gesamtbetrag incl. Nachlass", tgItem and tgMarkupItem: the item's
 * total after its own `DiscountPcnt`) with the position's `deductedPrice`; `Totals/Total` ("Summe", tgTotals: the
 * sum of the children after their own discounts, before the category's `DiscountPcnt`/`DiscountAmt`, which give
 * `TotAfterDisc`) with the container's `totalPrice`. The BVBS Prüfdatei GAEB DA XML 3.3 AVA X86 follows this:
 * item 60 with Qty 40, UP 20, DiscountPcnt 10 states IT 720.00. A not-applicable item (`NotAppl`) that states IT 0
 * meets it (the model keeps its quantity × unit price but does not count it).
 */
import type { ElementContainerBase, ElementDto, PositionDto, ProjectDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';
import type { MessageSink } from '../../core/pipeline/messages.js';

export const TOTAL_MISMATCH = 'GAEB_TOTAL_MISMATCH';
/** Mismatches reported one by one; beyond that one message counts the rest. */
const MAX_REPORTED = 50;

/** One stated total that the recalculation does not meet. */
export interface TotalMismatch {
  /** `Item 01.0010`, `Category 01.`, `BoQ`. */
  element: string;
  itemNumber?: string;
  stated: number;
  recalculated: number;
}

const cents = (v: number): number => Math.round(v * 100);
const amount = (v: number): string => v.toFixed(2);

/**
 * The stated totals (`gaebTotal`) of a recalculated project that differ from the recalculated ones by a cent or
 * more, in document order (BoQ, then its elements depth-first, each category before its children).
 * @param project a project after `prepareProject` (computed `deductedPrice` / `totalPrice`)
 */
export function findTotalMismatches(project: ProjectDto): TotalMismatch[] {
  const out: TotalMismatch[] = [];
  const check = (element: string, itemNumber: string | undefined, stated: unknown, recalculated: number | undefined): void => {
    if (typeof stated !== 'number' || !Number.isFinite(stated)) return;
    const actual = recalculated ?? 0;
    if (cents(stated) !== cents(actual)) out.push({ element, ...(itemNumber ? { itemNumber } : {}), stated, recalculated: actual });
  };
  const walk = (elements: readonly ElementDto[] | undefined): void => {
    for (const e of elements ?? []) {
      if (e.elementTypeDiscriminator === 'PositionDto') {
        const p = e as PositionDto;
        const n = p.itemNumber?.stringRepresentation;
        // A not-applicable item (NotAppl) states IT 0 (BVBS X86 1.10.40.0030); the model keeps quantity × unit price
        // and does not count it, so 0 is met.
        const removed = p.comissionStatus === 'Removed' && p.gaebTotal === 0;
        check(`Item ${n ?? '(without number)'}`, n, p.gaebTotal, removed ? 0 : p.deductedPrice ?? p.totalPrice);
      } else if (e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto') {
        const g = e as ServiceSpecificationGroupDto;
        const n = g.itemNumber?.stringRepresentation;
        check(`${g.isLot ? 'Lot' : 'Category'} ${n ?? '(without number)'}`, n, g.gaebTotal, g.totalPrice);
        walk(g.elements);
      }
    }
  };
  for (const spec of project.serviceSpecifications ?? []) {
    const s = spec as ElementContainerBase & { name?: string; gaebTotal?: unknown };
    check(s.name ? `BoQ '${s.name}'` : 'BoQ', undefined, s.gaebTotal, s.totalPrice);
    walk(s.elements);
  }
  return out;
}

/**
 * Reports every stated total of a recalculated GAEB project that the recalculation does not meet (see the module
 * comment): at most 50 messages one by one, then one message counting the rest.
 * @param source the reporting plugin id (`gaeb`)
 * @returns the mismatches found
 */
export function reportTotalMismatches(project: ProjectDto, sink: MessageSink, source = 'gaeb'): TotalMismatch[] {
  const found = findTotalMismatches(project);
  for (const m of found.slice(0, MAX_REPORTED)) {
    sink.report({
      code: TOTAL_MISMATCH,
      severity: 'warning',
      message:
        `${m.element}: the file states the total ${amount(m.stated)}, the recalculated total is ${amount(m.recalculated)} ` +
        `(difference ${amount(m.recalculated - m.stated)}); the recalculated total is kept.`,
      ...(m.itemNumber ? { itemNumber: m.itemNumber } : {}),
      source,
    });
  }
  if (found.length > MAX_REPORTED) {
    sink.report({
      code: TOTAL_MISMATCH,
      severity: 'warning',
      message: `${found.length - MAX_REPORTED} more stated totals differ from the recalculated ones (${found.length} in all).`,
      source,
    });
  }
  return found;
}
