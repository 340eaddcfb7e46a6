/**
 * The positions of a project with their item numbers as OZ parts (levels, position, index) and the OZ mask that
 * lays them out in nine characters (REB-VB 23.003 2009: 0–4 numeric levels, a position number, an optional
 * one-character index; dazi-web/reb-da11 `src/OzMask.php`). The mask is the project's item number schema when it
 * fits nine characters, else the widths the item numbers use as written (so that they read back unchanged; an
 * item number is never shortened).
 */
import { targetError } from '../../../core/errors.js';
import { schemaLayout, splitItemNumber } from '../../../core/model/item-numbers.js';
import { type ElementDto, isGroup, isPosition, type PositionDto, type ProjectDto } from '../../../core/model/types.js';
import { buildOzMask, formatOz, type OzMask, type OzParts } from '../da11/oz-mask.js';

/** A position with its item number and OZ parts. */
export interface NumberedPosition {
  position: PositionDto;
  itemNumber: string;
  parts: OzParts;
}

function* positions(elements: readonly ElementDto[] | undefined): Generator<PositionDto> {
  for (const e of elements ?? []) {
    if (isPosition(e)) yield e;
    else if (isGroup(e)) yield* positions(e.elements);
  }
}

/**
 * The positions of all service specifications in order, numbered.
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400, key = item number) when a position has no item number
 */
export function numberedPositions(project: ProjectDto): NumberedPosition[] {
  const layout = schemaLayout(project.projectInformation?.itemNumberSchema);
  const out: NumberedPosition[] = [];
  for (const spec of project.serviceSpecifications ?? []) {
    for (const p of positions(spec.elements)) {
      const itemNumber = p.itemNumber?.stringRepresentation?.trim() ?? '';
      if (itemNumber === '') throw targetError('A position has no item number; a REB take-off names items only by number (use TryAutoGenerateItemNumbersAndSchema).', 'itemNumber');
      const parsed = splitItemNumber(itemNumber, layout.separator).map((part) => part.trim());
      const hasIndex = layout.indexTier >= 0 && parsed.length === layout.groupTiers.length + 2;
      const index = hasIndex ? parsed[parsed.length - 1] : '';
      const rest = hasIndex ? parsed.slice(0, -1) : parsed;
      out.push({ position: p, itemNumber, parts: { levels: rest.slice(0, -1), position: rest[rest.length - 1], index } });
    }
  }
  return out;
}

/**
 * The OZ mask for the positions: the schema's widths when they fit nine characters, else the widths used.
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400, key = item number) naming the first item number that does
 *   not fit a mask (more than 4 levels, more than 9 characters, an index longer than one character), or two at
 *   different depths (a position under a skipped level), or the widest when all together need more than 9
 */
export function ozMaskFor(project: ProjectDto, items: readonly NumberedPosition[]): OzMask {
  const layout = schemaLayout(project.projectInformation?.itemNumberSchema);
  const fromSchema = layout.positionTier >= 0
    ? buildOzMask(layout.groupTiers.map((t) => layout.tiers[t].length), layout.tiers[layout.positionTier].length, layout.indexTier >= 0 && layout.tiers[layout.indexTier].length === 1)
    : undefined;
  const levels = Math.max(0, ...items.map((i) => i.parts.levels.length));
  const widths = Array.from({ length: levels }, (_, l) => Math.max(1, ...items.map((i) => i.parts.levels[l]?.length ?? 0)));
  const index = items.some((i) => i.parts.index !== '');
  const used = buildOzMask(widths, Math.max(1, ...items.map((i) => i.parts.position.length)), index);
  for (const mask of [fromSchema, used]) {
    if (mask && items.every((i) => formatOz(i.parts, mask) !== undefined)) return mask;
  }
  const alone = (i: NumberedPosition) => buildOzMask(i.parts.levels.map((l) => l.length), i.parts.position.length, i.parts.index !== '');
  const bad = items.find((i) => { const m = alone(i); return !m || formatOz(i.parts, m) === undefined; });
  if (bad) {
    throw targetError(`The item number ${bad.itemNumber} does not fit a REB OZ: at most 4 numeric levels, a numeric position number and a one-character index, 9 characters in all.`, bad.itemNumber);
  }
  // Positions at different depths (one under a skipped level: 1.10 beside 2.1.010) fit no single mask.
  const shallow = items.find((i) => i.parts.levels.length < levels);
  if (shallow) {
    const deep = items.find((i) => i.parts.levels.length === levels)!;
    const depth = (n: number) => `${n} ${n === 1 ? 'level' : 'levels'}`;
    throw targetError(
      `The item numbers have different depths (${shallow.itemNumber}: ${depth(shallow.parts.levels.length)}, ${deep.itemNumber}: ${depth(levels)}); one REB OZ mask holds positions of one depth only. Renumber the positions under a skipped level.`,
      shallow.itemNumber,
    );
  }
  const widest = items.reduce((a, b) => (a.itemNumber.length >= b.itemNumber.length ? a : b));
  throw targetError(`The item numbers do not fit one REB OZ mask of 9 characters: the widest level, position and index widths together need more (e.g. ${widest.itemNumber}).`, widest.itemNumber);
}
