/**
 * `RebuildItemNumberSchema` (option group N): after new elements were read, the project is numbered afresh so
 * that its item numbers and schema comply with GAEB (levels, widths, increments: the numbering of
 * `TryAutoGenerateItemNumbersAndSchema`, core/model/auto-numbers.ts), and every element whose number changed is
 * reported. Source: AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger), option RebuildItemNumberSchema.
 */
import { autoGenerateItemNumbers } from '../../../core/model/auto-numbers.js';
import { isGroup, isPosition, type ElementDto, type ItemNumberDto, type ProjectDto } from '../../../core/model/types.js';
import type { OncePerItemReporter } from '../../../core/pipeline/messages.js';
import type { ExcelMessageCode } from '../messages.js';

type Numbered = ElementDto & { itemNumber?: ItemNumberDto };

function numbered(elements: readonly ElementDto[] | undefined, out: Numbered[]): Numbered[] {
  for (const e of elements ?? []) {
    if (isGroup(e) || isPosition(e)) out.push(e);
    if (isGroup(e)) numbered(e.elements, out);
  }
  return out;
}

/** Renumbers the whole project and reports each element whose item number changed. */
export function rebuildItemNumberSchema(project: ProjectDto, report: OncePerItemReporter<ExcelMessageCode>): void {
  const elements = (project.serviceSpecifications ?? []).flatMap((s) => numbered(s.elements, []));
  const before = new Map(elements.map((e) => [e, e.itemNumber?.stringRepresentation]));
  for (const e of elements) delete e.itemNumber;
  if (project.projectInformation) delete project.projectInformation.itemNumberSchema;
  autoGenerateItemNumbers(project);
  for (const e of elements) {
    const old = before.get(e);
    const now = e.itemNumber?.stringRepresentation;
    if (old !== now) {
      report.report('EXCEL_ITEM_NUMBER_SCHEMA_REBUILT', 'info', `Renumbered ${old ? `from ${old} ` : ''}to ${now ?? '(none)'} (RebuildItemNumberSchema).`, now ?? old);
    }
  }
}
