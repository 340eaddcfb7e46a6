/**
 * Stated ÖNORM sums met or reported: after the recalculation, every amount an ONLV states — a position's
 * `pospreis` (quantity × unit price), a group's `ulg-summe`/`lg-summe`/`og-summe`/`hg-summe` and the LV's `lv-summe`
 * (`summe/gesamt`, the sum of the normal positions before a discount: 2009 `ontypdef.xsd` `gruppensumme.type`,
 * `pzzv.type`), kept by the reader as `oenormTotal` — is compared with the recalculated `totalPrice`, to the cent;
 * a sum's amount after its own discount (`summe-inkl-na/gesamt`), kept as `oenormDeductedTotal`, with the
 * recalculated `deductedPrice`; the LV's price with VAT (`summenormalausfuehrung/angebotspreis`,
 * `gesamtsumme.type`), kept as `oenormGrossTotal`, with the recalculated `totalPriceGrossDeducted`; a partial offer's
 * `summe-des-lv` (`teilangebotssummen`, kept in `oenormProperties.teilangebote`) with the sum of its positions.
 * Each difference is reported (`OENORM_TOTAL_MISMATCH`, warning) naming the element and both amounts; the
 * recalculated amount is what the project keeps. At most 50 are reported one by one, then one message counts the rest.
 */
import { countsInTotal } from '../../core/model/calculate.js';
import { isGroup, isPosition, type ElementDto, type ProjectDto } from '../../core/model/types.js';
import type { MessageSink } from '../../core/pipeline/messages.js';

const MAX_REPORTED = 50;

interface Mismatch {
  what: string;
  itemNumber?: string;
  stated: number;
  recalculated: number;
}

/** A stated amount and the recalculated one it must meet. */
interface Stated { oenormTotal?: unknown; totalPrice?: number }

/** A stated amount (`oenormTotal`) that differs, to the cent, from the recalculated `totalPrice`. */
function differs(holder: Stated): boolean {
  const stated = holder.oenormTotal;
  return typeof stated === 'number' && Math.round(stated * 100) !== Math.round((holder.totalPrice ?? 0) * 100);
}

/** A container's amount after its own discount: the stated `summe-inkl-na` and the recalculated `deductedPrice`. */
const deducted = (c: { oenormDeductedTotal?: unknown; deductedPrice?: number }): Stated =>
  ({ oenormTotal: c.oenormDeductedTotal, totalPrice: c.deductedPrice });

function collect(project: ProjectDto): Mismatch[] {
  const found: Mismatch[] = [];
  // the element's number and description are looked up only for a difference
  const record = (holder: Stated, itemNumber: string | undefined, what: string) => {
    found.push({ what, ...(itemNumber ? { itemNumber } : {}), stated: holder.oenormTotal as number, recalculated: holder.totalPrice ?? 0 });
  };
  const visit = (elements: readonly ElementDto[] | undefined) => {
    for (const e of elements ?? []) {
      if (isPosition(e)) {
        if (!differs(e)) continue;
        const n = e.itemNumber?.stringRepresentation;
        record(e, n, `Position ${n ?? ''} (pospreis)`);
      } else if (isGroup(e)) {
        const after = deducted(e as Record<string, unknown>);
        if (differs(e) || differs(after)) {
          const n = e.itemNumber?.stringRepresentation;
          const level = (e.oenormProperties?.gliederungsebene as string | undefined) ?? 'group';
          if (differs(e)) record(e, n, `${level.toUpperCase()} ${n ?? ''} (${level}-summe)`);
          if (differs(after)) record(after, n, `${level.toUpperCase()} ${n ?? ''} (${level}-summe/summe-inkl-na)`);
        }
        visit(e.elements);
      }
    }
  };
  for (const spec of project.serviceSpecifications ?? []) {
    if (differs(spec)) record(spec, undefined, 'LV (lv-summe)');
    const after = deducted(spec as Record<string, unknown>);
    if (differs(after)) record(after, undefined, 'LV (lv-summe/summe-inkl-na)');
    const gross = { oenormTotal: (spec as Record<string, unknown>).oenormGrossTotal, totalPrice: spec.totalPriceGrossDeducted };
    if (differs(gross)) record(gross, undefined, 'LV (summenormalausfuehrung/angebotspreis)');
    visit(spec.elements);
    const lots = (spec.oenormProperties as Record<string, unknown> | undefined)?.teilangebote;
    if (Array.isArray(lots)) {
      const byLot = lotTotals(spec.elements);
      for (const lot of lots as { teilangebotskennzeichen: string; oenormTotal?: number }[]) {
        const stated = { oenormTotal: lot.oenormTotal, totalPrice: (byLot.get(lot.teilangebotskennzeichen) ?? 0) / 100 };
        if (differs(stated)) record(stated, undefined, `Teilangebot ${lot.teilangebotskennzeichen} (summe-des-lv)`);
      }
    }
  }
  return found;
}

/**
 * The recalculated sum of each partial offer in cents: the total prices of the positions that count in the sums and
 * name the lot (`teilangebotskennzeichen`, `reader/teilangebote.ts`), each rounded to the cent as its `pospreis`.
 */
function lotTotals(elements: readonly ElementDto[] | undefined, into = new Map<string, number>()): Map<string, number> {
  for (const e of elements ?? []) {
    if (isPosition(e)) {
      const lot = e.oenormPositionProperties?.teilangebotskennzeichen;
      if (typeof lot === 'string' && countsInTotal(e)) into.set(lot, (into.get(lot) ?? 0) + Math.round((e.totalPrice ?? 0) * 100));
    } else if (isGroup(e)) lotTotals(e.elements, into);
  }
  return into;
}

/**
 * Reports every stated sum of a recalculated ÖNORM project that the recalculation does not meet.
 * @returns the number of differences found
 */
export function reportOenormTotalMismatches(project: ProjectDto, sink: MessageSink): number {
  const found = collect(project);
  const report = (message: string, itemNumber?: string) =>
    sink.report({ code: 'OENORM_TOTAL_MISMATCH', severity: 'warning', message, ...(itemNumber ? { itemNumber } : {}), source: 'oenorm' });
  for (const m of found.slice(0, MAX_REPORTED)) {
    report(`${m.what}: the file states ${m.stated.toFixed(2)}, the recalculated amount is ${m.recalculated.toFixed(2)}; the recalculated amount is kept.`, m.itemNumber);
  }
  if (found.length > MAX_REPORTED) report(`${found.length - MAX_REPORTED} more stated sums differ from the recalculated ones (${found.length} in all).`);
  return found.length;
}
