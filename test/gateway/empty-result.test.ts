/**
 * "No empty success" over the HTTP routes (issue 10): no reader — ava, GAEB DA XML, GAEB 2000, GAEB 90, a
 * customer plugin — answers 200 with an empty project for non-empty input; it is a 400 GW_ERR_PARSE naming the
 * problem. A JSON body that itself states its (empty) `serviceSpecifications` is the caller's own model and converts.
 * Also: a DA XML file with a DOCTYPE is refused saying why (issue 10 item 5).
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, testApp } from '../support/app.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const CSV_PLUGIN = here('../fixtures/customer-plugin/lv-csv.mjs');
const X86 = readFileSync(here('../fixtures/gaeb/award-v33-lots.x86'));
const D83 = readFileSync(here('../fixtures/gaeb90/schulhof.d83'));
const P83 = readFileSync(here('../fixtures/gaeb2000/features.P83'));

/** A GAEB 90 file of the fixture's header records (00–09) and end record 99, without a BoQ record or text. */
const d83HeaderOnly = (): Buffer => {
  const lines = D83.toString('latin1').split(/\r?\n/).filter((l) => /^(0\d|99)/.test(l));
  return Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
};

const EMPTY_INPUTS: { name: string; url: string; field: string; file: string; data: Buffer }[] = [
  {
    name: 'GAEB DA XML with an Award but no BoQ',
    url: '/conversion/gaeb/ava', field: 'gaebFile', file: 'empty.X83',
    data: Buffer.from('<?xml version="1.0" encoding="utf-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo><PrjInfo><NamePrj>P</NamePrj></PrjInfo><Award><DP>83</DP></Award></GAEB>'),
  },
  {
    name: 'GAEB 2000 with only GAEBINFO and PrjInfo',
    url: '/conversion/gaeb/ava', field: 'gaebFile', file: 'empty.P83',
    data: Buffer.from('#begin[GAEB]\r\n #begin[GAEBINFO]\r\n  [Version]1.2[end]\r\n #end[GAEBINFO]\r\n #begin[PrjInfo]\r\n  [Name]P-17[end]\r\n #end[PrjInfo]\r\n#end[GAEB]\r\n', 'latin1'),
  },
  { name: 'GAEB 90 with header records only', url: '/conversion/gaeb/ava', field: 'gaebFile', file: 'empty.D83', data: d83HeaderOnly() },
  { name: 'customer CSV with the header line only', url: '/conversion/lv-csv/ava', field: 'csvFile', file: 'empty.csv', data: Buffer.from('itemNumber;shortText;quantity;unit;unitPrice\n') },
];

describe('no reader answers 200 with an empty project', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ plugins: [CSV_PLUGIN], auth: { requireTokenForConversions: false } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('the non-empty counterparts convert (the routes work)', async () => {
    for (const [url, field, file, data] of [
      ['/conversion/gaeb/ava', 'gaebFile', 'a.X86', X86], ['/conversion/gaeb/ava', 'gaebFile', 'a.D83', D83],
      ['/conversion/gaeb/ava', 'gaebFile', 'a.P83', P83],
      ['/conversion/lv-csv/ava', 'csvFile', 'a.csv', Buffer.from('itemNumber;shortText;quantity;unit;unitPrice\n01.0010;Aushub;3;m3;12.5\n')],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, ...multipartBody(field, file, data) });
      expect(res.statusCode, `${file}: ${res.body}`).toBe(200);
    }
  });

  for (const input of EMPTY_INPUTS) {
    it(`${input.name}: 400 GW_ERR_PARSE naming the problem`, async () => {
      const res = await app.inject({ method: 'POST', url: input.url, ...multipartBody(input.field, input.file, input.data) });
      expect(res.statusCode, res.body).toBe(400);
      const problem = res.json();
      expect(problem.code).toBe('GW_ERR_PARSE');
      expect(Object.values(problem.errors as Record<string, string[]>).flat().join(' ')).toMatch(/holds no BoQ content|no BoQ/i);
    });
  }

  it('ava: a JSON body without any element is a 400; one stating its (empty) service specifications converts', async () => {
    const empty = await app.inject({ method: 'POST', url: '/conversion/ava/ava', payload: { projectInformation: { name: 'P' } } });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'GW_ERR_PARSE', errors: { avaProject: [expect.stringContaining('holds no BoQ content')] } });
    for (const payload of [{ serviceSpecifications: [{ name: 'LV', elements: [] }] }, { serviceSpecifications: [] }]) {
      const declared = await app.inject({ method: 'POST', url: '/conversion/ava/ava', payload });
      expect(declared.statusCode, declared.body).toBe(200);
    }
  });

  it('a DA XML file with a DOCTYPE is refused saying DOCTYPE declarations are not accepted, and why', async () => {
    const body = X86.toString('utf8').replace('<GAEB ', '<!DOCTYPE GAEB [ <!ENTITY lol "lol"> <!ENTITY lol2 "&lol;&lol;"> ]>\n<GAEB ');
    for (const data of [body, X86.toString('utf8').replace('<GAEB ', '<!DOCTYPE GAEB SYSTEM "gaeb.dtd">\n<GAEB ')]) {
      const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'dtd.X86', data) });
      expect(res.statusCode).toBe(400);
      const text: string = res.json().errors.gaebFile[0];
      expect(text).toContain('document type declaration (<!DOCTYPE …>), which is not accepted');
      expect(text).toContain('XML external entity (XXE)');
      expect(text).not.toContain('Expected a GAEB file');
    }
  });
});
