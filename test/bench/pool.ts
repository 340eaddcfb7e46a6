/**
 * Conversion pool benchmark (not a test): does the event loop keep answering while large conversions run?
 * For each mode — the worker pool (`pool.threads: 2`) and the main thread (`pool.threads: 0`) — one gateway
 * server runs in its own child process (`loadConfig` → `createGatewayContainer` → `buildApp` → `listen`, as
 * `server.ts` does), and autocannon, here in the parent, measures `GET /status` and `POST /connect/token`
 * (client_credentials, Basic `local-client:local-secret`, scope `avacloud`):
 *   (a) idle, and
 *   (b) while a loader child keeps four conversions of a generated 20 MB GAEB DA XML file (`generate-x83.ts`) in
 *       flight, re-submitting each as soon as it is answered, so the load lasts the whole measurement.
 * Then the loader converts the same set of files (12 × 20 MB, 4 at a time) and the conversions per second are
 * reported for both modes. The loader runs in a process of its own so that its uploads do not delay
 * autocannon's event loop (which would show up as server latency).
 *
 *   npm run bench:pool
 *   node --import tsx test/bench/pool.ts --duration 10 --connections 10 --size 20 --files 8 --target ava
 *   (--only pool | --only main runs one mode; --threads 2 sets the pool size)
 *
 * autocannon keeps a fixed number of connections busy (a closed loop): while the event loop stands still, only
 * those few requests wait, so a stall shows in req/s, p99.9 and max more than in p99.
 * On a machine shared with other work, conversions/s depends on the cores left free: the table shows the
 * server's CPU time per conversion and how many cores other processes kept busy meanwhile.
 *
 * Target (issue 9): `/status` p99 < 50 ms under load with the pool.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateX83 } from './generate-x83.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const self = fileURLToPath(import.meta.url);
const BASIC = `Basic ${Buffer.from('local-client:local-secret').toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';
const TOKEN_BODY = 'grant_type=client_credentials&scope=avacloud';

/** What a loader child does (JSON in `BENCH_LOAD`): keep `concurrency` conversions going until told to stop, or run `total` of them. */
interface LoadSpec {
  port: number;
  file: string;
  target: string;
  concurrency: number;
  total?: number;
}

/** CPU time of this process so far (all its threads), ms. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU time of the whole machine so far, ms summed over cores (everything but idle and iowait). */
const machineBusyMs = () => cpus().reduce((a, c) => a + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);

// ---------------------------------------------------------------------------------------------------------------
// Server child: `--serve`, pool size in BENCH_POOL_THREADS

async function serve(): Promise<void> {
  await import('reflect-metadata');
  const { loadConfig } = await import('../../config/load.js');
  const { createGatewayContainer } = await import('../../gateway/composition-root.js');
  const { buildApp } = await import('../../gateway/app.js');
  const config = loadConfig({}, {
    logLevel: 'silent',
    limits: { uploadBytes: 64 * 1024 * 1024 },
    pool: { threads: Number(process.env.BENCH_POOL_THREADS), maxQueue: 64, timeoutSeconds: 600 },
    rateLimits: { enabled: false },
  });
  const app = await buildApp({ container: await createGatewayContainer(config) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  let conversions = 0;
  app.server.on('request', (req: { url?: string }) => void (req.url?.startsWith('/conversion/') && conversions++));
  process.on('message', (m: { type: string }) => {
    if (m.type === 'cpu') process.send!({ type: 'cpu', ms: cpuMs() });
    if (m.type === 'conversions') process.send!({ type: 'conversions', received: conversions });
    if (m.type === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send!({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
}

// ---------------------------------------------------------------------------------------------------------------
// Loader child: `--load`

async function load(): Promise<void> {
  const spec = JSON.parse(process.env.BENCH_LOAD ?? '') as LoadSpec;
  const base = `http://127.0.0.1:${spec.port}`;
  const tokenRes = await fetch(`${base}/connect/token`, { method: 'POST', headers: { 'content-type': FORM, authorization: BASIC }, body: TOKEN_BODY });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const boundary = '----avapoolbench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="gaebFile"; filename="bench.X83"\r\nContent-Type: application/xml\r\n\r\n`),
    readFileSync(spec.file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` };
  let stopping = false;
  let started = 0;
  let completed = 0;
  let failed = 0;
  process.on('message', (m: { type: string }) => void (m.type === 'stop' && (stopping = true)));
  const t0 = performance.now();
  const loop = async () => {
    while (!stopping && (spec.total === undefined || started < spec.total)) {
      started++;
      const res = await fetch(`${base}/conversion/gaeb/${spec.target}`, { method: 'POST', headers, body });
      const out = await res.arrayBuffer();
      if (res.status === 200 && out.byteLength > 0) completed++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, loop));
  process.send!({ type: 'done', completed, failed, seconds: (performance.now() - t0) / 1000, cpuMs: cpuMs() });
  process.disconnect();
}

// ---------------------------------------------------------------------------------------------------------------
// Parent

interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number; p99_9: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<CannonResult>;

interface Child {
  proc: ChildProcess;
  request<T>(message: { type: string }, reply: string): Promise<T>;
}

function fork(args: string[], env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', self, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const request = <T>(message: { type: string }, reply: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== reply) return;
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        resolve(m as T);
      };
      const onExit = (code: number) => reject(new Error(`child ${args[0]} exited with code ${code}`));
      proc.on('message', onMessage);
      proc.once('exit', onExit);
      if (message.type !== '') proc.send(message);
    });
  return { proc, request };
}

const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '10'));
const SIZE_MB = Number(arg('size', '20'));
const FILES = Number(arg('files', '12'));
const TARGET = arg('target', 'ava');
const THREADS = Number(arg('threads', '2'));
const ONLY = arg('only', '');

interface Row { mode: string; endpoint: string; state: string; r: CannonResult }

async function cannon(autocannon: Autocannon, port: number, endpoint: 'status' | 'token', duration: number): Promise<CannonResult> {
  const options = endpoint === 'status'
    ? { url: `http://127.0.0.1:${port}/status` }
    : { url: `http://127.0.0.1:${port}/connect/token`, method: 'POST', headers: { 'content-type': FORM, authorization: BASIC }, body: TOKEN_BODY };
  return autocannon({ ...options, connections: CONNECTIONS, duration, timeout: 60 });
}

interface Batch {
  convPerSecond: number;
  /** Server CPU time per conversion, s (main thread and workers). */
  serverCpuPerConversion: number;
  /** Cores the other processes of the machine kept busy meanwhile (other work on a shared machine). */
  otherCores: number;
  underLoad: number;
}
type LoadDone = { completed: number; failed: number; seconds: number; cpuMs: number };

async function runMode(autocannon: Autocannon, mode: string, threads: number, file: string, rows: Row[]): Promise<Batch> {
  const server = fork(['--serve'], { BENCH_POOL_THREADS: String(threads) });
  const { port } = await server.request<{ port: number }>({ type: '' }, 'ready');
  const loader = (spec: Omit<LoadSpec, 'port' | 'file' | 'target'>) => fork(['--load'], { BENCH_LOAD: JSON.stringify({ port, file, target: TARGET, ...spec }) });
  try {
    // warm-up: both workers started, JIT settled, the endpoints once
    await loader({ concurrency: 2, total: 2 }).request({ type: '' }, 'done');
    for (const endpoint of ['status', 'token'] as const) await cannon(autocannon, port, endpoint, 1);
    for (const endpoint of ['status', 'token'] as const) rows.push({ mode, endpoint, state: 'idle', r: await cannon(autocannon, port, endpoint, DURATION) });
    const busy = loader({ concurrency: 4 });
    const finished = busy.request<LoadDone>({ type: '' }, 'done');
    // the load is on once the server has received the loader's four requests
    const before = (await server.request<{ received: number }>({ type: 'conversions' }, 'conversions')).received;
    while ((await server.request<{ received: number }>({ type: 'conversions' }, 'conversions')).received < before + 4) {
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const endpoint of ['status', 'token'] as const) rows.push({ mode, endpoint, state: `4 × ${SIZE_MB} MB converting`, r: await cannon(autocannon, port, endpoint, DURATION) });
    busy.proc.send({ type: 'stop' });
    const load = await finished;
    const serverCpu = async () => (await server.request<{ ms: number }>({ type: 'cpu' }, 'cpu')).ms;
    const cpu0 = await serverCpu();
    const machine0 = machineBusyMs();
    const own0 = cpuMs();
    const batch = await loader({ concurrency: 4, total: FILES }).request<LoadDone>({ type: '' }, 'done');
    const serverMs = (await serverCpu()) - cpu0;
    const others = machineBusyMs() - machine0 - serverMs - batch.cpuMs - (cpuMs() - own0);
    if (batch.failed || load.failed) console.error(`${mode}: ${batch.failed + load.failed} conversions failed`);
    return {
      convPerSecond: batch.completed / batch.seconds,
      serverCpuPerConversion: serverMs / 1000 / batch.completed,
      otherCores: Math.max(0, others) / 1000 / batch.seconds,
      underLoad: load.completed,
    };
  } finally {
    server.proc.send({ type: 'stop' });
    await new Promise((r) => server.proc.once('exit', r));
  }
}

async function main(): Promise<void> {
  const autocannon = ((await import('autocannon' as string)) as { default: Autocannon }).default;
  const dir = mkdtempSync(join(tmpdir(), 'ava-bench-pool-'));
  const file = join(dir, 'bench.X83');
  writeFileSync(file, generateX83(SIZE_MB * 1024 * 1024));
  const modes = [
    { mode: `pool (${THREADS} threads)`, threads: THREADS, key: 'pool' },
    { mode: 'main thread (threads 0)', threads: 0, key: 'main' },
  ].filter((m) => !ONLY || m.key === ONLY);
  const rows: Row[] = [];
  const throughput: string[] = [];
  try {
    for (const m of modes) {
      const b = await runMode(autocannon, m.mode, m.threads, file, rows);
      throughput.push(`| ${m.mode} | ${b.convPerSecond.toFixed(2)} | ${b.serverCpuPerConversion.toFixed(2)} | ${b.otherCores.toFixed(2)} | ${b.underLoad} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = (v: number) => v.toFixed(1);
  console.log(`\n${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length} cores, node ${process.version}; load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`GAEB DA XML ${SIZE_MB} MB → ${TARGET}; autocannon ${CONNECTIONS} connections, ${DURATION} s per row; server and loader in child processes\n`);
  console.log('| mode | endpoint | state | req/s | p50 ms | p99 ms | p99.9 ms | max ms | errors |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
  for (const { mode, endpoint, state, r } of rows) {
    console.log(`| ${mode} | ${endpoint === 'status' ? 'GET /status' : 'POST /connect/token'} | ${state} | ${r.requests.average.toFixed(0)} | ${ms(r.latency.p50)} | ${ms(r.latency.p99)} | ${ms(r.latency.p99_9)} | ${ms(r.latency.max)} | ${r.non2xx + r.errors + r.timeouts} |`);
  }
  console.log(`\n| mode | conversions/s (${FILES} × ${SIZE_MB} MB, 4 at a time) | server CPU s per conversion | cores busy with other processes meanwhile | conversions finished during the load rows |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const line of throughput) console.log(line);
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv.includes('--load')) await load();
else await main();
