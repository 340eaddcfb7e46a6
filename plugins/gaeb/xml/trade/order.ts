/**
 * The head of a trade document: `PrjInfo`, `Order/OrderInfo` and the parties (`SupplierInfo`, `CustomerInfo`,
 * `DeliveryPlaceInfo`), per GAEB DA XML 3.3 Lib tgPrjInfo, tgOrderInfo, tgSupplierInfo, tgCustomerInfo,
 * tgDeliveryPlaceInfo and tgAddress (3.2 Lib: the same elements in the same order).
 *
 * Roles: the party that buys (the model's `projectInformation.buyer`, the ordering side) is the customer, the party
 * that offers prices (`serviceSpecifications[0].bidder`) is the supplier, and the project site is the delivery place.
 */
import type { NoteTextDto, PartyInformationDto, ProjectDto, ServiceSpecificationDto } from '../../../../core/model/types.js';
import type { WriterContext } from '../writer/context.js';
import { writeFText } from '../writer/description.js';
import { isoDate, writeAddTexts, writeAddress } from '../writer/document.js';
import type { BkdnLevel } from '../writer/numbering.js';
import { tradeHasPrices, type TradePhase } from './phase.js';

const PARTY_FIELDS = ['name', 'street', 'zipCode', 'city', 'country', 'email', 'phone', 'fax', 'contactPersonName', 'vatId', 'identifier'] as const;

const hasPartyData = (p: PartyInformationDto | undefined): p is PartyInformationDto =>
  !!p && PARTY_FIELDS.some((k) => typeof p[k] === 'string' && (p[k] as string).trim() !== '');

/** PrjInfo: NamePrj, LblPrj, Descrip, AddText (the opening texts); omitted when empty. */
export function writeTradePrjInfo(ctx: WriterContext, project: ProjectDto, spec: ServiceSpecificationDto, opening: readonly NoteTextDto[]): void {
  const { b } = ctx;
  const info = project.projectInformation ?? {};
  const name = info.name ?? spec.name;
  if (!name && !info.descriptionShort && !info.description && opening.length === 0) return;
  const field = (f: string) => ({ field: `projectInformation.${f}`, label: 'text' });
  b.open('PrjInfo');
  if (name) b.leaf('NamePrj', ctx.fit(name, 60, 'NamePrj', field('name')));
  if (info.descriptionShort) b.leaf('LblPrj', ctx.fit(info.descriptionShort, 100, 'LblPrj', field('descriptionShort')));
  if (info.description) {
    b.open('Descrip');
    writeFText(ctx, { longText: info.description }, 'projectInformation.description');
    b.close();
  }
  writeAddTexts(ctx, opening, true, 'opening texts (PrjInfo/AddText)');
  b.close();
}

/** What OrderInfo needs besides the project. */
export interface OrderHead {
  phase: TradePhase;
  levels: readonly BkdnLevel[];
}

const percent = (fraction: number) => fraction * 100;

/** OrderInfo (all children optional; omitted when there is nothing to say). */
export function writeOrderInfo(ctx: WriterContext, project: ProjectDto, spec: ServiceSpecificationDto, head: OrderHead): void {
  const { b } = ctx;
  const info = project.projectInformation ?? {};
  const f = (name: string) => ({ field: `serviceSpecifications[0].${name}`, label: 'text' });
  const items: (() => void)[] = [];
  // PartNo (BestNr, "Name aus D96"): the order number, i.e. the contract identifier of an order / confirmation.
  if ((head.phase === '96' || head.phase === '97') && spec.contractIdentifier) {
    items.push(() => b.leaf('PartNo', ctx.fit(spec.contractIdentifier, 15, 'PartNo', f('contractIdentifier'))));
  }
  if (info.currencyShort) {
    const cur = ctx.clean(info.currencyShort, { field: 'projectInformation.currencyShort', label: 'currency' });
    items.push(() => {
      b.leaf('Cur', cur, { ISO: cur });
      if (info.currencyLong) b.leaf('CurLbl', ctx.fit(info.currencyLong, 50, 'CurLbl', { field: 'projectInformation.currencyLong', label: 'currency label' }));
    });
  }
  // OfferFixedPriceDate: "Rückgabe für Preisanfrage (D93)" — the date the offers are due.
  const due = head.phase === '93' ? isoDate(spec.offerByDate) : undefined;
  if (due) items.push(() => b.leaf('OfferFixedPriceDate', due));
  if (head.levels.length > 0 && head.levels.length <= 7) {
    items.push(() => {
      for (const level of head.levels) {
        b.open('CustomerBoQBkdn').leaf('Type', level.type);
        if (level.label && level.type === 'BoQLevel') {
          b.leaf('LblBoQBkdn', ctx.fit(level.label, 40, 'LblBoQBkdn', { field: 'itemNumberSchema.tiers.tierName', label: 'tier name' }));
        }
        b.leaf('Length', level.length).leaf('Num', level.numeric ? 'Yes' : 'No').close();
      }
    });
  }
  if (tradeHasPrices(head.phase)) {
    const factor = typeof spec.deductionFactor === 'number' && spec.deductionFactor !== 0 ? spec.deductionFactor : undefined;
    const abs = typeof spec.absoluteDeduction === 'number' && spec.absoluteDeduction !== 0 ? spec.absoluteDeduction : undefined;
    if (factor !== undefined) items.push(() => b.open('PriceModification').leaf('DiscountPcnt', ctx.decimal(percent(factor), 6, 9, 'DiscountPcnt', 'deductionFactor')).close());
    if (abs !== undefined) items.push(() => b.open('PriceModification').leaf('DiscountAbs', ctx.decimal(abs, 2, 13, 'DiscountAbs', 'absoluteDeduction')).close());
  }
  const vat = typeof spec.projectTaxRate === 'number' && spec.projectTaxRate !== 0 ? spec.projectTaxRate : undefined;
  if (vat !== undefined) items.push(() => b.leaf('VAT', ctx.decimal(percent(vat), 2, 5, 'VAT', 'projectTaxRate')));
  if (items.length === 0) return;
  b.open('OrderInfo');
  for (const write of items) write();
  b.close();
}

/** SupplierInfo (bidder), CustomerInfo (buyer), DeliveryPlaceInfo (site), each only when the model has the party. */
export function writeParties(ctx: WriterContext, project: ProjectDto, spec: ServiceSpecificationDto): void {
  const bidder = spec.bidder;
  if (hasPartyData(bidder)) {
    writeParty(ctx, 'SupplierInfo', bidder, 'serviceSpecifications[0].bidder');
    // tgSupplierInfo requires TaxNo and RegNo, which the model does not hold.
    ctx.b.leaf('TaxNo', '').leaf('RegNo', '').close();
    ctx.report('GAEB_XML_DEFAULT_ADDED', 'info', 'SupplierInfo requires TaxNo and RegNo; the project has neither, so they were written empty');
  }
  const buyer = project.projectInformation?.buyer;
  if (hasPartyData(buyer)) writeParty(ctx, 'CustomerInfo', buyer, 'projectInformation.buyer').close();
  const site = project.projectInformation?.site;
  if (hasPartyData(site)) writeParty(ctx, 'DeliveryPlaceInfo', site, 'projectInformation.site').close();
}

/** Opens `tag`, writes IDNo and Address; the caller closes `tag`. */
function writeParty(ctx: WriterContext, tag: string, p: PartyInformationDto, field: string): WriterContext['b'] {
  const { b } = ctx;
  b.open(tag);
  if (p.identifier) b.leaf('IDNo', ctx.fit(p.identifier, 20, `${tag}/IDNo`, { field: `${field}.identifier`, label: 'text' }));
  writeAddress(ctx, p, `${tag}/Address`, field, true);
  return b;
}
