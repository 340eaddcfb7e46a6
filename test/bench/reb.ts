/**
 * REB DA11 benchmark (not a test): a generated 2009 take-off of `--positions` items (default 10,000) with ten
 * calculations each (free formulas, a two-line one, standard formula 04, an H line and an address reference, a
 * comment), read (`readDa11` + `prepareProject`, as a conversion reads a source) and written back (`writeDa11`),
 * five runs after a warm-up; prints input size, best and median wall times, MB/s of the file and the median CPU
 * time (steadier on a loaded machine), and checks that the written file equals the generated one (the fixed point).
 *
 *   node --import tsx test/bench/reb.ts [--positions N]
 */
import { performance } from 'node:perf_hooks';
import iconv from 'iconv-lite';
import { prepareProject } from '../../core/model/index.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readDa11 } from '../../plugins/reb/da11/reader.js';
import { writeDa11 } from '../../plugins/reb/da11/writer.js';
import { RebReport } from '../../plugins/reb/report.js';
import { line, header } from '../reb/support.js';
import { nextAddress } from '../../plugins/reb/takeoff/address.js';

const arg = process.argv.indexOf('--positions');
const positions = arg > 0 ? Number(process.argv[arg + 1]) : 10_000;

function generate(n: number): Buffer {
  const lines = [header('1122PPPPI', 'Benchmark')];
  let address = '0001A0';
  const next = () => {
    const a = address;
    address = nextAddress(address)!;
    return a;
  };
  for (let i = 0; i < n; i++) {
    const oz = `${String(1 + Math.floor(i / 990)).padStart(2, '0')}${String(1 + (Math.floor(i / 10) % 99)).padStart(2, '0')}${String(10 * (1 + (i % 10))).padStart(4, '0')} `;
    lines.push(`11${oz} *${`Raum ${i}, Wand Nord`.padEnd(56)}`.padEnd(80));
    lines.push(line(oz, { expl: 'Wand', factor: '2000', fn: '91', body: `${i % 7 + 1},25*2,60=`, addr: next() }));
    lines.push(line(oz, { expl: 'Tür', sign: '-', fn: '91', body: '1,01*2,135=', addr: next() }));
    lines.push(line(oz, { expl: 'Sockel', fn: '04', values: ['5200', '2600', '300'], addr: next() }));
    const help = next();
    lines.push(line(oz, { flag: 'H', expl: 'Höhe', fn: '91', body: '2,75=', addr: help }));
    lines.push(line(oz, { expl: 'Ref', fn: '91', body: `${help}*3,5=`, addr: next() }));
    lines.push(line(oz, { expl: 'lang', fn: '91', body: '(1234,567+2345,678+3456,789+4567,891)', addr: next() }));
    lines.push(line(oz, { fn: '91', body: '*(5678,912-6789,123)/7,5=', addr: next() }));
    lines.push(line(oz, { expl: 'Winkel', fn: '91', body: 'sin(50)*4=', addr: next() }));
    lines.push(line(oz, { flag: 'Z', addr: next() }));
  }
  lines.push('99'.padEnd(80));
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp850');
}

function time<T>(f: () => T): { ms: number; cpu: number; value: T } {
  const t = performance.now();
  const c = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(c);
  return { ms: performance.now() - t, cpu: (used.user + used.system) / 1000, value };
}

const file = generate(positions);
if (process.env.REB_BENCH_OUT) (await import("node:fs")).writeFileSync(process.env.REB_BENCH_OUT, file);
const mb = file.length / 1e6;
const read = () => prepareProject(readDa11(file, new RebReport(new MessageCollector())));
read(); // warm-up
const reads = Array.from({ length: 5 }, () => time(read));
const project = reads[0].value;
const writes = Array.from({ length: 5 }, () => time(() => writeDa11(project, undefined, new RebReport(new MessageCollector()))));
const stats = (runs: { ms: number; cpu: number }[]) => {
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const cpu = runs.map((r) => r.cpu).sort((a, b) => a - b);
  return `wall best ${ms[0].toFixed(0)} ms, median ${ms[2].toFixed(0)} ms (${(mb / (ms[2] / 1000)).toFixed(1)} MB/s); CPU median ${cpu[2].toFixed(0)} ms`;
};
console.log(`DA11 ${positions} positions, ${file.length} bytes (${(file.length / 82).toFixed(0)} lines)`);
console.log(`read + prepare: ${stats(reads)}`);
console.log(`write:          ${stats(writes)}`);
console.log(`fixed point: ${writes[0].value.equals(file)}`);
