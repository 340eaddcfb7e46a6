/**
 * GAEB 90 record 27 ("sub-item long text"): kept verbatim, not interpreted.
 *
 * What is known: ddrews-de/gaeb-converter app/lib/gaeb/parsers/gaeb90.ts lists `27 Unterpos. sub-item long text`
 * and appends such lines to the item's long text like record 26 lines (with its own synthetic tests only). No
 * real file with a record 27 was found (none in the shared corpus, none in the public samples of
 * ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts), and no source gives its columns or how the sub-items of an item are numbered and
 * delimited — which the model's `subDescriptions` (identifier, quantity, text each) would need. Appending the
 * lines to the item's own long text would mix the sub-items' texts into the item's and lose their boundaries.
 *
 * Rule used instead: cols 3–74 of each record 27 of an item are kept, in order and untrimmed at the start, in the
 * extra field `gaeb90SubText` (string[]) of the position; the reader reports them with the item number
 * (`GAEB90_SUB_TEXT_DROPPED`, warning: they are in neither `longText` nor `subDescriptions`); the GAEB 90 writer
 * writes them back as records 27 after the item's long text (records 26). Other writers ignore the field.
 */
import type { PositionDto } from '../../../core/model/types.js';
import type { Report } from './price-components.js';
import { field, width } from './records.js';

/** The extra field of a position holding its record 27 lines (cols 3–74, trailing blanks removed). */
export const SUB_TEXT_FIELD = 'gaeb90SubText';

/** The record 27 lines kept on a position ([] when none or not a string list). */
export function subTextLines(p: PositionDto): string[] {
  const lines = p[SUB_TEXT_FIELD];
  return Array.isArray(lines) ? lines.filter((l): l is string => typeof l === 'string') : [];
}

/** Keeps cols 3–74 of a record 27 (padded to 80 characters) on the position. */
export function keepSubTextLine(p: PositionDto, rec: string): void {
  p[SUB_TEXT_FIELD] = [...subTextLines(p), field(rec, 'text').trimEnd()];
}

/** Reports the record 27 lines of an item once it ends (nothing when it has none). */
export function reportSubText(p: PositionDto, report: Report, itemNumber?: string): void {
  const n = subTextLines(p).length;
  if (n === 0) return;
  report(
    'GAEB90_SUB_TEXT_DROPPED', 'warning',
    `${n} record(s) 27 (sub-item long text) were not read into the long text or sub descriptions: no specification or sample gives their columns or how sub-items are numbered and delimited. Their cols 3–${2 + width('text')} are kept verbatim as ${SUB_TEXT_FIELD} and written back only to GAEB 90.`,
    itemNumber,
  );
}
