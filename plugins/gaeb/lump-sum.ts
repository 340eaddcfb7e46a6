/**
 * Quantity of a lump-sum item (Pauschalposition) whose file states none.
 *
 * Rule: GAEB DA XML 3.3 Lib, tgItem/LumpSumItem ("Kennzeichen Pauschalposition") — the item is priced as a whole;
 * the GAEB DA XML 3.0 specification §5.7 allows `Qty` to be omitted only with `QtyTBD` or `LumpSumItem`, and its
 * item table gives a lump sum's quantity as 1 or omitted. So an omitted quantity is 1: the item's total equals its
 * unit price (IT = UP × (1 − DiscountPcnt)), and the category and BoQ totals keep its amount.
 */
import type { PositionDto } from '../../core/model/types.js';

/**
 * Sets `quantityOverride` 1 on a lump-sum position (`isLumpSum`) that has no quantity of its own: no
 * `quantityOverride`, no quantity components (take-off rows) and no quantity left to the bidder
 * (`amountToBeEnteredByBidder`). Changes the position in place.
 * @returns true when the quantity was set
 */
export function applyLumpSumQuantity(p: PositionDto): boolean {
  if (p.isLumpSum !== true || p.quantityOverride !== undefined || p.amountToBeEnteredByBidder === true) return false;
  if ((p.quantityComponents?.length ?? 0) > 0) return false;
  p.quantityOverride = 1;
  return true;
}
