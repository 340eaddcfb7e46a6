/**
 * The project a workbook was written from, kept in a very hidden sheet so that a workbook sent back can be read
 * into the whole project again (texts, item number schema, ids …), with the visible sheets' changes on top. The
 * project is stored as gzip-compressed JSON (RFC 1952) in base64, split over column A (a cell holds at most 32,767
 * characters): a tenth of the JSON's size, which keeps writing and reading a large workbook fast. The copy holds
 * only what the sheets show: without `WritePrices` no prices, without `WriteLongTexts` no long texts.
 */
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import type { Sheet, Workbook } from 'xlsx-populate';
import { isGroup, isPosition, type ElementDto, type ProjectDto } from '../../core/model/types.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';

/** Name of the hidden sheet holding the project. */
export const PROJECT_SHEET = 'ava-project';
/** Characters per cell of the stored text (below the cell limit). */
const CHUNK = 30_000;
/** The most bytes the stored JSON may inflate to (a project of 10,000 positions with long texts: about 17 MB). */
const MAX_JSON_BYTES = 128 * 1024 * 1024;
/**
 * Fields the recalculation fills (core/model/calculate.ts; "Computed" in core/model/types.ts): left out of the
 * stored copy, which keeps it small — except what the reader compares a row with to see whether the row changed
 * it (`quantity`, `unitPrice`, the plain `longText`).
 */
const COMPUTED_ELEMENT_FIELDS = [
  'elementType', 'totalPrice', 'deductedPrice', 'totalPriceGross', 'totalPriceGrossDeducted', 'hierarchyLevel',
  'complementingBasePrice', 'totalPriceGrossByTaxRate', 'containsDuplicateItemNumbers',
];
const COMPUTED_ITEM_NUMBER_FIELDS = ['identifiers', 'isSchemaCompliant', 'hierarchyLevel', 'isAttachedToPosition'];
const COMPUTED_CALCULATION_FIELDS = ['result', 'valid', 'errorPositionInLine'];

function stripCalculations(lines: unknown): void {
  if (Array.isArray(lines)) for (const line of lines) for (const f of COMPUTED_CALCULATION_FIELDS) delete (line as Record<string, unknown>)[f];
}

/** Removes computed fields from elements (recursively) before storing. */
function stripComputed(elements: readonly ElementDto[] | undefined): void {
  for (const e of elements ?? []) {
    const record = e as Record<string, unknown>;
    for (const f of COMPUTED_ELEMENT_FIELDS) delete record[f];
    const itemNumber = record.itemNumber as Record<string, unknown> | undefined;
    if (itemNumber) for (const f of COMPUTED_ITEM_NUMBER_FIELDS) delete itemNumber[f];
    if (isPosition(e)) {
      stripCalculations(e.quantityComponents);
      for (const c of e.priceComponents ?? []) stripCalculations(c.values);
      stripCalculations(e.labourComponents?.values);
      for (const sub of e.subDescriptions ?? []) stripCalculations(sub.quantityComponents);
    }
    if (isGroup(e)) stripComputed(e.elements);
  }
}

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
  for (const spec of copy.serviceSpecifications ?? []) {
    if (fields.length) strip(spec.elements, fields);
    stripComputed(spec.elements);
  }
  return copy;
}

/** Adds the very hidden project sheet. */
export function embedProject(workbook: Workbook, project: ProjectDto): void {
  const sheet = workbook.addSheet(PROJECT_SHEET);
  const text = gzipSync(JSON.stringify(project), { level: constants.Z_BEST_SPEED }).toString('base64');
  for (let i = 0, row = 1; i < text.length; i += CHUNK, row++) sheet.cell(row, 1).value(text.slice(i, i + CHUNK));
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
    const json = gunzipSync(Buffer.from(parts.join(''), 'base64'), { maxOutputLength: MAX_JSON_BYTES }).toString('utf8');
    const project = JSON.parse(json) as unknown;
    return typeof project === 'object' && project !== null && !Array.isArray(project) ? (project as ProjectDto) : undefined;
  } catch {
    return undefined;
  }
}
