/**
 * The ÖNORM reader builds its positions complete (`completePositions`): the normalisation then only derives their
 * plain long texts. Every fixture and a generated ONLV (variants, price shares, text gaps of the generator) are
 * prepared both ways and must give the same project; a default, id or flag the reader left out would differ. The
 * corpus files are compared in the corpus suite (`test/corpus/oenorm.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { generateOnlv } from '../bench/generate-onlv.js';
import { fixture, preparedBothWays } from './support.js';

describe('ÖNORM positions built complete', () => {
  it.each(['angebot-2009-lg.onlv', 'kostenschaetzung-2021-posfrei.onlv', 'vertrag-2015-hg.onlv'])(
    '%s: prepared as complete equals normalised field by field',
    (name) => {
      const { complete, normalised, positions } = preparedBothWays(fixture(name));
      expect(positions).toBeGreaterThan(0);
      expect(complete).toBe(normalised);
    },
  );

  it('a generated 300 kB ONLV: prepared as complete equals normalised field by field', () => {
    const { complete, normalised, positions } = preparedBothWays(generateOnlv(300 * 1024));
    expect(positions).toBeGreaterThan(100);
    expect(complete).toBe(normalised);
  });
});
