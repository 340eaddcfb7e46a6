/**
 * SIA 451 writer (`ava` → `sia`): a normalised, recalculated project → CP850 records, CRLF, trailing blanks
 * trimmed (as real files have them). Layout: `records.ts`; item numbers: `numbering.ts`.
 *
 * Records: A (creation date, `451-92`, document code from the exchange phase — OfferRequest B, Offer C, Grant D,
 * else B — status C, project id and name, software), the B001 outlines and C conditions a SIA 451 source kept,
 * B002 object outlines the quantities use, then per chapter a G type-1 title (two text fields) and per heading,
 * position or text entry (a note text, `numbering.ts`) a type-2 text (the short text; a longer one's first
 * 30-character line, words wrapped, and the whole text as variable 00 lines, which a SIA 451 reader recognises as the
 * short text by that first line), type-3 long-text lines (one variable per paragraph, 30-character lines by word
 * wrap; a text too long for 99 × 99 gives up paragraph breaks first, `long-text.ts`), for positions a type-5 unit and
 * type-6 quantities (one per quantity component with an object outline, else one with the position's quantity; the
 * unit price with 2 implied decimals and the KAG code read in each), and Z with the record count (A and Z included).
 * What SIA 451 cannot hold is reported (`SIA_*`), never silently lost — also what a receiver, who computes every
 * total from quantities and unit prices, counts differently (`reportLosses`).
 */
import iconv from 'iconv-lite';
import { targetError } from '../../../core/errors.js';
import { isGroup, isNoteText, isPosition, type CalculationDto, type NoteTextDto, type PositionDto, type ProjectDto, type ServiceSpecificationDto } from '../../../core/model/types.js';
import type { MessageSink } from '../../../core/pipeline/messages.js';
import { formatImplied, RecordBuilder, toCodePage, wrapWords } from '../../../core/text/records.js';
import {
  A_COLUMNS, B_COLUMNS, C_COLUMNS, G_COLUMNS, G_TYPE, PRICE_DECIMALS, QUANTITY_DECIMALS, SIA_ENCODING, SIA_INTERFACE_VERSION,
  SIA_RECORD_LENGTH, SIA_TEXT_WIDTH, Z_COLUMNS, isVatCondition,
} from '../records.js';
import { SiaReport } from '../report.js';
import { D, round } from '../../../core/model/decimal.js';
import { countingChangeMessage, receiverCount, type CountingMark } from '../../../core/model/counting-marks.js';
import { discountsDroppedMessage } from '../../../core/model/discount-losses.js';
import { markupItemsMessage } from '../../../core/model/markup-items.js';
import { countedNumbers, itemKindsMessage } from '../../../core/model/item-kinds.js';
import { noteTitleToAdd } from '../../../core/model/note-title.js';
import { oenormMarksMessage } from '../../../core/model/oenorm-marks.js';
import { type NumberedEntry, SiaNumbering } from './numbering.js';
import { keptSiaRecords, type KeptSiaRecords } from './kept.js';
import { siaUnit } from './units.js';
import { isWholeShortText } from '../short-text.js';
import { layoutLongText, MAX_LINES, MAX_VARIABLES, type LongTextLayout } from './long-text.js';

const DOCUMENT_CODE_BY_PHASE: Readonly<Partial<Record<string, string>>> = { OfferRequest: 'B', Offer: 'C', Grant: 'D' };
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;

/** YYYY-MM-DD… → TTMMJJ; undefined when not a date. */
function ttmmjj(iso: string | undefined): string | undefined {
  const m = /^\d{2}(\d{2})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}${m[2]}${m[1]}` : undefined;
}

/**
 * The variable numbers a SIA 451 source gave the long text's paragraphs (`siaTextVariables`, the reader's), when they
 * still fit: one per paragraph, each paragraph in one variable, ascending within 00–99, and not 00 where the short
 * text takes variable 00; else undefined (the paragraphs are numbered 01, 02, …).
 */
function keptVariables(value: unknown, layout: LongTextLayout, paragraphs: number, shortTakesV0: boolean): number[] | undefined {
  if (!Array.isArray(value) || value.length !== paragraphs || layout.variables.length !== paragraphs || layout.continued > 0 || layout.joined > 0) return undefined;
  const fits = value.every((v, i) => Number.isInteger(v) && v >= (shortTakesV0 ? 1 : 0) && v <= MAX_VARIABLES && (i === 0 || v > value[i - 1]));
  return fits ? (value as number[]) : undefined;
}

/** `lines` (words wrapped to 30 characters) with the first line's last word moved to the next, or undefined. */
function firstLineShorter(lines: readonly string[]): string[] | undefined {
  const cut = lines[0]?.lastIndexOf(' ') ?? -1;
  if (cut <= 0) return undefined;
  return [lines[0].slice(0, cut), ...wrapWords([lines[0].slice(cut + 1), ...lines.slice(1)].join(' '), SIA_TEXT_WIDTH).lines];
}

class SiaWriter {
  private readonly records: string[] = [];
  private readonly report: SiaReport;
  private readonly spec: ServiceSpecificationDto;
  private readonly outlines = new Map<string, string>();
  private readonly kept: KeptSiaRecords;
  /** `'psch' → 'gl'` → positions written with that unit. */
  private readonly mappedUnits = new Map<string, number>();
  /** Headings whose note text's title opens their long text (`noteText`). */
  private readonly titledNotes: string[] = [];
  /** The numbers of the note texts written as text entries (`numbering.ts`). */
  private readonly textEntries: string[] = [];

  constructor(private readonly project: ProjectDto, sink: MessageSink, private readonly today: Date) {
    this.report = new SiaReport(sink);
    this.spec = project.serviceSpecifications?.[0] ?? { elements: [] };
    if ((project.serviceSpecifications?.length ?? 0) > 1) {
      this.report.report('SIA_ELEMENT_DROPPED', 'warning', 'SIA 451 holds one service specification; only the first was written.');
    }
    this.kept = keptSiaRecords(this.spec, 'serviceSpecifications[0]');
    for (const o of this.kept.objectOutlines) this.outlines.set(o.code, o.name);
  }

  /** Text made writable in CP850 (controls → blank, others replaced and reported). */
  private clean(text: string, itemNumber?: string): string {
    const { text: out, replaced } = toCodePage(text.replace(CONTROLS, ' '), SIA_ENCODING);
    if (replaced) this.report.report('SIA_CHARACTER_REPLACED', 'warning', `Characters CP850 cannot hold (${replaced}) were replaced.`, itemNumber);
    return out;
  }

  /** A text cut to `width`, reporting the cut. */
  private cut(text: string, width: number, what: string, itemNumber?: string): string {
    const chars = Array.from(this.clean(text, itemNumber).trim());
    if (chars.length <= width) return chars.join('');
    this.report.report('SIA_TEXT_TRUNCATED', 'warning', `${what} '${chars.join('')}' is longer than ${width} characters and was shortened.`, itemNumber);
    return chars.slice(0, width).join('');
  }

  /**
   * A title in the two 30-character text fields of a chapter title or B001 record (columns 93–122 and 138–167),
   * words wrapped; what needs more is shortened and reported.
   */
  private twoFields(text: string, what: string, itemNumber?: string): [string, string] {
    const clean = this.clean(text, itemNumber).replace(/\s+/g, ' ').trim();
    const { lines } = wrapWords(clean, SIA_TEXT_WIDTH);
    if (lines.length > 2) {
      this.report.report('SIA_TEXT_TRUNCATED', 'warning', `${what} '${clean}' is longer than its two fields of ${SIA_TEXT_WIDTH} characters and was shortened.`, itemNumber);
    }
    return [lines[0] ?? '', lines[1] ?? ''];
  }

  private add(r: RecordBuilder<string>): void {
    this.records.push(r.toString().trimEnd());
  }

  private g(chapter: string, number: string, type: string): RecordBuilder<keyof typeof G_COLUMNS> {
    return new RecordBuilder(G_COLUMNS, SIA_RECORD_LENGTH).put('kind', 'G').put('chapter', chapter).put('position', number).put('recordType', type);
  }

  /** An implied-decimal number with its sign; a value that does not fit is a target error (400). */
  private number(r: RecordBuilder<keyof typeof G_COLUMNS>, sign: 'quantitySign' | 'priceSign', c: 'quantity' | 'price', value: number, decimals: number, itemNumber: string): void {
    const width = G_COLUMNS[c][1] - G_COLUMNS[c][0] + 1;
    const f = formatImplied(value, width, decimals);
    if (!f) throw targetError(`The ${c === 'quantity' ? 'quantity' : 'unit price'} ${value} of ${itemNumber} does not fit the ${width} digits of SIA 451 (${decimals} decimals).`, itemNumber);
    r.put(sign, f.sign === '-' ? '-' : '+').put(c, f.digits);
  }

  write(): Buffer {
    const chapters = new SiaNumbering(this.report, this.project.projectInformation?.itemNumberSchema?.separator || '.').chapters(this.spec.elements ?? []);
    for (const c of chapters) {
      const edition = typeof c.group?.siaNpkEdition === 'string' ? c.group.siaNpkEdition : '';
      const [title, title2] = this.twoFields(c.group?.shortText ?? '', 'The chapter title', c.group?.itemNumber?.stringRepresentation);
      this.add(this.g(c.chapter, '', G_TYPE.chapterTitle).put('edition', edition).put('text', title).put('text2', title2));
      for (const e of c.entries) this.entry(c.chapter, e);
    }
    // The body first: it collects the object outlines the B002 records before it name.
    const body = this.records.splice(0);
    this.header();
    this.keptRecords();
    this.outlineRecords();
    this.conditionRecords();
    this.records.push(...body);
    this.trailer();
    if (this.titledNotes.length > 0) {
      this.report.report('SIA_NOTE_TITLE_IN_TEXT', 'info', `The short texts (titles) of the note texts that open ${countedNumbers(this.titledNotes)} heading(s) were written as the first line of their long text, which has no title of its own.`);
    }
    if (this.textEntries.length > 0) {
      this.report.report('SIA_NOTES_AS_ENTRIES', 'info', `Note texts were written at their place as text entries (numbers without a unit record, their title as the short text): ${countedNumbers(this.textEntries)}.`);
    }
    if (this.mappedUnits.size > 0) {
      const list = [...this.mappedUnits].map(([change, n]) => `${change} (${n} position${n === 1 ? '' : 's'})`).join(', ');
      this.report.report('SIA_UNIT_MAPPED', 'info', `Units were written in their SIA 451 (NPK) spelling: ${list}.`);
    }
    return iconv.encode(this.records.map((r) => `${r}\r\n`).join(''), SIA_ENCODING);
  }

  private projectName(): string {
    return this.spec.name ?? this.project.projectInformation?.name ?? this.spec.description ?? '';
  }

  private header(): void {
    const a = new RecordBuilder(A_COLUMNS, SIA_RECORD_LENGTH).put('kind', 'A')
      .put('creationDate', ttmmjj(this.spec.creationDate) ?? ttmmjj(this.today.toISOString())!)
      .put('interfaceVersion', SIA_INTERFACE_VERSION).put('language', '1')
      .put('documentCode', DOCUMENT_CODE_BY_PHASE[this.spec.exchangePhase ?? ''] ?? 'B').put('documentStatus', 'C')
      .put('projectId', this.cut(this.spec.contractIdentifier ?? '', 11, 'The project id'))
      .put('projectName', this.cut(this.projectName(), 30, 'The project name'))
      .put('vendor', 'ava-gateway');
    this.add(a);
  }

  /** B001 outlines and C conditions a SIA 451 source kept (`siaSecondaryOutlines`, `siaConditions`), as read. */
  private keptRecords(): void {
    const secondary = this.kept.secondaryOutlines;
    for (const [i, o] of secondary.entries()) {
      if (i === 0 || secondary[i - 1].outline !== o.outline) this.add(new RecordBuilder(B_COLUMNS, SIA_RECORD_LENGTH).put('kind', o.outline).put('recordType', '0'));
      const [text, text2] = this.twoFields(o.text, `The text of outline code ${o.code}`);
      this.add(new RecordBuilder(B_COLUMNS, SIA_RECORD_LENGTH).put('kind', o.outline).put('recordType', '1').put('code', o.code).put('text', text).put('text2', text2));
    }
  }

  /**
   * C conditions: those a SIA 451 source kept, the VAT one with the project's tax rate; without kept conditions,
   * a VAT condition when the project has a tax rate (number and text as the real BauPlus tender has them).
   */
  private conditionRecords(): void {
    const rate = this.spec.projectTaxRate ?? this.spec.priceInformation?.taxRate;
    const vatPercent = typeof rate === 'number' && rate > 0 ? round(new D(rate).times(100), 2) : undefined;
    const kept = this.kept.conditions;
    const conditions = kept.length > 0
      ? kept.map((c) => (vatPercent !== undefined && isVatCondition(c) ? { ...c, percent: vatPercent } : c))
      : vatPercent !== undefined ? [{ number: '003203', text: 'Mehrwertsteuer', percent: vatPercent }] : [];
    if (conditions.length === 0) return;
    this.add(new RecordBuilder(C_COLUMNS, SIA_RECORD_LENGTH).put('kind', 'C').put('number', '000').put('recordType', '0'));
    for (const c of conditions) {
      const r = new RecordBuilder(C_COLUMNS, SIA_RECORD_LENGTH).put('kind', 'C').put('number', c.number).put('recordType', '1').put('unit', '%')
        .put('text', this.cut(c.text, SIA_TEXT_WIDTH, 'The condition'));
      const f = formatImplied(c.percent ?? 0, C_COLUMNS.percent[1] - C_COLUMNS.percent[0] + 1, 2);
      if (f) r.put('percentSign', f.sign === '-' ? '-' : '+').put('percent', f.digits);
      this.add(r);
    }
  }

  private outlineRecords(): void {
    if (this.outlines.size === 0) return;
    this.add(new RecordBuilder(B_COLUMNS, SIA_RECORD_LENGTH).put('kind', 'B002').put('recordType', '0'));
    for (const [code, name] of this.outlines) {
      this.add(new RecordBuilder(B_COLUMNS, SIA_RECORD_LENGTH).put('kind', 'B002').put('objectOutline', code).put('recordType', '2').put('text', this.cut(name, SIA_TEXT_WIDTH, 'The object outline name')));
    }
  }

  private trailer(): void {
    const count = String(this.records.length + 1).padStart(13, '0');
    const today = ttmmjj(this.today.toISOString())!;
    this.add(new RecordBuilder(Z_COLUMNS, SIA_RECORD_LENGTH).put('kind', 'Z').put('exportDate', today)
      .put('creationDate', ttmmjj(this.spec.creationDate) ?? today).put('recordCount', count).put('continuation', '-')
      .put('projectId', this.cut(this.spec.contractIdentifier ?? '', 11, 'The project id'))
      .put('projectName', this.cut(this.projectName(), 30, 'The project name')));
  }

  private entry(chapter: string, e: NumberedEntry): void {
    const itemNumber = `${chapter}.${e.number}`;
    const element = e.element;
    if (isNoteText(element)) this.textEntries.push(itemNumber);
    const long = isGroup(element) ? this.noteText(e.note, itemNumber) : element.longText;
    const paragraphs = (long ?? '').split('\n').map((p) => this.clean(p, itemNumber).trim()).filter((p) => p !== '');
    const layout = layoutLongText(paragraphs, SIA_TEXT_WIDTH);
    // before the short text's: one SIA_TEXT_TRUNCATED message per item is kept, and this one says more
    this.reportLayout(layout, paragraphs.length, itemNumber);
    const short = this.clean(e.element.shortText ?? '', itemNumber).replace(/\s+/g, ' ').trim();
    // a longer short text: its first line (words wrapped) in the type-2 record, the whole text as variable 00
    const shortLines = wrapWords(short, SIA_TEXT_WIDTH).lines;
    this.add(this.g(chapter, e.number, G_TYPE.shortText).put('text', shortLines[0] ?? ''));
    if (shortLines.length > 1) this.textLines(chapter, e.number, 0, short, itemNumber);
    let kept = keptVariables(isGroup(element) ? e.note?.siaTextVariables : element.siaTextVariables, layout, paragraphs.length, shortLines.length > 1);
    if (kept?.[0] === 0 && isWholeShortText(layout.variables[0], paragraphs[0], shortLines[0] ?? '')) {
      // a long-text paragraph in variable 00 whose first line is the type-2 text would read as the whole short text:
      // its first line is made one word shorter, or, a single word, the paragraphs are numbered from 01
      const shorter = firstLineShorter(layout.variables[0]);
      if (shorter && shorter.length <= MAX_LINES) layout.variables[0] = shorter;
      else kept = undefined;
    }
    layout.variables.forEach((lines, v) => this.lines(chapter, e.number, kept?.[v] ?? v + 1, lines));
    if (isPosition(element)) this.quantities(chapter, e.number, element, itemNumber);
  }

  /**
   * The long text of the note text that opens a heading's group, its title (a GAEB remark's outline text) as the
   * first paragraph unless the text starts with it: the heading's long text has no title of its own.
   */
  private noteText(note: NoteTextDto | undefined, itemNumber: string): string | undefined {
    const title = noteTitleToAdd(note);
    const text = note?.longText ?? '';
    if (title === undefined) return note?.longText;
    this.titledNotes.push(itemNumber);
    return text.trim() === '' ? title : `${title}\n${text}`;
  }

  /** One paragraph as type-3 lines of a variable, wrapped at 30 characters. */
  private textLines(chapter: string, number: string, variable: number, text: string, itemNumber: string): void {
    const { lines, split } = wrapWords(text, SIA_TEXT_WIDTH);
    if (split) this.report.report('SIA_TEXT_TRUNCATED', 'warning', `A word longer than ${SIA_TEXT_WIDTH} characters was split over two text records.`, itemNumber);
    if (lines.length > MAX_LINES) {
      this.report.report('SIA_TEXT_TRUNCATED', 'warning', `A paragraph needs ${lines.length} text records; SIA 451 numbers ${MAX_LINES}, the rest was not written.`, itemNumber);
    }
    this.lines(chapter, number, variable, lines.slice(0, MAX_LINES));
  }

  /** Type-3 records of one variable (at most 99 lines). */
  private lines(chapter: string, number: string, variable: number, lines: readonly string[]): void {
    lines.forEach((line, i) => {
      this.add(this.g(chapter, number, G_TYPE.longText).put('variable', String(variable).padStart(2, '0')).put('line', String(i + 1).padStart(2, '0')).put('text', line));
    });
  }

  /** What the layout of a long text (`long-text.ts`) gave up, as one message (one per code and item is kept). */
  private reportLayout(layout: LongTextLayout, paragraphs: number, itemNumber: string): void {
    const parts: string[] = [];
    if (layout.split) parts.push(`a word longer than ${SIA_TEXT_WIDTH} characters was split over two text records`);
    if (layout.continued > 0) parts.push(`${layout.continued} paragraph(s) longer than ${MAX_LINES} text records continue in the next variable`);
    if (layout.joined > 0) parts.push(`its ${paragraphs} paragraphs needed more than the ${MAX_VARIABLES} variables SIA 451 numbers, so ${layout.joined} paragraph breaks were given up (the text runs on)`);
    if (layout.cutLines > 0) parts.push(`${layout.cutLines} text records beyond ${MAX_VARIABLES} variables of ${MAX_LINES} were not written`);
    if (parts.length === 0) return;
    const message = parts.length === 1 && layout.split
      ? `A word longer than ${SIA_TEXT_WIDTH} characters was split over two text records.`
      : `The long text does not fit the text records as it is: ${parts.join('; ')}.`;
    this.report.report('SIA_TEXT_TRUNCATED', 'warning', message, itemNumber);
  }

  private quantities(chapter: string, number: string, p: PositionDto, itemNumber: string): void {
    const unit = siaUnit(p.unitTag ?? ''); // cleaned by cut() below
    if (unit.mapped) {
      const key = `'${(p.unitTag ?? '').trim()}' → '${unit.unit}'`;
      this.mappedUnits.set(key, (this.mappedUnits.get(key) ?? 0) + 1);
    }
    this.add(this.g(chapter, number, G_TYPE.unit).put('unit', this.cut(unit.unit, 2, 'The unit', itemNumber)));
    const components = p.quantityComponents ?? [];
    let perOutline = components.length > 0 && components.every((c) => typeof c.siaObjectOutline === 'string' && c.siaObjectOutline !== '');
    let differs = false;
    if (perOutline) {
      // a receiver sums the quantity records: they must add up to the position's quantity (an override may differ)
      const sum = round(components.reduce((s, c) => s.plus(c.result ?? 0), new D(0)), QUANTITY_DECIMALS);
      const quantity = round(new D(p.quantity ?? 0), QUANTITY_DECIMALS);
      if (sum !== quantity) {
        perOutline = false;
        differs = true;
        this.report.report('SIA_QUANTITY_DIFFERS', 'warning', `The quantity components per object outline add up to ${sum}, the position's quantity is ${quantity}: the quantity was written as one record without object outline.`, itemNumber);
      }
    }
    // the KAG code each record had (`siaKag`); one record for several components takes theirs when they share one
    const kag = (c: CalculationDto | undefined): string => (typeof c?.siaKag === 'string' ? c.siaKag : '');
    const shared = components.length > 0 && components.every((c) => kag(c) === kag(components[0])) ? kag(components[0]) : '';
    const rows: { outline: string; quantity: number; kag: string }[] = perOutline
      ? components.map((c) => ({ outline: c.siaObjectOutline as string, quantity: c.result ?? 0, kag: kag(c) }))
      : [{ outline: '', quantity: p.quantity ?? 0, kag: shared }];
    if (!perOutline && !differs && components.length > 0) {
      this.report.report('SIA_QUANTITY_COMPONENTS_SUMMED', 'info', `${components.length} quantity component(s) without object outline were written as one quantity record.`, itemNumber);
    }
    const price = p.unitPrice ?? 0;
    if (!perOutline && rows[0].quantity === 0 && price === 0) return;
    // the value formatImplied writes (half up on the number's shortest decimal form)
    const written = round(new D(price), PRICE_DECIMALS);
    if (written !== price) {
      this.report.report('SIA_UNIT_PRICE_ROUNDED', 'warning', `The unit price ${price} was rounded to the ${PRICE_DECIMALS} decimals of SIA 451 (${written.toFixed(PRICE_DECIMALS)}).`, itemNumber);
    }
    for (const row of rows) {
      if (row.outline && !this.outlines.has(row.outline)) this.outlines.set(row.outline, row.outline);
      const r = this.g(chapter, number, G_TYPE.quantity).put('objectOutline', row.outline).put('quantityKind', 'A')
        .put('kag', this.cut(row.kag, 5, 'The KAG code', itemNumber));
      this.number(r, 'quantitySign', 'quantity', row.quantity, QUANTITY_DECIMALS, itemNumber);
      if (price !== 0) this.number(r, 'priceSign', 'price', price, PRICE_DECIMALS, itemNumber);
      else r.put('priceSign', '+');
      this.add(r);
    }
  }
}

/** What decides whether an element counts and a G record is written without (`core/model/counting-marks.ts`). */
const SIA_LOST_MARKS: ReadonlySet<CountingMark> = new Set(['alternativeGroup', 'alternativePosition', 'withoutTotal', 'removed']);

/**
 * What a receiver of the file counts differently: SIA 451 states quantities and unit prices only (no totals), so
 * a receiver computes every total from them — without the discounts a G record has no field for, and counting the
 * alternative, without-total and not applicable elements the writer cannot mark. Reported as
 * `SIA_DISCOUNT_DROPPED` and `SIA_COUNTING_CHANGED`, the second from the totals without discounts, so that its
 * last BoQ total is the one the receiver computes (unit prices as written to two decimals). Also reported: markup
 * items written as ordinary positions (`SIA_MARKUP_ITEM_FIXED`), item kinds a G record has no mark for
 * (`SIA_ITEM_KIND_DROPPED`; a lump sum in `gl` says it) and ÖNORM marks (`SIA_OENORM_MARKS_DROPPED`).
 */
function reportLosses(project: ProjectDto, report: SiaReport, supportSkippedItemNumberLevels: boolean): void {
  const spec = project.serviceSpecifications?.[0];
  if (!spec) return;
  const { discounts, counting } = receiverCount(project, SIA_LOST_MARKS, supportSkippedItemNumberLevels);
  if (discounts) report.report('SIA_DISCOUNT_DROPPED', 'warning', discountsDroppedMessage('SIA 451', discounts.found, discounts.before, discounts.after, false));
  if (counting) report.report('SIA_COUNTING_CHANGED', 'warning', countingChangeMessage('SIA 451', counting));
  const markups = markupItemsMessage('SIA 451', spec);
  if (markups) report.report('SIA_MARKUP_ITEM_FIXED', 'info', markups);
  const kinds = itemKindsMessage('SIA 451', spec, ['lumpSum', 'hourly', 'quantityByBidder', 'notOffered', 'optional', 'alternative'], {
    lumpSum: (p) => siaUnit(p.unitTag ?? '').unit === 'gl', // written as gl (global)
  });
  if (kinds) report.report('SIA_ITEM_KIND_DROPPED', 'warning', kinds);
  const oenorm = oenormMarksMessage('SIA 451', spec);
  if (oenorm) report.report('SIA_OENORM_MARKS_DROPPED', 'warning', oenorm);
}

/**
 * Writes a project as SIA 451.
 * @param project a normalised, calculated project (`prepareProject`); its first service specification is written
 * @param sink    receives a message per shortened, replaced, rounded or dropped thing (codes `SIA_*`)
 * @param today   the export date of the Z record (and the creation date when the project has none)
 * @param supportSkippedItemNumberLevels as the project was prepared with (option SupportSkippedItemNumberLevelsInPositions)
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) for a quantity or price that does not fit its digits, more
 *   than 999 chapters, or more headings or positions in one group than the numbering holds; GW_ERR_INPUT (400,
 *   key = the JSON path) for kept SIA records of the wrong shape (`keptSiaRecords`)
 */
export function writeSia(project: ProjectDto, sink: MessageSink, today = new Date(), supportSkippedItemNumberLevels = false): Buffer {
  const writer = new SiaWriter(project, sink, today);
  reportLosses(project, new SiaReport(sink), supportSkippedItemNumberLevels);
  return writer.write();
}
