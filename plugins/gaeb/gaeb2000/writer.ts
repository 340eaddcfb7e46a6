/**
 * GAEB 2000 writer (`.P81`–`.P86`, DA 2000 version 1.2): a prepared ProjectDto → Windows-1252 bytes, CRLF lines,
 * `#begin[…]`/`#end[…]` blocks indented one blank per level, `[Tag]value[end]` values, and the checksum trailer
 * `#end[GAEB]<#begin blocks>|<[end] values>` (GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83, as Dangl/iTWO/SJ AVA write it).
 *
 * Layout written: GAEBInfo; PrjInfo (Name, Bez, Wae, WaeBez); Vergabe → DP, VergabeInfo, AG/Adresse, ZusText per
 * opening note text; LV → LVInfo (Name, Bez, Datum, KurzLang, BezZeit, AnzEPAnteile and _GAEBXML_LblUPComp<n> for the
 * price component labels, LVGlied per schema tier, USt), then the body: LVBereich (nested), Hinweis (other note
 * texts), Position ([OZ] [Menge] [ME] [EP] [EPAnteil<n>] [GB] [Bedarf] [Entf] [ZZGruppeNr] [ZZLfdNr], Beschreibung →
 * [Kurztext] [Langtext]).
 *
 * Decisions:
 * - `[OZ]` is the full item number in the fixed tier widths, each part right-aligned and blank-filled (the form of
 *   Flechtingen GS AA.p83 `" 1 1   1"`), so parts come back exactly as they were; a skipped level is blank
 *   (`"1  10"`, the 1561 files). Widths: the schema's, widened to the longest part found (reported).
 * - Numbers with decimal comma (iTWO, NEVARIS, SJ AVA, BUILDUP: the majority of writers, §2.2): Menge 3, EP
 *   `unitPriceAccuracy` (2|3), GB 2 decimals. Prices (EP, EPAnteil<n>, GB, Summe) only in the priced phases 82, 84,
 *   85, 86; the component labels in every phase (as GAEB 90 record 06 and DA XML `LblUPComp`). Component amounts
 *   have the unit price's decimals; their tags and the label tags: `price-components.ts`.
 * - `[Langtext]` is plain text (what iTWO/NEVARIS write; every reader understands it and lines survive) when its
 *   lines read back to the same text, else RTF (`{\rtf1\ansi\ansicpg1252 …}`), which keeps bold/italic/underline,
 *   line breaks and the exact whitespace (long-text.ts). Other formatting (fonts, colours, tables) is not kept and
 *   reported once per item.
 * - Phase 84 (bid submission) is the reduced structure: LVBereich with `[OZ]` and `[Summe]`, Position with `[OZ]`,
 *   `[EP]`, `[EPAnteil<n>]`, `[GB]`; no opening texts, remarks, labels, quantities, units, item kinds or texts,
 *   except the long text of a position holding text complements or a text addition (so the bidder's entries reach
 *   the receiver; GAEB 2000 has no complement markup). Source: gaeb-online.de help "Keine Texte, keine Mengen bei
 *   DA84" (D84/P84/X84 hold OZ, EP, GB and EP components, no short/long texts, quantities, units or item kinds).
 *   One message (`GAEB2000_OFFER_PHASE_REDUCED`, info) says how many elements lost what.
 * - What the format cannot hold is reported (`GAEB2000_*`, with the item number): characters outside
 *   Windows-1252 (replaced by their nearest spelling or '?', core/text/records.ts `toCodePage`), sub descriptions,
 *   execution descriptions, labour price components, price components without a label slot, component amounts
 *   rounded to the unit price's decimals.
 * - Discounts (GAEB 2000 has no keyword for them): an item's `DiscountPcnt` as `[_GAEBXML_DiscountPcnt]` with `[GB]`
 *   the total after it (DA XML IT); a category's or the LV's `DiscountPcnt`/`DiscountAmt`/`TotalLSUM` as
 *   `[_GAEBXML_DiscountPcnt]`/`[_GAEBXML_DiscountAmt]`/`[_GAEBXML_TotalLSUM]`, `[Summe]` the sum of the children
 *   after their discounts and `[SummeNachNL]` the category total after its own (discounts.ts). The reader reads
 *   them back, so totals come back equal.
 * - Phases 81 and 83 write no prices; `GAEB2000_PRICES_DROPPED` (info) says how many
 *   priced positions lost them, as the DA XML writer's `GAEB_XML_PRICES_DROPPED`.
 */
import iconv from 'iconv-lite';
import { schemaLayout, splitIndexPart, type SchemaLayout } from '../../../core/model/item-numbers.js';
import { plainTextToHtml } from '../../../core/text/plain-text.js';
import type {
  ElementContainerBase, ElementDto, ItemNumberSchemaTierDto, NoteTextDto, PartyInformationDto, PositionDto, ProjectDto,
  ServiceSpecificationDto, ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import type { ResolvedOptions } from '../../../core/options/catalog.js';
import type { MessageSink } from '../../../core/pipeline/messages.js';
import { type CodePage, toCodePage } from '../../../core/text/records.js';
import { ReaderReport } from '../xml/reader/report.js';
import { reportUnwritten } from './unwritten.js';
import { itemFlagTags } from './item-flags.js';
import { fitNameFields, hasPartyData } from '../party.js';
import { componentLabels } from '../price-components.js';
import { writeLongText } from './long-text.js';
import { hasDroppedFormatting } from './long-text-runs.js';
import { longTextFormOf, type LongTextCache } from '../../../core/text/long-text-cache.js';
import { COUNT_TAG, amountTag, componentAmounts, labelTag } from './price-components.js';
import { checksumOf } from './tokenizer.js';
import { formatGaeb2000Date, formatGaeb2000Number } from './values.js';
import { DISCOUNT_AMT, DISCOUNT_PCNT, TOTAL_LSUM } from './discounts.js';
import { containerDiscounted } from '../../../core/model/discount-losses.js';
import { pricedPositions, shortTextLine } from '../writer-losses.js';
import { alternativeMarks } from './alternative-marks.js';

/** A fraction (0.1) as the percent GAEB writes (`10,00`): up to 6 decimals, at least 2. */
const percent = (factor: number): string => formatGaeb2000Number(factor * 100, 6).replace(/0{1,4}$/, '');

type Phase = '81' | '82' | '83' | '84' | '85' | '86';
const PRICED: ReadonlySet<string> = new Set(['82', '84', '85', '86']);
/** Code page of GAEB 2000 (`[Zeichensatz]ANSI`). */
const WINDOWS_1252 = 'windows-1252' satisfies CodePage;
const TIER_NAMES: Record<string, string> = { Lot: 'Los', Group: 'LVStufe', Position: 'Position', Index: 'Index' };

const isGroup = (e: ElementDto): e is ServiceSpecificationGroupDto => e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto' || e.elementTypeDiscriminator === 'ServiceSpecificationGroup';
const isPosition = (e: ElementDto): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto' || e.elementTypeDiscriminator === 'Position';
/** A text the bidder fills in: text complements in the HTML, or marked as holding a text addition. */
const holdsAdditions = (d: PositionDto | NoteTextDto): boolean =>
  (d.additionType !== undefined && d.additionType !== 'None') || /class="[^"]*\bTextComplement\b/.test(d.htmlLongText ?? '');
const isNote = (e: ElementDto): e is NoteTextDto => e.elementTypeDiscriminator === 'NoteTextDto' || e.elementTypeDiscriminator === 'NoteText';

class Gaeb2000Writer {
  private readonly lines: string[] = [];
  private depth = 0;
  private begins = 0;
  private ends = 0;
  private widths: number[] = [];
  private groupCount = 0;
  /** The tiers `[OZ]` is written with (for telling the index apart, {@link splitIndexPart}). */
  private numberLayout: SchemaLayout = schemaLayout(undefined);
  private hasIndex = false;
  private readonly priced: boolean;
  /** Phase 84: the reduced bid structure (see the module comment). */
  private readonly reduced: boolean;
  /** Elements whose texts, quantities, units or kinds phase 84 left out (for one message at the end). */
  private reducedCount = 0;
  private readonly upDecimals: number;
  /** Price component labels, in `[EPAnteil<n>]` order (`componentLabels`). */
  private readonly labels: string[];
  private current: string | undefined;
  /** Elements whose text complements or text additions were written as plain long text (one message at the end). */
  private readonly complementTexts: string[] = [];
  /** `[ZZGruppeNr]`/`[ZZLfdNr]` of the positions of alternative groups and their base groups (`alternativeMarks`). */
  private readonly groupAlternatives: Map<PositionDto, { group: number; serial: number }>;

  constructor(private readonly project: ProjectDto, private readonly options: ResolvedOptions,
    private readonly report: ReaderReport, private readonly phase: Phase, private readonly longTexts?: LongTextCache) {
    this.priced = PRICED.has(phase);
    this.reduced = phase === '84';
    this.upDecimals = project.unitPriceAccuracy === 2 ? 2 : 3;
    this.labels = componentLabels(project, project.serviceSpecifications?.[0] ?? {});
    this.groupAlternatives = alternativeMarks(project.serviceSpecifications?.[0] ?? {});
  }

  private begin(name: string): void {
    this.lines.push(`${' '.repeat(this.depth)}#begin[${name}]`);
    this.depth++;
    this.begins++;
  }

  private end(name: string): void {
    this.depth--;
    this.lines.push(`${' '.repeat(this.depth)}#end[${name}]`);
  }

  /** `[tag]value[end]`; multi-line values keep their lines (continuations unindented). Nothing for undefined. */
  private value(tag: string, value: string | number | undefined): void {
    if (value === undefined || value === '') return;
    let text = String(value).replace(/\r\n?/g, '\n');
    if (this.options.RemoveUnprintableCharactersFromTexts === true) text = text.replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
    if (/\[end\]/i.test(text)) {
      text = text.replace(/\[end\]/gi, '[end ]');
      this.report.report('GAEB2000_END_MARKER_ESCAPED', 'warning', `A text held the marker '[end]'; it was written as '[end ]'.`, this.current);
    }
    const written = toCodePage(text, WINDOWS_1252);
    if (written.replaced) {
      this.report.report('GAEB2000_CHARACTER_REPLACED', 'warning', `[${tag}] holds characters outside Windows-1252 (${written.replaced}); they were replaced.`, this.current);
    }
    this.lines.push(`${' '.repeat(this.depth)}[${tag}]${written.text.split('\n').join('\r\n')}[end]`);
    this.ends++;
  }

  write(): string {
    const info = this.project.projectInformation ?? {};
    const spec = this.project.serviceSpecifications?.[0] ?? {};
    if ((this.project.serviceSpecifications?.length ?? 0) > 1) {
      this.report.report('GAEB2000_SPECIFICATIONS_DROPPED', 'warning', 'GAEB 2000 holds one LV; only the first service specification was written.');
    }
    this.layout(info.itemNumberSchema?.tiers ?? [], spec.elements ?? []);
    const now = new Date();
    this.begin('GAEB');
    this.begin('GAEBInfo');
    this.value('Version', '1.2');
    this.value('VersMon', '11');
    this.value('VersJahr', '2001');
    this.value('Datum', formatGaeb2000Date(now.toISOString()));
    this.value('Uhrzeit', now.toISOString().slice(11, 16));
    this.value('ProgSystem', 'ava-gateway');
    this.value('ProgName', 'ava-gateway');
    this.value('Zeichensatz', 'ANSI');
    this.end('GAEBInfo');
    this.begin('PrjInfo');
    this.value('Name', info.name);
    this.value('Bez', info.descriptionShort);
    this.value('Wae', info.currencyShort);
    this.value('WaeBez', info.currencyLong);
    // GAEB 2000 has no tag for the unit price decimals; the vendor tag the reader knows keeps a stated 2 or 3.
    if (info.upFracDig !== undefined) this.value('_GAEBXML_UPFracDig', String(info.upFracDig));
    this.end('PrjInfo');
    this.begin('Vergabe');
    this.value('DP', this.phase);
    this.begin('VergabeInfo');
    this.value('Wae', info.currencyShort);
    this.value('WaeBez', info.currencyLong);
    this.value('AbgabeOrt', spec.submissionLocation);
    this.value('AusfBeginn', formatGaeb2000Date(spec.plannedExecutionStart));
    this.value('AusfEnde', formatGaeb2000Date(spec.plannedExecutionEnd));
    this.end('VergabeInfo');
    if (info.buyer) this.address(info.buyer);
    if (hasPartyData(spec.bidder)) {
      this.report.report('GAEB2000_ELEMENT_DROPPED', 'warning', `The bidder (contractor, DA XML CTR: ${spec.bidder.name?.split('\n')[0] || 'no name'}) was not written: the writer knows no GAEB 2000 block for the contractor (the public samples hold the client's, AG, only).`);
    }
    const elements = spec.elements ?? [];
    for (const e of elements) {
      if (!(isNote(e) && e.isOpeningText)) continue;
      if (this.reduced) this.reducedCount++;
      else this.zusText(e);
    }
    this.begin('LV');
    this.begin('LVInfo');
    this.value('Name', spec.name);
    this.value('Bez', spec.description);
    this.value('Datum', formatGaeb2000Date(spec.creationDate));
    this.value('KurzLang', '1');
    this.value('BezZeit', info.labourTimeLabel);
    if (this.labels.length > 0) this.value(COUNT_TAG, this.labels.length);
    this.labels.forEach((label, i) => this.value(labelTag(i + 1), label));
    this.tiers(info.itemNumberSchema?.tiers ?? []);
    if (spec.projectTaxRate !== undefined) this.value('USt', formatGaeb2000Number(spec.projectTaxRate * 100, 2));
    if (this.priced) this.containerDiscount(spec);
    this.end('LVInfo');
    this.body(elements.filter((e) => !(isNote(e) && e.isOpeningText)), []);
    this.end('LV');
    this.end('Vergabe');
    this.depth--;
    this.lines.push(`#end[GAEB]${checksumOf({ begins: this.begins, ends: this.ends })}`);
    const priced = this.priced ? 0 : pricedPositions(spec);
    if (priced > 0) {
      const why = `phase ${this.phase} carries no prices`;
      this.report.report('GAEB2000_PRICES_DROPPED', 'info', `${why}; unit prices and totals of ${priced} position(s) were not written`);
    }
    if (this.complementTexts.length > 0) {
      const first = this.complementTexts.slice(0, 5).join(', ');
      const more = this.complementTexts.length > 5 ? ` and ${this.complementTexts.length - 5} more` : '';
      this.report.report(
        'GAEB2000_TEXT_COMPLEMENTS_AS_TEXT', 'warning',
        `GAEB 2000 has no markup for text complements (Textergänzungen, the owner's or bidder's entries in a long text): the long texts of ${this.complementTexts.length} element(s) holding them or marked as holding text additions were written as plain text, so a receiver no longer knows which parts the bidder fills in: ${first}${more}.`,
      );
    }
    if (this.reducedCount > 0) {
      this.report.report(
        'GAEB2000_OFFER_PHASE_REDUCED', 'info',
        `Phase 84 (bid submission) holds item numbers, prices, price components and category totals only: the texts, quantities, units and item kinds of ${this.reducedCount} element(s) were not written (long texts with text complements or a text addition were kept).`,
      );
    }
    return this.lines.join('\r\n') + '\r\n';
  }

  /** Tier widths: the schema's, widened to the longest item number part (reported when widened). */
  private layout(tiers: readonly ItemNumberSchemaTierDto[], elements: readonly ElementDto[]): void {
    const groups = tiers.filter((t) => t.tierType === 'Lot' || t.tierType === 'Group');
    const item = tiers.find((t) => t.tierType === 'Position');
    this.hasIndex = tiers.some((t) => t.tierType === 'Index');
    const schemaWidths = [...groups.map((t) => t.length ?? 1), item?.length ?? 1, ...(this.hasIndex ? [1] : [])];
    let maxDepth = groups.length;
    const widths = [...schemaWidths];
    const walk = (list: readonly ElementDto[], depth: number) => {
      for (const e of list) {
        if (isGroup(e)) {
          maxDepth = Math.max(maxDepth, depth + 1);
          walk(e.elements ?? [], depth + 1);
        }
      }
    };
    walk(elements, 0);
    this.groupCount = maxDepth;
    while (widths.length - (this.hasIndex ? 2 : 1) < maxDepth) widths.splice(widths.length - (this.hasIndex ? 2 : 1), 0, 1);
    const fit = (list: readonly ElementDto[], depth: number) => {
      for (const e of list) {
        if (isGroup(e)) fit(e.elements ?? [], depth + 1);
        const parts = isGroup(e) || isPosition(e) ? this.parts(e, depth) : undefined;
        parts?.forEach((p, i) => { if (p.length > widths[i]) widths[i] = p.length; });
      }
    };
    this.widths = widths;
    this.numberLayout = schemaLayout({
      tiers: [
        ...Array.from({ length: maxDepth }, (): ItemNumberSchemaTierDto => ({ tierType: 'Group', length: 1 })),
        { tierType: 'Position', length: 1 },
        ...(this.hasIndex ? [{ tierType: 'Index', length: 1, type: 'Alphanumeric' } as ItemNumberSchemaTierDto] : []),
      ],
    });
    fit(elements, 0);
    if (widths.some((w, i) => w !== schemaWidths[i])) {
      this.report.report('GAEB2000_SCHEMA_WIDENED', 'info', `The item number levels were written with widths ${widths.join(', ')} (schema: ${schemaWidths.join(', ') || 'none'}) so that every item number fits [OZ].`);
    }
  }

  private tiers(tiers: readonly ItemNumberSchemaTierDto[]): void {
    const named = tiers.filter((t) => t.tierType !== undefined);
    const types = [...Array(this.groupCount).fill('Group'), 'Position', ...(this.hasIndex ? ['Index'] : [])] as string[];
    const groups = named.filter((t) => t.tierType === 'Lot' || t.tierType === 'Group');
    types.forEach((type, i) => {
      const tier = type === 'Group' ? groups[i] : named.find((t) => t.tierType === type);
      this.begin('LVGlied');
      this.value('Typ', TIER_NAMES[type === 'Group' && tier?.tierType === 'Lot' ? 'Lot' : type]);
      this.value('Bez', tier?.tierName);
      this.value('Laenge', this.widths[i]);
      this.value('Format', tier?.type === 'Alphanumeric' ? 'AN' : 'N');
      this.end('LVGlied');
    });
  }

  /**
   * Tier parts of a group or position number, aligned to the widths: group parts first (missing levels of a
   * position with fewer parts are the deepest group levels, blank), then item and index. `depth` is the number of
   * groups enclosing the element; it tells an index from a group part under a skipped level ({@link splitIndexPart}:
   * `01.0040.1` in group 01 is item 0040 with index 1). GAEB 2000 `[OZ]` holds the index in the position of the
   * `LVGlied` of `[Typ]Index` after the `Position` one (as in the iTWO P83 files of ddrews-de/gaeb-converter
   * TestData, LV_Los01.P83 / LV_Los02.P83).
   */
  private parts(e: ServiceSpecificationGroupDto | PositionDto, depth: number): string[] {
    const s = e.itemNumber?.stringRepresentation ?? '';
    const blank = (p: string) => (/^_+$/.test(p) ? '' : p);
    const raw = s.replace(/\.$/, '').split('.');
    if (isGroup(e)) return raw.map(blank);
    const { parts, index } = splitIndexPart(raw, depth, this.numberLayout, true);
    const groups = parts.slice(0, -1).map(blank);
    while (groups.length < this.groupCount) groups.push('');
    return [...groups.slice(0, this.groupCount), blank(parts[parts.length - 1] ?? ''), ...(index !== undefined ? [index] : [])];
  }

  private oz(e: ServiceSpecificationGroupDto | PositionDto, depth: number): string {
    return this.parts(e, depth).map((p, i) => p.padStart(this.widths[i] ?? p.length, ' ')).join('').replace(/\s+$/, '');
  }

  private address(party: PartyInformationDto): void {
    this.begin('AG');
    this.begin('Adresse');
    // Name1..Name4: a fifth and later line of the name joined into Name4 (as the DA XML writer's tgAddress)
    fitNameFields((party.name ?? '').split('\n')).forEach((n, i) => this.value(`Name${i + 1}`, n));
    this.value('Strasse', party.street);
    this.value('PLZ', party.zipCode);
    this.value('Ort', party.city);
    this.value('LandBez', party.country);
    this.value('Email', party.email);
    this.value('Telefon', party.phone);
    this.value('Fax', party.fax);
    this.end('Adresse');
    this.end('AG');
  }

  private zusText(note: NoteTextDto): void {
    this.noteComplements(note);
    this.begin('ZusText');
    this.value('Text', note.shortText);
    this.value('TextRTF', this.longText(note));
    this.end('ZusText');
  }

  /**
   * @param alternative the elements sit in an alternative category, whose positions carry alternative marks
   *   (`alternativeMarks`): a receiver counts none of them, so no `[Summe]` is stated for such a category (the model's,
   *   which sums them, would contradict the receiver's recalculation)
   */
  private body(elements: readonly ElementDto[], path: readonly string[], alternative = false): void {
    for (const e of elements) {
      if (isGroup(e)) {
        this.current = e.itemNumber?.stringRepresentation;
        this.begin('LVBereich');
        this.value('OZ', this.oz(e, path.length));
        if (this.reduced) this.reducedCount += e.shortText ? 1 : 0;
        else {
          this.value('Bez', e.shortText);
          if (e.comissionStatus === 'Removed') this.value('Entf', 'J');
        }
        const inAlternative = alternative || e.alternativeTo !== undefined;
        this.body(e.elements ?? [], [...path, e.itemNumber?.stringRepresentation ?? ''], inAlternative);
        if (this.priced && e.totalPrice !== undefined && !inAlternative) this.value('Summe', formatGaeb2000Number(e.totalPrice, 2));
        if (this.priced) this.containerDiscount(e);
        this.end('LVBereich');
      } else if (isPosition(e)) this.position(e, path.length);
      else if (isNote(e) && this.reduced) this.reducedCount++;
      else if (isNote(e)) {
        this.begin('Hinweis');
        this.description(e);
        this.end('Hinweis');
      } else {
        this.report.report('GAEB2000_ELEMENT_DROPPED', 'warning', `A ${e.elementTypeDiscriminator} has no GAEB 2000 equivalent and was dropped.`, path[path.length - 1]);
      }
    }
  }

  private position(p: PositionDto, depth: number): void {
    const number = p.itemNumber?.stringRepresentation;
    this.current = number;
    this.begin('Position');
    this.value('OZ', this.oz(p, depth));
    const qty = p.quantity ?? p.quantityOverride;
    if (qty !== undefined && !this.reduced) this.value('Menge', formatGaeb2000Number(qty, 3));
    if (!this.reduced) this.value('ME', p.unitTag);
    if (this.priced) {
      const up = p.unitPrice ?? p.unitPriceOverride;
      if (up !== undefined) this.value('EP', formatGaeb2000Number(up, this.upDecimals));
      this.components(p, number);
      // [GB] is the total after the item's discount (as DA XML IT, "Gesamtbetrag incl. Nachlass"), with the
      // discount in the vendor tag the reader reads back, so a receiver knowing it recalculates the same [GB].
      const factor = p.deductionFactor ?? 0;
      const total = factor !== 0 ? p.deductedPrice ?? p.totalPrice : p.totalPrice;
      if (total !== undefined) this.value('GB', formatGaeb2000Number(total, 2));
      if (factor !== 0) this.value(DISCOUNT_PCNT, percent(factor));
    }
    if (this.reduced) {
      this.reducedCount++;
      if (holdsAdditions(p)) this.description(p, false);
      this.end('Position');
      return;
    }
    if (p.positionType === 'Optional') this.value('Bedarf', p.priceType === 'WithTotal' ? 'M' : 'E');
    if (p.comissionStatus === 'Removed') this.value('Entf', 'J');
    const alternative = p.alternativeGroupIdentifier !== undefined
      ? { group: p.alternativeGroupIdentifier, serial: p.alternativeIdentifier ?? 0 }
      : this.groupAlternatives.get(p);
    if (alternative !== undefined) {
      this.value('ZZGruppeNr', alternative.group);
      this.value('ZZLfdNr', alternative.serial);
    }
    for (const tag of itemFlagTags(p)) this.value(tag, 'Yes'); // lump sum, hourly, bidder's quantity, not offered (item-flags.ts)
    this.description(p);
    if ((p.subDescriptions?.length ?? 0) > 0) this.report.report('GAEB2000_SUBDESCRIPTION_DROPPED', 'warning', 'Sub descriptions have no GAEB 2000 equivalent and were dropped.', number);
    this.end('Position');
  }

  /**
   * The discount of a category (`LVBereich`, after `[Summe]`) or of the LV (`LVInfo`): GAEB 2000 has no keyword
   * for it, so the DA XML values go into the project's vendor tags (as `_GAEBXML_UPFracDig`), read back by the
   * reader: `[_GAEBXML_DiscountPcnt]` (percent), `[_GAEBXML_DiscountAmt]`, `[_GAEBXML_TotalLSUM]`; the total after
   * them in `[SummeNachNL]` (the GAEB 2000 category keyword "Summe nach Nachlass", GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83).
   */
  private containerDiscount(c: ElementContainerBase): void {
    if (!containerDiscounted(c)) return;
    if ((c.deductionFactor ?? 0) !== 0) this.value(DISCOUNT_PCNT, percent(c.deductionFactor!));
    if ((c.absoluteDeduction ?? 0) !== 0) this.value(DISCOUNT_AMT, formatGaeb2000Number(c.absoluteDeduction!, 2));
    if (c.flatSum !== undefined) this.value(TOTAL_LSUM, formatGaeb2000Number(c.flatSum, 2));
    if (c.deductedPrice !== undefined && isGroup(c as ElementDto)) this.value('SummeNachNL', formatGaeb2000Number(c.deductedPrice, 2));
  }

  /** `[EPAnteil<n>]` of a position (`componentAmounts`); what GAEB 2000 cannot hold is reported. */
  private components(p: PositionDto, number: string | undefined): void {
    const labour = p.labourComponents?.price;
    if (typeof labour === 'number' && labour !== 0) {
      this.report.report('GAEB2000_LABOUR_COMPONENT_DROPPED', 'warning', `The labour price component (${labour}) has no GAEB 2000 tag and was not written; the unit price includes it.`, number);
    }
    if (!p.priceComponents || p.priceComponents.length === 0) return;
    const { values, unplaced, rounded } = componentAmounts(p, this.labels, this.upDecimals);
    for (const v of values) this.value(v.tag, v.text);
    if (unplaced.length > 0) {
      this.report.report('GAEB2000_PRICE_COMPONENTS_DROPPED', 'warning', `The price component(s) ${unplaced.map((l) => `'${l}'`).join(', ')} have no label among the LV's ${this.labels.length} (${amountTag(1)}…) and were not written.`, number);
    }
    if (rounded.length > 0) {
      this.report.report('GAEB2000_PRICE_COMPONENT_ROUNDED', 'warning', `The price component(s) ${rounded.map((l) => `'${l}'`).join(', ')} were rounded to the ${this.upDecimals} decimals of the unit price.`, number);
    }
  }

  /**
   * Notes an element whose long text holds text complements or that is marked as holding text additions (outside
   * the reduced bid, whose reader takes a position's long text for the bidder's entry).
   */
  private noteComplements(d: PositionDto | NoteTextDto): void {
    if (this.reduced || !holdsAdditions(d)) return;
    this.complementTexts.push(isPosition(d) ? d.itemNumber?.stringRepresentation ?? 'a position' : `a note text${this.current ? ` in ${this.current}` : ''}`);
  }

  /** `Beschreibung`: `[Kurztext]` (unless `withShortText` is false: the reduced bid) and `[Langtext]`. */
  private description(d: PositionDto | NoteTextDto, withShortText = true): void {
    this.noteComplements(d);
    const long = this.longText(d);
    const short = withShortText ? d.shortText : undefined;
    if (short === undefined && long === undefined) return;
    this.begin('Beschreibung');
    const { line, changed } = shortTextLine(short);
    if (changed) this.report.report('GAEB2000_SHORT_TEXT_ONE_LINE', 'info', '[Kurztext] holds one line: the short text\'s line breaks or tabs were written as spaces.', this.current);
    this.value('Kurztext', short === undefined ? undefined : line);
    this.value('Langtext', long);
    this.end('Beschreibung');
  }

  /** Plain lines or RTF, whichever reads back to the same text (`writeLongText`); undefined without a long text. */
  private longText(d: PositionDto | NoteTextDto): string | undefined {
    const html = d.htmlLongText || plainTextToHtml(d.longText ?? '');
    const form = longTextFormOf(this.longTexts, html);
    if (hasDroppedFormatting(form)) {
      this.report.report('GAEB2000_TEXT_FORMATTING_DROPPED', 'info', 'Fonts, colours, tables or images of the long text were not written (GAEB 2000 keeps text, paragraphs, bold, italic and underline).', this.current);
    }
    return writeLongText(form);
  }
}

/**
 * Writes a project as GAEB 2000.
 * @param project a prepared project (`prepareProject`: computed quantities, prices and padded item numbers)
 * @param options resolved options (reads RemoveUnprintableCharactersFromTexts)
 * @param sink    conversion messages for what GAEB 2000 cannot hold (codes `GAEB2000_*`, with the item number);
 *   the conversion context, whose `longTexts` (when set) gives the long texts already parsed
 * @param phase   exchange phase written to `[DP]`; EP/GB/Summe only in 82, 84, 85, 86; 84 writes the reduced bid
 *   structure (see the module comment)
 * @returns Windows-1252 bytes with CRLF line ends and the checksum trailer
 */
export function writeGaeb2000(project: ProjectDto, options: ResolvedOptions, sink: MessageSink & { readonly longTexts?: LongTextCache }, phase: Phase): Buffer {
  const report = new ReaderReport(sink);
  reportUnwritten(project.serviceSpecifications?.[0], report);
  const text = new Gaeb2000Writer(project, options, report, phase, sink.longTexts).write();
  return iconv.encode(text, WINDOWS_1252);
}
