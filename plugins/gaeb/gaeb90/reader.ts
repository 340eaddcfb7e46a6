/**
 * GAEB 90 reader (`.D81`–`.D86`): fixed 80-column CP850 records → ProjectDto.
 *
 * Layout: GAEB 90 layout as read by ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts and written by sa1961-code/saCsv2Gaeb90, Csv2Gaeb90_Konverter.cs (see `records.ts`). Model conventions as the GAEB DA XML reader: item numbers are
 * the OZ segments (trimmed, unpadded; the calculation pads) joined with '.', groups end with '.', the index is one
 * more part; schema tiers Lot / Group / Position / Index from the OZ mask of record 00 (and record 10 lots);
 * `quantityOverride`/`unitPriceOverride`; record 23's item total and 32/99 totals are kept as `gaebTotal` (as the
 * XML reader keeps `IT`/`Totals`); long text lines become one `<p>` each in `htmlLongText` with `longText` built
 * from it; a text complement marker (`61B` in cols 3–5 of record 26) makes the line a
 * `<span class="TextComplement" data-kind="Bidder|Owner" data-marklbl="61"><span class="ComplBody">…</span></span>`.
 *
 * Unverified layout points (reference §2.1 says so) and how they are read: record 21 cols 12–14 item flags (only
 * `NNN` seen; other values are kept as the extra field `gaeb90Flags` and reported), col 43 `X` (read as hourly
 * work), record 26 marker letter `B` = Bidder, any other letter (`A`) = Owner.
 *
 * Record 22 (unit price components, layout reconstructed: `price-components.ts`) → the item's `priceComponents`,
 * one per label of record 06 (`projectInformation.priceComponents`), each `{ label, values: [{ formula }] }` as the
 * GAEB DA XML reader maps `UPComp1..n`; record 23's unit price stays `unitPriceOverride` (as XML `UP`), and a sum
 * of the components that differs from it is reported. Record 27 ("sub-item long text" per ddrews-de/gaeb-converter,
 * no sample, no column layout anywhere) is not mapped: its cols 3–74 are kept verbatim in the extra field
 * `gaeb90SubText` (written back only to GAEB 90) and reported with the item number (`sub-text.ts`).
 *
 * A bid (DP 84) carries no quantities: they are derived from record 23 (`bid-quantities.ts`, `GAEB_QTY_DERIVED`).
 */
import { parseError } from '../../../core/errors.js';
import { DerivedPlainTexts } from '../../../core/model/derived-plain-texts.js';
import type { ReadResult } from '../../../core/plugin/contract.js';
import { plainTextOfLines } from '../../../core/text/plain-text.js';
import {
  EXCHANGE_PHASE_BY_DP, type ElementDto, type ItemNumberSchemaTierDto, type NoteTextDto, type PositionDto, type ProjectDto,
  type ProjectInformationDto, type ServiceSpecificationDto, type ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import type { ResolvedOptions } from '../../../core/options/catalog.js';
import { type MessageSink, OncePerItemReporter, type Severity } from '../../../core/pipeline/messages.js';
import type { GaebMessageCode } from '../messages.js';
import { bidQuantitiesMessage, deriveBidQuantities } from '../bid-quantities.js';
import { checkComponentSum, readComponentLabels, readComponentRecord } from './price-components.js';
import { parseImplied } from '../../../core/text/records.js';
import { type OzMask, type OzParts, RECORD_LENGTH, decodeLines, field, gaeb90CodePage, parseMask, sliceOz } from './records.js';
import { keepSubTextLine, reportSubText } from './sub-text.js';

const SOURCE = 'gaeb';

/** Escapes `&`, `<`, `>` for HTML text. */
const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Something with long text lines being collected. */
interface TextTarget {
  owner: PositionDto | NoteTextDto;
  html: string[];
  /** The unescaped text of each `html` paragraph (for the plain text, derived without parsing the HTML). */
  lines: string[];
  bidder: boolean;
  owned: boolean;
}

/** An open category (record 11) or lot (record 10). */
interface OpenGroup {
  group: ServiceSpecificationGroupDto;
  /** Number of OZ level segments (lots: 0). */
  depth: number;
}

class Gaeb90Reader {
  readonly info: ProjectInformationDto = {};
  readonly spec: ServiceSpecificationDto = { origin: 'Gaeb90', originDetail: 'GAEB 90', elements: [] };
  readonly project: ProjectDto = { priceAccuracy: 2, unitPriceAccuracy: 2, projectInformation: this.info, serviceSpecifications: [this.spec] };

  private mask: OzMask | undefined;
  private dp: string | undefined;
  private lot: OpenGroup | undefined;
  private readonly stack: OpenGroup[] = [];
  private readonly levelLabels: string[] = [];
  private item: PositionDto | undefined;
  private itemNumber: string | undefined;
  private text: TextTarget | undefined;
  private preamble: string[] | undefined;
  private labelTarget: ServiceSpecificationGroupDto | undefined;
  private readonly once: OncePerItemReporter<GaebMessageCode>;
  /** Plain long texts derived with their HTML, for the normalisation (`ReadResult`). */
  readonly plainTexts = new DerivedPlainTexts();
  private items = 0;
  private skippedItems: string[] = [];
  private stated: { count?: number } = {};
  private sawTrailer = false;
  private records = 0;

  constructor(sink: MessageSink, private readonly fillSkipped: boolean) {
    this.once = new OncePerItemReporter(sink, SOURCE);
  }

  report(code: GaebMessageCode, severity: Severity, message: string, itemNumber?: string): void {
    this.once.report(code, severity, message, itemNumber);
  }

  read(lines: string[]): ProjectDto {
    this.records = lines.length;
    let sawHeader = false;
    lines.forEach((raw, i) => {
      if (raw.length > RECORD_LENGTH) {
        this.report('GAEB90_LONG_RECORD', 'warning', `Record ${i + 1} has ${raw.length} characters (80 expected); the rest was ignored.`);
      }
      const rec = raw.padEnd(RECORD_LENGTH, ' ').slice(0, RECORD_LENGTH);
      const type = rec.slice(0, 2);
      if (type === '00') sawHeader = true;
      else if (!sawHeader && type[0] !== 'T' && type !== '70') {
        throw parseError(`GAEB 90 record ${i + 1} (type '${type}') comes before the header record 00.`, 'gaebFile');
      }
      this.record(type, rec, i + 1);
    });
    if (!sawHeader) throw parseError('The GAEB 90 file has no header record 00.', 'gaebFile');
    return this.finish();
  }

  private record(type: string, rec: string, line: number): void {
    const t = (c: Parameters<typeof field>[1]) => field(rec, c).trim();
    if (type !== '26') this.labelTarget = type === '12' ? this.labelTarget : undefined;
    switch (type) {
      case 'T0': this.preamble = []; break;
      case 'T1': (this.preamble ??= []).push(field(rec, 'text').trimEnd()); break;
      case 'T9': this.finishPreamble(); break;
      case '70':
        this.report('GAEB90_COMMENT_DROPPED', 'info', 'Comment records (70) were dropped.');
        break;
      case '00': this.header(rec); break;
      case '01':
        if (t('lvName')) this.spec.description = t('lvName');
        if (t('lvDate')) this.spec.creationDate = isoDate(t('lvDate'));
        break;
      case '02': if (t('text')) this.info.name = t('text'); break;
      case '03': if (t('text')) this.info.buyer = { name: t('text') }; break;
      case '04': case '31': break; // 04 empty in all samples; 31 closes a category (the next 11/21 OZ decides)
      case '06': this.components(rec); break;
      case '08':
        if (t('currency')) this.info.currencyShort = t('currency');
        if (t('currencyLabel')) this.info.currencyLong = t('currencyLabel');
        break;
      case '10': this.openLot(t('lotNo'), t('lotLabel')); break;
      case '33': this.closeLot(); break;
      case '11': this.openCategory(rec); break;
      case '12': this.categoryLabel(t('text')); break;
      case '20': this.openNote(); break;
      case '21': this.openItem(rec, line); break;
      case '23': this.prices(rec, line); break;
      case '25': this.shortText(t('shortText')); break;
      case '26': this.longTextLine(rec); break;
      case '32': this.categoryTotal(rec, line); break;
      case '99': this.trailer(rec, line); break;
      case '22': this.componentAmounts(rec, line); break;
      case '27': this.subText(rec, line); break;
      default:
        this.report(`GAEB90_UNKNOWN_RECORD`, 'warning', `Record type '${type}' (first at record ${line}) is unknown and was ignored.`);
    }
  }

  private header(rec: string): void {
    this.dp = field(rec, 'dp').trim();
    const mask = parseMask(field(rec, 'mask'));
    if (typeof mask === 'string') throw parseError(`${mask} (record 00, columns 63–71).`, 'gaebFile');
    this.mask = mask;
    const award = field(rec, 'awardNo').trim();
    if (award) this.spec.contractIdentifier = award;
  }

  private components(rec: string): void {
    const label = field(rec, 'timeLabel').trim();
    if (label) this.info.labourTimeLabel = label;
    const labels = readComponentLabels(rec, this.report.bind(this));
    if (labels.length > 0) this.info.priceComponents = labels;
  }

  /** Record 22 → `priceComponents` of the open item (`price-components.ts`). */
  private componentAmounts(rec: string, line: number): void {
    const p = this.item;
    if (!p) {
      this.report('GAEB90_ORPHAN_PRICE_COMPONENTS', 'warning', `Price component record 22 at record ${line} follows no item and was ignored.`);
    } else if (p.priceComponents) {
      this.report('GAEB90_PRICE_COMPONENTS_REPEATED', 'warning', `A second price component record 22 (record ${line}) for the item was ignored.`, this.itemNumber);
    } else {
      const labels = this.info.priceComponents ?? [];
      const components = readComponentRecord(rec, line, labels, this.report.bind(this), this.itemNumber);
      if (labels.length > 0) this.info.priceComponents = labels;
      if (components && components.length > 0) p.priceComponents = components;
    }
  }

  /** Record 27 → kept verbatim on the open item (`sub-text.ts`). */
  private subText(rec: string, line: number): void {
    const p = this.item;
    if (p && this.text?.owner === p) keepSubTextLine(p, rec);
    else this.report('GAEB90_SUB_TEXT_DROPPED', 'warning', `Record 27 (sub-item long text) at record ${line} follows no item and was dropped.`);
  }

  private finishPreamble(): void {
    const lines = this.preamble ?? [];
    this.preamble = undefined;
    while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
    if (lines.length === 0) return;
    const html = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
    const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', isOpeningText: true, additionType: 'None', htmlLongText: html, longText: plainTextOfLines(lines, false) };
    this.plainTexts.add(note, html, note.longText!);
    this.spec.elements!.push(note);
  }

  private container(): ElementDto[] {
    return (this.stack[this.stack.length - 1] ?? this.lot)?.group.elements ?? this.spec.elements!;
  }

  private prefix(): string {
    return this.lot ? `${this.lot.group.itemNumber!.stringRepresentation}` : '';
  }

  private openLot(no: string, label: string): void {
    this.closeText();
    this.stack.length = 0;
    const group: ServiceSpecificationGroupDto = {
      elementTypeDiscriminator: 'ServiceSpecificationGroupDto', isLot: true, itemNumber: { stringRepresentation: `${no}.` }, elements: [],
    };
    if (label) group.shortText = label;
    this.spec.elements!.push(group);
    this.lot = { group, depth: 0 };
  }

  private closeLot(): void {
    this.closeText();
    this.stack.length = 0;
    this.lot = undefined;
  }

  private oz(rec: string): OzParts {
    return sliceOz(field(rec, 'oz'), this.mask!);
  }

  /**
   * Pops open categories until the top one is an ancestor of an element with these level parts: a category of
   * `levels.length` parts sits under one of fewer parts (`item` false), an item under one of at most as many.
   */
  private popTo(levels: string[], item: boolean): void {
    const maxDepth = item ? levels.length : levels.length - 1;
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1];
      const own = top.group.itemNumber!.identifiers ?? [];
      if (top.depth <= maxDepth && own.every((p, i) => levels[i] === p)) break;
      this.stack.pop();
    }
  }

  private openCategory(rec: string): void {
    this.closeText();
    const parts = this.oz(rec).levels;
    let depth = parts.length;
    while (depth > 0 && parts[depth - 1] === '') depth--;
    const levels = parts.slice(0, depth);
    this.popTo(levels, false);
    const label = field(rec, 'levelLabel').trim();
    if (label && depth > 0) this.levelLabels[depth - 1] ??= label;
    const group: ServiceSpecificationGroupDto = {
      elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
      // identifiers: the raw parts, used only to match children; replaced by the normalisation.
      itemNumber: { stringRepresentation: `${this.prefix()}${levels.join('.')}.`, identifiers: levels },
      elements: [],
    };
    this.container().push(group);
    this.stack.push({ group, depth });
    this.labelTarget = group;
  }

  private categoryLabel(text: string): void {
    const g = this.labelTarget;
    if (!g) return;
    g.shortText = g.shortText ? `${g.shortText} ${text}` : text;
  }

  private openNote(): void {
    this.closeText();
    const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', additionType: 'None' };
    this.container().push(note);
    this.text = { owner: note, html: [], lines: [], bidder: false, owned: false };
  }

  private openItem(rec: string, line: number): void {
    this.closeText();
    const oz = this.oz(rec);
    const present = oz.levels.filter((p) => p !== '');
    const skipped = oz.levels.length - present.length;
    this.popTo(present, true);
    let parts = present;
    if (skipped > 0 && this.fillSkipped) {
      parts = oz.levels.map((p, i) => p || '_'.repeat(this.mask!.levels[i]));
      (this.info.itemNumberSchema ??= {}).skipNonExistingLevelsInPositionItemNumbers = true;
    }
    const number = `${this.prefix()}${[...parts, oz.item, ...(oz.index ? [oz.index] : [])].join('.')}`;
    if (skipped > 0) this.skippedItems.push(number);
    if (oz.item === '') this.report('GAEB90_ITEM_WITHOUT_NUMBER', 'warning', `Item record 21 at record ${line} has no item digits.`, number);
    const p: PositionDto = { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: number }, additionType: 'None' };
    const qty = parseImplied(field(rec, 'qty'), 3, field(rec, 'qtySign'));
    if (qty !== undefined && !Number.isNaN(qty)) p.quantityOverride = qty;
    else if (Number.isNaN(qty)) this.report('GAEB90_INVALID_NUMBER', 'warning', `The quantity '${field(rec, 'qty')}' is not a digit string and was ignored.`, number);
    const unit = field(rec, 'unit').trim();
    if (unit) p.unitTag = unit;
    const flags = field(rec, 'itemFlags');
    if (flags !== 'NNN' && flags.trim() !== '') {
      p.gaeb90Flags = flags;
      this.report('GAEB90_ITEM_FLAGS_UNVERIFIED', 'info', `Item flags '${flags}' (record 21, cols 12–14) have no verified meaning; they were kept as gaeb90Flags.`, number);
    }
    if (field(rec, 'hourly') === 'X') p.serviceType = 'HourlyPaidWork';
    this.container().push(p);
    this.items++;
    this.item = p;
    this.itemNumber = number;
    this.text = { owner: p, html: [], lines: [], bidder: false, owned: false };
  }

  private prices(rec: string, line: number): void {
    const p = this.item;
    if (!p) {
      this.report('GAEB90_ORPHAN_PRICE', 'warning', `Price record 23 at record ${line} follows no item and was ignored.`);
      return;
    }
    const up = parseImplied(field(rec, 'up'), 2, field(rec, 'upSign'));
    const it = parseImplied(field(rec, 'it'), 2, field(rec, 'itSign'));
    if (up !== undefined && !Number.isNaN(up)) p.unitPriceOverride = up;
    if (it !== undefined && !Number.isNaN(it)) p.gaebTotal = it;
    if (Number.isNaN(up) || Number.isNaN(it)) this.report('GAEB90_INVALID_NUMBER', 'warning', `Record 23 at record ${line} holds a price that is not a digit string; it was ignored.`, this.itemNumber);
  }

  private shortText(text: string): void {
    const p = this.item;
    if (!p || this.text?.owner !== p || text === '') return; // a blank record 25 states no short text
    p.shortText = p.shortText ? `${p.shortText} ${text}` : text;
  }

  private longTextLine(rec: string): void {
    const target = this.text;
    if (!target) {
      this.report('GAEB90_ORPHAN_TEXT', 'warning', 'Long text records (26) that follow no item or remark were dropped.');
      return;
    }
    const text = field(rec, 'longText').trimEnd();
    target.lines.push(text);
    const line = escapeHtml(text);
    const marker = field(rec, 'complement').trim();
    const m = /^(\d+)\s*([A-Za-z])$/.exec(marker);
    if (!m) {
      target.html.push(`<p>${line}</p>`);
      return;
    }
    const bidder = m[2].toUpperCase() === 'B';
    if (bidder) target.bidder = true;
    else target.owned = true;
    target.html.push(
      `<p><span class="TextComplement" data-kind="${bidder ? 'Bidder' : 'Owner'}" data-marklbl="${m[1]}"><span class="ComplBody">${line}</span></span></p>`,
    );
  }

  private closeText(): void {
    if (this.item) {
      checkComponentSum(this.item, this.report.bind(this), this.itemNumber);
      reportSubText(this.item, this.report.bind(this), this.itemNumber);
    }
    const target = this.text;
    this.text = undefined;
    this.item = undefined;
    this.itemNumber = undefined;
    if (!target) return;
    const html = target.html;
    while (html.length > 0 && html[html.length - 1] === '<p></p>') {
      html.pop();
      target.lines.pop();
    }
    if (html.length === 0) return;
    const owner = target.owner;
    owner.htmlLongText = html.join('');
    owner.longText = plainTextOfLines(target.lines, false);
    this.plainTexts.add(owner, owner.htmlLongText, owner.longText);
    if (target.bidder) owner.additionType = 'ByBidder';
    else if (target.owned) owner.additionType = 'ByBuyer';
  }

  private categoryTotal(rec: string, line: number): void {
    const levels = this.oz(rec).levels.filter((p) => p !== '');
    const open = this.stack.find((g) => g.depth === levels.length && (g.group.itemNumber!.identifiers ?? []).every((p, i) => p === levels[i]));
    const total = parseImplied(field(rec, 'ctgyTotal'), 2, field(rec, 'ctgySign'));
    if (open && total !== undefined && !Number.isNaN(total)) open.group.gaebTotal = total;
    else if (!open) this.report('GAEB90_ORPHAN_TOTAL', 'info', `Category total record 32 at record ${line} matches no open category and was ignored.`);
  }

  private trailer(rec: string, line: number): void {
    this.closeText();
    this.sawTrailer = true;
    const total = parseImplied(field(rec, 'total'), 2);
    if (total !== undefined && !Number.isNaN(total)) this.spec.gaebTotal = total;
    const vat = parseImplied(field(rec, 'vat'), 2);
    if (vat !== undefined && !Number.isNaN(vat) && vat > 0) this.spec.projectTaxRate = vat / 100;
    const count = parseImplied(field(rec, 'itemCount'), 0);
    if (count !== undefined && !Number.isNaN(count)) this.stated.count = count;
    if (Number.isNaN(total) || Number.isNaN(vat) || Number.isNaN(count)) {
      this.report('GAEB90_INVALID_NUMBER', 'warning', `Record 99 at record ${line} holds a field that is not a digit string; it was ignored.`);
    }
  }

  private schemaTiers(): ItemNumberSchemaTierDto[] {
    const mask = this.mask!;
    const tiers: ItemNumberSchemaTierDto[] = [];
    if (this.spec.elements!.some((e) => (e as ServiceSpecificationGroupDto).isLot)) {
      tiers.push({ length: 2, type: 'Numeric', tierType: 'Lot', isLot: true });
    }
    mask.levels.forEach((length, i) => {
      const tier: ItemNumberSchemaTierDto = { length, type: 'Numeric', tierType: 'Group' };
      if (this.levelLabels[i]) tier.tierName = this.levelLabels[i];
      tiers.push(tier);
    });
    tiers.push({ length: mask.item, type: 'Numeric', tierType: 'Position' });
    if (mask.index > 0) tiers.push({ length: mask.index, type: 'Alphanumeric', tierType: 'Index' });
    return tiers;
  }

  private finish(): ProjectDto {
    this.closeText();
    this.finishPreamble();
    const flags = this.info.itemNumberSchema;
    this.info.itemNumberSchema = { tiers: this.schemaTiers(), separator: '.', filler: '0', ...flags };
    clearIdentifiers(this.spec.elements!);
    const phase = this.dp !== undefined ? EXCHANGE_PHASE_BY_DP[this.dp] : undefined;
    this.spec.exchangePhase = phase ?? 'Undefined';
    if (!phase) this.report('GAEB_PHASE_UNMAPPED', 'info', `Exchange phase DP '${this.dp ?? ''}' has no equivalent in the model (81–86 have); the phase is Undefined.`);
    const derived = this.dp === '84' ? deriveBidQuantities(this.spec.elements ?? []) : 0;
    if (derived > 0) this.report('GAEB_QTY_DERIVED', 'info', bidQuantitiesMessage(derived, 'item total / unit price (record 23)'));
    if (!this.sawTrailer) {
      this.report('GAEB90_END_RECORD_MISSING', 'warning', `The file has no end record 99 (it ends with record ${this.records}): it may have been cut short; the ${this.items} item(s) before were read.`);
    }
    if (this.stated.count !== undefined && this.stated.count !== this.items) {
      this.report('GAEB90_ITEM_COUNT_MISMATCH', 'warning', `Record 99 states ${this.stated.count} items; the file holds ${this.items} item records (21).`);
    }
    if (this.skippedItems.length > 0) {
      this.report(
        'GAEB_SKIPPED_LEVEL', this.fillSkipped ? 'info' : 'warning',
        `${this.skippedItems.length} item(s) leave out category levels of the OZ mask (first: ${this.skippedItems[0]}). ` +
          (this.fillSkipped ? 'The skipped levels are written as placeholders.' : 'Their item numbers keep only the levels present; set SupportSkippedItemNumberLevelsInPositions to fill them with placeholders.'),
      );
    }
    return this.project;
  }
}

/** Removes the matching-only `identifiers` of groups (the calculation computes them). */
function clearIdentifiers(elements: ElementDto[]): void {
  for (const e of elements) {
    const g = e as ServiceSpecificationGroupDto;
    if (g.elementTypeDiscriminator !== 'ServiceSpecificationGroupDto') continue;
    if (g.itemNumber) delete g.itemNumber.identifiers;
    clearIdentifiers(g.elements ?? []);
  }
}

/** `DD.MM.YY` (record 01) → ISO date; years < 70 are 20YY (two-digit years, observed 18.01.24, 07.01.19). */
function isoDate(text: string): string | undefined {
  const m = /^(\d{2})\.(\d{2})\.(\d{2}|\d{4})$/.exec(text);
  if (!m) return undefined;
  const y = m[3].length === 4 ? m[3] : `${Number(m[3]) < 70 ? '20' : '19'}${m[3]}`;
  return `${y}-${m[2]}-${m[1]}`;
}

/**
 * Reads a GAEB 90 file into a (not yet normalised) ProjectDto.
 *
 * @param bytes   the whole file, CP850 (UTF-8 or UTF-16 with a byte order mark; re-saved as UTF-8 or Windows-1252
 *   without one, recognised: `gaeb90CodePage`), records separated by CRLF, LF or CR
 * @param options resolved options; `SupportSkippedItemNumberLevelsInPositions` fills skipped OZ levels with '_'
 * @param sink    receives conversion messages (codes `GAEB90_*`, `GAEB_PHASE_UNMAPPED`, `GAEB_SKIPPED_LEVEL`)
 * @returns one service specification, `origin: 'Gaeb90'`, phase from record 00 (`EXCHANGE_PHASE_BY_DP`)
 * @throws GatewayError GW_ERR_PARSE (400, key `gaebFile`) for an empty file, a missing header record 00, a record
 *   before it, or an unusable OZ mask
 */
export function readGaeb90(bytes: Buffer, options: ResolvedOptions, sink: MessageSink): ProjectDto {
  return readGaeb90Result(bytes, options, sink).project;
}

/**
 * {@link readGaeb90}, returning the project with the plain long texts derived with their HTML (`ReadResult` of the
 * plugin contract, for the pipeline's normalisation). Same parameters and errors.
 */
export function readGaeb90Result(bytes: Buffer, options: ResolvedOptions, sink: MessageSink): ReadResult {
  if (bytes.length === 0) throw parseError('The GAEB 90 file is empty.', 'gaebFile');
  const reader = new Gaeb90Reader(sink, options.SupportSkippedItemNumberLevelsInPositions === true);
  const codePage = gaeb90CodePage(bytes);
  const project = reader.read(decodeLines(bytes, codePage));
  if (codePage !== undefined) {
    const name = codePage === 'utf-8' ? 'UTF-8' : 'Windows-1252 (ANSI)';
    sink.report({ code: 'GAEB90_CODE_PAGE', severity: 'warning', message: `The GAEB 90 file is ${name}, not code page 850 (DOS): it was read as ${name}.`, source: 'gaeb' });
  }
  return { project, derivedPlainTexts: reader.plainTexts };
}
