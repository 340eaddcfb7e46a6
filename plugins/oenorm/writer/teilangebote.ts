/**
 * Partial offers (Teilangebote, lots) → ONLV: a position's kept `teilangebotskennzeichen` (1–99, 2009 `ontypdef.xsd`
 * `teilangebotskennzeichen.type`) is written in its quantity block (`positions.ts`), and the LV then lists every lot
 * its positions name or the reader kept (`oenormProperties.teilangebote`, `reader/teilangebote.ts`) in
 * `teilangebotssummen` after its sums ("required when partial offer marks are assigned", `teilangebotstabelle.group`),
 * ascending: `teilangebot[@teilangebotskennzeichen]`, in a bidder's LV with `nichtangeboten` where the lot was kept
 * as not offered. A lot's sums (`summenormalausfuehrung`, optional) are not written: they follow from its positions,
 * and what the LV's discounts take from one lot is not stated in the model; dropping stated ones is reported
 * (`OENORM_LOT_SUMS_NOT_WRITTEN`, info).
 */
import type { PositionDto, ServiceSpecificationDto } from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';
import { keptOf } from './document.js';

/** A lot number ÖNORM can state: 1–99 (`teilangebotskennzeichen.type`). */
export const LOT = /^[1-9][0-9]?$/;

/** A lot as the reader keeps it. */
interface KeptLot { teilangebotskennzeichen?: unknown; nichtangeboten?: unknown; oenormTotal?: unknown }

/**
 * Writes `teilangebotssummen` (see the module comment) when a position names a lot or lots were kept.
 * @param positions every position of the LV
 * @param offer the LV type is a bidder's (a lot may be `nichtangeboten`)
 */
export function writeTeilangebote(ctx: OenormWriterContext, spec: ServiceSpecificationDto, positions: readonly PositionDto[], offer: boolean): void {
  const kept = new Map<string, KeptLot>();
  const stored = keptOf(spec).teilangebote;
  for (const lot of Array.isArray(stored) ? (stored as KeptLot[]) : []) {
    if (typeof lot?.teilangebotskennzeichen === 'string' && LOT.test(lot.teilangebotskennzeichen)) kept.set(lot.teilangebotskennzeichen, lot);
  }
  const marks = new Set(kept.keys());
  for (const p of positions) {
    const mark = p.oenormPositionProperties?.teilangebotskennzeichen;
    if (typeof mark === 'string' && LOT.test(mark)) marks.add(mark);
  }
  if (marks.size === 0) return;
  const b = ctx.b.open('teilangebotssummen');
  for (const mark of [...marks].sort((x, y) => Number(x) - Number(y))) {
    const attrs = { teilangebotskennzeichen: mark };
    if (offer && kept.get(mark)?.nichtangeboten === true) b.open('teilangebot', attrs).empty('nichtangeboten').close();
    else b.empty('teilangebot', attrs);
  }
  b.close();
  const summed = [...kept.values()].filter((lot) => typeof lot.oenormTotal === 'number').map((lot) => lot.teilangebotskennzeichen);
  if (summed.length > 0) {
    ctx.report('OENORM_LOT_SUMS_NOT_WRITTEN', 'info', `The sums of the partial offers ${summed.join(', ')} (teilangebot/summenormalausfuehrung) were not written; each lot is listed, and its sum follows from its positions.`);
  }
}
