/**
 * `RebuildItemNumberSchema` (option group N; AVACloud 1.27 API, https://avacloud-api.dangl-it.com/swagger: "tries
 * to repair an item number schema that does not comply with GAEB requirements (after importing new elements)").
 * After rows were read as new elements, every group and position gets a number that fits the schema where it
 * stands, changing as few numbers as it can:
 * - the schema is the project's own when it is correctly defined (GAEB DA XML 3.0 §5.7 business rules), else one
 *   shaped as `TryAutoGenerateItemNumbersAndSchema` shapes it (core/model/auto-numbers.ts: numeric group tiers of
 *   at least 2 digits, a position tier of at least 4 with increment 10) as wide as the numbers in the sheet; a
 *   group tier is added when groups nest deeper than its group tiers, a tier widened when numbers need more digits;
 * - an element keeps its number when the number fits the schema at its place (its ancestors' identifiers first,
 *   its own identifier fitting its tier), is unique among its siblings and ascends after the siblings above it;
 *   elements the project already held claim their numbers before new ones;
 * - any other element (a new row without a number, a number that does not fit, a duplicate) is numbered after the
 *   sibling above it: + the tier's increment, or halfway to the next kept number when that is nearer (`0015`
 *   between `0010` and `0020`); where there is no room, the siblings below move up;
 * - a position above the deepest group level carries the skipped-tiers filler for each group tier it skips
 *   (`01.__.0010`, GAEB DA XML 3.0 §2.7.3.4: lower levels may remain unassigned), which makes it comply with the
 *   schema, and the schema's `skipNonExistingLevelsInPositionItemNumbers` is set;
 * - each element whose number changed is reported once (old → new), and a schema that was added to once.
 */
import { formatItemNumber, isSchemaCorrectlyDefined, padIdentifier, schemaLayout, splitIndexPart, splitItemNumber, type SchemaLayout } from '../../../core/model/item-numbers.js';
import {
  isGroup, isPosition, type ElementDto, type ItemNumberSchemaDto, type ItemNumberSchemaTierDto, type PositionDto, type ProjectDto,
  type ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import type { OncePerItemReporter } from '../../../core/pipeline/messages.js';
import type { ExcelMessageCode } from '../messages.js';

type Numbered = ServiceSpecificationGroupDto | PositionDto;

/** The identifier an element ends up with: a number (padded when written) or a kept alphanumeric text. */
type Own = number | string;

interface Slot {
  e: Numbered;
  group: boolean;
  own?: Own;
  /** The index part a kept position number carries (`0010.a`). */
  index?: string;
}

const GROUP_TIER: ItemNumberSchemaTierDto = { length: 2, type: 'Numeric', tierType: 'Group', isLot: false, increment: 1 };
const POSITION_TIER: ItemNumberSchemaTierDto = { length: 4, type: 'Numeric', tierType: 'Position', isLot: false, increment: 10 };

const numberOf = (e: Numbered): string => e.itemNumber?.stringRepresentation?.trim() ?? '';
/** An identifier without its leading fillers, for comparison (`001` ~ `1`). */
const bare = (id: string, filler: string): string => {
  let i = 0;
  while (i < id.length - 1 && id[i] === filler) i++;
  return id.slice(i);
};
const isDigits = (s: string): boolean => /^[0-9]+$/.test(s);

/** The deepest nesting of groups (1 = top-level groups only), and the longest identifiers per group depth and of positions. */
function measure(list: readonly ElementDto[] | undefined, depth: number, m: { depth: number; groupWidths: number[]; positionWidth: number }, sep: string): void {
  for (const e of list ?? []) {
    if (isGroup(e)) {
      m.depth = Math.max(m.depth, depth + 1);
      const part = splitItemNumber(numberOf(e), sep)[depth];
      if (part && isDigits(part)) m.groupWidths[depth] = Math.max(m.groupWidths[depth] ?? 0, part.length);
      measure(e.elements, depth + 1, m, sep);
    } else if (isPosition(e)) {
      const part = splitItemNumber(numberOf(e), sep).at(-1);
      if (part && isDigits(part)) m.positionWidth = Math.max(m.positionWidth, part.length);
    }
  }
}

/** The schema to number into (a copy), and what was done to it. */
function schemaFor(project: ProjectDto, changes: string[]): ItemNumberSchemaDto {
  const current = project.projectInformation?.itemNumberSchema;
  const own = current?.tiers?.length && isSchemaCorrectlyDefined(current);
  const sep = current?.separator || '.';
  const m = { depth: 0, groupWidths: [] as number[], positionWidth: 0 };
  for (const spec of project.serviceSpecifications ?? []) measure(spec.elements, 0, m, sep);
  const schema: ItemNumberSchemaDto = { ...current, tiers: own ? current!.tiers!.map((t) => ({ ...t })) : [{ ...POSITION_TIER, length: Math.max(4, m.positionWidth) }] };
  if (!own) changes.push(current?.tiers?.length ? 'the schema, which did not comply, was replaced' : 'a schema was made for the numbers in the sheet');
  const groups = schemaLayout(schema).groupTiers.length;
  if (m.depth > groups) {
    const added = Array.from({ length: m.depth - groups }, (_, i) => ({ ...GROUP_TIER, length: own ? 2 : Math.max(2, m.groupWidths[groups + i] ?? 0) }));
    schema.tiers!.splice(schemaLayout(schema).positionTier, 0, ...added);
    if (own) changes.push(`${added.length} group tier${added.length > 1 ? 's were' : ' was'} added for groups nested ${m.depth} deep`);
  }
  return schema;
}

/** Whether an identifier fits a tier's type (its length is widened to fit afterwards). */
const fitsType = (id: string, tier: ItemNumberSchemaTierDto | undefined): boolean =>
  id !== '' && ((tier?.type ?? 'Numeric') === 'Alphanumeric' ? /^[0-9A-Za-z]+$/.test(id) : isDigits(id));

/** The identifier an element's current number gives it at its place, when the number fits there. */
function currentOwn(e: Numbered, chain: readonly Own[], layout: SchemaLayout): { own: Own; index?: string } | undefined {
  const { separator: sep, filler } = layout;
  const depth = chain.length;
  const sameChain = (parts: readonly string[]) => parts.length === depth && parts.every((p, i) => bare(p, filler) === String(chain[i]));
  let parts = splitItemNumber(numberOf(e), sep);
  let index: string | undefined;
  let tier: ItemNumberSchemaTierDto | undefined;
  if (isGroup(e)) {
    tier = layout.tiers[layout.groupTiers[depth]];
    if (parts.length !== depth + 1 || !sameChain(parts.slice(0, depth))) return undefined;
  } else {
    ({ parts, index } = splitIndexPart(parts, depth, layout, true));
    tier = layout.tiers[layout.positionTier];
    const groupParts = parts.slice(0, -1).filter((p) => p === '' || p !== layout.skippedFiller.repeat(p.length / layout.skippedFiller.length));
    if (parts.length === 0 || !sameChain(groupParts)) return undefined;
  }
  const id = bare(parts[parts.length - 1], filler);
  if (!fitsType(id, tier)) return undefined;
  return { own: isDigits(id) ? Number(id) : id, index };
}

/** Numbers one list of siblings of one kind (groups or positions) in place; `inc`: the tier's increment. */
function numberSiblings(slots: Slot[], added: ReadonlySet<ElementDto>, inc: number): void {
  const claimed = new Set<string>();
  for (const first of [false, true]) {
    for (const s of slots) {
      if (s.own === undefined || added.has(s.e) !== first) continue;
      if (claimed.has(String(s.own))) s.own = undefined;
      else claimed.add(String(s.own));
    }
  }
  let last = 0;
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i];
    if (typeof s.own === 'string') continue;
    if (s.own !== undefined && s.own > last) {
      last = s.own;
      continue;
    }
    const upper = slots.slice(i + 1).find((n) => typeof n.own === 'number' && n.own > last)?.own as number | undefined;
    let next = last + inc;
    if (upper !== undefined && next >= upper) next = last + Math.max(1, Math.floor((upper - last) / 2));
    if (upper !== undefined && next >= upper) next = last + inc;
    // Numbers ascend strictly from here on, so the new one is unique: kept numbers at or below it move up too.
    s.own = next;
    s.index = undefined;
    last = next;
  }
}

/**
 * Numbers the project's groups and positions into its schema (see the module comment) and reports each change.
 * @param added the elements read from rows as new (they give way to the project's own elements)
 */
export function rebuildItemNumberSchema(project: ProjectDto, added: ReadonlySet<ElementDto>, report: OncePerItemReporter<ExcelMessageCode>): void {
  const changes: string[] = [];
  const schema = schemaFor(project, changes);
  const layout = schemaLayout(schema);
  const groupCount = layout.groupTiers.length;
  const widths = layout.tiers.map((t) => t.length ?? 1);
  const planned: { slot: Slot; chain: Own[] }[] = [];
  const plan = (list: readonly ElementDto[] | undefined, chain: Own[]): void => {
    const slots: Slot[] = [];
    for (const e of list ?? []) {
      if (!isGroup(e) && !isPosition(e)) continue;
      slots.push({ e, group: isGroup(e), ...currentOwn(e, chain, layout) });
    }
    const depth = chain.length;
    numberSiblings(slots.filter((s) => s.group), added, layout.tiers[layout.groupTiers[depth]]?.increment || 1);
    numberSiblings(slots.filter((s) => !s.group), added, layout.tiers[layout.positionTier]?.increment || 10);
    for (const slot of slots) {
      const tier = slot.group ? layout.groupTiers[depth] : layout.positionTier;
      widths[tier] = Math.max(widths[tier], String(slot.own).length);
      planned.push({ slot, chain });
      if (slot.group) plan((slot.e as ServiceSpecificationGroupDto).elements, [...chain, slot.own!]);
    }
  };
  for (const spec of project.serviceSpecifications ?? []) plan(spec.elements, []);
  widths.forEach((w, i) => {
    if (w > (layout.tiers[i].length ?? 0)) {
      if (layout.tiers[i].length) changes.push(`tier ${i + 1} (${layout.tiers[i].tierType ?? 'Undefined'}) was widened to ${w} characters`);
      layout.tiers[i].length = w;
    }
  });
  let skipped = false;
  for (const { slot, chain } of planned) {
    const ids = chain.map((own, d) => padIdentifier(String(own), layout.tiers[layout.groupTiers[d]], layout));
    if (!slot.group) {
      for (let d = chain.length; d < groupCount; d++, skipped = true) ids.push(layout.skippedFiller.repeat(widths[layout.groupTiers[d]]));
      ids.push(padIdentifier(String(slot.own), layout.tiers[layout.positionTier], layout));
      if (slot.index !== undefined) ids.push(slot.index);
    } else {
      ids.push(padIdentifier(String(slot.own), layout.tiers[layout.groupTiers[chain.length]], layout));
    }
    const now = formatItemNumber(ids, layout.separator, slot.group);
    const old = numberOf(slot.e);
    if (old === now) continue;
    slot.e.itemNumber = { ...slot.e.itemNumber, stringRepresentation: now };
    const text = slot.e.shortText ? ` "${slot.e.shortText}"` : '';
    const what = added.has(slot.e) && !old ? `The new element${text} was numbered ${now}` : `Renumbered ${old} → ${now}`;
    report.report('EXCEL_ITEM_NUMBER_SCHEMA_REBUILT', 'info', `${what} (RebuildItemNumberSchema).`, now);
  }
  if (skipped) schema.skipNonExistingLevelsInPositionItemNumbers = true;
  delete schema.totalLength;
  delete schema.schemaIsCorrectlyDefined;
  (project.projectInformation ??= {}).itemNumberSchema = schema;
  if (changes.length) report.report('EXCEL_ITEM_NUMBER_SCHEMA_REBUILT', 'info', `Item number schema (RebuildItemNumberSchema): ${changes.join('; ')}.`);
}
