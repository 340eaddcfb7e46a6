/**
 * GAEB 90 unit price components: record 06 (number and labels) and record 22 (the amounts of one item).
 *
 * Sources and what they establish:
 * - Record 06, verified on the corpus (`GAEB90_DE.D86`/`GAEB90_EN.D86`: `062Stunden       Material      Geräte`,
 *   the X86 siblings say NoUPComps 2, LblUPComp1 Material, LblUPComp2 Geräte; `Flechtingen GS AA.d83`: count 0):
 *   col 3 count, cols 4–17 time unit label, labels of 14 columns from col 18 (ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts). Four labels
 *   fit before col 74 (18–31, 32–45, 46–59, 60–73).
 * - Record 22: no real file with it was found (none in the shared corpus, none in the public sample files listed in
 *   ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts). The only public reader, ddrews-de/gaeb-converter
 *   app/lib/gaeb/parsers/gaeb90.ts, describes it as "four fixed 11-char fields with implied 2 decimals" after the
 *   same 9-column OZ as record 21 (it then reads the amounts as blank-separated tokens). The layout used here puts
 *   those four fields from col 12, each a sign column and 10 digits, so that field 1 has the columns of the unit
 *   price of record 23 (sign 12, digits 13–22, 2 implied decimals; reference §2.1): 12–22, 23–33, 34–44, 45–55;
 *   cols 56–74 blank. Four fields match the four labels record 06 has room for. This is a reconstruction: the
 *   reader checks it (amounts in those columns only; their sum against record 23's unit price) and says so when a
 *   record does not fit.
 */
import { D } from '../../../core/model/decimal.js';
import type { PositionDto, PriceComponentDto } from '../../../core/model/types.js';
import type { Severity } from '../../../core/pipeline/messages.js';
import type { GaebMessageCode } from '../messages.js';
import { componentSumMismatch, slotComponents } from '../price-components.js';
import { formatImplied } from '../../../core/text/records.js';
import { field } from './records.js';

/** The reader's and writer's message function (one message per code and item number). */
export type Report = (code: GaebMessageCode, severity: Severity, message: string, itemNumber?: string) => void;

/** Number of amount fields in record 22 and of labels in record 06. */
export const COMPONENT_FIELDS = 4;
/** Record 22: first column (the sign column) of field `i` (0-based); the 10 digits follow it. */
export const componentColumn = (i: number): number => 12 + 11 * i;
/** Record 22: digits per amount and implied decimals (as the unit price of record 23). */
export const COMPONENT_DIGITS = 10;
export const COMPONENT_DECIMALS = 2;
/** Record 06: first column of label `i` (0-based) and the label width. */
export const labelColumn = (i: number): number => 18 + 14 * i;
export const LABEL_WIDTH = 14;

/** The amounts of a record 22, as decimal strings ("45.00", "-3.10"), undefined for a blank field. */
export interface ComponentAmounts {
  values: (string | undefined)[];
  /**
   * `columns`: the four fields as laid out above; `tokens`: the columns did not fit, the amounts were taken in order
   * as blank-separated digit runs with 2 implied decimals (the way ddrews-de/gaeb-converter reads them);
   * `invalid`: cols 12–74 hold something else than digits, blanks and signs, or more than six amounts.
   */
  layout: 'columns' | 'tokens' | 'invalid';
}

/** Digits with implied decimals and a sign → decimal string with `COMPONENT_DECIMALS` places. */
function amount(digits: string, negative: boolean): string {
  const value = new D(digits).dividedBy(new D(10).pow(COMPONENT_DECIMALS));
  return (negative && !value.isZero() ? value.negated() : value).toFixed(COMPONENT_DECIMALS);
}

/**
 * Reads the amounts of a record 22.
 * @param rec the record, padded to 80 characters
 * @returns the amounts in field order (trailing blank fields left out) and how they were read; never throws
 */
export function readComponentAmounts(rec: string): ComponentAmounts {
  const values: (string | undefined)[] = [];
  let fits = rec.slice(componentColumn(COMPONENT_FIELDS) - 1, 74).trim() === '';
  for (let i = 0; i < COMPONENT_FIELDS && fits; i++) {
    const from = componentColumn(i) - 1;
    const sign = rec[from];
    const digits = rec.slice(from + 1, from + 1 + COMPONENT_DIGITS);
    if (digits.trim() === '' && sign === ' ') values.push(undefined);
    else if ((sign === ' ' || sign === '-') && /^ *\d+$/.test(digits)) values.push(amount(digits.trim(), sign === '-'));
    else fits = false;
  }
  if (fits) {
    while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
    return { values, layout: 'columns' };
  }
  const area = rec.slice(11, 74);
  const tokens = [...area.matchAll(/(-?)(\d+)/g)];
  if (!/^[\d\s-]*$/.test(area) || tokens.length > 6) return { values: [], layout: 'invalid' };
  return { values: tokens.map((m) => amount(m[2], m[1] === '-')), layout: 'tokens' };
}

/**
 * Record 06 → price component labels: as many as col 3 declares; labels beyond the four that fit (cols 18–73) or
 * blank ones are `UPComp<n>` (the GAEB DA XML reader's placeholder); more than four declared is reported.
 * @param rec the record, padded to 80 characters
 * @returns the labels, [] for a blank or 0 count
 */
export function readComponentLabels(rec: string, report: Report): string[] {
  const n = Number(field(rec, 'compCount'));
  const labels: string[] = [];
  for (let i = 0; Number.isInteger(n) && i < n; i++) {
    const from = labelColumn(i) - 1;
    labels.push((i < COMPONENT_FIELDS ? rec.slice(from, from + LABEL_WIDTH).trim() : '') || `UPComp${i + 1}`);
  }
  if (n > COMPONENT_FIELDS) {
    report('GAEB90_PRICE_COMPONENT_LABELS_MISSING', 'info', `Record 06 declares ${n} price components; its columns 18–73 hold ${COMPONENT_FIELDS} labels, the others are labelled UPComp${COMPONENT_FIELDS + 1}….`);
  }
  return labels;
}

/**
 * Record 22 → the item's price components, one per label (`labels` is extended with `UPComp<n>` when the record
 * holds more amounts than labels), each `{ label, values: [{ formula: "45.00" }] }` or `values: []` for a blank
 * field — the shape the GAEB DA XML reader gives `UPComp1..n` (plugins/gaeb/xml/reader/items.ts `finishItem`).
 * @param line record number, for messages
 * @returns the components, or undefined when the record holds no amounts (reported)
 */
export function readComponentRecord(rec: string, line: number, labels: string[], report: Report, itemNumber?: string): PriceComponentDto[] | undefined {
  const read = readComponentAmounts(rec);
  if (read.layout === 'invalid') {
    report('GAEB90_PRICE_COMPONENTS_DROPPED', 'warning', `Record 22 at record ${line} holds other characters than amounts in cols 12–74; its price components were dropped.`, itemNumber);
    return undefined;
  }
  if (read.layout === 'tokens') {
    report(
      'GAEB90_PRICE_COMPONENTS_LAYOUT', 'warning',
      `Record 22 at record ${line} does not fit the four fields of 11 columns from col 12 (sign, 10 digits); its amounts were read in order as blank-separated digits with 2 implied decimals.`,
      itemNumber,
    );
  }
  if (read.values.length > labels.length) {
    report('GAEB90_PRICE_COMPONENT_UNLABELLED', 'info', `Record 22 holds ${read.values.length} amounts where record 06 declares ${labels.length} price components; the others are labelled UPComp<n>.`);
    for (let i = labels.length; i < read.values.length; i++) labels.push(`UPComp${i + 1}`);
  }
  return labels.map((label, i) => {
    const v = read.values[i];
    return { label, values: v !== undefined ? [{ formula: v }] : [] };
  });
}

/**
 * Reports when the components read from record 22 do not add up to the unit price of record 23
 * (`unitPriceOverride`): the check that the reconstructed layout was read right. The unit price is kept.
 */
export function checkComponentSum(p: PositionDto, report: Report, itemNumber?: string): void {
  const sum = componentSumMismatch(p);
  if (sum === undefined) return;
  report(
    'GAEB90_PRICE_COMPONENTS_SUM_MISMATCH', 'warning',
    `The price components of record 22 add up to ${sum.toFixed(2)}, the unit price of record 23 is ${new D(p.unitPriceOverride!).toFixed(2)}; the unit price of record 23 was kept (the record 22 layout is reconstructed).`,
    itemNumber,
  );
}

/** A component amount placed in a record 22 field. */
export interface PlacedAmount { field: number; sign: string; digits: string; value: number }

/**
 * Places a position's price components in the fields of record 22: the field of its label among the first four
 * `labels`, else of its own index (`slotComponents`, ../price-components.ts). Amounts are the computed `price`; a
 * component without values leaves its field blank (as a blank field reads back to one without values).
 * @returns the placed amounts (rounded half up to 2 decimals), the labels (or `#index`) of components with an
 *   amount that found no field, those whose amount was rounded, and those that do not fit 10 digits
 */
export function placeComponents(p: PositionDto, labels: readonly string[]): {
  placed: PlacedAmount[]; unplaced: string[]; rounded: string[]; overflow: string[];
} {
  const slotted = slotComponents(p, labels, COMPONENT_FIELDS);
  const out = { placed: [] as PlacedAmount[], unplaced: slotted.unplaced, rounded: [] as string[], overflow: [] as string[] };
  for (const { slot, name, value } of slotted.placed) {
    const f = formatImplied(value, COMPONENT_DIGITS, COMPONENT_DECIMALS);
    if (!f) {
      out.overflow.push(name);
      continue;
    }
    if (!new D(value).equals(new D(value).toDecimalPlaces(COMPONENT_DECIMALS))) out.rounded.push(name);
    out.placed.push({ field: slot, sign: f.sign, digits: f.digits, value });
  }
  out.placed.sort((a, b) => a.field - b.field);
  return out;
}
