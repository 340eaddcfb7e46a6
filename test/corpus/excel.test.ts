/**
 * Every GAEB file (`.D8x`, `.P8x`, `.X8x`) and every ÖNORM A 2063 file (`.onlv`, `.onlb`) of the shared corpus
 * → excel → ava:
 * 1. with the embedded project, the whole project comes back (every property, ids aside; test/support/project-diff.ts),
 *    also when every change is taken (ReadNewElements), with no message about rows missing, repeated or misread;
 * 2. from the sheet alone (the embedded project removed, as a sheet made elsewhere would be read), every position
 *    keeps its item number, quantity, unit, unit price, short text and every word of its long text.
 * Skipped, with a notice, when the corpus is absent.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import type { FormatPlugin } from '../../core/plugin/contract.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { oenormPlugin } from '../../plugins/oenorm/index.js';
import { avaPlugin, convert, excelPlugin, openWorkbook, positions, toAva } from '../excel/support.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { projectDiff } from '../support/project-diff.js';

const files = corpusFiles('gaeb', /\.[dpx]8\d$/i);
const oenormFiles = corpusFiles('oenorm', /\.onl[vb]$/i);
const words = (text: unknown) => (typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : []);

function fields(project: ProjectDto) {
  return positions(project).map((p) => ({
    itemNumber: (p.itemNumber as { stringRepresentation?: string } | undefined)?.stringRepresentation,
    quantity: p.quantity, unitTag: p.unitTag || undefined, unitPrice: p.unitPrice, shortText: p.shortText || undefined, longText: words(p.longText).join(' '),
  }));
}

/** The project read from `source`, and the same file → excel → ava (with the embedded project, and from the sheet alone). */
async function roundTrip(source: FormatPlugin, bytes: Buffer): Promise<void> {
  const reference = JSON.parse((await convert(source, avaPlugin, bytes)).bytes.toString('utf8')) as ProjectDto;
  const { bytes: xlsx } = await convert(source, excelPlugin, bytes, { ConversionCulture: 'de' });

  const back = await toAva(xlsx);
  // The ava writer adds the conversion's messages to the project; the two conversions report differently.
  expect(projectDiff(reference, back.project, { ignore: (_path, key) => key === 'conversionMessages' })).toEqual([]);
  // taking every change of an unedited workbook changes nothing: no row is missing, repeated, or read otherwise
  const everyChange = await toAva(xlsx, { ReadNewElements: true });
  expect(projectDiff(reference, everyChange.project, { ignore: (_path, key) => key === 'conversionMessages' })).toEqual([]);
  const unedited = new Set(['EXCEL_ELEMENT_REMOVED', 'EXCEL_CHANGE_REFUSED', 'EXCEL_ROW_REPEATED', 'EXCEL_DUPLICATE_ITEM_NUMBER', 'EXCEL_HEADER_NOT_RECOGNISED', 'EXCEL_TOTAL_MISMATCH', 'EXCEL_INVALID_NUMBER']);
  expect([...back.messages, ...everyChange.messages].filter((m) => unedited.has(m.code))).toEqual([]);

  const wb = await openWorkbook(xlsx);
  wb.deleteSheet('ava-project');
  const alone = await toAva(await wb.outputAsync());
  expect(fields(alone.project)).toEqual(fields(reference));
  expect(alone.messages.filter((m) => unedited.has(m.code))).toEqual([]);
}

describe.skipIf(!hasCorpus)('GAEB corpus → excel → ava', () => {
  it('has GAEB files', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
  });

  it.each(files)('%s keeps the project (embedded) and every position field (from the sheet alone)', (name) => roundTrip(gaebPlugin, readCorpus('gaeb', name)));
});

describe.skipIf(!hasCorpus)('ÖNORM corpus → excel → ava', () => {
  it('has ÖNORM files', () => {
    expect(oenormFiles.length).toBeGreaterThanOrEqual(2);
  });

  it.each(oenormFiles)('%s keeps the project (embedded) and every position field (from the sheet alone)', (name) => roundTrip(oenormPlugin, readCorpus('oenorm', name)));
});
