/**
 * `Award/BoQ/BoQInfo` → service specification header, item number schema and price component labels.
 *
 * Source: GAEB DA XML 3.3 Lib tgBoQInfo (`Name`, `LblBoQ`, `Date`, `BoQBkdn{1,7}`, `NoUPComps`, `LblUPComp1..6`
 * with `@Type` Wages|Materials|Plant|Miscellaneous|Unknown, `LblTime`); same in 3.0/3.1/3.2.
 */
import type {
  ItemNumberSchemaTierDto, PriceComponentTypeDto, ProjectInformationDto, ServiceSpecificationDto,
} from '../../../../core/model/types.js';
import { type BkdnDraft, ItemNumbering, schemaFromTiers, tierFromBkdn } from './boq.js';
import { parseDecimal } from './header.js';
import { type ItemDraft, finishItem } from './items.js';
import type { ReaderReport } from './report.js';

const COMPONENT_TYPES: ReadonlySet<string> = new Set(['Wages', 'Materials', 'Plant', 'Miscellaneous', 'Unknown']);

/** Reads one `BoQInfo` and completes items with its price component labels. */
export class BoQInfoReader {
  private bkdn: BkdnDraft = {};
  private readonly tiers: ItemNumberSchemaTierDto[] = [];
  private readonly labels: (string | undefined)[] = [];
  private readonly types: (string | undefined)[] = [];
  private componentCount = 0;
  private finalLabels: string[] = [];

  constructor(
    private readonly info: ProjectInformationDto,
    private readonly spec: ServiceSpecificationDto,
    private readonly report: ReaderReport,
  ) {}

  /** Remembers `LblUPComp<i>/@Type` at the start tag. */
  componentType(name: string, type: string | undefined): void {
    const i = Number(name.slice(9)) - 1;
    if (i >= 0 && i < 6) this.types[i] = type;
  }

  /** One leaf of `BoQInfo`. */
  leaf(name: string, text: string): void {
    if (text === '') return; // an empty element states nothing
    switch (name) {
      case 'Name': this.spec.name = text; break;
      case 'LblBoQ': this.spec.description = text; break;
      case 'Date': this.spec.creationDate = text; break;
      case 'LblTime': this.info.labourTimeLabel = text; break;
      case 'NoUPComps': this.componentCount = parseDecimal(text) ?? 0; break;
      default:
        if (name.startsWith('LblUPComp')) {
          const i = Number(name.slice(9)) - 1;
          if (i >= 0 && i < 6) this.labels[i] = text;
        }
    }
  }

  /** One leaf of a `BoQBkdn`. */
  bkdnLeaf(name: string, text: string): void {
    switch (name) {
      case 'Type': this.bkdn.type = text; break;
      case 'Length': this.bkdn.length = text; break;
      case 'Num': this.bkdn.num = text; break;
      case 'LblBoQBkdn': this.bkdn.label = text; break;
      default: break;
    }
  }

  /** End of a `BoQBkdn`: appends its tier (an unusable one is reported and left out). */
  finishBkdn(): void {
    const tier = tierFromBkdn(this.bkdn);
    this.bkdn = {};
    if (typeof tier === 'string') this.report.report('GAEB_INVALID_BKDN', 'warning', `${tier}; the level was left out of the item number schema.`);
    else this.tiers.push(tier);
  }

  /** Price component labels 1..n (n = NoUPComps or the highest label given). */
  private componentLabels(): string[] {
    const n = Math.max(this.componentCount, this.labels.length);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.labels[i] || `UPComp${i + 1}`);
    return out;
  }

  /** End of `BoQInfo`: writes the schema and price components; returns the numbering used for the body. */
  finish(): ItemNumbering {
    if (this.tiers.length > 0) {
      const flags = this.info.itemNumberSchema;
      this.info.itemNumberSchema = { ...schemaFromTiers(this.tiers), ...flags };
    }
    const labels = this.componentLabels();
    this.finalLabels = labels;
    if (labels.length > 0) {
      this.info.priceComponents = labels;
      const types: Record<string, PriceComponentTypeDto> = {};
      labels.forEach((label, i) => {
        const t = this.types[i];
        types[label] = (t && COMPONENT_TYPES.has(t) ? t : 'Unknown') as PriceComponentTypeDto;
      });
      this.info.priceComponentTypes = types;
    }
    return new ItemNumbering(this.tiers);
  }

  /** End of an `Item`: alternatives and price components with this BoQ's labels. */
  finishItem(item: ItemDraft): void {
    finishItem(item, this.finalLabels);
  }
}
