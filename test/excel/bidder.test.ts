/**
 * A bidder's round: the tender is written without prices, the bidder fills the unit prices, changes a quantity
 * formula and adds two rows (with the library, as a spreadsheet application would), and the workbook comes back:
 * excel → ava and excel → excel, with and without ReadNewElements (and RebuildItemNumberSchema).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { undeclaredMessages } from '../../core/plugin/messages.js';
import { convert, excelPlugin, openWorkbook, positions, sampleProject, toAva, toExcel } from './support.js';

const PRICES: Record<string, number> = { '01.01.0010': 3.2, '01.01.0020': 18.5, '01.01.0030': 17, '01.0010': 1300, '02.0010': 190.1, '02.0020': 99 };

/** The tender without prices, written; then edited as a bidder does. */
async function bidderWorkbook(): Promise<Buffer> {
  const tender = sampleProject();
  for (const p of positions(tender)) delete p.unitPriceOverride;
  const { bytes } = await toExcel(tender, { ConversionCulture: 'de' });
  const wb = await openWorkbook(bytes);
  const sheet = wb.sheet(0)!;
  for (let r = 2; r <= 11; r++) {
    const price = PRICES[String(sheet.cell(r, 1).value())];
    if (price !== undefined) sheet.cell(r, 7).value(price);
  }
  sheet.cell(5, 5).formula('12.5*8+5'); // was (12.5*8)+(4*2.25)
  // Two new rows under the last position of group 02 (the total row moves down).
  for (const c of [3, 8]) sheet.cell(12, c).value(undefined);
  const rows: (string | number | undefined)[][] = [
    ['02.0030', 'Position', 'Schalung Bodenplatte', 'Schalung seitlich', 20, 'm2', 15.5],
    [undefined, undefined, 'Bewehrung Nachtrag', undefined, 2, 't', 1200],
  ];
  rows.forEach((row, i) => row.forEach((v, c) => v !== undefined && sheet.cell(12 + i, c + 1).value(v)));
  sheet.cell(14, 3).value('Summe');
  return wb.outputAsync();
}

const numbers = (project: ProjectDto) => positions(project).map((p) => (p.itemNumber as { stringRepresentation?: string } | undefined)?.stringRepresentation);

let edited: Buffer;
beforeAll(async () => {
  edited = await bidderWorkbook();
});

describe('a bidder edits the workbook', () => {
  it('excel → ava (ReadNewElements=false): prices and the quantity formula are read, the added rows ignored and reported', async () => {
    const { project, messages } = await toAva(edited);
    expect(undeclaredMessages(messages, [excelPlugin])).toEqual([]);
    expect(numbers(project)).toEqual(['01.01.0010', '01.01.0020', '01.01.0030', '01.0010', '02.0010', '02.0020']);
    for (const p of positions(project)) expect(p.unitPrice).toBe(PRICES[(p.itemNumber as { stringRepresentation: string }).stringRepresentation]);
    const first = positions(project)[0];
    expect(first.quantity).toBe(105);
    expect(first.quantityComponents).toEqual([expect.objectContaining({ formula: '12.5*8+5', result: 105 })]);
    expect(first.longText).toBe('Oberboden 30 cm abtragen und seitlich lagern.');
    expect(positions(project)[1].quantity).toBe(123.456);
    expect(messages).toContainEqual(expect.objectContaining({ code: 'EXCEL_ROWS_IGNORED', severity: 'warning', message: expect.stringContaining(': 12, 13.') }));
    // 01.01: 105 × 3.20 = 336.00; 123.456 × 18.50 = 2283.94, −10 % → 2055.55; (336.00 + 2055.55) −3 % → 2319.80.
    // 01: 2319.80 + 1300.00 = 3619.80. 02: 48.125 × 190.10 = 9148.56 + 6 × 99.00 = 594.00 → 9742.56.
    expect(project.serviceSpecifications![0].totalPrice).toBe(13362.36);
  });

  it('excel → ava (ReadNewElements=true): the added rows become positions where they stand', async () => {
    const { project, messages } = await toAva(edited, { ReadNewElements: true });
    expect(numbers(project)).toEqual(['01.01.0010', '01.01.0020', '01.01.0030', '01.0010', '02.0010', '02.0020', '02.0030', undefined]);
    const [added, unnumbered] = positions(project).slice(6);
    expect(added).toMatchObject({ shortText: 'Schalung Bodenplatte', longText: 'Schalung seitlich', quantity: 20, unitTag: 'm2', unitPrice: 15.5, totalPrice: 310 });
    expect(unnumbered).toMatchObject({ shortText: 'Bewehrung Nachtrag', quantity: 2, unitTag: 't', unitPrice: 1200, totalPrice: 2400 });
    const group02 = project.serviceSpecifications![0].elements![2] as { elements: unknown[]; totalPrice: number };
    expect(group02.elements).toHaveLength(4);
    expect(group02.totalPrice).toBe(12452.56); // 9148.56 + 594.00 + 310.00 + 2400.00
    expect(messages.filter((m) => m.code === 'EXCEL_NEW_ELEMENT')).toHaveLength(2);
  });

  it('RebuildItemNumberSchema numbers the new row into the schema, changes only the numbers that must, and reports each', async () => {
    const { project, messages } = await toAva(edited, { ReadNewElements: true, RebuildItemNumberSchema: true });
    expect(undeclaredMessages(messages, [excelPlugin])).toEqual([]);
    // Groups nest two deep, so the positions directly in a top-level group skip the second group tier (`01.__.0010`).
    expect(numbers(project)).toEqual(['01.01.0010', '01.01.0020', '01.01.0030', '01.__.0010', '02.__.0010', '02.__.0020', '02.__.0030', '02.__.0040']);
    const rebuilt = messages.filter((m) => m.code === 'EXCEL_ITEM_NUMBER_SCHEMA_REBUILT').map((m) => [m.itemNumber, m.message]);
    expect(rebuilt).toEqual([
      ['01.__.0010', 'Renumbered 01.0010 → 01.__.0010 (RebuildItemNumberSchema).'],
      ['02.__.0010', 'Renumbered 02.0010 → 02.__.0010 (RebuildItemNumberSchema).'],
      ['02.__.0020', 'Renumbered 02.0020 → 02.__.0020 (RebuildItemNumberSchema).'],
      ['02.__.0030', 'Renumbered 02.0030 → 02.__.0030 (RebuildItemNumberSchema).'],
      ['02.__.0040', 'The new element "Bewehrung Nachtrag" was numbered 02.__.0040 (RebuildItemNumberSchema).'],
      [undefined, 'Item number schema (RebuildItemNumberSchema): a schema was made for the numbers in the sheet.'],
    ]);
    const schema = project.projectInformation!.itemNumberSchema!;
    expect(schema.tiers!.map((t) => [t.tierType, t.length])).toEqual([['Group', 2], ['Group', 2], ['Position', 4]]);
    expect(positions(project).every((p) => (p.itemNumber as { isSchemaCompliant?: boolean }).isSchemaCompliant)).toBe(true);
  });

  it('excel → excel returns the whole project with the added rows, formulas and styles, and reads back the same', async () => {
    const first = await toAva(edited, { ReadNewElements: true });
    const { bytes } = await convert(excelPlugin, excelPlugin, edited, { ReadNewElements: true, ConversionCulture: 'de' });
    const wb = await openWorkbook(bytes);
    const sheet = wb.sheet(0)!;
    expect(sheet.cell(12, 1).value()).toBe('02.0030');
    expect(sheet.cell(12, 8).formula()).toBe('ROUND(E12*G12,2)');
    expect(sheet.cell(12, 8).value()).toBe(310);
    expect(sheet.cell(5, 5).formula()).toBe('12.5*8+5');
    expect(typeof sheet.cell(13, 9).value()).toBe('string'); // the new row has an id now
    expect(sheet.cell(14, 3).value()).toBe('Summe');
    expect(sheet.cell(14, 8).value()).toBe(first.project.serviceSpecifications![0].totalPrice);
    const again = await toAva(bytes);
    expect(positions(again.project).map((p) => [p.shortText, p.quantity, p.unitPrice, p.totalPrice]))
      .toEqual(positions(first.project).map((p) => [p.shortText, p.quantity, p.unitPrice, p.totalPrice]));
    expect(again.messages.filter((m) => m.source === 'excel')).toEqual([]);
  });

  it('excel → excel without ReadNewElements keeps the tender structure and the bidder prices', async () => {
    const { bytes, messages } = await convert(excelPlugin, excelPlugin, edited, { ConversionCulture: 'de' });
    const sheet = (await openWorkbook(bytes)).sheet(0)!;
    expect(sheet.cell(12, 3).value()).toBe('Summe');
    expect(sheet.cell(10, 7).value()).toBe(190.1);
    expect(messages).toContainEqual(expect.objectContaining({ code: 'EXCEL_ROWS_IGNORED' }));
  });
});
