/**
 * The stream reader of SpreadsheetML parts (reader/sheet-xml.ts, reader/workbook.ts) on packages as other
 * applications write them: a prefixed main namespace, another prefix for relationship ids, absolute relationship
 * targets, rich-text and phonetic shared strings, inline strings, ST_Xstring escapes, cells and rows without
 * references, shared formulas, and formulas in other cells than the quantity whose cached values are read. Also
 * the header names the issue lists, German and English.
 */
import XlsxPopulate from 'xlsx-populate';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { findHeader } from '../../plugins/excel/reader/header.js';
import { readRows } from '../../plugins/excel/reader/rows.js';
import { SheetCells } from '../../plugins/excel/reader/sheet-xml.js';
import { readWorkbook } from '../../plugins/excel/reader/workbook.js';
import { positions, toAva, zipPackage } from './support.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function otherWritersPackage(sheet: string): Buffer {
  const inline = (ref: string, text: string) => `<x:c r="${ref}" t="inlineStr"><x:is><x:t>${text}</x:t></x:is></x:c>`;
  const shared = (ref: string, index: number) => `<x:c r="${ref}" t="s"><x:v>${index}</x:v></x:c>`;
  return zipPackage({
    '[Content_Types].xml': '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': `<?xml version="1.0"?><x:workbook xmlns:x="${MAIN}" xmlns:rel="${RELS}"><x:sheets><x:sheet name="Chart" sheetId="2" rel:id="rId2"/><x:sheet name="LV &amp; Preise" sheetId="1" rel:id="rId7"/></x:sheets></x:workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
      <Relationship Id="rId7" Type="${RELS}/worksheet" Target="/xl/data/lv.xml"/>
      <Relationship Id="rId2" Type="${RELS}/chartsheet" Target="chartsheets/sheet1.xml"/>
      <Relationship Id="rId3" Type="${RELS}/sharedStrings" Target="strings.xml"/></Relationships>`,
    'xl/strings.xml': `<x:sst xmlns:x="${MAIN}">
      <x:si><x:t>OZ</x:t></x:si>
      <x:si><x:r><x:rPr><x:b/></x:rPr><x:t>Kurz</x:t></x:r><x:r><x:t>text</x:t></x:r><x:rPh sb="0" eb="1"><x:t>カ</x:t></x:rPh></x:si>
      <x:si><x:t>Lang\u000btext</x:t></x:si><x:si><x:t>Menge</x:t></x:si><x:si><x:t>Einheit</x:t></x:si><x:si><x:t>EP</x:t></x:si><x:si><x:t>GP</x:t></x:si>
      <x:si><x:t xml:space="preserve">Zeile 1_x000D_
Zeile 2 &amp; _x005F_x000D_</x:t></x:si><x:si><x:t>Langtext</x:t></x:si></x:sst>`,
    'xl/data/lv.xml': `<x:worksheet xmlns:x="${MAIN}"><x:sheetData>${sheet
      .replace('{header}', [0, 1, 8, 3, 4, 5, 6].map((index, c) => shared(`${'ABCDEFG'[c]}1`, index)).join(''))
      .replace(/\{inline (\w+) ([^}]*)\}/g, (_, ref: string, text: string) => inline(ref, text))}</x:sheetData></x:worksheet>`,
  });
}

describe('excel reader: packages other applications write', () => {
  it('reads their sheets, strings, shared formulas and cached values', async () => {
    const xlsx = otherWritersPackage(`<x:row r="1">{header}</x:row>
      <x:row r="3">{inline A3 01}{inline B3 Erdarbeiten}</x:row>
      <x:row>{inline A4 01.0010}{inline B4 Aushub}<x:c r="C4" t="s"><x:v>7</x:v></x:c>
        <x:c r="D4"><x:f t="shared" si="0" ref="D4:D5">2.5*4</x:f><x:v>10</x:v></x:c>{inline E4 m3}
        <x:c r="F4"><x:f>3*1.5</x:f><x:v>4.5</x:v></x:c><x:c r="G4"><x:f>ROUND(D4*F4,2)</x:f><x:v>45</x:v></x:c></x:row>
      <x:row r="5"><x:c t="inlineStr"><x:is><x:t>01.0020</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:r><x:t>Ver</x:t></x:r><x:r><x:t>füllen</x:t></x:r></x:is></x:c>
        <x:c t="s"><x:v>2</x:v></x:c><x:c><x:f t="shared" si="0"/><x:v>10</x:v></x:c><x:c t="str"><x:f>"m"&amp;"3"</x:f><x:v>m3</x:v></x:c><x:c><x:v>2</x:v></x:c></x:row>`);
    const sheets = readWorkbook(xlsx);
    expect(sheets.map((s) => [s.name, s.part])).toEqual([['LV & Preise', 'xl/data/lv.xml']]);
    expect(sheets[0].cells().value(1, 2)).toBe('Kurztext');
    const { project } = await toAva(xlsx);
    const [first, second] = positions(project);
    expect(first).toMatchObject({ shortText: 'Aushub', longText: 'Zeile 1\nZeile 2 & _x000D_', quantity: 10, unitTag: 'm3', unitPrice: 4.5, totalPrice: 45 });
    expect(first.quantityComponents).toEqual([expect.objectContaining({ formula: '2.5*4' })]);
    // A raw control character (not well-formed XML, as some writers leave it) is read as if it were escaped.
    expect(second).toMatchObject({ shortText: 'Verfüllen', longText: 'Lang\u000btext', quantity: 10, unitTag: 'm3', unitPrice: 2, totalPrice: 20 });
    expect(second.quantityComponents).toEqual([expect.objectContaining({ formula: '2.5*4' })]);
  });

  it('answers 400 naming the part that is not well-formed', async () => {
    const err = await toAva(otherWritersPackage('<x:row r="1">{header}</x:row><x:row><x:c r="A2"><x:v>1</x:v></x:row>')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).statusCode).toBe(400);
    expect((err as GatewayError).message).toMatch(/^The \.xlsx workbook is damaged: xl\/data\/lv\.xml is not well-formed XML/);
  });
});

describe('excel reader: the header names of the issue', () => {
  it.each([
    [['OZ', 'Kurztext', 'Langtext', 'Menge', 'Einheit', 'EP', 'GP']],
    [['Item', 'Short text', 'Long text', 'Quantity', 'Unit', 'Unit price', 'Total']],
  ])('%j', async (header) => {
    const wb = await XlsxPopulate.fromBlankAsync();
    const sheet = wb.sheet(0)!;
    [header, ['01.0010', 'Aushub', 'Boden lösen', '12,5', 'm3', '3,10', 38.75]].forEach((row, r) => row.forEach((v, c) => sheet.cell(r + 1, c + 1).value(v)));
    const [p] = positions((await toAva(await wb.outputAsync())).project);
    expect(p).toMatchObject({ itemNumber: expect.objectContaining({ stringRepresentation: '01.0010' }), shortText: 'Aushub', longText: 'Boden lösen', quantity: 12.5, unitTag: 'm3', unitPrice: 3.1, totalPrice: 38.75 });
  });
});

describe('excel reader: rows far apart', () => {
  it('visits the rows stored, not every row number up to the last', () => {
    let reads = 0;
    const cells = new (class extends SheetCells {
      override value(row: number, column: number) {
        reads++;
        return super.value(row, column);
      }
    })();
    ['OZ', 'Kurztext', 'Menge', 'Einheit'].forEach((h, c) => cells.set(1, c + 1, h, undefined));
    ['01.0010', 'Aushub', 5, 'm3'].forEach((v, c) => cells.set(2, c + 1, v, undefined));
    ['01.0020', 'Verfüllen', 2, 'm3'].forEach((v, c) => cells.set(1_048_576, c + 1, v, undefined));
    const header = findHeader(cells)!;
    reads = 0;
    expect(readRows(cells, header).map((r) => [r.row, r.itemNumber])).toEqual([[2, '01.0010'], [1_048_576, '01.0020']]);
    expect(reads).toBeLessThan(100);
  });
});
