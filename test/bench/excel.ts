/**
 * Excel benchmark (not a test): a generated project of 10,000 positions (100 groups of 100, long texts of about
 * 300 characters) written to xlsx and read back by the `excel` plugin, beside bare xlsx-populate writing and
 * reading the same cells (values only: no styles, formulas, outline or embedded project) in the same run. Each
 * mode runs in a fresh child process after one untimed warm-up, the time being the best of three (wall and CPU
 * time: on a busy machine the CPU time is the steadier figure); the peak RSS comes from another child that runs the
 * mode once, so it is the peak of one write or read rather than of several in a row. That child runs under tsx, whose
 * loader and on-the-fly compiled modules hold about 60 MB more than the compiled package does; when `dist/` is
 * built (`npm run build`), the plugin's own write and read are also measured once from `dist/` in plain node, as
 * `npm start` runs them (column "compiled").
 *
 *   npm run bench:excel
 *
 * Targets (issue 13): write ≤ 2 s and read ≤ 2 s on a 2-core machine, ≥ 0.7 × the bare library's speed, peak
 * memory ≤ 400 MB.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import XlsxPopulate from 'xlsx-populate';
import { prepareProject } from '../../core/model/index.js';
import type { ElementDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import type { ConversionContext } from '../../core/plugin/contract.js';
import { readExcel } from '../../plugins/excel/reader/index.js';
import { writeExcel } from '../../plugins/excel/writer.js';

const GROUPS = 100;
const PER_GROUP = 100;
const RUNS = 3;
const self = fileURLToPath(import.meta.url);
const WORDS = 'Beton Schalung Bewehrung Mauerwerk Estrich Abdichtung Dämmung liefern und einbauen gemäß Norm inklusive aller Nebenleistungen'.split(' ');

function generate(): ProjectDto {
  const elements: ElementDto[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let g = 1; g <= GROUPS; g++) {
    const children: ElementDto[] = [];
    for (let p = 1; p <= PER_GROUP; p++) {
      const text = Array.from({ length: 40 }, () => WORDS[next() % WORDS.length]).join(' ');
      children.push({
        elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: `${String(g).padStart(3, '0')}.${String(p * 10).padStart(4, '0')}` },
        shortText: `Position ${g}.${p} ${WORDS[next() % WORDS.length]}`, longText: text, unitTag: 'm2',
        quantityComponents: [{ formula: `${next() % 100},5*${next() % 10 + 1}` }], unitPriceOverride: (next() % 100000) / 100,
      } as ElementDto);
    }
    elements.push({ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: `${String(g).padStart(3, '0')}.` }, shortText: `Gruppe ${g}`, elements: children } as ElementDto);
  }
  return prepareProject({ priceAccuracy: 2, serviceSpecifications: [{ name: 'Bench', elements }] });
}

const ctx = (): ConversionContext => {
  const sink = new MessageCollector();
  return { sourceId: 'excel', targetId: 'excel', messages: sink.messages, report: (m) => sink.report(m) };
};

/** The cells of the layout as plain values, row by row (what the bare library writes). */
function cells(project: ProjectDto): (string | number)[][] {
  const rows: (string | number)[][] = [['OZ', 'Art', 'Kurztext', 'Langtext', 'Menge', 'Einheit', 'EP', 'GP', 'ID']];
  for (const g of project.serviceSpecifications![0].elements as { itemNumber: { stringRepresentation: string }; shortText: string; totalPrice: number; id: string; elements: Record<string, unknown>[] }[]) {
    rows.push([g.itemNumber.stringRepresentation, 'Titel', g.shortText, '', '', '', '', g.totalPrice, g.id]);
    for (const p of g.elements) {
      rows.push([(p.itemNumber as { stringRepresentation: string }).stringRepresentation, 'Position', p.shortText as string, p.longText as string, p.quantity as number, p.unitTag as string, p.unitPrice as number, p.totalPrice as number, p.id as string]);
    }
  }
  return rows;
}

async function bareWrite(rows: (string | number)[][]): Promise<Buffer> {
  const wb = await XlsxPopulate.fromBlankAsync();
  const sheet = wb.sheet(0)!;
  rows.forEach((row, r) => row.forEach((v, c) => v !== '' && sheet.cell(r + 1, c + 1).value(v)));
  return wb.outputAsync();
}

async function bareRead(bytes: Buffer): Promise<number> {
  const wb = await XlsxPopulate.fromDataAsync(bytes);
  let n = 0;
  wb.sheet(0)!.forEachExistingRow((row) => {
    for (let c = 1; c <= 9; c++) if (row.cell(c).value() !== undefined) n++;
  });
  return n;
}

/**
 * One mode in this process: the project (write modes) or the workbook (read modes) comes from `dir`. `timed`:
 * a warm-up and three timed runs; otherwise one run, whose peak RSS is that of one conversion.
 */
async function child(mode: string, dir: string, timed: boolean): Promise<void> {
  const options = defaultOptions({ ConversionCulture: 'de' });
  const project = mode.endsWith('write') ? (JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')) as ProjectDto) : undefined;
  const rows = project && mode === 'bare-write' ? cells(project) : [];
  const ours = mode === 'read' ? readFileSync(join(dir, 'ours.xlsx')) : Buffer.alloc(0);
  const bare = mode === 'bare-read' ? readFileSync(join(dir, 'bare.xlsx')) : Buffer.alloc(0);
  const run: Record<string, () => Promise<number>> = {
    write: async () => (await writeExcel(project!, options, ctx())).length,
    read: async () => JSON.stringify(await readExcel(ours, defaultOptions(), ctx())).length,
    'bare-write': async () => (await bareWrite(rows)).length,
    'bare-read': async () => bareRead(bare),
  };
  const fn = run[mode];
  if (timed) await fn(); // warm-up
  let best = Infinity;
  let bestCpu = Infinity;
  let result = 0;
  for (let i = 0; i < (timed ? RUNS : 1); i++) {
    const t = process.hrtime.bigint();
    const c = process.cpuUsage();
    result = await fn();
    const used = process.cpuUsage(c);
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
    bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
  }
  const size = mode.endsWith('write') ? result : (mode === 'read' ? ours : bare).length;
  process.stdout.write(JSON.stringify({ mode, bestMs: best, cpuMs: bestCpu, bytes: size, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
}

async function main(): Promise<void> {
  const only = process.argv.indexOf('--child');
  if (only >= 0) return child(process.argv[only + 1], process.argv[only + 2], process.argv[only + 3] === 'timed');
  console.log(`excel bench: ${GROUPS * PER_GROUP} positions, ${cpus().length} cores, node ${process.version}`);
  const dir = mkdtempSync(join(tmpdir(), 'excel-bench-'));
  try {
    const project = generate();
    writeFileSync(join(dir, 'project.json'), JSON.stringify(project));
    writeFileSync(join(dir, 'ours.xlsx'), await writeExcel(project, defaultOptions({ ConversionCulture: 'de' }), ctx()));
    writeFileSync(join(dir, 'bare.xlsx'), await bareWrite(cells(project)));
    const measure = (mode: string, how: string) =>
      JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', self, '--child', mode, dir, how], { encoding: 'utf8', maxBuffer: 1 << 20 })) as Measurement;
    report(['write', 'bare-write', 'read', 'bare-read'].map((mode) => ({
      ...measure(mode, 'timed'), peakRssMb: measure(mode, 'once').peakRssMb, compiledRssMb: compiledPeakRss(mode, dir),
    })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Wall time and CPU time (user + system, all threads: the figure that a busy machine disturbs least). */
interface Measurement { mode: string; bestMs: number; cpuMs: number; bytes: number; peakRssMb: number; compiledRssMb?: number }

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Peak RSS in MB of one write or read by the compiled plugin (`dist/`, plain node, no tsx), or undefined for the
 * bare-library modes and when `dist/` is not built.
 */
function compiledPeakRss(mode: string, dir: string): number | undefined {
  if ((mode !== 'write' && mode !== 'read') || !existsSync(join(DIST, 'plugins/excel/writer.js'))) return undefined;
  const url = (path: string) => JSON.stringify(pathToFileURL(join(DIST, path)).href);
  const script = `
    import { readFileSync } from 'node:fs';
    const { ${mode === 'write' ? 'writeExcel' : 'readExcel'}: run } = await import(${url(mode === 'write' ? 'plugins/excel/writer.js' : 'plugins/excel/reader/index.js')});
    const { defaultOptions } = await import(${url('core/options/catalog.js')});
    const { MessageCollector } = await import(${url('core/pipeline/messages.js')});
    const sink = new MessageCollector();
    const ctx = { sourceId: 'excel', targetId: 'excel', messages: sink.messages, report: (m) => sink.report(m) };
    const input = ${mode === 'write' ? `JSON.parse(readFileSync(${JSON.stringify(join(dir, 'project.json'))}, 'utf8'))` : `readFileSync(${JSON.stringify(join(dir, 'ours.xlsx'))})`};
    await run(input, defaultOptions(${mode === 'write' ? "{ ConversionCulture: 'de' }" : ''}), ctx);
    process.stdout.write(String(process.resourceUsage().maxRSS / 1024));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

function report(results: Measurement[]): void {
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('mode        wall ms  cpu ms   xlsx MB   MB/s    peak RSS MB (tsx / compiled)');
  for (const r of results) {
    const mb = r.bytes / 1048576;
    console.log(`${r.mode.padEnd(11)} ${r.bestMs.toFixed(0).padStart(7)} ${r.cpuMs.toFixed(0).padStart(7)} ${mb.toFixed(2).padStart(9)} ${(mb / (r.bestMs / 1000)).toFixed(2).padStart(6)} ${r.peakRssMb.toFixed(0).padStart(13)} / ${r.compiledRssMb === undefined ? '–' : r.compiledRssMb.toFixed(0)}`);
  }
  const wall = Object.fromEntries(results.map((r) => [r.mode, r.bestMs]));
  const cpu = Object.fromEntries(results.map((r) => [r.mode, r.cpuMs]));
  console.log(`speed vs bare library (wall): write ${(wall['bare-write'] / wall.write).toFixed(2)}×, read ${(wall['bare-read'] / wall.read).toFixed(2)}×`);
  console.log(`speed vs bare library (cpu):  write ${(cpu['bare-write'] / cpu.write).toFixed(2)}×, read ${(cpu['bare-read'] / cpu.read).toFixed(2)}×`);
}

if (process.argv[2] === '--dump') writeFileSync(process.argv[3], JSON.stringify(generate()));
else await main();
