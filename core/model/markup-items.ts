/**
 * Markup items (GAEB DA XML `MarkupItem`, Zuschlagsposition: `isComplementingPosition`, a percentage of the
 * positions it adds to) written to a format without them: GAEB 90 and GAEB 2000 as written here, ÖNORM A 2063 and
 * SIA 451 write such an item as an ordinary position with its calculated unit price. Totals stay the same; what is
 * lost is that the price follows its base — a receiver who changes a marked position's price or quantity does
 * not see the markup move. {@link markupItemsMessage} says so, naming the items.
 */
import { positionsOf, type PositionDto, type ServiceSpecificationDto } from './types.js';

const FIRST = 5;

/** The markup items of a service specification, in document order. */
export function markupItems(spec: ServiceSpecificationDto | undefined): PositionDto[] {
  return positionsOf(spec?.elements).filter((p) => p.isComplementingPosition === true);
}

/**
 * The message for markup items written as ordinary positions, or undefined when there are none.
 * @param format `GAEB 90`, `GAEB 2000`, `ÖNORM A 2063`, `SIA 451`
 * @param spec   the calculated service specification written (its markup items' `unitPrice` in project currency,
 *   `complementingPricePercentage` in percent, `complementingBasePrice` in project currency)
 */
export function markupItemsMessage(format: string, spec: ServiceSpecificationDto | undefined): string | undefined {
  const items = markupItems(spec);
  if (items.length === 0) return undefined;
  const named = items.slice(0, FIRST).map((p) => {
    const pct = p.complementingPricePercentage;
    const base = p.complementingBasePrice;
    const rule = typeof pct === 'number' && typeof base === 'number' ? `; ${pct} % of ${base.toFixed(2)}` : '';
    return `Item ${p.itemNumber?.stringRepresentation ?? '(without number)'} (unit price ${(p.unitPrice ?? 0).toFixed(2)}${rule})`;
  }).join(', ');
  const more = items.length > FIRST ? ` and ${items.length - FIRST} more` : '';
  return `${format} has no markup item: ${items.length} markup item(s) were written as ordinary positions with their unit price: ${named}${more}. `
    + 'Totals are unchanged; the price no longer follows the positions it adds to.';
}
