/**
 * Marks that decide whether an element counts in the sums, and what a target format that cannot hold one of them
 * does to the sums a receiver computes from the written file.
 *
 * The model counts as GAEB DA XML does (`countsInTotal`, `groupCountsInTotal` in `calculate.ts`; GAEB DA XML 3.3
 * Lib, tgItem `Provis`, `ALNSerNo`, `NotAppl`, tgBoQCtgy `ALNBSerNo`, `NotApplBoQ`): an alternative group (Wahlgruppe) does
 * not count, an optional position with total (Bedarfsposition mit Gesamtbetrag) counts, an element marked not
 * applicable (entfällt) does not count. A format without the mark writes the element as a plain one, so its
 * receiver counts it differently:
 *
 * - `alternativeGroup`: a group with `alternativeTo` (GAEB `ALNBGroupNo`/`ALNBSerNo`) written as an ordinary group
 *   is counted (GAEB 90; GAEB 2000 and ÖNORM A 2063, which have alternatives of positions only, mark its positions
 *   instead: `alternative-groups.ts`);
 * - `optionalWithTotal`: an optional position with `priceType` WithTotal written as the format's optional position
 *   is not counted where that kind never counts (ÖNORM A 2063 `eventualposition`: only normal positions count);
 * - `removed`: an element with `comissionStatus` Removed written without that mark is counted (GAEB 90 and ÖNORM
 *   A 2063 have no such mark);
 * - `alternativePosition`, `withoutTotal`: an alternative position (`ALNSerNo` 1–9) or one with `priceType`
 *   WithoutTotal (`Provis` WithoutTotal) written as an ordinary position is counted (the GAEB 90 writer writes no
 *   item kind: the item flags of record 21 are unverified).
 */
import { calculateProject, freezeMarkupPrices, groupCountsInTotal } from './calculate.js';
import { type DiscountedElement, discountedElements, withoutDiscounts } from './discount-losses.js';
import {
  isGroup, isPosition, type ElementDto, type PositionDto, type ProjectDto, type ServiceSpecificationDto, type ServiceSpecificationGroupDto,
} from './types.js';

/** A mark a target format may lack (see the module comment). */
export type CountingMark = 'alternativeGroup' | 'alternativePosition' | 'optionalWithTotal' | 'withoutTotal' | 'removed';

/** One element whose mark a target format cannot hold. */
export interface CountingLoss {
  mark: CountingMark;
  /** `Category 1.10.40.` or `Item 1.10.25.0010`. */
  element: string;
  itemNumber?: string;
  /** The element's own total before discounts (price in project currency, as calculated). */
  total: number;
}

/** The sums a receiver computes: the BoQ total as calculated and as counted from the written file. */
export interface CountingChange {
  losses: CountingLoss[];
  /**
   * `totalPrice` of the service specification as the model counts (project currency; before a discount of the BoQ
   * itself, after those of its groups and positions, which a format that cannot hold them reports apart).
   */
  before: number;
  /** The same total with the lost marks counted as the target's receiver counts them. */
  after: number;
  /**
   * A recalculated copy of the project's first service specification with the lost marks taken away (the others
   * as they were): what the receiver counts, element by element. A writer that states sums writes this copy, so
   * that its stated totals are the ones the receiver's recalculation gives.
   */
  project: ProjectDto;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function groupMark(g: ServiceSpecificationGroupDto, marks: ReadonlySet<CountingMark>): CountingMark | undefined {
  if (marks.has('removed') && g.comissionStatus === 'Removed') return 'removed';
  if (marks.has('alternativeGroup') && g.alternativeTo) return 'alternativeGroup';
  return undefined;
}

function positionMark(p: PositionDto, marks: ReadonlySet<CountingMark>): CountingMark | undefined {
  if (marks.has('removed') && p.comissionStatus === 'Removed') return 'removed';
  if (marks.has('alternativePosition') && p.positionType === 'Alternative') return 'alternativePosition';
  if (marks.has('withoutTotal') && p.priceType === 'WithoutTotal') return 'withoutTotal';
  if (marks.has('optionalWithTotal') && p.positionType === 'Optional' && p.priceType !== 'WithoutTotal') return 'optionalWithTotal';
  return undefined;
}

/**
 * The elements of a calculated service specification whose mark is one of `marks`, in document order (depth
 * first; the elements inside a listed group are listed too when they carry a mark of their own, those inside a group
 * that does not count for a mark not in `marks` are not: they count in neither).
 * @param spec a service specification after `prepareProject`
 */
export function countingLosses(spec: ServiceSpecificationDto, marks: ReadonlySet<CountingMark>): CountingLoss[] {
  const out: CountingLoss[] = [];
  const walk = (elements: readonly ElementDto[] | undefined) => {
    for (const e of elements ?? []) {
      if (isPosition(e)) {
        const mark = positionMark(e, marks);
        const n = e.itemNumber?.stringRepresentation;
        if (mark) out.push({ mark, element: `Item ${n ?? '(without number)'}`, ...(n ? { itemNumber: n } : {}), total: num(e.totalPrice) });
      } else if (isGroup(e)) {
        const mark = groupMark(e, marks);
        const n = e.itemNumber?.stringRepresentation;
        if (mark) out.push({ mark, element: `Category ${n ?? '(without number)'}`, ...(n ? { itemNumber: n } : {}), total: num(e.totalPrice) });
        // a group that counts in neither (its mark is kept): nothing inside it changes a sum
        else if (!groupCountsInTotal(e)) continue;
        walk(e.elements);
      }
    }
  };
  walk(spec.elements);
  return out;
}

/**
 * What the receiver of a file without `marks` counts: the losses of the first service specification and its total
 * before and after (a copy of the project with those marks taken away — an alternative group or position as an
 * ordinary one, a position without total as one with, an optional position with total as one without, a removed
 * element as a plain one — recalculated, returned as `project` with the other service specifications as they were,
 * not copied; markup items keep their unit price, which the file states: `freezeMarkupPrices`). The input is not
 * changed. Undefined when nothing is lost.
 * @param project a project after `prepareProject`
 * @param supportSkippedItemNumberLevels as the project was prepared with (option SupportSkippedItemNumberLevelsInPositions)
 */
export function countingChange(project: ProjectDto, marks: ReadonlySet<CountingMark>, supportSkippedItemNumberLevels: boolean): CountingChange | undefined {
  const spec = project.serviceSpecifications?.[0];
  if (!spec) return undefined;
  const losses = countingLosses(spec, marks);
  if (losses.length === 0) return undefined;
  const copy = structuredClone({ ...project, serviceSpecifications: [spec] });
  const unmark = (elements: readonly ElementDto[] | undefined) => {
    for (const e of elements ?? []) {
      if (isPosition(e)) {
        const mark = positionMark(e, marks);
        if (mark === 'removed') e.comissionStatus = 'Undefined';
        else if (mark === 'alternativePosition') e.positionType = 'Regular';
        else if (mark === 'withoutTotal') e.priceType = 'WithTotal';
        else if (mark === 'optionalWithTotal') e.priceType = 'WithoutTotal';
      } else if (isGroup(e)) {
        const mark = groupMark(e, marks);
        if (mark === 'removed') e.comissionStatus = 'Undefined';
        if (marks.has('alternativeGroup')) delete e.alternativeTo;
        unmark(e.elements);
      }
    }
  };
  freezeMarkupPrices(copy.serviceSpecifications[0].elements);
  unmark(copy.serviceSpecifications[0].elements);
  const recalculated = calculateProject(copy, { supportSkippedItemNumberLevels });
  const counted = recalculated.serviceSpecifications![0];
  // a writer checks how many specifications it was given (GAEB 90, SIA 451 report the ones they leave out)
  recalculated.serviceSpecifications = [counted, ...(project.serviceSpecifications ?? []).slice(1)];
  return { losses, before: num(spec.totalPrice), after: num(counted.totalPrice), project: recalculated };
}

/** What a receiver computes from a file that states quantities and unit prices but neither discounts nor some marks. */
export interface ReceiverCount {
  /** The project as that receiver counts it: a recalculated copy when something is lost, else the input itself. */
  project: ProjectDto;
  /** The discounted elements left out and the BoQ total with and without them (`deductedPrice`); absent when none. */
  discounts?: { found: DiscountedElement[]; before: number; after: number };
  /** The lost marks, counted on the totals without the discounts; absent when none. */
  counting?: CountingChange;
}

/**
 * Discounts first (`withoutDiscounts`), then the counting marks on what remains (`countingChange`): the order in
 * which the messages name the totals, so that the last one named is what the receiver's recalculation of the written
 * file gives. For the GAEB 90 and SIA 451 writers.
 * @param project a project after `prepareProject`
 * @param marks   the marks the format cannot hold
 * @param dropDiscounts false where the file carries no prices (GAEB 90 phases 81, 83): discounts change nothing it states
 */
export function receiverCount(project: ProjectDto, marks: ReadonlySet<CountingMark>, supportSkippedItemNumberLevels: boolean, dropDiscounts = true): ReceiverCount {
  const spec = project.serviceSpecifications?.[0];
  if (!spec) return { project };
  let counted = project;
  let discounts: ReceiverCount['discounts'];
  const found = dropDiscounts ? discountedElements(spec) : [];
  if (found.length > 0) {
    counted = withoutDiscounts(project, supportSkippedItemNumberLevels);
    const after = counted.serviceSpecifications![0];
    discounts = { found, before: spec.deductedPrice ?? spec.totalPrice ?? 0, after: after.deductedPrice ?? after.totalPrice ?? 0 };
  }
  const counting = countingChange(counted, marks, supportSkippedItemNumberLevels);
  return { project: counting?.project ?? counted, ...(discounts ? { discounts } : {}), ...(counting ? { counting } : {}) };
}

const MARK_TEXT: Record<CountingMark, string> = {
  alternativeGroup: 'alternative group, not counted: written as an ordinary group, counted',
  alternativePosition: 'alternative position, not counted: written as an ordinary position, counted',
  withoutTotal: 'position without total (unit price only), not counted: written as an ordinary position, counted',
  optionalWithTotal: 'optional position with total, counted: written as an optional position, not counted',
  removed: 'not applicable (entfällt), not counted: written without that mark, counted',
};

/**
 * The message text for marks a format cannot hold: the first elements with their totals and what became of them,
 * and the BoQ total before and after.
 * @param format `GAEB 90`, `ÖNORM A 2063`
 */
export function countingChangeMessage(format: string, change: CountingChange): string {
  const FIRST = 5;
  const { losses, before, after } = change;
  const names = losses.slice(0, FIRST).map((l) => `${l.element} (${l.total !== 0 ? `${l.total.toFixed(2)}; ` : ''}${MARK_TEXT[l.mark]})`).join(', ');
  const more = losses.length > FIRST ? ` and ${losses.length - FIRST} more` : '';
  const sums = after !== before
    ? ` A receiver computes the BoQ total as ${after.toFixed(2)} instead of ${before.toFixed(2)} (difference ${(after - before).toFixed(2)}).`
    : losses.every((l) => l.total === 0)
      ? ' They have no total yet; once priced, a receiver counts them as said.'
      : ` A receiver computes the same BoQ total, ${after.toFixed(2)}: the differences cancel out.`;
  return `${format} cannot mark how ${losses.length} element(s) count in the sums: ${names}${more}.${sums}`;
}
