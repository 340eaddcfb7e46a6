/**
 * Bad input never fails with a 5xx: the ÖNORM fixtures, damaged by seeded random byte mutations
 * (`mutateBytes`; abrechnung-2009-lg.onlv also carries marks, a Nachtrag entry, a supplementary LB and the small
 * tables), go through the conversion service as the route runs it to ava, to GAEB DA XML 3.3 and to ÖNORM Lv2015; each
 * either converts or is refused with a GatewayError of status 4xx raised by the reader or writer itself, not a raw
 * exception that the service's safety net had to turn into a 400. The same fixtures changed but kept well-formed
 * (`mutateXml`), so that the reader meets the changed content, go to every target from `oenorm` with random options.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../core/options/resolve.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { oenormPlugin } from '../../plugins/oenorm/index.js';
import { convertMutatedInputs, convertMutations, everyRouteFrom } from '../support/mutations.js';
import { mutateXml } from '../support/random.js';
import { fixture } from './support.js';

const FILES = ['angebot-2009-lg.onlv', 'kostenschaetzung-2021-posfrei.onlv', 'vertrag-2015-hg.onlv', 'abrechnung-2009-lg.onlv', 'entwurf-2009-mengen.onlv'];

describe('mutated ÖNORM input', () => {
  const registry = new FormatRegistry([oenormPlugin, gaebPlugin, avaPlugin]);

  it.each(FILES)('%s: 100 mutations convert or are refused with 4xx, never 5xx', async (file) => {
    const source = fixture(file);
    const run = await convertMutations(source, file, 20261125 + file.length, 100, (n) => {
      const target = (['ava', 'gaeb', 'oenorm'] as const)[n % 3];
      const route = registry.route('oenorm', target);
      const options = target === 'gaeb' ? { DestinationGaebType: 'GaebXml_V3_3' } : target === 'oenorm' ? { DestinationOenormType: 'Lv2015' } : {};
      return { route, options: resolveOptions(route.optionGroups, options) };
    });
    expect(run.crashes).toEqual([]);
    expect(run.converted).toBeGreaterThan(0);
    expect(run.refused).toBeGreaterThan(0);
  });
});

describe('ÖNORM input changed but well-formed', () => {

  it.each(FILES)('%s: 100 changes (texts, attributes, elements removed, repeated, moved) to every target, never 5xx', async (file) => {
    const source = fixture(file);
    const run = await convertMutatedInputs(20261127 + file.length, 100, (next) => ({ bytes: mutateXml(source, next), fileName: file }), everyRouteFrom('oenorm'));
    expect(run.crashes).toEqual([]);
    // well-formed changes mostly convert: the readers get past the parser and meet the changed content
    expect(run.converted).toBeGreaterThan(run.refused);
  });
});
