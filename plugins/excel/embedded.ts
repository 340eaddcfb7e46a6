/**
 * The project a workbook was written from, kept in a very hidden sheet so that a workbook sent back can be read
 * into the whole project again (texts, item number schema, ids …), with the visible sheets' changes on top. The
 * project is stored as JSON split over column A (a cell holds at most 32,767 characters). The copy holds only what
 * the sheets show: without `WritePrices` no prices, without `WriteLongTexts` no long texts.
 */
import type { Sheet, Workbook } from 'xlsx-populate';
import { isGroup, isPosition, type ElementDto, type ProjectDto } from '../../core/model/types.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';

/** Name of the hidden sheet holding the project. */
export const PROJECT_SHEET = 'ava-project';
/** Characters per cell of the stored JSON (below the cell limit). */
const CHUNK = 30_000;
const PRICE_FIELDS = ['unitPrice', 'unitPriceOverride', 'priceComponents', 'labourComponents', 'totalPrice', 'deductedPrice', 'totalPriceGross', 'totalPriceGrossDeducted', 'flatSum'];
const LONG_TEXT_FIELDS = ['longText', 'htmlLongText'];

function strip(elements: readonly ElementDto[] | undefined, fields: readonly string[]): void {
  for (const e of elements ?? []) {
    const record = e as Record<string, unknown>;
    for (const f of fields) delete record[f];
    if (isGroup(e)) strip(e.elements, fields);
    else if (isPosition(e)) for (const sub of e.subDescriptions ?? []) for (const f of fields) delete (sub as Record<string, unknown>)[f];
  }
}

/** The project as the workbook keeps it (a copy; the options' exclusions applied). */
export function projectAsWritten(project: ProjectDto, options: ResolvedOptions): ProjectDto {
  const copy = JSON.parse(JSON.stringify(project)) as ProjectDto;
  const fields = [...(options.WritePrices === false ? PRICE_FIELDS : []), ...(options.WriteLongTexts === false ? LONG_TEXT_FIELDS : [])];
  if (fields.length) for (const spec of copy.serviceSpecifications ?? []) strip(spec.elements, fields);
  return copy;
}

/** Adds the very hidden project sheet. */
export function embedProject(workbook: Workbook, project: ProjectDto): void {
  const sheet = workbook.addSheet(PROJECT_SHEET);
  const json = JSON.stringify(project);
  for (let i = 0, row = 1; i < json.length; i += CHUNK, row++) sheet.cell(row, 1).value(json.slice(i, i + CHUNK));
  sheet.hidden('very');
}

/** The project stored in a workbook, or undefined when it has none (or an unreadable one). */
export function embeddedProject(workbook: Workbook): ProjectDto | undefined {
  const sheet: Sheet | undefined = workbook.sheet(PROJECT_SHEET);
  if (!sheet) return undefined;
  const parts: string[] = [];
  for (let row = 1; ; row++) {
    const value = sheet.cell(row, 1).value();
    if (typeof value !== 'string' || value === '') break;
    parts.push(value);
  }
  try {
    const project = JSON.parse(parts.join('')) as unknown;
    return typeof project === 'object' && project !== null && !Array.isArray(project) ? (project as ProjectDto) : undefined;
  } catch {
    return undefined;
  }
}
