/**
 * One pass over the service specification before writing: XML IDs for every element (xs:ID on BoQ, BoQCtgy,
 * Item, Remark, PerfDescr — one namespace per document), the targets of `RefRNo`/`RefPerfNo`, basic/alternate
 * groups (`ALNGroupNo`/`ALNSerNo`, GAEB DA XML 3.0 spec §2.7.5.2: serial 0 = basic, 1–9 = alternates), and what
 * the texts hold (for `BoQInfo/OutlCompl`).
 */
import { randomUUID } from 'node:crypto';
import {
  isExecutionDescription, isGroup, isNoteText, isPosition,
  type ElementDto, type PositionDto, type ServiceSpecificationDto,
} from '../../../../core/model/types.js';

/** xs:NCName (XML Namespaces §3 / XML 1.0 Name without ':'), as needed for xs:ID values. */
const NCNAME = /^[\p{L}_][\p{L}\p{N}\p{M}_.\-\u00B7]*$/u;
const UUID_LIKE = /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/;

export interface AlternativeSlot {
  group: number;
  serNo: number;
}

export class DocumentIndex {
  private readonly used = new Set<string>();
  private readonly xmlIds = new Map<object, string>();
  private readonly byModelId = new Map<string, ElementDto>();
  private readonly perfIds = new Map<string, string>();
  private readonly alternatives = new Map<PositionDto, AlternativeSlot>();
  /** Number of IDs that could not be taken from `gaebXmlId`. */
  generatedIds = 0;
  hasShortText = false;
  hasLongText = false;
  /** Positions with a non-zero unit price or total. */
  pricedPositions = 0;
  /** Labels of the positions' price components, in first-seen order (for a project that declares none). */
  readonly componentLabels: string[] = [];
  /** Alternates whose basic item and group could not be determined. */
  orphanAlternatives: string[] = [];

  /** The BoQ's ID (reserved before any element's). */
  readonly boqId: string;

  constructor(private readonly spec: ServiceSpecificationDto) {
    this.boqId = this.newId(spec.gaebXmlId, spec.id);
    this.walk(spec.elements ?? []);
    this.assignAlternatives();
  }

  /** A fresh document-unique ID (`ID_<uuid without dashes>`), e.g. for a BoQ or a wrapper category. */
  newId(preferred?: string, modelId?: string): string {
    if (preferred && NCNAME.test(preferred) && !this.used.has(preferred)) {
      this.used.add(preferred);
      return preferred;
    }
    this.generatedIds++;
    let id = modelId && UUID_LIKE.test(modelId) ? `ID_${modelId.replace(/-/g, '')}` : '';
    while (!id || this.used.has(id)) id = `ID_${randomUUID().replace(/-/g, '')}`;
    this.used.add(id);
    return id;
  }

  /** The XML ID of a model element (assigned in the pre-pass). */
  xmlId(el: ElementDto): string {
    let id = this.xmlIds.get(el);
    if (id === undefined) {
      id = this.newId(el.gaebXmlId, el.id);
      this.xmlIds.set(el, id);
    }
    return id;
  }

  /** The XML ID of the element with model id `modelId`, when it is written. */
  xmlIdOfModelId(modelId: string | undefined): string | undefined {
    const el = modelId ? this.byModelId.get(modelId) : undefined;
    return el ? this.xmlId(el) : undefined;
  }

  /** The XML ID of the PerfDescr whose PerfNo is `identifier`. */
  perfDescrId(identifier: string | undefined): string | undefined {
    return identifier === undefined ? undefined : this.perfIds.get(identifier.trim());
  }

  /** ALNGroupNo/ALNSerNo of a position, when it is a basic or alternate item. */
  alternative(p: PositionDto): AlternativeSlot | undefined {
    return this.alternatives.get(p);
  }

  private walk(elements: readonly ElementDto[]): void {
    for (const el of elements) {
      if (el.id) this.byModelId.set(el.id, el);
      this.xmlId(el);
      if (isGroup(el)) {
        this.walk(el.elements ?? []);
      } else if (isPosition(el)) {
        this.texts(el.shortText, el.htmlLongText ?? el.longText);
        if (numberOrZero(el.unitPrice) !== 0 || numberOrZero(el.totalPrice) !== 0) this.pricedPositions++;
        for (const c of el.priceComponents ?? []) {
          if (typeof c.label === 'string' && c.label !== '' && !this.componentLabels.includes(c.label)) this.componentLabels.push(c.label);
        }
      } else if (isNoteText(el)) {
        this.texts(el.shortText, el.htmlLongText ?? el.longText);
      } else if (isExecutionDescription(el)) {
        const key = el.identifier?.trim();
        if (key && !this.perfIds.has(key)) this.perfIds.set(key, this.xmlId(el));
        for (const block of el.blocks ?? []) this.texts(block.shortText, block.htmlLongText ?? block.longText);
      }
    }
  }

  private texts(short: string | undefined, long: string | undefined): void {
    if (short && short.trim() !== '') this.hasShortText = true;
    if (long && long.trim() !== '') this.hasLongText = true;
  }

  private assignAlternatives(): void {
    const positions: PositionDto[] = [];
    const collect = (list: readonly ElementDto[]) => {
      for (const el of list) {
        if (isGroup(el)) collect(el.elements ?? []);
        else if (isPosition(el)) positions.push(el);
      }
    };
    collect(this.spec.elements ?? []);
    const validGroup = (g: unknown): g is number => typeof g === 'number' && Number.isInteger(g) && g >= 0 && g <= 999;
    // a serial number names a variant, shared by all items of that variant (0 = basic, 1–9 = alternates)
    const serial = (wanted: unknown, alternate: boolean): number =>
      typeof wanted === 'number' && Number.isInteger(wanted) && wanted >= (alternate ? 1 : 0) && wanted <= 9 ? wanted : alternate ? 1 : 0;
    let maxGroup = 0;
    for (const p of positions) {
      if (!validGroup(p.alternativeGroupIdentifier)) continue;
      maxGroup = Math.max(maxGroup, p.alternativeGroupIdentifier);
      this.alternatives.set(p, { group: p.alternativeGroupIdentifier, serNo: serial(p.alternativeIdentifier, p.positionType === 'Alternative') });
    }
    // alternates that only name their basic item
    for (const p of positions) {
      if (p.positionType !== 'Alternative' || this.alternatives.has(p)) continue;
      const base = p.alternativeTo ? this.byModelId.get(p.alternativeTo) : undefined;
      if (!base || !isPosition(base)) {
        this.orphanAlternatives.push(p.itemNumber?.stringRepresentation ?? p.id ?? '?');
        continue;
      }
      let slot = this.alternatives.get(base);
      if (!slot && maxGroup < 999) {
        slot = { group: ++maxGroup, serNo: 0 };
        this.alternatives.set(base, slot);
      }
      if (slot) this.alternatives.set(p, { group: slot.group, serNo: serial(p.alternativeIdentifier, true) });
      else this.orphanAlternatives.push(p.itemNumber?.stringRepresentation ?? p.id ?? '?');
    }
  }
}

const numberOrZero = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
