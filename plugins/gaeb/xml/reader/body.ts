/**
 * The BoQ body as it is being read: the open containers (`BoQBody` levels), categories, the current item,
 * remark, performance description and sub description, and the element whose texts are being read.
 *
 * Source: GAEB DA XML 3.3 Lib tgBoQBody (`Remark` | `PerfDescr` | `BoQCtgy`)+ or `Itemlist`, tgBoQCtgy, tgItemlist,
 * tgItem, tgRemark, tgPerfDescr, tgSubDescr, tgQtyDeterm; mapping: the project's GAEB DA XML ↔ ProjectDto contract.
 */
import type {
  ElementDto, ExecutionDescriptionDto, NoteTextDto, PositionDto, ProjectInformationDto, ServiceSpecificationDto,
  ServiceSpecificationGroupDto, SubDescriptionDto,
} from '../../../../core/model/types.js';
import { ItemNumbering, groupNumber } from './boq.js';
import { parseDecimal } from './header.js';
import { changeOrderLeaf } from '../change-order.js';
import { type ItemDraft, applyItemLeaf, applySubDescrLeaf, applyTakeoffRow } from './items.js';
import type { ReaderReport } from './report.js';

/** An element with short and long texts. */
export type Described = PositionDto | NoteTextDto | SubDescriptionDto;

/** Builds the element tree of `Award/BoQ/BoQBody` while the state machine walks it. */
export class BodyBuilder {
  numbering = new ItemNumbering([]);
  item: ItemDraft | undefined;
  sub: SubDescriptionDto | undefined;
  perf: ExecutionDescriptionDto | undefined;
  /** The element the next short/long text belongs to. */
  described: Described | undefined;
  /** Items kept for the end-of-file pass (ALN groups, references, VAT). */
  readonly linkedItems: ItemDraft[] = [];
  readonly perfDescrs = new Map<string, ExecutionDescriptionDto>();
  readonly skippedLevelItems: string[] = [];
  /** The first item with an index (`@RNoIndex`), for the schema check at the end (`addIndexTier`). */
  indexedItem: string | undefined;
  lotTaxRate?: number;

  private readonly containers: ElementDto[][] = [];
  private readonly groups: ServiceSpecificationGroupDto[] = [];
  private readonly categoryParts: string[] = [];

  constructor(
    private readonly spec: ServiceSpecificationDto,
    private readonly info: ProjectInformationDto,
    private readonly report: ReaderReport,
    private readonly allowSkippedLevels: boolean,
  ) {}

  /** Item number of the element being read, for messages. */
  currentNumber(): string | undefined {
    return this.item?.number ?? this.group()?.itemNumber?.stringRepresentation;
  }

  group(): ServiceSpecificationGroupDto | undefined {
    return this.groups[this.groups.length - 1];
  }

  private container(): ElementDto[] {
    return this.containers[this.containers.length - 1];
  }

  /** A `BoQBody` opens: its elements go to `elements` (the service specification's or the category's). */
  openBody(elements: ElementDto[]): void {
    this.containers.push(elements);
  }

  closeBody(): void {
    this.containers.pop();
  }

  /** The open category's `elements` (for its `BoQBody`). */
  categoryElements(): ElementDto[] {
    return this.group()!.elements!;
  }

  /** `BoQCtgy` → group numbered by its ancestors' and own RNoPart ("01.02."); lot when on the Lot tier. */
  openCategory(attrs: Record<string, string>): void {
    this.categoryParts.push(attrs.RNoPart ?? '');
    const group: ServiceSpecificationGroupDto = {
      elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
      gaebXmlId: attrs.ID,
      itemNumber: { stringRepresentation: groupNumber(this.categoryParts) },
      elements: [],
    };
    if (this.numbering.isLotDepth(this.categoryParts.length - 1)) group.isLot = true;
    this.container().push(group);
    this.groups.push(group);
  }

  closeCategory(): void {
    this.groups.pop();
    this.categoryParts.pop();
  }

  /**
   * `Item` → position; skipped levels get placeholders when the option allows (else the short number).
   * `markup`: a `MarkupItem` → complementing position with quantity 1 (GAEB markup items have no Qty/QU).
   */
  openItem(attrs: Record<string, string>, markup = false): void {
    const parts = this.categoryParts;
    const skipped = this.numbering.skippedLevels(parts.length);
    const fill = this.allowSkippedLevels ? skipped : 0;
    const number = this.numbering.positionNumber(parts, attrs.RNoPart ?? '', attrs.RNoIndex, fill);
    if (attrs.RNoIndex) this.indexedItem ??= number;
    if (skipped > 0) {
      this.skippedLevelItems.push(number);
      if (fill > 0) (this.info.itemNumberSchema ??= {}).skipNonExistingLevelsInPositionItemNumbers = true;
    }
    const position: PositionDto = {
      elementTypeDiscriminator: 'PositionDto',
      gaebXmlId: attrs.ID,
      itemNumber: { stringRepresentation: number },
      additionType: 'None',
    };
    if (markup) {
      position.isComplementingPosition = true;
      position.quantityOverride = 1;
    }
    if (attrs.RNoPart === undefined) {
      this.report.report('GAEB_ITEM_WITHOUT_NUMBER', 'warning', `Item ${attrs.ID ?? ''} has no RNoPart.`, number);
    }
    this.container().push(position);
    this.item = { position, number };
    this.described = position;
  }

  /** End of an `Item`; `completer` adds alternatives and price components (BoQInfoReader). */
  closeItem(completer: { finishItem(item: ItemDraft): void }): void {
    const item = this.item!;
    completer.finishItem(item);
    if (item.alnGroup !== undefined || item.vat !== undefined) this.keepForLinks(item);
    this.item = undefined;
    this.described = undefined;
  }

  /** Remembers an item for the end-of-file reference pass (once). */
  keepForLinks(item: ItemDraft): void {
    if (this.linkedItems[this.linkedItems.length - 1] !== item) this.linkedItems.push(item);
  }

  openSubDescription(): void {
    this.sub = { additionType: 'None' };
    (this.item!.position.subDescriptions ??= []).push(this.sub);
  }

  closeSubDescription(): void {
    this.sub = undefined;
    this.described = this.item?.position;
  }

  /** A `Remark` or an `AddText` as a NoteTextDto, appended to `into` (default: the open container). */
  openNote(fields: Partial<NoteTextDto>, into: ElementDto[] = this.container()): void {
    const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', ...fields, additionType: 'None' };
    into.push(note);
    this.described = note;
  }

  /** The open `Remark`'s `CONo` (a remark has no `COStatus`, `change-order.ts`). */
  remarkChangeOrder(text: string): void {
    const note = this.described as NoteTextDto | undefined;
    if (note !== undefined) changeOrderLeaf(note, 'CONo', text, this.report, this.currentNumber());
  }

  openPerfDescr(attrs: Record<string, string>): void {
    this.perf = { elementTypeDiscriminator: 'ExecutionDescriptionDto', gaebXmlId: attrs.ID, blocks: [] };
    this.container().push(this.perf);
    if (attrs.ID !== undefined) this.perfDescrs.set(attrs.ID, this.perf);
  }

  /** One `PerfDescr/Description` → one NoteTextDto block. */
  openPerfBlock(): void {
    const block: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', additionType: 'None' };
    this.perf!.blocks!.push(block);
    this.described = block;
  }

  /** `QTakeoff/@Row` (REB 23.003 row; mapping in items.ts `applyTakeoffRow`). */
  takeoffRow(row: string): void {
    applyTakeoffRow(row, this.item!);
  }

  itemLeaf(name: string, text: string): void {
    applyItemLeaf(name, text, this.item!, this.report);
  }

  subDescriptionLeaf(name: string, text: string): void {
    applySubDescrLeaf(name, text, this.sub!, this.item!.number, this.report);
  }

  perfLeaf(name: string, text: string): void {
    if (name === 'PerfNo') this.perf!.identifier = text;
    else if (name === 'PerfLbl') this.perf!.label = text;
  }

  categoryLeaf(name: string, text: string): void {
    if (name === 'NotApplBoQ' && text === 'Yes') this.group()!.comissionStatus = 'Removed';
    else if (name === 'CONo' || name === 'COStatus') changeOrderLeaf(this.group()!, name, text, this.report, this.currentNumber());
    else if (name === 'ALNBGroupNo' || name === 'ALNBSerNo') {
      const n = parseDecimal(text);
      if (n === undefined || !Number.isInteger(n)) {
        this.report.report('GAEB_INVALID_NUMBER', 'warning', `${name} '${text}' is not an integer and was ignored.`, this.currentNumber());
      } else if (name === 'ALNBGroupNo') this.group()!.alternativeGroupIdentifier = n;
      else this.group()!.alternativeIdentifier = n;
    }
  }

  /**
   * `Totals` of the BoQ (`category` false) or the open category: Total → `gaebTotal`, VAT, DiscountPcnt →
   * `deductionFactor`, DiscountAmt → `absoluteDeduction`, TotalLSUM → `flatSum`; TotAfterDisc is recomputed
   * (`deductedPrice`).
   */
  totalsLeaf(name: string, text: string, category: boolean): void {
    const n = parseDecimal(text);
    if (n === undefined) return;
    const owner = category ? this.group()! : this.spec;
    if (name === 'Total') owner.gaebTotal = n;
    else if (name === 'DiscountPcnt') owner.deductionFactor = n / 100;
    else if (name === 'DiscountAmt') { if (n !== 0) owner.absoluteDeduction = n; } // 0 deducts nothing
    else if (name === 'TotalLSUM') owner.flatSum = n;
    else if (name === 'VAT') {
      if (!category) this.spec.projectTaxRate = n / 100;
      else if ((owner as ServiceSpecificationGroupDto).isLot) {
        owner.projectTaxRate = n / 100;
        this.lotTaxRate ??= n / 100;
      }
    }
  }
}
