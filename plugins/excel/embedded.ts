/**
 * The project a workbook was written from, kept in a very hidden sheet so that a workbook sent back can be read
 * into the whole project again (texts, item number schema, ids …), with the visible sheets' changes on top. The
 * project is stored as gzip-compressed JSON (RFC 1952) in base64, split over column A (a cell holds at most 32,767
 * characters): a tenth of the JSON's size, which keeps writing and reading a large workbook fast. The copy holds
 * only what the sheets show: without `WritePrices` no prices, without `WriteLongTexts` no long texts.
 */
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import type { Workbook } from 'xlsx-populate';
import type { ProjectDto } from '../../core/model/types.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import type { SheetCells } from './reader/sheet-xml.js';
import { SheetAdditions } from './sheet-parts.js';

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
const COMPUTED_FIELDS = [
  'elementType', 'totalPrice', 'deductedPrice', 'totalPriceGross', 'totalPriceGrossDeducted', 'hierarchyLevel',
  'complementingBasePrice', 'totalPriceGrossByTaxRate', 'containsDuplicateItemNumbers',
  // ItemNumberDto
  'identifiers', 'isSchemaCompliant', 'isAttachedToPosition',
  // CalculationDto
  'result', 'valid', 'errorPositionInLine',
];
const PRICE_FIELDS = ['unitPrice', 'unitPriceOverride', 'priceComponents', 'labourComponents', 'flatSum'];
const LONG_TEXT_FIELDS = ['longText', 'htmlLongText'];

/**
 * The project as the workbook keeps it, as JSON: computed fields left out, and what the options keep out of the
 * sheets (prices, long texts). One pass (a `JSON.stringify` replacer), no copy of the project.
 */
export function projectJson(project: ProjectDto, options: ResolvedOptions): string {
  const dropped = new Set([
    ...COMPUTED_FIELDS, ...(options.WritePrices === false ? PRICE_FIELDS : []), ...(options.WriteLongTexts === false ? LONG_TEXT_FIELDS : []),
  ]);
  return JSON.stringify(project, (key, value: unknown) => {
    if (!dropped.has(key)) return value;
    // `projectInformation.priceComponents` names the price components (strings): not a price.
    return key === 'priceComponents' && Array.isArray(value) && typeof value[0] === 'string' ? value : undefined;
  });
}

/**
 * Adds the very hidden project sheet; its cells are written into the package afterwards (sheet-parts.ts), past the
 * library, and are returned for that.
 */
export function embedProject(workbook: Workbook, project: ProjectDto, options: ResolvedOptions): SheetAdditions {
  workbook.addSheet(PROJECT_SHEET).hidden('very');
  const text = gzipSync(projectJson(project, options), { level: constants.Z_BEST_SPEED }).toString('base64');
  const additions = new SheetAdditions();
  for (let i = 0; i < text.length; i += CHUNK) additions.inlineTexts.push(text.slice(i, i + CHUNK));
  return additions;
}

/** The project stored in the project sheet's cells, or undefined when there is none (or an unreadable one). */
export function embeddedProject(sheet: SheetCells | undefined): ProjectDto | undefined {
  if (!sheet) return undefined;
  const parts: string[] = [];
  for (let row = 1; ; row++) {
    const value = sheet.value(row, 1);
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
