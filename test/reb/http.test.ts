/**
 * The `reb` plugin over HTTP: reb → ava (DA11 and X31), reb → gaeb, ava → reb with DestinationRebType and
 * LastRowAddress, and bad input per format answering 400 naming the problem, or a message — never a 5xx.
 */
import 'reflect-metadata';
import iconv from 'iconv-lite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClientToken, postFile, testApp } from '../support/app.js';
import { da11Bytes, fixture, header, line } from './support.js';

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await testApp();
  token = await localClientToken(app);
});
afterAll(() => app.close());

const post = (url: string, data: Buffer | string) => postFile(app, token, url, 'rebFile', 'aufmass.d11', data);
const postProject = (url: string, project: unknown) =>
  app.inject({ method: 'POST', url, payload: project as object, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
const messageCodes = (res: { headers: Record<string, unknown>; json(): { conversionMessages?: { code: string }[] } }) => (res.json().conversionMessages ?? []).map((m) => m.code);

describe('POST /conversion/reb/* and /conversion/ava/reb', () => {
  it('reb → ava → reb: the DA11 file comes back; X31 on request, continuing after LastRowAddress', async () => {
    const res = await post('/conversion/reb/ava', fixture('musterbau-2009.d11'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const project = res.json();
    expect(project.serviceSpecifications[0].elements[0].elements[0].elements[0].quantity).toBe(26.5);
    expect(messageCodes(res)).toContain('REB_SKELETON_PROJECT');
    const d11 = await postProject('/conversion/ava/reb', project);
    expect(d11.statusCode, d11.body.slice(0, 300)).toBe(200);
    expect(d11.headers['content-disposition']).toContain('.d11');
    expect(d11.rawPayload.equals(fixture('musterbau-2009.d11'))).toBe(true);
    const x31 = await postProject('/conversion/ava/reb?DestinationRebType=X31GaebXmlV33&LastRowAddress=0100A0', project);
    expect(x31.statusCode).toBe(200);
    expect(x31.headers['content-type']).toContain('application/xml');
    expect(x31.body).toContain('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA31/3.3">');
    expect(x31.body).toMatch(/Row="[^"]*0100B0 {5}"/);
    expect(x31.body).not.toContain('0001A0');
  });

  it('reb (X31) → ava and reb → gaeb', async () => {
    const x31 = await post('/conversion/reb/ava', fixture('musterbau-3.2.X31'));
    expect(x31.statusCode, x31.body.slice(0, 300)).toBe(200);
    expect(x31.json().serviceSpecifications[0].originDetail).toBe('GAEB DA XML X31 3.2 REB23003-2009');
    const gaeb = await post('/conversion/reb/gaeb?DestinationGaebType=GaebXml_V3_3&ExportQuantityDetermination=true', fixture('musterbau-2009.d11'));
    expect(gaeb.statusCode, gaeb.body.slice(0, 300)).toBe(200);
    expect(gaeb.body).toContain('QTakeoff');
  });

  it('reb → excel, oenorm and gaeb (defaults) convert the skeleton project', async () => {
    for (const target of ['excel', 'gaeb']) {
      const res = await post(`/conversion/reb/${target}`, fixture('musterbau-2009.d11'));
      expect(res.statusCode, `${target}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(0);
    }
    // ÖNORM numbers LG.ULG.GT with two characters each: a take-off numbered so converts, 0010 answers 400 naming it
    const short = await post('/conversion/reb/oenorm', da11Bytes([header('1122PP000'), line('010102000', { fn: '91', body: '2*3=', addr: '0001A0' }), '99'.padEnd(80)]));
    expect(short.statusCode, short.body.slice(0, 300)).toBe(200);
    const long = await post('/conversion/reb/oenorm', fixture('musterbau-2009.d11'));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'GW_ERR_TARGET_CONSTRAINT', errors: { '01.01.0010': [expect.any(String)] } });
  });

  it('option values REB does not know answer 400 GW_ERR_OPTION naming the option', async () => {
    const project = { serviceSpecifications: [{ elements: [] }] };
    const type = await postProject('/conversion/ava/reb?DestinationRebType=D12', project);
    expect(type.statusCode).toBe(400);
    expect(type.json()).toMatchObject({ code: 'GW_ERR_OPTION', errors: { DestinationRebType: [expect.stringContaining('D11, X31GaebXmlV32, X31GaebXmlV33')] } });
    const address = await postProject('/conversion/ava/reb?LastRowAddress=ZZZ', project);
    expect(address.statusCode).toBe(400);
    expect(address.json()).toMatchObject({ code: 'GW_ERR_OPTION', errors: { LastRowAddress: [expect.stringContaining('ZZZ')] } });
  });
});

describe('bad REB input', () => {
  const refused: [string, Buffer | string, string][] = [
    ['a GAEB DA XML X83 file', '<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo/></GAEB>', 'GAEB DA XML document of phase 83'],
    ['a GAEB 90 file', '00                                                                        000001\r\n', 'Expected a REB DA11 file'],
    ['a DA11 line over 80 columns', da11Bytes([header(), `${line('01010010 ', { fn: '91', body: '1=', addr: '0001A0' })}X`]), 'Line 2 of the DA11 file has 81 columns'],
    ['a file cut after its header', da11Bytes([header()]), 'truncated'],
    ['a header with a broken OZ mask', da11Bytes([header('12P1'), '99'.padEnd(80)]), "OZ mask '12P1'"],
    ['malformed X31', '<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA31/3.3"><QtyDeterm>', 'not well-formed XML'],
    ['X31 with a DOCTYPE', '<?xml version="1.0"?><!DOCTYPE GAEB [<!ENTITY x "y">]><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA31/3.3"/>', 'DOCTYPE'],
  ];
  for (const [what, data, says] of refused) {
    it(`${what}: 400 GW_ERR_PARSE naming it`, async () => {
      const res = await post('/conversion/reb/ava', data);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json().code).toBe('GW_ERR_PARSE');
      expect(res.json().errors.rebFile[0]).toContain(says);
    });
  }

  it('a truncated file (last line cut, no 99): read with messages', async () => {
    const bytes = fixture('musterbau-2009.d11');
    const res = await post('/conversion/reb/ava', bytes.subarray(0, bytes.length - 82 - 82 - 40));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(messageCodes(res)).toEqual(expect.arrayContaining(['REB_END_RECORD_MISSING']));
  });

  it('a UTF-8 or Windows-1252 file (wrong code page): read in that code page, reported', async () => {
    const text = [header('1122PPPPI', 'Gebäude'), line('01010010 ', { expl: 'Tür', fn: '91', body: '2=', addr: '0001A0' }), '99'.padEnd(80)].join('\r\n');
    for (const encoding of ['utf8', 'windows-1252']) {
      const res = await post('/conversion/reb/ava', iconv.encode(text, encoding));
      expect(res.statusCode, encoding).toBe(200);
      expect(messageCodes(res)).toContain('REB_CODE_PAGE');
      expect(res.json().serviceSpecifications[0].name).toBe('Gebäude');
      expect(res.json().serviceSpecifications[0].elements[0].elements[0].elements[0].quantityComponents[0].description).toBe('Tür');
    }
  });

  it('unbalanced parentheses: a message, the line invalid, the rest read', async () => {
    const res = await post('/conversion/reb/ava', da11Bytes([header(), line('01010010 ', { fn: '91', body: '((1+2)*3=', addr: '0001A0' }), '99'.padEnd(80)]));
    expect(res.statusCode).toBe(200);
    expect(messageCodes(res)).toContain('REB_FORMULA_NOT_EVALUATED');
    expect(res.json().serviceSpecifications[0].elements[0].elements[0].elements[0].quantityComponents[0]).toMatchObject({ formula: '((1+2)*3', valid: false });
  });
});
