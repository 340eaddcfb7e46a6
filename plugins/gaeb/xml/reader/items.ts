/**
 * `Item` (and `SubDescr`) leaf values → PositionDto fields.
 *
 * Source: GAEB DA XML 3.3 Lib tgItem and the phase restrictions of X83/X84/X86 (GAEB DA XML 3.3 XSDs, bambamboole/gaeb-php, docs/gaeb/3.3); the
 * mapping is the project's GAEB DA XML ↔ ProjectDto contract: Qty → quantityOverride, UP → unitPriceOverride,
 * UPComp1..6 → priceComponents, IT → extra `gaebTotal`, Provis/LumpSumItem/HourIt/NotAppl/NotOffered/KeyIt flags,
 * ALNGroupNo/ALNSerNo alternatives (0 = base), VAT (percent) → taxRate (fraction), DiscountPcnt → deductionFactor,
 * MarkupIt → `complemented`. A `MarkupItem` (tgMarkupItem) is read as an item too: MarkupType → `gaebComplementingType`,
 * Markup (percent) → `complementingPricePercentage`, MarkupSubQty/RefItem → `complementsPositions`; ITMarkup is
 * recomputed by the calculation (it is the base of the markup) and not kept.
 */
import type { PositionDto, PriceComponentDto, SubDescriptionDto } from '../../../../core/model/types.js';
import { applyLumpSumQuantity } from '../../lump-sum.js';
import { finishTakeoff, readTakeoffRow, type TakeoffComponent } from '../../../../core/text/takeoff-row.js';
import { parseDecimal } from './header.js';
import { changeOrderLeaf } from '../change-order.js';
import type { ReaderReport } from './report.js';
import { lookupTable } from '../../../../core/lookup.js';

/** An item being read, with the values that need the whole item (or the whole file) to resolve. */
export interface ItemDraft {
  position: PositionDto;
  /** Item number for messages. */
  number: string;
  alnGroup?: number;
  alnSerNo?: number;
  /** VAT percent as in the file. */
  vat?: number;
  /** `RefRNo/@IDRef`, `RefPerfNo/@IDRef`. */
  refRNo?: string;
  refPerfNo?: string;
  /** `UPComp<i>` text by index 0..5. */
  upComps?: string[];
  /** `MarkupSubQty/RefItem/@IDRef` of a MarkupItem (resolved to `complementsPositions` at the end). */
  markupRefs?: string[];
  /** `QtyDeterm/QDetermItem/QTakeoff/@Row` components, raw until the item ends (continuation rows). */
  takeoff?: TakeoffComponent[];
}

/** GAEB `MarkupType` → AVACloud 1.29+ `gaebComplementingType`. */
const COMPLEMENTING_TYPE: Record<string, PositionDto['gaebComplementingType']> = lookupTable({
  IdentAsMark: 'AllPreviousMarkedPositions',
  AllInCat: 'AllPreviousPositions',
  ListInSubQty: 'ReferencedPositions',
});

function number(name: string, text: string, draft: { number: string }, report: ReaderReport): number | undefined {
  const n = parseDecimal(text);
  if (n === undefined) {
    report.report('GAEB_INVALID_NUMBER', 'warning', `${name} '${text}' is not a decimal number and was ignored.`, draft.number);
  }
  return n;
}

/** Applies one leaf of an `Item` (local name, trimmed text). Unknown leaves are ignored. */
export function applyItemLeaf(name: string, text: string, draft: ItemDraft, report: ReaderReport): void {
  const p = draft.position;
  switch (name) {
    case 'Qty': {
      const n = number(name, text, draft, report);
      if (n !== undefined) p.quantityOverride = n;
      break;
    }
    case 'QtyTBD': if (text === 'Yes') p.amountToBeEnteredByBidder = true; break;
    case 'QU': if (text !== '') p.unitTag = text; break; // an empty QU (required in 83) names no unit
    case 'UP': {
      const n = number(name, text, draft, report);
      if (n !== undefined) p.unitPriceOverride = n;
      break;
    }
    case 'UPComp1': case 'UPComp2': case 'UPComp3': case 'UPComp4': case 'UPComp5': case 'UPComp6':
      (draft.upComps ??= [])[Number(name[6]) - 1] = text;
      break;
    case 'IT': {
      const n = number(name, text, draft, report);
      if (n !== undefined) p.gaebTotal = n;
      break;
    }
    case 'DiscountPcnt': {
      const n = number(name, text, draft, report);
      if (n !== undefined) p.deductionFactor = n / 100;
      break;
    }
    case 'Provis':
      if (text === 'WithTotal' || text === 'WithoutTotal') {
        p.positionType = 'Optional';
        p.priceType = text;
      }
      break;
    case 'LumpSumItem': if (text === 'Yes') p.isLumpSum = true; break;
    case 'HourIt': if (text === 'Yes') p.serviceType = 'HourlyPaidWork'; break;
    case 'NotAppl': if (text === 'Yes') p.comissionStatus = 'Removed'; break;
    case 'NotOffered': if (text === 'Yes') p.notOffered = true; break;
    case 'KeyIt': if (text === 'Yes') p.isKeyItem = true; break;
    case 'ALNGroupNo': draft.alnGroup = number(name, text, draft, report); break;
    case 'ALNSerNo': draft.alnSerNo = number(name, text, draft, report); break;
    case 'VAT': draft.vat = number(name, text, draft, report); break;
    case 'MarkupIt': if (text === 'Yes') p.complemented = true; break;
    case 'MarkupType': {
      const type = COMPLEMENTING_TYPE[text];
      if (type) p.gaebComplementingType = type;
      else report.report('GAEB_INVALID_VALUE', 'warning', `MarkupType '${text}' is unknown and was ignored.`, draft.number);
      break;
    }
    case 'Markup': {
      const n = number(name, text, draft, report);
      if (n !== undefined) p.complementingPricePercentage = n;
      break;
    }
    case 'TimeQu':
      report.report('GAEB_TIME_QUANTITY_DROPPED', 'info', 'TimeQu (time per unit) was dropped.', draft.number);
      break;
    case 'CONo': case 'COStatus': changeOrderLeaf(p, name, text, report, draft.number); break;
    default: break;
  }
}

/**
 * One `QtyDeterm/QDetermItem/QTakeoff/@Row` (REB 23.003 row): collected on the draft, mapped to
 * `quantityComponents` by {@link finishItem}. Rows in the gateway's layout (core/text/takeoff-row.ts: address in
 * columns 12–17, formula number 19–20, formula 22–59, description 61–80, continuation lines) give
 * `{ formula, description? }`; other rows `{ description: columns 1–11, formula: columns 12–80 }`.
 */
export function applyTakeoffRow(row: string, draft: ItemDraft): void {
  readTakeoffRow(row, (draft.takeoff ??= []));
}

/**
 * Completes an item at its end tag: alternatives, price components, quantity take-off rows, and quantity 1 for a
 * lump sum (`LumpSumItem` Yes) without `Qty` (../../lump-sum.ts).
 * @param labels `LblUPComp1..n` of the BoQ (index 0..5), used as price component labels
 */
export function finishItem(draft: ItemDraft, labels: readonly (string | undefined)[]): void {
  const p = draft.position;
  if (draft.takeoff) p.quantityComponents = [...(p.quantityComponents ?? []), ...finishTakeoff(draft.takeoff)];
  applyLumpSumQuantity(p); // LumpSumItem without Qty: quantity 1 (GAEB DA XML 3.3 Lib, tgItem/LumpSumItem)
  if (draft.alnGroup !== undefined) {
    p.alternativeGroupIdentifier = draft.alnGroup;
    p.alternativeIdentifier = draft.alnSerNo ?? 0;
    if ((draft.alnSerNo ?? 0) > 0) p.positionType = 'Alternative';
  }
  if (draft.upComps) {
    const count = Math.max(draft.upComps.length, labels.length);
    const components: PriceComponentDto[] = [];
    for (let i = 0; i < count; i++) {
      const value = draft.upComps[i];
      components.push({ label: labels[i] ?? `UPComp${i + 1}`, values: value !== undefined ? [{ formula: value }] : [] });
    }
    p.priceComponents = components;
  }
}

/** Applies one leaf of a `SubDescr` (SubDNo, Qty, QtyTBD, QU). */
export function applySubDescrLeaf(name: string, text: string, sub: SubDescriptionDto, itemNumber: string, report: ReaderReport): void {
  switch (name) {
    case 'SubDNo': sub.identifier = text; break;
    case 'Qty': sub.quantityComponents = [{ formula: text }]; break;
    case 'QtyTBD': if (text === 'Yes') sub.amountToBeEnteredByBidder = true; break;
    case 'QU':
      report.report('GAEB_SUBDESCR_UNIT_DROPPED', 'info', `The unit '${text}' of a sub description was dropped (the model has none).`, itemNumber);
      break;
    default: break;
  }
}
