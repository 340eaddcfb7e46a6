/**
 * The `excel` reader. A workbook the gateway wrote carries its project (embedded.ts): that project is read, and
 * each row of the visible sheets changes the element its hidden id (else its item number) identifies — texts,
 * item number, unit, quantity (a formula becomes the quantity component), unit price. Rows without a known
 * element are new elements where they stand when `ReadNewElements` is true, and are ignored and reported when it
 * is false — the default, a bidder's round: only what a bidder may change is taken (unit prices, quantities of
 * positions that ask the bidder for them, additions to texts; elements.ts), the rest is reported. A workbook
 * without an embedded project (a sheet people made) is read from its sheets alone: every sheet with a
 * recognisable header row (header.ts) is a service specification and every row an element. Option group N.
 * Each element stands for one row: a second row carrying an element's hidden id (a copied row) is a new element
 * (ReadNewElements) or ignored, and reported. An element whose row was deleted from a sheet that has the id column
 * is removed (ReadNewElements) or kept (a bidder may not remove it), and reported. Also reported: header cells
 * naming no known column, item numbers standing in several rows of a sheet, a stated total other than
 * quantity × unit price, and texts or error values where numbers belong (checks.ts).
 */
import { parseError } from '../../../core/errors.js';
import { isGroup, type ElementDto, type ProjectDto, type ServiceSpecificationDto } from '../../../core/model/types.js';
import type { ResolvedOptions } from '../../../core/options/catalog.js';
import { OncePerItemReporter } from '../../../core/pipeline/messages.js';
import type { ConversionContext } from '../../../core/plugin/contract.js';
import { embeddedProject, PROJECT_SHEET } from '../embedded.js';
import type { ExcelMessageCode } from '../messages.js';
import { duplicateItemNumbers, idOwners, labelOf, totalMismatch, unmatchedElements } from './checks.js';
import { applyRow, newElement, rowQuantity, type RowSettings } from './elements.js';
import { findHeader } from './header.js';
import { Placement } from './place.js';
import { readRows, type SheetRow } from './rows.js';
import { rebuildItemNumberSchema } from './schema.js';
import { readWorkbook } from './workbook.js';

const FIELD = 'excelFile';
const MAX_UNIT_PRICE_DECIMALS = 6;

/** Decimals of a number in its shortest form (12.125 → 3). */
const decimalsOf = (value: number): number => {
  const text = String(value);
  const e = /e-(\d+)$/.exec(text);
  if (e) return Number(e[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};

/** Elements by id and by item number, and the service specification each belongs to. */
class Index {
  readonly byId = new Map<string, ElementDto>();
  readonly specOf = new Map<ElementDto, ServiceSpecificationDto>();
  private readonly byNumber = new Map<ServiceSpecificationDto, Map<string, ElementDto>>();

  constructor(project: ProjectDto) {
    for (const spec of project.serviceSpecifications ?? []) {
      const numbers = new Map<string, ElementDto>();
      this.byNumber.set(spec, numbers);
      const walk = (list: readonly ElementDto[] | undefined) => {
        for (const e of list ?? []) {
          if (typeof e.id === 'string') this.byId.set(e.id, e);
          this.specOf.set(e, spec);
          const n = (e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation;
          if (n) numbers.set(n, e);
          if (isGroup(e)) walk(e.elements);
        }
      };
      walk(spec.elements);
    }
  }

  find(row: SheetRow, spec: ServiceSpecificationDto | undefined): ElementDto | undefined {
    const byId = row.id !== undefined ? this.byId.get(row.id) : undefined;
    if (byId) return byId;
    return row.itemNumber !== undefined && spec ? this.byNumber.get(spec)?.get(row.itemNumber) : undefined;
  }
}

/**
 * Reads an xlsx workbook into a (partial) project; the pipeline normalises and recalculates it.
 * @throws GatewayError GW_ERR_PARSE (400, key `excelFile`): not an xlsx workbook (guard.ts), a workbook that
 *   cannot be opened, or one without any sheet with a recognisable header row
 */
export async function readExcel(bytes: Buffer, options: ResolvedOptions, ctx: ConversionContext): Promise<ProjectDto> {
  const sheets = readWorkbook(bytes);
  const report = new OncePerItemReporter<ExcelMessageCode>(ctx, 'excel');
  const embedded = embeddedProject(sheets.find((s) => s.name === PROJECT_SHEET)?.cells());
  // A sheet alone states no price accuracy: amounts in a spreadsheet are money, two decimals (as GAEB amounts).
  const project: ProjectDto = embedded ?? { priceAccuracy: 2, serviceSpecifications: [] };
  if (!embedded) {
    report.report('EXCEL_PROJECT_NOT_EMBEDDED', 'info', 'The workbook holds no project written by the gateway; every row of its sheets was read as an element.');
  }
  const readNew = options.ReadNewElements === true || !embedded;
  const index = new Index(project);
  const specs = project.serviceSpecifications!;
  const pricePlaces = Number.isInteger(project.priceAccuracy) ? (project.priceAccuracy as number) : 2;
  const unitPlaces = Number.isInteger(project.unitPriceAccuracy) ? (project.unitPriceAccuracy as number) : Number.isInteger(project.priceAccuracy) ? (project.priceAccuracy as number) : 3;
  const ignored: number[] = [];
  const added = new Set<ElementDto>();
  /** The elements rows identified, with the sheet and row; the service specifications read from a sheet with the id column. */
  const matched = new Map<ElementDto, string>();
  const withIds = new Set<ServiceSpecificationDto>();
  let sheetsRead = 0;
  let unitPriceDecimals = 0;
  for (const sheet of sheets) {
    if (sheet.name === PROJECT_SHEET) continue;
    const cells = sheet.cells();
    const header = findHeader(cells);
    if (!header) {
      if (cells.lastRow > 0) report.report('EXCEL_SHEET_SKIPPED', 'info', `The sheet "${sheet.name}" has no recognisable header row and was skipped.`);
      continue;
    }
    if (header.unknown.length) {
      report.report('EXCEL_HEADER_NOT_RECOGNISED', 'warning',
        `The header cells ${header.unknown.map((t) => `"${t}"`).join(', ')} of the sheet "${sheet.name}" (row ${header.row}) name no column the reader knows; their columns were not read.`);
    }
    const rows = readRows(cells, header);
    for (const [number, list] of duplicateItemNumbers(rows)) {
      report.report('EXCEL_DUPLICATE_ITEM_NUMBER', 'warning', `The item number ${number} stands in rows ${list.join(', ')} of the sheet "${sheet.name}".`, number);
    }
    const settings: RowSettings = {
      prices: header.column.unitPrice !== undefined, longTexts: header.column.longText !== undefined, unitPlaces, bidder: embedded !== undefined && !readNew,
    };
    let spec: ServiceSpecificationDto | undefined;
    if (embedded) {
      const first = rows.map((r) => (r.id !== undefined ? index.byId.get(r.id) : undefined)).find((e) => e !== undefined);
      spec = (first && index.specOf.get(first)) ?? specs[Math.min(sheetsRead, specs.length - 1)];
    }
    if (!spec) {
      spec = { name: sheet.name, elements: [] };
      specs.push(spec);
    }
    sheetsRead++;
    if (embedded && header.column.id !== undefined) withIds.add(spec);
    const owners = idOwners(rows, index.byId);
    const placement = new Placement(spec);
    for (const row of rows) {
      if (row.unitPrice !== undefined) unitPriceDecimals = Math.max(unitPriceDecimals, decimalsOf(row.unitPrice));
      if (row.invalidNumbers.length) {
        report.report('EXCEL_INVALID_NUMBER', 'warning',
          `Row ${row.row} of "${sheet.name}": ${row.invalidNumbers.map((t) => `"${t}"`).join(', ')} ${row.invalidNumbers.length > 1 ? 'are not numbers and were' : 'is not a number and was'} ignored.`, row.itemNumber ?? `row ${row.row}`);
      }
      const computed = totalMismatch(row, pricePlaces, project.priceRoundingMode);
      if (computed !== undefined) {
        report.report('EXCEL_TOTAL_MISMATCH', 'warning',
          `Row ${row.row} of "${sheet.name}"${row.itemNumber !== undefined ? ` (${row.itemNumber})` : ''} states the total ${row.total}, but quantity ${row.quantity} × unit price ${row.unitPrice} = ${computed}; the total was recalculated.`,
          row.itemNumber ?? `row ${row.row}`);
      }
      let known = index.find(row, spec);
      const owner = row.id !== undefined ? owners.get(row.id) : undefined;
      const first = known && (matched.get(known) ?? (owner && owner !== row ? `row ${owner.row} of "${sheet.name}"` : undefined));
      if (known && first !== undefined) {
        report.report('EXCEL_ROW_REPEATED', 'warning',
          `Row ${row.row} of "${sheet.name}" identifies the element ${labelOf(known)} of ${first} again (a row copied with its hidden id); ${readNew ? 'it was read as a new element' : 'it was ignored (ReadNewElements is false)'}.`,
          row.itemNumber ?? `row ${row.row}`);
        known = undefined;
        if (!readNew) continue;
      }
      if (known) {
        matched.set(known, `row ${row.row} of "${sheet.name}"`);
        const refused = applyRow(known, row, settings);
        if (refused.length) {
          report.report('EXCEL_CHANGE_REFUSED', 'warning',
            `Row ${row.row} of "${sheet.name}" changes the ${refused.join(', ')}, which a bidder may not change (ReadNewElements is false); the tender's ${refused.length > 1 ? 'values were' : 'value was'} kept.`,
            (known as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation ?? `row ${row.row}`);
        }
        placement.existing(known);
      } else if (readNew) {
        const e = newElement(row, settings.prices);
        placement.add(e, row.itemNumber);
        added.add(e);
        if (embedded) report.report('EXCEL_NEW_ELEMENT', 'info', `Row ${row.row} of "${sheet.name}" was read as a new element.`, row.itemNumber ?? `row ${row.row}`);
      } else {
        ignored.push(row.row);
        continue;
      }
      if (rowQuantity(row).formulaValue) {
        report.report('EXCEL_QUANTITY_FORMULA_VALUE', 'info', `The quantity formula =${row.quantityFormula} is more than arithmetic; its value ${row.quantity ?? 0} was read.`, row.itemNumber);
      }
    }
  }
  if (sheetsRead === 0) {
    throw parseError(
      'No sheet of the workbook has a recognisable header row: expected a row naming the columns, such as item number (OZ, Pos., Item), short text (Kurztext, Short text), quantity (Menge, Quantity), unit (Einheit, Unit), unit price (EP, Unit price).',
      FIELD,
    );
  }
  const read = new Set([...matched.keys(), ...added]);
  for (const spec of withIds) removeDeleted(spec, read, readNew, report);
  if (ignored.length) {
    const list = ignored.slice(0, 20).join(', ') + (ignored.length > 20 ? ` … (${ignored.length} rows)` : '');
    report.report('EXCEL_ROWS_IGNORED', 'warning', `Rows without an element id or a known item number were ignored (ReadNewElements is false): ${list}.`);
  }
  // Unit prices of a sheet alone keep the decimals they were entered with (GAEB allows three, UPFracDig).
  if (!embedded && unitPriceDecimals > 2) project.unitPriceAccuracy = Math.min(unitPriceDecimals, MAX_UNIT_PRICE_DECIMALS);
  if (added.size > 0 && options.RebuildItemNumberSchema === true) rebuildItemNumberSchema(project, added, report);
  return project;
}

/**
 * Elements of `spec` that are not `read` (identified by a row, or new) — their rows were deleted: removed when
 * `readNew` (a group whose elements still have rows is kept), else kept as a refused change; each reported.
 */
function removeDeleted(spec: ServiceSpecificationDto, read: ReadonlySet<ElementDto>, readNew: boolean, report: OncePerItemReporter<ExcelMessageCode>): void {
  for (const { e, container, kept } of unmatchedElements(spec.elements, read)) {
    const label = labelOf(e);
    if (!readNew) {
      report.report('EXCEL_CHANGE_REFUSED', 'warning', `The row of ${label} was deleted from the sheet, which a bidder may not do (ReadNewElements is false); the element was kept.`, label);
    } else if (kept) {
      report.report('EXCEL_ELEMENT_REMOVED', 'warning', `The row of the group ${label} was deleted, but rows of its elements remain; the group was kept.`, label);
    } else {
      container.splice(container.indexOf(e), 1);
      report.report('EXCEL_ELEMENT_REMOVED', 'warning', `The row of ${label} was deleted from the sheet; the element was removed${isGroup(e) && e.elements?.length ? ` with the ${e.elements.length} elements it held` : ''}.`, label);
    }
  }
}
