/**
 * `Item` (GAEB DA XML 3.3 Lib tgItem as restricted by each phase XSD): flags, references, quantity, unit, prices,
 * VAT, description and sub-descriptions, in the schema's element order. What a phase does not allow is left
 * out and reported once per kind (context tallies).
 */
import type { SchemaLayout } from '../../../../core/model/item-numbers.js';
import { writeChangeOrder } from '../change-order.js';
import type { PositionDto, SubDescriptionDto } from '../../../../core/model/types.js';
import type { WriterContext } from './context.js';
import { writeDescription } from './description.js';
import type { DocumentIndex } from './prepass.js';
import { writeQtyDeterm, type TakeoffCounter } from './qty-determ.js';

/** What the BoQ writer shares with the item writer. */
export interface BoqState {
  ctx: WriterContext;
  index: DocumentIndex;
  layout: SchemaLayout;
  /** Decimals of UP/UPComp (PrjInfo/UPFracDig, 2 or 3). */
  upDigits: number;
  /** Price component labels, in LblUPComp order (at most 6). */
  upCompLabels: string[];
  /** Set when `ExportQuantityDetermination` is on: quantity components are written as `QtyDeterm` rows. */
  takeoff?: TakeoffCounter;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Writes one `Item` with the given `@RNoPart`/`@RNoIndex`. */
export function writeItem(s: BoqState, p: PositionDto, rNoPart: string, rNoIndex: string | undefined): void {
  const { ctx, index } = s;
  const { b, rules } = ctx;
  const item = rules.item;
  const no = p.itemNumber?.stringRepresentation || rNoPart;
  const origin = (label: string, field: string) => ({ itemNumber: no, field, label });
  b.open('Item', { ID: index.xmlId(p), RNoPart: rNoPart, RNoIndex: rNoIndex });

  const notOffered = item.notOffered && p.notOffered === true;
  if (notOffered) b.leaf('NotOffered', 'Yes');
  else if (p.notOffered === true && rules.phase !== '84') {
    ctx.tally('GAEB_XML_ELEMENT_DROPPED', 'info', `NotOffered exists only in phase 84 and was left out`, no);
  }

  if (item.flags) {
    const alt = index.alternative(p);
    if (alt) b.leaf('ALNGroupNo', alt.group).leaf('ALNSerNo', alt.serNo);
    if (p.positionType === 'Optional') b.leaf('Provis', p.priceType === 'WithoutTotal' ? 'WithoutTotal' : 'WithTotal');
    if (p.isLumpSum === true) b.leaf('LumpSumItem', 'Yes');
  } else if (p.positionType === 'Optional' || p.positionType === 'Alternative' || p.isLumpSum || p.serviceType === 'HourlyPaidWork') {
    ctx.tally('GAEB_XML_ELEMENT_DROPPED', 'info', `phase ${rules.phase} carries no item kinds (Provis, ALN, LumpSumItem, HourIt)`, no);
  }
  if (p.comissionStatus === 'Removed') {
    if (item.notAppl) b.leaf('NotAppl', 'Yes');
    else ctx.tally('GAEB_XML_ELEMENT_DROPPED', 'warning', `phase ${rules.phase} has no NotAppl; removed items were written without the flag`, no);
  }
  if (item.flags) {
    if (p.serviceType === 'HourlyPaidWork') b.leaf('HourIt', 'Yes');
    if (p.isKeyItem === true) b.leaf('KeyIt', 'Yes');
    if (p.complemented === true) b.leaf('MarkupIt', 'Yes');
    writeChangeOrder(ctx, p, item.changeOrder, rules.phase, no);
    writeReference(s, p, no);
  } else {
    writeChangeOrder(ctx, p, false, rules.phase, no);
  }

  const qty = num(p.quantity) ?? num(p.quantityOverride);
  const fmtQty = (v: number) => ctx.decimal(v, 3, 11, 'Qty', no);
  if (p.amountToBeEnteredByBidder === true && item.qtyTBD !== 'none') {
    b.leaf('QtyTBD', 'Yes');
    if (item.qtyTBD === 'withQty' && qty !== undefined && qty !== 0) b.leaf('Qty', fmtQty(qty));
  } else if (qty !== undefined && (item.qty === 'all' || p.amountToBeEnteredByBidder === true)) {
    b.leaf('Qty', fmtQty(qty));
  } else if (qty !== undefined) {
    ctx.tally('GAEB_XML_QTY_DROPPED', 'info', `phase ${rules.phase} (the bid) carries no quantities of the tender; a reader derives them as IT / UP`, no);
  }

  if (item.qu !== 'none') {
    const unit = ctx.fit(p.unitTag ?? '', 4, 'QU (unit)', origin('unit', 'unitTag'));
    if (unit !== '' || item.qu === 'required') b.leaf('QU', unit);
  }

  if (rules.prices && !notOffered) {
    const up = num(p.unitPrice) ?? num(p.unitPriceOverride);
    if (up !== undefined) {
      b.leaf('UP', ctx.decimal(up, s.upDigits, 13, 'UP', no));
      s.upCompLabels.forEach((label, i) => {
        const comp = p.priceComponents?.find((c) => c.label === label) ?? p.priceComponents?.[i];
        const price = num(comp?.price);
        if (price !== undefined) b.leaf(`UPComp${i + 1}`, ctx.decimal(price, s.upDigits, 13, `UPComp${i + 1}`, no));
      });
    }
    writeDiscountAndIT(s, p, no);
  }

  const vat = num(p.taxRate);
  if (p.useDifferentTaxRate === true && vat !== undefined) b.leaf('VAT', ctx.decimal(vat * 100, 2, 5, 'VAT', no));

  writeDescription(ctx, p, { required: false, itemNumber: no, field: 'position' });
  writeSubDescriptions(s, p.subDescriptions ?? [], no);
  if (s.takeoff) writeQtyDeterm(ctx, s.takeoff, p, no);
  b.close();
}

/** `RefRNo` (repetitionTo) or `RefPerfNo` (executionDescriptionReference): a choice, so at most one. */
function writeReference(s: BoqState, p: PositionDto, no: string): void {
  const { ctx, index } = s;
  const rep = p.repetitionTo ? index.xmlIdOfModelId(p.repetitionTo) : undefined;
  const perf = p.executionDescriptionReference ? index.perfDescrId(p.executionDescriptionReference) : undefined;
  if (rep) ctx.b.empty('RefRNo', { IDRef: rep });
  else if (perf) ctx.b.empty('RefPerfNo', { IDRef: perf });
  if ((p.repetitionTo && !rep) || (p.executionDescriptionReference && !perf) || (rep && perf)) {
    ctx.tally('GAEB_XML_REFERENCE_DROPPED', 'warning', 'references to elements that are not in the BoQ (or a second reference) were left out', no);
  }
}

function writeSubDescriptions(s: BoqState, subs: readonly SubDescriptionDto[], no: string): void {
  if (subs.length === 0) return;
  const { ctx } = s;
  const { b, rules } = ctx;
  const full = rules.item.subDescrFull;
  if (full) b.leaf('SumDescr', 'Yes');
  const used = new Set<number>();
  for (const sub of subs) {
    let n = Number.parseInt(sub.identifier ?? '', 10);
    if (!(n >= 1 && n <= 99) || used.has(n)) {
      n = 1;
      while (used.has(n) && n < 99) n++;
    }
    used.add(n);
    b.open('SubDescr').leaf('SubDNo', n);
    writeDescription(ctx, sub, { required: full, itemNumber: no, field: 'subDescriptions' });
    // Only a stated quantity (components): the calculation's 0 for a sub-description without one is not written.
    const qty = (sub.quantityComponents?.length ?? 0) > 0 ? num(sub.quantity) : undefined;
    if (qty !== undefined) {
      if (rules.version === '3.1') b.leaf('QtySpec', 'Yes');
      b.leaf('Qty', ctx.decimal(qty, 3, 11, 'Qty', no));
    }
    b.close();
  }
}

/** Item DiscountPcnt (deductionFactor in percent) and IT = the total after it (`deductedPrice`, GAEB tgItem). */
function writeDiscountAndIT(s: BoqState, p: PositionDto, no: string): void {
  const { b } = s.ctx;
  const factor = num(p.deductionFactor) ?? 0;
  if (factor !== 0) b.leaf('DiscountPcnt', s.ctx.decimal(factor * 100, 6, 9, 'DiscountPcnt', no));
  const it = num(p.deductedPrice) ?? num(p.totalPrice);
  if (it !== undefined) b.leaf('IT', s.ctx.decimal(it, 2, 13, 'IT', no));
}

const MARKUP_TYPE: Record<string, string> = {
  AllPreviousMarkedPositions: 'IdentAsMark',
  AllPreviousPositions: 'AllInCat',
  ReferencedPositions: 'ListInSubQty',
};

/**
 * A complementing position as `MarkupItem` (tgMarkupItem): ALN/Provis/NotAppl/HourIt/KeyIt flags, MarkupType
 * (not in 84 of 3.2/3.3; a type the model does not state is written as AllInCat), MarkupSubQty/RefItem per `complementsPositions`, ITMarkup (`complementingBasePrice`), Markup
 * (percent), DiscountPcnt, IT, Description (required).
 */
export function writeMarkupItem(s: BoqState, p: PositionDto, rNoPart: string, rNoIndex: string | undefined): void {
  const { ctx, index } = s;
  const { b, rules } = ctx;
  const no = p.itemNumber?.stringRepresentation || rNoPart;
  b.open('MarkupItem', { ID: index.xmlId(p), RNoPart: rNoPart, RNoIndex: rNoIndex });
  if (rules.item.flags) {
    const alt = index.alternative(p);
    if (alt) b.leaf('ALNGroupNo', alt.group).leaf('ALNSerNo', alt.serNo);
    if (p.positionType === 'Optional') b.leaf('Provis', p.priceType === 'WithoutTotal' ? 'WithoutTotal' : 'WithTotal');
  }
  if (p.comissionStatus === 'Removed' && rules.item.notAppl) b.leaf('NotAppl', 'Yes');
  if (rules.item.flags) {
    if (p.serviceType === 'HourlyPaidWork') b.leaf('HourIt', 'Yes');
    if (p.isKeyItem === true) b.leaf('KeyIt', 'Yes');
  }
  // MarkupType/MarkupSubQty: every phase except the reduced 84 of 3.2/3.3 (3.1's 84 still requires MarkupType).
  if (rules.item.flags || rules.version === '3.1') {
    const markupType = MARKUP_TYPE[p.gaebComplementingType ?? ''];
    if (!markupType) {
      ctx.report('GAEB_XML_MARKUP_TYPE_ASSUMED', 'warning', `markup item ${no} states no markup type (read from an X84, which has none); MarkupType AllInCat was written, so a receiver computes its total from the items of its category`, no);
    }
    b.leaf('MarkupType', markupType ?? 'AllInCat');
    for (const id of p.complementsPositions ?? []) {
      const ref = index.xmlIdOfModelId(id);
      if (ref) b.open('MarkupSubQty').empty('RefItem', { IDRef: ref }).close();
    }
  }
  if (rules.prices) {
    const base = num(p.complementingBasePrice) ?? 0;
    b.leaf('ITMarkup', ctx.decimal(base, 2, 13, 'ITMarkup', no));
    b.leaf('Markup', ctx.decimal(num(p.complementingPricePercentage) ?? 0, 6, 9, 'Markup', no));
    writeDiscountAndIT(s, p, no);
  }
  writeDescription(ctx, p, { required: true, itemNumber: no, field: 'position' });
  b.close();
}
