/**
 * Conversion benchmark (not a test): GAEB DA XML → ava JSON on `Flechtingen GS AA.x83` (corpus) and a generated
 * 20 MB X83, side by side with a saxes-only parse of the same bytes, plus peak memory. Each mode runs in a fresh
 * child process: saxes-only and the conversion (through `ConversionService`, as the route runs it, with the JSON
 * chunks consumed) are timed after their modules are loaded and an untimed warm-up (so a 1 MB file is measured
 * with settled JIT, like the 20 MB one); a third mode, the floor, parses with saxes and writes the JSON of the
 * already prepared project (what no saxes-based conversion can beat); the peak RSS comes from a child that
 * converts once, so it is the peak of one conversion rather than of several in a row.
 * A second table (`convert-legacy.ts`) reads and writes the largest GAEB 90 (`.D8x`), GAEB 2000 (`.P8x`) and, for
 * comparison, DA XML (`.X8x`, written as 3.3) file of the corpus in their own generation and phase, in the same
 * way: read, write and one read + write for the peak RSS, each in its own child.
 * The child processes, timing and the saxes-only parse are `measure.ts`'s (shared with `oenorm.ts`).
 *
 *   npm run bench                  # all
 *   node --import tsx test/bench/convert.ts --only generated
 *   node --import tsx test/bench/convert.ts --only legacy   # the GAEB 90 / GAEB 2000 table only
 *
 * Targets (issue 2): conversion throughput ≥ 50 % of saxes-only; peak RSS < 5 × input + 150 MB.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath, hasCorpus } from '../support/corpus.js';
import { LEGACY_MODES, legacyRunner, printLegacyTable } from './convert-legacy.js';
import { generateX83 } from './generate-x83.js';
import { ITERATIONS, measureInChild, printMethod, rate, reportRuns, saxesOnly, saxesParse, type Measurement, type Run } from './measure.js';

const self = fileURLToPath(import.meta.url);

/** The conversion as the route runs it: ConversionService over the built-in gaeb and ava plugins. */
async function converter(): Promise<Run> {
  await import('reflect-metadata');
  const { gaebPlugin } = await import('../../plugins/gaeb/index.js');
  const { avaPlugin } = await import('../../plugins/ava/index.js');
  const { ConversionService } = await import('../../core/pipeline/convert.js');
  const { FormatRegistry } = await import('../../core/registry/format-registry.js');
  const { resolveOptions } = await import('../../core/options/resolve.js');
  const registry = new FormatRegistry([gaebPlugin, avaPlugin]);
  const service = new ConversionService();
  const route = registry.route('gaeb', 'ava');
  const options = resolveOptions(route.optionGroups, {});
  return async (bytes) => {
    const { output } = await service.convert(route, { bytes, fileName: 'bench.x83' }, options);
    // The route streams the chunks to the socket; here they are only counted.
    let size = 0;
    for (const chunk of Buffer.isBuffer(output.data) ? [output.data] : output.data) size += chunk.length;
    return size;
  };
}

/**
 * The floor of any GAEB → ava conversion that uses saxes and emits this JSON: a saxes-only parse plus the
 * serialisation of the finished project (prepared once, outside the clock) through the same `JsonChunks` the
 * route uses, with no model building and no calculation. The conversion can be no faster than this.
 */
async function floor(bytes: Buffer): Promise<Run> {
  const { SaxesParser } = await import('saxes');
  const { JsonChunks } = await import('../../plugins/ava/index.js');
  await import('reflect-metadata');
  const { readGaebXml } = await import('../../plugins/gaeb/xml/reader/index.js');
  const { prepareProject } = await import('../../core/model/index.js');
  const project = prepareProject(readGaebXml(bytes, {}, { report: () => undefined }), {});
  return async (input) => {
    saxesParse(SaxesParser, input);
    let size = 0;
    for (const chunk of new JsonChunks(project)) size += chunk.length;
    return size;
  };
}

/**
 * Child side: runs one mode on one file and prints a JSON measurement (measure.ts). `memory` and `legacy-memory`
 * run once, so that the process's peak RSS is the peak of one run.
 */
async function child(mode: string, file: string): Promise<void> {
  const bytes = readFileSync(file);
  const legacy = LEGACY_MODES.includes(mode) ? await legacyRunner(mode, file) : undefined;
  const run = legacy?.run ?? (mode === 'saxes' ? await saxesOnly() : mode === 'floor' ? await floor(bytes) : await converter());
  const detail = (result: number) => legacy ? legacy.detail(result) : mode === 'saxes' ? `${result} elements` : `${(result / 1048576).toFixed(1)} MiB JSON`;
  await reportRuns(mode, run, bytes, mode === 'memory' || mode === 'legacy-memory', detail);
}

const measure = (mode: string, file: string): Measurement => measureInChild(self, mode, file);

function main(): void {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const files: { name: string; path: string }[] = [];
  if (hasCorpus && only !== 'generated' && only !== 'legacy') files.push({ name: 'Flechtingen GS AA.x83', path: corpusPath('gaeb', 'Flechtingen GS AA.x83') });
  let scratch: string | undefined;
  if (only !== 'corpus' && only !== 'legacy') {
    scratch = mkdtempSync(join(tmpdir(), 'ava-bench-'));
    const path = join(scratch, 'generated-20mb.x83');
    writeFileSync(path, generateX83(20 * 1024 * 1024));
    files.push({ name: 'generated 20 MB X83', path });
  }
  printMethod();
  if (files.length > 0) console.log('| file | size MiB | saxes-only MB/s (best/median) | gaeb→ava MB/s (best/median) | ratio (median) | target ≥ 0.50 | floor: saxes + JSON out MB/s (median), ratio | peak RSS gaeb→ava | ceiling 5×input+150 MB |');
  if (files.length > 0) console.log('|---|---|---|---|---|---|---|---|---|');
  for (const f of files) {
    if (!existsSync(f.path)) continue;
    const mb = readFileSync(f.path).length / 1048576;
    const s = measure('saxes', f.path);
    const c = measure('convert', f.path);
    const fl = measure('floor', f.path);
    const m = measure('memory', f.path);
    const ratio = s.medianMs / c.medianMs;
    const ceiling = 5 * mb + 150;
    console.log(`| ${f.name} | ${mb.toFixed(2)} | ${rate(mb, s.bestMs)} / ${rate(mb, s.medianMs)} | ${rate(mb, c.bestMs)} / ${rate(mb, c.medianMs)} | ${ratio.toFixed(2)} | ${ratio >= 0.5 ? 'met' : 'MISSED'} | ${rate(mb, fl.medianMs)}, ${(s.medianMs / fl.medianMs).toFixed(2)} | ${m.peakRssMb.toFixed(0)} MB (${m.detail}) | ${ceiling.toFixed(0)} MB ${m.peakRssMb <= ceiling ? 'met' : 'MISSED'} |`);
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (only !== 'generated') printLegacyTable(measure, (path) => statSync(path).size, ITERATIONS);
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else main();
