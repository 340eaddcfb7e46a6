/**
 * Bad input never fails with a 5xx: the ÖNORM fixtures, damaged by seeded random byte mutations
 * (`mutateBytes`), go through the conversion service as the route runs it to ava and to GAEB DA XML 3.3; each
 * either converts or is refused with a GatewayError of status 4xx raised by the reader or writer itself, not a raw
 * exception that the service's safety net had to turn into a 400.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { resolveOptions } from '../../core/options/resolve.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { oenormPlugin } from '../../plugins/oenorm/index.js';
import { mutateBytes, seededRandom } from '../support/random.js';
import { fixture } from './support.js';

const FILES = ['angebot-2009-lg.onlv', 'kostenschaetzung-2021-posfrei.onlv', 'vertrag-2015-hg.onlv'];

describe('mutated ÖNORM input', () => {
  const registry = new FormatRegistry([oenormPlugin, gaebPlugin, avaPlugin]);
  const service = new ConversionService();

  it.each(FILES)('%s: 100 mutations convert or are refused with 4xx, never 5xx', async (file) => {
    const source = fixture(file);
    const next = seededRandom(20261125 + file.length);
    const outcomes = { converted: 0, refused: 0 };
    const crashes: string[] = [];
    for (let n = 0; n < 100; n++) {
      const bytes = mutateBytes(source, next);
      const toAva = n % 2 === 0;
      const route = registry.route('oenorm', toAva ? 'ava' : 'gaeb');
      const options = resolveOptions(route.optionGroups, toAva ? {} : { DestinationGaebType: 'GaebXml_V3_3' });
      try {
        const { output } = await service.convert(route, { bytes, fileName: file }, options, (err, stage) => {
          crashes.push(`mutation ${n} (${stage}): ${(err as Error).stack}`);
        });
        if (!Buffer.isBuffer(output.data)) for (const chunk of output.data) expect(chunk.length).toBeGreaterThan(0);
        outcomes.converted++;
      } catch (err) {
        expect(err, `mutation ${n}: ${(err as Error).stack}`).toBeInstanceOf(GatewayError);
        expect((err as GatewayError).statusCode, `mutation ${n}: ${(err as Error).message}`).toBeLessThan(500);
        outcomes.refused++;
      }
    }
    expect(crashes).toEqual([]);
    expect(outcomes.converted).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});
