/**
 * Option `ExportQuantityDetermination` (seed G: "When true, quantities are exported in detail through the
 * QtyDeterm fields in GAEB XML targets, driven by the QuantityComponents property of positions"): a position's
 * `quantityComponents` as `Item/QtyDeterm/QDetermItem/QTakeoff/@Row` rows in the REB 23.003 row format
 * (core/text/takeoff-row.ts).
 *
 * Source: GAEB DA XML 3.3 Lib (2021-05) tgItem (`QtyDeterm` last, after `Product`), tgQtyDeterm (`Qty?`,
 * `QDetermItem*`), tgQDetermItem (`QTakeoff` @Row required, `CtlgAssign*`), tgQTakeoffRow; the phase XSDs 81–86
 * (3.3) and X83 (3.2) keep `QtyDeterm` in their restricted tgItem; the 3.1 schema has no `QtyDeterm`.
 * `QtyDeterm/Qty` is not written: `Item/Qty` already states the quantity.
 */
import type { PositionDto } from '../../../../core/model/types.js';
import type { WriterContext } from './context.js';
import { formatTakeoffRows } from '../../../../core/text/takeoff-row.js';

/** Document-wide row counter (REB row addresses are unique per file). */
export interface TakeoffCounter {
  next: number;
}

/** Writes `QtyDeterm` for a position with quantity components, or reports why it cannot be written. */
export function writeQtyDeterm(ctx: WriterContext, counter: TakeoffCounter, p: PositionDto, no: string): void {
  const origin = (label: string) => ({ itemNumber: no, field: 'quantityComponents', label });
  const components = (p.quantityComponents ?? [])
    .map((c) => ({
      formula: ctx.clean(typeof c.formula === 'string' ? c.formula : '', origin('quantity formula')),
      description: ctx.clean(typeof c.description === 'string' ? c.description : '', origin('quantity description')),
    }))
    .filter((c) => c.formula.trim() !== '' || c.description.trim() !== '');
  if (components.length === 0) return;
  if (!ctx.rules.item.qtyDeterm) {
    ctx.tally(
      'GAEB_XML_QTY_DETERM_DROPPED',
      'warning',
      `GAEB DA XML ${ctx.rules.version} has no QtyDeterm; the quantity components of positions were not written (ExportQuantityDetermination)`,
      no,
    );
    return;
  }
  const { b } = ctx;
  b.open('QtyDeterm');
  for (const c of components) {
    for (const row of formatTakeoffRows(c, counter.next)) {
      counter.next++;
      b.open('QDetermItem').empty('QTakeoff', { Row: row }).close();
    }
  }
  b.close();
  ctx.tally('GAEB_XML_QTY_DETERM_WRITTEN', 'info', 'quantity components were written as QtyDeterm rows (REB 23.003 row format, formula 91)', no);
}
