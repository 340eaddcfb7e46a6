/** Bad SIA 451 input: a 400 naming the problem, or a message; never a crash. */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { fixture, read, siaBytes } from './support.js';

const records = (): string[] => iconv.decode(fixture('schulhaus.01s'), 'cp850').split('\r\n').filter((l) => l !== '');

function parseFailure(bytes: Buffer): GatewayError {
  try {
    read(bytes);
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).code).toBe('GW_ERR_PARSE');
    expect((err as GatewayError).statusCode).toBe(400);
    return err as GatewayError;
  }
  throw new Error('expected a parse error');
}

describe('SIA 451 bad input', () => {
  it('refuses an empty file', () => {
    expect(parseFailure(Buffer.alloc(0)).message).toMatch(/empty/);
  });

  it('refuses a GAEB file sent as siaFile, naming it', () => {
    const xml = Buffer.from('<?xml version="1.0" encoding="utf-8"?>\n<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"></GAEB>');
    expect(parseFailure(xml).message).toMatch(/GAEB DA XML file; send it as gaebFile/);
    expect(parseFailure(Buffer.from('#begin[GAEB]\r\n#begin[GAEBInfo]\r\n')).message).toMatch(/GAEB 2000/);
    expect(parseFailure(fixture('../gaeb90/schulhof.d83')).message).toMatch(/GAEB 90 file; send it as gaebFile/);
  });

  it('refuses a UTF-8 or Windows-1252 file (wrong code page)', () => {
    const utf8 = Buffer.from(`${records().join('\r\n')}\r\n`, 'utf8');
    expect(parseFailure(utf8).message).toMatch(/UTF-8.*CP850/);
    const ansi = iconv.encode(`${records().join('\r\n')}\r\n`, 'windows-1252');
    expect(parseFailure(ansi).message).toMatch(/Windows-1252.*CP850/);
  });

  it('reads a CP850 file whose only non-ASCII characters are cubic units (m³ is 0xFC, Windows-1252 ü)', () => {
    const lines = records().map((l) => l.replace(/ä/g, 'a').replace(/ü/g, 'u').replace('Tiefe m bis 3,0.', 'Tiefe 2 m³/m bis 3,0.'));
    const bytes = iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp850');
    expect([...bytes].filter((b) => b >= 0x80)).toEqual([0xfc]);
    expect(read(bytes).position('211.111100')?.htmlLongText).toContain('Tiefe 2 m³/m bis 3,0.');
    // the same file in Windows-1252 with one German umlaut after m ('mü' before a letter) is refused
    const ansi = iconv.encode(`${lines.join('\r\n').replace('Baugruben und Erdbau', 'Baugruben und Gemüse')}\r\n`, 'windows-1252');
    expect(parseFailure(ansi).message).toMatch(/Windows-1252.*CP850/);
  });

  it('reads a number with quantity records but no unit record as a position', () => {
    const lines = records().filter((l) => !l.startsWith('G211   200001                            5'));
    lines[lines.length - 1] = lines[lines.length - 1].replace('0000000000032', '0000000000031');
    const r = read(siaBytes(lines));
    expect(r.messages).toEqual([]);
    expect(r.position('211.200001')).toMatchObject({ quantity: 12, unitTag: '' });
  });

  it('refuses truncated records and a file cut before its Z trailer', () => {
    const lines = records();
    expect(parseFailure(siaBytes(lines.slice(0, 20))).message).toMatch(/truncated: its last record \(line 20\) is not the Z trailer/);
    const cut = [...lines];
    cut[10] = cut[10].slice(0, 30);
    expect(parseFailure(siaBytes(cut)).message).toMatch(/truncated: the G record on line 11 ends at column 30, before its record type \(column 42\)/);
  });

  it('refuses a file whose first record is not the A header', () => {
    expect(parseFailure(siaBytes(records().slice(1))).message).toMatch(/found a line starting 'B002/);
  });

  it('checks the Z record count: a wrong count is a warning', () => {
    const lines = records();
    const r = read(siaBytes([...lines.slice(0, 12), ...lines.slice(13)]));
    expect(r.messages).toEqual([
      expect.objectContaining({ code: 'SIA_RECORD_COUNT_MISMATCH', severity: 'warning', message: 'The Z trailer states 32 records, the file holds 31 (A and Z included).' }),
    ]);
  });

  it('reports a quantity that is not digits and reserve records, and reads on', () => {
    const lines = records();
    const i = lines.findIndex((l) => l.startsWith('G211   112101    01Haus'));
    lines[i] = `${lines[i].slice(0, 45)}00000008x250${lines[i].slice(57)}`;
    lines.splice(lines.length - 1, 0, 'U001');
    lines[lines.length - 1] = lines[lines.length - 1].replace('0000000000032', '0000000000033');
    const r = read(siaBytes(lines));
    expect(r.messages.map((m) => [m.code, m.severity, m.itemNumber])).toEqual([
      ['SIA_RECORD_DROPPED', 'info', undefined],
      ['SIA_INVALID_NUMBER', 'warning', '211.112101'],
    ]);
    expect(r.position('211.112101').quantity).toBe(0);
  });
});
