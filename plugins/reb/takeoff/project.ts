/**
 * A take-off → the skeleton project: a REB take-off (DA11 or X31) names items only by their number, so the
 * project has one service specification (`origin: 'Reb'`) of groups (one per hierarchy level number, no text)
 * and positions (the item number, no text, unit or price) whose quantity components are the take-off's
 * calculations. The item number schema is the OZ mask's levels, position and index.
 */
import { evaluateFormula } from '../../../core/model/formula.js';
import type {
  ElementDto, ItemNumberSchemaDto, PositionDto, ProjectDto, ServiceSpecificationDto, ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import { roundReb } from '../formula/expression.js';
import type { RebReport } from '../report.js';
import type { ItemTakeoff } from './evaluate.js';

/** One item of a take-off: its number's parts and its evaluated calculations. */
export interface TakeoffItem {
  levels: readonly string[];
  position: string;
  /** '' when the item has no index. */
  index: string;
  takeoff: ItemTakeoff;
}

/** Widths of the item number's tiers (the OZ mask, or the X31 BoQ breakdown). */
export interface TakeoffSchema {
  levels: readonly number[];
  position: number;
  index: boolean;
}

/** The item number schema of the tiers. */
export function itemNumberSchema(s: TakeoffSchema): ItemNumberSchemaDto {
  return {
    separator: '.',
    tiers: [
      ...s.levels.map((length) => ({ length, type: 'Numeric' as const, tierType: 'Group' as const })),
      { length: s.position, type: 'Numeric', tierType: 'Position' },
      ...(s.index ? [{ length: 1, type: 'Alphanumeric' as const, tierType: 'Index' as const }] : []),
    ],
  };
}

/** The item number of an item (`01.02.0010`, with index `01.02.0010.A`). */
export const itemNumberOf = (item: Pick<TakeoffItem, 'levels' | 'position' | 'index'>): string =>
  [...item.levels, item.position, ...(item.index ? [item.index] : [])].join('.');

/** The sum the project's recalculation gives the components (valid results, 3 decimals each). */
function plainSum(item: TakeoffItem): number {
  let sum = 0;
  for (const c of item.takeoff.components) {
    const r = evaluateFormula(c.formula ?? '');
    if (r.valid) sum = roundReb(sum + roundReb(r.result));
  }
  return sum;
}

function position(item: TakeoffItem, report: RebReport): PositionDto {
  const number = itemNumberOf(item);
  const p: PositionDto = {
    elementTypeDiscriminator: 'PositionDto',
    itemNumber: { stringRepresentation: number },
    quantityComponents: item.takeoff.components,
  };
  if (plainSum(item) !== item.takeoff.quantity) {
    p.quantityOverride = item.takeoff.quantity;
    report.report('REB_QUANTITY_FROM_TAKEOFF', 'info', `The quantity ${item.takeoff.quantity} is the REB sum of the take-off (kept as quantityOverride).`, number);
  }
  return p;
}

/**
 * The project of a take-off's items (in file order; an item number occurring twice gets one position with the
 * lines of both occurrences, as the caller merges them).
 */
export function takeoffProject(items: readonly TakeoffItem[], schema: TakeoffSchema, report: RebReport, name?: string): ProjectDto {
  const spec: ServiceSpecificationDto = { origin: 'Reb', elements: [] };
  if (name) spec.name = name;
  const groups = new Map<string, ServiceSpecificationGroupDto>();
  const containerOf = (levels: readonly string[]): { elements?: ElementDto[] } => {
    let parent: { elements?: ElementDto[] } = spec;
    for (let depth = 1; depth <= levels.length; depth++) {
      const key = levels.slice(0, depth).join('.');
      let g = groups.get(key);
      if (!g) {
        g = { elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: `${key}.` }, elements: [] };
        groups.set(key, g);
        parent.elements!.push(g);
      }
      parent = g;
    }
    return parent;
  };
  for (const item of items) containerOf(item.levels).elements!.push(position(item, report));
  if (items.length > 0) {
    report.report('REB_SKELETON_PROJECT', 'info', `The take-off names ${items.length} items by number only: the project has no texts, units or prices.`);
  }
  return { projectInformation: { itemNumberSchema: itemNumberSchema(schema), ...(name ? { name } : {}) }, serviceSpecifications: [spec] };
}
