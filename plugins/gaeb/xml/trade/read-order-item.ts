/**
 * One trade `OrderItem` (GAEB DA XML 3.3 Lib tgOrderItem; the 3.2 Lib has the same elements) → PositionDto, and
 * the price modifications of items and orders (tgPriceModification): the inverse of the trade writer's
 * ../trade/items.ts. The leaves are collected while the item is read (order.ts) and applied at its end tag, when
 * the item number (`RefItems/Customer`, which follows `ItemChara`/`ItemType`) is known for the messages.
 *
 * - `ItemChara` alternate → positionType Alternative (no `alternativeTo`: a trade item has no ALN group);
 *   provis → Optional with priceType WithoutTotal (a Bedarfsposition; the trade document does not say whether its
 *   total counts, and it carries no totals); normal → Regular.
 * - `ItemType` lump → isLumpSum; jumbo-main, jumbo-sub, articel-main (bills of material) are reported.
 * - `DeliveryChara` "no supply" → notOffered; the other delivery characteristics are reported.
 * - `Service` Yes → serviceType HourlyPaidWork.
 * - `Qty` (decimal 13,2) → quantityOverride; no `Qty` → amountToBeEnteredByBidder (the writer leaves Qty out
 *   exactly for such items); `QU` → unitTag.
 * - `NetPrice` / `PriceBasis` → unitPriceOverride, computed in decimal (rule 3 of tgOrderItem: both refer to units
 *   of Qty's unit unless `AQU` is given): 123.45 per 10 → 12.345; a quotient without a finite decimal value is
 *   rounded to 6 decimals (GAEB_TRADE_UNIT_PRICE_ROUNDED). `AQU` (billing unit) is reported (GAEB_TRADE_BILLING_UNIT).
 * - `PriceModification/DiscountPcnt` (percent) → deductionFactor (fraction); several multiply, 1 − Π(1 − pᵢ/100).
 *   Informative (`Type` info), partial (`SubQty`, `Threshold`), absolute, markup and multiplier modifications of
 *   an item are reported (GAEB_TRADE_PRICE_MODIFICATION_DROPPED).
 * - `VAT` (percent) → ItemDraft.vat, resolved by links.ts into taxRate / useDifferentTaxRate.
 */
import { D, type Dec } from '../../../../core/model/decimal.js';
import type { PositionDto } from '../../../../core/model/types.js';
import { parseDecimal } from '../reader/header.js';
import type { ItemDraft } from '../reader/items.js';
import { DROPPED_ITEM_CHILDREN, type ReaderReport } from '../reader/report.js';

/** One `PriceModification` (tgPriceModification) as read. */
export interface PriceModification {
  /** `Type` ('info': informative only, not applied). */
  type?: string;
  /** The chosen amount element: DiscountPcnt, DiscountAbs, MarkupPcnt, MarkupAbs or Multiplicator. */
  kind?: string;
  /** Its text (tgDecimal). */
  value?: string;
  /** `SubQty` or `Threshold` was given: the modification applies to part of the quantity only. */
  conditional?: boolean;
}

/** An `OrderItem` being read. */
export interface TradeItem {
  draft: ItemDraft;
  /** Leaves by local name (text trimmed), applied by {@link completeOrderItem}. */
  leaves: Map<string, string>;
  modifications: PriceModification[];
  /** Children read but not kept (names relative to `OrderItem`, in document order). */
  dropped: string[];
  /** `RefItems/Customer` was read. */
  hasNumber: boolean;
}

/** tgOrderItem leaves that {@link completeOrderItem} maps. */
export const ORDER_ITEM_LEAVES: ReadonlySet<string> = new Set(['ItemChara', 'ItemType', 'DeliveryChara', 'Service', 'Qty', 'QU', 'NetPrice', 'PriceBasis', 'AQU', 'VAT']);

/** Most decimals kept for a unit price computed as NetPrice / PriceBasis. */
export const UNIT_PRICE_PLACES = 6;

/** Where {@link completeOrderItem} reports. */
export interface ItemReport {
  report: ReaderReport;
  /** Records an element read but not kept (summarised at the end of the document). */
  drop(what: string, itemNumber?: string): void;
}

/** One leaf of a `PriceModification` (GAEB DA XML 3.3 Lib tgPriceModification; local name, trimmed text). */
export function modificationLeaf(m: PriceModification, name: string, text: string): void {
  switch (name) {
    case 'Type': m.type = text; break;
    case 'SubQty': case 'Threshold': m.conditional = true; break;
    case 'DiscountPcnt': case 'DiscountAbs': case 'MarkupPcnt': case 'MarkupAbs': case 'Multiplicator':
      m.kind = name;
      m.value = text;
      break;
    default: break; // Name, Quotation: a label and a reference, nothing to apply
  }
}

/**
 * The percentage (e.g. 5 for 5 %) of an unconditional, applied `DiscountPcnt`; any other modification is reported
 * (GAEB_TRADE_PRICE_MODIFICATION_DROPPED: info for `Type` info, else warning) and gives undefined.
 * @param where `OrderItem` or `OrderInfo`, for the message
 */
export function discountPercent(m: PriceModification, where: string, report: ReaderReport, itemNumber?: string): Dec | undefined {
  if (m.kind === 'DiscountPcnt' && m.type !== 'info' && !m.conditional && parseDecimal(m.value ?? '') !== undefined) return new D(m.value!);
  const what = m.type === 'info' ? 'an informative price modification (Type info)'
    : m.conditional ? 'a price modification for part of the quantity (SubQty/Threshold)'
    : `a price modification ${m.kind ?? 'without amount'}${m.value !== undefined ? ` '${m.value}'` : ''}`;
  report.report('GAEB_TRADE_PRICE_MODIFICATION_DROPPED', m.type === 'info' ? 'info' : 'warning',
    `${where}/PriceModification: ${what} has no equivalent in the model and was dropped.`, itemNumber);
  return undefined;
}

/** A deduction factor (fraction, undefined = none) after one more discount of `percent` %: 1 − (1 − f)(1 − p/100). */
export function withDiscount(factor: number | undefined, percent: Dec): number {
  return new D(1).minus(new D(1).minus(factor ?? 0).times(new D(1).minus(percent.dividedBy(100)))).toNumber();
}

/**
 * A decimal leaf (GAEB DA XML tgDecimal: digits with '.' and an optional sign), exact as a decimal.js value.
 * @returns undefined when `text` is undefined, or when it is no decimal (reported as GAEB_INVALID_NUMBER)
 */
export function decimalLeaf(text: string | undefined, name: string, report: ReaderReport, itemNumber?: string): Dec | undefined {
  if (text === undefined) return undefined;
  if (parseDecimal(text) === undefined) {
    report.report('GAEB_INVALID_NUMBER', 'warning', `${name} '${text}' is not a decimal number and was ignored.`, itemNumber);
    return undefined;
  }
  return new D(text);
}

/**
 * Applies the leaves and price modifications of one `OrderItem` (GAEB DA XML 3.3 Lib tgOrderItem) to its position
 * (mapping in the file comment: quantities in the unit `QU`, prices in the document currency per unit, VAT and
 * discounts from percent to fractions) and reports what is not kept. Never throws.
 * @returns the decimals of the unit price read (0 when the item has none), for `unitPriceAccuracy`
 */
export function completeOrderItem(item: TradeItem, out: ItemReport): number {
  const { draft, leaves } = item;
  const { report } = out;
  const p = draft.position;
  const no = draft.number;
  if (!item.hasNumber) report.report('GAEB_ITEM_WITHOUT_NUMBER', 'warning', `OrderItem ${no} has no item number (RefItems/Customer).`, no);
  const invalid = (name: string, value: string) =>
    report.report('GAEB_INVALID_VALUE', 'warning', `${name} '${value}' is not a value of the schema and was ignored.`, no);

  const chara = leaves.get('ItemChara');
  if (chara === 'alternate') p.positionType = 'Alternative';
  else if (chara === 'provis') {
    p.positionType = 'Optional';
    p.priceType = 'WithoutTotal';
  } else if (chara !== undefined && chara !== 'normal') invalid('ItemChara', chara);
  const type = leaves.get('ItemType');
  if (type === 'lump') p.isLumpSum = true;
  else if (type === 'jumbo-main' || type === 'jumbo-sub' || type === 'articel-main') item.dropped.push(`ItemType ${type}`);
  else if (type !== undefined) invalid('ItemType', type);
  const delivery = leaves.get('DeliveryChara');
  if (delivery === 'no supply') p.notOffered = true;
  else if (delivery !== undefined) item.dropped.push(`DeliveryChara '${delivery}'`);
  const service = leaves.get('Service');
  if (service === 'Yes') p.serviceType = 'HourlyPaidWork';
  else if (service !== undefined && service !== 'No') invalid('Service', service);

  const qty = decimalLeaf(leaves.get('Qty'), 'Qty', report, no);
  if (qty !== undefined) p.quantityOverride = qty.toNumber();
  else if (!leaves.has('Qty')) p.amountToBeEnteredByBidder = true;
  const unit = leaves.get('QU');
  if (unit !== undefined && unit !== '') p.unitTag = unit;
  const places = unitPrice(leaves, p, no, out);
  for (const m of item.modifications) {
    const percent = discountPercent(m, 'OrderItem', report, no);
    if (percent !== undefined) p.deductionFactor = withDiscount(p.deductionFactor, percent);
  }
  const vat = decimalLeaf(leaves.get('VAT'), 'VAT', report, no);
  if (vat !== undefined) draft.vat = vat.toNumber();

  for (const name of item.dropped) {
    // Children the award Item has too are reported with the award reader's codes.
    const coded = DROPPED_ITEM_CHILDREN[name];
    if (coded) report.dropped(coded, no);
    else out.drop(`OrderItem/${name}`, no);
  }
  return places;
}

/** `NetPrice` / `PriceBasis` → unitPriceOverride; returns its decimals (0 without NetPrice). */
function unitPrice(leaves: ReadonlyMap<string, string>, p: PositionDto, no: string, out: ItemReport): number {
  const { report } = out;
  const net = decimalLeaf(leaves.get('NetPrice'), 'NetPrice', report, no);
  const basis = decimalLeaf(leaves.get('PriceBasis'), 'PriceBasis', report, no);
  if (net === undefined) {
    if (basis !== undefined) out.drop('OrderItem/PriceBasis (without NetPrice)', no);
    return 0;
  }
  let price = net;
  if (basis !== undefined && !basis.isZero()) price = net.dividedBy(basis);
  else if (basis !== undefined) report.report('GAEB_INVALID_NUMBER', 'warning', 'PriceBasis 0 was ignored; NetPrice was read as the price of one unit.', no);
  if (price.decimalPlaces() > UNIT_PRICE_PLACES) {
    price = price.toDecimalPlaces(UNIT_PRICE_PLACES, D.ROUND_HALF_UP);
    report.report('GAEB_TRADE_UNIT_PRICE_ROUNDED', 'info', `NetPrice / PriceBasis has no exact decimal value; the unit price was rounded to ${UNIT_PRICE_PLACES} decimals.`, no);
  }
  p.unitPriceOverride = price.toNumber();
  const aqu = leaves.get('AQU');
  if (aqu !== undefined && aqu !== '') {
    report.report('GAEB_TRADE_BILLING_UNIT', 'warning', `The price refers to the billing unit AQU '${aqu}', which the model does not have; it was read as the price per unit of the quantity (QU '${p.unitTag ?? ''}').`, no);
  }
  return price.decimalPlaces();
}
