/**
 * The item-number part of the recalculation: identifiers, compliance, levels, lots and duplicate flags of the
 * groups and positions of one project, against `projectInformation.itemNumberSchema`.
 *
 * Source: AVACloud 1.27.4 API conventions (Dangl-IT/avacloud-client-python, API_README.md, docs) (item numbers on input, groups with a trailing separator), models
 * (ItemNumberDto, ItemNumberSchemaDto: `totalLength` as the sum of the tier lengths), seed option group S
 * (`SupportSkippedItemNumberLevelsInPositions`).
 */
import {
  formatItemNumber, isExactPositionNumber, isFormatted, isSchemaCorrectlyDefined, parseGroupItemNumber,
  parsePositionAfterGroup, parsePositionItemNumber, schemaLayout, schemaTotalLength, splitItemNumber, type ParsedItemNumber,
  type SchemaLayout,
} from './item-numbers.js';
import type { ElementContainerBase, ItemNumberDto, ItemNumberSchemaDto, PositionDto, ServiceSpecificationGroupDto } from './types.js';

type Holders = ElementContainerBase | ElementContainerBase[];

/** Numbers the groups and positions of one project as the recalculation walks its tree. */
export class ItemNumberLevels {
  private readonly layout: SchemaLayout;
  private readonly hasSchema: boolean;
  private readonly parents = new Map<ElementContainerBase, ElementContainerBase | undefined>();
  private numbers = new Map<string, Holders>();

  /**
   * Completes the schema (`totalLength`, `schemaIsCorrectlyDefined`, `skipNonExistingLevelsInPositionItemNumbers`
   * when skipped levels are allowed) and prepares its layout.
   */
  constructor(schema: ItemNumberSchemaDto | undefined, private readonly allowSkipped: boolean) {
    if (schema) {
      schema.totalLength = schemaTotalLength(schema);
      schema.schemaIsCorrectlyDefined = isSchemaCorrectlyDefined(schema);
      if (allowSkipped) schema.skipNonExistingLevelsInPositionItemNumbers = true;
    }
    this.layout = schemaLayout(schema);
    this.hasSchema = this.layout.tiers.length > 0;
  }

  /** Starts a service specification: duplicates are looked for within one at a time. */
  startService(): void {
    this.numbers = new Map();
    this.parents.clear();
  }

  /** Records a container and its parent (undefined for the service specification) before its children. */
  enter(container: ElementContainerBase, parent: ElementContainerBase | undefined): void {
    container.containsDuplicateItemNumbers = false;
    this.parents.set(container, parent);
  }

  /** Sets `containsDuplicateItemNumbers` on every container holding two equal numbers in its subtree. */
  finishService(): void {
    for (const holders of this.numbers.values()) if (Array.isArray(holders)) this.markCommonAncestors(holders);
  }

  /** `depth`: tree depth, 0 for a group directly in the service specification. */
  group(g: ServiceSpecificationGroupDto, depth: number, parent: ElementContainerBase): void {
    g.hierarchyLevel = depth;
    const tier = this.layout.tiers[this.layout.groupTiers[depth]];
    const lot = tier !== undefined && (tier.tierType === 'Lot' || tier.isLot === true);
    if (lot) g.isLot = true;
    const n = g.itemNumber;
    if (!n) return;
    n.hierarchyLevel = depth;
    n.isAttachedToPosition = false;
    n.isLot = lot || g.isLot === true;
    const value = n.stringRepresentation?.trim();
    if (value && this.hasSchema) {
      const parsed = parseGroupItemNumber(value, depth, this.layout);
      this.apply(n, value, parsed.identifiers, parsed.isSchemaCompliant, true);
    } else {
      this.unparsed(n, value);
    }
    this.seen(n, parent);
  }

  /** `depth`: tree depth = number of ancestor groups. */
  position(p: PositionDto, depth: number, parent: ElementContainerBase): void {
    p.hierarchyLevel = depth;
    const n = p.itemNumber;
    if (!n) return;
    n.hierarchyLevel = depth;
    n.isAttachedToPosition = true;
    n.isLot = false;
    const value = n.stringRepresentation?.trim();
    if (value && this.hasSchema) {
      if (depth === this.layout.groupTiers.length && isExactPositionNumber(value, n.identifiers, this.layout)) {
        // identifiers given with the number (by its reader), exactly what parsing it would give
        n.stringRepresentation = value;
        n.isSchemaCompliant = true;
      } else {
        const parsed = this.afterGroup(value, depth, parent) ?? parsePositionItemNumber(value, depth, this.layout, this.allowSkipped);
        this.apply(n, value, parsed.identifiers, parsed.isSchemaCompliant, false);
      }
    } else {
      this.unparsed(n, value);
    }
    this.seen(n, parent);
  }

  /**
   * A position number that begins with its group's number, the group being of the last group tier and
   * schema-compliant (most are: `01.02.` and `01.02.0010`), parsed from where the group's number ends.
   */
  private afterGroup(value: string, depth: number, parent: ElementContainerBase): ParsedItemNumber | undefined {
    const n = (parent as ServiceSpecificationGroupDto).itemNumber;
    if (depth !== this.layout.groupTiers.length || n?.isSchemaCompliant !== true || n.identifiers === undefined) return undefined;
    const prefix = n.stringRepresentation;
    if (!prefix || !value.startsWith(prefix)) return undefined;
    return parsePositionAfterGroup(value, prefix.length, n.identifiers, this.layout);
  }

  /** `value`: the trimmed number parsed into `identifiers`. */
  private apply(n: ItemNumberDto, value: string, identifiers: string[], compliant: boolean, group: boolean): void {
    n.identifiers = identifiers;
    n.isSchemaCompliant = compliant;
    if (!compliant) return;
    // most numbers are written as the schema formats them: those are kept, not joined again
    const separator = this.layout.separator;
    n.stringRepresentation = isFormatted(value, identifiers, separator, group)
      ? value : formatItemNumber(identifiers, separator, group);
  }

  private unparsed(n: ItemNumberDto, value: string | undefined): void {
    n.identifiers = value ? splitItemNumber(value, this.layout.separator) : [];
    n.isSchemaCompliant = false;
  }

  private seen(n: ItemNumberDto, parent: ElementContainerBase): void {
    const key = n.stringRepresentation;
    if (!key) return;
    const found = this.numbers.get(key);
    if (found === undefined) this.numbers.set(key, parent);
    else if (Array.isArray(found)) found.push(parent);
    else this.numbers.set(key, [found, parent]);
  }

  private markCommonAncestors(holders: ElementContainerBase[]): void {
    const chains = holders.map((c) => {
      const chain: ElementContainerBase[] = [];
      for (let at: ElementContainerBase | undefined = c; at; at = this.parents.get(at)) chain.unshift(at);
      return chain;
    });
    for (let i = 1; i < chains.length; i++) {
      for (let j = 0; j < i; j++) {
        const a = chains[i];
        const b = chains[j];
        for (let k = 0; k < a.length && k < b.length && a[k] === b[k]; k++) a[k].containsDuplicateItemNumbers = true;
      }
    }
  }
}
