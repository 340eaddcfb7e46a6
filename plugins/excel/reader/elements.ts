/**
 * Rows → model elements: a new element from a row (its kind from the kind column, else from what the row holds:
 * a quantity, unit or unit price makes a position, an item number alone a group, text alone a note), and the
 * changes a row makes to an element the workbook already holds (texts, item number, unit, quantity, unit price).
 */
import { isGroup, isNoteText, isPosition, type CalculationDto, type ElementDto, type PositionDto } from '../../../core/model/types.js';
import { quantityComponentOf, quantityFormula } from '../formulas.js';
import { CELL_TEXT_LIMIT } from '../layout.js';
import type { SheetRow } from './rows.js';

/** How a row's quantity cell reads: components from a formula, else a plain quantity (`formulaValue`: a non-arithmetic formula's cached value). */
export function rowQuantity(row: SheetRow): { components?: CalculationDto[]; value?: number; formulaValue?: boolean } {
  if (row.quantityFormula !== undefined) {
    const component = quantityComponentOf(row.quantityFormula);
    if (component) return { components: [component] };
    return { value: row.quantity, formulaValue: true };
  }
  return { value: row.quantity };
}

/** The kind a row without a known element stands for. */
export function rowKind(row: SheetRow): 'position' | 'group' | 'note' {
  if (row.kind === 'group') return 'group';
  if (row.kind === 'position') return 'position';
  if (row.kind === 'note' || row.kind === 'executionDescription') return 'note';
  if (row.quantity !== undefined || row.unit !== undefined || row.unitPrice !== undefined || row.quantityFormula !== undefined) return 'position';
  return row.itemNumber !== undefined ? 'group' : 'note';
}

/** A new element for a row (`prices`: the sheet has a unit price column to take). */
export function newElement(row: SheetRow, prices: boolean): ElementDto {
  const kind = rowKind(row);
  // Group numbers carry a trailing separator in the model (`01.`), as the GAEB readers give them.
  const number = row.itemNumber !== undefined && kind === 'group' && !/[.\s/-]$/.test(row.itemNumber) ? `${row.itemNumber}.` : row.itemNumber;
  const itemNumber = number !== undefined ? { stringRepresentation: number } : undefined;
  if (kind === 'group') {
    return { elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber, shortText: row.shortText, elements: [], ...(row.markers.includes('withoutTotal') ? { priceType: 'WithoutTotal' } : {}) };
  }
  if (kind === 'note') return { elementTypeDiscriminator: 'NoteTextDto', shortText: row.shortText, longText: row.longText };
  const p: PositionDto = { elementTypeDiscriminator: 'PositionDto', itemNumber, shortText: row.shortText, longText: row.longText, unitTag: row.unit };
  const q = rowQuantity(row);
  if (q.components) p.quantityComponents = q.components;
  else if (q.value !== undefined) p.quantityOverride = q.value;
  if (prices && row.unitPrice !== undefined) p.unitPriceOverride = row.unitPrice;
  if (row.markers.includes('alternative')) p.positionType = 'Alternative';
  else if (row.markers.includes('optional')) p.positionType = 'Optional';
  if (row.markers.includes('lumpSum')) p.isLumpSum = true;
  if (row.markers.includes('withoutTotal')) p.priceType = 'WithoutTotal';
  if (row.markers.includes('removed')) p.comissionStatus = 'Removed';
  return p;
}

const sameText = (a: string | undefined, b: string | undefined): boolean =>
  a === b || (a ?? '').replace(/\s+/g, ' ').trim() === (b ?? '').replace(/\s+/g, ' ').trim();

/** Half a unit of the last decimal a value was written with. */
const differs = (a: number | undefined, b: number | undefined, places: number): boolean =>
  Math.abs((a ?? 0) - (b ?? 0)) >= 0.5 * 10 ** -places;

/** A position's quantity and unit price as they stand (an override set by a row before the recalculated value). */
const quantityNow = (e: PositionDto): number | undefined => (typeof e.quantityOverride === 'number' ? e.quantityOverride : e.quantity);
const unitPriceNow = (e: PositionDto): number | undefined => (typeof e.unitPriceOverride === 'number' ? e.unitPriceOverride : e.unitPrice);

/** What the reader needs to know about the sheet a row comes from. */
export interface RowSettings {
  prices: boolean;
  longTexts: boolean;
  unitPlaces: number;
  /**
   * A bidder's round (a workbook the gateway wrote, `ReadNewElements` false): only what a bidder may change is
   * taken — unit prices, quantities of positions that ask the bidder for them, additions to texts.
   */
  bidder: boolean;
}

/** The words of a text (letters and digits; spaces and punctuation between them do not count). */
const words = (text: string | undefined): string[] => (text ?? '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether `now` keeps every word of `before`, in order, and adds words to it (a text addition). */
function isAddition(before: string | undefined, now: string): boolean {
  const old = words(before);
  const added = words(now);
  if (added.length <= old.length) return false;
  let i = 0;
  for (const w of added) if (i < old.length && w === old[i]) i++;
  return i === old.length;
}

/**
 * Applies a row to the element it identifies: changed texts (a long text changed in the sheet replaces the HTML
 * one; a long text the writer shortened to the cell limit is kept), item number, unit, quantity (a formula → the
 * quantity component, a number → `quantityOverride`; unchanged values keep the element's components) and unit
 * price (`unitPriceOverride`, the price components dropped). In a bidder's round ({@link RowSettings.bidder}) a
 * changed item number or unit, a quantity of a position that does not ask the bidder for it
 * (`amountToBeEnteredByBidder`, GAEB `QtyTBD`) and a text change that is not an addition are left out and named.
 * @returns what the row changes that was refused (`item number`, `unit`, `quantity`, `short text`, `long text`)
 */
export function applyRow(e: ElementDto, row: SheetRow, s: RowSettings): string[] {
  const refused: string[] = [];
  const record = e as Record<string, unknown>;
  if ((isPosition(e) || isGroup(e)) && row.itemNumber !== undefined && row.itemNumber !== e.itemNumber?.stringRepresentation) {
    if (s.bidder) refused.push('item number');
    else e.itemNumber = { ...e.itemNumber, stringRepresentation: row.itemNumber };
  }
  if ((isPosition(e) || isGroup(e) || isNoteText(e)) && row.shortText !== undefined && !sameText(row.shortText, e.shortText)) {
    if (s.bidder && !isAddition(e.shortText, row.shortText)) refused.push('short text');
    else record.shortText = row.shortText;
  }
  if ((isPosition(e) || isNoteText(e)) && s.longTexts && row.longText !== undefined && row.longText.length < CELL_TEXT_LIMIT && !sameText(row.longText, e.longText)) {
    if (s.bidder && !isAddition(e.longText, row.longText)) refused.push('long text');
    else {
      e.longText = row.longText;
      delete e.htmlLongText;
    }
  }
  if (!isPosition(e)) return refused;
  if (row.unit !== undefined && row.unit !== e.unitTag) {
    if (s.bidder) refused.push('unit');
    else e.unitTag = row.unit;
  }
  const quantityAllowed = !s.bidder || e.amountToBeEnteredByBidder === true;
  const q = rowQuantity(row);
  if (q.components) {
    const current = typeof e.quantityOverride === 'number' ? undefined : quantityFormula(e.quantityComponents);
    if (current !== q.components[0].formula && !quantityAllowed) refused.push('quantity');
    else if (current !== q.components[0].formula) {
      e.quantityComponents = q.components;
      delete e.quantityOverride;
    }
  } else if (q.value !== undefined && differs(q.value, quantityNow(e), 3)) {
    if (!quantityAllowed) refused.push('quantity');
    else {
      e.quantityOverride = q.value;
      e.quantityComponents = [];
    }
  }
  if (s.prices && row.unitPrice !== undefined && differs(row.unitPrice, unitPriceNow(e), s.unitPlaces)) {
    e.unitPriceOverride = row.unitPrice;
    delete e.priceComponents;
    delete e.labourComponents;
  }
  return refused;
}
