/**
 * The `excel` writer: one xlsx workbook per project (xlsx-populate), a sheet per service specification in the
 * gateway's layout (sheet-writer.ts), an overview sheet before them when there are several, and the project
 * itself in a very hidden sheet (embedded.ts) for the way back. Options X: `WritePrices` (default true: unit price
 * and total columns), `WriteLongTexts` (default true: long text column), `ConversionCulture` (culture.ts).
 */
import XlsxPopulate, { type Sheet, type Workbook } from 'xlsx-populate';
import type { ProjectDto, ServiceSpecificationDto } from '../../core/model/types.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import { OncePerItemReporter } from '../../core/pipeline/messages.js';
import type { ConversionContext } from '../../core/plugin/contract.js';
import { cultureOf, priceFormat, type Culture } from './culture.js';
import { embedProject, PROJECT_SHEET } from './embedded.js';
import { layoutFor, quotedSheet, sheetName } from './layout.js';
import type { ExcelMessageCode } from './messages.js';
import { completeSheets, SheetAdditions } from './sheet-parts.js';
import { writeServiceSpecificationSheet, type SheetSettings, type WrittenSheet } from './sheet-writer.js';
import { libraryParts } from './library-parts.js';
import { StylePalette, withTopAlignedDefault } from './styles.js';
import { writeZip } from './zip.js';

/** The media type of xlsx files (ECMA-376 Part 2, IANA registration). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function writeOverview(sheet: Sheet, written: WrittenSheet[], project: ProjectDto, s: SheetSettings, culture: Culture): SheetAdditions {
  const additions = new SheetAdditions();
  const header = s.palette.get({ header: true });
  sheet.cell(1, 1).value(culture.headers.shortText).style(header);
  sheet.column(1).width(Math.max(20, ...written.map((w) => w.name.length + 2)));
  if (s.layout.prices) {
    sheet.cell(1, 2).value(culture.headers.total).style(header);
    sheet.column(2).width(18);
  }
  const specs = project.serviceSpecifications ?? [];
  written.forEach((w, i) => {
    sheet.cell(i + 2, 1).value(w.name);
    if (w.totalCell) {
      const spec = specs[i];
      additions.formula(sheet.cell(i + 2, 2), `${quotedSheet(w.name)}!${w.totalCell}`, spec.deductedPrice ?? spec.totalPrice ?? 0);
      sheet.cell(i + 2, 2).style(s.palette.get({ numberFormat: s.priceFormat }));
    }
  });
  if (s.layout.prices && written.length) {
    const r = written.length + 2;
    sheet.cell(r, 1).value(culture.total).style(s.palette.get({ bold: true }));
    const total = specs.reduce((sum, spec) => sum + (spec.deductedPrice ?? spec.totalPrice ?? 0), 0);
    additions.formula(sheet.cell(r, 2), `SUM(B2:B${r - 1})`, Math.round(total * 10 ** s.places) / 10 ** s.places);
    sheet.cell(r, 2).style(s.palette.get({ bold: true, numberFormat: s.priceFormat }));
  }
  sheet.freezePanes(0, 1);
  return additions;
}

/** Writes a normalised, recalculated project as an xlsx workbook. */
export async function writeExcel(project: ProjectDto, options: ResolvedOptions, ctx: ConversionContext): Promise<Buffer> {
  const workbook = await XlsxPopulate.fromBlankAsync();
  const culture = cultureOf(options.ConversionCulture);
  const places = Number.isInteger(project.priceAccuracy) ? (project.priceAccuracy as number) : 3;
  const unitPlaces = Number.isInteger(project.unitPriceAccuracy) ? (project.unitPriceAccuracy as number) : places;
  const currency = project.projectInformation?.currencyShort;
  const settings: SheetSettings = {
    layout: layoutFor(options),
    culture,
    palette: new StylePalette(workbook),
    places,
    rounding: project.priceRoundingMode,
    priceFormat: priceFormat(culture, places, currency),
    unitPriceFormat: priceFormat(culture, unitPlaces, currency),
    report: new OncePerItemReporter<ExcelMessageCode>(ctx, 'excel'),
  };
  // a project without service specification (a posted ProjectDto may have none) gets one empty BoQ sheet: the
  // column headers a person can fill in, and the visible sheet a workbook must have
  const specs: ServiceSpecificationDto[] = project.serviceSpecifications?.length ? project.serviceSpecifications : [{ elements: [] }];
  const blank = workbook.sheet(0)!;
  const taken = new Set<string>();
  const overview = specs.length > 1 ? workbook.addSheet(sheetName(culture.overview, culture.overview, taken)) : undefined;
  const written = specs.map((spec, i) => {
    const fallback = `${culture.serviceSpecification} ${i + 1}`;
    const sheet = workbook.addSheet(sheetName(spec.name ?? project.projectInformation?.name ?? '', fallback, taken));
    return writeServiceSpecificationSheet(sheet, spec, settings);
  });
  const additions = new Map(written.map((w) => [w.name, w.additions]));
  if (overview) additions.set(overview.name(), writeOverview(overview, written, project, settings, culture));
  additions.set(PROJECT_SHEET, embedProject(workbook, project, options));
  workbook.deleteSheet(blank);
  workbook.activeSheet(0);
  return packNatively(workbook, additions);
}

/**
 * The workbook's package: the library's parts (library-parts.ts), completed with what it cannot write
 * (sheet-parts.ts; the default cell format aligned to the top, styles.ts), without the template's folder path,
 * deflated by Node's zlib (zip.ts).
 */
async function packNatively(workbook: Workbook, additions: ReadonlyMap<string, SheetAdditions>): Promise<Buffer> {
  const entries = await libraryParts(workbook);
  const book = entries.find((e) => e.name === 'xl/workbook.xml');
  if (book) book.data = Buffer.from(withoutTemplatePath(book.data.toString('utf8')), 'utf8');
  const styles = entries.find((e) => e.name === 'xl/styles.xml');
  if (styles) styles.data = Buffer.from(withTopAlignedDefault(styles.data.toString('utf8')), 'utf8');
  completeSheets(entries, additions);
  return writeZip(entries, 'deflate');
}

/**
 * The library's blank workbook names the folder it was made in (`x15ac:absPath url="C:\Users\…"`, an
 * `mc:AlternateContent` block Excel only uses to remember where it saved a file): removed from what we send.
 */
function withoutTemplatePath(workbookXml: string): string {
  return workbookXml.replace(/<mc:AlternateContent\b[^>]*>(?:(?!<\/mc:AlternateContent>)[\s\S])*?absPath[\s\S]*?<\/mc:AlternateContent>/, '');
}
