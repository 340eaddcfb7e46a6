/**
 * Bad input never fails with a 5xx on the routes from `reb`: our DA11 and X31 fixtures, damaged by seeded random
 * byte mutations (`mutateBytes`), go through the conversion service as the route runs them (reb → ava, reb →
 * gaeb); each either converts or is refused with a GatewayError of status 4xx raised by the reader or writer.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../core/options/resolve.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { rebPlugin } from '../../plugins/reb/index.js';
import { convertMutations } from '../support/mutations.js';
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
