/**
 * The excel reader: sheets people make (German and English headers, title rows above the header, decimal comma
 * in text cells, item numbers over several columns, a quantity formula), the gateway's own layout in every
 * culture (with and without the embedded project), rows matched by their hidden ids, and numbers in text.
 */
import XlsxPopulate from 'xlsx-populate';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { isGroup, type ElementDto, type ProjectDto } from '../../core/model/types.js';
import { parseNumberText } from '../../plugins/excel/reader/cells.js';
import { openWorkbook, positions, sampleProject, toAva, toExcel } from './support.js';

async function workbook(rows: (string | number | { f: string } | undefined)[][], start = 1): Promise<Buffer> {
  const wb = await XlsxPopulate.fromBlankAsync();
  const sheet = wb.sheet(0)!;
  rows.forEach((row, i) => row.forEach((v, c) => {
    if (v === undefined) return;
    const cell = sheet.cell(start + i, c + 1);
    if (typeof v === 'object') cell.formula(v.f);
    else cell.value(v);
  }));
  return wb.outputAsync();
}

/** The tree as item number / text lines, indented by level. */
function outline(project: ProjectDto): string[] {
  const out: string[] = [];
  const walk = (list: ElementDto[] | undefined, depth: number) => {
    for (const e of list ?? []) {
      const n = (e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation ?? '-';
      out.push(`${'  '.repeat(depth)}${n} ${(e as { shortText?: string }).shortText ?? ''}`);
      if (isGroup(e)) walk(e.elements, depth + 1);
    }
  };
  walk(project.serviceSpecifications?.[0]?.elements, 0);
  return out;
}

describe('excel reader: sheets people make', () => {
  it('reads German headers below title rows, decimal commas in text and a quantity formula as the quantity component', async () => {
    const xlsx = await workbook([
      ['Leistungsverzeichnis Schule'],
      [],
      ['Pos.', 'Kurztext', 'Menge', 'ME', 'EP (EUR)', 'GP (EUR)'],
      ['01', 'Erdarbeiten'],
      ['01.0010', 'Oberboden abtragen', '12,5', 'm2', '1.234,56', undefined],
      ['01.0020', 'Aushub', { f: '2.5*4' }, 'm3', 18.3],
      ['02', 'Beton'],
      ['02.0010', 'Bodenplatte', 48.125, 'm3', '187,45 €'],
    ]);
    const { project, messages } = await toAva(xlsx);
    expect(outline(project)).toEqual(['01. Erdarbeiten', '  01.0010 Oberboden abtragen', '  01.0020 Aushub', '02. Beton', '  02.0010 Bodenplatte']);
    const p = positions(project);
    expect(p.map((x) => [x.quantity, x.unitTag, x.unitPrice])).toEqual([[12.5, 'm2', 1234.56], [10, 'm3', 18.3], [48.125, 'm3', 187.45]]);
    expect(p[1].quantityComponents).toEqual([expect.objectContaining({ formula: '2.5*4', result: 10 })]);
    expect(messages).toContainEqual(expect.objectContaining({ code: 'EXCEL_PROJECT_NOT_EMBEDDED', severity: 'info' }));
  });

  it('joins item numbers split over several columns and reads English synonyms', async () => {
    const xlsx = await workbook([
      ['Title', 'Pos', 'Description', 'Qty', 'Unit', 'Rate', 'Amount'],
      ['1', undefined, 'Earthworks'],
      ['1', '10', 'Topsoil', 100, 'm2', 3.5, 350],
      ['1', '20', 'Excavation', 20, 'm3', 12, 240],
      ['2', undefined, 'Concrete'],
      ['2', '10', 'Slab', 5, 'm3', 150, 750],
    ]);
    const { project } = await toAva(xlsx);
    expect(outline(project)).toEqual(['1. Earthworks', '  1.10 Topsoil', '  1.20 Excavation', '2. Concrete', '  2.10 Slab']);
    expect(project.serviceSpecifications![0].totalPrice).toBe(1340);
  });

  it('refuses a workbook without a recognisable header row', async () => {
    const xlsx = await workbook([['Hallo', 'Welt'], [1, 2]]);
    const err = await toAva(xlsx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).statusCode).toBe(400);
    expect((err as GatewayError).message).toMatch(/No sheet of the workbook has a recognisable header row/);
  });

  it.each([
    ['12,5', 12.5], ['1.234,56', 1234.56], ['1,234.56', 1234.56], ['1.234.567', 1234567], ['2.5', 2.5],
    ['EUR 3,10', 3.1], ['-4,5 m²', -4.5], ["1'250.00", 1250], ['abc', undefined],
  ])('reads the number text %s as %s', (text, value) => {
    expect(parseNumberText(text)).toBe(value);
  });
});

describe('excel reader: the gateway layout', () => {
  it.each(['en', 'de', 'fr', 'it', 'es'])('reads back what it wrote in %s, with and without the embedded project', async (culture) => {
    const project = sampleProject();
    const { bytes } = await toExcel(project, { ConversionCulture: culture });
    const fields = (p: ProjectDto) => positions(p).map((x) => [(x.itemNumber as { stringRepresentation: string }).stringRepresentation, x.shortText, x.quantity, x.unitTag, x.unitPrice, x.totalPrice, x.positionType, x.isLumpSum ?? false]);
    const expected = fields((await toAva((await toExcel(project)).bytes)).project);
    expect(expected).toHaveLength(6);
    const back = await toAva(bytes);
    expect(fields(back.project)).toEqual(expected);
    expect(back.messages.filter((m) => m.source === 'excel')).toEqual([]);

    const wb = await openWorkbook(bytes);
    wb.deleteSheet('ava-project');
    const alone = await toAva(await wb.outputAsync());
    expect(fields(alone.project)).toEqual(expected);
    expect(outline(alone.project)).toEqual(outline(back.project));
    expect(positions(alone.project)[0].quantityComponents).toEqual([expect.objectContaining({ formula: '(12.5*8)+(4*2.25)', result: 109 })]);
  });

  it('matches rows to elements by their hidden ids: a changed item number renames the element (ReadNewElements), a bidder may not', async () => {
    const { bytes } = await toExcel(sampleProject());
    const wb = await openWorkbook(bytes);
    const sheet = wb.sheet(0)!;
    sheet.cell(10, 1).value('02.0015');
    sheet.cell(10, 3).value('Bodenplatte C30/37');
    sheet.cell(10, 6).value('m2');
    const edited = await wb.outputAsync();
    const p = positions((await toAva(edited, { ReadNewElements: true })).project);
    expect(p).toHaveLength(6);
    expect(p[4]).toMatchObject({ itemNumber: expect.objectContaining({ stringRepresentation: '02.0015' }), shortText: 'Bodenplatte C30/37', unitTag: 'm2', longText: 'Bodenplatte\nd = 25 cm' });
    const bidder = await toAva(edited);
    expect(positions(bidder.project)[4]).toMatchObject({ itemNumber: expect.objectContaining({ stringRepresentation: '02.0010' }), shortText: 'Bodenplatte C25/30', unitTag: 'm3' });
    expect(bidder.messages).toContainEqual(expect.objectContaining({ code: 'EXCEL_CHANGE_REFUSED', itemNumber: '02.0010', message: expect.stringContaining('changes the item number, short text, unit, which a bidder may not change') }));
  });
});
