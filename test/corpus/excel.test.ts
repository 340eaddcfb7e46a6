/**
 * Every GAEB file of the shared corpus (`.D8x`, `.P8x`, `.X8x`) → excel → ava:
 * 1. with the embedded project, the whole project comes back (every property, ids aside; test/support/project-diff.ts);
 * 2. from the sheet alone (the embedded project removed, as a sheet made elsewhere would be read), every position
 *    keeps its item number, quantity, unit, unit price, short text and every word of its long text.
 * Skipped, with a notice, when the corpus is absent.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { avaPlugin, convert, excelPlugin, openWorkbook, positions, toAva } from '../excel/support.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { projectDiff } from '../support/project-diff.js';

const files = corpusFiles('gaeb', /\.[dpx]8\d$/i);
const words = (text: unknown) => (typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : []);

function fields(project: ProjectDto) {
  return positions(project).map((p) => ({
    itemNumber: (p.itemNumber as { stringRepresentation?: string } | undefined)?.stringRepresentation,
    quantity: p.quantity, unitTag: p.unitTag || undefined, unitPrice: p.unitPrice, shortText: p.shortText || undefined, longText: words(p.longText).join(' '),
  }));
}

describe.skipIf(!hasCorpus)('GAEB corpus → excel → ava', () => {
  it('has GAEB files', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
  });

  describe.each(files)('%s', (name) => {
    it('keeps the project (embedded) and every position field (from the sheet alone)', async () => {
      const reference = JSON.parse((await convert(gaebPlugin, avaPlugin, readCorpus('gaeb', name))).bytes.toString('utf8')) as ProjectDto;
      const { bytes } = await convert(gaebPlugin, excelPlugin, readCorpus('gaeb', name), { ConversionCulture: 'de' });

      const back = await toAva(bytes);
      // The ava writer adds the conversion's messages to the project; the two conversions report differently.
      expect(projectDiff(reference, back.project, { ignore: (_path, key) => key === 'conversionMessages' })).toEqual([]);

      const wb = await openWorkbook(bytes);
      wb.deleteSheet('ava-project');
      const alone = await toAva(await wb.outputAsync());
      expect(fields(alone.project)).toEqual(fields(reference));
    });
  });
});
