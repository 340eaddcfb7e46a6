/**
 * A real spreadsheet application opens the written workbooks: LibreOffice Calc (headless, Debian package
 * `libreoffice-calc-nogui`) loads each workbook with its cached values removed (so it must compute every
 * formula itself), and exports CSV; the totals it computes equal ours to the cent, in all five cultures. A
 * workbook re-saved by LibreOffice reads back to the same project. Printed (PDF export), a bill of quantities is
 * one A4 landscape page wide, where without its page setup the columns spread over several pages; each page is
 * numbered in the footer beside the sheet name, and every word of the long texts is on the printed pages (the
 * rows' written heights, row-height.ts), where without them LibreOffice shows each long text's first line only.
 * Skipped, saying so, when `soffice` is absent (and the checks of the printed text when `pdftotext`, Debian package
 * `poppler-utils`, is).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { centralDirectory, entryContent, writeZip } from '../../plugins/excel/zip.js';
import { hasProgram } from '../support/programs.js';
import { openWorkbook, positions, sampleProject, toAva, toExcel } from './support.js';

const available = hasProgram('soffice', ['--version']);
if (!available) console.warn('LibreOffice tests skipped: soffice is not installed (Debian: apt-get install libreoffice-calc-nogui)');
const hasPdftotext = hasProgram('pdftotext', ['-v']);
if (available && !hasPdftotext) console.warn('LibreOffice long-text print check skipped: pdftotext is not installed (Debian: apt-get install poppler-utils)');

/** RFC 4180 CSV: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field !== '' || row.length) row.push(field), rows.push(row);
  return rows;
}

const CULTURES = ['en', 'de', 'fr', 'it', 'es'];

/** The workbook with each worksheet part changed by `edit`. */
function withWorksheets(xlsx: Buffer, edit: (xml: string) => string): Buffer {
  const parts = centralDirectory(xlsx)!.filter((e) => !e.name.endsWith('/')).map((e) => {
    const data = entryContent(xlsx, e);
    return e.name.startsWith('xl/worksheets/') ? { name: e.name, data: Buffer.from(edit(data.toString('utf8')), 'utf8') } : { name: e.name, data };
  });
  return writeZip(parts, 'deflate');
}

/** The workbook with the page setup and the fit-to-page flag removed from its worksheets. */
const withoutPageSetup = (xlsx: Buffer): Buffer => withWorksheets(xlsx, (xml) => xml.replace(/<pageSetup\b[^>]*\/>|<pageSetUpPr\b[^>]*\/>/g, ''));

/** The workbook with the row heights taken out of its worksheets (as it was written before they were). */
const withoutRowHeights = (xlsx: Buffer): Buffer => withWorksheets(xlsx, (xml) => xml.replace(/ ht="[\d.]+"/g, ''));

/** The pages of a PDF: their MediaBox sizes in points (the page objects LibreOffice writes uncompressed). */
function pdfPages(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/Type\s*\/Page(?![s\w])[\s\S]*?\/MediaBox\s*\[([^\]]*)\]/g)].map((m) => m[1].trim().split(/\s+/).slice(2).map((n) => Math.round(Number(n))).join('x'));
}
let dir: string;

const VOCABULARY = ['Mauerwerk', 'aus', 'Kalksandstein', 'herstellen,', 'Mörtelgruppe', 'IIa,', 'Wanddicke', 'cm.', 'Bewehrung', 'nach', 'Statik', 'einbauen', 'und', 'Schalung', 'DIN', 'vorhalten.'];

/**
 * A BoQ of 15 positions whose long texts take 1 to some 25 lines, in paragraphs; each word is made unique by its
 * position and place (`Kalksandstein7n12`), so that a word missing from a printed page is seen as missing.
 */
function longTextProject(): ProjectDto {
  const elements = Array.from({ length: 15 }, (_, i) => {
    const words = Array.from({ length: 1 + i * 8 }, (_, j) => `${VOCABULARY[(i + j) % VOCABULARY.length]}${i + 1}n${j}`);
    const paragraphs: string[] = [];
    for (let j = 0; j < words.length; j += 30) paragraphs.push(words.slice(j, j + 30).join(' '));
    return {
      elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: `01.${String((i + 1) * 10).padStart(4, '0')}` }, shortText: `Wand ${i + 1}`,
      longText: paragraphs.join('\n'), unitTag: 'm2', quantityOverride: 10 + i, unitPriceOverride: 50,
    };
  });
  return { priceAccuracy: 2, serviceSpecifications: [{ name: 'Mauerarbeiten', elements }] } as ProjectDto;
}

/** The words of the long texts of `project`. */
const longTextWords = (project: ProjectDto): string[] => positions(project).flatMap((p) => String(p.longText ?? '').split(/\s+/)).filter(Boolean);

/** The long-text words of `project` that the text of `pdf` lacks. */
function wordsNotPrinted(project: ProjectDto, pdf: string): string[] {
  const printed = new Set(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).split(/\s+/));
  return longTextWords(project).filter((w) => !printed.has(w));
}

/** A project with many rounding cases: the sample plus positions whose products need rounding. */
function project(): ProjectDto {
  const p = sampleProject();
  const group = p.serviceSpecifications![0].elements![2] as { elements: unknown[] };
  for (let i = 1; i <= 40; i++) {
    group.elements.push({
      elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: `02.${String(100 + i * 10).padStart(4, '0')}` }, shortText: `Pos ${i}, "quoted", with comma`,
      unitTag: 'm', quantityComponents: [{ formula: `${i}.125*${(i % 7) + 1}.333` }], unitPriceOverride: Number(((i * 37.77) % 500).toFixed(2)) + 0.005 * (i % 2),
    });
  }
  p.unitPriceAccuracy = 3;
  return p;
}

describe.skipIf(!available)('LibreOffice Calc opens the written workbooks', () => {
  const written = new Map<string, Buffer>();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'excel-lo-'));
    for (const culture of CULTURES) {
      const { bytes } = await toExcel(project(), { ConversionCulture: culture });
      written.set(culture, bytes);
      // Re-saved by the library: the formulas stay, their cached values go — LibreOffice must compute them.
      writeFileSync(join(dir, `${culture}.xlsx`), await (await openWorkbook(bytes)).outputAsync());
    }
    writeFileSync(join(dir, 'resave.xlsx'), written.get('de')!);
    const files = CULTURES.map((c) => join(dir, `${c}.xlsx`));
    execFileSync('soffice', ['--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,false,false,false', '--outdir', join(dir, 'csv'), ...files], { stdio: 'ignore', timeout: 120_000 });
    execFileSync('soffice', ['--headless', '--convert-to', 'xlsx', '--outdir', join(dir, 'resaved'), join(dir, 'resave.xlsx')], { stdio: 'ignore', timeout: 120_000 });
    // printed as written, and with the page setup taken out of its sheet (what the sheet printed like before)
    writeFileSync(join(dir, 'print.xlsx'), written.get('de')!);
    writeFileSync(join(dir, 'print-default.xlsx'), withoutPageSetup(written.get('de')!));
    // long texts printed with the written row heights, and without them
    const longTexts = (await toExcel(longTextProject(), { ConversionCulture: 'de' })).bytes;
    writeFileSync(join(dir, 'long-texts.xlsx'), longTexts);
    writeFileSync(join(dir, 'long-texts-one-line.xlsx'), withoutRowHeights(longTexts));
    const printed = ['print', 'print-default', 'long-texts', 'long-texts-one-line'].map((n) => join(dir, `${n}.xlsx`));
    execFileSync('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', join(dir, 'pdf'), ...printed], { stdio: 'ignore', timeout: 120_000 });
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(CULTURES)('%s: every total LibreOffice computes equals ours to the cent', async (culture) => {
    const csv = parseCsv(readFileSync(join(dir, 'csv', `${culture}.csv`), 'utf8'));
    const sheet = (await openWorkbook(written.get(culture)!)).sheet(0)!;
    let compared = 0;
    for (let r = 2; r <= csv.length; r++) {
      const ours = sheet.cell(r, 8).value();
      if (typeof ours !== 'number') continue;
      const theirs = Number(csv[r - 1][7]);
      expect(Math.abs(theirs - ours), `row ${r}: LibreOffice ${csv[r - 1][7]}, ours ${ours}`).toBeLessThan(0.005);
      compared++;
    }
    expect(compared).toBe(50); // 6 + 40 positions, 3 groups, the total row
  });

  it('prints a bill of quantities one A4 landscape page wide', () => {
    const pages = pdfPages(readFileSync(join(dir, 'pdf', 'print.pdf')));
    const before = pdfPages(readFileSync(join(dir, 'pdf', 'print-default.pdf')));
    expect(pages.length).toBeGreaterThan(0);
    expect(new Set(pages)).toEqual(new Set(['842x595'])); // A4 landscape
    // without the page setup the same sheet needs more than twice the pages: its columns spread over several
    expect(before.length).toBeGreaterThan(2 * pages.length);
  });

  it.skipIf(!hasPdftotext)('numbers the printed pages in the footer, beside the sheet name', () => {
    const pdf = join(dir, 'pdf', 'long-texts.pdf');
    const pages = pdfPages(readFileSync(pdf)).length;
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) {
      const text = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' });
      expect(text).toContain(`Seite ${page} von ${pages}`);
      expect(text).toContain('Mauerarbeiten');
    }
  });

  it.skipIf(!hasPdftotext)('prints every word of every long text, which rows one line high would cut off', () => {
    const project = longTextProject();
    expect(wordsNotPrinted(project, join(dir, 'pdf', 'long-texts.pdf'))).toEqual([]);
    // the same workbook without its row heights: LibreOffice shows the first line of each long text only
    expect(wordsNotPrinted(project, join(dir, 'pdf', 'long-texts-one-line.pdf')).length).toBeGreaterThan(longTextWords(project).length / 2);
  });

  it('a workbook re-saved by LibreOffice reads back to the same project', async () => {
    const original = await toAva(written.get('de')!);
    const resaved = await toAva(readFileSync(join(dir, 'resaved', 'resave.xlsx')));
    const fields = (p: ProjectDto) => positions(p).map((x) => [(x.itemNumber as { stringRepresentation: string }).stringRepresentation, x.shortText, x.longText, x.quantity, x.unitTag, x.unitPrice, x.totalPrice]);
    expect(fields(resaved.project)).toEqual(fields(original.project));
    expect(resaved.project.serviceSpecifications![0].totalPrice).toBe(original.project.serviceSpecifications![0].totalPrice);
  });
});
