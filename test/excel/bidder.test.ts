/**
 * A bidder's round: the tender is written without prices, the bidder fills the unit prices, changes a quantity
 * formula, the quantity of the position that asks for it, and a long text, adds to another long text and adds two
 * rows (with the library, as a spreadsheet application would), and the workbook comes back: excel → ava and excel
 * → excel, with and without ReadNewElements (and RebuildItemNumberSchema). Without ReadNewElements only what a
 * bidder may change is taken.
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
  positions(tender)[5].amountToBeEnteredByBidder = true; // 02.0020: the bidder states the hours
  const { bytes } = await toExcel(tender, { ConversionCulture: 'de' });
  const wb = await openWorkbook(bytes);
  const sheet = wb.sheet(0)!;
  for (let r = 2; r <= 11; r++) {
    const price = PRICES[String(sheet.cell(r, 1).value())];
    if (price !== undefined) sheet.cell(r, 7).value(price);
  }
  sheet.cell(5, 5).formula('12.5*8+5'); // was (12.5*8)+(4*2.25)
  sheet.cell(11, 5).value(8); // 02.0020, was 6
  sheet.cell(5, 4).value('Oberboden 20 cm abtragen.'); // was 'Oberboden 30 cm abtragen und seitlich lagern.'
  sheet.cell(10, 4).value('Bodenplatte\nd = 25 cm, Fabrikat: Muster B25'); // an addition
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
  it('excel → ava (ReadNewElements=false): what a bidder may change is read, the rest kept and reported, the added rows ignored', async () => {
    const { project, messages } = await toAva(edited);
    expect(undeclaredMessages(messages, [excelPlugin])).toEqual([]);
    expect(numbers(project)).toEqual(['01.01.0010', '01.01.0020', '01.01.0030', '01.0010', '02.0010', '02.0020']);
    for (const p of positions(project)) expect(p.unitPrice).toBe(PRICES[(p.itemNumber as { stringRepresentation: string }).stringRepresentation]);
    const [first, second, , , slab, pump] = positions(project);
    // 01.01.0010 does not ask the bidder for its quantity: the tender's formula and text stay.
    expect(first.quantity).toBe(109);
    expect(first.quantityComponents).toEqual([expect.objectContaining({ formula: '12,5*8', result: 100 }), expect.objectContaining({ formula: '4*2,25', result: 9 })]);
    expect(first.longText).toBe('Oberboden 30 cm abtragen und seitlich lagern.');
    expect(messages).toContainEqual(expect.objectContaining({
      code: 'EXCEL_CHANGE_REFUSED', severity: 'warning', itemNumber: '01.01.0010',
      message: 'Row 5 of "Rohbau" changes the long text, quantity, which a bidder may not change (ReadNewElements is false); the tender\'s values were kept.',
    }));
    expect(second.quantity).toBe(123.456);
    expect(slab.longText).toBe('Bodenplatte\nd = 25 cm, Fabrikat: Muster B25');
    expect(pump.quantity).toBe(8);
    expect(messages.filter((m) => m.code === 'EXCEL_CHANGE_REFUSED')).toHaveLength(1);
    expect(messages).toContainEqual(expect.objectContaining({ code: 'EXCEL_ROWS_IGNORED', severity: 'warning', message: expect.stringContaining(': 12, 13.') }));
    // 01.01: 109 × 3.20 = 348.80; 123.456 × 18.50 = 2283.94, −10 % → 2055.55; (348.80 + 2055.55) −3 % → 2332.22.
    // 01: 2332.22 + 1300.00 = 3632.22. 02: 48.125 × 190.10 = 9148.56 + 8 × 99.00 = 792.00 → 9940.56.
    expect(project.serviceSpecifications![0].totalPrice).toBe(13572.78);
  });

  it('excel → ava (ReadNewElements=true): every change is read, the added rows become positions where they stand', async () => {
    const { project, messages } = await toAva(edited, { ReadNewElements: true });
    const first = positions(project)[0];
    expect(first.quantityComponents).toEqual([expect.objectContaining({ formula: '12.5*8+5', result: 105 })]);
    expect(first.longText).toBe('Oberboden 20 cm abtragen.');
    expect(messages.filter((m) => m.code === 'EXCEL_CHANGE_REFUSED')).toEqual([]);
    expect(numbers(project)).toEqual(['01.01.0010', '01.01.0020', '01.01.0030', '01.0010', '02.0010', '02.0020', '02.0030', undefined]);
    const [added, unnumbered] = positions(project).slice(6);
    expect(added).toMatchObject({ shortText: 'Schalung Bodenplatte', longText: 'Schalung seitlich', quantity: 20, unitTag: 'm2', unitPrice: 15.5, totalPrice: 310 });
    expect(unnumbered).toMatchObject({ shortText: 'Bewehrung Nachtrag', quantity: 2, unitTag: 't', unitPrice: 1200, totalPrice: 2400 });
    const group02 = project.serviceSpecifications![0].elements![2] as { elements: unknown[]; totalPrice: number };
    expect(group02.elements).toHaveLength(4);
    expect(group02.totalPrice).toBe(12650.56); // 9148.56 + 792.00 + 310.00 + 2400.00
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
