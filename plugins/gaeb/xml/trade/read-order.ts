/**
 * GAEB DA XML trade documents (DP 93 Preisanfrage, 94 Preisangebot, 96 Bestellung, 97 Auftragsbestätigung; 3.3
 * `…/DA9x/3.3`, 3.2 `…/DA9x/3.2`, also 3.1's `…/200706`): `GAEB/Order` → the service specification, read as the
 * inverse of the trade writer (writer.ts, items.ts, order.ts). The state machine (../reader/state.ts) hands every
 * element below `Order` to {@link OrderReader}; item descriptions, `PrjInfo` and `GAEB/AddText` stay with it, so
 * texts go through the one rich text reader (text.ts) as in award documents.
 *
 * Structure (GAEB DA XML 3.3 Lib, same elements in the 3.2 Lib): tgOrder = `DP`, `OrderInfo?`, `SupplierInfo?`,
 * `CustomerInfo?`, `DeliveryPlaceInfo?`, `PlannerInfo?`, `InvoiceInfo?`, `OrderItem*`.
 *
 * Mapping (the writer's, reversed):
 * - `OrderItem` → one PositionDto (read-order-item.ts), **flat** in the service specification, in document order.
 *   Deliberately: trade documents have no categories — group titles, totals and flags are not in the file — so the
 *   reader does not invent untitled groups from the item numbers. The item number is `RefItems/Customer`, verbatim
 *   (written verbatim, and per the XSD it "must come back unchanged 93→94 and 96→97"); it keeps every group level
 *   and is schema compliant against the schema read from `OrderInfo/CustomerBoQBkdn` (the calculation accepts a
 *   flat position whose number holds all group tiers). `@ID` → `gaebXmlId` (tgOrderItem rule 1: it refers to the
 *   ID in the previous phase).
 * - `OrderInfo` (tgOrderInfo): `PartNo` → contractIdentifier; `Cur`/`CurLbl` → currencyShort/currencyLong;
 *   `OfferFixedPriceDate` (93 only: the date offers are due) and `TenderDate` → offerByDate; `CustomerBoQBkdn` →
 *   projectInformation.itemNumberSchema (separator '.', or the one other character the item numbers use);
 *   `PriceModification` DiscountPcnt/DiscountAbs → the specification's deductionFactor/absoluteDeduction;
 *   `VAT` (percent) → projectTaxRate (fraction); `AddText` → an opening text.
 * - Parties (tgSupplierInfo, tgCustomerInfo, tgDeliveryPlaceInfo; tgAddress as header.ts reads it): SupplierInfo →
 *   serviceSpecifications[0].bidder, CustomerInfo → projectInformation.buyer, DeliveryPlaceInfo →
 *   projectInformation.site; `IDNo` → identifier.
 * - `NamePrj` (read by header.ts into projectInformation.name) also names the service specification, as the
 *   writer writes `projectInformation.name ?? serviceSpecifications[0].name` there.
 * - Exchange phase: `exchangePhaseForTrade` in ../trade/phase.ts (finish.ts).
 *
 * What is read but not kept is reported: see read-order-item.ts for items; `OrderInfo` price modifications other than
 * DiscountPcnt/DiscountAbs (GAEB_TRADE_PRICE_MODIFICATION_DROPPED); DP 97 read as Grant (GAEB_TRADE_PHASE_MERGED);
 * all other elements (article numbers, delivery dates, list prices, planner, invoice, supplier numbering …, and
 * unknown ones) in one GAEB_TRADE_ELEMENT_DROPPED message listing each with its count and first item number.
 */
import { D } from '../../../../core/model/decimal.js';
import type {
  ElementDto, ItemNumberSchemaTierDto, PartyInformationDto, PositionDto, ProjectDto, ProjectInformationDto,
  ServiceSpecificationDto,
} from '../../../../core/model/types.js';
import { type BkdnDraft, schemaFromTiers, tierFromBkdn } from '../reader/boq.js';
import type { BodyBuilder } from '../reader/body.js';
import { type AddressDraft, applyAddress, finishAddress, newAddress, parseDecimal } from '../reader/header.js';
import type { ItemDraft } from '../reader/items.js';
import {
  ORDER_ITEM_LEAVES, type PriceModification, type TradeItem, completeOrderItem, discountPercent, modificationLeaf,
  withDiscount,
} from './read-order-item.js';
import type { ReaderReport } from '../reader/report.js';
import { lookupTable } from '../../../../core/lookup.js';

/** First context number owned by the trade reader; state.ts delegates every context from here on. */
export const TRADE_CONTEXT = 64;
const ORDER = 64, ORDER_INFO = 65, ORDER_ITEM = 66, REF_ITEMS = 67, ITEM_PRICE_MOD = 68, ORDER_PRICE_MOD = 69,
  CUSTOMER_BKDN = 70, PARTY = 71, PARTY_ADDRESS = 72;

/** True for the contexts of {@link OrderReader}. */
export const isTradeContext = (ctx: number): boolean => ctx >= TRADE_CONTEXT;

/** Contexts of the state machine that trade elements continue in. */
export interface SharedContexts {
  /** Skip the element and its subtree. */
  skip: number;
  /** A leaf: its text is handed to `leaf` of the parent's context at the end tag. */
  leaf: number;
  /** `Description` (tgDescription) of `body.described`. */
  description: number;
  /** An `AddText` opened with `body.openNote`. */
  addText: number;
}

/** What the trade reader fills: the document being built and the body builder (current item, texts). */
export interface TradeTarget {
  readonly project: ProjectDto;
  readonly info: ProjectInformationDto;
  readonly spec: ServiceSpecificationDto;
  readonly body: BodyBuilder;
  dp?: string;
}

const PARTY_ROLES: Readonly<Record<string, 'bidder' | 'buyer' | 'site'>> = lookupTable({
  SupplierInfo: 'bidder', CustomerInfo: 'buyer', DeliveryPlaceInfo: 'site',
});
/** tgAddress children that header.ts `applyAddress` keeps. */
const ADDRESS_FIELDS = new Set(['Name1', 'Name2', 'Name3', 'Name4', 'Street', 'PCode', 'City', 'Country', 'Contact', 'Phone', 'Fax', 'Email', 'VATID']);

/** Reads `GAEB/Order` of a trade document into the state's project (see the file comment for the mapping). */
export class OrderReader {
  /** True once a `GAEB/Order` was opened: the document is a trade document. */
  seen = false;

  private item: TradeItem | undefined;
  private modification: PriceModification | undefined;
  private bkdn: BkdnDraft = {};
  private readonly tiers: ItemNumberSchemaTierDto[] = [];
  private curIso: string | undefined;
  private party: { role: 'bidder' | 'buyer' | 'site'; tag: string; id?: string; address?: AddressDraft; value?: PartyInformationDto } | undefined;
  /** Most decimals of a unit price read, for `unitPriceAccuracy`. */
  private unitPricePlaces = 0;
  /** Element path → how often it was dropped and the first item number. */
  private readonly dropped = new Map<string, { count: number; first?: string }>();

  constructor(
    private readonly target: TradeTarget,
    private readonly report: ReaderReport,
    private readonly shared: SharedContexts,
  ) {}

  /** `GAEB/Order` (GAEB DA XML 3.3 Lib tgOrder) opens: marks the document as a trade document. @returns its context */
  open(): number {
    this.seen = true;
    return ORDER;
  }

  /**
   * A child element of a trade context opens (tgOrder, tgOrderInfo, tgOrderItem, tgRefItems, tgPriceModification,
   * tgBoQBkdn, the party types and tgAddress). Elements the mapping does not keep are recorded for the
   * GAEB_TRADE_ELEMENT_DROPPED message and skipped with their subtree; never throws.
   * @param parent the trade context of the parent (≥ {@link TRADE_CONTEXT})
   * @param name local name (prefix stripped); `attrs` its attributes (entity-decoded)
   * @returns the child's context: a trade context or one of {@link SharedContexts}
   */
  enter(parent: number, name: string, attrs: Record<string, string>): number {
    const { skip, leaf } = this.shared;
    switch (parent) {
      case ORDER:
        if (name === 'OrderItem') return this.openItem(attrs);
        if (name === 'DP') return leaf;
        if (name === 'OrderInfo') return ORDER_INFO;
        if (PARTY_ROLES[name]) {
          this.party = { role: PARTY_ROLES[name], tag: name };
          return PARTY;
        }
        this.drop(`Order/${name}`);
        return skip;
      case ORDER_INFO:
        switch (name) {
          case 'CustomerBoQBkdn':
            this.bkdn = {};
            return CUSTOMER_BKDN;
          case 'PriceModification':
            this.modification = {};
            return ORDER_PRICE_MOD;
          case 'AddText':
            this.target.body.openNote({ isOpeningText: true }, this.target.spec.elements!);
            return this.shared.addText;
          case 'Cur':
            this.curIso = attrs.ISO;
            return leaf;
          case 'PartNo': case 'CurLbl': case 'OfferFixedPriceDate': case 'TenderDate': case 'VAT':
            return leaf;
          default:
            this.drop(`OrderInfo/${name}`);
            return skip;
        }
      case ORDER_ITEM: return this.enterItemChild(name);
      case REF_ITEMS:
        if (name === 'Customer') return leaf;
        this.item!.dropped.push(`RefItems/${name}`);
        return skip;
      case ITEM_PRICE_MOD: case ORDER_PRICE_MOD: return leaf;
      case CUSTOMER_BKDN: return leaf;
      case PARTY:
        if (name === 'Address') {
          this.party!.address = newAddress();
          return PARTY_ADDRESS;
        }
        if (name === 'IDNo' || name === 'TaxNo' || name === 'RegNo') return leaf;
        this.drop(`${this.party!.tag}/${name}`);
        return skip;
      case PARTY_ADDRESS:
        if (ADDRESS_FIELDS.has(name)) return leaf;
        this.drop(`${this.party!.tag}/Address/${name}`);
        return skip;
      default: return skip;
    }
  }

  /**
   * A leaf of a trade context ends. Item leaves are kept until the item ends (read-order-item.ts); the others apply at
   * once (decimals in percent become fractions: `VAT` 19.00 → 0.19); invalid values are reported, never thrown.
   * @param parent the trade context the leaf is in; `name` its local name; `text` its trimmed character data
   */
  leaf(parent: number, name: string, text: string): void {
    switch (parent) {
      case ORDER: if (name === 'DP') this.target.dp = text; break;
      case ORDER_INFO: this.orderInfoLeaf(name, text); break;
      case ORDER_ITEM: this.item!.leaves.set(name, text); break;
      case REF_ITEMS: this.customerNumber(text); break;
      case ITEM_PRICE_MOD: case ORDER_PRICE_MOD: modificationLeaf(this.modification!, name, text); break;
      case CUSTOMER_BKDN:
        if (name === 'Type') this.bkdn.type = text;
        else if (name === 'Length') this.bkdn.length = text;
        else if (name === 'Num') this.bkdn.num = text;
        else if (name === 'LblBoQBkdn') this.bkdn.label = text;
        break;
      case PARTY:
        if (name === 'IDNo') this.party!.id = text;
        else if (text !== '') this.drop(`${this.party!.tag}/${name}`); // TaxNo, RegNo (the writer leaves them empty)
        break;
      case PARTY_ADDRESS: applyAddress(name, text, this.party!.address!); break;
      default: break;
    }
  }

  /** A trade context ends: completes an item, a price modification, a breakdown level, the schema or a party. */
  leave(ctx: number): void {
    switch (ctx) {
      case ORDER_ITEM: {
        const item = this.item!;
        this.target.body.closeItem({
          finishItem: () => {
            const places = completeOrderItem(item, { report: this.report, drop: (what, no) => this.drop(what, no) });
            this.unitPricePlaces = Math.max(this.unitPricePlaces, places);
          },
        });
        this.item = undefined;
        break;
      }
      case ITEM_PRICE_MOD: this.item!.modifications.push(this.modification!); this.modification = undefined; break;
      case ORDER_PRICE_MOD: this.applyOrderModification(this.modification!); this.modification = undefined; break;
      case CUSTOMER_BKDN: {
        const tier = tierFromBkdn(this.bkdn);
        if (typeof tier === 'string') this.report.report('GAEB_INVALID_BKDN', 'warning', `${tier}; the level was left out of the item number schema.`);
        else this.tiers.push(tier);
        break;
      }
      case ORDER_INFO:
        if (this.tiers.length > 0) this.target.info.itemNumberSchema = { ...schemaFromTiers(this.tiers), ...this.target.info.itemNumberSchema };
        break;
      case PARTY_ADDRESS: this.party!.value = finishAddress(this.party!.address!); break;
      case PARTY: this.finishParty(); break;
      default: break;
    }
  }

  /**
   * End of a trade document, before finish.ts completes phase, links and accuracies: the specification's name,
   * the item number separator, `priceAccuracy` 2 (amounts are decimal(13,2)) and `unitPriceAccuracy` (2, or the
   * most decimals of a unit price read, at most 6), and the messages on what was not kept. Does nothing for award
   * documents.
   */
  finish(): void {
    if (!this.seen) return;
    const { project, info, spec } = this.target;
    if (info.name !== undefined) spec.name ??= info.name;
    this.applySeparator();
    project.priceAccuracy ??= 2;
    project.unitPriceAccuracy ??= Math.max(info.upFracDig === 3 ? 3 : 2, this.unitPricePlaces);
    if (this.target.dp === '97') {
      this.report.report('GAEB_TRADE_PHASE_MERGED', 'info', 'DP 97 (order confirmation) has no exchange phase of its own in the model; it was read as Grant, which is written back as an order (96).');
    }
    if (this.dropped.size > 0) {
      const list = [...this.dropped].map(([what, d]) => `${what} (${d.count}×${d.first !== undefined ? `, first at ${d.first}` : ''})`);
      this.report.report('GAEB_TRADE_ELEMENT_DROPPED', 'info', `Trade document elements without an equivalent in the model were dropped: ${list.join(', ')}.`);
    }
  }

  private drop(what: string, itemNumber?: string): void {
    const d = this.dropped.get(what);
    if (d) d.count++;
    else this.dropped.set(what, { count: 1, first: itemNumber });
  }

  private openItem(attrs: Record<string, string>): number {
    const position: PositionDto = { elementTypeDiscriminator: 'PositionDto', additionType: 'None' };
    if (attrs.ID !== undefined) position.gaebXmlId = attrs.ID;
    (this.target.spec.elements as ElementDto[]).push(position);
    const draft: ItemDraft = { position, number: attrs.ID ?? 'OrderItem' };
    this.item = { draft, leaves: new Map(), modifications: [], dropped: [], hasNumber: false };
    this.target.body.item = draft;
    this.target.body.described = position;
    return ORDER_ITEM;
  }

  private enterItemChild(name: string): number {
    const item = this.item!;
    switch (name) {
      case 'Description': this.target.body.described = item.draft.position; return this.shared.description;
      case 'RefItems': return REF_ITEMS;
      case 'PriceModification': this.modification = {}; return ITEM_PRICE_MOD;
      default:
        if (ORDER_ITEM_LEAVES.has(name)) return this.shared.leaf;
        item.dropped.push(name);
        return this.shared.skip;
    }
  }

  /** `RefItems/Customer`: the item number, verbatim (the first one; further ones are reported). */
  private customerNumber(text: string): void {
    const item = this.item!;
    if (item.hasNumber || text === '') {
      item.dropped.push(item.hasNumber ? 'RefItems/Customer (further number)' : 'RefItems/Customer (empty)');
      return;
    }
    item.hasNumber = true;
    item.draft.number = text;
    item.draft.position.itemNumber = { stringRepresentation: text };
  }

  /** `OrderInfo/PriceModification`: DiscountPcnt → deductionFactor (multiplying), DiscountAbs → absoluteDeduction (adding). */
  private applyOrderModification(m: PriceModification): void {
    const spec = this.target.spec;
    if (m.kind === 'DiscountAbs' && m.type !== 'info' && !m.conditional && parseDecimal(m.value ?? '') !== undefined) {
      spec.absoluteDeduction = new D(spec.absoluteDeduction ?? 0).plus(m.value!).toNumber();
      return;
    }
    const percent = discountPercent(m, 'OrderInfo', this.report);
    if (percent !== undefined) spec.deductionFactor = withDiscount(spec.deductionFactor, percent);
  }

  private orderInfoLeaf(name: string, text: string): void {
    const { info, spec } = this.target;
    switch (name) {
      case 'PartNo': spec.contractIdentifier = text; break;
      case 'Cur': info.currencyShort = text !== '' ? text : this.curIso; break;
      case 'CurLbl': info.currencyLong = text; break;
      case 'TenderDate': spec.offerByDate = text; break;
      case 'OfferFixedPriceDate':
        // 93: "Rückgabe für Preisanfrage" (offers due); 94: how long the offered prices hold (no model field).
        if (this.target.dp === '93') spec.offerByDate = text;
        else this.drop('OrderInfo/OfferFixedPriceDate');
        break;
      case 'VAT': {
        const n = parseDecimal(text);
        if (n === undefined) this.report.report('GAEB_INVALID_NUMBER', 'warning', `OrderInfo/VAT '${text}' is not a decimal number and was ignored.`);
        else spec.projectTaxRate = new D(text).dividedBy(100).toNumber();
        break;
      }
      default: break;
    }
  }

  private finishParty(): void {
    const party = this.party!;
    this.party = undefined;
    const value = party.value ?? {};
    if (party.id !== undefined && party.id !== '') value.identifier = party.id;
    if (Object.keys(value).length === 0) return;
    if (party.role === 'bidder') this.target.spec.bidder = value;
    else if (party.role === 'buyer') this.target.info.buyer = value;
    else this.target.info.site = value;
  }

  /**
   * The item number separator: CustomerBoQBkdn does not state it, the writer writes the model's numbers verbatim.
   * '.' (the reader's default) unless the numbers use exactly one other character between their parts.
   */
  private applySeparator(): void {
    const schema = this.target.info.itemNumberSchema;
    if (!schema || this.tiers.length < 2) return;
    const seen = new Set<string>();
    for (const e of this.target.spec.elements ?? []) {
      const s = (e as PositionDto).itemNumber?.stringRepresentation ?? '';
      for (const c of s) if (!/[0-9A-Za-z_\s]/.test(c)) seen.add(c);
    }
    if (seen.size === 1 && !seen.has('.')) schema.separator = [...seen][0];
  }
}
