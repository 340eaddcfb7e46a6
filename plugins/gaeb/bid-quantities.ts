/**
 * Quantities of a bid (exchange phase 84, all three GAEB generations). The reduced bid structure carries unit
 * prices and item totals but no quantities (X84 tgItem has no required Qty; D84/P84 hold OZ, EP and GB only:
 * gaeb-online.de help "Keine Texte, keine Mengen bei DA84"), so a bid read on its own would recalculate every
 * total as 0. The quantity is derived as total / (unit price × (1 − discount)), 3 decimals (the quantity's
 * scale, tgQty decimal(11,3)), so the totals recalculate to what the bid states.
 */
import { D } from '../../core/model/decimal.js';
import type { ElementDto, PositionDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';

/**
 * Derives `quantityOverride` for the positions of a bid that state a total (`gaebTotal`, in project currency) and a
 * unit price (`unitPriceOverride`, not 0) but no quantity; positions whose quantity the bidder enters, and
 * complementing (markup) positions, are left alone. A markup item without its type (X84 leaves `MarkupType` out)
 * keeps its stated total as its unit price (quantity 1).
 * @param elements the specification's elements, walked recursively and changed in place
 * @returns how many quantities were derived (for the reader's one info message)
 */
export function deriveBidQuantities(elements: readonly ElementDto[]): number {
  let count = 0;
  const walk = (list: readonly ElementDto[] | undefined): void => {
    for (const e of list ?? []) {
      if (e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto') walk((e as ServiceSpecificationGroupDto).elements);
      if (e.elementTypeDiscriminator !== 'PositionDto') continue;
      const p = e as PositionDto;
      const it = p.gaebTotal;
      if (p.isComplementingPosition && p.gaebComplementingType === undefined && typeof it === 'number') {
        p.unitPriceOverride = it;
        continue;
      }
      const up = p.unitPriceOverride;
      if (p.quantityOverride !== undefined || p.amountToBeEnteredByBidder || p.isComplementingPosition || typeof it !== 'number' || !up) continue;
      const net = new D(up).times(new D(1).minus(p.deductionFactor ?? 0));
      if (net.isZero()) continue;
      p.quantityOverride = new D(it).dividedBy(net).toDecimalPlaces(3, D.ROUND_HALF_UP).toNumber();
      count++;
    }
  };
  walk(elements);
  return count;
}

/** The message text for `count` derived quantities. */
export const bidQuantitiesMessage = (count: number, stated: string): string =>
  `${count} item quantities of this bid (DP 84, which carries no quantities) were derived as ${stated}, so the totals recalculate to the stated ones.`;
