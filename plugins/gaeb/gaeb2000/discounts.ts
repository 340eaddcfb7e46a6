/**
 * GAEB 2000 vendor tags for the DA XML discount values GAEB 2000 has no keyword for (the project's `_GAEBXML_<DA
 * XML element>` convention, as `[_GAEBXML_UPFracDig]` and `[_GAEBXML_LumpSumItem]`): on a `Position`, the item's
 * `DiscountPcnt` (percent); on an `LVBereich` or in `LVInfo`, the `Totals` values `DiscountPcnt` (percent),
 * `DiscountAmt` (currency) and `TotalLSUM` (currency). GAEB DA XML 3.3 Lib, tgItem/tgMarkupItem/tgTotals.
 */
import type { ElementContainerBase, PositionDto } from '../../../core/model/types.js';
import { type Gaeb2000Block, textOf } from './tokenizer.js';
import { parseGaeb2000Number } from './values.js';

export const DISCOUNT_PCNT = '_GAEBXML_DiscountPcnt';
export const DISCOUNT_AMT = '_GAEBXML_DiscountAmt';
export const TOTAL_LSUM = '_GAEBXML_TotalLSUM';

const numberOf = (b: Gaeb2000Block, tag: string): number | undefined => parseGaeb2000Number(textOf(b, tag.toLowerCase()));

/** A position's `[_GAEBXML_DiscountPcnt]` → `deductionFactor` (fraction). */
export function readPositionDiscount(b: Gaeb2000Block, p: PositionDto): void {
  const pcnt = numberOf(b, DISCOUNT_PCNT);
  if (pcnt !== undefined && pcnt !== 0) p.deductionFactor = pcnt / 100;
}

/** A category's or the LV's discount tags → `deductionFactor` (fraction), `absoluteDeduction`, `flatSum`. */
export function readContainerDiscount(b: Gaeb2000Block, c: ElementContainerBase): void {
  const pcnt = numberOf(b, DISCOUNT_PCNT);
  if (pcnt !== undefined && pcnt !== 0) c.deductionFactor = pcnt / 100;
  const amount = numberOf(b, DISCOUNT_AMT);
  if (amount !== undefined && amount !== 0) c.absoluteDeduction = amount;
  const lump = numberOf(b, TOTAL_LSUM);
  if (lump !== undefined) c.flatSum = lump;
}
