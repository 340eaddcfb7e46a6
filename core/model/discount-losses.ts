/**
 * Discounts a target format cannot hold: an item's or markup item's `DiscountPcnt` (`deductionFactor`), a
 * category's or the BoQ's `DiscountPcnt`/`DiscountAmt` (`deductionFactor`/`absoluteDeduction`) and `TotalLSUM`
 * (`flatSum`), as the GAEB DA XML reader maps them (GAEB DA XML 3.3 Lib, tgItem/tgMarkupItem/tgTotals).
 * {@link discountedElements} lists the elements whose discount changes their amount; {@link withoutDiscounts}
 * gives the project a receiver recalculates from a file that cannot hold them (quantity × unit price, sums of the
 * children), so that a writer stating totals states ones the receiver's own recalculation meets;
 * {@link discountsDroppedMessage} says so. Used by the GAEB 90 and SIA 451 writers.
 */
import { calculateProject, freezeMarkupPrices } from './calculate.js';
import {
  isGroup, isPosition, type ElementContainerBase, type ElementDto, type ProjectDto, type ServiceSpecificationDto,
} from './types.js';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** One element whose discount (or lump-sum total) changes its amount. */
export interface DiscountedElement {
  /** `Item 01.0030`, `Category 01.`, `BoQ`. */
  element: string;
  itemNumber?: string;
  /** Amount before and after the discount (currency, 2 decimals as calculated). */
  before: number;
  after: number;
}

/** Whether a container states a discount (percent, amount) or a lump-sum total. */
export const containerDiscounted = (c: ElementContainerBase): boolean =>
  num(c.deductionFactor) !== 0 || num(c.absoluteDeduction) !== 0 || c.flatSum !== undefined;

/**
 * The discounted elements of a calculated service specification, in document order (BoQ first, then depth-first):
 * positions with a non-zero `deductionFactor`, containers with a discount or `flatSum`.
 * @param spec a service specification after `prepareProject`
 */
export function discountedElements(spec: ServiceSpecificationDto): DiscountedElement[] {
  const out: DiscountedElement[] = [];
  const container = (element: string, c: ElementContainerBase, itemNumber?: string) => {
    if (!containerDiscounted(c)) return;
    const before = num(c.totalPrice);
    out.push({ element, ...(itemNumber ? { itemNumber } : {}), before, after: num(c.deductedPrice ?? before) });
  };
  const walk = (elements: readonly ElementDto[] | undefined) => {
    for (const e of elements ?? []) {
      if (isPosition(e) && num(e.deductionFactor) !== 0) {
        const n = e.itemNumber?.stringRepresentation;
        const before = num(e.totalPrice);
        out.push({ element: `Item ${n ?? '(without number)'}`, ...(n ? { itemNumber: n } : {}), before, after: num(e.deductedPrice ?? before) });
      } else if (isGroup(e)) {
        container(`${e.isLot ? 'Lot' : 'Category'} ${e.itemNumber?.stringRepresentation ?? '(without number)'}`, e, e.itemNumber?.stringRepresentation);
        walk(e.elements);
      }
    }
  };
  container('BoQ', spec);
  walk(spec.elements);
  return out;
}

/**
 * A copy of a calculated project without any discount or lump-sum total (`deductionFactor`, `absoluteDeduction`,
 * `flatSum` removed everywhere), recalculated (`calculateProject`): the amounts a receiver computes from a file
 * that holds quantities and unit prices but no discounts. Markup items keep their unit price (`freezeMarkupPrices`:
 * the file states it, the receiver does not recompute it from an undiscounted base). The input is not changed.
 * @param project a project after `prepareProject`
 * @param supportSkippedItemNumberLevels as the project was prepared with (option SupportSkippedItemNumberLevelsInPositions)
 */
export function withoutDiscounts(project: ProjectDto, supportSkippedItemNumberLevels: boolean): ProjectDto {
  const copy = structuredClone(project);
  const strip = (c: ElementContainerBase) => {
    delete c.deductionFactor;
    delete c.absoluteDeduction;
    delete c.flatSum;
  };
  const walk = (elements: readonly ElementDto[] | undefined) => {
    for (const e of elements ?? []) {
      if (isPosition(e)) delete e.deductionFactor;
      else if (isGroup(e)) {
        strip(e);
        walk(e.elements);
      }
    }
  };
  for (const spec of copy.serviceSpecifications ?? []) {
    freezeMarkupPrices(spec.elements);
    strip(spec);
    walk(spec.elements);
  }
  return calculateProject(copy, { supportSkippedItemNumberLevels });
}

/**
 * The message text for discounts a format cannot hold: how many elements, the first few item numbers, the
 * amount difference of the whole BoQ (written total − total with discounts) and what was written instead.
 * @param format `GAEB 90`, `SIA 451`
 * @param found  {@link discountedElements} of the written service specification
 * @param before the BoQ total with the discounts (`deductedPrice`)
 * @param after  the BoQ total written, or the one a receiver computes (recalculated without them)
 * @param statesTotals whether the format states totals (GAEB 90) or only quantities and unit prices (SIA 451)
 */
export function discountsDroppedMessage(format: string, found: readonly DiscountedElement[], before: number, after: number, statesTotals = true): string {
  const FIRST = 5;
  const names = found.slice(0, FIRST).map((d) => `${d.element} (${d.before.toFixed(2)} → ${d.after.toFixed(2)})`).join(', ');
  const more = found.length > FIRST ? ` and ${found.length - FIRST} more` : '';
  const totals = statesTotals
    ? 'Totals were written without them (quantity × unit price, sums of the children), as a receiver recalculates them: '
    : 'A receiver computes the totals without them (quantity × unit price, sums of the children): ';
  return `${format} has no field for discounts: the discounts of ${found.length} element(s) were not written: ${names}${more}. `
    + `${totals}the BoQ total is ${after.toFixed(2)} instead of ${before.toFixed(2)} (difference ${(after - before).toFixed(2)}).`;
}
