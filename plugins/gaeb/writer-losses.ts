/**
 * What the GAEB 90 and GAEB 2000 writers must not lose silently (discounts: `core/model/discount-losses.ts`).
 *
 * - Prices: {@link pricedPositions} counts the positions with a unit price or total (the DA XML writer's
 *   `GAEB_XML_PRICES_DROPPED` rule), for the message when a phase without prices (81, 83) leaves them out.
 */
import { isGroup, isPosition, type ElementDto, type ServiceSpecificationDto } from '../../core/model/types.js';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

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
