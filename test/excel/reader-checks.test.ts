/**
 * What the excel reader reports instead of dropping or merging silently: the common German header spellings
 * (and header cells it does not know), a stated total other than quantity × unit price, error values and texts
 * that are no numbers, item numbers typed as numbers (their number format, and duplicates), a row copied with its
 * hidden id, and deleted rows — with and without ReadNewElements.
 */
import XlsxPopulate, { type Sheet } from 'xlsx-populate';
import { describe, expect, it } from 'vitest';
import type { PositionDto } from '../../core/model/types.js';
import { parseNumberText } from '../../plugins/excel/reader/cells.js';
import { applyRow } from '../../plugins/excel/reader/elements.js';
import type { SheetRow } from '../../plugins/excel/reader/rows.js';
import { centralDirectory, entryContent } from '../../plugins/excel/zip.js';
import { openWorkbook, positions, sampleProject, toAva, toExcel, zipPackage } from './support.js';

type Value = string | number | undefined | { error: string } | { value: number; format: string };

/**
 * A one-sheet workbook of the rows given (from row 1); `{ error }` an error cell (`t="e"`, ECMA-376 Part 1
 * §18.18.11, put into the sheet part as the library does not write them), `{ value, format }` a formatted number.
 */
async function workbook(rows: Value[][]): Promise<Buffer> {
  const wb = await XlsxPopulate.fromBlankAsync();
  const sheet = wb.sheet(0)!;
  const errors = new Map<string, string>();
  rows.forEach((row, r) => row.forEach((v, c) => {
    if (v === undefined) return;
    const cell = sheet.cell(r + 1, c + 1);
    if (typeof v !== 'object') cell.value(v);
    else if ('error' in v) {
      cell.value('#ERROR');
      errors.set(cell.address(), v.error);
    } else cell.value(v.value).style('numberFormat', v.format);
  }));
  const xlsx = await wb.outputAsync();
  if (errors.size === 0) return xlsx;
  const parts = Object.fromEntries(centralDirectory(xlsx)!.map((e) => [e.name, entryContent(xlsx, e)]));
  const part = 'xl/worksheets/sheet1.xml';
  parts[part] = Buffer.from(parts[part].toString('utf8').replace(/<c r="([A-Z]+\d+)" t="s"><v>\d+<\/v><\/c>/g,
    (whole, ref: string) => (errors.has(ref) ? `<c r="${ref}" t="e"><v>${errors.get(ref)}</v></c>` : whole)));
  return zipPackage(parts);
}

const numberOf = (p: Record<string, unknown>) => (p.itemNumber as { stringRepresentation?: string } | undefined)?.stringRepresentation;

describe('excel reader: headers', () => {
  it.each([
    [['Pos.', 'Leistungstext', 'Menge', 'Einh.', 'Einzelpreis', 'Gesamtpreis']],
    [['OZ', 'Kurztext', 'Menge', 'ME', 'EP netto', 'GP netto']],
    [['Position', 'Bezeichnung', 'Mng.', 'Einheit', 'E-Preis (€)', 'G-Preis (€)']],
    [['oz', 'TEXT', 'menge', 'einh', 'e preis', 'g-preis']],
  ])('%j are recognised', async (header) => {
    const { project, messages } = await toAva(await workbook([header, ['01.0010', 'Aushub', 12.5, 'm3', 3.1, 38.75]]));
    expect(positions(project)[0]).toMatchObject({ shortText: 'Aushub', quantity: 12.5, unitTag: 'm3', unitPrice: 3.1, totalPrice: 38.75 });
    expect(messages.map((m) => m.code)).toEqual(['EXCEL_PROJECT_NOT_EMBEDDED']);
  });

  it('reports header cells it does not know, naming them and the sheet', async () => {
    const { messages } = await toAva(await workbook([['OZ', 'Kurztext', 'Menge', 'Einheit', 'EP', 'Bemerkung', 'Rabatt %'], ['01.0010', 'Aushub', 12.5, 'm3', 3.1, 'prüfen', 5]]));
    expect(messages).toContainEqual(expect.objectContaining({
      code: 'EXCEL_HEADER_NOT_RECOGNISED', severity: 'warning',
      message: 'The header cells "Bemerkung", "Rabatt %" of the sheet "Sheet1" (row 1) name no column the reader knows; their columns were not read.',
    }));
  });

  it('reports a stated total other than quantity × unit price, naming the item, the stated and the computed value', async () => {
    const { project, messages } = await toAva(await workbook([
      ['OZ', 'Kurztext', 'Menge', 'Einheit', 'EP', 'GP'],
      ['01.0010', 'Aushub', 12.5, 'm3', 3.1, 40],
      ['01.0020', 'Verfüllen', 3, 'm3', 2.005, 6.02], // 6.015 rounded: no difference
    ]));
    expect(positions(project)[0].totalPrice).toBe(38.75);
    expect(messages.filter((m) => m.code === 'EXCEL_TOTAL_MISMATCH')).toEqual([expect.objectContaining({
      severity: 'warning', itemNumber: '01.0010', message: 'Row 2 of "Sheet1" (01.0010) states the total 40, but quantity 12.5 × unit price 3.1 = 38.75; the total was recalculated.',
    })]);
  });
});

describe('excel reader: numbers', () => {
  it('reports error values and texts that are no numbers, and ignores them', async () => {
    const { project, messages } = await toAva(await workbook([
      ['OZ', 'Kurztext', 'Menge', 'Einheit', 'EP'],
      ['01.0010', 'A', { error: '#DIV/0!' }, 'm3', '1/2'],
      ['01.0020', 'B', '1e3', 'm3', '#N/A'],
      ['01.0030', 'C', '2024-01-31', 'm3', '12,5 €'],
    ]));
    expect(positions(project).map((p) => [p.quantity, p.unitPrice])).toEqual([[0, 0], [0, 0], [0, 12.5]]);
    expect(messages.filter((m) => m.code === 'EXCEL_INVALID_NUMBER').map((m) => m.message)).toEqual([
      'Row 2 of "Sheet1": "#DIV/0!", "1/2" are not numbers and were ignored.',
      'Row 3 of "Sheet1": "1e3", "#N/A" are not numbers and were ignored.',
      'Row 4 of "Sheet1": "2024-01-31" is not a number and was ignored.',
    ]);
  });

  it.each([
    ['1/2'], ['1e3'], ['#DIV/0!'], ['#NUM!'], ['2024-01-31'], ['1.2.3'], ['1 2'], ['3 - 5'], ['~5'], ['1,2,3'],
  ])('reads the text %s as no number', (text) => {
    expect(parseNumberText(text)).toBeUndefined();
  });

  it.each([['12 500', 12500], ['+3', 3], ['−2,5', -2.5], ['5,-', 5], ['ca. 5', 5], ['3,10 €/m²', 3.1]])('reads the text %s as %s', (text, value) => {
    expect(parseNumberText(text)).toBe(value);
  });
});

describe('excel reader: item numbers typed as numbers', () => {
  it('reads them as a fixed-decimals number format shows them', async () => {
    const { project } = await toAva(await workbook([
      ['OZ', 'Kurztext', 'Menge', 'Einheit'],
      [{ value: 1.01, format: '0.00' }, 'A', 1, 'm'], [{ value: 1.02, format: '0.00' }, 'B', 1, 'm'], [{ value: 1.1, format: '00.00' }, 'C', 1, 'm'],
    ]));
    expect(positions(project).map(numberOf)).toEqual(['1.01', '1.02', '01.10']);
  });

  it('reports item numbers that stand in several rows of a sheet', async () => {
    const { messages } = await toAva(await workbook([['OZ', 'Kurztext', 'Menge', 'Einheit'], [1.1, 'A', 1, 'm'], [1.2, 'B', 1, 'm'], [1.10, 'C', 1, 'm']]));
    expect(messages).toContainEqual(expect.objectContaining({
      code: 'EXCEL_DUPLICATE_ITEM_NUMBER', severity: 'warning', itemNumber: '1.1', message: 'The item number 1.1 stands in rows 2, 4 of the sheet "Sheet1".',
    }));
  });
});

/** Moves the cells of rows `from`–`to` by `by` rows (values and formulas), clearing the rows left behind: inserting or deleting rows. */
function moveRows(sheet: Sheet, from: number, to: number, by: number): void {
  const columns = 11;
  const order = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  for (const r of by > 0 ? order.reverse() : order) {
    for (let c = 1; c <= columns; c++) {
      const source = sheet.cell(r, c);
      const target = sheet.cell(r + by, c);
      const formula = source.formula();
      if (formula) target.formula(formula);
      else target.value(source.value() as string | number | undefined);
      source.value(undefined);
    }
  }
}

describe('excel reader: rows copied with their id, and deleted rows', () => {
  // The sample in English: row 9 is group 02., row 10 position 02.0010, row 11 02.0020, row 12 the total.
  async function copiedRow(): Promise<Buffer> {
    const wb = await openWorkbook((await toExcel(sampleProject())).bytes);
    const sheet = wb.sheet(0)!;
    moveRows(sheet, 10, 12, 1);
    for (let c = 1; c <= 11; c++) sheet.cell(10, c).value(sheet.cell(11, c).value() as string | number | undefined);
    sheet.cell(10, 1).value('02.0005');
    sheet.cell(10, 3).value('Kopierte Position');
    sheet.cell(10, 5).value(7);
    return wb.outputAsync();
  }

  it('a copied row is a new element with ReadNewElements, never merged into the original', async () => {
    const { project, messages } = await toAva(await copiedRow(), { ReadNewElements: true });
    const p = positions(project);
    expect(p.map(numberOf)).toEqual(['01.01.0010', '01.01.0020', '01.01.0030', '01.0010', '02.0005', '02.0010', '02.0020']);
    expect(p[4]).toMatchObject({ shortText: 'Kopierte Position', quantity: 7, unitPrice: 187.45 });
    expect(p[5]).toMatchObject({ shortText: 'Bodenplatte C25/30', quantity: 48.125 });
    expect(p[4].id).not.toBe(p[5].id);
    expect(messages).toContainEqual(expect.objectContaining({
      code: 'EXCEL_ROW_REPEATED', severity: 'warning', itemNumber: '02.0005',
      message: 'Row 10 of "Rohbau" identifies the element 02.0010 of row 11 of "Rohbau" again (a row copied with its hidden id); it was read as a new element.',
    }));
  });

  it('a copied row is ignored and reported in a bidder\'s round', async () => {
    const { project, messages } = await toAva(await copiedRow());
    const p = positions(project);
    expect(p.map(numberOf)).toEqual(['01.01.0010', '01.01.0020', '01.01.0030', '01.0010', '02.0010', '02.0020']);
    expect(p[4]).toMatchObject({ shortText: 'Bodenplatte C25/30', quantity: 48.125 });
    expect(messages).toContainEqual(expect.objectContaining({ code: 'EXCEL_ROW_REPEATED', message: expect.stringContaining('it was ignored (ReadNewElements is false)') }));
    expect(messages.filter((m) => m.code === 'EXCEL_CHANGE_REFUSED')).toEqual([]);
  });

  it('compares a row with the values as they stand, not as the project held them', () => {
    const p = { elementTypeDiscriminator: 'PositionDto', quantity: 5, quantityOverride: 7, unitPrice: 2, unitPriceOverride: 3 } as PositionDto;
    const row: SheetRow = { row: 2, markers: [], quantity: 5, unitPrice: 2, invalidNumbers: [] };
    applyRow(p, row, { prices: true, longTexts: false, unitPlaces: 2, bidder: false });
    expect([p.quantityOverride, p.unitPriceOverride]).toEqual([5, 2]);
  });

  async function deleted(first: number, last: number): Promise<Buffer> {
    const wb = await openWorkbook((await toExcel(sampleProject())).bytes);
    const sheet = wb.sheet(0)!;
    moveRows(sheet, last + 1, 12, first - last - 1);
    return wb.outputAsync();
  }

  it('a deleted row removes its element with ReadNewElements, and is reported', async () => {
    const { project, messages } = await toAva(await deleted(10, 10), { ReadNewElements: true });
    expect(positions(project).map(numberOf)).toEqual(['01.01.0010', '01.01.0020', '01.01.0030', '01.0010', '02.0020']);
    expect(messages.filter((m) => m.source === 'excel')).toEqual([expect.objectContaining({
      code: 'EXCEL_ELEMENT_REMOVED', severity: 'warning', itemNumber: '02.0010', message: 'The row of 02.0010 was deleted from the sheet; the element was removed.',
    })]);
  });

  it('a deleted group row keeps the group while rows of its elements remain', async () => {
    const { project, messages } = await toAva(await deleted(9, 9), { ReadNewElements: true });
    expect(positions(project)).toHaveLength(6);
    expect(messages).toContainEqual(expect.objectContaining({ code: 'EXCEL_ELEMENT_REMOVED', itemNumber: '02.', message: expect.stringContaining('the group was kept') }));
  });

  it('a deleted row is kept and reported as a refused change in a bidder\'s round', async () => {
    const { project, messages } = await toAva(await deleted(10, 10));
    expect(positions(project).map(numberOf)).toEqual(['01.01.0010', '01.01.0020', '01.01.0030', '01.0010', '02.0010', '02.0020']);
    expect(messages.filter((m) => m.source === 'excel')).toEqual([expect.objectContaining({
      code: 'EXCEL_CHANGE_REFUSED', severity: 'warning', itemNumber: '02.0010',
      message: 'The row of 02.0010 was deleted from the sheet, which a bidder may not do (ReadNewElements is false); the element was kept.',
    })]);
  });
});
