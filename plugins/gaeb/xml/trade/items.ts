/**
 * `OrderItem` (GAEB DA XML 3.3 Lib tgOrderItem; 3.2 Lib identical for what is written here): the positions of the
 * service specification, depth first, as a flat list — trade documents have no BoQ hierarchy.
 *
 * Mapping: `ItemChara` ← positionType (Alternative → alternate, Optional → provis); `ItemType` lump ← isLumpSum;
 * `RefItems/Customer` ← the item number ("Positionsnummer des HW", which must come back unchanged 93→94 and
 * 96→97, so it is written verbatim); `DeliveryChara` "no supply" ← notOffered (not in 93: "LiefKennZ darf nicht
 * in D93 existieren"); `Service` ← HourlyPaidWork; `Qty` (decimal 13,2) ← quantity; `QU` (4 chars) ← unitTag;
 * `Description` ← short/long text; `NetPrice` (PrNetto, decimal 10,2) with `PriceBasis` ← unitPrice; position
 * deduction → `PriceModification/DiscountPcnt`; `VAT` ← a position's own tax rate.
 *
 * tgOrderItem rule 3: without AQU, NetPrice and PriceBasis refer to units of Qty's unit — so a unit price with
 * more than two decimals (12.345 €/m3) is written exactly as NetPrice 123.45 per PriceBasis 10.
 * tgOrderItem has no item total (IT) and tgOrder no order total: totals are not written (a receiver computes
 * Qty × NetPrice / PriceBasis).
 */
import type { PositionDto } from '../../../../core/model/types.js';
import type { WriterContext } from '../writer/context.js';
import { formatFixed } from '../../../../core/model/decimal.js';
import { writeDescription } from '../writer/description.js';
import type { DocumentIndex } from '../writer/prepass.js';
import { tradeHasPrices, type TradePhase } from './phase.js';

export interface ItemState {
  ctx: WriterContext;
  index: DocumentIndex;
  phase: TradePhase;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * A unit price as decimal(10,2) NetPrice per PriceBasis: the smallest basis of 1, 10, 100, 1000 that represents
 * it exactly; else (more than five decimals) rounded to cents per unit.
 */
export function priceWithBasis(unitPrice: number): { price: number; basis: number; exact: boolean } {
  for (const basis of [1, 10, 100, 1000]) {
    const scaled = formatFixed(unitPrice * basis, 6);
    if (scaled !== undefined && /\.\d{2}0{4}$/.test(scaled)) return { price: Number(scaled), basis, exact: true };
  }
  return { price: unitPrice, basis: 1, exact: false };
}

/** Writes one `OrderItem` per position that is not removed. */
export function writeOrderItems(s: ItemState, positions: readonly PositionDto[]): void {
  for (const p of positions) {
    const no = p.itemNumber?.stringRepresentation;
    if (p.comissionStatus === 'Removed') {
      s.ctx.tally('GAEB_XML_ELEMENT_DROPPED', 'info', 'removed positions (comissionStatus Removed) are not part of a trade document and were left out', no);
      continue;
    }
    writeOrderItem(s, p, no);
  }
}

function writeOrderItem(s: ItemState, p: PositionDto, no: string | undefined): void {
  const { ctx, index, phase } = s;
  const { b } = ctx;
  const key = no ?? p.id ?? 'OrderItem';
  b.open('OrderItem', { ID: index.xmlId(p) });
  if (p.positionType === 'Alternative') b.leaf('ItemChara', 'alternate');
  else if (p.positionType === 'Optional') b.leaf('ItemChara', 'provis');
  if (p.isLumpSum === true) b.leaf('ItemType', 'lump');
  if (no) b.open('RefItems').leaf('Customer', ctx.clean(no, { itemNumber: no, field: 'itemNumber', label: 'item number' })).close();
  const notOffered = p.notOffered === true && phase !== '93';
  if (notOffered) b.leaf('DeliveryChara', 'no supply');
  if (p.serviceType === 'HourlyPaidWork') b.leaf('Service', 'Yes');

  const qty = num(p.quantity) ?? num(p.quantityOverride);
  if (qty !== undefined && !(p.amountToBeEnteredByBidder === true && qty === 0)) {
    const text = ctx.decimal(qty, 2, 13, 'Qty', key);
    if (Number(text) !== qty) ctx.tally('GAEB_XML_VALUE_ROUNDED', 'warning', 'trade documents carry quantities with two decimals (Qty decimal(13,2)); quantities were rounded', key);
    b.leaf('Qty', text);
  }
  const unit = ctx.fit(p.unitTag ?? '', 4, 'QU (unit)', { itemNumber: no, field: 'unitTag', label: 'unit' });
  if (unit !== '') b.leaf('QU', unit);
  writeDescription(ctx, p, { required: false, itemNumber: no, field: 'shortText' });
  if ((p.subDescriptions?.length ?? 0) > 0) {
    ctx.tally('GAEB_XML_ELEMENT_DROPPED', 'warning', 'trade documents have no sub-descriptions; they were left out', key);
  }

  const up = num(p.unitPrice) ?? num(p.unitPriceOverride);
  if (tradeHasPrices(phase) && !notOffered && up !== undefined) {
    const { price, basis, exact } = priceWithBasis(up);
    if (!exact) ctx.tally('GAEB_XML_VALUE_ROUNDED', 'warning', 'unit prices with more than five decimals were rounded to cents (NetPrice decimal(10,2))', key);
    b.leaf('NetPrice', ctx.decimal(price, 2, 10, 'NetPrice', key));
    if (basis !== 1) b.leaf('PriceBasis', ctx.decimal(basis, 2, 10, 'PriceBasis', key));
    const f = num(p.deductionFactor);
    if (f !== undefined && f !== 0) b.open('PriceModification').leaf('DiscountPcnt', ctx.decimal(f * 100, 6, 9, 'DiscountPcnt', key)).close();
  }
  const rate = num(p.taxRate);
  if (p.useDifferentTaxRate === true && rate !== undefined) b.leaf('VAT', ctx.decimal(rate * 100, 2, 5, 'VAT', key));
  b.close();
}
