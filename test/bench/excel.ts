/**
 * Excel benchmark (not a test): a generated project of 10,000 positions (100 groups of 100, long texts of about
 * 300 characters) written to xlsx and read back by the `excel` plugin, beside bare xlsx-populate writing and
 * reading the same cells (values only: no styles, formulas, outline or embedded project) in the same run. Each
 * mode runs in a fresh child process (so its peak RSS is its own), after one untimed warm-up; the time is the
 * best of three.
 *
 *   npm run bench:excel
 *
 * Targets (issue 13): write ≤ 2 s and read ≤ 2 s on a 2-core machine, ≥ 0.7 × the bare library's speed, peak
 * memory ≤ 400 MB.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** One mode in this process: the project (write modes) or the workbook (read modes) comes from `dir`. */
async function child(mode: string, dir: string): Promise<void> {
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
  await fn(); // warm-up
  let best = Infinity;
  let result = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    result = await fn();
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
  }
  const size = mode.endsWith('write') ? result : (mode === 'read' ? ours : bare).length;
  process.stdout.write(JSON.stringify({ mode, bestMs: best, bytes: size, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
}

async function main(): Promise<void> {
  const only = process.argv.indexOf('--child');
  if (only >= 0) return child(process.argv[only + 1], process.argv[only + 2]);
  console.log(`excel bench: ${GROUPS * PER_GROUP} positions, ${cpus().length} cores, node ${process.version}`);
  const dir = mkdtempSync(join(tmpdir(), 'excel-bench-'));
  try {
    const project = generate();
    writeFileSync(join(dir, 'project.json'), JSON.stringify(project));
    writeFileSync(join(dir, 'ours.xlsx'), await writeExcel(project, defaultOptions({ ConversionCulture: 'de' }), ctx()));
    writeFileSync(join(dir, 'bare.xlsx'), await bareWrite(cells(project)));
    report(['write', 'bare-write', 'read', 'bare-read'].map((mode) =>
      JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', self, '--child', mode, dir], { encoding: 'utf8', maxBuffer: 1 << 20 })) as Measurement));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Measurement { mode: string; bestMs: number; bytes: number; peakRssMb: number }

function report(results: Measurement[]): void {
  console.log('mode        best ms   xlsx MB   MB/s    peak RSS MB');
  for (const r of results) {
    const mb = r.bytes / 1048576;
    console.log(`${r.mode.padEnd(11)} ${r.bestMs.toFixed(0).padStart(7)} ${mb.toFixed(2).padStart(9)} ${(mb / (r.bestMs / 1000)).toFixed(2).padStart(6)} ${r.peakRssMb.toFixed(0).padStart(13)}`);
  }
  const by = Object.fromEntries(results.map((r) => [r.mode, r.bestMs]));
  console.log(`speed vs bare library: write ${(by['bare-write'] / by.write).toFixed(2)}×, read ${(by['bare-read'] / by.read).toFixed(2)}×`);
}

if (process.argv[2] === '--dump') writeFileSync(process.argv[3], JSON.stringify(generate()));
else await main();
