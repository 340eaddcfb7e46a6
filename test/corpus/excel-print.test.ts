/**
 * Every GAEB, ÖNORM and SIA 451 file of the shared corpus → excel, printed by LibreOffice Calc (PDF export) as a
 * person at a desk without Excel would print it: every word of every kind, short and long text is on the pages (the
 * text of the PDF, by `pdftotext`), because the rows are written as high as their wrapped texts need
 * (plugins/excel/row-height.ts). Left out of the comparison, and why:
 * - rows at the highest row height Excel allows (409 pt): their text is longer than any row shows;
 * - lines holding a tab: LibreOffice draws a tab as a jump to the next tab stop and `pdftotext` joins the words
 *   around it;
 * - a word ending in a hyphen and the word after it, and the hyphens within words: `pdftotext` joins a word broken
 *   after a hyphen at the end of a printed line and drops that hyphen.
 * Every other word must be printed as often as the texts hold it. Skipped, saying so, without the corpus,
 * LibreOffice (`soffice`) or `pdftotext` (Debian `poppler-utils`).
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatPlugin } from '../../core/plugin/contract.js';
import { MAX_ROW_HEIGHT_POINTS } from '../../plugins/excel/row-height.js';
import { workbookSheets } from '../../plugins/excel/reader/workbook.js';
import { centralDirectory, entryContent } from '../../plugins/excel/zip.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { oenormPlugin } from '../../plugins/oenorm/index.js';
import { siaPlugin } from '../../plugins/sia/index.js';
import { convert, excelPlugin, openWorkbook } from '../excel/support.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { hasProgram } from '../support/programs.js';

const files: { folder: string; name: string; plugin: FormatPlugin }[] = [
  ...corpusFiles('gaeb', /\.[dpx]8\d$/i).map((name) => ({ folder: 'gaeb', name, plugin: gaebPlugin })),
  ...corpusFiles('oenorm', /\.onl[vb]$/i).map((name) => ({ folder: 'oenorm', name, plugin: oenormPlugin })),
  ...corpusFiles('sia', /\.\d\d[a-z]$/i).map((name) => ({ folder: 'sia', name, plugin: siaPlugin })),
];
const programs = hasProgram('soffice', ['--version']) && hasProgram('pdftotext', ['-v']);
if (hasCorpus && !programs) console.warn('Corpus print check skipped: it needs LibreOffice (soffice) and pdftotext (Debian: libreoffice-calc-nogui, poppler-utils)');

/** The words of a text that a printed page shows as they are (see the module docstring). */
function comparableWords(text: string): string[] {
  const words: string[] = [];
  let afterHyphen = false;
  for (const line of text.split('\n')) {
    for (const t of line.split(/\s+/).filter(Boolean)) {
      const skip = afterHyphen || line.includes('\t');
      afterHyphen = t.endsWith('-');
      const w = t.replace(/-/g, '');
      if (!skip && !afterHyphen && w) words.push(w);
    }
  }
  return words;
}

/** How often each word occurs. */
function count(words: Iterable<string>): Map<string, number> {
  const n = new Map<string, number>();
  for (const w of words) n.set(w, (n.get(w) ?? 0) + 1);
  return n;
}

/**
 * The words of the kind, short and long texts of the visible BoQ sheets of a workbook (rows at the highest height
 * left out), and how many rows hold such texts and how many of them are at that height.
 */
async function textWords(xlsx: Buffer): Promise<{ words: string[]; rows: number; tallRows: number }> {
  const parts = new Map(centralDirectory(xlsx)!.map((e) => [e.name, entryContent(xlsx, e)]));
  const book = await openWorkbook(xlsx);
  const words: string[] = [];
  let rows = 0;
  let tallRows = 0;
  for (const { name, part } of workbookSheets(parts)) {
    const sheet = book.sheet(name);
    if (!sheet || sheet.hidden()) continue;
    const columns = [1, 2, 3, 4, 5, 6].filter((c) => ['Kind', 'Short text', 'Long text'].includes(String(sheet.cell(1, c).value())));
    if (columns.length === 0) continue;
    const rowTags = [...parts.get(part)!.toString('utf8').matchAll(/<row r="(\d+)"([^>]*)>/g)];
    const heights = new Map(rowTags.map((m) => [Number(m[1]), Number(/ ht="([\d.]+)"/.exec(m[2])?.[1] ?? 0)]));
    for (const [r, height] of heights) {
      if (r === 1) continue;
      const texts = columns.map((c) => sheet.cell(r, c).value()).filter((v): v is string => typeof v === 'string');
      if (texts.length === 0) continue;
      rows++;
      if (height >= MAX_ROW_HEIGHT_POINTS) tallRows++;
      else words.push(...texts.flatMap(comparableWords));
    }
  }
  return { words, rows, tallRows };
}

describe.skipIf(!hasCorpus || !programs)('corpus → excel, printed by LibreOffice: every word of the texts is on the pages', () => {
  let dir: string;
  const written = new Map<string, Buffer>();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'excel-print-'));
    const paths: string[] = [];
    for (const [i, f] of files.entries()) {
      const { bytes } = await convert(f.plugin, excelPlugin, readCorpus(f.folder, f.name), { ConversionCulture: 'en' });
      written.set(f.name, bytes);
      paths.push(join(dir, `${i}.xlsx`));
      writeFileSync(paths[i], bytes);
    }
    execFileSync('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', join(dir, 'pdf'), ...paths], { stdio: 'ignore', timeout: 600_000 });
  }, 900_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has GAEB, ÖNORM and SIA files', () => {
    expect(new Set(files.map((f) => f.folder))).toEqual(new Set(['gaeb', 'oenorm', 'sia']));
  });

  it.each(files.map((f, i) => [f.name, i] as const))('%s', async (name, i) => {
    const { words, rows, tallRows } = await textWords(written.get(name)!);
    expect(rows).toBeGreaterThan(0);
    expect(tallRows).toBeLessThan(rows / 10);
    const printed = count(execFileSync('pdftotext', [join(dir, 'pdf', `${i}.pdf`), '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }).split(/\s+/).map((w) => w.replace(/-/g, '')));
    const missing = [...count(words)].filter(([w, n]) => (printed.get(w) ?? 0) < n).map(([w]) => w);
    expect(missing, `${missing.length} of ${words.length} words not printed`).toEqual([]);
  });
});
