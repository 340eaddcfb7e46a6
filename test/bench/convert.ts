/**
 * Conversion benchmark (not a test): GAEB DA XML → ava JSON on `Flechtingen GS AA.x83` (corpus) and a generated
 * 20 MB X83, side by side with a saxes-only parse of the same bytes, plus peak memory. Each measurement runs in a
 * fresh child process so that its peak RSS is its own.
 *
 *   npm run bench                  # all
 *   node --import tsx test/bench/convert.ts --only generated
 *
 * Targets (issue 2): conversion throughput ≥ 50 % of saxes-only; peak RSS < 5 × input + 150 MB.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath, hasCorpus } from '../support/corpus.js';
import { generateX83 } from './generate-x83.js';

const ITERATIONS = 5;
const self = fileURLToPath(import.meta.url);

interface Measurement { mode: string; bestMs: number; medianMs: number; peakRssMb: number; detail?: string }

/** Child side: runs one mode on one file and prints a JSON measurement. */
async function child(mode: string, file: string): Promise<void> {
  const bytes = readFileSync(file);
  const times: number[] = [];
  let detail = '';
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = process.hrtime.bigint();
    if (mode === 'saxes') {
      const { SaxesParser } = await import('saxes');
      const parser = new SaxesParser({ xmlns: false });
      let elements = 0;
      parser.on('opentag', () => void elements++);
      parser.on('text', () => undefined);
      const decoder = new TextDecoder('utf-8');
      for (let off = 0; off < bytes.length; off += 65536) parser.write(decoder.decode(bytes.subarray(off, off + 65536), { stream: true }));
      parser.write(decoder.decode()).close();
      detail = `${elements} elements`;
    } else {
      const { gaebPlugin } = await import('../../plugins/gaeb/index.js');
      const { avaPlugin } = await import('../../plugins/ava/index.js');
      const { prepareProject } = await import('../../core/model/index.js');
      const { defaultOptions } = await import('../../core/options/catalog.js');
      const { MessageCollector } = await import('../../core/pipeline/messages.js');
      const sink = new MessageCollector();
      const ctx = { sourceId: 'gaeb', targetId: 'ava', messages: sink.messages, report: (m: never) => sink.report(m) };
      const options = defaultOptions();
      const project = prepareProject(await gaebPlugin.reader!.read({ bytes }, options, ctx), {});
      const out = await avaPlugin.writer!.write(project, options, ctx);
      detail = `${(out.data.length / 1048576).toFixed(1)} MiB JSON`;
    }
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const m: Measurement = { mode, bestMs: times[0], medianMs: times[Math.floor(times.length / 2)], peakRssMb: process.resourceUsage().maxRSS / 1024, detail };
  process.stdout.write(JSON.stringify(m));
}

function measure(mode: string, file: string): Measurement {
  const out = execFileSync(process.execPath, ['--import', 'tsx', self, '--child', mode, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out) as Measurement;
}

function main(): void {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const files: { name: string; path: string }[] = [];
  if (hasCorpus && only !== 'generated') files.push({ name: 'Flechtingen GS AA.x83', path: corpusPath('gaeb', 'Flechtingen GS AA.x83') });
  if (only !== 'corpus') {
    const path = join(mkdtempSync(join(tmpdir(), 'ava-bench-')), 'generated-20mb.x83');
    writeFileSync(path, generateX83(20 * 1024 * 1024));
    files.push({ name: 'generated 20 MB X83', path });
  }
  console.log(`node ${process.version}, ${ITERATIONS} iterations per mode, best / median; each mode in its own process`);
  console.log('| file | size MiB | saxes-only MB/s (best/median) | gaeb→ava MB/s (best/median) | ratio (median) | target ≥ 0.50 | peak RSS gaeb→ava | ceiling 5×input+150 MB |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const f of files) {
    if (!existsSync(f.path)) continue;
    const mb = readFileSync(f.path).length / 1048576;
    const s = measure('saxes', f.path);
    const c = measure('convert', f.path);
    const rate = (ms: number) => (mb / (ms / 1000)).toFixed(1);
    const ratio = s.medianMs / c.medianMs;
    const ceiling = 5 * mb + 150;
    console.log(`| ${f.name} | ${mb.toFixed(2)} | ${rate(s.bestMs)} / ${rate(s.medianMs)} | ${rate(c.bestMs)} / ${rate(c.medianMs)} | ${ratio.toFixed(2)} | ${ratio >= 0.5 ? 'met' : 'MISSED'} | ${c.peakRssMb.toFixed(0)} MB (${c.detail}) | ${ceiling.toFixed(0)} MB ${c.peakRssMb <= ceiling ? 'met' : 'MISSED'} |`);
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else main();
