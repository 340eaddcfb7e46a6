/**
 * Measuring helpers shared by the conversion benchmarks (`convert.ts`, `oenorm.ts`; not tests): every mode runs in
 * a child process of its own (the bench script started again with `--child MODE FILE …`), its modules loaded before
 * any clock starts; the child prints one JSON {@link Measurement} on stdout, which the parent reads.
 *
 * Timing: an untimed warm-up of at least {@link WARMUP_MS} and 2 runs (so the JIT has settled, for a 100 KB file as
 * for a 20 MB one), then at least {@link ITERATIONS} timed runs and {@link TIMED_MS}; best and median in ms. A
 * `once` mode runs a single time without warm-up, so that the process's peak RSS (`process.resourceUsage().maxRSS`)
 * is the peak of one run rather than of several in a row. Besides wall time, each run's CPU time of the process
 * (`process.cpuUsage`, user + system, garbage collector threads included) is kept: on a machine shared with other
 * work, a mode that had to wait for a CPU shows it in wall time only, so ratios of CPU times vary less.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';

export const ITERATIONS = 5;
export const WARMUP_MS = 1000;
export const TIMED_MS = 2000;
/**
 * The least number of pairs a paired measurement times (a 20 MB file: about 35 s; the median of 15 pairs moved by
 * ±0.03 from run to run here, too much beside a 0.5 target).
 */
export const PAIRS = 31;

/**
 * What a child reports: wall and CPU times in ms, peak RSS in MB (MiB), the last run's result and a description of it;
 * per timed run (medians) the system part of the CPU time in ms and the minor page faults (memory the process
 * touched for the first time, or again after the garbage collector gave it back).
 */
export interface Measurement {
  mode: string; bestMs: number; medianMs: number; bestCpuMs: number; medianCpuMs: number; peakRssMb: number; result: number; detail?: string;
  medianSystemMs?: number; medianPageFaults?: number;
}

/** A timed operation over the file's bytes; its number (elements, bytes written …) is described by the caller. */
export type Run = (bytes: Buffer) => Promise<number>;

interface Timing { wallMs: number; cpuMs: number; systemMs: number; pageFaults: number; result: number }

/** One run of `run`: its wall time, CPU time (user + system, all threads) and system time in ms, its minor page faults and its result. */
async function timeOnce(run: Run, bytes: Buffer): Promise<Timing> {
  const f0 = process.resourceUsage().minorPageFault;
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const result = await run(bytes);
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const c = process.cpuUsage(c0);
  return { wallMs, cpuMs: (c.user + c.system) / 1000, systemMs: c.system / 1000, pageFaults: process.resourceUsage().minorPageFault - f0, result };
}

/** The median of `list`: the upper one of an even count, the lower one with `lower`; `list` is not changed. */
const median = (list: readonly number[], lower = false): number =>
  [...list].sort((a, b) => a - b)[Math.floor((list.length - (lower ? 1 : 0)) / 2)];
/** The median of `list`, the lower one of an even count; `list` is not changed. */
export const lowerMedian = (list: readonly number[]): number => median(list, true);

/**
 * Child side: warms `run` up (unless `once`), times it and prints the JSON {@link Measurement} on stdout.
 * @param detail describes the last run's result for the table
 */
export async function reportRuns(mode: string, run: Run, bytes: Buffer, once: boolean, detail: (result: number) => string): Promise<void> {
  let result = 0;
  if (!once) {
    const start = performance.now();
    for (let i = 0; i < 2 || performance.now() - start < WARMUP_MS; i++) result = await run(bytes);
  }
  const timings: Timing[] = [];
  const start = performance.now();
  for (let i = 0; once ? i < 1 : i < ITERATIONS || performance.now() - start < TIMED_MS; i++) {
    const timing = await timeOnce(run, bytes);
    result = timing.result;
    timings.push(timing);
  }
  const times = timings.map((t) => t.wallMs);
  const cpuTimes = timings.map((t) => t.cpuMs);
  const m: Measurement = {
    mode, bestMs: Math.min(...times), medianMs: median(times), bestCpuMs: Math.min(...cpuTimes), medianCpuMs: median(cpuTimes),
    peakRssMb: process.resourceUsage().maxRSS / 1024, result, detail: detail(result),
    medianSystemMs: median(timings.map((t) => t.systemMs)), medianPageFaults: median(timings.map((t) => t.pageFaults)),
  };
  process.stdout.write(JSON.stringify(m));
}

/** Parent side: runs `script --child mode file ...extra` under tsx in a fresh Node process and returns its measurement. */
export function measureInChild(script: string, mode: string, file: string, extra: readonly string[] = []): Measurement {
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, '--child', mode, file, ...extra], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out) as Measurement;
}

/** A saxes-only run: parses the bytes (UTF-8, 64 KiB chunks) counting elements and receiving the texts, nothing else. */
export async function saxesOnly(): Promise<Run> {
  const { SaxesParser } = await import('saxes');
  return async (bytes) => saxesParse(SaxesParser, bytes);
}

/** Parses `bytes` with saxes, counting elements and receiving the texts; returns the element count. */
export function saxesParse(SaxesParser: typeof import('saxes').SaxesParser, bytes: Buffer): number {
  const parser = new SaxesParser({ xmlns: false });
  let elements = 0;
  parser.on('opentag', () => void elements++);
  parser.on('text', () => undefined);
  const decoder = new TextDecoder('utf-8');
  for (let off = 0; off < bytes.length; off += 65536) parser.write(decoder.decode(bytes.subarray(off, off + 65536), { stream: true }));
  parser.write(decoder.decode()).close();
  return elements;
}

/** What a paired child reports: medians of both operations' wall and CPU times in ms, and the median per-pair ratio. */
export interface PairedMeasurement {
  pairs: number; baseMedianMs: number; testMedianMs: number; baseMedianCpuMs: number; testMedianCpuMs: number;
  /** Median over the pairs of base time ÷ test time (wall), and of the CPU times. */
  ratio: number; cpuRatio: number;
}

/**
 * Child side: times `base` and `test` on the same bytes in alternation (base, test, base, test …), after warming
 * both up, for at least {@link PAIRS} pairs and {@link TIMED_MS} × 2, and prints a JSON
 * {@link PairedMeasurement}. Each pair's ratio compares two runs made within milliseconds of each other, so both
 * meet the machine in the same state: on a shared machine whose speed changes from one second to the next (seen
 * here: saxes alone on the same 80 kB file, p10 0.57 ms and median 1.09 ms in one process), separate processes
 * measured one after the other can compare a fast period with a slow one. Garbage is collected as it comes, in
 * whichever run meets it, as in the separate processes (a forced full collection between pairs made every run
 * several times slower here: V8 then also drops compiled code).
 */
export async function reportPairedRuns(base: Run, test: Run, bytes: Buffer): Promise<void> {
  const start = performance.now();
  for (let i = 0; i < 2 || performance.now() - start < WARMUP_MS; i++) {
    await base(bytes);
    await test(bytes);
  }
  const b: number[] = [], t: number[] = [], bc: number[] = [], tc: number[] = [], r: number[] = [], rc: number[] = [];
  const begin = performance.now();
  for (let i = 0; i < PAIRS || performance.now() - begin < 2 * TIMED_MS; i++) {
    const x = await timeOnce(base, bytes);
    const y = await timeOnce(test, bytes);
    b.push(x.wallMs); t.push(y.wallMs); bc.push(x.cpuMs); tc.push(y.cpuMs);
    r.push(x.wallMs / y.wallMs);
    rc.push(y.cpuMs > 0 ? x.cpuMs / y.cpuMs : x.wallMs / y.wallMs);
  }
  const m: PairedMeasurement = {
    pairs: r.length, baseMedianMs: median(b), testMedianMs: median(t), baseMedianCpuMs: median(bc), testMedianCpuMs: median(tc),
    ratio: median(r), cpuRatio: median(rc),
  };
  process.stdout.write(JSON.stringify(m));
}

/** Parent side: runs `script --child paired file ...extra` under tsx and returns its {@link PairedMeasurement}. */
export function measurePairedInChild(script: string, file: string, extra: readonly string[] = []): PairedMeasurement {
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, '--child', 'paired', file, ...extra], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out) as PairedMeasurement;
}

/**
 * {@link measurePairedInChild} in `processes` child processes one after the other: the measurement of the median
 * ratio, and every process's ratio (ascending). Within one process the median over the pairs is stable, but two
 * processes differ by more (seen here on a generated 20 MB ONLV: 0.49 to 0.54 in sixteen processes, each the median
 * of 31 pairs): each process compiles and collects garbage its own way. The median of several processes is the
 * steadier figure; the range shows the spread.
 */
export function measurePairedProcesses(script: string, file: string, processes: number): { median: PairedMeasurement; ratios: number[] } {
  const runs = Array.from({ length: processes }, () => measurePairedInChild(script, file)).sort((a, b) => a.ratio - b.ratio);
  return { median: runs[Math.floor((runs.length - 1) / 2)], ratios: runs.map((r) => r.ratio) };
}

/** What {@link measureAlternatedProcesses} gives: each process's measurement and each pair's ratios. */
export interface AlternatedMeasurement {
  base: Measurement[];
  test: Measurement[];
  /** Per pair: base median ÷ test median, wall and CPU time, in pair order. */
  ratios: number[];
  cpuRatios: number[];
}

/**
 * `base` and `test` modes ({@link measureInChild}) in `pairs` pairs of child processes, alternated (base, test,
 * base, test …): each mode runs alone in its own process, its heap shaped by itself only, and each pair's two
 * processes run within seconds of each other. A paired measurement in one process ({@link reportPairedRuns})
 * cancels the machine's changing speed but shares one heap: runs of a reader that keeps a large project grow the
 * young generation and leave old-generation garbage, and a saxes-only run in that heap was slower than alone
 * (generated 20 MB ONLV: 4–25 % in six process pairs, new space 128 MB instead of 32 MB), which flatters the ratio.
 */
export function measureAlternatedProcesses(script: string, file: string, base: string, test: string, pairs: number): AlternatedMeasurement {
  const out: AlternatedMeasurement = { base: [], test: [], ratios: [], cpuRatios: [] };
  for (let i = 0; i < pairs; i++) {
    const b = measureInChild(script, base, file);
    const t = measureInChild(script, test, file);
    out.base.push(b);
    out.test.push(t);
    out.ratios.push(b.medianMs / t.medianMs);
    out.cpuRatios.push(b.medianCpuMs / t.medianCpuMs);
  }
  return out;
}

/** The header lines of a bench: Node version, CPUs, load average and the timing method. */
export function printMethod(): void {
  console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`each mode in its own process: ${WARMUP_MS / 1000} s untimed warm-up, then ≥ ${ITERATIONS} timed runs and ≥ ${TIMED_MS / 1000} s (best / median); peak RSS from a separate process running once`);
}

/** MB/s (MiB of input per second) of `mb` processed in `ms`, one decimal. */
export const rate = (mb: number, ms: number): string => (mb / (ms / 1000)).toFixed(1);
