/**
 * Bad input never fails with a 5xx on the routes from `reb`: our DA11 and X31 fixtures, damaged by seeded random
 * byte mutations (`mutateBytes`), go through the conversion service as the route runs them (reb → ava, reb →
 * gaeb); each either converts or is refused with a GatewayError of status 4xx raised by the reader or writer. The
 * DA11 fixtures with their records shifted, cut and overwritten (`mutateRecords`) go to every target from `reb`.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../core/options/resolve.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { rebPlugin } from '../../plugins/reb/index.js';
import { convertMutatedInputs, convertMutations, everyRouteFrom } from '../support/mutations.js';
import { mutateRecords } from '../support/random.js';
import { fixture } from './support.js';

const registry = new FormatRegistry([rebPlugin, gaebPlugin, avaPlugin]);

describe('mutated input on the routes from reb', () => {
  it.each(['musterbau-2009.d11', 'strasse-1979.d11', 'musterbau-3.3.X31'])('%s: 100 mutations convert or are refused with 4xx, never 5xx', async (file) => {
    const run = await convertMutations(fixture(file), file, 20261125 + file.length, 100, (n) => {
      const route = registry.route('reb', n % 2 === 0 ? 'ava' : 'gaeb');
      return { route, options: resolveOptions(route.options, {}) };
    });
    expect(run.crashes).toEqual([]);
    expect(run.converted).toBeGreaterThan(0);
  });
});

describe('DA11 records shifted, cut and overwritten, to every target from reb', () => {

  it.each(['musterbau-2009.d11', 'strasse-1979.d11'])('%s: 100 record mutations convert or are refused with 4xx, never 5xx', async (file) => {
    const source = fixture(file);
    const run = await convertMutatedInputs(20261127 + file.length, 100, (next) => ({ bytes: mutateRecords(source, next), fileName: file }), everyRouteFrom('reb'));
    expect(run.crashes).toEqual([]);
    expect(run.converted).toBeGreaterThan(0);
    expect(run.refused).toBeGreaterThan(0);
  });
});
