/**
 * What the writer adds to the library's output: the one xlsx-populate internal it uses (library-parts.ts; this
 * test fails when a library update breaks it) and the sheet parts completed with outline levels, the outline's
 * summary position and cached formula values (sheet-parts.ts).
 */
import { createRequire } from 'node:module';
import XlsxPopulate from 'xlsx-populate';
import { describe, expect, it } from 'vitest';
import { completeSheetXml, SheetAdditions } from '../../plugins/excel/sheet-parts.js';
import { libraryParts, XLSX_POPULATE_VERSION } from '../../plugins/excel/library-parts.js';
import { centralDirectory, entryContent } from '../../plugins/excel/zip.js';
import { sampleProject, toExcel, zipPart } from './support.js';

describe('library-parts.ts: the library internal it relies on', () => {
  it(`is the xlsx-populate version it was written for (${XLSX_POPULATE_VERSION})`, () => {
    const installed = (createRequire(import.meta.url)('xlsx-populate/package.json') as { version: string }).version;
    expect(installed, 'xlsx-populate was updated: check plugins/excel/library-parts.ts against its lib/Workbook.js outputAsync').toBe(XLSX_POPULATE_VERSION);
  });

  it('takes the parts the library packs, unpacked and in its order, and leaves the workbook able to pack again', async () => {
    const wb = await XlsxPopulate.fromBlankAsync();
    wb.sheet(0)!.cell(1, 1).value('x'.repeat(1000));
    const parts = await libraryParts(wb);
    // the same parts, byte for byte, as the library's own package holds (folders left out)
    const packed = await wb.outputAsync();
    const entries = centralDirectory(packed)!.filter((e) => !e.name.endsWith('/'));
    expect(parts.map((p) => p.name)).toEqual(entries.map((e) => e.name));
    expect(parts.map((p) => p.data.toString('utf8'))).toEqual(entries.map((e) => entryContent(packed, e).toString('utf8')));
    expect(parts.find((p) => p.name === 'xl/sharedStrings.xml')!.data.toString('utf8')).toContain('x'.repeat(1000));
    expect(entries.some((e) => e.method === 8)).toBe(true);
  });

  it('the written workbook is deflated (natively)', async () => {
    const { bytes } = await toExcel(sampleProject());
    expect(centralDirectory(bytes)!.filter((e) => e.uncompressed > 0).every((e) => e.method === 8)).toBe(true);
  });
});

describe('sheet-parts.ts: what the library cannot write', () => {
  const additions = () => {
    const a = new SheetAdditions();
    a.outlineLevel(3, 1);
    a.outlineLevel(4, 0);
    a.cached.set('H3', 12.5);
    a.summaryAbove = true;
    return a;
  };
  const sheetData = '<sheetData><row r="3"><c r="H3" s="7"><f>ROUND(E3*G3,2)</f></c><c r="I3"><f>H3</f></c></row><row r="4"/></sheetData>';

  it.each([
    ['<sheetPr/>', '<sheetPr><outlinePr summaryBelow="0"/></sheetPr>'],
    ['<sheetPr filterMode="1"><tabColor rgb="FF0000"/></sheetPr>', '<sheetPr filterMode="1"><tabColor rgb="FF0000"/><outlinePr summaryBelow="0"/></sheetPr>'],
    ['', '<sheetPr><outlinePr summaryBelow="0"/></sheetPr>'],
  ])('sheet properties %s', (sheetPr, expected) => {
    const xml = completeSheetXml(`<worksheet a="1">${sheetPr}${sheetData}</worksheet>`, additions());
    expect(xml).toBe(`<worksheet a="1">${expected}<sheetData><row r="3" outlineLevel="1"><c r="H3" s="7"><f>ROUND(E3*G3,2)</f><v>12.5</v></c><c r="I3"><f>H3</f></c></row><row r="4"/></sheetData></worksheet>`);
  });

  it.each([
    ['no margins: Excel\'s normal ones before it, at the end', '<sheetData/></worksheet>', '<sheetData/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>{setup}</worksheet>'],
    ['after the margins there are', '<sheetData/><pageMargins left="1" right="1" top="1" bottom="1" header="0" footer="0"/><drawing r:id="x"/></worksheet>', '<sheetData/><pageMargins left="1" right="1" top="1" bottom="1" header="0" footer="0"/>{setup}<drawing r:id="x"/></worksheet>'],
    ['before the header and footer', '<sheetData/><autoFilter ref="A1:B2"/><headerFooter/></worksheet>', '<sheetData/><autoFilter ref="A1:B2"/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>{setup}<headerFooter/></worksheet>'],
  ])('one page wide, A4 landscape: the page setup %s (CT_Worksheet order)', (_, body, expected) => {
    const a = new SheetAdditions();
    a.fitToPageWidth = true;
    const xml = completeSheetXml(`<worksheet a="1"><sheetPr><tabColor rgb="FF0000"/></sheetPr>${body}`, a);
    const setup = '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>';
    expect(xml).toBe(`<worksheet a="1"><sheetPr><tabColor rgb="FF0000"/><pageSetUpPr fitToPage="1"/></sheetPr>${expected.replace('{setup}', setup)}`);
  });

  it.each([
    ['after the page setup', '<sheetData/><pageMargins left="1" right="1" top="1" bottom="1" header="0" footer="0"/><drawing r:id="x"/></worksheet>', '<sheetData/><pageMargins left="1" right="1" top="1" bottom="1" header="0" footer="0"/>{setup}{footer}<drawing r:id="x"/></worksheet>'],
    ['not where the sheet has a header or footer', '<sheetData/><headerFooter><oddHeader>x</oddHeader></headerFooter></worksheet>', '<sheetData/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>{setup}<headerFooter><oddHeader>x</oddHeader></headerFooter></worksheet>'],
  ])('the footer (sheet name, page count), its ampersands escaped: %s', (_, body, expected) => {
    const a = new SheetAdditions();
    a.fitToPageWidth = true;
    a.footer = '&L&A&RSeite &P von &N';
    const setup = '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>';
    const footer = '<headerFooter><oddFooter>&amp;L&amp;A&amp;RSeite &amp;P von &amp;N</oddFooter></headerFooter>';
    expect(completeSheetXml(`<worksheet><sheetPr/>${body}`, a)).toBe(`<worksheet><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>${expected.replace('{setup}', setup).replace('{footer}', footer)}`);
  });

  it('leaves a page setup there is, and its fitting, as it is', () => {
    const a = new SheetAdditions();
    a.fitToPageWidth = true;
    const xml = '<worksheet><sheetPr/><sheetData/><pageSetup orientation="portrait"/></worksheet>';
    expect(completeSheetXml(xml, a)).toBe(xml);
  });

  it('a written sheet has a cached value for every formula cell', async () => {
    const { bytes } = await toExcel(sampleProject());
    const xml = zipPart(bytes, 'xl/worksheets/sheet1.xml')!;
    const formulas = [...xml.matchAll(/<c [^>]*><f>[^<]*<\/f>(<v>[^<]*<\/v>)?<\/c>/g)];
    expect(formulas.length).toBeGreaterThan(10);
    expect(formulas.filter((m) => m[1] === undefined)).toEqual([]);
  });
});
