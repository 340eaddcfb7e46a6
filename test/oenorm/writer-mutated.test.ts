/**
 * Bad input never fails with a 5xx on the routes ending at `oenorm`: our ÖNORM fixtures and a GAEB DA XML tender,
 * damaged by seeded random byte mutations (`mutateBytes`), go through the conversion service as the route runs
 * them (oenorm → oenorm, gaeb → oenorm, with and without TryRepairProjectStructure / schema enforcement); each
 * either converts or is refused with a GatewayError of status 4xx raised by a reader or the writer itself.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../core/options/resolve.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { oenormPlugin } from '../../plugins/oenorm/index.js';
import { convertMutations } from '../support/mutations.js';
import { fixture } from './support.js';

const registry = new FormatRegistry([oenormPlugin, gaebPlugin, avaPlugin]);
const gaebFixture = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb', 'request-v32.x83'));
const optionsOf = (n: number) => ({
  DestinationOenormType: ['Lv2009', 'Lv2015', 'Lv2021'][n % 3],
  TryRepairProjectStructure: String(n % 2 === 0),
  SkipTryEnforceSchemaCompliantXmlOutput: String(n % 5 === 0),
  RemoveUnprintableCharactersFromTexts: String(n % 4 !== 0),
});

describe('mutated input on the routes to oenorm', () => {
  it.each([
    ['oenorm', 'angebot-2009-lg.onlv', fixture('angebot-2009-lg.onlv')],
    ['oenorm', 'vertrag-2015-hg.onlv', fixture('vertrag-2015-hg.onlv')],
    ['gaeb', 'request-v32.x83', gaebFixture],
  ] as const)('%s %s: 100 mutations convert or are refused with 4xx, never 5xx', async (source, file, bytes) => {
    const route = registry.route(source, 'oenorm');
    const run = await convertMutations(bytes, file, 20261126 + file.length, 100, (n) => ({ route, options: resolveOptions(route.optionGroups, optionsOf(n)) }));
    expect(run.crashes).toEqual([]);
    expect(run.converted).toBeGreaterThan(0);
  });
});
