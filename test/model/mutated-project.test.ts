/**
 * A damaged ProjectDto body never fails with a 5xx on the routes from `ava`: projects read from our GAEB, ÖNORM,
 * SIA and REB fixtures, changed at random places of their JSON tree (`mutateJson`: values of the wrong type, out-of-range
 * numbers, removed members, a group where a position was, strings with a NUL or a lone surrogate), go through the
 * conversion service as the JSON body of each route from `ava`, with random options; each either converts or is
 * refused with a GatewayError of status 4xx raised by the preparation or a writer itself — not a raw exception that
 * the service's safety net had to turn into a 400.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../core/options/resolve.js';
import { outputBytes } from '../../core/plugin/contract.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { builtinFormatPlugins } from '../../plugins/index.js';
import { convertMutatedInputs, everyRouteFrom } from '../support/mutations.js';
import { mutateJson } from '../support/random.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const registry = new FormatRegistry([...builtinFormatPlugins]);

/** The ProjectDto JSON the gateway answers for a fixture, parsed. */
async function projectOf(source: string, file: string): Promise<unknown> {
  const route = registry.route(source, 'ava');
  const { output } = await new ConversionService().convert(route, { bytes: readFileSync(join(FIXTURES, file)), fileName: file }, resolveOptions(route.options));
  return JSON.parse(outputBytes(output).toString('utf8'));
}

describe('mutated ProjectDto body', () => {
  it.each([
    ['gaeb', 'gaeb/award-v33-lots.x86'],
    ['gaeb', 'gaeb/lump-sum-discounts-v33.x86'],
    ['oenorm', 'oenorm/angebot-2009-lg.onlv'],
    ['sia', 'sia/schulhaus.01s'],
    ['reb', 'reb/musterbau-2009.d11'],
  ])('%s %s: 120 mutations to every target convert or are refused with 4xx, never 5xx', async (source, file) => {
    const project = await projectOf(source, file);
    const run = await convertMutatedInputs(20261127 + file.length, 120, (next) => ({ value: mutateJson(project, next) }), everyRouteFrom('ava'));
    expect(run.crashes).toEqual([]);
    expect(run.converted).toBeGreaterThan(0);
    expect(run.refused).toBeGreaterThan(0);
  });
});
