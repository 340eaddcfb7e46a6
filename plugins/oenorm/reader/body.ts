/**
 * The ÖNORM outline as it is being read: groups (`hg`, `og`, `lg`, `ulg`), Grundtexte and positions, preliminary
 * remarks, stated sums; and the item number schema the outline implies.
 *
 * Item numbers (2009 `ontypdef.xsd`: `hgnr.type` … `ulgnr.type` and `gtnr.type` 2 characters `[A-Z0-9]`,
 * `ftnr.type` one letter A–Z, `mfv.type` a digit 1–9 or empty, `posnrfrei.type` 1–12 characters): groups are
 * their levels' numbers each followed by '.' ("01.02."); a position is `LG.ULG.GT` with the Folgetext letter as the
 * index ("01.02.03.A"; an `ungeteilteposition` has none: "01.02.03"). The schema has one Group tier per outline
 * level (2 characters), the Position tier for the Grundtextnummer (2) and a one-character Index tier for the
 * Folgetextnummer; a tier is Numeric when every number read for it is digits. A Mehrfachverwendung (`mfv`) is
 * appended to the index ("01.02.03.A1", reported: it does not fit the schema), or to an undivided position as its
 * index ("01.02.03.1"); `grundtextnr`, `ftnr` and `mfv` are kept in the ÖNORM properties. An LV without outline
 * (`gliederung-posfrei`) has no schema: its position numbers are kept as written.
 *
 * Preliminary remarks become note texts: `svb` (standing preliminary remarks) first in the service specification,
 * a group's `vorbemerkung` first in the group (`oenormNoteTextProperties.vorbemerkung`).
 */
import { parseError } from '../../../core/errors.js';
import type {
  ElementDto, ItemNumberSchemaTierDto, ItemNumberTypeDto, NoteTextDto, PositionDto, ProjectDto, ServiceSpecificationDto,
  ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import { isPosition } from '../../../core/model/types.js';
import type { DerivedPlainTexts } from '../../../core/model/derived-plain-texts.js';
import type { OenormDocument, OenormEdition } from '../detect.js';
import { LV_TYPE_ATTRIBUTES } from './lv-types.js';
import { type BuildContext, type GrundtextDraft, type PositionDraft, buildElement, linkVariants, originCode } from './positions.js';
import type { PositionTakeoff } from './takeoff.js';
import type { OenormReport } from './report.js';
import type { OenormText } from './text.js';
import { RepeatedNumbers, SiblingNumbers } from './unique-numbers.js';
import {
  EINHEIT, GARANTIERTEANGEBOTSSUMME, GESAMT, HERKUNFTSKENNZEICHEN, LEISTUNGSTEIL, LVMENGE, NICHTANGEBOTEN, POSPREIS,
  PREISANTEIL1, PREISANTEIL2, STICHWORT, STICHWORT_KURZ, STICHWORT_LUECKE, USTKENNZEICHEN, VARIANTENNUMMER, WESENTLICHEPOSITION, ZZ,
  TEILANGEBOTSKENNZEICHEN, TEILSUMMENKENNZEICHEN, UEBERSCHRIFT, VORBEMERKUNGSKENNZEICHEN,
} from './names.js';

const TIER_NAMES: Readonly<Record<string, string>> = {
  hg: 'Hauptgruppe', og: 'Obergruppe', lg: 'Leistungsgruppe', ulg: 'Unterleistungsgruppe',
};
const DIGITS = /^[0-9]+$/;

/** The form of an ÖNORM decimal (`betrag.type`, `lvmenge.type`: an `xs:decimal` without exponent). */
const DECIMAL_FORM = /^[+-]?[0-9]+(?:\.[0-9]+)?$/;

/** 10⁰ … 10²², every one exactly a double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The value of a decimal as ÖNORM writes it (`betrag.type`, `lvmenge.type`: `/^[+-]?[0-9]+(?:\.[0-9]+)?$/`, a point
 * as decimal separator), NaN when `s` is not one. Equal to `Number(s)` for every such text: up to 15 digits the
 * digits are an exact integer and 10^scale an exact double, so their quotient is the correctly rounded value
 * (Clinger, "How to Read Floating Point Numbers Accurately", PLDI 1990, the fast path); longer ones go to `Number`,
 * and are NaN where it gives Infinity (beyond some 309 digits: no amount, and no number the sums can take).
 */
export function parseOenormDecimal(s: string): number {
  const n = s.length;
  let i = 0;
  let c = s.charCodeAt(0);
  const negative = c === 45;
  if (negative || c === 43) c = s.charCodeAt(++i);
  const start = i;
  let value = 0;
  while (c >= 48 && c <= 57) {
    value = value * 10 + (c - 48);
    c = s.charCodeAt(++i);
  }
  if (i === start) return NaN;
  let scale = 0;
  if (i < n) {
    if (c !== 46) return NaN;
    const fraction = ++i;
    for (; i < n; i++) {
      c = s.charCodeAt(i);
      if (c < 48 || c > 57) return NaN;
      value = value * 10 + (c - 48);
    }
    scale = i - fraction;
    if (scale === 0) return NaN;
  }
  // digits read (a point, when there is one, is not a digit); beyond a double's range (Infinity) it is not a number
  if (n - start - (scale > 0 ? 1 : 0) > 15 || scale > 22) {
    const long = Number(s);
    return Number.isFinite(long) ? long : NaN;
  }
  const v = scale === 0 ? value : value / POWERS_OF_TEN[scale];
  return negative ? -v : v;
}

/** What a comment or note belongs to (`OenormBody.memo`). */
export type MemoOwner = 'position' | 'grundtext' | 'group' | 'svb';

/** Builds the element tree of an ONLV outline or an ONLB while the state machine walks it. */
export class OenormBody {
  readonly spec: ServiceSpecificationDto = { origin: 'Oenorm', elements: [] };
  readonly project: ProjectDto = { projectInformation: {}, serviceSpecifications: [this.spec] };
  position: PositionDraft | undefined;
  grundtext: GrundtextDraft | undefined;

  private levels: string[] = [];
  private readonly groups: ServiceSpecificationGroupDto[] = [];
  private readonly numbers: string[] = [];
  /** The open groups' numbers joined, each followed by '.' ("01.02."; '' outside any group). */
  private prefix = '';
  /** Per group tier: a number that is not digits was read. */
  private readonly alphanumericTier: boolean[] = [];
  private alphanumericGrundtext = false;
  private grundtextnr = '';
  /** Positions that belong to a variant group (`zz`), for `linkVariants` (the others need no second look). */
  private readonly variants: PositionDto[] = [];
  /** Positions that name a VAT share (`ustkennzeichen`), for `OenormVat.apply`. */
  readonly vatPositions: PositionDto[] = [];
  private svbNote: NoteTextDto | undefined;
  /** The preliminary remark (`vorbemerkung`) of the open group, for the pictures its group links. */
  private groupNote: NoteTextDto | undefined;
  private sumTarget: Record<string, unknown> | undefined;
  private offer = false;
  /** Per depth of the open groups (0: the LV itself), the numbers of its groups and of its positions so far. */
  private readonly groupNumbers: SiblingNumbers[] = [new SiblingNumbers()];
  private readonly positionNumbers: SiblingNumbers[] = [new SiblingNumbers()];
  private readonly repeatedNumbers = new RepeatedNumbers();
  /** The numbers before a group's or position's in its container (made once: asked for only out of order). */
  private readonly groupSiblings = () => this.siblingNumbers(true);
  private readonly positionSiblings = () => this.siblingNumbers(false);

  /** What `buildElement` needs, one object for the whole read (its fields set per position). */
  private readonly build: BuildContext;

  constructor(private readonly report: OenormReport, private readonly plainTexts: DerivedPlainTexts) {
    this.build = {
      grundtext: undefined,
      priceComponentLabels: ['', ''],
      offer: false,
      decimal: (text, what, itemNumber) => this.decimal(text, what, itemNumber),
    };
  }

  private get properties(): Record<string, unknown> {
    return (this.spec.oenormProperties ??= {}) as Record<string, unknown>;
  }

  setDocument(document: OenormDocument, edition: OenormEdition): void {
    this.properties.document = document;
    this.properties.edition = edition;
  }

  /**
   * The LV type element (`ausschreibungs-lv` …) and its offer numbers (`alternativangebotsnummer` …), kept as written.
   * @throws GatewayError GW_ERR_PARSE (400) for a second one: `onlv.xsd` allows one, and which of two a sender meant
   *   is not for the reader to guess
   */
  setLvType(lvType: string, attrs: Record<string, string>, offer: boolean): void {
    if (this.properties.lvType !== undefined) {
      throw parseError(`The ONLV holds more than one LV type (${String(this.properties.lvType)}, then ${lvType}); ÖNORM A 2063 allows one per file (onlv.xsd). Send each LV as a file of its own.`, 'oenormFile');
    }
    this.properties.lvType = lvType;
    for (const a of LV_TYPE_ATTRIBUTES) if (attrs[a] !== undefined) this.properties[a] = attrs[a];
    this.offer = offer;
  }

  /** The outline's levels, outermost first (`['lg', 'ulg']`; `[]` for `gliederung-posfrei`). */
  startOutline(levels: string[]): void {
    this.levels = levels;
    this.properties.gliederung = levels.length > 0 ? `gliederung-${levels[0]}` : 'gliederung-posfrei';
  }

  group(): ServiceSpecificationGroupDto | undefined {
    return this.groups[this.groups.length - 1];
  }

  private container(): ElementDto[] {
    return (this.group() ?? this.spec).elements!;
  }

  /** Item number of the element being read, for messages. */
  currentNumber(): string | undefined {
    return this.position?.number ?? this.group()?.itemNumber?.stringRepresentation;
  }

  openGroup(level: string, nr: string): void {
    const depth = this.numbers.length;
    if (!DIGITS.test(nr)) this.alphanumericTier[depth] = true;
    this.numbers.push(nr);
    this.prefix += nr + '.';
    if (this.groupNumbers[depth].repeated(this.prefix, this.groupSiblings)) this.repeatedNumbers.add(`${level.toUpperCase()} ${this.prefix}`);
    (this.groupNumbers[depth + 1] ??= new SiblingNumbers()).reset();
    (this.positionNumbers[depth + 1] ??= new SiblingNumbers()).reset();
    const group: ServiceSpecificationGroupDto = {
      elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
      itemNumber: { stringRepresentation: this.prefix },
      elements: [],
      oenormProperties: { originCode: 'Unknown', gliederungsebene: level },
    };
    this.container().push(group);
    this.groups.push(group);
    this.groupNote = undefined;
  }

  /**
   * `ueberschrift` → short text, `herkunftskennzeichen` → origin code, `vorbemerkungskennzeichen` (`V`: the group
   * sits under a freely worded preliminary remark of a group above it) → `openingTextIsFreeText`.
   */
  groupLeaf(code: number, text: string): void {
    const group = this.group();
    if (!group) return;
    if (code === UEBERSCHRIFT) group.shortText = text;
    else if (code === VORBEMERKUNGSKENNZEICHEN) group.oenormProperties!.openingTextIsFreeText = text === 'V';
    else group.oenormProperties!.originCode = originCode(text);
  }

  closeGroup(): void {
    this.groups.pop();
    const nr = this.numbers.pop();
    if (nr !== undefined) this.prefix = this.prefix.slice(0, this.prefix.length - nr.length - 1);
  }

  /** A preliminary remark: `svb` of the LV/LB or the `vorbemerkung` of the open group. */
  addNote(text: OenormText, svb: boolean): void {
    const note: NoteTextDto = {
      elementTypeDiscriminator: 'NoteTextDto',
      htmlLongText: text.html,
      additionType: text.bidder ? 'ByBidder' : text.owner ? 'ByBuyer' : 'None',
      oenormNoteTextProperties: svb ? { originCode: 'Unknown', svb: true } : { originCode: 'Unknown', vorbemerkung: true },
    };
    if (svb) this.svbNote = note;
    else this.groupNote = note;
    this.container().push(note);
    if (text.html.includes('<')) this.plainTexts.add(note, text.html, text.plain);
  }

  /**
   * A comment (`kommentar`, of an LB element) or note (`notiz`, of an LV element), HTML, kept with the element being
   * read: a position's or Grundtext's with its draft (`commonProperties`), a group's in its `oenormProperties`, the
   * `svb`'s in the specification's (`svbKommentar`, `svbNotiz`).
   */
  memo(kind: 'kommentar' | 'notiz', owner: MemoOwner, html: string): void {
    if (owner === 'position') {
      if (this.position) this.position[kind] = html;
    } else if (owner === 'grundtext') {
      if (this.grundtext && kind === 'kommentar') this.grundtext.kommentar = html;
    } else if (owner === 'group') {
      const group = this.group();
      if (group) group.oenormProperties![kind] = html;
    } else this.properties[kind === 'kommentar' ? 'svbKommentar' : 'svbNotiz'] = html;
  }

  /** A leaf of the open entry's `zusatzangebotslvinfo` (`addendum.ts`). */
  positionAddendum(name: string, text: string): void {
    const d = this.position;
    if (d === undefined) return;
    if (name === 'zusatzangebotslvnummer') d.zusatzangebotslvnummer = text;
    else if (name === 'status') d.zusatzangebotsstatus = text;
  }

  /** The position's quantity take-off (`berechnetemengen`, `takeoff.ts`): its rows as quantity components, its stated quantities kept. */
  positionTakeoff(t: PositionTakeoff): void {
    const d = this.position;
    if (d === undefined) return;
    d.quantityComponents = t.components;
    if (t.berechnetemenge !== undefined) this.keep('position', 'berechnetemenge', t.berechnetemenge);
    if (t.jeAkz !== undefined) this.keep('position', 'berechnetemengenJeAkz', t.jeAkz);
    if (t.asResult > 0) {
      this.report.report('OENORM_TAKEOFF_AS_RESULT', 'info', `${t.asResult} row(s) of the quantity take-off were read as the result the file states: their formula names variables or is a catalogue formula the recalculation does not evaluate (kept as oenormRechenansatz / oenormFormel).`, d.number);
    }
  }

  /**
   * An ÖNORM property of the element being read, kept as read under `key`: a position's in its ÖNORM properties, a
   * group's in its `oenormProperties`, the `svb`'s in the specification's as `svb` + `Key`, the LV's (`lv`) in the
   * specification's as `key`.
   */
  keep(owner: Exclude<MemoOwner, 'grundtext'> | 'lv', key: string, value: unknown): void {
    if (owner === 'lv') this.properties[key] = value;
    else if (owner === 'position') {
      if (this.position) (this.position.kept ??= {})[key] = value;
    } else if (owner === 'group') {
      const group = this.group();
      if (group) group.oenormProperties![key] = value;
    } else this.properties[`svb${key[0].toUpperCase()}${key.slice(1)}`] = value;
  }

  /** Pictures linked by the open position (`<img>` elements, `graphics.ts`): they follow its long text. */
  positionGraphics(html: string): void {
    if (this.position) this.position.graphics = (this.position.graphics ?? '') + html;
  }

  /**
   * Pictures linked by the `svb` or by the open group's properties: they follow the text of its preliminary remark,
   * which keeps its plain text (an image has none), or form one of their own where it has none.
   */
  noteGraphics(html: string, svb: boolean): void {
    const note = svb ? this.svbNote : this.groupNote;
    if (!note) return this.addNote({ html, plain: '', owner: false, bidder: false }, svb);
    note.htmlLongText = (note.htmlLongText ?? '') + html;
    this.plainTexts.extend(note, note.htmlLongText);
  }

  /** `svb/herkunftskennzeichen` and `svb/vorbemerkungskennzeichen` (after the remark they qualify). */
  svbLeaf(code: number, mark: string): void {
    const props = this.svbNote?.oenormNoteTextProperties;
    if (props === undefined) return;
    if (code === VORBEMERKUNGSKENNZEICHEN) props.openingTextIsFreeText = mark === 'V';
    else props.originCode = originCode(mark);
  }

  openGrundtextnr(nr: string): void {
    this.grundtextnr = nr;
    if (!DIGITS.test(nr)) this.alphanumericGrundtext = true;
    this.grundtext = {};
  }

  closeGrundtextnr(): void {
    this.grundtext = undefined;
  }

  /** `ungeteilteposition[@mfv]`, `folgeposition[@ftnr][@mfv]` or `position[@nr]` (LV without outline). */
  openPosition(element: PositionDraft['element'], attrs: Record<string, string>): void {
    const mfv = (attrs.mfv ?? '').trim();
    // read once: saxes' attribute objects are dictionaries, each read a lookup
    const ftnr = element === 'folgeposition' ? attrs.ftnr : undefined;
    let number: string;
    let identifiers: string[] | undefined;
    if (element === 'position') number = attrs.nr ?? '';
    else {
      const base = this.prefix + this.grundtextnr;
      const index = (ftnr ?? '') + mfv;
      number = index === '' ? base : `${base}.${index}`;
      identifiers = this.identifiers(index);
      if (index.length > 1) {
        this.report.report('OENORM_ITEM_NUMBER_NOT_IN_SCHEMA', 'warning', `Position ${number} (Folgetext ${ftnr}, Mehrfachverwendung ${mfv}) does not fit the one-character index of the item number schema; the number is kept as written.`, number);
      }
    }
    if (this.positionNumbers[this.numbers.length].repeated(number, this.positionSiblings)) this.repeatedNumbers.add(number);
    // every field in the literal (absent ones undefined): one shape for all drafts, none grown field by field
    this.position = {
      element, number, identifiers, mfv,
      grundtextnr: element !== 'position' ? this.grundtextnr : undefined,
      ftnr,
      stichwort: undefined, stichwortKurz: undefined, stichwortLuecke: undefined, text: undefined,
      herkunftskennzeichen: undefined, einheit: undefined, pzzv: undefined, zz: undefined, variantennummer: undefined,
      wesentlicheposition: undefined, garantierteangebotssumme: undefined, leistungsteil: undefined, lvmenge: undefined,
      nichtangeboten: undefined, preisanteil1: undefined, preisanteil2: undefined, gesamt: undefined, pospreis: undefined,
      graphics: undefined, ustkennzeichen: undefined, kommentar: undefined, notiz: undefined,
      vorbemerkungskennzeichen: undefined, teilangebotskennzeichen: undefined, teilsummenkennzeichen: undefined, kept: undefined,
      zusatzangebotslvnummer: undefined, zusatzangebotsstatus: undefined,
    };
  }

  /** The item numbers of the groups (`groups`) or of the positions and numbered note texts in the open container. */
  private *siblingNumbers(groups: boolean): Iterable<string> {
    for (const e of this.container()) {
      const number = groups
        ? (e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto' ? e.itemNumber?.stringRepresentation : undefined)
        : isPosition(e) ? e.itemNumber?.stringRepresentation : (e as NoteTextDto).oenormNoteTextProperties?.itemNumber;
      if (typeof number === 'string') yield number;
    }
  }

  /**
   * The parts of the number of a position of the open Grundtext: the groups' numbers, the Grundtextnummer and the
   * index (`ftnr` + `mfv`) when there is one, as the item number's `identifiers`: where they are what parsing the
   * number gives, the recalculation takes them instead of parsing it (`isExactPositionNumber`); where not, it parses.
   */
  private identifiers(index: string): string[] {
    const groups = this.numbers;
    const n = groups.length;
    // sized once: the identifiers stay in the model
    const ids = new Array<string>(index === '' ? n + 1 : n + 2);
    for (let i = 0; i < n; i++) ids[i] = groups[i];
    ids[n] = this.grundtextnr;
    if (index !== '') ids[n + 1] = index;
    return ids;
  }

  /** A leaf of `pos-eigenschaften`, `pzzv/*` or `preis`, by its name's code (`names.ts`). */
  positionLeaf(code: number, text: string): void {
    const d = this.position;
    if (!d) return;
    switch (code) {
      case STICHWORT: d.stichwort = text; break;
      case STICHWORT_KURZ: d.stichwortKurz = text; break;
      case STICHWORT_LUECKE: d.stichwortLuecke = text; break;
      case HERKUNFTSKENNZEICHEN: d.herkunftskennzeichen = text; break;
      case EINHEIT: d.einheit = text; break;
      case WESENTLICHEPOSITION: d.wesentlicheposition = true; break;
      case GARANTIERTEANGEBOTSSUMME: d.garantierteangebotssumme = true; break;
      case LEISTUNGSTEIL: d.leistungsteil = text; break;
      case LVMENGE: d.lvmenge = text; break;
      case NICHTANGEBOTEN: d.nichtangeboten = true; break;
      case POSPREIS: d.pospreis = text; break;
      case ZZ: d.zz = text; break;
      case VARIANTENNUMMER: d.variantennummer = text; break;
      case PREISANTEIL1: d.preisanteil1 = text; break;
      case PREISANTEIL2: d.preisanteil2 = text; break;
      case GESAMT: d.gesamt = text; break;
      case USTKENNZEICHEN: d.ustkennzeichen = text; break;
      case VORBEMERKUNGSKENNZEICHEN: d.vorbemerkungskennzeichen = text; break;
      case TEILANGEBOTSKENNZEICHEN: d.teilangebotskennzeichen = text; break;
      case TEILSUMMENKENNZEICHEN: d.teilsummenkennzeichen = text; break;
      default: break;
    }
  }

  closePosition(labels: readonly [string, string]): void {
    const d = this.position!;
    this.position = undefined;
    const build = this.build;
    build.grundtext = this.grundtext;
    build.priceComponentLabels = labels;
    build.offer = this.offer;
    const built = buildElement(d, build);
    this.container().push(built.element);
    const html = built.element.htmlLongText;
    if (html !== undefined && built.plain !== undefined) this.plainTexts.add(built.element, html, built.plain);
    if (d.zz !== undefined && isPosition(built.element)) this.variants.push(built.element);
    if (d.ustkennzeichen !== undefined && isPosition(built.element)) this.vatPositions.push(built.element);
  }

  /** A stated sum (`*-summe`, `lv-summe`) opens: its `summe/gesamt` is kept on the group or the specification. */
  openSum(group: ServiceSpecificationGroupDto | undefined): void {
    this.sumTarget = (group ?? this.spec) as Record<string, unknown>;
  }

  sumLeaf(text: string): void {
    const value = this.decimal(text, 'summe/gesamt', this.group()?.itemNumber?.stringRepresentation);
    if (value !== undefined && this.sumTarget) this.sumTarget.oenormTotal = value;
  }

  /**
   * A decimal as ÖNORM writes it (`betrag.type`, `lvmenge.type`: point as decimal separator); undefined for an absent
   * element (`text` undefined), reported when the element is empty or holds no such decimal.
   */
  decimal(text: string | undefined, what: string, itemNumber: string | undefined): number | undefined {
    if (text === undefined) return undefined;
    const value = parseOenormDecimal(text);
    if (!Number.isNaN(value)) return value;
    // an element that is there holds a number (`xs:decimal` has no empty value): an empty one is said so, not read as 0
    if (text === '') return void this.report.report('OENORM_INVALID_NUMBER', 'warning', `${what} is empty and was ignored.`, itemNumber);
    // a long text is quoted by its beginning and its length (a number of 400 digits, say)
    const quoted = text.length > 40 ? `${text.slice(0, 40)}…' (${text.length} characters)` : `${text}'`;
    const why = DECIMAL_FORM.test(text) ? 'is too large to be read as a number' : 'is not a number';
    this.report.report('OENORM_INVALID_NUMBER', 'warning', `${what} '${quoted} ${why} and was ignored.`, itemNumber);
    return undefined;
  }

  /** The item number schema of the outline (none for an LV without outline). */
  private schemaTiers(): ItemNumberSchemaTierDto[] {
    const type = (alpha: boolean | undefined): ItemNumberTypeDto => (alpha ? 'Alphanumeric' : 'Numeric');
    const tiers: ItemNumberSchemaTierDto[] = this.levels.map((level, i) => ({
      length: 2, type: type(this.alphanumericTier[i]), tierType: 'Group', tierName: TIER_NAMES[level],
    }));
    tiers.push({ length: 2, type: type(this.alphanumericGrundtext), tierType: 'Position', tierName: 'Grundtextnummer' });
    tiers.push({ length: 1, type: 'Alphanumeric', tierType: 'Index', tierName: 'Folgetextnummer' });
    return tiers;
  }

  /** Completes the project: schema, variants, accuracy (ÖNORM amounts have 2 decimals, `betrag.type`). */
  finish(): ProjectDto {
    const info = this.project.projectInformation!;
    if (this.levels.length > 0) info.itemNumberSchema = { tiers: this.schemaTiers(), separator: '.', filler: '0' };
    linkVariants(this.variants);
    const repeated = this.repeatedNumbers.message();
    if (repeated !== undefined) this.report.report('OENORM_DUPLICATE_NUMBER', 'warning', repeated);
    this.project.priceAccuracy = 2;
    this.project.unitPriceAccuracy = 2;
    return this.project;
  }
}
