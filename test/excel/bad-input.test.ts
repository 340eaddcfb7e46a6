/**
 * Bad input in `excelFile` answers a 400 naming the problem, over HTTP: a legacy .xls, an encrypted workbook, a
 * CSV, a GAEB file, a workbook without a header row, a ZIP bomb (declared sizes over the limit, or an entry
 * inflating to more than it declares) and a workbook of a million empty styled rows — the last three refused
 * before any cell is read; row numbers and cell references beyond Excel's limits (1,048,576 rows, column XFD), and
 * a damaged shared string table named once.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import XlsxPopulate from 'xlsx-populate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ROWS, MAX_UNCOMPRESSED_BYTES } from '../../plugins/excel/guard.js';
import { multipartBody, testApp } from '../support/app.js';
import { sampleProject, toExcel, zipPackage, zipPart } from './support.js';

let app: FastifyInstance;
let valid: Buffer;
beforeAll(async () => {
  app = await testApp({ auth: { requireTokenForConversions: false } });
  valid = (await toExcel(sampleProject())).bytes;
});
afterAll(() => app.close());

async function post(bytes: Buffer, name = 'upload.xlsx') {
  const res = await app.inject({ method: 'POST', url: '/conversion/excel/ava', ...multipartBody('excelFile', name, bytes) });
  return { status: res.statusCode, body: res.json() as { code?: string; errors?: Record<string, string[]> } };
}

/** The parts of a valid workbook, with a worksheet (and any `others`) replaced. */
function packageWith(sheetXml: (xml: string) => string, declare: Record<string, number> = {}, others: Record<string, string> = {}): Buffer {
  const names = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml'];
  const parts: Record<string, string> = {};
  for (const n of names) {
    const text = zipPart(valid, n);
    if (text !== undefined) parts[n] = others[n] ?? (n === 'xl/worksheets/sheet1.xml' ? sheetXml(text) : text);
  }
  return zipPackage(parts, declare);
}

describe('excelFile: bad input answers 400 naming the problem', () => {
  it('reads a valid workbook (the baseline)', async () => {
    expect((await post(valid)).status).toBe(200);
  });

  it.each([
    ['a legacy .xls (BIFF in a CFB container)', () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4000), Buffer.from('Workbook', 'utf16le')]), /legacy Excel 97–2003 workbook \(\.xls, BIFF\)/],
    ['a CSV file', () => Buffer.from('OZ;Kurztext;Menge;Einheit\n01.0010;Aushub;12,5;m3\n'), /CSV or other text file/],
    ['a GAEB file', () => readFileSync(new URL('../fixtures/gaeb/award-v33-lots.x86', import.meta.url)), /a GAEB file \(send it as gaebFile/],
    ['an empty upload', () => Buffer.alloc(0), /empty|missing/i],
    ['a damaged ZIP', () => Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]), /damaged/],
    ['a ZIP without a workbook', () => zipPackage({ 'content.xml': '<x/>', mimetype: 'application/vnd.oasis.opendocument.spreadsheet' }), /OpenDocument/],
  ])('%s', async (_name, bytes, message) => {
    const { status, body } = await post(bytes());
    expect(status).toBe(400);
    expect(JSON.stringify(body.errors)).toMatch(message);
  });

  it('an encrypted (password protected) workbook', async () => {
    const wb = await XlsxPopulate.fromDataAsync(valid);
    const encrypted = await wb.outputAsync({ password: 'secret' });
    expect(encrypted.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const { status, body } = await post(encrypted);
    expect(status).toBe(400);
    expect(body.errors!.excelFile[0]).toMatch(/encrypted \(password protected\)/);
  });

  it('a workbook without a recognisable header row', async () => {
    const wb = await XlsxPopulate.fromBlankAsync();
    wb.sheet(0)!.cell(1, 1).value('Einkaufsliste');
    wb.sheet(0)!.cell(2, 1).value('Milch');
    const { status, body } = await post(await wb.outputAsync());
    expect(status).toBe(400);
    expect(body.errors!.excelFile[0]).toMatch(/No sheet of the workbook has a recognisable header row/);
  });

  it('a ZIP bomb whose parts declare more than the limit uncompressed (refused unread)', async () => {
    const bomb = packageWith((xml) => xml, { 'xl/worksheets/sheet1.xml': MAX_UNCOMPRESSED_BYTES + 1 });
    const { status, body } = await post(bomb);
    expect(status).toBe(400);
    expect(body.errors!.excelFile[0]).toMatch(/declare \d+ MiB uncompressed, more than the 64 MiB/);
  });

  it('a ZIP whose part inflates to more than it declares', async () => {
    const lying = packageWith((xml) => xml.replace('</sheetData>', `<row r="99"><c r="A99" t="inlineStr"><is><t>${'x'.repeat(5_000_000)}</t></is></c></row></sheetData>`), { 'xl/worksheets/sheet1.xml': 10_000 });
    const { status, body } = await post(lying);
    expect(status).toBe(400);
    expect(body.errors!.excelFile[0]).toMatch(/inflates to more than the 10000 bytes it declares/);
  });

  it('120 randomly damaged workbooks convert or are refused with 400, never a raw error', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 120; i++) {
      const damaged = Buffer.from(valid);
      for (let k = 0; k < 1 + Math.floor(random() * 4); k++) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
      const { status } = await post(damaged);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual([200, 400]);
  });

  it.each([['Infinity'], ['300000000'], ['1048577'], ['0'], ['1.5'], ['1e3'], ['-2']])('the row number r="%s", refused at once naming the sheet and the value', async (r) => {
    const started = Date.now();
    const { status, body } = await post(packageWith((xml) => xml.replace('</sheetData>', `<row r="${r}"><c r="A5" t="inlineStr"><is><t>x</t></is></c></row></sheetData>`)));
    expect(status).toBe(400);
    expect(body.errors!.excelFile[0]).toMatch(new RegExp(`^The \\.xlsx workbook is damaged: the sheet "Rohbau" has the row number "${r.replace('.', '\\.')}", which is not an integer from 1 to 1,048,576`));
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a cell reference beyond column XFD, refused naming the sheet and the cell', async () => {
    const { status, body } = await post(packageWith((xml) => xml.replace('</sheetData>', '<row r="90"><c r="XFE90"><v>1</v></c></row></sheetData>')));
    expect(status).toBe(400);
    expect(body.errors!.excelFile[0]).toMatch(/the sheet "Rohbau" has the cell "XFE90" in row 90, beyond the last column XFD/);
  });

  it('the last row Excel allows is read (and only the rows stored are visited)', async () => {
    expect((await post(packageWith((xml) => xml.replace('</sheetData>', '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>')))).status).toBe(200);
  });

  it('a damaged shared string table is named once', async () => {
    const { status, body } = await post(packageWith((xml) => xml, {}, { 'xl/sharedStrings.xml': '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>OZ</si></sst>' }));
    expect(status).toBe(400);
    expect(body.errors!.excelFile[0]).toMatch(/^The \.xlsx workbook is damaged: xl\/sharedStrings\.xml is not well-formed XML/);
    expect(body.errors!.excelFile[0].match(/workbook is damaged/g)).toHaveLength(1);
  });

  it('a workbook of a million empty styled rows, refused before any cell is read', async () => {
    const rows = Array.from({ length: 1_000_000 }, (_, i) => `<row r="${i + 20}" s="1" customFormat="1"/>`).join('');
    const before = process.memoryUsage().rss;
    const { status, body } = await post(packageWith((xml) => xml.replace('</sheetData>', `${rows}</sheetData>`)));
    expect(status).toBe(400);
    expect(body.errors!.excelFile[0]).toContain(`more than ${MAX_ROWS.toLocaleString('en')} rows`);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
  });
});
