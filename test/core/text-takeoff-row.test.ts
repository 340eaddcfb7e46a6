/**
 * core/text/takeoff-row.ts: the REB-VB 23.003 take-off row as GAEB DA XML `QTakeoff/@Row` — layout, row
 * addresses, continuation lines, and the round trip writer → reader.
 */
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_WIDTH, FORMULA_WIDTH, ROW_WIDTH, type TakeoffComponent, finishTakeoff, formatTakeoffRows, readTakeoffRow, rowAddress,
} from '../../core/text/takeoff-row.js';

/** The pattern of `tgQTakeoffRow` (GAEB DA XML 3.3 Lib), counting code points. */
const SCHEMA_ROW = /^ {2} {9}.{69}$/u;

/** Writes the components from row 0 on and reads all rows back. */
function roundTrip(components: TakeoffComponent[]): { rows: string[]; back: ReturnType<typeof finishTakeoff> } {
  const rows: string[] = [];
  for (const c of components) rows.push(...formatTakeoffRows(c, rows.length));
  const raw: TakeoffComponent[] = [];
  for (const row of rows) readTakeoffRow(row, raw);
  return { rows, back: finishTakeoff(raw) };
}

describe('REB-VB 23.003 take-off row', () => {
  it('lays out address, formula number 91, formula and description in the 69 columns after 11 blanks', () => {
    const [row] = formatTakeoffRows({ formula: '12.5*3', description: 'Wand Achse A' }, 0);
    expect(row).toBe(`${' '.repeat(11)}0001A0 91 ${'12.5*3'.padEnd(FORMULA_WIDTH)} ${'Wand Achse A'.padEnd(DESCRIPTION_WIDTH)}`);
    expect(row).toHaveLength(ROW_WIDTH);
    expect(row).toMatch(SCHEMA_ROW);
    expect([FORMULA_WIDTH, DESCRIPTION_WIDTH]).toEqual([38, 20]);
  });

  it('numbers rows per sheet: letters A–Z × index 0–9, then the next sheet', () => {
    expect([0, 1, 9, 10, 259, 260, 2599].map(rowAddress)).toEqual(['0001A0', '0001A1', '0001A9', '0001B0', '0001Z9', '0002A0', '0010Z9']);
  });

  it('continues a long formula or description on lines with the next address and a blank formula number', () => {
    const formula = `(${'1.25+'.repeat(15)}1)*2`;
    const description = 'Bodenplatte zwischen Achse 1 und Achse 7, Abschnitt Nord';
    const rows = formatTakeoffRows({ formula, description }, 259);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.slice(11, 20))).toEqual(['0001Z9 91', '0002A0   ', '0002A1   ']);
    for (const row of rows) expect(row).toMatch(SCHEMA_ROW);
  });

  it('round-trips components: long ones over continuation lines, characters outside the BMP, no description', () => {
    const components = [
      { formula: '2*3.5', description: 'Wand' },
      { formula: `${'(4.20+0.365)*'.repeat(6)}2.75`, description: 'Außenwand EG über alle Achsen, ohne Öffnungen' },
      { formula: '1+1', description: '' },
      { formula: '3*😀', description: 'Größe 😀 ½' },
    ];
    const { rows, back } = roundTrip(components);
    for (const row of rows) expect(row).toMatch(SCHEMA_ROW);
    expect(back).toEqual([
      { formula: '2*3.5', description: 'Wand' },
      { formula: components[1].formula, description: components[1].description },
      { formula: '1+1' },
      { formula: '3*😀', description: 'Größe 😀 ½' },
    ]);
  });

  it('writes line breaks and tabs as blanks and drops outer blanks', () => {
    const { back } = roundTrip([{ formula: ' 2*\t3 ', description: 'a\r\nb' }]);
    expect(back).toEqual([{ formula: '2* 3', description: 'a b' }]);
  });

  it('reads a row in another layout as description = columns 1–11, formula = columns 12–80', () => {
    const raw: TakeoffComponent[] = [];
    readTakeoffRow(`Decke EG   ${'12.50*3.20'.padEnd(69)}`, raw);
    readTakeoffRow(`           ${'x'.repeat(75)}`, raw); // longer than 80: cut at column 80
    expect(finishTakeoff(raw)).toEqual([
      { description: 'Decke EG', formula: '12.50*3.20' },
      { formula: 'x'.repeat(69) },
    ]);
  });
});
