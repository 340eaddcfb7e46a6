/**
 * GAEB 2000 vendor tags for the DA XML item flags GAEB 2000 has no keyword for (the project's `_GAEBXML_<DA XML
 * element>` convention, as `[_GAEBXML_UPFracDig]` and the discount tags of `discounts.ts`), on a `Position`:
 * `[_GAEBXML_LumpSumItem]Yes` (tgItem `LumpSumItem`, a lump sum: `isLumpSum`), `[_GAEBXML_HourIt]Yes` (`HourIt`,
 * hourly paid work: `serviceType` HourlyPaidWork), `[_GAEBXML_QtyTBD]Yes` (`QtyTBD`, quantity to be entered by the
 * bidder: `amountToBeEnteredByBidder`) and `[_GAEBXML_NotOffered]Yes` (`NotOffered`, a position the bidder did not
 * offer: `notOffered`). GAEB DA XML 3.3 Lib, tgItem. A receiver that does not know them skips them, as GAEB 2000
 * lets it skip every `_` tag; read back, they give the flags again.
 */
import type { PositionDto } from '../../../core/model/types.js';
import { type Gaeb2000Block, textOf } from './tokenizer.js';

const FLAGS = [
  ['_GAEBXML_LumpSumItem', (p: PositionDto) => p.isLumpSum === true, (p: PositionDto) => { p.isLumpSum = true; }],
  ['_GAEBXML_HourIt', (p: PositionDto) => p.serviceType === 'HourlyPaidWork', (p: PositionDto) => { p.serviceType = 'HourlyPaidWork'; }],
  ['_GAEBXML_QtyTBD', (p: PositionDto) => p.amountToBeEnteredByBidder === true, (p: PositionDto) => { p.amountToBeEnteredByBidder = true; }],
  ['_GAEBXML_NotOffered', (p: PositionDto) => p.notOffered === true, (p: PositionDto) => { p.notOffered = true; }],
] as const;

/** The flag tags a position needs, each with its value `Yes`, in this order. */
export function itemFlagTags(p: PositionDto): string[] {
  return FLAGS.filter(([, has]) => has(p)).map(([tag]) => tag);
}

/** Sets the flags whose tag a `Position` block holds with `Yes` (or `J`). */
export function readItemFlags(b: Gaeb2000Block, p: PositionDto): void {
  for (const [tag, , set] of FLAGS) if (/^(yes|j)/i.test(textOf(b, tag.toLowerCase()) ?? '')) set(p);
}
