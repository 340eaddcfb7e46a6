/**
 * Quantities through REB on real bills of quantities: a corpus GAEB file → ava, its positions given quantity
 * components (each quantity as one formula or two adding up to it) → GAEB DA XML 3.3 with `ExportQuantityDetermination` (our
 * GAEB writer's `QtyDeterm` rows) → ava → reb (DA11, and X31 3.3) → ava keeps every position's quantity, by item
 * number. Item numbers that do not fit REB's nine-character OZ answer 400 naming one, as the writer documents.
 * Skipped, with a notice, when the corpus is absent.
 */
import { describe, expect, it } from 'vitest';
import { isPosition, type ElementDto, type PositionDto, type ProjectDto } from '../../core/model/types.js';
import { hasCorpus, readCorpus } from '../support/corpus.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { flatten } from '../gaeb/xml-reader-support.js';
import { read, write } from '../reb/support.js';

const positions = (p: ProjectDto): PositionDto[] => flatten((p.serviceSpecifications?.[0]?.elements ?? []) as ElementDto[]).filter(isPosition);
const quantities = (p: ProjectDto) => new Map(positions(p).map((x) => [x.itemNumber!.stringRepresentation!, x.quantity ?? 0]));

/** Every position's quantity as components: one formula, or for every third position two that add up to it. */
function withComponents(project: ProjectDto): ProjectDto {
  positions(project).forEach((p, i) => {
    const q = String(p.quantity ?? 0).replace('.', ',');
    p.quantityComponents = i % 3 === 2 ? [{ formula: `(${q}-1)*2/2`, description: 'Teil 1' }, { formula: '2*0,5', description: 'Teil 2' }] : [{ formula: q, description: 'Aufmaß' }];
    delete p.quantityOverride;
  });
  return project;
}

const FILES = ['LV_Los01.X83', 'LV_Los02.X83', 'GAEBXML_DE.X86', 'Flechtingen GS AA.x83', 'Ausschreibung_Hohlboden_01.X83'];

describe.skipIf(!hasCorpus)('corpus GAEB with quantity determination → ava → reb → ava', () => {
  for (const file of FILES) {
    it(file, async () => {
      const source = readGaeb(readCorpus('gaeb', file));
      const gaeb = writeGaeb(withComponents(source), 'GaebXml_V3_3', { ExportQuantityDetermination: true });
      expect(gaeb.bytes.toString()).toContain('<QTakeoff Row=');
      const project = readGaeb(gaeb.bytes);
      const expected = quantities(project);
      expect(expected.size).toBeGreaterThan(0);
      expect(positions(project).every((p) => (p.quantityComponents?.length ?? 0) > 0)).toBe(true);
      for (const DestinationRebType of ['D11', 'X31GaebXmlV33']) {
        const written = await write(project, { DestinationRebType }).catch((e: unknown) => e);
        if (written instanceof Error) {
          // an item number REB cannot hold: the 400 names one of the file's item numbers
          expect(written).toMatchObject({ code: 'GW_ERR_TARGET_CONSTRAINT' });
          expect([...expected.keys()]).toContain(Object.keys((written as unknown as { errors: object }).errors)[0]);
          console.info(`${file}: item numbers do not fit a REB OZ (${written.message})`);
          return;
        }
        const back = await read((written as { bytes: Buffer }).bytes);
        expect(back.messages.filter((m) => m.severity !== 'info'), DestinationRebType).toEqual([]);
        expect(quantities(back.project), `${file} via ${DestinationRebType}`).toEqual(expected);
      }
    });
  }
});
