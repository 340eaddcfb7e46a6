/**
 * GAEB 90 / GAEB 2000 part of the conversion benchmark (`test/bench/convert.ts`, not a test): the largest `.D8x`,
 * the largest `.P8x` and, for comparison, the largest `.X8x` of the shared corpus (`corpus/gaeb`, by bytes), each
 *
 * - read: bytes → prepared project, as `ConversionService.convert` does it (the gaeb plugin's reader, which
 *   recognises the generation from the content, then `prepareProject` with the route's option values); MB/s of
 *   the input bytes;
 * - written: prepared project → bytes in the file's own generation and phase (`writeGaeb90`, `writeGaeb2000`,
 *   `writeGaebXml` as DA XML 3.3; the phase is the extension's digits, `.d83` → 83); MB/s of the written bytes;
 * - peak RSS of one read + write in a process of its own.
 *
 * Sources: `plugins/gaeb/index.ts` (reader dispatch, writers), `core/pipeline/convert.ts` (read → prepare),
 * `core/options/catalog.ts` (`defaultOptions`: the values a route resolves from an empty request).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementDto, ProjectDto } from '../../core/model/types.js';
import { readResultParts, type ConversionContext } from '../../core/plugin/contract.js';
import { CORPUS_DIR } from '../support/corpus.js';

/** Child modes of this part; `convert.ts` hands them to {@link legacyRunner}. */
export const LEGACY_MODES: readonly string[] = ['legacy-read', 'legacy-write', 'legacy-memory'];

type Generation = 'gaeb90' | 'gaeb2000' | 'xml';
type Phase = '81' | '82' | '83' | '84' | '85' | '86';

/** One corpus file of the legacy table. */
export interface LegacyFile { label: string; path: string; generation: Generation; phase: Phase }

/** A child mode's timed operation and how to describe its last result. */
export interface LegacyRunner { run: (bytes: Buffer) => Promise<number>; detail: (result: number) => string }

/** What a child reports (the same shape as `convert.ts` prints). */
export interface LegacyMeasurement { bestMs: number; medianMs: number; peakRssMb: number; result: number; detail?: string }

const EXTENSIONS: { re: RegExp; generation: Generation; label: string }[] = [
  { re: /\.d8([1-6])$/i, generation: 'gaeb90', label: 'GAEB 90' },
  { re: /\.p8([1-6])$/i, generation: 'gaeb2000', label: 'GAEB 2000' },
  { re: /\.x8([1-6])$/i, generation: 'xml', label: 'DA XML 3.3' },
];

/**
 * The largest file (by bytes) of each generation in `corpus/gaeb`, in the order GAEB 90, GAEB 2000, DA XML;
 * a generation without a file is left out. Empty when the corpus folder is absent.
 */
export function largestLegacyFiles(dir: string = join(CORPUS_DIR, 'gaeb')): LegacyFile[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir);
  const out: LegacyFile[] = [];
  for (const ext of EXTENSIONS) {
    let best: { name: string; size: number; phase: Phase } | undefined;
    for (const name of names) {
      const m = ext.re.exec(name);
      if (!m) continue;
      const size = statSync(join(dir, name)).size;
      if (!best || size > best.size) best = { name, size, phase: `8${m[1]}` as Phase };
    }
    if (best) out.push({ label: `${ext.label}: ${best.name}`, path: join(dir, best.name), generation: ext.generation, phase: best.phase });
  }
  return out;
}

/**
 * Child side: loads the modules (before any clock starts) and returns the operation of `mode` on `file`.
 * `legacy-read` reads and prepares; `legacy-write` reads once untimed, then writes the same prepared project
 * (throwing when two writes differ in size, since the writer must not change the project it is given);
 * `legacy-memory` reads and writes once.
 */
export async function legacyRunner(mode: string, file: string): Promise<LegacyRunner> {
  await import('reflect-metadata');
  const { gaebPlugin } = await import('../../plugins/gaeb/index.js');
  const { writeGaeb90 } = await import('../../plugins/gaeb/gaeb90/writer.js');
  const { writeGaeb2000 } = await import('../../plugins/gaeb/gaeb2000/writer.js');
  const { writeGaebXml } = await import('../../plugins/gaeb/xml/writer/index.js');
  const { prepareProject } = await import('../../core/model/index.js');
  const { defaultOptions } = await import('../../core/options/catalog.js');
  const { MessageCollector } = await import('../../core/pipeline/messages.js');

  const target = describeFile(file);
  const options = defaultOptions();
  const read = async (bytes: Buffer): Promise<ProjectDto> => {
    const sink = new MessageCollector();
    const ctx: ConversionContext = { sourceId: 'gaeb', targetId: 'gaeb', messages: sink.messages, report: (m) => sink.report(m) };
    const raw = readResultParts(await gaebPlugin.reader!.read({ bytes, fileName: file }, options, ctx));
    return prepareProject(raw.project, {
      derivedPlainTexts: raw.derivedPlainTexts,
      tryAutoGenerateItemNumbersAndSchema: options.TryAutoGenerateItemNumbersAndSchema === true,
      supportSkippedItemNumberLevels: options.SupportSkippedItemNumberLevelsInPositions === true,
    });
  };
  const write = (project: ProjectDto): Buffer => {
    const sink = new MessageCollector();
    if (target.generation === 'gaeb90') return writeGaeb90(project, options, sink, target.phase);
    if (target.generation === 'gaeb2000') return writeGaeb2000(project, options, sink, target.phase);
    return writeGaebXml(project, options, sink, { version: '3.3', phase: target.phase });
  };

  if (mode === 'legacy-read') {
    // The item count is taken after the clock stops, from the last project read.
    let last: ProjectDto | undefined;
    return { run: async (bytes) => ((last = await read(bytes)), bytes.length), detail: () => `${countItems(last?.serviceSpecifications?.[0]?.elements)} items` };
  }
  if (mode === 'legacy-memory') return { run: async (bytes) => write(await read(bytes)).length, detail: (n) => `${(n / 1048576).toFixed(2)} MiB written` };
  if (mode !== 'legacy-write') throw new Error(`unknown mode ${mode}`);
  const { readFileSync } = await import('node:fs');
  const project = await read(readFileSync(file));
  let size: number | undefined;
  return {
    run: async () => {
      const n = write(project).length;
      if (size !== undefined && n !== size) throw new Error(`two writes of ${file} differ in size: ${size} and ${n} bytes`);
      size = n;
      return n;
    },
    detail: (n) => `${(n / 1048576).toFixed(2)} MiB written`,
  };
}

/** Number of positions (items) in an element tree. */
function countItems(elements: readonly ElementDto[] | undefined): number {
  let n = 0;
  for (const e of elements ?? []) {
    if (e.elementTypeDiscriminator === 'PositionDto') n++;
    n += countItems((e as { elements?: readonly ElementDto[] }).elements);
  }
  return n;
}

/** Generation, phase (the extension's digits) and label of a `.D8x`, `.P8x` or `.X8x` path. */
function describeFile(path: string): LegacyFile {
  for (const ext of EXTENSIONS) {
    const m = ext.re.exec(path);
    if (m) return { label: `${ext.label}: ${path}`, path, generation: ext.generation, phase: `8${m[1]}` as Phase };
  }
  throw new Error(`${path}: expected a .D8x, .P8x or .X8x file`);
}

/**
 * Parent side: prints the legacy table, one row per file of {@link largestLegacyFiles}, measuring each mode in
 * its own child process through `measure`. Prints a notice instead when the corpus folder is absent.
 */
export function printLegacyTable(measure: (mode: string, file: string) => LegacyMeasurement, sizeOf: (path: string) => number, iterations: number): void {
  const files = largestLegacyFiles();
  if (files.length === 0) {
    console.log(`GAEB 90 / GAEB 2000 rows skipped: no .D8x/.P8x/.X8x in ${join(CORPUS_DIR, 'gaeb')} (corpus absent)`);
    return;
  }
  console.log('');
  console.log(`Largest corpus file per generation, read (bytes → prepared project) and written in its own generation and phase (prepared project → bytes); ${iterations} timed iterations each (best / median), write MB/s of the written bytes; peak RSS of one read + write in its own process`);
  console.log('| file | phase | size MiB | read MB/s (best/median) | written MiB | write MB/s (best/median) | peak RSS read+write |');
  console.log('|---|---|---|---|---|---|---|');
  for (const f of files) {
    const mb = sizeOf(f.path) / 1048576;
    const r = measure('legacy-read', f.path);
    const w = measure('legacy-write', f.path);
    const m = measure('legacy-memory', f.path);
    const out = w.result / 1048576;
    const rate = (size: number, ms: number) => (size / (ms / 1000)).toFixed(1);
    console.log(`| ${f.label} (${r.detail}) | ${f.phase} | ${mb.toFixed(2)} | ${rate(mb, r.bestMs)} / ${rate(mb, r.medianMs)} | ${out.toFixed(2)} | ${rate(out, w.bestMs)} / ${rate(out, w.medianMs)} | ${m.peakRssMb.toFixed(0)} MB |`);
  }
}
