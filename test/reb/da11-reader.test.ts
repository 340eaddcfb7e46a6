/**
 * REB DA11 reader on our fixtures: the 2009 file (header with OZ mask, every flag, formula 91 over two lines,
 * standard formulas 01, 04, 05, 31, an address reference, a gon angle, an unknown formula number) and the 1979
 * file (lines only, degrees). Expected values computed by hand from REB-VB 23.003's rules as the module comments
 * state them.
 */
import { describe, expect, it } from 'vitest';
import { da11Bytes, fixture, header, line, read } from './support.js';

describe('DA11 2009 reader', () => {
  it('reads the header: heading, order number, OZ mask as item number schema, skeleton groups and positions', async () => {
    const r = await read(fixture('musterbau-2009.d11'));
    const spec = r.project.serviceSpecifications![0];
    expect(spec.name).toBe('Musterbau Nord, Gebäude A');
    expect(spec.origin).toBe('Reb');
    expect(spec.originDetail).toBe('REB DA11 2009');
    expect(spec.rebOrderNumber).toBe('A-17');
    expect(r.project.projectInformation!.itemNumberSchema!.tiers!.map((t) => [t.tierType, t.length])).toEqual([['Group', 2], ['Group', 2], ['Position', 4], ['Index', 1]]);
    expect(r.positions.map((p) => p.itemNumber!.stringRepresentation)).toEqual(['01.01.0010', '01.04.0020', '02.01.0030.A']);
    expect(r.positions.every((p) => p.shortText === '' || p.shortText === undefined)).toBe(true);
    expect(r.messages.find((m) => m.code === 'REB_SKELETON_PROJECT')!.message).toContain('3 items');
  });

  it('the worked example of dazi-web/reb-da11: (4,25+2,10+4,25)*2,5 = 26,5', async () => {
    const p = (await read(fixture('musterbau-2009.d11'))).position('01.01.0010');
    expect(p.quantityComponents).toEqual([
      expect.objectContaining({ description: 'R 1.01', formula: '(4,25+2,10+4,25)*2,5', rebFormulaNumber: '91', rebAddress: '0001A0', result: 26.5, valid: true }),
    ]);
    expect(p.quantity).toBe(26.5);
    expect(p.quantityOverride).toBeUndefined();
  });

  it('one component per calculation with its flag; the quantity sums blank, E and S lines only', async () => {
    const r = await read(fixture('musterbau-2009.d11'));
    const p = r.position('01.04.0020');
    const c = p.quantityComponents!;
    expect(c.map((x) => [x.rebFlag ?? '', x.rebFormulaNumber, x.description])).toEqual([
      ['*', '', 'Wand Flur, EG, Raum 1.04'],
      ['', '91', 'Wand'],
      ['', '91', 'Tür'],
      ['', '04', 'Sockel'],
      ['H', '91', 'Hilfe'],
      ['', '91', 'Ref'],
      ['Z', '', ''],
      ['', '91', 'Winkel'],
      ['', '91', 'lang'],
      ['S', '01', 'Schätz'],
      ['', '16', 'unbek'],
      ['P', '', ''],
    ]);
    // factor and sign in the formula; the project's grammar evaluates it to the line's value
    expect(c[1]).toMatchObject({ formula: '2*5,20*2,60', rebFactor: '2', result: 27.04 });
    expect(c[2]).toMatchObject({ formula: '-2*1,01*2,135', rebDeduction: true, result: -4.313 });
    expect(c[3]).toMatchObject({ formula: '5,2*2,6*0,3', rebValues: ['5200', '2600', '300'], result: 4.056 });
    // an address reference: the value is the reader's (rebResult), the REB text kept
    expect(c[5]).toMatchObject({ rebExpression: '0001E0*2', rebResult: 20, formula: '20', result: 20, valid: true });
    // Z: the subtotal of the summed lines so far (27,04 − 4,313 + 4,056 + 20; H not summed)
    expect(c[6]).toMatchObject({ rebResult: 46.783 });
    // sin(100 gon) = 1
    expect(c[7]).toMatchObject({ rebExpression: 'sin(100)*3', rebResult: 3 });
    // formula 91 over two lines, the factor on the first
    expect(c[8]).toMatchObject({ rebExpression: '(1234,567+2345,678+3456,789+4567,891)*(5678,912-6789,123)/7,5', rebFactor: '3', result: -5153566.156 });
    expect(c[9]).toMatchObject({ formula: '4*3/2', result: 6 });
    // an unknown formula number: text kept, invalid, reported
    expect(c[10]).toMatchObject({ formula: 'FN 16: 1000 2000', valid: false, result: 0 });
    expect(r.messages).toContainEqual(expect.objectContaining({ code: 'REB_FORMULA_NOT_EVALUATED', severity: 'warning', itemNumber: '01.04.0020' }));
    expect(r.messages.find((m) => m.code === 'REB_FORMULA_NOT_EVALUATED')!.message).toContain('0001L0');
    // 27,04 − 4,313 + 4,056 + 20 + 3 − 5153566,156 + 6 (H, Z, P, comment and the unknown formula not summed)
    expect(c[11]).toMatchObject({ rebResult: -5153510.373 });
    expect(p.quantity).toBe(-5153510.373);
    expect(p.quantityOverride).toBe(-5153510.373);
    expect(r.messages).toContainEqual(expect.objectContaining({ code: 'REB_QUANTITY_FROM_TAKEOFF', itemNumber: '01.04.0020' }));
  });

  it('standard formulas 05 (trapezoid) and 31 (arithmetic mean, flag E) on an item with index', async () => {
    const p = (await read(fixture('musterbau-2009.d11'))).position('02.01.0030.A');
    expect(p.quantityComponents!.map((c) => [c.formula, c.result])).toEqual([['(2+4)/2*1,5', 4.5], ['(1+2+4,5)/3', 2.5]]);
    expect(p.quantity).toBe(7);
  });
});

describe('DA11 1979 reader', () => {
  it('reads lines without header, the fixed mask 1122PPPPI, angles in degrees', async () => {
    const r = await read(fixture('strasse-1979.d11'));
    expect(r.project.serviceSpecifications![0].originDetail).toBe('REB DA11 1979');
    expect(r.position('01.01.0010').quantityComponents!.map((c) => [c.description, c.result])).toEqual([['Böschung', 2], ['Fläche', 50]]);
    expect(r.position('01.01.0010').quantity).toBe(52);
    // H: stored, recalled by address, not summed
    expect(r.position('01.01.0020').quantity).toBe(70);
    expect(r.messages.filter((m) => m.severity === 'warning')).toEqual([]);
  });
});

describe('DA11 reader details', () => {
  const file = (...lines: string[]) => da11Bytes([header(), ...lines, '99'.padEnd(80)]);

  it('a free formula whose last line lacks "=" is evaluated and reported', async () => {
    const r = await read(da11Bytes([header(), line('01010010 ', { fn: '91', body: '2*3', addr: '0001A0' })]));
    expect(r.position('01.01.0010').quantity).toBe(6);
    expect(r.messages.map((m) => m.code)).toEqual(expect.arrayContaining(['REB_FORMULA_UNTERMINATED', 'REB_END_RECORD_MISSING']));
  });

  it('unbalanced parentheses: kept as text, invalid, reported with the position', async () => {
    const r = await read(file(line('01010010 ', { fn: '91', body: '(2+3*4=', addr: '0001A0' }), line('01010010 ', { fn: '91', body: '1=', addr: '0001B0' })));
    const p = r.position('01.01.0010');
    expect(p.quantityComponents![0]).toMatchObject({ formula: '(2+3*4', valid: false });
    expect(p.quantity).toBe(1);
    expect(r.messages.find((m) => m.code === 'REB_FORMULA_NOT_EVALUATED')!.message).toContain('an opening parenthesis is not closed');
  });

  it('functions asin/acos/atan in gon, powers ** and ^, colon as division', async () => {
    const r = await read(file(
      line('01010010 ', { fn: '91', body: 'atan(1)+2**3+2^2+9:3=', addr: '0001A0' }),
      line('01010020 ', { fn: '91', body: 'cos(200)+asin(1)=', addr: '0001B0' }),
    ));
    expect(r.position('01.01.0010').quantity).toBe(65); // 50 gon + 8 + 4 + 3
    expect(r.position('01.01.0020').quantity).toBe(99); // −1 + 100 gon
  });

  it('lines of one item need not be contiguous; a line after 99 is ignored and reported', async () => {
    const r = await read(da11Bytes([
      header(),
      line('01010010 ', { fn: '91', body: '1=', addr: '0001A0' }),
      line('01010020 ', { fn: '91', body: '2=', addr: '0001B0' }),
      line('01010010 ', { fn: '91', body: '4=', addr: '0001C0' }),
      '99'.padEnd(80),
      line('01010030 ', { fn: '91', body: '8=', addr: '0001D0' }),
    ]));
    expect(r.positions.map((p) => [p.itemNumber!.stringRepresentation, p.quantity])).toEqual([['01.01.0010', 5], ['01.01.0020', 2]]);
    expect(r.messages).toContainEqual(expect.objectContaining({ code: 'REB_LINE_IGNORED' }));
  });

  it('lines are evaluated in file order: an item refers to an address another item set before it in the file', async () => {
    const r = await read(file(
      line('01010010 ', { fn: '91', body: '1=', addr: '0001A0' }),
      line('01010020 ', { fn: '91', body: '5=', addr: '0001B0' }),
      line('01010010 ', { fn: '91', body: '0001B0*2=', addr: '0001C0' }),
    ));
    expect(r.positions.map((p) => [p.itemNumber!.stringRepresentation, p.quantity])).toEqual([['01.01.0010', 11], ['01.01.0020', 5]]);
    expect(r.messages.map((m) => m.code)).not.toContain('REB_FORMULA_NOT_EVALUATED');
  });

  it('a factor with a decimal comma is that number; a factor with a sign is reported and not summed', async () => {
    const r = await read(file(
      line('01010010 ', { factor: '2,5', fn: '91', body: '4=', addr: '0001A0' }),
      line('01010010 ', { factor: '2500', fn: '91', body: '4=', addr: '0001B0' }),
      line('01010020 ', { factor: '-2', fn: '91', body: '4=', addr: '0001C0' }),
    ));
    expect(r.position('01.01.0010').quantity).toBe(20);
    expect(r.position('01.01.0010').quantityComponents!.map((c) => c.formula)).toEqual(['2,5*4', '2,5*4']);
    expect(r.position('01.01.0020').quantity).toBe(0);
    expect(r.messages).toContainEqual(expect.objectContaining({ code: 'REB_FORMULA_NOT_EVALUATED', itemNumber: '01.01.0020', message: expect.stringContaining("factor (columns 24–29) '-2'") }));
    expect(r.messages.filter((m) => m.code === 'REB_FORMULA_NOT_EVALUATED')).toHaveLength(1);
  });

  it('a mask with fewer levels (11PPPP000)', async () => {
    const r = await read(da11Bytes([header('11PPPP000'), line('010010000', { fn: '91', body: '3=', addr: '0001A0' }), '99'.padEnd(80)]));
    expect(r.positions.map((p) => p.itemNumber!.stringRepresentation)).toEqual(['01.0010']);
    expect(r.project.projectInformation!.itemNumberSchema!.tiers!.map((t) => t.length)).toEqual([2, 4]);
  });
});
