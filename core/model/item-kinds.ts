/**
 * Item kinds a target format has no mark for (GAEB DA XML 3.3 Lib, tgItem): a lump sum (`LumpSumItem`:
 * `isLumpSum`), hourly paid work (`HourIt`: `serviceType` HourlyPaidWork), a quantity the bidder enters (`QtyTBD`:
 * `amountToBeEnteredByBidder`), a position the bidder did not offer (`NotOffered`: `notOffered`), an optional
 * position (`Provis`: `positionType` Optional) and an alternative one (`ALNSerNo` 1–9: `positionType` Alternative).
 * A writer without the mark writes such a position as an ordinary one; {@link itemKindsMessage} names them, per
 * kind, for one message per file. What the sums count is reported apart (`counting-marks.ts`).
 */
import { positionsOf, type PositionDto, type ServiceSpecificationDto } from './types.js';

export type ItemKind = 'lumpSum' | 'hourly' | 'quantityByBidder' | 'notOffered' | 'optional' | 'alternative';

const KINDS: Readonly<Record<ItemKind, { has: (p: PositionDto) => boolean; name: string }>> = {
  lumpSum: { has: (p) => p.isLumpSum === true, name: 'lump sum (LumpSumItem)' },
  hourly: { has: (p) => p.serviceType === 'HourlyPaidWork', name: 'hourly paid work (HourIt)' },
  quantityByBidder: { has: (p) => p.amountToBeEnteredByBidder === true, name: 'quantity to be entered by the bidder (QtyTBD)' },
  notOffered: { has: (p) => p.notOffered === true, name: 'not offered by the bidder (NotOffered)' },
  optional: { has: (p) => p.positionType === 'Optional', name: 'optional position (Provis)' },
  alternative: { has: (p) => p.positionType === 'Alternative', name: 'alternative position (ALNSerNo)' },
};

const FIRST = 3;

/** `12 (01.0010, 01.0020, 01.0030 and 9 more)`: how many item numbers, and the first three of them. */
export function countedNumbers(numbers: readonly string[]): string {
  const more = numbers.length > FIRST ? ` and ${numbers.length - FIRST} more` : '';
  return `${numbers.length} (${numbers.slice(0, FIRST).join(', ')}${more})`;
}

/**
 * The message for positions of `kinds` written as ordinary ones, or undefined when there are none.
 * @param format `ÖNORM A 2063`, `SIA 451`
 * @param spec   the service specification written
 * @param kinds  the kinds the format has no mark for, in the order the message names them
 * @param conveyed per kind, the positions whose kind the file conveys otherwise (a lump sum whose unit is the
 *   format's lump-sum unit: ÖNORM `PA`, SIA `gl`), left out of the message
 */
export function itemKindsMessage(
  format: string, spec: ServiceSpecificationDto | undefined, kinds: readonly ItemKind[], conveyed: Partial<Record<ItemKind, (p: PositionDto) => boolean>> = {},
): string | undefined {
  const positions = positionsOf(spec?.elements);
  const parts: string[] = [];
  for (const kind of kinds) {
    const otherwise = conveyed[kind];
    const numbers = positions.filter((p) => KINDS[kind].has(p) && !otherwise?.(p)).map((p) => p.itemNumber?.stringRepresentation ?? '(without number)');
    if (numbers.length > 0) parts.push(`${KINDS[kind].name}: ${countedNumbers(numbers)}`);
  }
  if (parts.length === 0) return undefined;
  return `${format} has no mark for these item kinds; their positions were written as ordinary ones: ${parts.join('; ')}.`;
}
