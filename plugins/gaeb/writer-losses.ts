/**
 * What the GAEB 90 and GAEB 2000 writers must not lose silently: discounts and unit prices.
 *
 * - Discounts: an item's or markup item's `DiscountPcnt` (`deductionFactor`), a category's or the BoQ's
 *   `DiscountPcnt`/`DiscountAmt` (`deductionFactor`/`absoluteDeduction`) and `TotalLSUM` (`flatSum`), as the DA XML
 *   reader maps them (GAEB DA XML 3.3 Lib, tgItem/tgMarkupItem/tgTotals). {@link discountedElements} lists the
 *   elements whose discount changes their amount; {@link withoutDiscounts} gives the project a receiver recalculates
 *   from a file that cannot hold them (quantity × unit price, sums of the children), so that every total written
 *   is one the receiver's own recalculation meets.
 * - Prices: {@link pricedPositions} counts the positions with a unit price or total (the DA XML writer's
 *   `GAEB_XML_PRICES_DROPPED` rule), for the message when a phase without prices (81, 83) leaves them out.
 */
import { calculateProject } from '../../core/model/calculate.js';
import type {
  ElementContainerBase, ElementDto, PositionDto, ProjectDto, ServiceSpecificationDto, ServiceSpecificationGroupDto,
} from '../../core/model/types.js';

/** One element whose discount (or lump-sum total) changes its amount. */
export interface DiscountedElement {
  /** `Item 01.0030`, `Category 01.`, `BoQ`. */
  element: string;
  itemNumber?: string;
  /** Amount before and after the discount (currency, 2 decimals as calculated). */
  before: number;
  after: number;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const isGroup = (e: ElementDto): e is ServiceSpecificationGroupDto => e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto';
const isPosition = (e: ElementDto): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto';

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
 * that holds quantities and unit prices but no discounts. The input is not changed.
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
    strip(spec);
    walk(spec.elements);
  }
  return calculateProject(copy, { supportSkippedItemNumberLevels });
}

/**
 * The message text for discounts a format cannot hold: how many elements, the first few item numbers, the
 * amount difference of the whole BoQ (written total − total with discounts) and what was written instead.
 * @param format `GAEB 90`
 * @param found  {@link discountedElements} of the written service specification
 * @param before the BoQ total with the discounts (`deductedPrice`)
 * @param after  the BoQ total written (recalculated without them)
 */
export function discountsDroppedMessage(format: string, found: readonly DiscountedElement[], before: number, after: number): string {
  const FIRST = 5;
  const names = found.slice(0, FIRST).map((d) => `${d.element} (${d.before.toFixed(2)} → ${d.after.toFixed(2)})`).join(', ');
  const more = found.length > FIRST ? ` and ${found.length - FIRST} more` : '';
  return `${format} has no field for discounts: the discounts of ${found.length} element(s) were not written: ${names}${more}. `
    + `Totals were written without them (quantity × unit price, sums of the children), as a receiver recalculates them: `
    + `the BoQ total is ${after.toFixed(2)} instead of ${before.toFixed(2)} (difference ${(after - before).toFixed(2)}).`;
}

/** Positions with a non-zero unit price or total (as the DA XML writer counts them for GAEB_XML_PRICES_DROPPED). */
export function pricedPositions(spec: ServiceSpecificationDto | undefined): number {
  let count = 0;
  const walk = (elements: readonly ElementDto[] | undefined) => {
    for (const e of elements ?? []) {
      if (isPosition(e) && (num(e.unitPrice ?? e.unitPriceOverride) !== 0 || num(e.totalPrice) !== 0)) count++;
      else if (isGroup(e)) walk(e.elements);
    }
  };
  walk(spec?.elements);
  return count;
}

/**
 * A short text on one line, for GAEB 90's record 25 and GAEB 2000's `[Kurztext]`, which hold a single line: each
 * line break (with the blanks around it) and each tab becomes one space; runs of spaces within a line are kept.
 * @returns the line, and whether a line break or tab had to be replaced (the writer reports it)
 */
export function shortTextLine(text: string | undefined): { line: string; changed: boolean } {
  const source = text ?? '';
  const line = source.replace(/[ \t]*[\r\n]+[ \t]*/g, ' ').replace(/\t/g, ' ');
  return { line, changed: line !== source };
}
