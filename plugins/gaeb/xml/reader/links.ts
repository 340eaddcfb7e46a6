/**
 * References resolved after the whole file is read (targets may come later in the file):
 * alternatives (`ALNGroupNo`/`ALNSerNo`: serNo 0 is the base, 1–9 alternates point to it with `alternativeTo`),
 * repetitions (`RefRNo/@IDRef` → `repetitionTo`), performance descriptions (`RefPerfNo/@IDRef` →
 * `executionDescriptionReference` = the PerfDescr's `PerfNo`), and item VAT against the BoQ's (`useDifferentTaxRate`).
 * Source: GAEB DA XML 3.3 Lib tgItem, tgRefRNo, tgRefPerfNo, tgPerfDescr; 3.0 spec §2.7.5.2 (alternatives).
 */
import { newId } from '../../../../core/model/ids.js';
import type { ElementDto, ExecutionDescriptionDto, ServiceSpecificationGroupDto } from '../../../../core/model/types.js';
import type { ItemDraft } from './items.js';
import type { ReaderReport } from './report.js';

/** Model id of an element, created when it has none yet (the normaliser keeps existing ids). */
function idOf(element: ElementDto): string {
  return (element.id ??= newId());
}

function indexByGaebId(elements: readonly ElementDto[] | undefined, into: Map<string, ElementDto>): void {
  if (!elements) return;
  for (const e of elements) {
    if (typeof e.gaebXmlId === 'string') into.set(e.gaebXmlId, e);
    const children = (e as { elements?: ElementDto[] }).elements;
    if (children) indexByGaebId(children, into);
  }
}

export interface LinkInput {
  /** Items that carry an ALN group, a reference or a VAT rate (only those are kept while streaming). */
  items: readonly ItemDraft[];
  perfDescrs: ReadonlyMap<string, ExecutionDescriptionDto>;
  /** Top-level elements of the service specification, searched for `RefRNo` targets. */
  elements: readonly ElementDto[];
  /** The BoQ's tax rate as a fraction, when the file states one. */
  projectTaxRate?: number;
}

/** Resolves the references of `input.items` in place; unresolved ones are reported and left out. */
export function resolveLinks(input: LinkInput, report: ReaderReport): void {
  const bases = new Map<number, ItemDraft>();
  for (const d of input.items) {
    if (d.alnGroup !== undefined && (d.alnSerNo ?? 0) === 0 && !bases.has(d.alnGroup)) bases.set(d.alnGroup, d);
  }
  let byGaebId: Map<string, ElementDto> | undefined;
  for (const d of input.items) {
    const p = d.position;
    if (d.alnGroup !== undefined && (d.alnSerNo ?? 0) > 0) {
      const base = bases.get(d.alnGroup);
      if (base) p.alternativeTo = idOf(base.position);
      else report.report('GAEB_ALTERNATIVE_BASE_MISSING', 'warning', `Alternative group ${d.alnGroup} has no base item (ALNSerNo 0).`, d.number);
    }
    if (d.refRNo !== undefined) {
      if (!byGaebId) indexByGaebId(input.elements, (byGaebId = new Map()));
      const target = byGaebId.get(d.refRNo);
      if (target) p.repetitionTo = idOf(target);
      else report.report('GAEB_REFERENCE_UNRESOLVED', 'warning', `RefRNo points to '${d.refRNo}', which is not in the file.`, d.number);
    }
    if (d.markupRefs !== undefined) {
      if (!byGaebId) indexByGaebId(input.elements, (byGaebId = new Map()));
      const ids: string[] = [];
      for (const ref of d.markupRefs) {
        const target = byGaebId.get(ref);
        if (target) ids.push(idOf(target));
        else report.report('GAEB_REFERENCE_UNRESOLVED', 'warning', `MarkupSubQty/RefItem points to '${ref}', which is not in the file.`, d.number);
      }
      p.complementsPositions = ids;
    }
    if (d.refPerfNo !== undefined) {
      const perf = input.perfDescrs.get(d.refPerfNo);
      if (perf?.identifier !== undefined) p.executionDescriptionReference = perf.identifier;
      else report.report('GAEB_REFERENCE_UNRESOLVED', 'warning', `RefPerfNo points to '${d.refPerfNo}', which is not a PerfDescr of the file.`, d.number);
    }
    if (d.vat !== undefined) {
      const rate = d.vat / 100;
      p.taxRate = rate;
      if (input.projectTaxRate === undefined || Math.abs(input.projectTaxRate - rate) > 1e-9) p.useDifferentTaxRate = true;
    }
  }
}

/**
 * Alternative categories (`ALNBGroupNo`/`ALNBSerNo`, read into `alternativeGroupIdentifier`/`alternativeIdentifier`):
 * serNo 0 is the base, serNo ≥ 1 points to the base group of the same group number with `alternativeTo` (so the
 * calculation leaves it out of its parent's total). Source: GAEB DA XML 3.3 Lib tgBoQCtgy.
 */
export function resolveGroupAlternatives(elements: readonly ElementDto[], report: ReaderReport): void {
  const groups: ServiceSpecificationGroupDto[] = [];
  const walk = (list: readonly ElementDto[] | undefined): void => {
    for (const e of list ?? []) {
      if (e.elementTypeDiscriminator !== 'ServiceSpecificationGroupDto') continue;
      const g = e as ServiceSpecificationGroupDto;
      if (g.alternativeGroupIdentifier !== undefined) groups.push(g);
      walk(g.elements);
    }
  };
  walk(elements);
  const bases = new Map<number, ServiceSpecificationGroupDto>();
  for (const g of groups) if ((g.alternativeIdentifier ?? 0) === 0 && !bases.has(g.alternativeGroupIdentifier!)) bases.set(g.alternativeGroupIdentifier!, g);
  for (const g of groups) {
    g.alternativeIdentifier ??= 0;
    if (g.alternativeIdentifier === 0) continue;
    const base = bases.get(g.alternativeGroupIdentifier!);
    if (base) g.alternativeTo = idOf(base);
    else report.report('GAEB_ALTERNATIVE_BASE_MISSING', 'warning', `Alternative category group ${g.alternativeGroupIdentifier} has no base category (ALNBSerNo 0).`, g.itemNumber?.stringRepresentation);
  }
}
