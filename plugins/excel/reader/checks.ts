/**
 * What the reader checks in the rows of a sheet, beyond reading them: item numbers that stand in more than one
 * row, a stated total that is not quantity × unit price, rows carrying the same hidden id (a copied row), and
 * elements whose rows were deleted.
 */
import { dec, round } from '../../../core/model/decimal.js';
import { isGroup, type ElementDto, type PriceRoundingModeDto } from '../../../core/model/types.js';
import type { SheetRow } from './rows.js';

/** Item numbers that stand in more than one row, with their row numbers. */
export function duplicateItemNumbers(rows: readonly SheetRow[]): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  for (const r of rows) {
    if (r.itemNumber === undefined) continue;
    const list = seen.get(r.itemNumber);
    if (list) list.push(r.row);
    else seen.set(r.itemNumber, [r.row]);
  }
  return new Map([...seen].filter(([, list]) => list.length > 1));
}

/**
 * The total of a row that states quantity, unit price and total (a position's row, not one without total),
 * recalculated as the project does — quantity × unit price rounded to `places` decimals in `mode` — when the
 * stated total differs from it by more than half a unit of the last place; else undefined.
 */
export function totalMismatch(row: SheetRow, places: number, mode: PriceRoundingModeDto | undefined): number | undefined {
  if (row.total === undefined || row.quantity === undefined || row.unitPrice === undefined) return undefined;
  if (row.kind === 'group' || row.markers.includes('withoutTotal')) return undefined;
  // most rows state the rounded product itself: checked in floating point first, unless it lies near a half
  const scaled = row.quantity * row.unitPrice * 10 ** places;
  const near = Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6;
  if ((mode === undefined || mode === 'Normal') && !near && Math.abs(row.total - Math.round(scaled) / 10 ** places) < 1e-9 * Math.max(1, Math.abs(row.total))) return undefined;
  const computed = round(dec(row.quantity).times(dec(row.unitPrice)), places, mode);
  return Math.abs(row.total - computed) > 0.5 * 10 ** -places + 1e-9 ? computed : undefined;
}

/**
 * The row each element identified by id stands in, when several rows carry its id (a row copied with its hidden
 * id): the one that keeps the element's item number, else the first. Rows of other ids are not listed.
 */
export function idOwners(rows: readonly SheetRow[], byId: ReadonlyMap<string, ElementDto>): Map<string, SheetRow> {
  const owners = new Map<string, SheetRow>();
  for (const r of rows) {
    const e = r.id !== undefined ? byId.get(r.id) : undefined;
    if (!e) continue;
    const current = owners.get(r.id!);
    const keeps = (x: SheetRow) => x.itemNumber === (e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation;
    if (!current || (!keeps(current) && keeps(r))) owners.set(r.id!, r);
  }
  return owners;
}

/** An element for messages: its item number, else its kind and short text. */
export const labelOf = (e: ElementDto): string => {
  const x = e as { itemNumber?: { stringRepresentation?: string }; shortText?: string; elementTypeDiscriminator?: string };
  return x.itemNumber?.stringRepresentation ?? `${(x.elementTypeDiscriminator ?? 'element').replace(/Dto$/, '')} "${x.shortText ?? ''}"`;
};

/**
 * The elements of `list` (and of its groups) that no row identified, outermost first: an element whose row was
 * deleted. A group some of whose elements were identified is `kept` (its own row was deleted, theirs not).
 */
export function unmatchedElements(list: ElementDto[] | undefined, matched: ReadonlySet<ElementDto>, out: { e: ElementDto; container: ElementDto[]; kept: boolean }[] = []): typeof out {
  const anyMatched = (e: ElementDto): boolean => matched.has(e) || (isGroup(e) && (e.elements ?? []).some(anyMatched));
  for (const e of list ?? []) {
    if (!matched.has(e)) {
      const kept = isGroup(e) && (e.elements ?? []).some(anyMatched);
      out.push({ e, container: list!, kept });
      if (!kept) continue;
    }
    if (isGroup(e)) unmatchedElements(e.elements, matched, out);
  }
  return out;
}
