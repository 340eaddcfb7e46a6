import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { parseSeedMatrix, SEED_MATRIX } from '../support/seed-matrix.js';

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
    expect([...installed].sort()).toEqual(['ava', 'excel', 'gaeb', 'oenorm', 'sia']);
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
      'AvaConversion_ConvertToAva', 'AvaConversion_ConvertToExcel', 'AvaConversion_ConvertToGaeb', 'AvaConversion_ConvertToOenorm', 'AvaConversion_ConvertToSia',
      'ExcelConversion_ConvertToAva', 'ExcelConversion_ConvertToExcel', 'ExcelConversion_ConvertToGaeb', 'ExcelConversion_ConvertToOenorm',
      'GaebConversion_ConvertToAva', 'GaebConversion_ConvertToExcel', 'GaebConversion_ConvertToGaeb', 'GaebConversion_ConvertToOenorm',
      'OenormConversion_ConvertToAva', 'OenormConversion_ConvertToExcel', 'OenormConversion_ConvertToGaeb', 'OenormConversion_ConvertToOenorm',
      'SiaConversion_ConvertToAva', 'SiaConversion_ConvertToExcel', 'SiaConversion_ConvertToGaeb', 'SiaConversion_ConvertToOenorm',
    ]);
  });

  it('gives two containers independent registries', async () => {
    const a = await createGatewayContainer(loadConfig({}, { logLevel: 'silent' }));
    const b = await createGatewayContainer(loadConfig({}, { logLevel: 'silent' }));
    expect(a.resolve(FormatRegistry)).toBe(a.resolve(FormatRegistry));
    expect(a.resolve(FormatRegistry)).not.toBe(b.resolve(FormatRegistry));
  });
});
