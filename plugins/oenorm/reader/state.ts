/**
 * The SAX state machine of the ÖNORM A 2063 reader: builds the ProjectDto directly from saxes events, no DOM.
 *
 * Each open element gets a context from its parent's context and its local name (prefixes stripped; the namespace
 * is checked once, on the root). Leaves are handled at their end tag with the text collected since their start;
 * formatted texts (`langtext`, `vorbemerkung`) hand their descendants' events to an `OenormRichText`; contacts to
 * a `PartyDraft`; small tables kept as read are captured whole (`tables.ts`); an element the reader has no place
 * for is skipped with its subtree and named in one message (`OENORM_ELEMENT_DROPPED`). Element structure: 2009 `onlv.xsd`, `onlb.xsd`,
 * `ontypdef.xsd` (root → metadaten, header tables, one LV type → kenndaten + one of `gliederung-hg`/`-og`/`-lg`/
 * `-posfrei`, `lv-summe`; LB root → metadaten, lbkenndaten, svb, lg-liste).
 */
import { parseError } from '../../../core/errors.js';
import { DerivedPlainTexts } from '../../../core/model/derived-plain-texts.js';
import { DetachedInterner, detached } from '../../../core/text/detached.js';
import { XmlCapture } from '../../../core/xml/subtree-text.js';
import type { ProjectDto, ServiceSpecificationGroupDto } from '../../../core/model/types.js';
import { checkRoot, type OenormDocument, type OenormEdition } from '../detect.js';
import { OenormBody, type MemoOwner } from './body.js';
import { OenormGraphics } from './graphics.js';
import { OenormVat } from './vat.js';
import { OenormDiscounts } from './discounts.js';
import { LbChangeReader } from './lb-changes.js';
import { KEPT_TABLES, KeptTables, POSITION_TAKEOFF } from './tables.js';
import type { PositionTakeoff } from './takeoff.js';
import { KenndatenReader } from './kenndaten.js';
import { LV_TYPES } from './lv-types.js';
import type { OenormReport } from './report.js';
import { OenormRichText } from './text.js';
import {
  EINHEIT, FOLGEPOSITION, GESAMT, GLIEDERUNG_HG, GLIEDERUNG_LG, GLIEDERUNG_OG, GLIEDERUNG_POSFREI, GRUNDTEXT,
  GRUNDTEXTNR, HERKUNFTSKENNZEICHEN, KENNDATEN, LANGTEXT, LB, LBKENNDATEN, LG_LISTE, LV_SUMME, LV_TYPE, METADATEN,
  OTHER, PARTY, POSITION, POSITIONEN, POS_EIGENSCHAFTEN, PREIS, PREISANTEILBEZ, PREISANTEILE, PREISANTEILMODELL,
  PREISERSTELLUNGSVERFAHREN, PZZV, SUMME, SVB, UEBERSCHRIFT, UNGETEILTEPOSITION, VORBEMERKUNG, GRAFIKELEMENT, GRAFIKLINK,
  GRAFIKLINKS, GRAFIKTABELLE, SUMMENORMALAUSFUEHRUNG, KOMMENTAR, NOTIZ, VORBEMERKUNGSKENNZEICHEN, AENDERUNGSKENNZEICHNUNGEN,
  NICHTINTEILAUSGABE, ZUSATZANGEBOTSLVINFO, ERGLB, elementCode,
  isGroupLevel, isList, isPositionLeaf, isSum, localName,
} from './names.js';

// Contexts of open elements.
const SKIP = 0, LEAF = 1, ROOT = 2, LV = 3, IN_KENNDATEN = 4, IN_PARTY = 5, BODY = 6, LIST = 7, GROUP = 8,
  GROUP_PROPS = 9, IN_POSITIONEN = 10, GTNR = 11, IN_GRUNDTEXT = 12, IN_POSITION = 13, POS = 14, IN_PZZV = 15,
  PZZV_KIND = 16, IN_PREIS = 17, SUM = 18, IN_SUMME = 19, RICH = 20, IN_SVB = 21, IN_PREISANTEILE = 22, META = 23,
  IN_LB = 24, IN_GRAFIKTABELLE = 25, IN_GRAFIKELEMENT = 26, IN_GRAFIKLINKS = 27, IN_SUMMENORMAL = 28, IN_UST = 29,
  IN_USTANTEILE = 30, IN_USTANTEIL = 31, IN_NACHLASS = 32, IN_ERGEBNIS = 33, IN_SUMME_INKL_NA = 34, IN_AEK = 35,
  IN_VORHERIGE = 36, IN_ZUSATZANGEBOT = 37, IN_LB_BLOCK = 38;
// What a finished formatted text (or a list of graphic links) fills.
const TO_POSITION = 0, TO_GRUNDTEXT = 1, TO_GROUP_NOTE = 2, TO_SVB = 3, TO_MEMO = 4, TO_CHANGES = 5;

/** Kept as XML text in `oenormProperties` (no place in the model): the A 2063:2021 parameter lists of `rw` gaps. */
const KEPT_AS_XML = 'parameterlisten';
/** The LB identifications of an LB besides its own `lbkenndaten` (2009 `onlb.xsd`), kept by name. */
const LB_BLOCKS = new Set(['erglbkenndaten', 'lbkenndaten-vorversion', 'erglbkenndaten-vorversion']);

/** Reader state of one document; feed it saxes events, then call `finish()`. */
export class OenormState {
  readonly plainTexts = new DerivedPlainTexts();
  readonly body: OenormBody;
  readonly kenndaten: KenndatenReader;
  document?: OenormDocument;
  edition?: OenormEdition;

  private readonly ctx: number[] = [];
  /** Local names of the open elements the state machine reads (not those of formatted texts and contacts), by depth. */
  private readonly names: string[] = [];
  /** Their codes (`names.ts`), by depth, for the end tags of the elements the state machine reads. */
  private readonly codes: number[] = [];
  private depth = 0;
  /** Text since the last start tag; collected only while a leaf is open (no other element ever reads it). */
  private text = '';
  /** Depth of the open leaf element, -1 when none is open (a leaf's children are skipped, never leaves). */
  private leafDepth = -1;
  private readonly rich = new OenormRichText();
  private richDepth = -1;
  private richTarget = TO_POSITION;
  /** The open `kommentar` or `notiz` (`TO_MEMO`): which, and what it belongs to. */
  private memoKind: 'kommentar' | 'notiz' = 'kommentar';
  private memoOwner: MemoOwner = 'position';
  /** The open LB `aenderungskennzeichnungen` (`lb-changes.ts`) and what it belongs to. */
  private readonly changes = new LbChangeReader();
  /** The LB identification being read (`openLbBlock`). */
  private lbBlock = '';
  private changesOwner: Exclude<MemoOwner, 'grundtext'> = 'position';
  private partyDepth = -1;
  /** The small tables kept as read (`tables.ts`). */
  private readonly tables: KeptTables;
  /** Content kept as XML text (`KEPT_AS_XML`), and whether it is open. */
  private readonly xml = new XmlCapture();
  private capturing = false;
  private lvType?: string;
  private readonly graphics: OenormGraphics;
  private readonly vat: OenormVat;
  private readonly discounts: OenormDiscounts;
  /** The ids of the open `grafiklinks`, and what they belong to (`TO_POSITION`, `TO_GROUP_NOTE`, `TO_SVB`). */
  private readonly linkIds: string[] = [];
  private linkTarget = TO_POSITION;
  /** Elements read past because the model has no place for them (reported once, at the end). */
  private readonly droppedNames = new Set<string>();
  /** One string per distinct value of names and units that every position repeats (`pzzv` kinds, `einheit`). */
  private readonly interned = new DetachedInterner();

  constructor(private readonly report: OenormReport) {
    this.body = new OenormBody(report, this.plainTexts);
    this.kenndaten = new KenndatenReader(this.body.project, this.body.spec);
    this.graphics = new OenormGraphics(report);
    this.vat = new OenormVat(report, (text, what) => this.body.decimal(text, what, undefined));
    this.discounts = new OenormDiscounts(report, (text, what, itemNumber) => this.body.decimal(text, what, itemNumber));
    this.tables = new KeptTables(
      (key, value) => (key === POSITION_TAKEOFF ? this.body.positionTakeoff(value as PositionTakeoff) : this.body.keep('lv', key, value)),
      (text, what) => this.body.decimal(text, what, this.body.currentNumber()),
    );
  }

  /** saxes `opentag`: qualified name and attributes. */
  onOpen(qname: string, attrs: Record<string, string>): void {
    const d = this.depth++;
    if (this.richDepth >= 0) return this.rich.open(qname, attrs);
    if (this.partyDepth >= 0) return this.kenndaten.party!.open(localName(qname));
    if (this.tables.depth >= 0) return this.tables.element(localName(qname), attrs);
    if (this.capturing) return this.xml.element(qname, attrs);
    this.text = '';
    if (d === 0) {
      this.names[0] = localName(qname);
      this.ctx[0] = this.openRoot(qname, attrs);
      return;
    }
    const parent = this.ctx[d - 1];
    // inside a skipped element or a leaf nothing is read: no need to know the name
    let name = qname;
    let code = OTHER;
    if (parent > LEAF) {
      // a name the table holds has no prefix (none of its names has a colon): only others are searched for one
      code = elementCode(qname);
      if (code === OTHER) {
        name = localName(qname);
        if (name !== qname) code = elementCode(name);
      }
    }
    this.names[d] = name;
    this.codes[d] = code;
    const ctx = parent > LEAF ? this.enter(parent, code, name, attrs, d) : SKIP;
    this.ctx[d] = ctx;
    if (ctx === LEAF) this.leafDepth = d;
  }

  /** saxes `text`/`cdata`. */
  onText(t: string): void {
    if (this.richDepth >= 0) this.rich.text(t);
    else if (this.partyDepth >= 0) this.kenndaten.party!.onText(t);
    else if (this.leafDepth >= 0) this.text += t;
    else if (this.tables.depth >= 0) this.tables.text(t);
    else if (this.capturing) this.xml.text(t);
  }

  /** saxes `closetag`. */
  onClose(_qname: string): void {
    const d = --this.depth;
    if (this.richDepth >= 0) {
      if (d === this.richDepth) this.finishRich();
      else this.rich.close();
      return;
    }
    if (this.partyDepth >= 0) {
      if (d === this.partyDepth) {
        this.partyDepth = -1;
        this.kenndaten.finishParty();
      } else this.kenndaten.party!.close();
      return;
    }
    if (this.tables.depth >= 0) return this.tables.close(d);
    if (this.capturing) return this.closeCaptured();
    // the start tag's name (saxes refuses an end tag that does not match it), already looked up once
    const name = this.names[d];
    const ctx = this.ctx[d];
    if (ctx === LEAF) {
      this.leafDepth = -1;
      // kept in the model: copied, so that it does not keep the parser's chunk alive
      this.leaf(this.ctx[d - 1], this.codes[d], name, detached(this.text.trim()));
    } else if (ctx > LEAF) this.leave(ctx, this.codes[d]);
  }

  /** Completes the project after the last event. */
  finish(): ProjectDto {
    if (this.document === 'onlv' && this.lvType === undefined) {
      throw parseError(`The ONLV holds none of the LV types (${Object.keys(LV_TYPES).join(', ')}); there is nothing to read.`, 'oenormFile');
    }
    const spec = this.body.spec;
    const type = this.lvType ? LV_TYPES[this.lvType] : undefined;
    spec.exchangePhase = type?.phase ?? 'Base';
    if (this.lvType !== undefined && !type!.exact) {
      this.report.report('OENORM_PHASE_APPROXIMATED', 'info', `The LV type ${this.lvType} has no exact exchange phase in the model; it was read as ${type!.phase} (kept as oenormProperties.lvType).`);
    }
    if (this.droppedNames.size > 0) {
      const names = [...this.droppedNames].map((n) => `<${n}>`).join(', ');
      this.report.report('OENORM_ELEMENT_DROPPED', 'info', `ÖNORM content without an equivalent in the model was not read: ${names}.`);
    }
    spec.originDetail = `ÖNORM A 2063:${this.edition} ${this.document === 'onlb' ? 'ONLB' : 'ONLV'}`;
    this.kenndaten.finish();
    this.vat.apply(spec, this.body.vatPositions);
    return this.body.finish();
  }

  private openRoot(qname: string, attrs: Record<string, string>): number {
    const root = checkRoot(qname, attrs);
    if ('refused' in root) throw parseError(root.refused, 'oenormFile');
    this.document = root.document;
    this.edition = root.edition;
    this.body.setDocument(root.document, root.edition);
    if (root.document === 'onlb') this.body.startOutline(['lg', 'ulg']);
    return ROOT;
  }

  private startRich(target: number, depth: number): number {
    // a Grundtext's plain-text sink is kept for its Folgepositionen, whose long text begins with it
    const grundtext = target === TO_POSITION && this.body.position?.element === 'folgeposition' ? this.body.grundtext?.text : undefined;
    this.rich.reset(target === TO_GRUNDTEXT, grundtext);
    this.richDepth = depth;
    this.richTarget = target;
    return RICH;
  }

  /** A `kommentar` or `notiz` (formatted text, `formatmemo.type`) of what `owner` names opens. */
  private startMemo(code: number, owner: MemoOwner, depth: number): number {
    this.memoKind = code === KOMMENTAR ? 'kommentar' : 'notiz';
    this.memoOwner = owner;
    return this.startRich(TO_MEMO, depth);
  }

  private startLinks(target: number): number {
    this.linkIds.length = 0;
    this.linkTarget = target;
    return IN_GRAFIKLINKS;
  }

  /** `grafiklinks` closes: the linked pictures join the long text of what holds the links (`graphics.ts`). */
  private finishLinks(): void {
    if (this.linkIds.length === 0) return;
    const html = this.graphics.html(this.linkIds, this.body.currentNumber());
    if (html === '') return;
    if (this.linkTarget === TO_POSITION) this.body.positionGraphics(html);
    else this.body.noteGraphics(html, this.linkTarget === TO_SVB);
  }

  /** A stated sum opens (`lv-summe` without group): its `summe` is the body's, its discount `discounts.ts`'s. */
  private openSum(name: string, group: ServiceSpecificationGroupDto | undefined): number {
    this.body.openSum(group);
    const number = group?.itemNumber?.stringRepresentation;
    this.discounts.open(group ?? this.body.spec, number !== undefined ? `${name} of ${name.slice(0, name.indexOf('-')).toUpperCase()} ${number}` : name, number);
    return SUM;
  }

  /**
   * What else an LV or LB element (position, LG/ULG, `svb`) may hold: an LB's change marks and its mark "not in this
   * partial edition" (`nichtinteilausgabe`, kept as `true`); anything else (a name of a later edition, say) is
   * reported as dropped.
   */
  private lbElementData(code: number, name: string, owner: Exclude<MemoOwner, 'grundtext'>): number {
    if (code === AENDERUNGSKENNZEICHNUNGEN) {
      this.changes.open();
      this.changesOwner = owner;
      return IN_AEK;
    }
    if (code === NICHTINTEILAUSGABE) {
      this.body.keep(owner, 'nichtinteilausgabe', true);
      return SKIP;
    }
    // every other child of an element's properties is content the model has no place for (never passed over silently)
    return this.dropped(name);
  }

  /** An LB identification kept by its element name (`erglb`, `erglbkenndaten`, …) opens. */
  private openLbBlock(name: string): number {
    this.lbBlock = name;
    return IN_LB_BLOCK;
  }

  /** An end tag of content kept as XML text; at its root's the text is kept (not portable: reported as dropped). */
  private closeCaptured(): void {
    if (!this.xml.close()) return;
    this.capturing = false;
    const { xml, portable } = this.xml.finish();
    if (portable) this.body.keep('lv', KEPT_AS_XML, xml);
    else this.dropped(KEPT_AS_XML);
  }

  private dropped(name: string): number {
    this.droppedNames.add(name);
    return SKIP;
  }

  /** The context of a start tag in its parent's context (`code`: its name's code, `names.ts`). */
  private enter(parent: number, code: number, name: string, attrs: Record<string, string>, d: number): number {
    const body = this.body;
    switch (parent) {
      case POS:
        if (isPositionLeaf(code)) return LEAF;
        if (code === LANGTEXT) return this.startRich(TO_POSITION, d);
        if (code === PZZV) return IN_PZZV;
        if (code === PREIS) return IN_PREIS;
        if (code === GRAFIKLINKS) return this.startLinks(TO_POSITION);
        if (code === KOMMENTAR || code === NOTIZ) return this.startMemo(code, 'position', d);
        if (code === ZUSATZANGEBOTSLVINFO) return IN_ZUSATZANGEBOT;
        if (name === POSITION_TAKEOFF) return this.tables.start(name, attrs, d), SKIP;
        return this.lbElementData(code, name, 'position');
      case META: case PZZV_KIND: case IN_PREIS: case IN_SUMME: case IN_ERGEBNIS: case IN_SUMME_INKL_NA: return LEAF;
      // the LB of an LV and other LB identifications: leaves, and the publisher as a contact
      case IN_LB: case IN_LB_BLOCK:
        if (code !== PARTY) return LEAF;
        if (parent === IN_LB) this.kenndaten.openParty(name);
        else this.kenndaten.openBlockParty(this.lbBlock);
        this.partyDepth = d;
        return IN_PARTY;
      case IN_PZZV:
        body.position!.pzzv = this.interned.get(name);
        return PZZV_KIND;
      case IN_POSITION: return code === POS_EIGENSCHAFTEN ? POS : this.dropped(name);
      case GTNR:
        if (code === UNGETEILTEPOSITION || code === FOLGEPOSITION) {
          body.openPosition(code === FOLGEPOSITION ? 'folgeposition' : 'ungeteilteposition', attrs);
          return IN_POSITION;
        }
        return code === GRUNDTEXT ? IN_GRUNDTEXT : this.dropped(name);
      case IN_POSITIONEN:
        if (code === GRUNDTEXTNR) {
          body.openGrundtextnr(attrs.nr ?? '');
          return GTNR;
        }
        if (code === POSITION) {
          body.openPosition('position', attrs);
          return IN_POSITION;
        }
        return this.dropped(name);
      case IN_GRUNDTEXT:
        if (code === LANGTEXT) return this.startRich(TO_GRUNDTEXT, d);
        if (code === KOMMENTAR) return this.startMemo(code, 'grundtext', d);
        return code === HERKUNFTSKENNZEICHEN ? LEAF : this.dropped(name);
      case ROOT:
        if (code === METADATEN) return META;
        if (code === LV_TYPE) {
          this.lvType = name;
          body.setLvType(name, attrs, LV_TYPES[name].offer);
          return LV;
        }
        if (code === LBKENNDATEN) return IN_KENNDATEN;
        if (code === SVB) return IN_SVB;
        if (code === LG_LISTE) return LIST;
        if (code === GRAFIKTABELLE) return IN_GRAFIKTABELLE;
        if (KEPT_TABLES.has(name)) return this.tables.start(name, attrs, d), SKIP;
        if (LB_BLOCKS.has(name)) return this.openLbBlock(name);
        if (name === KEPT_AS_XML && this.edition === '2021') return this.xml.start(name, attrs), this.capturing = true, SKIP;
        return this.dropped(name);
      case IN_PREISANTEILE:
        if (code === PREISANTEILE || code === PREISANTEILBEZ) {
          this.kenndaten.priceShareLeaf(name, '');
          return IN_PREISANTEILE;
        }
        return LEAF;
      case LV:
        if (code === KENNDATEN) return IN_KENNDATEN;
        if (code === GLIEDERUNG_HG || code === GLIEDERUNG_OG || code === GLIEDERUNG_LG) {
          body.startOutline(code === GLIEDERUNG_HG ? ['hg', 'og', 'lg', 'ulg'] : code === GLIEDERUNG_OG ? ['og', 'lg', 'ulg'] : ['lg', 'ulg']);
          return BODY;
        }
        if (code === GLIEDERUNG_POSFREI) {
          body.startOutline([]);
          return BODY;
        }
        if (code === LV_SUMME) return this.openSum(name, undefined);
        if (code === SUMMENORMALAUSFUEHRUNG) return IN_SUMMENORMAL;
        if (KEPT_TABLES.has(name)) return this.tables.start(name, attrs, d), SKIP;
        return this.dropped(name);
      case IN_KENNDATEN:
        if (code === PARTY) {
          this.kenndaten.openParty(name);
          this.partyDepth = d;
          return IN_PARTY;
        }
        if (code === PREISANTEILMODELL) return IN_PREISANTEILE;
        return LEAF;
      case BODY:
        if (code === SVB) return IN_SVB;
        if (code === LB) return IN_LB;
        if (code === ERGLB) return this.openLbBlock(name);
        if (isList(code)) return LIST;
        if (code === POSITIONEN) return IN_POSITIONEN;
        if (code === PREISERSTELLUNGSVERFAHREN) return LEAF;
        return this.dropped(name);
      case IN_SVB:
        if (code === VORBEMERKUNG) return this.startRich(TO_SVB, d);
        if (code === HERKUNFTSKENNZEICHEN || code === VORBEMERKUNGSKENNZEICHEN) return LEAF;
        if (code === GRAFIKLINKS) return this.startLinks(TO_SVB);
        if (code === KOMMENTAR || code === NOTIZ) return this.startMemo(code, 'svb', d);
        return this.lbElementData(code, name, 'svb');
      case LIST:
        if (!isGroupLevel(code)) return this.dropped(name); // a list holds its level's groups alone (onlv.xsd)
        body.openGroup(name, attrs.nr ?? '');
        return GROUP;
      case GROUP:
        if (name.endsWith('-eigenschaften')) return GROUP_PROPS;
        if (isList(code)) return LIST;
        if (code === POSITIONEN) return IN_POSITIONEN;
        if (isSum(code)) return this.openSum(name, body.group());
        // the LG list of an outline with OG level carries the LV header in its OG (`lv-ogheader.group`)
        if (code === SVB) return IN_SVB;
        if (code === LB) return IN_LB;
        if (code === ERGLB) return this.openLbBlock(name);
        return code === PREISERSTELLUNGSVERFAHREN ? LEAF : this.dropped(name);
      case GROUP_PROPS:
        if (code === VORBEMERKUNG) return this.startRich(TO_GROUP_NOTE, d);
        if (code === UEBERSCHRIFT || code === HERKUNFTSKENNZEICHEN || code === VORBEMERKUNGSKENNZEICHEN) return LEAF;
        if (code === GRAFIKLINKS) return this.startLinks(TO_GROUP_NOTE);
        if (code === KOMMENTAR || code === NOTIZ) return this.startMemo(code, 'group', d);
        return this.lbElementData(code, name, 'group');
      case SUM:
        if (code === SUMME) return IN_SUMME;
        if (name === 'nachlass') return IN_NACHLASS;
        return name === 'summe-inkl-na' ? IN_SUMME_INKL_NA : SKIP;
      case IN_NACHLASS: return name === 'ergebnis' ? IN_ERGEBNIS : LEAF;
      // an LB element's change marks (`lb-changes.ts`)
      case IN_AEK:
        if (name === 'aenderungsbeschreibung') return this.startRich(TO_CHANGES, d);
        if (name !== 'vorherigeposition') return LEAF;
        this.changes.openPrevious();
        return IN_VORHERIGE;
      case IN_VORHERIGE: case IN_ZUSATZANGEBOT: return LEAF;
      case IN_GRAFIKTABELLE:
        if (code !== GRAFIKELEMENT) return SKIP;
        this.graphics.open(attrs.id);
        return IN_GRAFIKELEMENT;
      case IN_GRAFIKELEMENT: return LEAF;
      // VAT (`vat.ts`): leaves are found by name, a path taken once per file
      case IN_SUMMENORMAL:
        if (name === 'ust') return IN_UST;
        if (name === 'ustanteile') return IN_USTANTEILE;
        return name === 'angebotspreis' ? LEAF : SKIP;
      case IN_USTANTEILE:
        if (name !== 'ustanteil') return SKIP;
        this.vat.openShare(attrs.ustkennzeichen);
        return IN_USTANTEIL;
      case IN_UST: case IN_USTANTEIL: return LEAF;
      case IN_GRAFIKLINKS:
        if (code === GRAFIKLINK && attrs.linkid !== undefined) this.linkIds.push(attrs.linkid);
        return SKIP;
      default: return SKIP; // SKIP, LEAF, IN_PARTY, RICH: their content is not read here
    }
  }

  private finishRich(): void {
    this.richDepth = -1;
    const text = this.rich.finish();
    if (text.html === '') return;
    switch (this.richTarget) {
      case TO_POSITION: this.body.position!.text = text; break;
      case TO_GRUNDTEXT: this.body.grundtext!.text = text; break;
      case TO_GROUP_NOTE: this.body.addNote(text, false); break;
      case TO_SVB: this.body.addNote(text, true); break;
      case TO_MEMO: this.body.memo(this.memoKind, this.memoOwner, text.html); break;
      case TO_CHANGES: this.changes.description = text.html; break;
    }
  }

  private leaf(parent: number, code: number, name: string, text: string): void {
    const body = this.body;
    switch (parent) {
      case POS: body.positionLeaf(code, code === EINHEIT ? this.interned.get(text) : text); break;
      case PZZV_KIND: case IN_PREIS: body.positionLeaf(code, text); break;
      case IN_GRUNDTEXT: body.grundtext!.herkunftskennzeichen = text; break;
      case GROUP_PROPS: body.groupLeaf(code, text); break;
      case IN_SVB: body.svbLeaf(code, text); break;
      case IN_SUMME: if (code === GESAMT) body.sumLeaf(text); break;
      case IN_NACHLASS: this.discounts.percentLeaf(name, text); break;
      case IN_ERGEBNIS: this.discounts.resultLeaf(name, text); break;
      case IN_SUMME_INKL_NA: this.discounts.deductedLeaf(name, text); break;
      case IN_KENNDATEN: this.kenndaten.leaf(name, text); break;
      case IN_PREISANTEILE: this.kenndaten.priceShareLeaf(name, text); break;
      case IN_GRAFIKELEMENT: this.graphics.leaf(name, text); break;
      case IN_SUMMENORMAL: case IN_UST: this.vat.leaf(name, text, false); break;
      case IN_USTANTEIL: this.vat.leaf(name, text, true); break;
      case IN_AEK: case IN_VORHERIGE: this.changes.leaf(name, text, parent === IN_VORHERIGE); break;
      case IN_ZUSATZANGEBOT: body.positionAddendum(name, text); break;
      case META: this.kenndaten.metaLeaf(name, text); break;
      case IN_LB: this.kenndaten.lbLeaf(name, text); break;
      case IN_LB_BLOCK: this.kenndaten.lbLeaf(name, text, this.lbBlock); break;
      case BODY: case GROUP: if (code === PREISERSTELLUNGSVERFAHREN) this.kenndaten.lbLeaf(name, text); break;
      default: break;
    }
  }

  private leave(ctx: number, code: number): void {
    const body = this.body;
    switch (ctx) {
      case GROUP: body.closeGroup(); break;
      case GTNR: body.closeGrundtextnr(); break;
      case IN_POSITION: body.closePosition(this.kenndaten.priceComponentLabels()); break;
      case IN_PREISANTEILE: if (code === PREISANTEILMODELL) this.kenndaten.finishPriceShares(); break;
      case IN_GRAFIKELEMENT: this.graphics.close(); break;
      case IN_GRAFIKLINKS: this.finishLinks(); break;
      case SUM: this.discounts.close(); break;
      case IN_AEK: this.body.keep(this.changesOwner, 'aenderungskennzeichnungen', this.changes.finish()); break;
      default: break;
    }
  }
}
