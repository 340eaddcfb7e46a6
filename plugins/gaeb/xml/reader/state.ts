/**
 * The SAX state machine of the GAEB DA XML reader: builds the ProjectDto directly from saxes events.
 *
 * Each open element gets a context number derived from its parent's context and its local name (prefixes are
 * stripped, namespaces are not resolved: saxes option `xmlns: false`, lddubeau/saxes README.md). Leaf values are handled at their end
 * tag with the text collected since their start tag; rich text containers hand all their descendants' events to
 * a `RichText` collector; unknown elements (vendor extensions) are skipped with their subtree. Element structure
 * (GAEB DA XML 3.3 Lib): GAEB → GAEBInfo, PrjInfo, Award (DP, AwardInfo, OWN, CTR, AddText, BoQ → BoQInfo,
 * BoQBody → BoQCtgy* | Itemlist) or, in trade documents (DP 93–97), Order (contexts from `TRADE_CONTEXT` on,
 * handled by order.ts; its item descriptions and texts come back here), AddText.
 *
 * Invoices (DP 89/89B, `GAEB/Invoice`, Lib tgInvoice) are read like an Award: `Invoice` holds DP, OWN, CTR,
 * AddText and a BoQ of the same type (tgBoQ); an item's invoiced quantity is `BillQty` ("Rechnungsmenge", Lib
 * tgItem, after `Qty`), which becomes the position's quantity so that quantity × UP gives the invoiced amount; the
 * invoice-only blocks (InvoiceHeader, InvoiceCreator, InvoiceRecipient, CheckNote, …) are not read (reported).
 */
import { parseError } from '../../../../core/errors.js';
import type { Severity } from '../../../../core/pipeline/messages.js';
import type { GaebMessageCode } from '../../messages.js';
import { DerivedPlainTexts } from '../../../../core/model/derived-plain-texts.js';
import type { ProjectDto, ProjectInformationDto, ServiceSpecificationDto } from '../../../../core/model/types.js';
import { GAEB_XML_NAMESPACE_PREFIX } from '../../detect.js';
import { BodyBuilder } from './body.js';
import { BoQInfoReader } from './boq-info.js';
import { finishDocument } from './finish.js';
import { type AddressDraft, applyAddress, applyAwardInfo, applyPrjInfo, finishAddress, newAddress } from './header.js';
import { OrderReader, isTradeContext } from '../trade/read-order.js';
import { KEPT_DP_FIELD } from '../writer/phase.js';
import { EXCHANGE_PHASE_BY_DP } from '../../../../core/model/types.js';
import { DROPPED_ITEM_CHILDREN, type ReaderReport } from './report.js';
import { RichText } from './text.js';

// Contexts of open elements.
const SKIP = 0, LEAF = 1, ROOT = 2, GAEB_INFO = 3, PRJ_INFO = 4, AWARD = 5, AWARD_INFO = 6, PARTY = 7, ADDRESS = 8,
  BOQ = 9, BOQ_INFO = 10, BKDN = 11, BOQ_TOTALS = 12, BODY = 13, CTGY = 14, CTGY_TOTALS = 15, ITEMLIST = 16,
  ITEM = 17, SUB_DESCR = 18, REMARK = 19, PERF_DESCR = 20, DESCRIPTION = 21, COMPLETE_TEXT = 22, OUTLINE_TEXT = 23,
  ADD_TEXT = 24, QTY_DETERM = 25, QDETERM_ITEM = 26, RICH = 27, MARKUP_SUB_QTY = 28;
/** Invoice children (Lib tgInvoice) the model has no place for. */
const INVOICE_BLOCKS = new Set([
  'InvoiceHeader', 'InvoiceCreator', 'InvoiceRecipient', 'CheckNote', 'BudgetDept', 'BookingNo', 'QuantityDeterminationRemark', 'InvoiceShare',
]);
// What a finished rich text container fills.
const TO_LONG = 0, TO_SHORT = 1, TO_GROUP_LABEL = 2, TO_PROJECT_DESCRIPTION = 3;

const localName = (qname: string): string => {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
};

/** Reader state of one document; feed it saxes events, then call `finish()`. */
export class GaebXmlState {
  readonly info: ProjectInformationDto = {};
  readonly spec: ServiceSpecificationDto = { origin: 'GaebXml', elements: [] };
  readonly project: ProjectDto = { projectInformation: this.info, serviceSpecifications: [this.spec] };
  /** Plain long texts built with the HTML ones, for the normalisation (returned with the project). */
  readonly plainTexts = new DerivedPlainTexts();
  readonly body: BodyBuilder;
  version?: string;
  namespaceVersion?: string;
  dp?: string;
  hasBoQ = false;
  /** The root holds `Invoice` (DP 89/89B) instead of `Award`. */
  invoice = false;
  /** Items whose contract quantity (`Qty`) was replaced by the invoiced one (`BillQty`). */
  private billedItems = 0;

  private readonly ctx: number[] = [];
  private depth = 0;
  private text = '';
  private readonly htmlText = new RichText(true);
  private readonly plainText = new RichText(false);
  private rich: RichText | undefined;
  private richDepth = -1;
  private richTarget = TO_LONG;
  private address: AddressDraft | undefined;
  private partyIsBidder = false;
  private readonly boqInfo: BoQInfoReader;
  /** `GAEB/Order` of trade documents. */
  readonly order: OrderReader;

  constructor(private readonly report: ReaderReport, allowSkippedLevels: boolean) {
    this.boqInfo = new BoQInfoReader(this.info, this.spec, report);
    this.body = new BodyBuilder(this.spec, this.info, report, allowSkippedLevels);
    this.order = new OrderReader(this, report, { skip: SKIP, leaf: LEAF, description: DESCRIPTION, addText: ADD_TEXT });
  }

  /** saxes `opentag`: qualified name and attributes (prototype-less object, values entity-decoded). */
  onOpen(qname: string, attrs: Record<string, string>): void {
    const d = this.depth++;
    if (this.rich) {
      this.rich.open(localName(qname), attrs);
      return;
    }
    this.text = '';
    this.ctx[d] = d === 0 ? this.openRoot(qname, attrs) : this.enter(this.ctx[d - 1], localName(qname), attrs, d);
  }

  /** saxes `text`/`cdata`: character data between tags. */
  onText(t: string): void {
    if (this.rich) this.rich.text(t);
    else this.text += t;
  }

  /** saxes `closetag` (also after a self-closing tag). */
  onClose(qname: string): void {
    const d = --this.depth;
    if (this.rich) {
      if (d === this.richDepth) this.finishRich();
      else this.rich.close(localName(qname));
      return;
    }
    const ctx = this.ctx[d];
    if (ctx === LEAF) this.leaf(this.ctx[d - 1], localName(qname), this.text.trim());
    else if (ctx > LEAF) this.leave(ctx);
  }

  /** Completes the project after the last event (references, phase, messages). */
  finish(): ProjectDto {
    finishDocument(this, this.report);
    const dp = this.dp;
    if (dp !== undefined && !this.order.seen && EXCHANGE_PHASE_BY_DP[dp] === undefined) this.spec[KEPT_DP_FIELD] = dp;
    if (this.invoice) {
      if ((this.spec.elements ?? []).length === 0) {
        throw parseError(
          `The GAEB DA XML invoice (DP ${dp ?? '89'}) holds no BoQ items (GAEB/Invoice/BoQ); only invoices with a BoQ can be converted, invoice headers (InvoiceHeader, InvoiceInfo) alone are not read.`,
          'gaebFile',
        );
      }
      if (this.billedItems > 0) {
        this.report.report('GAEB_INVOICE_BILLED_QUANTITY', 'info', `Invoice (DP ${dp ?? '89'}): the quantity of ${this.billedItems} item(s) is the invoiced quantity (BillQty), not the contract quantity (Qty).`);
      }
    }
    return this.project;
  }

  /** Item number of the element being read, for messages. */
  currentNumber(): string | undefined {
    return this.body.currentNumber();
  }

  private openRoot(qname: string, attrs: Record<string, string>): number {
    const colon = qname.indexOf(':');
    const ns = attrs[colon < 0 ? 'xmlns' : `xmlns:${qname.slice(0, colon)}`];
    const expected = `root element GAEB in namespace ${GAEB_XML_NAMESPACE_PREFIX}…`;
    if (localName(qname) !== 'GAEB') {
      throw parseError(`Expected a GAEB DA XML document (${expected}), found <${qname}>`, 'gaebFile');
    }
    if (ns === undefined) {
      this.report.report('GAEB_NO_NAMESPACE', 'warning', `The root element GAEB has no namespace (expected ${GAEB_XML_NAMESPACE_PREFIX}…); read as GAEB DA XML anyway.`);
    } else if (!ns.startsWith(GAEB_XML_NAMESPACE_PREFIX)) {
      throw parseError(`Expected a GAEB DA XML document (${expected}), found <${qname}> in namespace ${ns}`, 'gaebFile');
    } else {
      const m = /\/DA([0-9A-Za-z.]+)\/(\d+\.\d+)\/?$/.exec(ns);
      if (m) {
        this.dp = m[1];
        this.namespaceVersion = m[2];
      }
    }
    return ROOT;
  }

  private startRich(html: boolean, target: number, depth: number): number {
    this.rich = html ? this.htmlText : this.plainText;
    this.rich.reset();
    this.richDepth = depth;
    this.richTarget = target;
    return RICH;
  }

  /** An item child with its own message (report.ts DROPPED_ITEM_CHILDREN). */
  private droppedChild(name: string): number {
    this.report.dropped(DROPPED_ITEM_CHILDREN[name], this.currentNumber());
    return SKIP;
  }

  private dropped(code: GaebMessageCode, what: string, severity: Severity = 'info'): number {
    this.report.dropped({ code, severity, what }, this.currentNumber());
    return SKIP;
  }

  private enter(parent: number, name: string, attrs: Record<string, string>, d: number): number {
    if (isTradeContext(parent)) return this.order.enter(parent, name, attrs);
    const body = this.body;
    switch (parent) {
      case SKIP: case LEAF: case RICH: return SKIP;
      case ROOT:
        if (name === 'Award') return AWARD;
        if (name === 'GAEBInfo') return GAEB_INFO;
        if (name === 'PrjInfo') return PRJ_INFO;
        if (name === 'AddText') return this.addText({ isClosingText: true });
        if (name === 'Order') return this.order.open();
        if (name === 'Invoice') {
          this.invoice = true;
          return AWARD;
        }
        return SKIP;
      case PRJ_INFO:
        if (name === 'Descrip') return this.startRich(false, TO_PROJECT_DESCRIPTION, d);
        if (name === 'AddText') return this.addText({ isOpeningText: true });
        if (name === 'CtlgAssign') return this.droppedChild(name);
        return LEAF;
      case AWARD:
        if (name === 'BoQ') {
          this.hasBoQ = true;
          if (attrs.ID !== undefined) this.spec.gaebXmlId = attrs.ID;
          return BOQ;
        }
        if (name === 'AwardInfo') return AWARD_INFO;
        if (name === 'OWN' || name === 'CTR') {
          this.partyIsBidder = name === 'CTR';
          return PARTY;
        }
        if (name === 'AddText') return this.addText({ isOpeningText: true });
        if (name === 'DP') return LEAF;
        if (this.invoice && INVOICE_BLOCKS.has(name)) return this.dropped('GAEB_INVOICE_DATA_DROPPED', `Invoice data (${name})`);
        return SKIP;
      case PARTY:
        if (name !== 'Address') return LEAF;
        this.address = newAddress();
        return ADDRESS;
      case BOQ:
        if (name === 'BoQInfo') return BOQ_INFO;
        if (name === 'BoQBody') return this.openBody(this.spec.elements!);
        if (name === 'LotGrp') return this.dropped('GAEB_LOT_GROUP_DROPPED', 'A lot group (LotGrp)', 'warning');
        return SKIP;
      case BOQ_INFO:
        if (name === 'BoQBkdn') return BKDN;
        if (name === 'Totals') return BOQ_TOTALS;
        if (name === 'Ctlg' || name === 'CtlgAssign') return this.dropped('GAEB_CATALOG_DROPPED', 'A catalogue (Ctlg/CtlgAssign)');
        if (name.startsWith('LblUPComp')) this.boqInfo.componentType(name, attrs.Type);
        return LEAF;
      case BODY: case ITEMLIST:
        if (name === 'Item' && parent === ITEMLIST) {
          body.openItem(attrs);
          return ITEM;
        }
        if (name === 'BoQCtgy' && parent === BODY) {
          body.openCategory(attrs);
          return CTGY;
        }
        if (name === 'Itemlist' && parent === BODY) return ITEMLIST;
        if (name === 'Remark') {
          body.openNote(attrs.ID !== undefined ? { gaebXmlId: attrs.ID } : {});
          return REMARK;
        }
        if (name === 'PerfDescr') {
          body.openPerfDescr(attrs);
          return PERF_DESCR;
        }
        if (name === 'MarkupItem' && parent === ITEMLIST) {
          body.openItem(attrs, true);
          return ITEM;
        }
        return SKIP;
      case CTGY:
        if (name === 'LblTx') return this.startRich(false, TO_GROUP_LABEL, d);
        if (name === 'BoQBody') return this.openBody(body.categoryElements());
        if (name === 'Totals') return CTGY_TOTALS;
        if (name === 'CtlgAssign') return this.droppedChild(name);
        return LEAF;
      case ITEM: return this.enterItemChild(name, attrs);
      case SUB_DESCR:
        if (name === 'Description') return DESCRIPTION; // `described` is the sub description
        return LEAF;
      case REMARK: return name === 'Description' ? DESCRIPTION : LEAF;
      case PERF_DESCR:
        if (name !== 'Description') return LEAF;
        body.openPerfBlock();
        return DESCRIPTION;
      case DESCRIPTION:
        if (name === 'CompleteText') return COMPLETE_TEXT;
        if (name === 'OutlineText') return OUTLINE_TEXT;
        if (name === 'STLBBau') return this.dropped('GAEB_STANDARD_TEXT_DROPPED', 'A standard text reference (STLBBau)');
        return SKIP;
      case COMPLETE_TEXT:
        if (name === 'DetailTxt') return this.startRich(true, TO_LONG, d);
        return name === 'OutlineText' ? OUTLINE_TEXT : SKIP;
      case OUTLINE_TEXT: return name === 'OutlTxt' ? this.startRich(false, TO_SHORT, d) : SKIP;
      case ADD_TEXT:
        if (name === 'OutlineAddText') return this.startRich(false, TO_SHORT, d);
        if (name === 'DetailAddText') return this.startRich(true, TO_LONG, d);
        return SKIP;
      case QTY_DETERM: return name === 'QDetermItem' ? QDETERM_ITEM : SKIP;
      case MARKUP_SUB_QTY:
        if (name === 'RefItem' && attrs.IDRef !== undefined) {
          (body.item!.markupRefs ??= []).push(attrs.IDRef);
          body.keepForLinks(body.item!);
        }
        return SKIP;
      case QDETERM_ITEM:
        if (name === 'QTakeoff' && attrs.Row !== undefined) body.takeoffRow(attrs.Row);
        return SKIP;
      default: return LEAF; // GAEB_INFO, AWARD_INFO, ADDRESS, BKDN, totals: leaves only
    }
  }

  private enterItemChild(name: string, attrs: Record<string, string>): number {
    const body = this.body;
    const item = body.item!;
    switch (name) {
      case 'Description':
        body.described = item.position;
        return DESCRIPTION;
      case 'SubDescr':
        body.openSubDescription();
        body.described = body.sub;
        return SUB_DESCR;
      case 'QtyDeterm': return QTY_DETERM;
      case 'MarkupSubQty': return MARKUP_SUB_QTY;
      case 'RefRNo':
        item.refRNo = attrs.IDRef;
        body.keepForLinks(item);
        return SKIP;
      case 'RefPerfNo':
        item.refPerfNo = attrs.IDRef;
        body.keepForLinks(item);
        return SKIP;
      case 'CtlgAssign': case 'QtySplit': case 'BidComm': case 'Product': return this.droppedChild(name);
      default: return LEAF;
    }
  }

  private addText(fields: { isOpeningText?: true; isClosingText?: true }): number {
    this.body.openNote(fields, this.spec.elements!);
    return ADD_TEXT;
  }

  private openBody(elements: NonNullable<ServiceSpecificationDto['elements']>): number {
    this.body.openBody(elements);
    return BODY;
  }

  private finishRich(): void {
    const rich = this.rich!;
    this.rich = undefined;
    const text = rich.finish();
    const target = this.body.described;
    switch (this.richTarget) {
      case TO_LONG:
        if (target && text !== '') {
          target.htmlLongText = text;
          if (rich.plain !== undefined) this.plainTexts.add(target, text, rich.plain);
        }
        break;
      case TO_SHORT: if (target && text !== '') target.shortText = text; break;
      case TO_GROUP_LABEL: this.body.group()!.shortText = text; break;
      case TO_PROJECT_DESCRIPTION: this.info.description = text; break;
    }
    if (target && (rich.bidder || rich.owner)) {
      if (rich.bidder) target.additionType = 'ByBidder';
      else if (target.additionType !== 'ByBidder') target.additionType = 'ByBuyer';
    }
    if (rich.droppedImages > 0) {
      this.report.report('GAEB_TEXT_IMAGE_DROPPED', 'info', 'Images in short texts or text complements were dropped.', this.currentNumber());
    }
    if (rich.droppedAttachments > 0) {
      this.report.report('GAEB_ATTACHMENT_DROPPED', 'info', 'Text attachments (attachment) were dropped.', this.currentNumber());
    }
  }

  private leaf(parent: number, name: string, text: string): void {
    if (isTradeContext(parent)) return this.order.leaf(parent, name, text);
    switch (parent) {
      case ITEM:
        if (name === 'BillQty') {
          if (!this.invoice) break;
          this.billedItems++;
          this.body.itemLeaf('Qty', text);
        } else this.body.itemLeaf(name, text);
        break;
      case GAEB_INFO: if (name === 'Version') this.version = text; break;
      case PRJ_INFO: applyPrjInfo(name, text, this.info); break;
      case AWARD: if (name === 'DP') this.dp = text; break;
      case AWARD_INFO: applyAwardInfo(name, text, this.spec, this.info, this.report); break;
      case ADDRESS: applyAddress(name, text, this.address!); break;
      case BOQ_INFO: this.boqInfo.leaf(name, text); break;
      case BKDN: this.boqInfo.bkdnLeaf(name, text); break;
      case BOQ_TOTALS: this.body.totalsLeaf(name, text, false); break;
      case CTGY_TOTALS: this.body.totalsLeaf(name, text, true); break;
      case CTGY: this.body.categoryLeaf(name, text); break;
      case SUB_DESCR: this.body.subDescriptionLeaf(name, text); break;
      case PERF_DESCR: this.body.perfLeaf(name, text); break;
      case REMARK: if (name === 'CONo') this.body.remarkChangeOrder(text); break;
      default: break;
    }
  }

  private leave(ctx: number): void {
    if (isTradeContext(ctx)) return this.order.leave(ctx);
    const body = this.body;
    switch (ctx) {
      case BODY: body.closeBody(); break;
      case CTGY: body.closeCategory(); break;
      case ITEM: body.closeItem(this.boqInfo); break;
      case SUB_DESCR: body.closeSubDescription(); break;
      case REMARK: case ADD_TEXT: body.described = undefined; break;
      case PERF_DESCR: body.perf = undefined; body.described = undefined; break;
      case ADDRESS: {
        const party = finishAddress(this.address!);
        // An empty Address (all leaves empty, as some writers emit for a required OWN/CTR) names no party.
        const named = Object.keys(party).length > 0;
        if (named && this.partyIsBidder) this.spec.bidder = party;
        else if (named) this.info.buyer = party;
        this.address = undefined;
        break;
      }
      case BKDN: this.boqInfo.finishBkdn(); break;
      case BOQ_INFO: body.numbering = this.boqInfo.finish(); break;
      default: break;
    }
  }
}
