/**
 * ÖNORM A 2063 positions (`ungeteilteposition`, `folgeposition` after a `grundtext`, `position` of an LV without
 * outline) → model elements. Element structure: 2009 `ontypdef.xsd` `lv-wvb-pos.type` (stichwort.group, langtext,
 * herkunftskennzeichen, then the optional quantity block `lv-pos-basisdaten.group`: einheit, pzzv,
 * wesentlicheposition, garantierteangebotssumme, leistungsteil, lvmenge, then `nichtangeboten` or `preis` +
 * `pospreis`), `onlb.xsd` (LB positions: the same texts, `einheit`, no quantity or price).
 *
 * Mapping:
 * - An entry with a unit is a `PositionDto`; one without (a "wählbare Vorbemerkung", a text entry) is a
 *   `NoteTextDto`, its number kept in `oenormNoteTextProperties`.
 * - Short text: `stichwort`, or `stichwort-kurz` + ' ' + `stichwort-luecke`; both parts kept as `oenormShortText`
 *   / `oenormShortTextAddition`.
 * - Long text of a Folgeposition: the Grundtext's followed by its own; the Grundtext's HTML is kept in
 *   `oenormPositionProperties.grundtextHtmlLongText` so that a writer can split them again.
 * - `pzzv`: `wahlposition` → positionType Alternative (does not count, and points to the
 *   `normalposition_einer_variante` of the same `zz` with variant number 0 via `alternativeTo`), `eventualposition`
 *   → Optional with priceType WithoutTotal (priced, not summed: only normal positions count towards the sums,
 *   `pzzv.type` documentation); `zz` and `variantennummer` are kept, `zz` numbered as alternative group.
 * - `lvmenge` → quantityOverride, `preis/gesamt` → unitPriceOverride, `preisanteil1`/`preisanteil2` → price
 *   components labelled from `kenndaten/preisanteilmodell`, `pospreis` → the stated total `oenormTotal`.
 */
import { newId } from '../../../core/model/ids.js';
import type {
  NoteTextDto, OenormOriginCodeDto, PositionDto, PriceComponentDto,
} from '../../../core/model/types.js';
import type { OenormText } from './text.js';

/** `herkunftskennzeichen` → origin code: `Z` free text, `+` supplementary LB (ontypdef `herkunftskennzeichen.type`). */
export function originCode(mark: string | undefined): OenormOriginCodeDto {
  return mark === 'Z' ? 'FreeText' : mark === '+' ? 'AdditionDescription' : 'Unknown';
}

/** A Grundtext being read (the shared text of the Folgepositionen of one `grundtextnr`). */
export interface GrundtextDraft {
  text?: OenormText;
  herkunftskennzeichen?: string;
}

/** One position entry as read. */
export interface PositionDraft {
  element: 'ungeteilteposition' | 'folgeposition' | 'position';
  number: string;
  grundtextnr?: string;
  ftnr?: string;
  mfv?: string;
  stichwort?: string;
  stichwortKurz?: string;
  stichwortLuecke?: string;
  text?: OenormText;
  herkunftskennzeichen?: string;
  einheit?: string;
  pzzv?: string;
  zz?: string;
  variantennummer?: string;
  wesentlicheposition?: boolean;
  garantierteangebotssumme?: boolean;
  leistungsteil?: string;
  lvmenge?: string;
  nichtangeboten?: boolean;
  preisanteil1?: string;
  preisanteil2?: string;
  gesamt?: string;
  pospreis?: string;
}

/** What building an element needs besides the draft. */
export interface BuildContext {
  grundtext?: GrundtextDraft;
  /** Labels of `preisanteil1` / `preisanteil2`. */
  priceComponentLabels: readonly [string, string];
  /** The LV is a bidder's: `nichtangeboten` marks a position the bidder offered no price for. */
  offer: boolean;
  /** Parses a decimal; reports and returns undefined when the text is not one. */
  decimal(text: string | undefined, what: string, itemNumber: string): number | undefined;
}

/** A built element and the plain long text derived with its HTML (undefined when it has to be derived later). */
export interface BuiltElement {
  element: PositionDto | NoteTextDto;
  plain?: string;
}

function longText(d: PositionDraft, grundtext: GrundtextDraft | undefined): { html: string; plain?: string } {
  const own = d.text?.html ?? '';
  const base = grundtext?.text?.html ?? '';
  if (base === '') return { html: own, plain: own.includes('<') ? d.text?.plain : undefined };
  if (own === '') return { html: base, plain: base.includes('<') ? grundtext?.text?.plain : undefined };
  const html = base + own;
  return { html, plain: d.text?.afterGrundtext === true && html.includes('<') ? d.text.plain : undefined };
}

function shortText(d: PositionDraft): string | undefined {
  if (d.stichwort !== undefined) return d.stichwort;
  if (d.stichwortKurz === undefined) return undefined;
  return d.stichwortLuecke ? `${d.stichwortKurz} ${d.stichwortLuecke}` : d.stichwortKurz;
}

/** The ÖNORM properties both element kinds keep: number parts, short text parts, origin, split of the long text. */
function commonProperties(d: PositionDraft, grundtext: GrundtextDraft | undefined): Record<string, unknown> {
  const p: Record<string, unknown> = {
    originCode: originCode(d.herkunftskennzeichen),
    isUndividedPosition: d.element === 'ungeteilteposition',
  };
  if (d.stichwort !== undefined || d.stichwortKurz !== undefined) p.oenormShortText = d.stichwort ?? d.stichwortKurz;
  if (d.stichwortLuecke !== undefined) p.oenormShortTextAddition = d.stichwortLuecke;
  if (d.grundtextnr !== undefined) p.grundtextnr = d.grundtextnr;
  if (d.ftnr !== undefined) p.ftnr = d.ftnr;
  if (d.mfv !== undefined && d.mfv !== '') p.mfv = d.mfv;
  if (d.element === 'position') p.positionsnummer = d.number;
  if (grundtext?.text?.html) p.grundtextHtmlLongText = grundtext.text.html;
  if (grundtext?.herkunftskennzeichen !== undefined) p.grundtextOriginCode = originCode(grundtext.herkunftskennzeichen);
  return p;
}

function additionType(d: PositionDraft, grundtext: GrundtextDraft | undefined): 'None' | 'ByBuyer' | 'ByBidder' {
  const texts = [d.text, grundtext?.text];
  if (texts.some((t) => t?.bidder)) return 'ByBidder';
  return texts.some((t) => t?.owner) ? 'ByBuyer' : 'None';
}

function priceComponents(d: PositionDraft, ctx: BuildContext): PriceComponentDto[] | undefined {
  if (d.preisanteil1 === undefined && d.preisanteil2 === undefined) return undefined;
  const labels = ctx.priceComponentLabels;
  return [priceComponent(labels[0], d.preisanteil1, 'preisanteil1', d.number, ctx), priceComponent(labels[1], d.preisanteil2, 'preisanteil2', d.number, ctx)];
}

/** One price share as a price component with the share as its formula (checked as a decimal, reported if not one). */
function priceComponent(label: string, value: string | undefined, what: string, itemNumber: string, ctx: BuildContext): PriceComponentDto {
  ctx.decimal(value, what, itemNumber);
  return { label, values: value !== undefined && value !== '' ? [{ formula: value }] : [] };
}

/** Builds the model element of a finished position entry. */
export function buildElement(d: PositionDraft, ctx: BuildContext): BuiltElement {
  const grundtext = d.element === 'folgeposition' ? ctx.grundtext : undefined;
  const text = longText(d, grundtext);
  const props = commonProperties(d, grundtext);
  const short = shortText(d);
  if (d.einheit === undefined) {
    const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', additionType: additionType(d, grundtext) };
    if (short !== undefined) note.shortText = short;
    if (text.html !== '') note.htmlLongText = text.html;
    props.itemNumber = d.number;
    note.oenormNoteTextProperties = props;
    return { element: note, plain: text.html !== '' ? text.plain : undefined };
  }
  const p: PositionDto = {
    elementTypeDiscriminator: 'PositionDto',
    itemNumber: { stringRepresentation: d.number },
    unitTag: d.einheit,
    additionType: additionType(d, grundtext),
  };
  if (short !== undefined) p.shortText = short;
  if (text.html !== '') p.htmlLongText = text.html;
  const quantity = ctx.decimal(d.lvmenge, 'lvmenge', d.number);
  if (quantity !== undefined) p.quantityOverride = quantity;
  const unitPrice = ctx.decimal(d.gesamt, 'preis/gesamt', d.number);
  if (unitPrice !== undefined) p.unitPriceOverride = unitPrice;
  const components = priceComponents(d, ctx);
  if (components) p.priceComponents = components;
  const stated = ctx.decimal(d.pospreis, 'pospreis', d.number);
  if (stated !== undefined) p.oenormTotal = stated;
  if (d.pzzv === 'wahlposition') p.positionType = 'Alternative';
  else if (d.pzzv === 'eventualposition') {
    p.positionType = 'Optional';
    p.priceType = 'WithoutTotal';
  } else p.positionType = 'Regular';
  if (d.nichtangeboten && ctx.offer) p.notOffered = true;
  const positionProps = props;
  positionProps.isMainPosition = d.wesentlicheposition === true;
  if (d.pzzv !== undefined) positionProps.pzzv = d.pzzv;
  if (d.zz !== undefined) positionProps.zz = d.zz;
  if (d.variantennummer !== undefined) positionProps.variantennummer = d.variantennummer;
  if (d.garantierteangebotssumme) positionProps.garantierteangebotssumme = true;
  if (d.leistungsteil !== undefined) positionProps.leistungsteil = d.leistungsteil;
  if (d.nichtangeboten) positionProps.nichtangeboten = true;
  p.oenormPositionProperties = positionProps;
  return { element: p, plain: text.html !== '' ? text.plain : undefined };
}

/**
 * Links the variants of a file once all positions are read: every position with a `zz` gets the zz's number in
 * order of first appearance as `alternativeGroupIdentifier` and its `variantennummer` as `alternativeIdentifier`;
 * a `wahlposition` points to the variant-0 position of its `zz` with `alternativeTo`.
 */
export function linkVariants(positions: readonly PositionDto[]): void {
  const groups = new Map<string, number>();
  const bases = new Map<string, PositionDto>();
  for (const p of positions) {
    const props = p.oenormPositionProperties;
    const zz = props?.zz as string | undefined;
    if (zz === undefined) continue;
    if (!groups.has(zz)) groups.set(zz, groups.size + 1);
    p.alternativeGroupIdentifier = groups.get(zz);
    const n = Number(props?.variantennummer);
    if (Number.isInteger(n)) p.alternativeIdentifier = n;
    if (props?.pzzv !== 'wahlposition' && (n === 0 || !bases.has(zz))) bases.set(zz, p);
  }
  for (const p of positions) {
    const zz = p.oenormPositionProperties?.zz as string | undefined;
    const base = zz !== undefined ? bases.get(zz) : undefined;
    if (p.positionType === 'Alternative' && base !== undefined && base !== p) p.alternativeTo = base.id ??= newId();
  }
}
