/**
 * One ÖNORM entry → `pos-eigenschaften` (2009 `ontypdef.xsd` `lv-wvb-pos.type`): `stichwort` (1–60 characters) or
 * `stichwort-kurz` (≤50) + `stichwort-luecke` (≤10) when the reader kept that split, `langtext`,
 * `herkunftskennzeichen`, then for a position the quantity block `lv-pos-basisdaten.group`: `einheit` (closed list,
 * units.ts), `pzzv`, `wesentlicheposition`, `garantierteangebotssumme`, `teilangebotskennzeichen` (a kept lot,
 * `teilangebote.ts`), `leistungsteil`, `teilsummenkennzeichen` (kept), `lvmenge`, `berechnetemengen` (the quantity
 * take-off of a draft or cost-estimate LV, `takeoff.ts`), then
 * `nichtangeboten` or `preis` (`preisanteil1`, `preisanteil2`, `gesamt`) + `pospreis` (+ `ustkennzeichen` in an LV
 * with several VAT rates, `vat.ts`). A note text entry (a
 * "wählbare Vorbemerkung") has no quantity block. In an LB (`onlb.xsd` `lb-wvb-pos.type`) the texts are followed
 * by `aenderungskennzeichnungen` and `herkunftskennzeichen`, and a position has only its `einheit`.
 *
 * `pzzv`: Alternative → `wahlposition` (zz and variantennummer required), Optional or without total → `eventualposition`, the
 * base position an alternative points to → `normalposition_einer_variante` with variant 0, a position of an
 * alternative group or of its base group → `wahlposition` or `normalposition_einer_variante` (`variants.ts`), else `normalposition`;
 * `zz` (two characters) and `variantennummer` (0–9) as the reader kept them, else from the model's alternative group
 * (`alternativeGroupIdentifier` as two digits) and `alternativeIdentifier`.
 *
 * Price shares (issue 12 rule): GAEB has up to six unit price components, ÖNORM two (`preisanteil1` "Lohn",
 * `preisanteil2` "Sonstiges", A 2063 price share model: wages and other costs). Two components map one to one;
 * otherwise components of type Wages (`projectInformation.priceComponentTypes`) form `preisanteil1` and all others
 * `preisanteil2`, and without types the first component is `preisanteil1` and the rest `preisanteil2`. `gesamt`
 * is the position's unit price; `pospreis` is `lvmenge` × `gesamt` as written, rounded to cents.
 */
import { isPosition, type NoteTextDto, type PositionDto, type ProjectInformationDto } from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';
import type { PlanEntry } from './structure.js';
import type { GroupVariant } from './variants.js';
import { writeGrafiklinks } from './graphics.js';
import { beginsWith, firstLineOf } from '../../../core/text/long-text-start.js';
import { keptGaps, longTextForm, withFirstParagraph, writeFormattedText } from './text.js';
import { oenormUnit } from './units.js';
import { LOT } from './teilangebote.js';
import { writeLbChanges } from './lb-changes.js';
import { writeTakeoff } from './takeoff.js';
import { ADDENDUM_STATUS_READ, oenormAddendumStatus } from '../addendum.js';
import type { LongText } from '../../../core/text/long-text.js';
import { longTextFormOf } from '../../../core/text/long-text-cache.js';

export interface PositionContext {
  edition: string;
  /** The LV is a bidder's (`nichtangeboten` = not offered). */
  offer: boolean;
  info: ProjectInformationDto;
  /** Base positions of alternatives (their ids). */
  variantBases: Set<string>;
  /** The variant a position takes from an alternative group or its base group (`variants.ts`). */
  groupVariantOf(p: PositionDto): GroupVariant | undefined;
  /** Writing an LB: the LB version every element's `aenderungskennzeichnungen` names (no quantity block). */
  lbVersion?: string;
  /** The LV type holds notes (`notiz`: `entwurfs-lv`, `kostenschaetzungs-lv`). */
  notiz: boolean;
  /** The LV type holds quantity take-offs (`berechnetemengen`: `entwurfs-lv`, `kostenschaetzungs-lv`; `takeoff.ts`). */
  takeoff: boolean;
  /** The VAT share a priced position names after its `pospreis` (`vat.ts`; undefined for an LV at one rate). */
  ustkennzeichenOf(p: PositionDto): string | undefined;
  /** The `zz` of a position's variant group (an alternative and its base share one). */
  zzOf(p: PositionDto): string;
  /** Entries may carry `zusatzangebotslvinfo` (an `abrechnungs-lv` or `zusatzangebots-lv`). */
  zusatzangebotslvinfo: boolean;
  /** The variant groups written so far: `zz` → the lowest `variantennummer` written (`varianten.ts`). */
  variantsWritten: Map<string, number>;
}

/**
 * A number mark kept from an ÖNORM source (`teilangebotskennzeichen.type` 1–99, `teilsummenkennzeichen.type`
 * 1–9999), written as a leaf named `element` when it fits `pattern`; one that does not is reported, not written.
 */
function writeKeptMark(
  ctx: OenormWriterContext, props: Record<string, unknown>, element: string, pattern: RegExp, range: string, what: string, where: string,
): void {
  const mark = props[element];
  if (mark === undefined) return;
  if (typeof mark === 'string' && pattern.test(mark)) ctx.b.leaf(element, mark);
  else ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `${what} (${element}) that are not a number from ${range} were not written`, where);
}

/** Notes a variant written in `pzzv` (`wahlposition`, `normalposition_einer_variante`). */
function noteVariant(pc: PositionContext, zz: string, variant: string): void {
  const n = Number(variant);
  const lowest = pc.variantsWritten.get(zz);
  if (lowest === undefined || n < lowest) pc.variantsWritten.set(zz, n);
}

/** Origin code → `herkunftskennzeichen` (`Z` free text, `+` supplementary LB; ontypdef `herkunftskennzeichen.type`). */
export const ORIGIN_MARK: Readonly<Record<string, string>> = { FreeText: 'Z', AdditionDescription: '+' };

/** What the entry adds to the sums (`pospreis` of a normal position as written), 0 when nothing. */
export function writeEntry(ctx: OenormWriterContext, entry: PlanEntry, pc: PositionContext, grundtextHtml: string | undefined): number {
  const b = ctx.b;
  const e = entry.element;
  const where = entry.number;
  const props = ((isPosition(e) ? e.oenormPositionProperties : e.oenormNoteTextProperties) ?? {}) as Record<string, unknown>;
  b.open('pos-eigenschaften');
  // long text: a Folgeposition's own part after its Grundtext
  const html = grundtextHtml !== undefined && e.htmlLongText !== undefined ? e.htmlLongText.slice(grundtextHtml.length) : e.htmlLongText;
  const form = grundtextHtml !== undefined ? (html?.trim() ? parseOwn(ctx, html) : undefined) : longTextForm(ctx, e.htmlLongText, e.longText);
  const langtext = writeStichwort(ctx, e, props, form, where);
  if (langtext !== undefined) writeFormattedText(ctx, 'langtext', langtext, where, { edition: pc.edition, gaps: keptGaps(html), html: [html] });
  writeZusatzangebotslvinfo(ctx, e, props, pc, where);
  writeElementData(ctx, pc, ORIGIN_MARK[String(props.originCode)], ctx.graphics.linksOf(html), props, where);
  let sum = 0;
  if (isPosition(e)) {
    if (pc.lbVersion !== undefined) b.leaf('einheit', unitOf(ctx, e.unitTag, where));
    else sum = writeQuantityBlock(ctx, e, props, pc, where);
  }
  b.close();
  return sum;
}

/** The tallied message for an LV element's `vorbemerkungskennzeichen` written into an LB. */
const VORBEMERKUNGSKENNZEICHEN_NOT_WRITTEN =
  'marks of elements under a freely worded preliminary remark (vorbemerkungskennzeichen V) were not written: an LB has no place for them';

/**
 * `zusatzangebotslvinfo` of an entry of an addendum (`addendumNumber` 1–999, `addendum.ts`) in the LV types that hold
 * it; elsewhere (and for a number ÖNORM cannot state) reported.
 */
function writeZusatzangebotslvinfo(ctx: OenormWriterContext, e: PositionDto | NoteTextDto, props: Record<string, unknown>, pc: PositionContext, where: string): void {
  const nr = e.addendumNumber?.trim();
  if (nr === undefined || nr === '') return;
  if (!pc.zusatzangebotslvinfo || !/^[1-9][0-9]{0,2}$/.test(nr)) {
    const why = pc.zusatzangebotslvinfo ? 'are not a number from 1 to 999' : 'have no place outside an abrechnungs-lv or zusatzangebots-lv';
    ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', pc.zusatzangebotslvinfo ? 'warning' : 'info', `addendum numbers (zusatzangebotslvinfo) that ${why} were not written`, where);
    return;
  }
  // the status read is kept while it maps to the model's (a note text has no status of its own)
  const kept = props.zusatzangebotsstatus;
  const status = typeof kept === 'string' && (!isPosition(e) || ADDENDUM_STATUS_READ[kept] === e.addendumStatus) ? kept : oenormAddendumStatus(e.addendumStatus);
  ctx.b.open('zusatzangebotslvinfo').leaf('zusatzangebotslvnummer', nr).leaf('status', status).close();
}

/**
 * A comment (`kommentar`, of an LB element) and a note (`notiz`, of an LV element), HTML, as the reader keeps them,
 * and the element's `openingTextIsFreeText` (`vorbemerkungskennzeichen` V).
 */
export interface ElementMemo {
  kommentar?: unknown;
  notiz?: unknown;
  openingTextIsFreeText?: unknown;
  /** An LB element's change marks as the reader keeps them (`reader/lb-changes.ts`), and its `nichtinteilausgabe`. */
  aenderungskennzeichnungen?: unknown;
  nichtinteilausgabe?: unknown;
  /** The other ÖNORM properties the memo is kept among. */
  [property: string]: unknown;
}

/** The tallied message for an LB's comment written into an LV. */
export const KOMMENTAR_NOT_WRITTEN = 'comments (kommentar) of LB elements were not written: an LV has no place for them';

/** A kept memo's HTML, undefined when there is none. */
const memoHtml = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * What every LV or LB element (position, LG/ULG properties, `svb`) may hold after its texts, in the order of its
 * edition's schema: in an LV `herkunftskennzeichen`, `vorbemerkungskennzeichen` (V: the element sits under a freely
 * worded preliminary remark of a group above it, `openingTextIsFreeText`), `grafiklinks`, `notiz`
 * (`lv-element-basisdaten.group`; the
 * note only in an `entwurfs-lv` or `kostenschaetzungs-lv`); in an LB `grafiklinks`, `kommentar`,
 * `aenderungskennzeichnungen` (required; kept marks or the LB's version, `lb-changes.ts`), `herkunftskennzeichen`,
 * `nichtinteilausgabe` (`lb-element-basisdaten.group`). A memo
 * the document has no place for (an LB's comment in an LV, an LV's note elsewhere) is reported, not written.
 * @param mark the `herkunftskennzeichen` (`Z`, `+`), undefined for none
 * @param links the ids of the graphics the element links (`graphics.ts`)
 * @param memo the element's kept comment and note (its ÖNORM properties)
 */
export function writeElementData(
  ctx: OenormWriterContext, pc: PositionContext, mark: string | undefined, links: readonly string[], memo: ElementMemo | undefined, where: string,
): void {
  const kommentar = memoHtml(memo?.kommentar);
  const notiz = memoHtml(memo?.notiz);
  if (pc.lbVersion !== undefined) {
    writeGrafiklinks(ctx, links);
    if (kommentar !== undefined) writeMemo(ctx, 'kommentar', kommentar, where, pc);
    writeLbChanges(ctx, memo?.aenderungskennzeichnungen, pc.lbVersion, where, pc);
    if (mark !== undefined) ctx.b.leaf('herkunftskennzeichen', mark);
    if (memo?.nichtinteilausgabe === true) ctx.b.empty('nichtinteilausgabe');
    if (notiz !== undefined) ctx.tally('OENORM_MEMO_NOT_WRITTEN', 'info', 'notes (notiz) of LV elements were not written: an LB has no place for them', where);
    if (memo?.openingTextIsFreeText === true) ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', 'warning', VORBEMERKUNGSKENNZEICHEN_NOT_WRITTEN, where);
    return;
  }
  if (mark !== undefined) ctx.b.leaf('herkunftskennzeichen', mark);
  if (memo?.openingTextIsFreeText === true) ctx.b.leaf('vorbemerkungskennzeichen', 'V');
  writeGrafiklinks(ctx, links);
  if (notiz !== undefined) {
    if (pc.notiz) writeMemo(ctx, 'notiz', notiz, where, pc);
    else ctx.tally('OENORM_MEMO_NOT_WRITTEN', 'info', 'notes (notiz) were not written: only an entwurfs-lv or kostenschaetzungs-lv holds them', where);
  }
  if (kommentar !== undefined) ctx.tally('OENORM_MEMO_NOT_WRITTEN', 'info', KOMMENTAR_NOT_WRITTEN, where);
}

/** A `kommentar`, `notiz` or `aenderungsbeschreibung` (`formatmemo.type`: the formatted text of a `langtext`). */
export function writeMemo(ctx: OenormWriterContext, element: 'kommentar' | 'notiz' | 'aenderungsbeschreibung', html: string, where: string, pc: PositionContext): void {
  const form = longTextForm(ctx, html, undefined);
  if (form !== undefined) writeFormattedText(ctx, element, form, where, { edition: pc.edition, gaps: keptGaps(html), html: [html] });
}

function parseOwn(ctx: OenormWriterContext, html: string): LongText {
  return longTextFormOf(ctx.longTexts, html);
}

/**
 * Writes the entry's `stichwort` (or `stichwort-kurz` + `stichwort-luecke`).
 * @returns the long text to write as its `langtext`: `form`, or, when the short text was shortened to the 60
 *   characters of `stichwort` and the long text does not begin with it, `form` after a first paragraph with the
 *   whole short text (`OENORM_TEXT_KEPT_WHOLE`), so that no word of it is lost
 */
function writeStichwort(ctx: OenormWriterContext, e: PositionDto | NoteTextDto, props: Record<string, unknown>, form: LongText | undefined, where: string): LongText | undefined {
  const b = ctx.b;
  const kurz = props.oenormShortText;
  const luecke = props.oenormShortTextAddition;
  const short = e.shortText ?? '';
  if (typeof kurz === 'string' && typeof luecke === 'string' && (short === '' || short === `${kurz} ${luecke}` || short === kurz)
    && Array.from(kurz).length <= 50 && Array.from(luecke).length <= 10 && kurz !== '') {
    b.leaf('stichwort-kurz', ctx.line(kurz, 50, 'stichwort-kurz', where));
    b.leaf('stichwort-luecke', ctx.line(luecke, 10, 'stichwort-luecke', where));
    return form;
  }
  const parts = ctx.lineParts(short, 60, 'stichwort', where);
  let text = parts.text;
  if (text === '' && ctx.enforce) {
    text = ctx.line(form ? firstLineOf(form) : '', 60, 'stichwort', where) || (isPosition(e) ? 'Position' : 'Vorbemerkung');
    ctx.filled('stichwort', 'the first words of the long text');
  }
  b.leaf('stichwort', text);
  if (parts.whole === parts.text || beginsWith(form, parts.whole)) return form;
  ctx.tally('OENORM_TEXT_KEPT_WHOLE', 'info', 'short texts longer than the 60 characters of stichwort were written whole as the first paragraph of their langtext', where);
  return withFirstParagraph(ctx, form, parts.whole, false);
}

function unitOf(ctx: OenormWriterContext, unit: string | undefined, where: string): string {
  if (!ctx.enforce) return unit ?? '';
  if (unit === undefined || unit.trim() === '') {
    ctx.filled('einheit', 'Stk');
    return 'Stk';
  }
  const mapped = oenormUnit(unit);
  if (mapped.kind === 'mapped') ctx.tally('OENORM_UNIT_MAPPED', 'info', `unit ${unit} was written as ${mapped.unit}`, where);
  else if (mapped.kind === 'unknown') ctx.tally('OENORM_UNIT_UNKNOWN', 'warning', `unit ${unit} is not on the ÖNORM unit list and was written as ${mapped.unit}`, where);
  return mapped.unit;
}

function writePzzv(ctx: OenormWriterContext, p: PositionDto, props: Record<string, unknown>, pc: PositionContext): 'normal' | 'other' {
  const b = ctx.b;
  const keptZz = typeof props.zz === 'string' && /^[A-Z0-9]{2}$/.test(props.zz) ? props.zz : undefined;
  const keptVariant = typeof props.variantennummer === 'string' && /^[0-9]$/.test(props.variantennummer) ? props.variantennummer : undefined;
  if (p.positionType === 'Alternative') {
    const zz = keptZz ?? pc.zzOf(p);
    const variant = keptVariant ?? String(Math.min(9, Math.max(1, p.alternativeIdentifier ?? 1)));
    b.open('pzzv').open('wahlposition').leaf('zz', zz).leaf('variantennummer', variant).close().close();
    noteVariant(pc, zz, variant);
    return 'other';
  }
  // a position without total is priced but not summed, which is what an eventualposition is (pzzv.type)
  if (p.positionType === 'Optional' || p.priceType === 'WithoutTotal') {
    b.open('pzzv');
    if (keptZz) b.open('eventualposition').leaf('zz', keptZz).close();
    else b.empty('eventualposition');
    b.close();
    return 'other';
  }
  if (props.pzzv === 'normalposition_einer_variante' && keptZz && keptVariant) {
    b.open('pzzv').open('normalposition_einer_variante').leaf('zz', keptZz).leaf('variantennummer', keptVariant).close().close();
    noteVariant(pc, keptZz, keptVariant);
    return 'normal';
  }
  if (p.id !== undefined && pc.variantBases.has(p.id)) {
    const zz = keptZz ?? pc.zzOf(p);
    const variant = keptVariant ?? '0';
    b.open('pzzv').open('normalposition_einer_variante').leaf('zz', zz).leaf('variantennummer', variant).close().close();
    noteVariant(pc, zz, variant);
    return 'normal';
  }
  const inGroup = pc.groupVariantOf(p);
  if (inGroup !== undefined) {
    b.open('pzzv').open(inGroup.alternative ? 'wahlposition' : 'normalposition_einer_variante').leaf('zz', inGroup.zz).leaf('variantennummer', inGroup.variant).close().close();
    noteVariant(pc, inGroup.zz, inGroup.variant);
    return inGroup.alternative ? 'other' : 'normal';
  }
  b.open('pzzv');
  if (keptZz) b.open('normalposition').leaf('zz', keptZz).close();
  else b.empty('normalposition');
  b.close();
  return 'normal';
}

function writeQuantityBlock(ctx: OenormWriterContext, p: PositionDto, props: Record<string, unknown>, pc: PositionContext, where: string): number {
  const b = ctx.b;
  b.leaf('einheit', unitOf(ctx, p.unitTag, where));
  const kind = writePzzv(ctx, p, props, pc);
  if (props.isMainPosition === true) b.leaf('wesentlicheposition', 'W');
  if (props.garantierteangebotssumme === true) b.leaf('garantierteangebotssumme', 'G');
  writeKeptMark(ctx, props, 'teilangebotskennzeichen', LOT, '1 to 99', 'partial offer marks', where);
  const part = typeof props.leistungsteil === 'string' && /^[1-9][0-9]?$/.test(props.leistungsteil) ? props.leistungsteil : '1';
  b.leaf('leistungsteil', part);
  writeKeptMark(ctx, props, 'teilsummenkennzeichen', /^[1-9][0-9]{0,3}$/, '1 to 9999', 'partial sum marks', where);
  const quantity = ctx.amount(p.quantity ?? p.quantityOverride ?? 0, 'lvmenge', where);
  b.leaf('lvmenge', quantity);
  writeTakeoff(ctx, p, pc.takeoff, where);
  const shares = priceShares(p, pc.info);
  const priced = p.unitPriceOverride !== undefined || shares !== undefined || (p.unitPrice ?? 0) !== 0;
  if (p.notOffered === true || (!priced && !pc.offer)) {
    b.empty('nichtangeboten');
    return 0;
  }
  b.open('preis');
  if (shares) {
    b.leaf('preisanteil1', ctx.amount(shares[0], 'preisanteil1', where));
    b.leaf('preisanteil2', ctx.amount(shares[1], 'preisanteil2', where));
  }
  const unitPrice = ctx.amount(p.unitPrice ?? p.unitPriceOverride ?? 0, 'preis/gesamt', where);
  b.leaf('gesamt', unitPrice);
  b.close();
  const total = Math.round(Number(quantity) * Number(unitPrice) * 100) / 100;
  b.leaf('pospreis', ctx.amount(total, 'pospreis', where));
  const mark = pc.ustkennzeichenOf(p);
  if (mark !== undefined) b.leaf('ustkennzeichen', mark);
  // a position without total is an eventualposition (writePzzv): only a normal one is summed
  return kind === 'normal' ? total : 0;
}

/** The two price shares of a position (see the module comment), undefined when it has no components. */
export function priceShares(p: PositionDto, info: ProjectInformationDto): [number, number] | undefined {
  const list = p.priceComponents;
  if (!list || list.length === 0) return undefined;
  const value = (c: { price?: number; values?: { result?: number; formula?: string }[] }): number =>
    c.price ?? (c.values ?? []).reduce((s, v) => s + (v.result ?? (Number(v.formula) || 0)), 0);
  if (list.length <= 2) return [value(list[0]), list[1] ? value(list[1]) : 0];
  const types = info.priceComponentTypes ?? {};
  const wages = list.filter((c) => c.label !== undefined && types[c.label] === 'Wages');
  const first = wages.length > 0 ? wages : [list[0]];
  const rest = list.filter((c) => !first.includes(c));
  const sum = (cs: typeof list) => cs.reduce((s, c) => s + value(c), 0);
  return [sum(first), sum(rest)];
}
