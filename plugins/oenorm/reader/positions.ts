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
  CalculationDto, NoteTextDto, OenormOriginCodeDto, PositionDto, PriceComponentDto,
} from '../../../core/model/types.js';
import { ADDENDUM_STATUS_READ } from '../addendum.js';
import type { OenormText } from './text.js';

/** `herkunftskennzeichen` → origin code: `Z` free text, `+` supplementary LB (ontypdef `herkunftskennzeichen.type`). */
export function originCode(mark: string | undefined): OenormOriginCodeDto {
  return mark === 'Z' ? 'FreeText' : mark === '+' ? 'AdditionDescription' : 'Unknown';
}

/** A Grundtext being read (the shared text of the Folgepositionen of one `grundtextnr`). */
export interface GrundtextDraft {
  text?: OenormText;
  herkunftskennzeichen?: string;
  /** The Grundtext's `kommentar` (LB), HTML. */
  kommentar?: string;
}

/** One position entry as read. */
export interface PositionDraft {
  element: 'ungeteilteposition' | 'folgeposition' | 'position';
  number: string;
  /** The number's parts (groups, Grundtextnummer, index), absent for a `position` of an LV without outline. */
  identifiers?: string[];
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
  /** The `<img>` elements of the pictures the position links (`graphics.ts`), appended to its long text. */
  graphics?: string;
  /** The VAT share the position counts in (`vat.ts`). */
  ustkennzeichen?: string;
  /** The entry's comment (`kommentar`, an LB's) and note (`notiz`, a draft LV's), HTML. */
  kommentar?: string;
  notiz?: string;
  /** `V`: the entry sits under a freely worded preliminary remark of a group above it. */
  vorbemerkungskennzeichen?: string;
  /** The partial offer (lot) the position belongs to, 1–99 (`teilangebotssummen` lists them). */
  teilangebotskennzeichen?: string;
  /** The partial sum the position counts in, 1–9999 (an LV without outline). */
  teilsummenkennzeichen?: string;
  /** Further ÖNORM properties kept as read (an LB element's change marks, `lb-changes.ts`), added as they are. */
  kept?: Record<string, unknown>;
  /** The supplementary offer (Zusatzangebots-LV) the entry comes from, and its status (`addendum.ts`). */
  zusatzangebotslvnummer?: string;
  zusatzangebotsstatus?: string;
  /** The quantity take-off's rows (`berechnetemengen`, `takeoff.ts`). */
  quantityComponents?: CalculationDto[];
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
  const text = textOf(d, grundtext);
  if (d.graphics === undefined) return text;
  // linked pictures follow the text, which keeps its plain text (an image has none)
  return { html: text.html + d.graphics, plain: text.html === '' ? '' : text.plain };
}

function textOf(d: PositionDraft, grundtext: GrundtextDraft | undefined): { html: string; plain?: string } {
  const own = d.text?.html ?? '';
  const base = grundtext?.text?.html ?? '';
  if (base === '') return { html: own, plain: own.includes('<') ? d.text?.plain : undefined };
  if (own === '') return { html: base, plain: base.includes('<') ? grundtext?.text?.plain : undefined };
  // the joined text stays a rope sharing the Grundtext's string (asking the joined text for '<' would copy it)
  const tagged = base.includes('<') || own.includes('<');
  return { html: base + own, plain: d.text?.afterGrundtext === true && tagged ? d.text.plain : undefined };
}

function shortText(d: PositionDraft): string | undefined {
  if (d.stichwort !== undefined) return d.stichwort;
  if (d.stichwortKurz === undefined) return undefined;
  return d.stichwortLuecke ? `${d.stichwortKurz} ${d.stichwortLuecke}` : d.stichwortKurz;
}

/**
 * The ÖNORM properties both element kinds keep: number parts, short text parts, origin, split of the long text;
 * then, for a position (`position`), `isMainPosition` … `nichtangeboten`. Every key is written, absent ones as
 * undefined (see {@link buildElement} on shapes); a comment (`kommentar`, the Grundtext's as `grundtextKommentar`)
 * and a note (`notiz`), HTML, only where the entry has one.
 */
function commonProperties(d: PositionDraft, grundtext: GrundtextDraft | undefined, position: boolean): Record<string, unknown> {
  const props: Record<string, unknown> = {
    originCode: originCode(d.herkunftskennzeichen),
    isUndividedPosition: d.element === 'ungeteilteposition',
    oenormShortText: d.stichwort ?? d.stichwortKurz,
    oenormShortTextAddition: d.stichwortLuecke,
    grundtextnr: d.grundtextnr,
    ftnr: d.ftnr,
    mfv: d.mfv !== '' ? d.mfv : undefined,
    positionsnummer: d.element === 'position' ? d.number : undefined,
    grundtextHtmlLongText: grundtext?.text?.html || undefined,
    grundtextOriginCode: grundtext?.herkunftskennzeichen !== undefined ? originCode(grundtext.herkunftskennzeichen) : undefined,
    isMainPosition: position ? d.wesentlicheposition === true : undefined,
    pzzv: d.pzzv,
    zz: d.zz,
    variantennummer: d.variantennummer,
    garantierteangebotssumme: d.garantierteangebotssumme || undefined,
    leistungsteil: d.leistungsteil,
    nichtangeboten: d.nichtangeboten || undefined,
    ustkennzeichen: d.ustkennzeichen,
  };
  // comments and notes are rare in an LV: added where present, not carried as undefined by every position
  if (d.kommentar !== undefined) props.kommentar = d.kommentar;
  if (d.notiz !== undefined) props.notiz = d.notiz;
  if (grundtext?.kommentar !== undefined) props.grundtextKommentar = grundtext.kommentar;
  // marks, as rare: added where present
  if (d.vorbemerkungskennzeichen !== undefined) props.openingTextIsFreeText = d.vorbemerkungskennzeichen === 'V';
  if (d.teilangebotskennzeichen !== undefined) props.teilangebotskennzeichen = d.teilangebotskennzeichen;
  if (d.teilsummenkennzeichen !== undefined) props.teilsummenkennzeichen = d.teilsummenkennzeichen;
  if (d.kept !== undefined) Object.assign(props, d.kept);
  if (d.zusatzangebotsstatus !== undefined) props.zusatzangebotsstatus = d.zusatzangebotsstatus;
  return props;
}

function additionType(d: PositionDraft, grundtext: GrundtextDraft | undefined): 'None' | 'ByBidder' | 'ByBuyer' {
  const own = d.text;
  const base = grundtext?.text;
  if (own?.bidder === true || base?.bidder === true) return 'ByBidder';
  return own?.owner === true || base?.owner === true ? 'ByBuyer' : 'None';
}

function priceComponents(d: PositionDraft, ctx: BuildContext): PriceComponentDto[] | undefined {
  if (d.preisanteil1 === undefined && d.preisanteil2 === undefined) return undefined;
  const labels = ctx.priceComponentLabels;
  return [priceComponent(labels[0], d.preisanteil1, 'preisanteil1', d.number, ctx), priceComponent(labels[1], d.preisanteil2, 'preisanteil2', d.number, ctx)];
}

/**
 * One price share as a price component with the share as its formula (checked as a decimal, reported if not one);
 * the fields the recalculation fills (`price`; a value's `result`, `valid`, `errorPositionInLine`) are written as
 * undefined (see {@link buildElement} on shapes).
 */
function priceComponent(label: string, value: string | undefined, what: string, itemNumber: string, ctx: BuildContext): PriceComponentDto {
  ctx.decimal(value, what, itemNumber);
  const values = value !== undefined && value !== '' ? [{ formula: value, result: undefined, valid: undefined, errorPositionInLine: undefined }] : [];
  return { label, values, price: undefined };
}

/**
 * Builds the model element of a finished position entry.
 *
 * Shapes: a position is created with every field that `prepareProject` (defaults, plain long text, item number
 * levels, recalculation) and this reader may set, in the order the prepared position lists them, those without a
 * value as undefined (JSON leaves them out; the preparation treats undefined as absent). Its shape is then final
 * from the start: V8 keeps the fields inside the object instead of growing a separate property store field by
 * field as the preparation adds some twenty of them, which for a 20 MB file was some 12 MB of garbage and the
 * garbage collector's copying of it.
 *
 * Complete: the position holds everything the normalisation would give it (the defaults of `normalize.ts`, the
 * discriminators, ids of the position and its item number, the item number's flags), so the reader returns
 * `completePositions` and the normalisation only derives its plain long text (a test prepares every file of the
 * corpus and the fixtures with and without the flag and compares the projects).
 *
 * Numbers: the amounts read are set after the literal, whose fields hold undefined at first. A field that V8 first
 * sees holding a number of a literal is a double field (field representation Double, v8.dev/blog/react-cliff): each
 * object then owns a box for that field's number, and a number read from it is copied into a new box wherever it is
 * stored. A field that first held undefined holds a reference to a number object instead, which the recalculation
 * passes on where its result is the same number (`quantity` is `quantityOverride`, `unitPrice` is
 * `unitPriceOverride`): the prepared project of a generated 2 MB ONLV kept 8,909 number objects instead of 12,496.
 */
export function buildElement(d: PositionDraft, ctx: BuildContext): BuiltElement {
  const grundtext = d.element === 'folgeposition' ? ctx.grundtext : undefined;
  const text = longText(d, grundtext);
  const props = commonProperties(d, grundtext, d.einheit !== undefined);
  const short = shortText(d);
  const html = text.html !== '' ? text.html : undefined;
  const plain = html !== undefined ? text.plain : undefined;
  if (d.einheit === undefined) {
    const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', additionType: additionType(d, grundtext) };
    if (short !== undefined) note.shortText = short;
    if (html !== undefined) note.htmlLongText = html;
    props.itemNumber = d.number;
    note.oenormNoteTextProperties = props;
    if (d.zusatzangebotslvnummer !== undefined) note.addendumNumber = d.zusatzangebotslvnummer;
    return { element: note, plain };
  }
  const optional = d.pzzv === 'eventualposition';
  const p: PositionDto = {
    elementTypeDiscriminator: 'PositionDto',
    itemNumber: {
      stringRepresentation: d.number, id: newId(), isSchemaCompliant: false, isLot: false, isAttachedToPosition: false,
      hierarchyLevel: undefined, identifiers: d.identifiers,
    },
    unitTag: d.einheit,
    additionType: additionType(d, grundtext),
    shortText: short,
    htmlLongText: html,
    quantityOverride: undefined,
    unitPriceOverride: undefined,
    priceComponents: priceComponents(d, ctx),
    oenormTotal: undefined,
    positionType: d.pzzv === 'wahlposition' ? 'Alternative' : optional ? 'Optional' : 'Regular',
    oenormPositionProperties: props,
    elementType: 'PositionDto',
    id: newId(),
    hasBidderCommentInHtmlLongText: false,
    comissionStatus: 'Undefined',
    complemented: false,
    amountToBeEnteredByBidder: false,
    priceCompositionRequired: false,
    useDifferentTaxRate: false,
    isLumpSum: d.einheit === 'PA', // Pauschale: ÖNORM's only way of saying lump sum (GAEB LumpSumItem)
    notOffered: d.nichtangeboten === true && ctx.offer,
    taxRate: 0,
    deductionFactor: 0,
    priceType: optional ? 'WithoutTotal' : 'WithTotal',
    serviceType: 'Regular',
    longText: undefined,
    hierarchyLevel: undefined,
    quantity: undefined,
    unitPrice: undefined,
    totalPrice: undefined,
    deductedPrice: undefined,
    totalPriceGross: undefined,
    totalPriceGrossDeducted: undefined,
  };
  // set after the literal, which holds undefined: see the docstring on numbers
  p.quantityOverride = ctx.decimal(d.lvmenge, 'lvmenge', d.number);
  p.unitPriceOverride = ctx.decimal(d.gesamt, 'preis/gesamt', d.number);
  p.oenormTotal = ctx.decimal(d.pospreis, 'pospreis', d.number);
  // a quantity take-off (a draft LV's, rare): added where present
  if (d.quantityComponents !== undefined) p.quantityComponents = d.quantityComponents;
  // an entry of a supplementary offer (rare): added where present
  if (d.zusatzangebotslvnummer !== undefined) {
    p.addendumNumber = d.zusatzangebotslvnummer;
    p.addendumStatus = ADDENDUM_STATUS_READ[d.zusatzangebotsstatus ?? ''] ?? 'Unknown';
  }
  return { element: p, plain };
}

/**
 * Links the variants of a file once all positions are read: every position with a `zz` gets the zz's number in
 * order of first appearance as `alternativeGroupIdentifier` and its `variantennummer` as `alternativeIdentifier`;
 * a `wahlposition` points to the variant-0 position of its `zz` with `alternativeTo`.
 * @param positions the positions with a `zz` in document order (others are passed over, so they need not be given)
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
