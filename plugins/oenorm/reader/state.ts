/**
 * The SAX state machine of the ÖNORM A 2063 reader: builds the ProjectDto directly from saxes events, no DOM.
 *
 * Each open element gets a context from its parent's context and its local name (prefixes stripped; the namespace
 * is checked once, on the root). Leaves are handled at their end tag with the text collected since their start;
 * formatted texts (`langtext`, `vorbemerkung`) hand their descendants' events to an `OenormRichText`; contacts to
 * a `PartyDraft`; unknown elements are skipped with their subtree. Element structure: 2009 `onlv.xsd`, `onlb.xsd`,
 * `ontypdef.xsd` (root → metadaten, header tables, one LV type → kenndaten + one of `gliederung-hg`/`-og`/`-lg`/
 * `-posfrei`, `lv-summe`; LB root → metadaten, lbkenndaten, svb, lg-liste).
 */
import { parseError } from '../../../core/errors.js';
import { DerivedPlainTexts } from '../../../core/model/derived-plain-texts.js';
import { detached } from '../../../core/text/detached.js';
import type { ProjectDto } from '../../../core/model/types.js';
import { checkRoot, type OenormDocument, type OenormEdition } from '../detect.js';
import { OenormBody } from './body.js';
import { KenndatenReader } from './kenndaten.js';
import { LV_TYPES } from './lv-types.js';
import type { OenormReport } from './report.js';
import { OenormRichText } from './text.js';

// Contexts of open elements.
const SKIP = 0, LEAF = 1, ROOT = 2, LV = 3, KENNDATEN = 4, PARTY = 5, BODY = 6, LIST = 7, GROUP = 8,
  GROUP_PROPS = 9, POSITIONEN = 10, GTNR = 11, GRUNDTEXT = 12, POSITION = 13, POS = 14, PZZV = 15, PZZV_KIND = 16,
  PREIS = 17, SUM = 18, SUMME = 19, RICH = 20, SVB = 21, PREISANTEILE = 22, META = 23, LB = 24;
// What a finished formatted text fills.
const TO_POSITION = 0, TO_GRUNDTEXT = 1, TO_GROUP_NOTE = 2, TO_SVB = 3;

const GROUP_LEVELS = new Set(['hg', 'og', 'lg', 'ulg']);
const LISTS = new Set(['hg-liste', 'og-liste', 'lg-liste', 'ulg-liste']);
const SUMS = new Set(['hg-summe', 'og-summe', 'lg-summe', 'ulg-summe', 'lv-summe']);
/** Children that hold data the model has no place for, reported once each. */
const DROPPED = new Set([
  'grafiktabelle', 'leistungsteiltabelle', 'akztabelle', 'hilfsberechnungen', 'zztabelle', 'parameterlisten',
  'variantenzusammenstellungstabelle', 'teilangebotstabelle', 'summenormalausfuehrung', 'kommentar', 'notiz',
  'grafiklinks', 'zusatzangebotslvinfo', 'mengenberechnung', 'berechnetemengen', 'erglb',
]);
const POS_LEAVES = new Set([
  'stichwort', 'stichwort-kurz', 'stichwort-luecke', 'herkunftskennzeichen', 'einheit', 'wesentlicheposition',
  'garantierteangebotssumme', 'leistungsteil', 'lvmenge', 'nichtangeboten', 'pospreis',
]);

/** Distinct values kept by `interned` (a file cannot grow the table without bound). */
const INTERN_LIMIT = 256;

const localName = (qname: string): string => {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
};

/** Reader state of one document; feed it saxes events, then call `finish()`. */
export class OenormState {
  readonly plainTexts = new DerivedPlainTexts();
  readonly body: OenormBody;
  readonly kenndaten: KenndatenReader;
  document?: OenormDocument;
  edition?: OenormEdition;

  private readonly ctx: number[] = [];
  /** Local names of the open elements, by depth. */
  private readonly names: string[] = [];
  private depth = 0;
  /** Text since the last start tag; collected only while a leaf is open (no other element ever reads it). */
  private text = '';
  /** Depth of the open leaf element, -1 when none is open (a leaf's children are skipped, never leaves). */
  private leafDepth = -1;
  private readonly rich = new OenormRichText();
  private richDepth = -1;
  private richTarget = TO_POSITION;
  private partyDepth = -1;
  private lvType?: string;
  /** Elements read past because the model has no place for them (reported once, at the end). */
  private readonly droppedNames = new Set<string>();
  private readonly internTable = new Map<string, string>();

  constructor(private readonly report: OenormReport) {
    this.body = new OenormBody(report, this.plainTexts);
    this.kenndaten = new KenndatenReader(this.body.project, this.body.spec);
  }

  /** saxes `opentag`: qualified name and attributes. */
  onOpen(qname: string, attrs: Record<string, string>): void {
    const d = this.depth++;
    const name = localName(qname);
    this.names[d] = name;
    if (this.richDepth >= 0) return this.rich.open(name, attrs);
    if (this.partyDepth >= 0) return this.kenndaten.party!.open(name);
    this.text = '';
    const ctx = d === 0 ? this.openRoot(qname, attrs) : this.enter(this.ctx[d - 1], name, attrs, d);
    this.ctx[d] = ctx;
    if (ctx === LEAF) this.leafDepth = d;
  }

  /** saxes `text`/`cdata`. */
  onText(t: string): void {
    if (this.richDepth >= 0) this.rich.text(t);
    else if (this.partyDepth >= 0) this.kenndaten.party!.onText(t);
    else if (this.leafDepth >= 0) this.text += t;
  }

  /** saxes `closetag`. */
  onClose(_qname: string): void {
    const d = --this.depth;
    // the start tag's name (saxes refuses an end tag that does not match it), already looked up once
    const name = this.names[d];
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
    const ctx = this.ctx[d];
    if (ctx === LEAF) {
      this.leafDepth = -1;
      // kept in the model: copied, so that it does not keep the parser's chunk alive
      this.leaf(this.ctx[d - 1], name, detached(this.text.trim()));
    } else if (ctx > LEAF) this.leave(ctx, name);
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

  /** One string per distinct value of names and units that every position repeats (`pzzv` kinds, `einheit`). */
  private interned(value: string): string {
    let kept = this.internTable.get(value);
    if (kept === undefined) {
      kept = detached(value);
      if (this.internTable.size < INTERN_LIMIT) this.internTable.set(kept, kept);
    }
    return kept;
  }

  private dropped(name: string): number {
    this.droppedNames.add(name);
    return SKIP;
  }

  private enter(parent: number, name: string, attrs: Record<string, string>, d: number): number {
    const body = this.body;
    switch (parent) {
      case ROOT:
        if (name === 'metadaten') return META;
        if (LV_TYPES[name] !== undefined) {
          this.lvType = name;
          body.setLvType(name, attrs, LV_TYPES[name].offer);
          return LV;
        }
        if (name === 'lbkenndaten') return KENNDATEN;
        if (name === 'svb') return SVB;
        if (name === 'lg-liste') return LIST;
        return DROPPED.has(name) ? this.dropped(name) : SKIP;
      case META: case PZZV_KIND: case PREIS: case SUMME: case LB: return LEAF;
      case PREISANTEILE:
        if (name === 'preisanteile' || name === 'preisanteilbez') {
          this.kenndaten.priceShareLeaf(name, '');
          return PREISANTEILE;
        }
        return LEAF;
      case LV:
        if (name === 'kenndaten') return KENNDATEN;
        if (name === 'gliederung-hg' || name === 'gliederung-og' || name === 'gliederung-lg') {
          body.startOutline(name === 'gliederung-hg' ? ['hg', 'og', 'lg', 'ulg'] : name === 'gliederung-og' ? ['og', 'lg', 'ulg'] : ['lg', 'ulg']);
          return BODY;
        }
        if (name === 'gliederung-posfrei') {
          body.startOutline([]);
          return BODY;
        }
        if (name === 'lv-summe') return body.openSum(undefined), SUM;
        return DROPPED.has(name) ? this.dropped(name) : SKIP;
      case KENNDATEN:
        if (this.kenndaten.isParty(name)) {
          this.kenndaten.openParty(name);
          this.partyDepth = d;
          return PARTY;
        }
        if (name === 'preisanteilmodell') return PREISANTEILE;
        return LEAF;
      case BODY:
        if (name === 'svb') return SVB;
        if (name === 'lb') return LB;
        if (LISTS.has(name)) return LIST;
        if (name === 'positionen') return POSITIONEN;
        if (name === 'preiserstellungsverfahren') return LEAF;
        return DROPPED.has(name) ? this.dropped(name) : SKIP;
      case SVB:
        if (name === 'vorbemerkung') return this.startRich(TO_SVB, d);
        if (name === 'herkunftskennzeichen') return LEAF;
        return DROPPED.has(name) ? this.dropped(name) : SKIP;
      case LIST:
        if (!GROUP_LEVELS.has(name)) return SKIP;
        body.openGroup(name, attrs.nr ?? '');
        return GROUP;
      case GROUP:
        if (name.endsWith('-eigenschaften')) return GROUP_PROPS;
        if (LISTS.has(name)) return LIST;
        if (name === 'positionen') return POSITIONEN;
        if (SUMS.has(name)) return body.openSum(body.group()), SUM;
        // the LG list of an outline with OG level carries the LV header in its OG (`lv-ogheader.group`)
        if (name === 'svb') return SVB;
        if (name === 'lb') return LB;
        return name === 'preiserstellungsverfahren' ? LEAF : SKIP;
      case GROUP_PROPS:
        if (name === 'vorbemerkung') return this.startRich(TO_GROUP_NOTE, d);
        if (name === 'ueberschrift' || name === 'herkunftskennzeichen') return LEAF;
        return DROPPED.has(name) ? this.dropped(name) : SKIP;
      case POSITIONEN:
        if (name === 'grundtextnr') {
          body.openGrundtextnr(attrs.nr ?? '');
          return GTNR;
        }
        if (name === 'position') {
          body.openPosition('position', attrs);
          return POSITION;
        }
        return SKIP;
      case GTNR:
        if (name === 'grundtext') return GRUNDTEXT;
        if (name === 'ungeteilteposition' || name === 'folgeposition') {
          body.openPosition(name, attrs);
          return POSITION;
        }
        return SKIP;
      case GRUNDTEXT:
        if (name === 'langtext') return this.startRich(TO_GRUNDTEXT, d);
        return name === 'herkunftskennzeichen' ? LEAF : SKIP;
      case POSITION: return name === 'pos-eigenschaften' ? POS : SKIP;
      case POS:
        if (name === 'langtext') return this.startRich(TO_POSITION, d);
        if (name === 'pzzv') return PZZV;
        if (name === 'preis') return PREIS;
        if (POS_LEAVES.has(name)) return LEAF;
        return DROPPED.has(name) ? this.dropped(name) : SKIP;
      case PZZV:
        body.position!.pzzv = this.interned(name);
        return PZZV_KIND;
      case SUM: return name === 'summe' ? SUMME : SKIP;
      default: return SKIP; // SKIP, LEAF, PARTY, RICH: their content is not read here
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
    }
  }

  private leaf(parent: number, name: string, text: string): void {
    const body = this.body;
    switch (parent) {
      case POS: body.positionLeaf(name, name === 'einheit' ? this.interned(text) : text); break;
      case PZZV_KIND: body.positionLeaf(name, text); break;
      case PREIS: body.positionLeaf(name, text); break;
      case GRUNDTEXT: body.grundtext!.herkunftskennzeichen = text; break;
      case GROUP_PROPS: body.groupLeaf(name, text); break;
      case SVB: body.svbOrigin = text; break;
      case SUMME: if (name === 'gesamt') body.sumLeaf(text); break;
      case KENNDATEN: this.kenndaten.leaf(name, text); break;
      case PREISANTEILE: this.kenndaten.priceShareLeaf(name, text); break;
      case META: this.kenndaten.metaLeaf(name, text); break;
      case LB: this.kenndaten.lbLeaf(name, text); break;
      case BODY: case GROUP: if (name === 'preiserstellungsverfahren') this.kenndaten.lbLeaf(name, text); break;
      default: break;
    }
  }

  private leave(ctx: number, name: string): void {
    const body = this.body;
    switch (ctx) {
      case GROUP: body.closeGroup(); break;
      case GTNR: body.closeGrundtextnr(); break;
      case POSITION: body.closePosition(this.kenndaten.priceComponentLabels()); break;
      case PREISANTEILE: if (name === 'preisanteilmodell') this.kenndaten.finishPriceShares(); break;
      default: break;
    }
  }
}
