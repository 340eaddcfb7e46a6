/**
 * The REB formula evaluation on its own: the free-formula grammar (formula/expression.ts) with its errors and
 * positions, gon and degrees, the degree → gon rewrite, the standard formulas (formula/standard.ts) and their
 * value fields, and content detection.
 */
import { describe, expect, it } from 'vitest';
import { degreesToGon, evaluateExpression, isPlainArithmetic, roundReb } from '../../plugins/reb/formula/expression.js';
import { evaluateStandard, readValueField } from '../../plugins/reb/formula/standard.js';
import { detectReb } from '../../plugins/reb/detect.js';
import { builtinFormatPlugins } from '../../plugins/index.js';
import { da11Bytes, fixture, header, line } from './support.js';

const value = (e: string, angle: 'gon' | 'degree' = 'gon', lookup?: (a: string) => number | undefined) => {
  const r = evaluateExpression(e, angle, lookup);
  return r.valid ? roundReb(r.value) : r;
};

describe('free formula (91)', () => {
  it('reads + − * / :, powers, parentheses, decimal comma and point, blanks, the final "="', () => {
    expect(value('(4,25+2,10+4,25)*2,5=')).toBe(26.5);
    expect(value('2 * 3.5 - 1,5 : 3')).toBe(6.5);
    expect(value('2**3**2')).toBe(512); // right-associative
    expect(value('2^-1')).toBe(0.5);
    expect(value('-(1+2)*-2')).toBe(6);
    expect(value('1,5E2')).toBe(150);
  });

  it('angles in gon (2009) or degrees (1979)', () => {
    expect(value('sin(100)')).toBe(1);
    expect(value('cos(200)')).toBe(-1);
    expect(value('tan(50)')).toBe(1);
    expect(value('SIN(90)', 'degree')).toBe(1);
    expect(value('acos(0)')).toBe(100);
    expect(value('acos(0)', 'degree')).toBe(90);
  });

  it('address references recall stored results', () => {
    expect(value('0001A0*2+0001B1', 'gon', (a) => ({ '0001A0': 1.5, '0001B1': 10 })[a])).toBe(13);
  });

  it('errors name the position and the problem', () => {
    expect(evaluateExpression('(2+3*4', 'gon')).toEqual({ valid: false, position: 0, problem: 'an opening parenthesis is not closed' });
    expect(evaluateExpression('2+3)', 'gon')).toEqual({ valid: false, position: 3, problem: 'a closing parenthesis without an opening one' });
    expect(evaluateExpression('sqrt(4)', 'gon')).toMatchObject({ valid: false, position: 0, problem: expect.stringContaining("unknown function 'sqrt'") });
    expect(evaluateExpression('1/0', 'gon')).toMatchObject({ valid: false, position: 1, problem: 'a division by zero' });
    expect(evaluateExpression('0001A0', 'gon')).toMatchObject({ valid: false, problem: 'no stored result at address 0001A0' });
    expect(evaluateExpression('asin(2)', 'gon')).toMatchObject({ valid: false });
    expect(evaluateExpression('=', 'gon')).toMatchObject({ valid: false, problem: 'the expression is empty' });
    expect(evaluateExpression('2+', 'gon')).toMatchObject({ valid: false, position: 2 });
    expect(evaluateExpression('('.repeat(500), 'gon')).toMatchObject({ valid: false });
  });

  it('plain arithmetic is what the project formula grammar reads', () => {
    expect(isPlainArithmetic('(1,5+2)*3/4:2')).toBe(true);
    expect(isPlainArithmetic('2**2')).toBe(false);
    expect(isPlainArithmetic('sin(3)')).toBe(false);
    expect(isPlainArithmetic('0001A0*2')).toBe(false);
  });

  it('rounds half away from zero at three decimals', () => {
    expect(roundReb(2.0045)).toBe(2.005);
    expect(roundReb(-2.0045)).toBe(-2.005);
    expect(roundReb(1.01 * 2.135 * 2)).toBe(4.313);
  });

  it('degrees → gon keeps every value', () => {
    expect(degreesToGon('sin(30)*4')).toBe('sin((30)*10/9)*4');
    expect(degreesToGon('atan(1)+cos(sin(90))')).toBe('(atan(1)*9/10)+cos((sin((90)*10/9))*10/9)');
    for (const e of ['sin(30)*4', 'atan(1)+cos(sin(90)*60)', 'asin(0,5)*2']) expect(value(degreesToGon(e), 'gon')).toBe(value(e, 'degree'));
    expect(degreesToGon('sin(30')).toBe('sin(30');
  });
});

describe('standard formulas', () => {
  const fields = (...raw: string[]) => raw.map((r) => readValueField(r)!);
  it('evaluates 00–05, 20, 30–32 from value fields with three implied decimals', () => {
    expect(evaluateStandard('00', fields('1000', '2500-', '500'), 'gon')).toEqual({ value: -1, arithmetic: '1-2,5+0,5' });
    expect(evaluateStandard('01', fields('4000', '3000'), 'gon')!.value).toBe(6);
    expect(roundReb(evaluateStandard('02', fields('4000', '3000', '100000'), 'gon')!.value)).toBe(6);
    expect(evaluateStandard('03', fields('3000', '4000', '5000'), 'gon')!.value).toBe(6);
    expect(evaluateStandard('04', fields('5200', '2600'), 'gon')).toEqual({ value: expect.closeTo(13.52, 12), arithmetic: '5,2*2,6' });
    expect(evaluateStandard('05', fields('2000', '4000', '1500'), 'gon')!.value).toBe(4.5);
    expect(evaluateStandard('20', fields('3000', '4000'), 'gon')!.value).toBe(5);
    expect(evaluateStandard('30', fields('16000'), 'gon')!.value).toBe(4);
    expect(evaluateStandard('31', fields('1000', '2000'), 'gon')!.value).toBe(1.5);
    expect(roundReb(evaluateStandard('32', fields('3000', '4000'), 'gon')!.value)).toBe(3.536);
  });

  it('value fields: explicit decimals, signs around them, anything else refused', () => {
    expect(readValueField('12,5')).toEqual({ value: 12.5, text: '12,5' });
    expect(readValueField('-250')).toEqual({ value: -0.25, text: '-0,25' });
    expect(readValueField('1x')).toBeUndefined();
  });

  it('unknown numbers, too few values and undefined results give nothing', () => {
    expect(evaluateStandard('16', fields('1000'), 'gon')).toBeUndefined();
    expect(evaluateStandard('05', fields('1000'), 'gon')).toBeUndefined();
    expect(evaluateStandard('03', fields('1000', '1000', '5000'), 'gon')).toBeUndefined();
    expect(evaluateStandard('30', fields('-1000'), 'gon')).toBeUndefined();
  });
});

describe('content detection', () => {
  it('sends an X31 take-off to reb, not gaeb, when the built-in plugins are asked in route order (the CLI)', () => {
    const detecting = (bytes: Buffer) => builtinFormatPlugins.filter((p) => p.reader?.detect?.(bytes.subarray(0, 8192))).map((p) => p.id);
    expect(detecting(fixture('musterbau-3.3.X31'))).toEqual(['reb']);
    expect(detecting(fixture('musterbau-3.2.X31'))).toEqual(['reb']);
    expect(detecting(fixture('musterbau-2009.d11'))).toEqual(['reb']);
  });

  it('recognises DA11 2009, DA11 1979 and X31, and nothing else', () => {
    expect(detectReb(fixture('musterbau-2009.d11'))).toBe(true);
    expect(detectReb(fixture('strasse-1979.d11'))).toBe(true);
    expect(detectReb(fixture('musterbau-3.3.X31'))).toBe(true);
    expect(detectReb(Buffer.from('<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"/>'))).toBe(false);
    expect(detectReb(Buffer.from(`00${' '.repeat(72)}000001\r\n`))).toBe(false);
    expect(detectReb(Buffer.from('A000001 451-92\r\n'))).toBe(false);
    expect(detectReb(da11Bytes([`${line('01010010 ', { fn: '91', body: '1=', addr: '0001A0' })}XX`]))).toBe(false);
    expect(detectReb(da11Bytes([header()]))).toBe(true);
  });
});
