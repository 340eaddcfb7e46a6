/**
 * What the ÖNORM reader's project keeps alive. The parser hands out texts cut from the 64 KiB chunk it is reading;
 * V8 keeps a cut of 13 or more characters as a reference into the whole chunk, so a project that kept such cuts
 * (a `stichwort` per position) held on to the whole file's text. Measured as the heap that stays in use with the
 * project after a full garbage collection.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readOenormResult } from '../../plugins/oenorm/reader/index.js';
import { generateOnlv } from '../bench/generate-onlv.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap in use after two full collections, in bytes. */
function heapInUse(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('ÖNORM reader: memory', () => {
  it('keeps none of the parser chunks alive through the texts of the project', () => {
    // every position followed by 70 kB of a dropped element, so that each position's texts lie in chunks of their own
    const filler = `<kommentar>${'Anmerkung ohne Bedeutung für das LV. '.repeat(1900)}</kommentar>`;
    const xml = generateOnlv(120 * 1024).toString('utf8').replace(/<pos-eigenschaften>/g, `<pos-eigenschaften>${filler}`);
    const bytes = Buffer.from(xml, 'utf8');
    expect(bytes.length).toBeGreaterThan(5_000_000);
    const before = heapInUse();
    const read = readOenormResult(bytes, defaultOptions(), new MessageCollector());
    const retained = heapInUse() - before;
    const positions = JSON.stringify(read.project).split('"PositionDto"').length - 1;
    expect(positions).toBeGreaterThan(60);
    // the project itself: some kB per position; one kept chunk per position would be 64 KiB more each
    expect(retained).toBeLessThan(positions * 16 * 1024);
    expect(read.project.serviceSpecifications).toHaveLength(1);
  });
});
