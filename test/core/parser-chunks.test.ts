/**
 * What a reader's project keeps alive. saxes hands out texts cut from the chunk it is reading; V8 keeps a
 * cut of 13 or more characters as a reference into the whole chunk, so a project that kept such cuts (a short text
 * per position, a long text of one piece) held on to the whole file's text. Measured as the heap that stays in use
 * with the project after full garbage collections, for a file whose positions lie 70 kB apart (an XML comment
 * between them), so that each position's texts come from chunks of their own.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaebXmlResult } from '../../plugins/gaeb/xml/reader/index.js';
import { readOenormResult } from '../../plugins/oenorm/reader/index.js';
import { generateOnlv } from '../bench/generate-onlv.js';
import { generateX83 } from '../bench/generate-x83.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap in use after two full collections, in bytes. */
function heapInUse(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const FILLER = `<!--${' Kommentar ohne Bedeutung für das LV. '.repeat(1800)}-->`;

/**
 * Reads `xml` with a comment of 70 kB before every `<startTag`; the heap the project keeps and its position count.
 * The reader first reads `xml` itself 40 times, so that its code runs optimised, as on a server that has read a few
 * files.
 */
function retainedBy(xml: string, startTag: string, read: (bytes: Buffer) => ProjectDto): { retained: number; positions: number } {
  const plain = Buffer.from(xml, 'utf8');
  for (let i = 0; i < 40; i++) read(plain);
  const bytes = Buffer.from(xml.replaceAll(startTag, `${FILLER}${startTag}`), 'utf8');
  expect(bytes.length).toBeGreaterThan(5_000_000);
  const before = heapInUse();
  const project = read(bytes);
  const retained = heapInUse() - before;
  const positions = JSON.stringify(project).split('"PositionDto"').length - 1;
  return { retained, positions };
}

describe('readers keep none of the parser chunks alive', () => {
  // the projects themselves: about 1-2 kB per position; one chunk kept per position would be 16 KiB more each
  it('ÖNORM (ONLV 2015)', () => {
    const { retained, positions } = retainedBy(generateOnlv(120 * 1024).toString('utf8'), '<pos-eigenschaften>',
      (bytes) => readOenormResult(bytes, defaultOptions(), new MessageCollector()).project);
    expect(positions).toBeGreaterThan(60);
    expect(retained).toBeLessThan(positions * 8 * 1024);
  });

  it('GAEB DA XML (X83 3.3)', () => {
    const { retained, positions } = retainedBy(generateX83(120 * 1024).toString('utf8'), '<Item ',
      (bytes) => readGaebXmlResult(bytes, defaultOptions(), new MessageCollector()).project);
    expect(positions).toBeGreaterThan(60);
    expect(retained).toBeLessThan(positions * 8 * 1024);
  });
});
