/**
 * The ÖNORM reader builds its positions complete (`completePositions`): the normalisation then only derives their
 * plain long texts; and it gives each item number its parts, which the recalculation keeps where they are what
 * parsing the number gives. Every fixture and a generated ONLV (variants, price shares, text gaps of the generator) are
 * prepared both ways and must give the same project; a default, id or flag the reader left out would differ. The
 * corpus files are compared in the corpus suite (`test/corpus/oenorm.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import { isPosition, type PositionDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readOenormResult } from '../../plugins/oenorm/reader/index.js';
import { generateOnlv } from '../bench/generate-onlv.js';
import { projectDiff } from '../support/project-diff.js';
import { fixture, flatten, preparedBothWays } from './support.js';

describe('ÖNORM positions built complete', () => {
  it.each(['angebot-2009-lg.onlv', 'kostenschaetzung-2021-posfrei.onlv', 'vertrag-2015-hg.onlv', 'entwurf-2009-mengen.onlv'])(
    '%s: prepared as complete equals normalised field by field',
    (name) => {
      const { complete, normalised, positions } = preparedBothWays(fixture(name));
      expect(positions.length).toBeGreaterThan(0);
      expect(projectDiff(complete, normalised)).toEqual([]);
    },
  );

  it('a generated 300 kB ONLV: prepared as complete equals normalised field by field', () => {
    const { complete, normalised, positions } = preparedBothWays(generateOnlv(300 * 1024));
    expect(positions.length).toBeGreaterThan(100);
    expect(projectDiff(complete, normalised)).toEqual([]);
  });
});

describe('ÖNORM item number parts', () => {
  /** Positions before and after the preparation (as the pipeline prepares them), with the parts the reader gave. */
  function prepared(bytes: Buffer): { positions: PositionDto[]; given: Map<PositionDto, string[] | undefined> } {
    const result = readOenormResult(bytes, defaultOptions(), new MessageCollector());
    const given = new Map(flatten(result.project.serviceSpecifications![0].elements).filter(isPosition).map((p) => [p, p.itemNumber!.identifiers]));
    const project = prepareProject(result.project, { derivedPlainTexts: result.derivedPlainTexts, completePositions: true });
    return { positions: flatten(project.serviceSpecifications![0].elements).filter(isPosition), given };
  }

  it('the reader gives each position its number\'s parts, which the recalculation keeps instead of parsing the number', () => {
    const { positions, given } = prepared(generateOnlv(100 * 1024));
    expect(positions.length).toBeGreaterThan(50);
    for (const p of positions) {
      const n = p.itemNumber!;
      expect(n.isSchemaCompliant, n.stringRepresentation).toBe(true);
      expect(n.identifiers, n.stringRepresentation).toBe(given.get(p));
      expect(n.identifiers!.join('.')).toBe(n.stringRepresentation);
    }
  });

  it('parts that parsing would change are parsed: a Mehrfachverwendung makes a two-character index', () => {
    const { positions } = prepared(fixture('vertrag-2015-hg.onlv'));
    const mfv = positions.find((p) => p.itemNumber!.stringRepresentation === '01.02.0A.04.05.A2')!;
    expect(mfv.itemNumber).toMatchObject({ isSchemaCompliant: false, identifiers: ['01', '02', '0A', '04', '05', 'A2'] });
  });
});
