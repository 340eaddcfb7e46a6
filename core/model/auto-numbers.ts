/**
 * AVACloud option `TryAutoGenerateItemNumbersAndSchema` (option group A): number an unnumbered project.
 *
 * Source: seed 001 option group A ("When true, item numbers and an item number schema are generated for the input
 * project. Has no effect when a schema exists or any element already has an item number") and
 * AVACloud 1.27.4 API models (Dangl-IT/avacloud-client-python, avacloud_client_python/models) (ItemNumberSchemaDto, ItemNumberSchemaTierDto).
 */
import { newId } from './ids.js';
import { formatItemNumber, padIdentifier, schemaLayout } from './item-numbers.js';
import {
  isGroup, isPosition, type ElementDto, type ItemNumberDto, type ItemNumberSchemaTierDto, type ProjectDto,
} from './types.js';

const GROUP_MIN_WIDTH = 2;
const POSITION_MIN_WIDTH = 4;
const POSITION_INCREMENT = 10;

interface Shape {
  /** Largest count of sibling groups per group depth. */
  groupSiblings: number[];
  /** Largest count of sibling positions. */
  positionSiblings: number;
  numbered: boolean;
  positions: number;
  groups: number;
}

const hasNumber = (e: { itemNumber?: ItemNumberDto }): boolean => (e.itemNumber?.stringRepresentation ?? '').trim() !== '';

function measure(elements: ElementDto[] | undefined, depth: number, shape: Shape): void {
  let groups = 0;
  let positions = 0;
  for (const e of elements ?? []) {
    if (isGroup(e)) {
      groups++;
      if (hasNumber(e)) shape.numbered = true;
      measure(e.elements, depth + 1, shape);
    } else if (isPosition(e)) {
      positions++;
      if (hasNumber(e)) shape.numbered = true;
    }
  }
  shape.groups += groups;
  shape.positions += positions;
  if (groups > 0) shape.groupSiblings[depth] = Math.max(shape.groupSiblings[depth] ?? 0, groups);
  shape.positionSiblings = Math.max(shape.positionSiblings, positions);
}

const width = (largest: number, minimum: number): number => Math.max(minimum, String(largest).length);

function setNumber(e: { itemNumber?: ItemNumberDto }, value: string): void {
  if (e.itemNumber) e.itemNumber.stringRepresentation = value;
  else e.itemNumber = { id: newId(), stringRepresentation: value };
}

/**
 * Generates an item number schema and item numbers when the project has neither: no tier in
 * `projectInformation.itemNumberSchema` and no group or position with a non-empty `itemNumber.stringRepresentation`.
 *
 * Schema: one numeric `Group` tier per group depth (width = max(2, digits of the largest sibling count at that
 * depth), increment 1), then one numeric `Position` tier (width = max(4, digits of the largest number used),
 * increment 10). Numbering restarts at 1 in every container and service specification; positions are numbered
 * 10, 20, 30… (`0010`). A position above the deepest group level gets the skipped-tiers filler for the missing
 * group tiers (`01.__.0010`) and the schema's `skipNonExistingLevelsInPositionItemNumbers` is set. Sets each
 * group's (`01.`) and position's (`01.02.0010`) `itemNumber.stringRepresentation`; identifiers and levels are
 * left to `calculateProject`. Mutates the project.
 *
 * @returns true when numbers were generated; false (project untouched) when a schema or a number exists or there
 *   is no group or position
 */
export function autoGenerateItemNumbers(project: ProjectDto): boolean {
  const existing = project.projectInformation?.itemNumberSchema;
  if ((existing?.tiers?.length ?? 0) > 0) return false;
  const shape: Shape = { groupSiblings: [], positionSiblings: 0, numbered: false, positions: 0, groups: 0 };
  for (const spec of project.serviceSpecifications ?? []) measure(spec.elements, 0, shape);
  if (shape.numbered || shape.groups + shape.positions === 0) return false;

  const tiers: ItemNumberSchemaTierDto[] = [];
  for (let d = 0; d < shape.groupSiblings.length; d++) {
    const length = width(shape.groupSiblings[d] ?? 1, GROUP_MIN_WIDTH);
    tiers.push({ length, type: 'Numeric', tierType: 'Group', isLot: false, increment: 1 });
  }
  tiers.push({
    length: width(shape.positionSiblings * POSITION_INCREMENT, POSITION_MIN_WIDTH),
    type: 'Numeric',
    tierType: 'Position',
    isLot: false,
    increment: POSITION_INCREMENT,
  });
  const info = (project.projectInformation ??= {});
  const schema = (info.itemNumberSchema ??= {});
  schema.tiers = tiers;
  const layout = schemaLayout(schema);
  const groupLevels = shape.groupSiblings.length;
  let skipped = false;

  const number = (elements: ElementDto[] | undefined, prefix: string[]): void => {
    let groupNo = 0;
    let positionNo = 0;
    for (const e of elements ?? []) {
      if (isGroup(e)) {
        const ids = [...prefix, padIdentifier(String(++groupNo), tiers[prefix.length], layout)];
        setNumber(e, formatItemNumber(ids, layout.separator, true));
        number(e.elements, ids);
      } else if (isPosition(e)) {
        const ids = [...prefix];
        for (let d = prefix.length; d < groupLevels; d++) {
          ids.push(layout.skippedFiller.repeat(tiers[d].length));
          skipped = true;
        }
        ids.push(padIdentifier(String(++positionNo * POSITION_INCREMENT), tiers[groupLevels], layout));
        setNumber(e, formatItemNumber(ids, layout.separator, false));
      }
    }
  };
  for (const spec of project.serviceSpecifications ?? []) number(spec.elements, []);
  if (skipped) schema.skipNonExistingLevelsInPositionItemNumbers = true;
  return true;
}
