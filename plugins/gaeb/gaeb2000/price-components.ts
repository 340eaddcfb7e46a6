/**
 * GAEB 2000 unit price components: the labels in `LVInfo`, the amounts per `Position` (priced phases 82, 84, 85, 86).
 *
 * Sources and what they establish:
 * - `LVInfo/[AnzEPAnteile]` (number of components) next to `[BezZeit]` (the time label): in the corpus, always `0`
 *   (Flechtingen GS AA.p83, both 1561 - *.P83; GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83).
 * - Position amounts `[EPAnteil1]`…`[EPAnteil<n>]`, and the older named tags `[EPLohn]`/`[EPStoff]`/`[EPGeraet]`/
 *   `[EPSonst]`: ddrews-de/gaeb-converter README.md ("GAEB-2000 `[EPLohn]`/`[EPStoff]`/`[EPGeraet]`/`[EPSonst]`
 *   bzw. `[EPAnteil1..4]`") and its app/lib/gaeb/__tests__/gaeb2000.test.ts (`[EPAnteil1]10,00`, decimal comma; the
 *   named tags and `[EPAnteil1..4]` are the same four components in that order: labour, material, plant, other).
 *   No real file with amounts was found.
 * - The label tags: no public source names them (the code and documentation indexes hold neither `AnzEPAnteile`
 *   nor any label tag beside it). So the labels are written as the vendor tags `[_GAEBXML_LblUPComp<n>]` (the DA XML
 *   element's name; GAEB 2000 lets a receiver skip `_` tags, as it does `[_GAEBXML_UPFracDig]`), never under an
 *   invented standard name; read are those and `[BezEPAnteil<n>]` (named like `[BezZeit]`, a guess at the standard
 *   name). Components without a label are `UPComp<n>` (the DA XML reader's placeholder).
 *
 * Model (as the GAEB 90 and DA XML readers): labels → `projectInformation.priceComponents`; per position one
 * component per label, `{ label, values: [{ formula: "12.50" }] }` (the amount as written, decimal point) or
 * `values: []` for one without an amount.
 */
import { D } from '../../../core/model/decimal.js';
import type { PositionDto, PriceComponentDto } from '../../../core/model/types.js';
import { componentSumMismatch, slotComponents } from '../price-components.js';
import type { ReaderReport } from '../xml/reader/report.js';
import { type Gaeb2000Block, textOf } from './tokenizer.js';
import { formatGaeb2000Number, gaeb2000Decimal } from './values.js';

/** `LVInfo` tag of the number of components. */
export const COUNT_TAG = 'AnzEPAnteile';
/** `LVInfo` vendor tag the label of component `n` (1-based) is written as (see the module comment). */
export const labelTag = (n: number): string => `_GAEBXML_LblUPComp${n}`;
/** `Position` tag of the amount of component `n` (1-based). */
export const amountTag = (n: number): string => `EPAnteil${n}`;
/** The older named amount tags of components 1–4: key (lower case), tag, the label they stand for. */
const NAMED: readonly (readonly [string, string, string])[] = [
  ['eplohn', 'EPLohn', 'Lohn'], ['epstoff', 'EPStoff', 'Stoff'], ['epgeraet', 'EPGeraet', 'Gerät'], ['epsonst', 'EPSonst', 'Sonstiges'],
];

const LABEL_KEY = /^(?:_gaebxml_lblupcomp|bezepanteil)(\d+)$/;
const AMOUNT_KEY = /^epanteil(\d+)$/;

/**
 * `LVInfo` → the component labels: as many as `[AnzEPAnteile]` declares or label tags name, a missing one
 * `UPComp<n>`.
 * @returns the labels, [] for none (or a count of 0)
 */
export function readComponentLabels(lvInfo: Gaeb2000Block): string[] {
  const named = new Map<number, string>();
  for (const c of lvInfo.children) {
    const m = c.kind === 'value' ? LABEL_KEY.exec(c.key) : null;
    const label = m ? textOf(lvInfo, c.key) : undefined;
    if (m && label) named.set(Number(m[1]), label);
  }
  const count = Number(gaeb2000Decimal(textOf(lvInfo, COUNT_TAG.toLowerCase())) ?? 0);
  const n = Math.max(Number.isInteger(count) ? count : 0, ...named.keys());
  return Array.from({ length: n }, (_, i) => named.get(i + 1) ?? `UPComp${i + 1}`);
}

/**
 * A `Position`'s component amounts → its price components, one per label. `labels` is extended (`UPComp<n>`, or the
 * named tag's label for `[EPLohn]`…) when the position has more amounts than labels. An amount that is not a
 * number is reported (`GAEB2000_INVALID_NUMBER`) and left out; `[EPAnteil<n>]` wins over a named tag of the same n.
 * @param number the item number, for messages
 * @returns the components, undefined when the position holds no amount
 */
export function readPositionComponents(b: Gaeb2000Block, labels: string[], report: ReaderReport, number: string): PriceComponentDto[] | undefined {
  const amounts = new Map<number, { value: string; label?: string }>();
  const take = (n: number, key: string, tag: string, label?: string) => {
    const text = textOf(b, key);
    const value = gaeb2000Decimal(text);
    if (text !== undefined && value === undefined) report.report('GAEB2000_INVALID_NUMBER', 'warning', `[${tag}] '${text}' is not a number and was ignored.`, number);
    if (value !== undefined && !amounts.has(n)) amounts.set(n, { value, label });
  };
  for (const c of b.children) {
    const m = c.kind === 'value' ? AMOUNT_KEY.exec(c.key) : null;
    if (m && Number(m[1]) >= 1) take(Number(m[1]), c.key, amountTag(Number(m[1])));
  }
  NAMED.forEach(([key, tag, label], i) => take(i + 1, key, tag, label));
  if (amounts.size === 0) return undefined;
  const highest = Math.max(...amounts.keys());
  if (highest > labels.length) {
    report.report('GAEB2000_PRICE_COMPONENT_UNLABELLED', 'info', `An item holds ${highest} price component amounts where LVInfo declares ${labels.length} components; the others are labelled UPComp<n> (or after their named tag).`, number);
    for (let n = labels.length + 1; n <= highest; n++) labels.push(amounts.get(n)?.label ?? `UPComp${n}`);
  }
  return labels.map((label, i) => {
    const v = amounts.get(i + 1)?.value;
    return { label, values: v !== undefined ? [{ formula: v }] : [] };
  });
}

/** Reports when the components read do not add up to the unit price `[EP]` (`unitPriceOverride`), which is kept. */
export function checkComponentSum(p: PositionDto, report: ReaderReport, number: string): void {
  const sum = componentSumMismatch(p);
  if (sum === undefined) return;
  report.report('GAEB2000_PRICE_COMPONENTS_SUM_MISMATCH', 'warning',
    `The price components ([EPAnteil<n>]) add up to ${sum.toString()}, the unit price [EP] is ${new D(p.unitPriceOverride!).toString()}; the unit price [EP] was kept.`, number);
}

/**
 * A position's components as `[EPAnteil<n>]` values: each in the slot of its label among `labels`, else of its
 * index (`slotComponents`), the computed `price` with `decimals` places and a decimal comma; one without values or
 * price is not written (it reads back as one without values).
 * @returns the values in tag order, and the names of components that found no slot or whose amount was rounded
 */
export function componentAmounts(p: PositionDto, labels: readonly string[], decimals: number): {
  values: { tag: string; text: string }[]; unplaced: string[]; rounded: string[];
} {
  const { placed, unplaced } = slotComponents(p, labels, labels.length);
  const rounded = placed.filter((a) => !new D(a.value).equals(new D(a.value).toDecimalPlaces(decimals))).map((a) => a.name);
  const values = placed.sort((a, b) => a.slot - b.slot).map((a) => ({ tag: amountTag(a.slot + 1), text: formatGaeb2000Number(a.value, decimals) }));
  return { values, unplaced, rounded };
}
