/**
 * `BoQ` (GAEB DA XML 3.3 Lib tgBoQ, tgBoQInfo, tgBoQBkdn, tgBoQBody, tgBoQCtgy, tgItemlist, tgRemark,
 * tgPerfDescr as restricted per phase): groups → `BoQCtgy`, positions → `Item` in an `Itemlist`, note texts →
 * `Remark`, execution descriptions → `PerfDescr`.
 *
 * tgBoQBody is a choice: `(Remark | PerfDescr | BoQCtgy)+` or one `Itemlist`. A container that holds both groups
 * and positions therefore gets a wrapper category for its positions whose `RNoPart` is the skipped-level filler
 * (`__`, the XSD's pattern allows `_`), so the item numbers read back as `01.__.0010`; this is reported.
 */
import { countsInTotal } from '../../../../core/model/calculate.js';
import { writeChangeOrder } from '../change-order.js';
import { D } from '../../../../core/model/decimal.js';
import {
  isExecutionDescription, isGroup, isNoteText, isPosition,
  type ElementContainerBase, type ElementDto, type ExecutionDescriptionDto, type NoteTextDto, type PositionDto, type ServiceSpecificationDto,
  type ServiceSpecificationGroupDto,
} from '../../../../core/model/types.js';
import { writeDescription } from './description.js';
import { writeItem, writeMarkupItem, type BoqState } from './item.js';
import { groupRNoPart, positionRNo, sanitizeRNo, skippedPart, type BkdnLevel } from './numbering.js';
import { writeMLTextLines } from './text-xml.js';

/** Top-level notes that are written as AddText instead of Remark. */
export const isOpeningOrClosing = (el: ElementDto): el is NoteTextDto =>
  isNoteText(el) && (el.isOpeningText === true || el.isClosingText === true);

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export interface BoqInfoData {
  name: string;
  label: string;
  date?: string;
  levels: BkdnLevel[];
  upCompTypes: string[];
  lblTime?: string;
  total?: number;
  /** The service specification: its deductionFactor / absoluteDeduction / flatSum / deductedPrice. */
  discounts?: ElementContainerBase;
  vatPercent?: number;
}

/** BoQInfo in schema order; absent parts per phase. */
export function writeBoQInfo(s: BoqState, info: BoqInfoData): void {
  const { ctx } = s;
  const { b, rules } = ctx;
  b.open('BoQInfo');
  b.leaf('Name', ctx.fit(info.name, 20, 'BoQInfo/Name', { field: 'serviceSpecifications[0].name', label: 'name' }));
  if (rules.boqInfo.full) {
    b.leaf('LblBoQ', ctx.fit(info.label, 60, 'BoQInfo/LblBoQ', { field: 'serviceSpecifications[0].description', label: 'description' }));
    if (info.date) b.leaf('Date', info.date);
    b.leaf('OutlCompl', s.index.hasLongText ? (s.index.hasShortText ? 'AllTxt' : 'DetailTxt') : s.index.hasShortText ? 'OutTxt' : 'AllTxt');
  }
  for (const level of info.levels) {
    b.open('BoQBkdn').leaf('Type', level.type);
    if (level.label) {
      b.leaf('LblBoQBkdn', ctx.fit(level.label, 40, 'LblBoQBkdn', { field: 'itemNumberSchema.tiers.tierName', label: 'tier name' }));
    }
    b.leaf('Length', level.length).leaf('Num', level.numeric ? 'Yes' : 'No').close();
  }
  if (rules.boqInfo.upComps && s.upCompLabels.length > 0) {
    b.leaf('NoUPComps', Math.max(2, s.upCompLabels.length));
    s.upCompLabels.forEach((label, i) => {
      const text = ctx.fit(label, 20, `LblUPComp${i + 1}`, { field: 'projectInformation.priceComponents', label: 'price component label' });
      b.leaf(`LblUPComp${i + 1}`, text, rules.boqInfo.upCompType ? { Type: info.upCompTypes[i] ?? 'Unknown' } : undefined);
    });
    const typed = s.upCompLabels.filter((_, i) => (info.upCompTypes[i] ?? 'Unknown') !== 'Unknown');
    if (!rules.boqInfo.upCompType && typed.length > 0) {
      ctx.report('GAEB_XML_ELEMENT_DROPPED', 'info', `GAEB DA XML ${rules.version} has no type of a price component (LblUPComp/@Type: Wages, Materials …); the types of ${typed.map((l) => `'${l}'`).join(', ')} were not written`);
    }
  }
  if (rules.boqInfo.upComps && info.lblTime) {
    b.leaf('LblTime', ctx.fit(info.lblTime, 20, 'LblTime', { field: 'projectInformation.labourTimeLabel', label: 'label' }));
  }
  if (info.vatPercent !== undefined && !(rules.prices && rules.boqInfo.totals && info.total !== undefined)) {
    ctx.report('GAEB_XML_ELEMENT_DROPPED', 'info', `the BoQ's VAT rate (${info.vatPercent} %) was not written: phase ${rules.phase} has no BoQ Totals`);
  }
  if (rules.prices && rules.boqInfo.totals && info.total !== undefined) {
    b.open('Totals').leaf('Total', ctx.decimal(info.total, 2, 13, 'Total', 'BoQ'));
    writeDiscounts(s, info.discounts, 'BoQ');
    if (info.vatPercent !== undefined) b.leaf('VAT', ctx.decimal(info.vatPercent, 2, 5, 'VAT', 'BoQ'));
    b.close();
  }
  b.close();
}

/** BoQBody of the service specification (opening/closing texts excluded). */
export function writeTopBody(s: BoqState, spec: ServiceSpecificationDto): void {
  const elements = (spec.elements ?? []).filter((e) => !isOpeningOrClosing(e));
  s.ctx.b.open('BoQBody');
  writeContainerContent(s, elements, 0, 'the service specification');
  s.ctx.b.close();
}

/** Content of a BoQBody: categories/remarks/perf descriptions, or one Itemlist, or both via a wrapper. */
function writeContainerContent(s: BoqState, elements: readonly ElementDto[], depth: number, where: string): void {
  const hasGroup = elements.some(isGroup);
  const hasPosition = elements.some(isPosition);
  if (!hasGroup && hasPosition) {
    writeItemlist(s, elements, depth);
    return;
  }
  let wrapperWritten = false;
  let reordered = false;
  const positions = hasPosition ? elements.filter(isPosition) : [];
  for (const el of elements) {
    if (isPosition(el)) {
      if (!wrapperWritten) writeWrapper(s, positions, depth);
      wrapperWritten = true;
    } else {
      if (wrapperWritten && isGroup(el)) reordered = true;
      writeBodyElement(s, el, depth);
    }
  }
  if (hasGroup && hasPosition) {
    s.ctx.report(
      'GAEB_XML_MIXED_CONTAINER',
      'warning',
      `${where} holds groups and positions; GAEB DA XML allows only one kind per BoQBody, so its ${positions.length} ` +
        `position(s) were put into a category numbered "${skippedPart(depth, s.layout)}" (a skipped level)` +
        (reordered ? ' placed where the first position was (the order of positions and groups changed)' : ''),
    );
  }
}

function writeBodyElement(s: BoqState, el: ElementDto, depth: number): void {
  if (isGroup(el)) writeCategory(s, el, depth);
  else if (isNoteText(el)) writeRemark(s, el);
  else if (isExecutionDescription(el)) writePerfDescr(s, el);
}

function writeCategory(s: BoqState, g: ServiceSpecificationGroupDto, depth: number): void {
  const { ctx } = s;
  const { b, rules } = ctx;
  const no = g.itemNumber?.stringRepresentation;
  const rno = rnoOrFallback(s, groupRNoPart(g, depth, s.layout), no, depth, 'group');
  b.open('BoQCtgy', { ID: s.index.xmlId(g), RNoPart: rno });
  if (rules.ctgy.lblTx) {
    b.open('LblTx');
    if (g.shortText) writeMLTextLines(b, ctx.clean(g.shortText, { itemNumber: no, field: 'group', label: 'label' }));
    b.close();
  }
  writeChangeOrder(ctx, g, rules.item.changeOrder, rules.phase, no);
  // ALNBGroupNo/ALNBSerNo (tgBoQCtgy, not in 84): an alternative group or the base of one.
  if (rules.item.flags && Number.isInteger(g.alternativeGroupIdentifier)) {
    b.leaf('ALNBGroupNo', g.alternativeGroupIdentifier!).leaf('ALNBSerNo', Number.isInteger(g.alternativeIdentifier) ? g.alternativeIdentifier! : 0);
  }
  if (g.comissionStatus === 'Removed') {
    if (rules.ctgy.notApplBoQ) b.leaf('NotApplBoQ', 'Yes');
    else ctx.tally('GAEB_XML_ELEMENT_DROPPED', 'warning', `phase ${rules.phase} has no NotApplBoQ; removed groups were written without the flag`, no);
  }
  const children = g.elements ?? [];
  if (children.length > 0) {
    b.open('BoQBody');
    writeContainerContent(s, children, depth + 1, `group ${no ?? rno}`);
    b.close();
  }
  writeTotals(s, num(g.totalPrice) ?? 0, no ?? rno, g);
  b.close();
}

/** Category for the positions of a mixed container (RNoPart = skipped-level filler). */
function writeWrapper(s: BoqState, positions: readonly PositionDto[], depth: number): void {
  const { ctx } = s;
  const { b, rules } = ctx;
  b.open('BoQCtgy', { ID: s.index.newId(), RNoPart: skippedPart(depth, s.layout) });
  if (rules.ctgy.lblTx) b.empty('LblTx');
  b.open('BoQBody');
  writeItemlist(s, positions, depth);
  b.close();
  let total = new D(0);
  for (const p of positions) if (countsInTotal(p)) total = total.plus(num(p.deductedPrice) ?? num(p.totalPrice) ?? 0);
  writeTotals(s, total.toNumber(), 'wrapper category');
  b.close();
}

/**
 * `Totals` (tgTotals): Total = `totalPrice` (Σ children after their discounts), DiscountPcnt = deductionFactor in
 * percent, DiscountAmt = absoluteDeduction, TotAfterDisc = `deductedPrice` when discounted, TotalLSUM = flatSum.
 */
export function writeTotals(s: BoqState, total: number, key: string, c?: ElementContainerBase): void {
  const { ctx } = s;
  if (!ctx.rules.prices || ctx.rules.ctgy.totals === 'none') return;
  ctx.b.open('Totals').leaf('Total', ctx.decimal(total, 2, 13, 'Total', key));
  writeDiscounts(s, c, key);
  ctx.b.close();
}

/** DiscountPcnt, DiscountAmt, TotAfterDisc, TotalLSUM of a `Totals` (after its Total). */
function writeDiscounts(s: BoqState, c: ElementContainerBase | undefined, key: string): void {
  const { ctx } = s;
  const b = ctx.b;
  const factor = num(c?.deductionFactor) ?? 0;
  const absolute = num(c?.absoluteDeduction) ?? 0;
  if (factor !== 0) b.leaf('DiscountPcnt', ctx.decimal(factor * 100, 6, 9, 'DiscountPcnt', key));
  if (absolute !== 0) b.leaf('DiscountAmt', ctx.decimal(absolute, 2, 13, 'DiscountAmt', key));
  const after = num(c?.deductedPrice);
  if ((factor !== 0 || absolute !== 0) && after !== undefined) b.leaf('TotAfterDisc', ctx.decimal(after, 2, 13, 'TotAfterDisc', key));
  const flat = num(c?.flatSum);
  if (flat !== undefined) b.leaf('TotalLSUM', ctx.decimal(flat, 2, 13, 'TotalLSUM', key));
}

/** `depth`: the number of groups enclosing these elements in the model (a wrapper category is not one). */
function writeItemlist(s: BoqState, elements: readonly ElementDto[], depth: number): void {
  const { b } = s.ctx;
  b.open('Itemlist');
  let counter = 0;
  for (const el of elements) {
    if (isPosition(el)) {
      counter++;
      const parts = positionRNo(el, s.layout, depth);
      const no = el.itemNumber?.stringRepresentation;
      const part = rnoOrFallback(s, parts.part, no, counter, 'position');
      let index: string | undefined;
      if (parts.index !== undefined) {
        const clean = sanitizeRNo(parts.index, 1);
        index = clean.value || undefined;
        if (clean.changed) s.ctx.tally('GAEB_XML_ITEM_NUMBER_CHANGED', 'warning', 'index parts not allowed by RNoIndex (one letter, digit or _) were shortened', no);
      }
      if (el.isComplementingPosition === true) writeMarkupItem(s, el, part, index);
      else writeItem(s, el, part, index);
    } else if (isNoteText(el)) writeRemark(s, el);
    else if (isExecutionDescription(el)) writePerfDescr(s, el);
  }
  b.close();
}

/** A valid RNoPart: the model's part (cleaned) or a running number when there is none. */
function rnoOrFallback(s: BoqState, part: string | undefined, no: string | undefined, counter: number, kind: string): string {
  if (part !== undefined) {
    const clean = sanitizeRNo(part);
    if (clean.changed && clean.value) {
      s.ctx.tally('GAEB_XML_ITEM_NUMBER_CHANGED', 'warning', `characters RNoPart does not allow ([0-9A-Za-z_], 14 at most) were removed from ${kind} numbers`, no);
    }
    if (clean.value) return clean.value;
  }
  const generated = String(counter);
  s.ctx.tally('GAEB_XML_ITEM_NUMBER_GENERATED', 'warning', `${kind}s without a usable item number got a running number`, no ?? generated);
  return generated;
}

function writeRemark(s: BoqState, n: NoteTextDto): void {
  const { ctx } = s;
  ctx.b.open('Remark', { ID: s.index.xmlId(n) });
  writeDescription(ctx, n, { required: ctx.rules.text.descriptionRequired, itemNumber: n.identifier, field: 'noteText' });
  // a remark's change order number (tgRemark has CONo without COStatus)
  writeChangeOrder(ctx, n, ctx.rules.item.changeOrder, ctx.rules.phase, n.identifier, false);
  ctx.b.close();
}

function writePerfDescr(s: BoqState, e: ExecutionDescriptionDto): void {
  const { ctx } = s;
  const { b, rules } = ctx;
  const parsed = Number.parseInt(e.identifier ?? '', 10);
  const perfNo = Number.isInteger(parsed) && parsed >= 0 && parsed <= 9999 && /^\s*\d+\s*$/.test(e.identifier ?? '') ? parsed : undefined;
  if (perfNo === undefined) {
    ctx.tally('GAEB_XML_ITEM_NUMBER_GENERATED', 'warning', 'execution descriptions whose identifier is not a number 0–9999 (PerfNo) got number 0', e.identifier ?? e.label);
  }
  b.open('PerfDescr', { ID: s.index.xmlId(e) }).leaf('PerfNo', perfNo ?? 0);
  const origin = { itemNumber: e.identifier, field: 'executionDescription.label', label: 'label' };
  if (rules.text.perfLbl) b.leaf('PerfLbl', ctx.fit(e.label ?? '', 55, 'PerfLbl', origin));
  const blocks = e.blocks ?? [];
  const required = rules.text.descriptionRequired;
  for (const block of blocks) writeDescription(ctx, block, { required, itemNumber: e.identifier, field: 'executionDescription' });
  if (blocks.length === 0 && required) writeDescription(ctx, {}, { required: true, itemNumber: e.identifier, field: 'executionDescription' });
  b.close();
}
