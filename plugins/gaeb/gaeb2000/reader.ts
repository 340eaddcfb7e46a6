/**
 * GAEB 2000 reader (`.P81`–`.P86`, DA 2000 versions 1.0–1.2a) → ProjectDto, with the conventions of the GAEB DA
 * XML reader (`plugins/gaeb/xml/reader/`): item numbers are the tier parts joined with '.', unpadded as written
 * (groups end with '.', the index is one more part, skipped levels become '_' placeholders only with
 * `SupportSkippedItemNumberLevelsInPositions`); schema tiers Lot/Group/Position/Index from `LVGlied`;
 * `quantityOverride`/`unitPriceOverride`; `htmlLongText` with its plain text built in the same pass.
 *
 * Layout: GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83 (blocks GAEBInfo, PrjInfo, Vergabe → VergabeInfo, AG → Adresse, ZusText, LV →
 * LVInfo/LVGlied, nested LVBereich, Hinweis, Position → Beschreibung) and §6.2/§6.3/§6.10 (skipped levels, decimal
 * comma or point, multi-line values, vendor tags). Observed on the corpus: `[OZ]` holds the *full* item number
 * in fixed tier widths, blank- or zero-filled (`" 1 1   1"` Flechtingen, `"1  10"` = level 2 skipped in the 1561
 * files, `"0101001"` Dangl); `[Langtext]`/`[TextRTF]`/`[Kurztext]` hold plain text or RTF (`long-text.ts`, `rtf.ts`).
 * Unit price components: labels from `LVInfo`, amounts `[EPAnteil<n>]` per position (`price-components.ts`).
 * DP 84 (the reduced bid, writer.ts): a position long text without a short text is the bidder's entry (`additionType`
 * ByBidder); quantities, which a bid does not carry, are derived as [GB] / [EP] (`bid-quantities.ts`).
 */
import { parseError } from '../../../core/errors.js';
import { DerivedPlainTexts } from '../../../core/model/derived-plain-texts.js';
import {
  EXCHANGE_PHASE_BY_DP, type ElementDto, type ItemNumberSchemaTierDto, type ItemNumberSchemaTierTypeDto,
  type NoteTextDto, type PartyInformationDto, type PositionDto, type ProjectDto, type ProjectInformationDto,
  type ServiceSpecificationDto, type ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import type { ResolvedOptions } from '../../../core/options/catalog.js';
import type { MessageSink } from '../../../core/pipeline/messages.js';
import type { ReadResult } from '../../../core/plugin/contract.js';
import { isUtf8Text } from '../../../core/text/code-page-sniff.js';
import { decodeText, sniffBom } from '../../../core/text/encoding.js';
import { restoreCutPunctuation } from './cut-punctuation.js';
import { bidQuantitiesMessage, deriveBidQuantities } from '../bid-quantities.js';
import { applyLumpSumQuantity } from '../lump-sum.js';
import { ReaderReport } from '../xml/reader/report.js';
import { readContainerDiscount, readPositionDiscount } from './discounts.js';
import { readItemFlags } from './item-flags.js';
import { readLongText, readShortText } from './long-text.js';
import { checkComponentSum, readComponentLabels, readPositionComponents } from './price-components.js';
import {
  type Gaeb2000Block, type Gaeb2000Value, blocksOf, checksumOf, textOf, tokenizeGaeb2000, valueOf,
} from './tokenizer.js';
import { parseGaeb2000Date, parseGaeb2000Number } from './values.js';

/** `LVGlied/[Typ]` → tier type (GAEB 2000 names; `Los` for lots). */
const TIER_TYPES: Readonly<Record<string, ItemNumberSchemaTierTypeDto>> = {
  los: 'Lot', lvstufe: 'Group', position: 'Position', index: 'Index',
};

/** Reads one file; see {@link readGaeb2000}. */
class Gaeb2000Reader {
  readonly info: ProjectInformationDto = {};
  readonly spec: ServiceSpecificationDto = { origin: 'Gaeb2000', elements: [] };
  readonly project: ProjectDto = { projectInformation: this.info, serviceSpecifications: [this.spec] };
  /** Plain long texts built with the HTML ones, for the normalisation (returned with the project). */
  readonly plainTexts = new DerivedPlainTexts();
  private tiers: ItemNumberSchemaTierDto[] = [];
  /** Price component labels (`LVInfo`, extended by positions with more amounts). */
  private labels: string[] = [];
  private readonly skippedItems: string[] = [];
  private dp: string | undefined;

  constructor(private readonly report: ReaderReport, private readonly fillSkipped: boolean) {}

  read(root: Gaeb2000Block): ProjectDto {
    for (const c of root.children) {
      if (c.kind !== 'block') continue;
      switch (c.key) {
        case 'gaebinfo': {
          const version = textOf(c, 'version');
          if (version) this.spec.originDetail = `GAEB 2000 V${version}`;
          break;
        }
        case 'prjinfo': this.prjInfo(c); break;
        case 'vergabe': this.vergabe(c); break;
        default: this.unknown(c);
      }
    }
    const phase = this.dp !== undefined ? EXCHANGE_PHASE_BY_DP[this.dp] : undefined;
    this.spec.exchangePhase = phase ?? 'Undefined';
    if (!phase) {
      this.report.report('GAEB2000_PHASE_UNMAPPED', 'info', this.dp === undefined
        ? 'The file states no exchange phase (Vergabe/[DP]); the phase is Undefined.'
        : `Exchange phase DP ${this.dp} has no equivalent in the model (81–86 have); the phase is Undefined.`);
    }
    this.project.priceAccuracy = 2;
    this.project.unitPriceAccuracy = this.info.upFracDig === 2 ? 2 : 3;
    const derived = this.dp?.trim() === '84' ? deriveBidQuantities(this.spec.elements ?? []) : 0;
    if (derived > 0) this.report.report('GAEB_QTY_DERIVED', 'info', bidQuantitiesMessage(derived, '[GB] / [EP]'));
    if (this.skippedItems.length > 0) {
      this.report.report('GAEB2000_SKIPPED_LEVEL', this.fillSkipped ? 'info' : 'warning',
        `${this.skippedItems.length} item(s) leave out item number levels of the schema (first: ${this.skippedItems[0]}). ` +
        (this.fillSkipped
          ? 'The skipped levels are written as placeholders (SupportSkippedItemNumberLevelsInPositions).'
          : 'Their item numbers keep only the levels present; set SupportSkippedItemNumberLevelsInPositions to fill the skipped levels with placeholders.'));
    }
    return this.project;
  }

  private unknown(b: Gaeb2000Block, number?: string): void {
    if (b.key.startsWith('_')) return; // vendor block (`#begin[_Dangl]`): skipped without a message
    this.report.report('GAEB2000_BLOCK_DROPPED', 'info', `Block #begin[${b.name}] has no equivalent in the model and was dropped.`, number);
  }

  private number(b: Gaeb2000Block, key: string, number?: string): number | undefined {
    const v = textOf(b, key);
    const n = parseGaeb2000Number(v);
    if (v !== undefined && n === undefined) {
      this.report.report('GAEB2000_INVALID_NUMBER', 'warning', `[${key}] '${v}' is not a number and was ignored.`, number);
    }
    return n;
  }

  private prjInfo(b: Gaeb2000Block): void {
    const info = this.info;
    info.name = textOf(b, 'name') ?? info.name;
    info.descriptionShort = textOf(b, 'bez') ?? info.descriptionShort;
    info.currencyShort = textOf(b, 'wae') ?? info.currencyShort;
    info.currencyLong = textOf(b, 'waebez') ?? info.currencyLong;
    // Vendor tags for the unit price decimals (iTWO `_RIB_UPFracDig`, `_GAEBXML_UPFracDig`) are kept.
    const frac = parseGaeb2000Number(textOf(b, '_rib_upfracdig') ?? textOf(b, '_gaebxml_upfracdig'));
    if (frac !== undefined) info.upFracDig = frac;
  }

  private vergabe(b: Gaeb2000Block): void {
    this.dp = textOf(b, 'dp');
    for (const c of b.children) {
      if (c.kind !== 'block') continue;
      switch (c.key) {
        case 'vergabeinfo':
          this.spec.submissionLocation = textOf(c, 'abgabeort');
          this.spec.plannedExecutionStart = parseGaeb2000Date(textOf(c, 'ausfbeginn'));
          this.spec.plannedExecutionEnd = parseGaeb2000Date(textOf(c, 'ausfende'));
          this.info.currencyShort ??= textOf(c, 'wae');
          this.info.currencyLong ??= textOf(c, 'waebez');
          break;
        case 'ag': {
          const address = blocksOf(c, 'adresse')[0];
          if (address) this.info.buyer = readAddress(address);
          break;
        }
        case 'zustext': this.spec.elements!.push(this.zusText(c)); break;
        case 'lv': this.lv(c); break;
        default: this.unknown(c);
      }
    }
  }

  private zusText(b: Gaeb2000Block): NoteTextDto {
    const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', isOpeningText: true, additionType: 'None' };
    const short = readShortText(valueOf(b, 'text'));
    if (short) note.shortText = short;
    const long = valueOf(b, 'textrtf') ?? valueOf(b, 'langtext');
    if (long) this.setLong(note, long);
    return note;
  }

  private lv(b: Gaeb2000Block): void {
    const info = blocksOf(b, 'lvinfo')[0];
    if (info) this.lvInfo(info);
    this.body(b, this.spec.elements!, []);
  }

  private lvInfo(b: Gaeb2000Block): void {
    const spec = this.spec;
    readContainerDiscount(b, spec); // vendor tags of the writer (discounts.ts)
    spec.name = textOf(b, 'name');
    spec.description = textOf(b, 'bez');
    spec.creationDate = parseGaeb2000Date(textOf(b, 'datum'));
    const time = textOf(b, 'bezzeit');
    if (time) this.info.labourTimeLabel = time;
    this.labels = readComponentLabels(b);
    if (this.labels.length > 0) this.info.priceComponents = this.labels;
    const vat = this.number(b, 'ust');
    if (vat !== undefined) spec.projectTaxRate = vat / 100;
    for (const g of blocksOf(b, 'lvglied')) {
      const type = TIER_TYPES[(textOf(g, 'typ') ?? '').toLowerCase()];
      const length = parseGaeb2000Number(textOf(g, 'laenge'));
      if (!type || length === undefined || !Number.isInteger(length) || length < 1) {
        this.report.report('GAEB2000_INVALID_LVGLIED', 'warning', `LVGlied [Typ]${textOf(g, 'typ') ?? ''} [Laenge]${textOf(g, 'laenge') ?? ''} is unusable; the level was left out of the item number schema.`);
        continue;
      }
      const format = (textOf(g, 'format') ?? 'N').toUpperCase();
      const tier: ItemNumberSchemaTierDto = { length, type: format === 'N' ? 'Numeric' : 'Alphanumeric', tierType: type };
      if (type === 'Lot') tier.isLot = true;
      const label = textOf(g, 'bez');
      if (label) tier.tierName = label;
      this.tiers.push(tier);
    }
    if (this.tiers.length > 0) this.info.itemNumberSchema = { tiers: this.tiers, separator: '.', filler: '0' };
  }

  /** Group tiers (Lot, LVStufe) in order. */
  private groupTiers(): ItemNumberSchemaTierDto[] {
    return this.tiers.filter((t) => t.tierType === 'Lot' || t.tierType === 'Group');
  }

  /**
   * Slices a full `[OZ]` by tier widths into trimmed parts ('' = level left blank). Without a schema, or when the
   * OZ is longer than the widths allow, the rest after the parent's OZ is one part.
   */
  private slice(oz: string, tiers: readonly ItemNumberSchemaTierDto[]): string[] | undefined {
    const total = tiers.reduce((s, t) => s + (t.length ?? 0), 0);
    if (tiers.length === 0 || oz.trimEnd().length > total) return undefined;
    const parts: string[] = [];
    let at = 0;
    for (const t of tiers) {
      parts.push(oz.slice(at, at + (t.length ?? 0)).trim());
      at += t.length ?? 0;
    }
    return parts;
  }

  private body(b: Gaeb2000Block, into: ElementDto[], parentParts: readonly string[]): void {
    for (const c of b.children) {
      if (c.kind !== 'block') continue;
      switch (c.key) {
        case 'lvinfo': break;
        case 'lvbereich': into.push(this.group(c, parentParts)); break;
        case 'position': into.push(this.position(c, parentParts)); break;
        case 'hinweis': {
          const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', additionType: 'None' };
          const d = blocksOf(c, 'beschreibung')[0];
          if (d) this.description(d, note);
          into.push(note);
          break;
        }
        case 'zustext': into.push(this.zusText(c)); break;
        default: this.unknown(c);
      }
    }
  }

  private group(b: Gaeb2000Block, parentParts: readonly string[]): ServiceSpecificationGroupDto {
    const oz = valueOf(b, 'oz')?.lines.join('') ?? '';
    const depth = parentParts.length;
    const sliced = this.slice(oz, this.groupTiers().slice(0, depth + 1));
    let parts: string[];
    if (sliced && sliced.slice(0, depth).every((p, i) => p === '' || trimZeros(p) === trimZeros(parentParts[i]))) {
      parts = [...parentParts, sliced[depth] || oz.trim()];
    } else {
      const own = oz.trim();
      const prefix = parentParts.join('');
      parts = [...parentParts, own.startsWith(prefix) && own.length > prefix.length ? own.slice(prefix.length) : own];
    }
    const group: ServiceSpecificationGroupDto = {
      elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
      itemNumber: { stringRepresentation: parts.join('.') + '.' },
      elements: [],
    };
    if (this.groupTiers()[depth]?.tierType === 'Lot') group.isLot = true;
    const label = readShortText(valueOf(b, 'bez') ?? valueOf(b, 'beztx'));
    if (label) group.shortText = label;
    const number = group.itemNumber!.stringRepresentation;
    if (/^j/i.test(textOf(b, 'entf') ?? '')) group.comissionStatus = 'Removed';
    const total = this.number(b, 'summe', number);
    if (total !== undefined) group.gaebTotal = total;
    readContainerDiscount(b, group); // vendor tags of the writer (discounts.ts)
    this.body(b, group.elements!, parts);
    return group;
  }

  private positionNumber(oz: string, parentParts: readonly string[]): string {
    const groups = this.groupTiers();
    const item = this.tiers.filter((t) => t.tierType === 'Position');
    const index = this.tiers.filter((t) => t.tierType === 'Index');
    const sliced = this.slice(oz, [...groups, ...item, ...index]);
    if (!sliced || item.length === 0) {
      const own = oz.trim();
      const prefix = parentParts.join('');
      const rest = own.startsWith(prefix) && own.length > prefix.length ? own.slice(prefix.length) : own;
      return [...parentParts, rest].join('.');
    }
    const groupParts = sliced.slice(0, groups.length);
    let s = '';
    let skipped = 0;
    groupParts.forEach((p, i) => {
      if (p !== '') s += p + '.';
      else {
        skipped++;
        if (this.fillSkipped) s += '_'.repeat(groups[i].length ?? 1) + '.';
      }
    });
    s += sliced[groups.length];
    const idx = sliced[groups.length + 1];
    if (idx) s += '.' + idx;
    if (skipped > 0) {
      this.skippedItems.push(s);
      if (this.fillSkipped) (this.info.itemNumberSchema ??= {}).skipNonExistingLevelsInPositionItemNumbers = true;
    }
    return s;
  }

  private position(b: Gaeb2000Block, parentParts: readonly string[]): PositionDto {
    const oz = valueOf(b, 'oz')?.lines.join('') ?? '';
    const number = this.positionNumber(oz, parentParts);
    const p: PositionDto = {
      elementTypeDiscriminator: 'PositionDto',
      itemNumber: { stringRepresentation: number },
      additionType: 'None',
    };
    if (oz.trim() === '') this.report.report('GAEB2000_ITEM_WITHOUT_NUMBER', 'warning', 'A Position has no [OZ].', number);
    const qty = this.number(b, 'menge', number);
    if (qty !== undefined) p.quantityOverride = qty;
    const unit = textOf(b, 'me');
    if (unit !== undefined) p.unitTag = unit;
    const up = this.number(b, 'ep', number);
    if (up !== undefined) p.unitPriceOverride = up;
    const total = this.number(b, 'gb', number);
    if (total !== undefined) p.gaebTotal = total;
    readPositionDiscount(b, p); // [_GAEBXML_DiscountPcnt] (discounts.ts): [GB] is the total after it
    const components = readPositionComponents(b, this.labels, this.report, number);
    if (components) {
      p.priceComponents = components;
      this.info.priceComponents = this.labels;
      checkComponentSum(p, this.report, number);
    }
    // [Bedarf] E = Eventualposition without total, M = with total (GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83).
    const need = (textOf(b, 'bedarf') ?? '').toUpperCase();
    if (need === 'E' || need === 'M') {
      p.positionType = 'Optional';
      p.priceType = need === 'E' ? 'WithoutTotal' : 'WithTotal';
    }
    if (/^j/i.test(textOf(b, 'entf') ?? '')) p.comissionStatus = 'Removed';
    // [ZZGruppeNr]/[ZZLfdNr]: alternative group and serial number, 0 = base (as ALNGroupNo/ALNSerNo).
    const group = this.number(b, 'zzgruppenr', number);
    if (group !== undefined) {
      const serial = this.number(b, 'zzlfdnr', number) ?? 0;
      p.alternativeGroupIdentifier = group;
      p.alternativeIdentifier = serial;
      if (serial > 0) p.positionType = 'Alternative';
    }
    readItemFlags(b, p); // [_GAEBXML_LumpSumItem], [_GAEBXML_HourIt], [_GAEBXML_QtyTBD], [_GAEBXML_NotOffered] (item-flags.ts)
    applyLumpSumQuantity(p); // a lump sum without [Menge] has quantity 1, as in DA XML (../lump-sum.ts)
    for (const c of b.children) {
      if (c.kind !== 'block') continue;
      if (c.key === 'beschreibung') this.description(c, p);
      else this.unknown(c, number);
    }
    // The reduced bid (DP 84) keeps a position's long text only for the bidder's entries (writer.ts); a long text
    // without the LV's short text is such an entry, read as a text holding bidder additions.
    if (this.dp?.trim() === '84' && p.shortText === undefined && p.htmlLongText) p.additionType = 'ByBidder';
    return p;
  }

  private description(b: Gaeb2000Block, target: PositionDto | NoteTextDto): void {
    const short = readShortText(valueOf(b, 'kurztext'));
    if (short) target.shortText = short;
    const long = valueOf(b, 'langtext') ?? valueOf(b, 'textrtf');
    if (long) this.setLong(target, long);
  }

  private setLong(target: PositionDto | NoteTextDto, v: Gaeb2000Value): void {
    const { html, plain } = readLongText(v);
    if (html === '') return;
    target.htmlLongText = html;
    this.plainTexts.add(target, html, plain);
  }
}

const trimZeros = (s: string | undefined): string => (s ?? '').replace(/^0+(?=.)/, '');

/** `Adresse` → party: Name1..Name4 joined with '\n', Strasse, PLZ, Ort, LandBez, Email, Telefon, Fax. */
function readAddress(b: Gaeb2000Block): PartyInformationDto {
  const names = ['name1', 'name2', 'name3', 'name4'].map((k) => textOf(b, k)).filter((n): n is string => n !== undefined);
  const party: PartyInformationDto = {};
  if (names.length > 0) party.name = names.join('\n');
  const fields: [keyof PartyInformationDto, string][] = [
    ['street', 'strasse'], ['zipCode', 'plz'], ['city', 'ort'], ['country', 'landbez'], ['email', 'email'], ['phone', 'telefon'], ['fax', 'fax'],
  ];
  for (const [field, key] of fields) {
    const v = textOf(b, key);
    if (v !== undefined) (party as Record<string, string>)[field] = v;
  }
  return party;
}

/**
 * Reads a GAEB 2000 file into a (not yet normalised) ProjectDto.
 *
 * @param bytes   the whole file, Windows-1252 (`[Zeichensatz]ANSI`, GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83)
 *   or UTF-8/UTF-16 with a byte order mark, or valid UTF-8 without one (`GAEB2000_CODE_PAGE`), CRLF or LF
 * @param options resolved options (reads SupportSkippedItemNumberLevelsInPositions)
 * @param sink    conversion messages (codes `GAEB2000_*`, at most one per code and item number)
 * @returns one service specification, `origin: 'Gaeb2000'`, `originDetail` `GAEB 2000 V<Version>`
 * @throws GatewayError GW_ERR_PARSE (400, key `gaebFile`) for an empty file or one whose outermost block is not
 *   `#begin[GAEB]`. Structural slips (unclosed blocks, a value without `[end]`, a checksum trailer that does not
 *   match the counts) are warnings.
 */
export function readGaeb2000(bytes: Buffer, options: ResolvedOptions, sink: MessageSink): ProjectDto {
  return readGaeb2000Result(bytes, options, sink).project;
}

/**
 * {@link readGaeb2000}, returning the project with the plain long texts derived in the same pass as their HTML
 * (`ReadResult` of the plugin contract, for the pipeline's normalisation). Same parameters and errors.
 */
export function readGaeb2000Result(bytes: Buffer, options: ResolvedOptions, sink: MessageSink): ReadResult {
  if (bytes.length === 0) throw parseError('The GAEB 2000 file is empty', 'gaebFile');
  // A byte order mark (the writer ignored `[Zeichensatz]ANSI`) decides the encoding; without one, valid UTF-8
  // holding characters beyond ASCII is UTF-8 (Windows-1252 German text is not: an umlaut byte is followed by ASCII);
  // else Windows-1252.
  const bom = sniffBom(bytes) !== undefined;
  const utf8 = !bom && isUtf8Text(bytes);
  const decoded = utf8 ? bytes.toString('utf8') : decodeText(bytes, 'windows-1252');
  const { text, restored } = bom || utf8 ? { text: decoded, restored: [] } : restoreCutPunctuation(decoded);
  const doc = tokenizeGaeb2000(text);
  if (doc.root.key !== 'gaeb') {
    throw parseError('Expected a GAEB 2000 file: the outermost block must be #begin[GAEB] … #end[GAEB].', 'gaebFile');
  }
  const report = new ReaderReport(sink);
  if (utf8) report.report('GAEB2000_CODE_PAGE', 'warning', 'The GAEB 2000 file is UTF-8, not Windows-1252 ([Zeichensatz]ANSI): it was read as UTF-8.');
  if (restored.length > 0) {
    report.report('GAEB2000_PUNCTUATION_RESTORED', 'info',
      `The file holds control characters where Windows-1252 text has punctuation: each was read as the punctuation whose low byte it is (${restored.join(' ')}), as a writer that cut them to one byte meant them.`);
  }
  for (const problem of doc.problems.slice(0, 20)) {
    sink.report({ code: 'GAEB2000_SYNTAX', severity: 'warning', message: `GAEB 2000 syntax: ${problem}; read on.`, source: 'gaeb' });
  }
  if (doc.checksum !== undefined && doc.checksum !== checksumOf(doc.counted)) {
    report.report('GAEB2000_CHECKSUM_MISMATCH', 'warning',
      `The checksum trailer ${doc.checksum} does not match the file (${checksumOf(doc.counted)} = #begin blocks|[end] values); the file may be incomplete.`);
  }
  const reader = new Gaeb2000Reader(report, options.SupportSkippedItemNumberLevelsInPositions === true);
  return { project: reader.read(doc.root), derivedPlainTexts: reader.plainTexts };
}
