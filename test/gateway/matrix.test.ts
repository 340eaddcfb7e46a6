import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { FORMAT_SLOTS } from '../../core/plugin/slots.js';
import { parseSeedMatrix, SEED_MATRIX } from '../support/seed-matrix.js';
import { multipartBody, testApp } from '../support/app.js';

const ASLV_FIXTURE = fileURLToPath(new URL('../fixtures/aslv-plugin/aslv.mjs', import.meta.url));

/** The generated routes (pair → option groups) of a configuration. */
async function generatedRoutes(plugins: string[] = []) {
  const container = await createGatewayContainer(loadConfig({}, { logLevel: 'silent', plugins }));
  const registry = container.resolve(FormatRegistry);
  return { registry, routes: new Map(registry.routes.map((r) => [`${r.source.id}/${r.target.id}`, r.optionGroups])) };
}

describe('route matrix', () => {
  it('the embedded seed table equals the seed document, cell by cell', () => {
    const parsed = parseSeedMatrix();
    if (!parsed) {
      console.warn('seed document not found: compared against the embedded table only');
      return;
    }
    expect(parsed).toEqual(SEED_MATRIX);
  });

  it('generated from the installed plugins, equals the seed table for every installed plugin', async () => {
    const container = await createGatewayContainer(loadConfig({}, { logLevel: 'silent' }));
    const registry = container.resolve(FormatRegistry);
    const installed = new Set(registry.plugins.map((p) => p.id));
    expect([...installed].sort()).toEqual(['ava', 'excel', 'gaeb', 'oenorm', 'reb', 'sia']);
    // Every seed row but the aslv slot is installed: the whole table is generated.
    expect(SEED_MATRIX.filter((row) => !installed.has(row.source)).map((row) => row.source)).toEqual(FORMAT_SLOTS.map((slot) => slot.id));
    // A route needs the source's reader and the target's writer (sia's writer accepts ava only).
    const writers = new Set(registry.plugins.filter((p) => p.writer).map((p) => p.id));

    const generated = new Map(registry.routes.map((r) => [`${r.source.id}/${r.target.id}`, r.optionGroups]));
    const expected = new Map<string, string[]>();
    for (const row of SEED_MATRIX) {
      if (!installed.has(row.source)) continue;
      expect(registry.plugin(row.source)!.inputField ?? registry.plugin(row.source)!.bodyParameter).toBe(row.inputParameter);
      for (const [target, groups] of Object.entries(row.targets)) {
        if (writers.has(target)) expected.set(`${row.source}/${target}`, groups);
      }
    }
    expect(new Set(generated.keys())).toEqual(new Set(expected.keys()));
    for (const [pair, groups] of expected) expect(generated.get(pair), pair).toEqual(groups);
  });

  it('names operations <Source>Conversion_ConvertTo<Target>', async () => {
    const container = await createGatewayContainer(loadConfig({}, { logLevel: 'silent' }));
    const ids = container.resolve(FormatRegistry).routes.map((r) => r.operationId).sort();
    expect(ids).toEqual([
      'AvaConversion_ConvertToAva', 'AvaConversion_ConvertToExcel', 'AvaConversion_ConvertToGaeb', 'AvaConversion_ConvertToOenorm', 'AvaConversion_ConvertToReb', 'AvaConversion_ConvertToSia',
      'ExcelConversion_ConvertToAva', 'ExcelConversion_ConvertToExcel', 'ExcelConversion_ConvertToGaeb', 'ExcelConversion_ConvertToOenorm',
      'GaebConversion_ConvertToAva', 'GaebConversion_ConvertToExcel', 'GaebConversion_ConvertToGaeb', 'GaebConversion_ConvertToOenorm',
      'OenormConversion_ConvertToAva', 'OenormConversion_ConvertToExcel', 'OenormConversion_ConvertToGaeb', 'OenormConversion_ConvertToOenorm',
      'RebConversion_ConvertToAva', 'RebConversion_ConvertToExcel', 'RebConversion_ConvertToGaeb', 'RebConversion_ConvertToOenorm',
      'SiaConversion_ConvertToAva', 'SiaConversion_ConvertToExcel', 'SiaConversion_ConvertToGaeb', 'SiaConversion_ConvertToOenorm',
    ]);
  });

  it('gives two containers independent registries', async () => {
    const a = await createGatewayContainer(loadConfig({}, { logLevel: 'silent' }));
    const b = await createGatewayContainer(loadConfig({}, { logLevel: 'silent' }));
    expect(a.resolve(FormatRegistry)).toBe(a.resolve(FormatRegistry));
    expect(a.resolve(FormatRegistry)).not.toBe(b.resolve(FormatRegistry));
  });

  it('the sia and reb rows and the ava → sia / ava → reb cells equal the seed exactly', async () => {
    const { routes } = await generatedRoutes();
    for (const source of ['sia', 'reb']) {
      const row = SEED_MATRIX.find((r) => r.source === source)!;
      const generated = Object.fromEntries([...routes].filter(([pair]) => pair.startsWith(`${source}/`)).map(([pair, g]) => [pair.split('/')[1], g]));
      expect(generated, source).toEqual(row.targets);
    }
    expect(routes.get('ava/reb')).toEqual(['A']);
    expect(routes.get('ava/sia')).toEqual(['A']);
    expect([...routes.keys()].filter((pair) => pair.endsWith('/reb') || pair.endsWith('/sia')).sort()).toEqual(['ava/reb', 'ava/sia']);
  });
});

describe('the aslv slot', () => {
  it('with a customer plugin aslv/aslvFile configured, its routes are the seed row, cell by cell', async () => {
    const { registry, routes } = await generatedRoutes([ASLV_FIXTURE]);
    const row = SEED_MATRIX.find((r) => r.source === 'aslv')!;
    expect(registry.plugin('aslv')!.inputField).toBe(row.inputParameter);
    const generated = Object.fromEntries([...routes].filter(([pair]) => pair.startsWith('aslv/')).map(([pair, g]) => [pair.split('/')[1], g]));
    expect(Object.keys(generated)).toEqual(Object.keys(row.targets));
    for (const [target, groups] of Object.entries(row.targets)) expect(generated[target], target).toEqual(groups);
    expect(FORMAT_SLOTS.find((s) => s.id === 'aslv')!.targets).toEqual(Object.keys(row.targets));
  });

  describe('over HTTP', () => {
    let open: FastifyInstance;
    let filled: FastifyInstance;
    beforeAll(async () => {
      open = await testApp({ auth: { requireTokenForConversions: false } });
      filled = await testApp({ plugins: [ASLV_FIXTURE], auth: { requireTokenForConversions: false } });
    });
    afterAll(async () => {
      await open.close();
      await filled.close();
    });
    const post = (app: FastifyInstance, target: string) =>
      app.inject({ method: 'POST', url: `/conversion/aslv/${target}`, ...multipartBody('aslvFile', 'lv.aslv', '01.0010;Wall;12.5;m2\n') });

    it('without the plugin, every seed route answers 400 GW_ERR_UNSUPPORTED_FORMAT naming the contract; other targets 404', async () => {
      for (const target of ['ava', 'gaeb', 'excel', 'oenorm']) {
        const res = await post(open, target);
        expect(res.statusCode, target).toBe(400);
        const body = res.json();
        expect(body.code).toBe('GW_ERR_UNSUPPORTED_FORMAT');
        expect(body.errors.aslvFile[0]).toContain('customer format plugin with id "aslv" and input field "aslvFile"');
        expect(body.errors.aslvFile[0]).toMatch(/contract \^1\.\d+\.\d+/);
      }
      expect((await post(open, 'reb')).statusCode).toBe(404);
      const doc = (await open.inject('/swagger/v1/swagger.json')).json();
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/conversion/aslv/'))).toEqual([]);
    });

    it('with the plugin, the routes convert', async () => {
      const res = await post(filled, 'ava');
      expect(res.statusCode).toBe(200);
      const position = res.json().serviceSpecifications[0].elements[0];
      expect(position).toMatchObject({ itemNumber: { stringRepresentation: '01.0010' }, shortText: 'Wall', quantity: 12.5, unitTag: 'm2' });
      expect((await post(filled, 'gaeb')).statusCode).toBe(200);
    });
  });
});
