/**
 * The README's "Format plugins" section followed by a third party: a plugin module written outside the repository
 * (a temporary folder), named by a relative path in a configuration file, loaded as `npm start` loads it. Its routes
 * reach the matrix and the OpenAPI document with operation ids a client generator can use, its options are
 * declared once per route and checked, and a conversion runs through it on the worker threads.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { GatewayError } from '../../core/errors.js';
import { assertFormatPlugin } from '../../core/plugin/load.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { buildApp } from '../../gateway/app.js';
import { createConversionContainer, createGatewayContainer } from '../../gateway/composition-root.js';
import { multipartBody } from '../support/app.js';

/** Tab-separated lines "itemNumber, shortText, quantity, unit, unitPrice", as a customer would write it. */
const PLUGIN = `
export default {
  id: 'acme-tsv', name: 'ACME TSV', version: '0.1.0', apiVersion: '^1.1.0', inputField: 'tsvFile',
  messages: { ACMETSV_LINE_SKIPPED: { severity: 'warning', meaning: 'A line with fewer than five fields was skipped.' } },
  reader: {
    optionGroups: ['L'],
    options: [{ name: 'SkipFirstLine', type: 'boolean', default: false, description: 'When true, the first line names the fields.' }],
    read(input, options, ctx) {
      const lines = input.bytes.toString('utf8').split(/\\r?\\n/).filter(Boolean);
      if (options.SkipFirstLine) lines.shift();
      const elements = [];
      for (const line of lines) {
        const f = line.split('\\t');
        if (f.length < 5) { ctx.report({ code: 'ACMETSV_LINE_SKIPPED', severity: 'warning', source: 'acme-tsv', message: 'short line' }); continue; }
        elements.push({ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: f[0] }, shortText: f[1],
          quantityOverride: Number(f[2]), unitTag: f[3], unitPriceOverride: Number(f[4]) });
      }
      return { serviceSpecifications: [{ elements }] };
    },
  },
  writer: {
    optionGroups: ['X'],
    options: [{ name: 'DecimalMark', type: 'string', default: 'Point', enum: ['Point', 'Comma'], description: 'The decimal mark.' }],
    output: { mediaType: 'text/tab-separated-values' },
    write(project, options) {
      const rows = [];
      const price = (n) => (options.DecimalMark === 'Comma' ? String(n).replace('.', ',') : String(n));
      const walk = (els) => { for (const e of els ?? []) { if (e.elementTypeDiscriminator === 'PositionDto') rows.push([e.itemNumber?.stringRepresentation, e.shortText, price(e.totalPrice)].join('\\t')); walk(e.elements); } };
      for (const s of project.serviceSpecifications ?? []) walk(s.elements);
      return { data: Buffer.from(rows.join('\\n') + '\\n'), contentType: 'text/tab-separated-values', fileExtension: '.tsv' };
    },
  },
};
`;
const TSV = 'itemNumber\tshortText\tquantity\tunit\tunitPrice\n01.0010\tConcrete wall\t10\tm2\t8.05\nshort line\n';

let dir: string;
let app: FastifyInstance;
let doc: { paths: Record<string, { post: { operationId: string; parameters: Array<{ name: string }>; responses: Record<string, { content?: object }> } }> };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'acme-plugin-'));
  writeFileSync(join(dir, 'acme-tsv.mjs'), PLUGIN);
  writeFileSync(join(dir, 'gateway.json'), JSON.stringify({ plugins: ['./acme-tsv.mjs'], logLevel: 'silent', auth: { requireTokenForConversions: false } }));
  // as gateway/server.ts starts the gateway: GATEWAY_CONFIG, relative plugin paths against the file's folder
  const config = loadConfig({ GATEWAY_CONFIG: join(dir, 'gateway.json') }, { pool: { threads: 1 } });
  app = await buildApp({ container: await createGatewayContainer(config, { pluginBaseDir: dir }), pluginBaseDir: dir, logger: false });
  doc = (await app.inject('/swagger/v1/swagger.json')).json();
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const convert = (url: string) => app.inject({ method: 'POST', url, ...multipartBody('tsvFile', 'lv.tsv', TSV) });

describe('a third-party format plugin configured as the README says', () => {
  it('gets routes from and to every installed format, in the OpenAPI document', () => {
    const paths = Object.keys(doc.paths).filter((p) => p.includes('acme-tsv'));
    expect(paths).toEqual(expect.arrayContaining(['/conversion/acme-tsv/ava', '/conversion/acme-tsv/gaeb', '/conversion/acme-tsv/acme-tsv', '/conversion/ava/acme-tsv', '/conversion/gaeb/acme-tsv']));
    expect(doc.paths['/conversion/acme-tsv/acme-tsv'].post.responses['200'].content).toEqual({ 'text/tab-separated-values': { schema: {} } });
  });

  it('whose operation ids are identifiers, like the seed\'s <Source>Conversion_ConvertTo<Target>', () => {
    expect(doc.paths['/conversion/acme-tsv/ava'].post.operationId).toBe('AcmeTsvConversion_ConvertToAva');
    expect(doc.paths['/conversion/gaeb/acme-tsv'].post.operationId).toBe('GaebConversion_ConvertToAcmeTsv');
    for (const [path, item] of Object.entries(doc.paths)) {
      if (path.startsWith('/conversion/')) expect(item.post.operationId, path).toMatch(/^[A-Z][A-Za-z0-9_]*Conversion_ConvertTo[A-Z][A-Za-z0-9_]*$/);
    }
  });

  it('declares each option of a route once: the groups\', then the reader\'s, then the writer\'s', () => {
    const names = doc.paths['/conversion/acme-tsv/acme-tsv'].post.parameters.map((p) => p.name);
    expect(names).toEqual(['RemovePlainTextLongTexts', 'RemoveHtmlLongTexts', 'WritePrices', 'WriteLongTexts', 'ConversionCulture', 'SkipFirstLine', 'DecimalMark']);
  });

  it('converts through it on the worker threads, its options parsed like the catalogue\'s', async () => {
    const res = await convert('/conversion/acme-tsv/acme-tsv?skipfirstline=TRUE&decimalmark=comma');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/tab-separated-values');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="lv.tsv"; filename*=UTF-8''lv.tsv`);
    expect(res.headers['x-conversion-messages']).toBe('1');
    expect(res.body).toBe('01.0010\tConcrete wall\t80,5\n');
    const bad = await convert('/conversion/acme-tsv/acme-tsv?DecimalMark=Dot');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ DecimalMark: ['The value "Dot" is not valid for DecimalMark; allowed: Point, Comma.'] });
  });
});

describe('a plugin filling a format slot of the interface', () => {
  const aslv = (inputField: string) => ({
    id: 'aslv', name: 'ASLV', version: '1.0.0', apiVersion: '^1.0.0', inputField,
    reader: { optionGroups: [], read: () => ({ serviceSpecifications: [] }) },
  });

  it('must read the field the interface names (aslvFile), or its clients cannot reach it', async () => {
    expect(() => assertFormatPlugin(aslv('file'), './aslv.mjs')).toThrow(GatewayError);
    expect(() => assertFormatPlugin(aslv('file'), './aslv.mjs')).toThrow(/fills the ASLV slot .* declare inputField 'aslvFile' \(not inputField "file"\)/);
    const registry = (await createConversionContainer(loadConfig({}, {}))).resolve(FormatRegistry);
    expect(registry.routes.some((r) => r.source.id === 'aslv')).toBe(false);
    expect(assertFormatPlugin(aslv('aslvFile'), './aslv.mjs').inputField).toBe('aslvFile');
  });
});
