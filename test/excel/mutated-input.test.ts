/**
 * A workbook edited by hand never makes a route from `excel` fail with a 5xx: a workbook the gateway wrote (the
 * sample project, prices and long texts in it) gets 1–8 seeded random edits of the kind a person makes in a
 * spreadsheet program — a cell overwritten with text, a number, a date, a formula, a decimal comma, an over-long
 * text or nothing, a row cleared, a row copied over another — in any of its sheets, the embedded project's included,
 * and goes through the conversion service as each route from `excel` runs it, with random options. Each either
 * converts or is refused with a GatewayError of status 4xx raised by the reader or a writer itself — not a raw
 * exception that the service's safety net had to turn into a 400.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import XlsxPopulate from 'xlsx-populate';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { convertMutatedInputs, everyRouteFrom } from '../support/mutations.js';
import { sampleProject, toExcel } from './support.js';

/** What a person may type into a cell (a string starting with `=` is entered as a formula). */
const VALUES: readonly unknown[] = [
  undefined, '', 'abc', -1, 0, 1e300, 1.23456789, '12,5', '1.234,56', '1e999', 'NaN', '=1+1', '=A1/0', '01.02', '1.2.3.4.5.6.7',
  'x'.repeat(300), '  ', '€ 12', true, new Date(2020, 1, 1), 123456789012, '-0', 'psch', 'Pos.', '\u0000', '<b>x</b>',
];

/** The workbook with 1–8 random edits. */
async function edited(xlsx: Buffer, next: () => number): Promise<Buffer> {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const wb = await XlsxPopulate.fromDataAsync(xlsx);
  for (let k = 1 + Math.floor(next() * 8); k > 0; k--) {
    const sheet = pick(wb.sheets());
    const used = sheet.usedRange();
    if (!used) continue;
    const rows = used.endCell().rowNumber();
    const columns = used.endCell().columnNumber();
    const row = 1 + Math.floor(next() * rows);
    const column = 1 + Math.floor(next() * columns);
    const r = next();
    if (r < 0.7) {
      const value = pick(VALUES);
      if (typeof value === 'string' && value.startsWith('=')) sheet.cell(row, column).formula(value.slice(1));
      else sheet.cell(row, column).value(value as string | number | boolean | Date | undefined);
    } else if (r < 0.85) {
      for (let c = 1; c <= columns; c++) sheet.cell(row, c).value(undefined);
    } else {
      const from = 1 + Math.floor(next() * rows);
      for (let c = 1; c <= columns; c++) sheet.cell(row, c).value(sheet.cell(from, c).value() as string | number | boolean | undefined);
    }
  }
  return (await wb.outputAsync()) as Buffer;
}

describe('a hand-edited workbook', () => {
  it('120 edited workbooks to every target convert or are refused with 4xx, never 5xx', async () => {
    const xlsx = (await toExcel(sampleProject())).bytes;
    const run = await convertMutatedInputs(20261127, 120, async (next) => ({ bytes: await edited(xlsx, next), fileName: 'edited.xlsx' }), everyRouteFrom('excel'));
    expect(run.crashes).toEqual([]);
    expect(run.converted).toBeGreaterThan(0);
    expect(run.refused).toBeGreaterThan(0);
  });
});
