/**
 * GAEB 90 writer (`.D81`–`.D86`): ProjectDto → CP850 bytes, 80-column records, CRLF, running record numbers in
 * cols 75–80 from 000001. Layout: GAEB 90 layout as read by ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts and written by sa1961-code/saCsv2Gaeb90, Csv2Gaeb90_Konverter.cs (`records.ts`); record order as in the corpus files
 * (T0/T1/T9 preamble, 00, 01, 02, 03, 06, 08, body, 99; per item 21, 22, 23, 25, 26…, 27…; per category 11,
 * 12…, children, 31, 32; lots 10 … 33). Record 06 (component labels) and 22 (component amounts, priced phases
 * only, reconstructed layout) as in `price-components.ts`; records 27 are the verbatim lines the reader kept
 * (`sub-text.ts`).
 *
 * What GAEB 90 cannot hold is reported (one message per code and item number), never silently lost: short text
 * > 70 characters, a word longer than a 55-character long-text line (split), unit > 4, category label lines,
 * characters outside CP850 (replaced), more than four price components, component amounts that do not fit 10
 * digits or have more than 2 decimals, labour components, sub descriptions, item types without a verified flag.
 * Long texts: a line that fits 55 characters is written as it is (spaces kept: they align columns); longer ones
 * are re-wrapped at word boundaries (wrapping is not loss).
 *
 * Phase 84 (bid submission) is the reduced structure receivers expect: item numbers, prices (22, 23), text
 * complements (26 lines with their marker) and category totals (31, 32); no preamble, category labels, quantities,
 * units, short or long texts, remarks or record 27 (gaeb-online.de help "Keine Texte, keine Mengen bei DA84": a D84
 * holds OZ, EP, GB, EP components and text complements; the same reduction as X84's tgItem in the 3.3 XSD).
 * One message (`GAEB90_OFFER_PHASE_REDUCED`, info) says what was left out.
 *
 * Phases 81 and 83 carry no prices: when the project has priced positions, `GAEB90_PRICES_DROPPED` (info) says how
 * many (as the DA XML writer's `GAEB_XML_PRICES_DROPPED`). Discounts (item/markup item `DiscountPcnt`, category and
 * BoQ `DiscountPcnt`/`DiscountAmt`/`TotalLSUM`) have no GAEB 90 field (no discount column in records 21, 23, 31/32,
 * 99 of the public layout): the priced file is written from the project recalculated without them
 * (`withoutDiscounts`), so record 23's total is quantity × unit price and every category and LV total is the sum
 * the receiver recalculates — a file stating discounted totals next to undiscounted prices would contradict itself
 * at every discounted item. One warning per file (`GAEB90_DISCOUNT_DROPPED`) names the first discounted elements
 * with their amounts and the BoQ total difference. Alternative positions and categories, positions without total and
 * not applicable elements, which the sums do not count, are written without a mark a receiver would know, and so
 * are their totals: the file is written from the project recalculated as that receiver counts (`countingChange`
 * in `core/model/counting-marks.ts`), so its records 23, 32 and 99 agree with the receiver's recalculation;
 * `GAEB90_COUNTING_CHANGED` names the elements and both BoQ totals.
 */
import iconv from 'iconv-lite';
import { targetError } from '../../../core/errors.js';
import { splitItemNumber } from '../../../core/model/item-numbers.js';
import type {
  ElementDto, ExecutionDescriptionDto, NoteTextDto, PartyInformationDto, PositionDto, ProjectDto, ServiceSpecificationDto, ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import { noteTitleToAdd } from '../../../core/model/note-title.js';
import type { ResolvedOptions } from '../../../core/options/catalog.js';
import { type MessageSink, OncePerItemReporter, type Severity } from '../../../core/pipeline/messages.js';
import { formatImplied, toCodePage, wrapWords } from '../../../core/text/records.js';
import type { GaebMessageCode } from '../messages.js';
import { componentLabels } from '../price-components.js';
import {
  COMPONENT_DIGITS, COMPONENT_FIELDS, LABEL_WIDTH, componentColumn, labelColumn, placeComponents,
} from './price-components.js';
import {
  type Column, GAEB90_ENCODING, Gaeb90Record, type OzMask, type Run, formatMask, formatSegment, width,
} from './records.js';
import { longTextLines, wholeShortTextLines } from './text-lines.js';
import type { LongTextCache } from '../../../core/text/long-text-cache.js';
import { subTextLines } from './sub-text.js';
import { discountsDroppedMessage } from '../../../core/model/discount-losses.js';
import { pricedPositions, shortTextLine } from '../writer-losses.js';
import { addressFieldsBesideName, hasPartyData } from '../party.js';
import { countingChangeMessage, receiverCount, type CountingMark } from '../../../core/model/counting-marks.js';
import { reportItemKinds } from './item-kinds.js';

/** What decides whether an element counts and GAEB 90 is not written with (`core/model/counting-marks.ts`). */
const GAEB90_LOST_MARKS: ReadonlySet<CountingMark> = new Set(['alternativeGroup', 'alternativePosition', 'withoutTotal', 'removed']);
export type Gaeb90Phase = '81' | '82' | '83' | '84' | '85' | '86';
/** Phases that carry prices (GAEB DA XML 3.3 Lib, tgDP: 81 and 83 have none). */
const PRICED: ReadonlySet<string> = new Set(['82', '84', '85', '86']);
const SOURCE = 'gaeb';
/** Printable ASCII only: text CP850 encodes as it is. */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
/** C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F): not text in a record. */
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
const isGroup = (e: ElementDto): e is ServiceSpecificationGroupDto => e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto';
const isPosition = (e: ElementDto): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto';

class Gaeb90Writer {
  private readonly records: Gaeb90Record[] = [];
  private readonly once: OncePerItemReporter<GaebMessageCode>;
  private readonly priced: boolean;
  /** Phase 84: the reduced bid structure (no texts, quantities, units; complements and prices only). */
  private readonly reduced: boolean;
  /** Elements whose texts, quantities or units phase 84 left out (for one message at the end). */
  private reducedCount = 0;
  private readonly spec: ServiceSpecificationDto;
  private readonly separator: string;
  private mask: OzMask = { levels: [], item: 1, index: 0 };
  private items = 0;
  /** Price component labels of record 06, in record 22 field order (`componentLabels`). */
  private readonly labels: string[];

  constructor(private readonly project: ProjectDto, private readonly options: ResolvedOptions, private readonly sink: MessageSink & { readonly longTexts?: LongTextCache }, private readonly phase: Gaeb90Phase) {
    this.once = new OncePerItemReporter(sink, SOURCE);
    this.priced = PRICED.has(phase);
    this.reduced = phase === '84';
    this.spec = project.serviceSpecifications?.[0] ?? { elements: [] };
    const schema = project.projectInformation?.itemNumberSchema ?? this.spec.projectItemNumberSchema;
    this.separator = schema?.separator || '.';
    this.labels = componentLabels(project, this.spec);
    if ((project.serviceSpecifications?.length ?? 0) > 1) {
      this.report('GAEB90_SPECIFICATIONS_DROPPED', 'warning', 'GAEB 90 holds one service specification; only the first was written.');
    }
  }

  report(code: GaebMessageCode, severity: Severity, message: string, itemNumber?: string): void {
    this.once.report(code, severity, message, itemNumber);
  }

  /** Text made writable: control characters → blank (removed with RemoveUnprintableCharactersFromTexts), non-CP850 → nearest or '?' (`toCodePage`). */
  clean(text: string, itemNumber?: string): string {
    if (PRINTABLE_ASCII.test(text)) return text; // nothing to replace: the common case
    const controls = text.replace(CONTROLS, this.options.RemoveUnprintableCharactersFromTexts === true ? '' : ' ');
    const { text: out, replaced } = toCodePage(controls, GAEB90_ENCODING);
    if (replaced) this.report('GAEB90_CHARACTER_REPLACED', 'warning', `Characters CP850 cannot encode (${replaced}) were replaced.`, itemNumber);
    return out;
  }

  /** Cleans and cuts a text to field `c`, reporting a cut with `code`. */
  fit(c: Column, text: string, code: GaebMessageCode, what: string, itemNumber?: string, w = width(c)): string {
    const chars = Array.from(this.clean(text, itemNumber).trim());
    if (chars.length <= w) return chars.join('');
    this.report(code, 'warning', `${what} is longer than ${w} characters and was shortened ('${chars.join('')}' → '${chars.slice(0, w).join('')}').`, itemNumber);
    return chars.slice(0, w).join('');
  }

  add(type: string): Gaeb90Record {
    const r = new Gaeb90Record(type);
    this.records.push(r);
    return r;
  }

  /** Writes an implied-decimal number with its sign column; a value that does not fit is a target error. */
  number(r: Gaeb90Record, sign: Column | undefined, c: Column, value: number, decimals: number, what: string, itemNumber?: string): void {
    const f = formatImplied(value, width(c), decimals);
    if (!f) throw targetError(`${what} ${value} does not fit the ${width(c)} digits of GAEB 90 (${decimals} decimals).`, itemNumber ?? 'project');
    if (f.sign === '-' && !sign) throw targetError(`${what} ${value} is negative; GAEB 90 has no sign for it.`, itemNumber ?? 'project');
    if (sign) r.put(sign, f.sign);
    r.put(c, f.digits);
  }

  write(): Buffer {
    const elements = this.spec.elements ?? [];
    this.mask = this.deriveMask(elements);
    const opening = elements.filter((e) => e.elementTypeDiscriminator === 'NoteTextDto' && (e as NoteTextDto).isOpeningText);
    if (opening.length > 0 && this.reduced) this.reducedCount += opening.length;
    else if (opening.length > 0) {
      this.add('T0');
      opening.forEach((note, i) => {
        // one preamble for every opening text: each after a blank line and its title, so that no word is lost
        if (i > 0) this.add('T1');
        for (const line of this.titleLines(note as NoteTextDto, width('text'))) this.add('T1').put('text', line);
        for (const line of longTextLines(this, note as NoteTextDto, width('text'), undefined)) this.add('T1').put('text', line.text);
      });
      this.add('T9');
      if (opening.length > 1) {
        this.report('GAEB90_PREAMBLE_JOINED', 'info', `${opening.length} opening note texts were written as the one preamble (records T0–T9) GAEB 90 holds, each after a blank line and its title.`);
      }
    }
    this.header(elements);
    for (const e of elements) if (!opening.includes(e)) this.element(e, []);
    this.trailer();
    if (this.reducedCount > 0) {
      this.report(
        'GAEB90_OFFER_PHASE_REDUCED', 'info',
        `Phase 84 (bid submission) holds item numbers, prices, price components, text complements and category totals only: the texts, quantities and units of ${this.reducedCount} element(s) (preamble, remarks, category labels, short and long texts) were not written.`,
      );
    }
    const text = this.records.map((r, i) => `${r.format(i + 1)}\r\n`).join('');
    return iconv.encode(text, GAEB90_ENCODING);
  }

  /**
   * What of the parties GAEB 90 has no record for: record 03 holds the first line of the client's name only, and no
   * record holds the bidder (contractor, DA XML CTR).
   */
  private reportParties(buyer: PartyInformationDto | undefined): void {
    const lost: string[] = [];
    const lines = (buyer?.name ?? '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
    if (lines.length > 1) lines.slice(1).forEach((l) => lost.push(`client name line '${l}'`));
    const fields = addressFieldsBesideName(buyer);
    if (fields.length > 0) lost.push(`client ${fields.join(', ')}`);
    if (hasPartyData(this.spec.bidder)) lost.push(`bidder '${this.spec.bidder.name?.split('\n')[0] || 'no name'}'`);
    if (lost.length > 0) {
      this.report('GAEB90_PARTY_DATA_DROPPED', 'warning', `GAEB 90 holds the client's name in one line (record 03) and no address or bidder: not written: ${lost.join('; ')}.`);
    }
  }

  private header(elements: ElementDto[]): void {
    const info = this.project.projectInformation ?? {};
    const hasLots = elements.some((e) => isGroup(e) && e.isLot);
    const r = this.add('00').put('dp', this.phase).put('headerFlag', 'L').put('mask', formatMask(this.mask)!).put('version', '90');
    if (this.spec.contractIdentifier) r.put('awardNo', this.fit('awardNo', this.spec.contractIdentifier, 'GAEB90_TEXT_TRUNCATED', 'The award number'));
    if (hasLots) r.put('lotsFlag', 'X');
    const r01 = this.add('01').put('lvName', this.fit('lvName', this.spec.description ?? this.spec.name ?? '', 'GAEB90_TEXT_TRUNCATED', 'The LV name'));
    const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(this.spec.creationDate ?? '');
    if (date) r01.put('lvDate', `${date[3]}.${date[2]}.${date[1].slice(2)}`);
    this.add('02').put('text', this.fit('text', info.name ?? '', 'GAEB90_TEXT_TRUNCATED', 'The project name'));
    this.add('03').put('text', this.fit('text', (info.buyer?.name ?? '').split('\n')[0], 'GAEB90_TEXT_TRUNCATED', 'The client name'));
    this.reportParties(info.buyer);
    const comps = this.labels;
    if (info.labourTimeLabel || comps.length > 0) {
      const r06 = this.add('06').put('compCount', String(Math.min(comps.length, COMPONENT_FIELDS)));
      if (info.labourTimeLabel) r06.put('timeLabel', this.fit('timeLabel', info.labourTimeLabel, 'GAEB90_TEXT_TRUNCATED', 'The time unit label'));
      comps.slice(0, COMPONENT_FIELDS).forEach((label, i) => {
        const text = Array.from(this.clean(label)).slice(0, LABEL_WIDTH).join('');
        if (Array.from(label).length > LABEL_WIDTH) this.report('GAEB90_TEXT_TRUNCATED', 'warning', `The price component label '${label}' was shortened to ${LABEL_WIDTH} characters.`);
        r06.putAt(labelColumn(i), LABEL_WIDTH, text);
      });
      if (comps.length > COMPONENT_FIELDS) {
        this.report(
          'GAEB90_PRICE_COMPONENTS_DROPPED', 'warning',
          `GAEB 90 holds ${COMPONENT_FIELDS} price components (record 06 labels, record 22 fields); ${comps.slice(COMPONENT_FIELDS).map((l) => `'${l}'`).join(', ')} and their amounts were not written.`,
        );
      }
    }
    if (info.currencyShort || info.currencyLong) {
      this.add('08').put('currency', this.fit('currency', info.currencyShort ?? '', 'GAEB90_TEXT_TRUNCATED', 'The currency code'))
        .put('currencyLabel', this.fit('currencyLabel', info.currencyLong ?? '', 'GAEB90_TEXT_TRUNCATED', 'The currency label'));
    }
  }

  /** Identifiers of an element's item number (computed ones, else split from the string; '' for placeholders). */
  private parts(e: PositionDto | ServiceSpecificationGroupDto): string[] {
    const n = e.itemNumber;
    const parts = n?.identifiers && n.identifiers.length > 0 ? n.identifiers : splitItemNumber(n?.stringRepresentation ?? '', this.separator);
    return parts.filter((p) => p !== '').map((p) => (/^_+$/.test(p) ? '' : p));
  }

  /** The OZ mask: level count from the group nesting, widths from the schema when they hold every number. */
  private deriveMask(elements: ElementDto[]): OzMask {
    const levels: number[] = [];
    let item = 1, index = 0, narrowItem = 1;
    const narrow: number[] = [];
    const walk = (list: ElementDto[], depth: number, inLot: boolean) => {
      for (const e of list) {
        if (isGroup(e)) {
          const lot = e.isLot === true && depth === 0 && !inLot;
          if (!lot) {
            levels[depth] = Math.max(levels[depth] ?? 1, this.parts(e).at(-1)?.length ?? 1);
            narrow[depth] = Math.max(narrow[depth] ?? 1, unpadded(this.parts(e).at(-1) ?? '').length);
          }
          walk(e.elements ?? [], lot ? 0 : depth + 1, inLot || lot);
        } else if (isPosition(e)) {
          const own = this.parts(e).slice((inLot ? 1 : 0) + depth).filter((p) => p !== '');
          item = Math.max(item, own[0]?.length ?? 1);
          narrowItem = Math.max(narrowItem, unpadded(own[0] ?? '').length);
          if (own.length > 1) index = Math.max(index, own.slice(1).join('').length);
        }
      }
    };
    walk(elements, 0, false);
    for (let i = 0; i < levels.length; i++) levels[i] ??= 1;
    const tiers = (this.project.projectInformation?.itemNumberSchema ?? this.spec.projectItemNumberSchema)?.tiers ?? [];
    const groupTiers = tiers.filter((t) => t.tierType === 'Group');
    const itemTier = tiers.find((t) => t.tierType === 'Position');
    const indexTier = tiers.find((t) => t.tierType === 'Index');
    const fromSchema: OzMask = {
      // Every group tier of the schema, also one no group uses (items under a skipped level keep their schema).
      levels: Array.from({ length: Math.max(levels.length, groupTiers.length) }, (_, i) => Math.max(levels[i] ?? 1, groupTiers[i]?.length ?? 0)),
      item: Math.max(item, itemTier?.length ?? 0),
      index: index > 0 || indexTier ? Math.max(index, indexTier?.length ?? 0) : 0,
    };
    if (formatMask(fromSchema)) return fromSchema;
    const minimal: OzMask = { levels, item, index };
    if (formatMask(minimal)) return minimal;
    // Numeric parts without their zero padding ("000010" → "10"): the number stays the same, its padding changes.
    const narrowed: OzMask = { levels: levels.map((_, i) => narrow[i] ?? 1), item: narrowItem, index };
    if (formatMask(narrowed)) {
      this.report('GAEB90_ITEM_NUMBER_PADDING', 'info', `The item numbers were written without their zero padding to fit the 9 OZ characters (mask ${formatMask(narrowed)}).`);
      return narrowed;
    }
    throw targetError(`The item numbers need ${levels.length} levels of widths ${levels.join(', ')}, ${item} item and ${index} index characters; GAEB 90 has 9 OZ characters.`, 'itemNumberSchema');
  }

  /** A lot (record 10) is open: item numbers start with the lot part. */
  private inLot = false;

  /** The 9-character OZ: ancestors' parts, blanks for missing levels, then item and index. */
  private oz(levels: string[], item: string, index: string, itemNumber: string | undefined): string {
    let s = '';
    const seg = (v: string, w: number) => formatSegment(v.length > w ? unpadded(v) : v, w);
    this.mask.levels.forEach((w, i) => { s += seg(levels[i] ?? '', w); });
    s += seg(item, this.mask.item) + seg(index, this.mask.index);
    if (s.length > width('oz')) throw targetError(`Item number ${itemNumber ?? ''} does not fit the OZ mask ${formatMask(this.mask)}.`, itemNumber ?? 'project');
    return s;
  }

  private element(e: ElementDto, levels: string[]): void {
    if (isGroup(e)) this.group(e, levels);
    else if (isPosition(e)) this.position(e, levels);
    else if (this.reduced) this.reducedCount++;
    else if (e.elementTypeDiscriminator === 'NoteTextDto') this.note(e as NoteTextDto);
    else if (e.elementTypeDiscriminator === 'ExecutionDescriptionDto') {
      const d = e as ExecutionDescriptionDto;
      this.report('GAEB90_EXECUTION_DESCRIPTION_AS_REMARK', 'info', `Execution description ${d.identifier ?? ''} was written as remarks (GAEB 90 has no execution descriptions).`);
      for (const block of d.blocks ?? []) this.note(block);
    }
  }

  private group(g: ServiceSpecificationGroupDto, levels: string[]): void {
    const number = g.itemNumber?.stringRepresentation;
    const own = this.parts(g).at(-1) ?? '';
    if (g.isLot && levels.length === 0 && !this.inLot) {
      const lotNo = Array.from(own);
      if (lotNo.length > 2) throw targetError(`Lot number ${own} has more than the 2 characters of GAEB 90 (record 10).`, number ?? 'project');
      this.add('10').put('lotNo', own.padStart(2, '0')).put('lotLabel', this.fit('lotLabel', g.shortText ?? '', 'GAEB90_TEXT_TRUNCATED', 'The lot label', number));
      this.inLot = true;
      for (const c of g.elements ?? []) this.element(c, []);
      this.inLot = false;
      this.add('33').put('lotNo', own.padStart(2, '0'));
      return;
    }
    const mine = [...levels, own];
    if (mine.length > this.mask.levels.length) throw targetError(`Group ${number ?? ''} is nested deeper than the OZ mask allows.`, number ?? 'project');
    const oz = this.oz(mine, '', '', number);
    const tier = (this.project.projectInformation?.itemNumberSchema?.tiers ?? []).filter((t) => t.tierType === 'Group')[mine.length - 1];
    const r11 = this.add('11').put('oz', oz).put('ctgyFlag', 'N');
    if (tier?.tierName) r11.put('levelLabel', this.fit('levelLabel', tier.tierName, 'GAEB90_TEXT_TRUNCATED', 'The level label', number));
    const label = this.clean((g.shortText ?? '').replace(/\s+/g, ' ').trim(), number);
    if (this.reduced) this.reducedCount += label === '' ? 0 : 1;
    else for (const line of wrapWords(label, width('text')).lines) this.add('12').put('text', line);
    for (const c of g.elements ?? []) this.element(c, mine);
    this.add('31').put('oz', oz);
    if (this.priced) {
      const r32 = this.add('32').put('oz', oz);
      this.number(r32, 'ctgySign', 'ctgyTotal', g.deductedPrice ?? g.totalPrice ?? 0, 2, 'The category total', number);
    }
  }

  /**
   * Records 21–27 of an item. The OZ holds the ancestors' parts, the item part and the index in the `I` columns of
   * the OZ mask (record 00 cols 63–71, e.g. `1122PPPPI`; layout as ddrews-de/gaeb-converter
   * app/lib/gaeb/parsers/gaeb90.ts `splitOz` slices it). Which part is the index the calculated identifiers say
   * (`splitIndexPart` in core/model/item-numbers.ts: also for an item under a skipped level, `01.0040.1` → OZ
   * `01  00401`).
   */
  private position(p: PositionDto, levels: string[]): void {
    const number = p.itemNumber?.stringRepresentation;
    this.items++;
    const own = this.parts(p).slice((this.inLot ? 1 : 0) + levels.length).filter((x) => x !== '');
    const oz = this.oz(levels, own[0] ?? '', own.slice(1).join(''), number);
    const r21 = this.add('21').put('oz', oz).put('itemFlags', typeof p.gaeb90Flags === 'string' ? p.gaeb90Flags : 'NNN');
    // A stated quantity only (override or components): a position without one keeps the field blank, as it reads.
    const stated = p.quantityOverride !== undefined || (p.quantityComponents?.length ?? 0) > 0;
    const qty = stated ? (p.quantity ?? p.quantityOverride) : undefined;
    if (this.reduced) this.reducedCount++;
    else {
      if (qty !== undefined && !p.amountToBeEnteredByBidder) this.number(r21, 'qtySign', 'qty', qty, 3, 'The quantity', number);
      r21.put('unit', this.fit('unit', p.unitTag ?? '', 'GAEB90_UNIT_TRUNCATED', `The unit '${p.unitTag ?? ''}'`, number));
    }
    if (p.serviceType === 'HourlyPaidWork') r21.put('hourly', 'X');
    if (this.priced) {
      this.components(p, oz, number);
      const up = p.unitPrice ?? p.unitPriceOverride ?? 0;
      if (decimalsOf(up) > 2) {
        this.report('GAEB90_UNIT_PRICE_ROUNDED', 'warning', `The unit price ${up} was rounded to the 2 decimals of GAEB 90.`, number);
      }
      const r23 = this.add('23').put('oz', oz);
      this.number(r23, 'upSign', 'up', up, 2, 'The unit price', number);
      this.number(r23, 'itSign', 'it', p.totalPrice ?? (qty ?? 0) * up, 2, 'The item total', number);
    }
    if (this.reduced) {
      // Phase 84: the bidder's text complements only, each line with its marker.
      for (const line of longTextLines(this, p, width('longText'), number)) if (line.kind) this.longLine(line);
      return;
    }
    const { line: shortText, changed } = shortTextLine(p.shortText);
    if (changed) this.report('GAEB90_SHORT_TEXT_ONE_LINE', 'info', 'The short text held line breaks or tabs; record 25 holds one line, so they were written as spaces.', number);
    const fitted = this.fit('shortText', shortText, 'GAEB90_SHORT_TEXT_TRUNCATED', 'The short text', number);
    this.add('25').put('shortText', fitted);
    for (const line of [...wholeShortTextLines(this, p, shortText, fitted, number), ...longTextLines(this, p, width('longText'), number)]) this.longLine(line);
    // Record 27: the verbatim cols 3–74 the reader kept (leading blanks are part of the layout, so no trim).
    for (const line of subTextLines(p)) this.add('27').put('text', Array.from(this.clean(line, number)).slice(0, width('text')).join(''));
    if (p.subDescriptions && p.subDescriptions.length > 0) this.report('GAEB90_SUB_DESCRIPTIONS_DROPPED', 'warning', 'Sub descriptions were dropped.', number);
  }

  /**
   * Record 22: the amounts of the position's price components in the fields of their labels (`placeComponents`);
   * components without a field, amounts over 10 digits (left blank) and amounts rounded to 2 decimals are reported.
   */
  private components(p: PositionDto, oz: string, number: string | undefined): void {
    const labour = p.labourComponents?.price;
    if (typeof labour === 'number' && labour !== 0) {
      this.report('GAEB90_LABOUR_COMPONENT_DROPPED', 'warning', `The labour price component (${labour}) has no GAEB 90 record and was not written; the unit price includes it.`, number);
    }
    if (!p.priceComponents || p.priceComponents.length === 0) return;
    const { placed, unplaced, rounded, overflow } = placeComponents(p, this.labels);
    if (unplaced.length > 0) {
      this.report('GAEB90_PRICE_COMPONENTS_DROPPED', 'warning', `The price component(s) ${unplaced.map((l) => `'${l}'`).join(', ')} have no field in record 22 (${COMPONENT_FIELDS} fields, labels of record 06) and were not written.`, number);
    }
    if (rounded.length > 0) {
      this.report('GAEB90_PRICE_COMPONENT_ROUNDED', 'warning', `The price component(s) ${rounded.map((l) => `'${l}'`).join(', ')} were rounded to the 2 decimals of GAEB 90.`, number);
    }
    if (overflow.length > 0) {
      this.report('GAEB90_PRICE_COMPONENT_OVERFLOW', 'warning', `The price component(s) ${overflow.map((l) => `'${l}'`).join(', ')} do not fit the ${COMPONENT_DIGITS} digits of record 22 (2 decimals); their field was left blank.`, number);
    }
    if (placed.length === 0) return;
    const r22 = this.add('22').put('oz', oz);
    for (const a of placed) r22.putAt(componentColumn(a.field), 1, a.sign).putAt(componentColumn(a.field) + 1, COMPONENT_DIGITS, a.digits);
  }

  private note(n: NoteTextDto): void {
    this.add('20');
    for (const line of this.titleLines(n, width('longText'))) this.longLine({ text: line });
    for (const line of longTextLines(this, n, width('longText'), undefined)) this.longLine(line);
  }

  /**
   * A note text's short text (its title: GAEB 90 remarks have none of their own) as the lines that open its text,
   * unless the text already starts with it.
   */
  private titleLines(n: NoteTextDto, w: number): string[] {
    const title = noteTitleToAdd(n);
    return title === undefined ? [] : wrapWords(this.clean(title), w).lines;
  }

  private longLine(line: Run): void {
    const r = this.add('26').put('longText', line.text);
    if (line.kind) {
      const label = line.label ?? '';
      r.put('complement', `${label.slice(-2).padStart(2, ' ')}${line.kind === 'Bidder' ? 'B' : 'A'}`);
    }
  }

  /** The long-text cache of the conversion (`text-lines.ts`). */
  get longTexts(): LongTextCache | undefined {
    return this.sink.longTexts;
  }

  private trailer(): void {
    const r = this.add('99');
    const spec = this.spec;
    if (this.priced) {
      this.number(r, undefined, 'total', spec.deductedPrice ?? spec.totalPrice ?? 0, 2, 'The LV total');
      const gross = spec.totalPriceGrossDeducted ?? spec.totalPriceGross;
      if (gross !== undefined) this.number(r, undefined, 'gross', gross, 2, 'The gross total');
    }
    if (spec.projectTaxRate !== undefined && spec.projectTaxRate > 0) this.number(r, undefined, 'vat', spec.projectTaxRate * 100, 2, 'The VAT rate');
    this.number(r, undefined, 'itemCount', this.items, 0, 'The item count');
  }
}

/** A numeric identifier without its zero padding ("0010" → "10"); others unchanged. */
const unpadded = (s: string): string => (/^\d+$/.test(s) ? s.replace(/^0+(?=.)/, '') : s);

/** Decimal places of a number as written in JavaScript. */
function decimalsOf(n: number): number {
  const s = String(n);
  const i = s.indexOf('.');
  return i < 0 || s.includes('e') ? 0 : s.length - i - 1;
}

/**
 * Writes a project as GAEB 90.
 *
 * @param project a normalised, calculated project (`prepareProject`); its first service specification is written
 * @param options resolved options; `RemoveUnprintableCharactersFromTexts` removes control characters instead of blanking them
 * @param sink    receives a message per shortened, replaced or dropped thing, with the item number (codes `GAEB90_*`)
 * @param phase   exchange phase DP; prices, category totals and LV totals only in 82, 84, 85, 86; 84 writes the
 *   reduced bid structure (no texts, quantities or units: see the module comment)
 * @returns CP850 bytes, CRLF-terminated 80-character records numbered from 000001 in cols 75–80
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) when item numbers do not fit the 9-character OZ, a lot number
 *   has more than 2 characters, or a number does not fit its digit field
 */
export function writeGaeb90(project: ProjectDto, options: ResolvedOptions, sink: MessageSink & { readonly longTexts?: LongTextCache }, phase: Gaeb90Phase): Buffer {
  const priced = PRICED.has(phase);
  if (!priced) {
    const count = pricedPositions(project.serviceSpecifications?.[0]);
    if (count > 0) {
      sink.report({ code: 'GAEB90_PRICES_DROPPED', severity: 'info', source: SOURCE, message: `phase ${phase} carries no prices; unit prices and totals of ${count} position(s) were not written` });
    }
  }
  // GAEB 90 has no discount field (records 21/23/32/99, ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts)
  // and writes no item kind, alternative group or not applicable mark (record 21's item flags are unverified): the
  // file is written as its receiver recalculates and counts it, so that its stated totals (records 23, 32, 99) are
  // that receiver's; the losses are reported.
  const view = receiverCount(project, GAEB90_LOST_MARKS, options.SupportSkippedItemNumberLevelsInPositions === true, priced);
  if (view.discounts) {
    const { found, before, after } = view.discounts;
    const itemNumber = found.find((d) => d.itemNumber)?.itemNumber;
    sink.report({ code: 'GAEB90_DISCOUNT_DROPPED', severity: 'warning', source: SOURCE, message: discountsDroppedMessage('GAEB 90', found, before, after), ...(itemNumber ? { itemNumber } : {}) });
  }
  reportItemKinds(project, new OncePerItemReporter<GaebMessageCode>(sink, SOURCE));
  const change = view.counting;
  if (change) {
    sink.report({ code: 'GAEB90_COUNTING_CHANGED', severity: 'warning', source: SOURCE, message: countingChangeMessage('GAEB 90', change), ...(change.losses[0].itemNumber ? { itemNumber: change.losses[0].itemNumber } : {}) });
  }
  return new Gaeb90Writer(view.project, options, sink, phase).write();
}
