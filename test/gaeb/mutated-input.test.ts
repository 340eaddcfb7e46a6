/**
 * Bad input never fails with a 5xx: our GAEB fixtures of all three generations (GAEB 90, GAEB 2000, DA XML), damaged
 * by seeded random byte mutations (random bytes, syntax characters `\{}[]<>&;#'"`, copied ranges), go through the
 * conversion service as the route runs it (detection, reader, preparation, writer, JSON drained) to ava and to
 * every GAEB destination type; each either converts or is refused with a GatewayError of status 4xx raised by the
 * reader or writer itself — not a raw exception that the service's safety net had to turn into a 400
 * (`ConversionService.convert` reports those to its error logger, which here fails the case). The DA XML fixtures
 * changed but kept well-formed (`mutateXml`), so that the reader meets the changed content, and the GAEB 90 and 2000
 * fixtures with their records shifted, cut and overwritten (`mutateRecords`) go to every target from `gaeb` with
 * random options.
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
import { convertMutatedInputs, convertMutations, everyRouteFrom } from '../support/mutations.js';
import { mutateRecords, mutateXml } from '../support/random.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const FILES = ['gaeb90/schulhof.d83', 'gaeb90/preisanteile.d86', 'gaeb2000/features.P83', 'gaeb/award-v33-lots.x86', 'gaeb/request-v32.x83'];
const DESTINATIONS = ['Gaeb90', 'Gaeb2000', 'GaebXml_V3_1', 'GaebXml_V3_2', 'GaebXml_V3_3', 'GaebXml_V3_3_Commerce'];

describe('mutated GAEB input', () => {
  const registry = new FormatRegistry([gaebPlugin, avaPlugin]);

  it.each(FILES)('%s: 120 mutations convert or are refused with 4xx, never 5xx', async (file) => {
    const source = readFileSync(join(FIXTURES, file));
    const run = await convertMutations(source, file, 20261121 + file.length, 120, (n) => {
      const toAva = n % 2 === 0;
      const route = registry.route('gaeb', toAva ? 'ava' : 'gaeb');
      return { route, options: resolveOptions(route.optionGroups, toAva ? {} : { DestinationGaebType: DESTINATIONS[(n >> 1) % DESTINATIONS.length] }) };
    });
    expect(run.crashes).toEqual([]);
    // Both outcomes occur: the mutations neither always break the file nor never touch what matters.
    expect(run.converted).toBeGreaterThan(0);
    expect(run.refused + run.converted).toBe(120);
  });
});

describe('GAEB DA XML input changed but well-formed', () => {

  it.each(FILES.filter((f) => /\.x8\d$/i.test(f)))('%s: 100 changes (texts, attributes, elements removed, repeated, moved) to every target, never 5xx', async (file) => {
    const source = readFileSync(join(FIXTURES, file));
    const run = await convertMutatedInputs(20261127 + file.length, 100, (next) => ({ bytes: mutateXml(source, next), fileName: file }), everyRouteFrom('gaeb'));
    expect(run.crashes).toEqual([]);
    // well-formed changes mostly convert: the readers get past the parser and meet the changed content
    expect(run.converted).toBeGreaterThan(run.refused);
  });
});

describe('GAEB 90 and GAEB 2000 records shifted, cut and overwritten', () => {

  it.each(FILES.filter((f) => !/\.x8\d$/i.test(f)))('%s: 100 record mutations to every target, never 5xx', async (file) => {
    const source = readFileSync(join(FIXTURES, file));
    const run = await convertMutatedInputs(20261127 + file.length, 100, (next) => ({ bytes: mutateRecords(source, next), fileName: file }), everyRouteFrom('gaeb'));
    expect(run.crashes).toEqual([]);
    expect(run.converted).toBeGreaterThan(0);
    expect(run.refused).toBeGreaterThan(0);
  });
});
