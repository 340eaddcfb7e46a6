/**
 * Unit price components (`priceComponents` of a position, labels in `projectInformation.priceComponents`) as the
 * legacy GAEB generations hold them: a list of labels for the whole LV and, per position, one amount per label
 * (GAEB 90 records 06/22, gaeb90/price-components.ts; GAEB 2000 `[AnzEPAnteile]`/`[EPAnteil<n>]`,
 * gaeb2000/price-components.ts). What the two have in common: the labels a writer declares, where a position's
 * components go among them, and the check that the amounts read add up to the unit price stated.
 */
import { D, type Dec, dec } from '../../core/model/decimal.js';
import type { PositionDto, PriceComponentDto, ProjectDto, ServiceSpecificationDto } from '../../core/model/types.js';

/** Sum of the component amounts as read (their `values[0].formula`), or undefined when none has one. */
export function componentSum(components: readonly PriceComponentDto[]): Dec | undefined {
  let sum: Dec | undefined;
  for (const c of components) {
    const f = c.values?.[0]?.formula;
    if (typeof f === 'string' && f !== '') sum = (sum ?? new D(0)).plus(dec(f));
  }
  return sum;
}

/**
 * The sum of the components a reader gave a position when it differs from the unit price the file states
 * (`unitPriceOverride`); undefined when they agree or either is missing.
 */
export function componentSumMismatch(p: PositionDto): Dec | undefined {
  const sum = p.priceComponents ? componentSum(p.priceComponents) : undefined;
  return sum === undefined || p.unitPriceOverride === undefined || sum.equals(p.unitPriceOverride) ? undefined : sum;
}

/**
 * The labels a writer declares for the LV and whose amounts it writes per position, in order: the project's
 * (`projectInformation.priceComponents`, else the specification's `projectPriceComponents`), else the labels of
 * the positions' price components in the order first met. Not cut to any limit; the caller reports what does not fit.
 */
export function componentLabels(project: ProjectDto, spec: ServiceSpecificationDto): string[] {
  const own = project.projectInformation?.priceComponents ?? spec.projectPriceComponents ?? [];
  if (own.length > 0) return own.map(String);
  const seen: string[] = [];
  const walk = (elements: readonly unknown[] | undefined) => {
    for (const e of (elements ?? []) as { elementTypeDiscriminator?: string; elements?: unknown[]; priceComponents?: PriceComponentDto[] }[]) {
      for (const c of e.priceComponents ?? []) if (typeof c.label === 'string' && c.label !== '' && !seen.includes(c.label)) seen.push(c.label);
      walk(e.elements);
    }
  };
  walk(spec.elements);
  return seen;
}

/** A component amount and the slot (0-based index among the declared labels) it goes to. */
export interface SlottedAmount {
  slot: number;
  /** The component's label, or `#<n>` (1-based index) without one. */
  name: string;
  /** The computed `price` of the component (sum of its values, `calculateProject`). */
  value: number;
}

/**
 * Places a position's price components in the slots of the declared labels: first each component goes to the
 * slot of its label among the first `slots` labels; then a component without such a label goes to the slot of its
 * own index when that is below `slots`, still free and not the slot of another declared label. A component without
 * values or without a computed `price` takes no slot (it reads back as a blank one).
 * @returns the amounts in component order, and the names of components with a non-zero amount that found no slot
 */
export function slotComponents(p: PositionDto, labels: readonly string[], slots: number): { placed: SlottedAmount[]; unplaced: string[] } {
  const out = { placed: [] as SlottedAmount[], unplaced: [] as string[] };
  const head = labels.slice(0, slots);
  const amounts = (p.priceComponents ?? []).map((c, i) => ({
    name: typeof c.label === 'string' && c.label !== '' ? c.label : `#${i + 1}`,
    value: typeof c.price === 'number' && Number.isFinite(c.price) && c.values && c.values.length > 0 ? c.price : undefined,
    byLabel: typeof c.label === 'string' ? head.indexOf(c.label) : -1,
    declared: typeof c.label === 'string' && labels.includes(c.label),
    slot: undefined as number | undefined,
  }));
  const taken = new Set<number>();
  const take = (a: (typeof amounts)[number], slot: number) => {
    a.slot = slot;
    taken.add(slot);
  };
  for (const a of amounts) if (a.value !== undefined && a.byLabel >= 0 && !taken.has(a.byLabel)) take(a, a.byLabel);
  amounts.forEach((a, i) => {
    if (a.value !== undefined && a.slot === undefined && a.byLabel < 0 && !a.declared && i < slots && !taken.has(i)) take(a, i);
  });
  for (const a of amounts) {
    if (a.value === undefined) continue;
    if (a.slot !== undefined) out.placed.push({ slot: a.slot, name: a.name, value: a.value });
    else if (a.value !== 0) out.unplaced.push(a.name);
  }
  return out;
}
