/**
 * Token service benchmark (not a test): client-credentials tokens per second and introspections per second of
 * our gateway (memory store and Redis) side by side with node-oidc-provider 9 configured alike
 * (`./auth-oidc-provider.ts`, `./auth-gateway.ts`). Every server runs in its own child process, one at a time;
 * autocannon runs here, in the parent (on a 2-core machine: one core each, roughly).
 *
 *   node --import tsx test/bench/auth.ts                     # everything, prints one table
 *   node --import tsx test/bench/auth.ts --only gateway      # scenarios whose label contains "gateway"
 *   node --import tsx test/bench/auth.ts --profile           # CPU profile of our server's measured runs (memory; --only redis …), top costs
 *   node --import tsx test/bench/auth.ts --rate-limits         # our server with rate limits on (limits too high to bite): their cost
 *   options: --duration 10 --warmup 2 --connections 50 --tokens 2000 --rounds 1 --redis redis://127.0.0.1:6379
 *   (--rounds 3 interleaves the scenarios three times and shows the median round, and --nice -10 (root) runs the
 *   servers and autocannon at a higher priority: both for a machine shared with other work)
 *
 * Token run: `POST /connect/token` `grant_type=client_credentials&scope=avacloud`, Basic auth, ES256 JWT access
 * tokens. Introspection run: N opaque/reference tokens issued beforehand, then `POST /connect/introspect`
 * `token=…&token_type_hint=access_token` cycling through them (Basic `avacloud:local-api-secret`; oidc-provider
 * authenticates the same credentials as a client). Every response is checked: status 2xx and the body
 * (`"access_token":"` resp. `"active":true`); a run with any error, timeout or mismatch is marked INVALID.
 *
 * Targets (token service issue): ours ≥ 1.5 × oidc-provider on both runs with the memory store; Redis ≥ 0.7 ×
 * memory. The RS256 row is information only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

/** What a server child is told to start (JSON in `BENCH_SERVER_SPEC`). */
export interface ServerSpec {
  run: 'token' | 'introspection';
  store: 'memory' | 'redis';
  /** Signing algorithm of JWT access tokens (token run). */
  alg: 'ES256' | 'RS256';
  issuer: string;
  /** The benchmark client (client_credentials, Basic auth). */
  client: { id: string; secret: string; scope: string };
  /** Who introspects: our API resource; a client at oidc-provider. */
  introspector: { id: string; secret: string };
  /** Development key directory of our gateway (created once by the parent). */
  keyDir: string;
  redisUrl?: string;
  keyPrefix?: string;
  /** Our gateway only: write a CPU profile of the measured run here. */
  profileFile?: string;
  /** Our gateway only: keep `rateLimits` on (with limits no run reaches) instead of off. */
  rateLimits?: boolean;
}

type ServerName = 'oidc-provider' | 'ava-gateway';

interface Scenario {
  server: ServerName;
  store: 'memory' | 'redis';
  run: 'token' | 'introspection';
  alg: 'ES256' | 'RS256';
  info?: boolean;
}

interface Outcome {
  scenario: Scenario;
  status: 'ok' | 'invalid' | 'skipped';
  note?: string;
  rps?: number;
  p50?: number;
  p99?: number;
  requests?: number;
  errors?: number;
  serverCpu?: number;
  clientCpu?: number;
  /** Cores busy with other processes during the run (other sessions' work, redis-server). */
  otherCpu?: number;
  /** req/s of every round, when there were several. */
  rounds?: number[];
}

/** The subset of autocannon's result we read (it ships no TypeScript types). */
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  '2xx': number;
  duration: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<CannonResult>;

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const DURATION = Number(arg('duration', '10'));
const WARMUP = Number(arg('warmup', '2'));
const CONNECTIONS = Number(arg('connections', '50'));
const TOKENS = Number(arg('tokens', '2000'));
const ROUNDS = Number(arg('rounds', '1'));
/** Nice value for the servers and autocannon (e.g. -10 as root, on a machine busy with other work); absent = inherit. */
const NICE = flag('nice') ? Number(arg('nice', '-10')) : undefined;
const REDIS_URL = arg('redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const RATE_LIMITS = flag('rate-limits');
const CLIENT = { id: 'bench-client', secret: 'bench-secret', scope: 'avacloud' };
const INTROSPECTOR = { id: 'avacloud', secret: 'local-api-secret' };
const ISSUER = 'http://127.0.0.1';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';
const TOKEN_BODY = `grant_type=client_credentials&scope=${CLIENT.scope}`;

const label = (s: Scenario) => `${s.server} ${s.store} ${s.run} ${s.run === 'token' ? s.alg : 'opaque'}`;

// ---------------------------------------------------------------------------------------------------------------
// Server children

interface Child {
  proc: ChildProcess;
  port: number;
  detail: string;
  /** Cumulative CPU time of the child, ms (NaN when it has exited). */
  cpu(): Promise<number>;
  profileStart(): Promise<void>;
  stop(): Promise<void>;
}

function startChild(s: Scenario, spec: ServerSpec): Promise<Child> {
  const file = join(here, s.server === 'oidc-provider' ? 'auth-oidc-provider.ts' : 'auth-gateway.ts');
  // a child inherits this thread's nice value (see NICE), and its threads (libuv pool included) inherit it in turn
  const proc = spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, BENCH_SERVER_SPEC: JSON.stringify(spec), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => void (err += d.toString()));
  const exited = new Promise<void>((res) => proc.once('exit', () => res()));
  return new Promise((resolveChild, reject) => {
    const timer = setTimeout(() => {
      proc.kill();
      reject(new Error(`server did not start within 60 s\n${err}`));
    }, 60_000);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    };
    proc.once('exit', early);
    proc.once('message', (m: { type: string; port: number; detail: string }) => {
      clearTimeout(timer);
      proc.off('exit', early);
      resolveChild({
        proc,
        port: m.port,
        detail: m.detail,
        cpu: () =>
          Promise.race([
            new Promise<number>((res) => {
              proc.once('message', (c: { user: number; system: number }) => res((c.user + c.system) / 1000));
              if (proc.connected) proc.send({ type: 'cpu' });
            }),
            exited.then(() => NaN),
          ]),
        profileStart: () =>
          Promise.race([
            new Promise<void>((res) => {
              proc.once('message', () => res());
              if (proc.connected) proc.send({ type: 'profile-start' });
            }),
            exited,
          ]),
        stop: async () => {
          if (proc.connected) proc.send({ type: 'stop' });
          const timeout = setTimeout(() => proc.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(timeout);
        },
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Checks before a run

const decodePart = (jwt: string, i: number) => JSON.parse(Buffer.from(jwt.split('.')[i], 'base64url').toString('utf8')) as Record<string, unknown>;
const isJwt = (t: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(t);

async function post(port: number, path: string, auth: string, body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': FORM }, body });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { raw: text.slice(0, 200) };
  }
  return { status: res.status, json };
}

async function issue(port: number): Promise<string> {
  const { status, json } = await post(port, '/connect/token', basic(CLIENT.id, CLIENT.secret), TOKEN_BODY);
  if (status !== 200 || typeof json.access_token !== 'string') throw new Error(`token request answered ${status} ${JSON.stringify(json)}`);
  return json.access_token;
}

/** Token run: one token, checked to be a JWT of the expected algorithm; returns a description. */
async function checkTokenRun(port: number, s: Scenario): Promise<string> {
  const token = await issue(port);
  if (!isJwt(token)) throw new Error(`expected a JWT access token, got ${token.slice(0, 20)}…`);
  const header = decodePart(token, 0);
  const payload = decodePart(token, 1);
  if (header.alg !== s.alg) throw new Error(`expected alg ${s.alg}, got ${String(header.alg)}`);
  return `JWT ${String(header.alg)} typ=${String(header.typ)} aud=${JSON.stringify(payload.aud)} scope=${String(payload.scope)} (${token.length} chars)`;
}

/** Introspection run: issues `TOKENS` opaque tokens and checks that one introspects as active. */
async function prepareIntrospection(port: number): Promise<{ tokens: string[]; note: string }> {
  const tokens: string[] = [];
  for (let i = 0; i < TOKENS; i += 25) {
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(25, TOKENS - i) }, () => issue(port)))));
  }
  if (tokens.some(isJwt)) throw new Error('expected opaque/reference access tokens, got a JWT');
  if (new Set(tokens).size !== tokens.length) throw new Error('duplicate tokens');
  const probe = await post(port, '/connect/introspect', basic(INTROSPECTOR.id, INTROSPECTOR.secret), `token=${tokens[0]}&token_type_hint=access_token`);
  if (probe.status === 404) throw new SkipError('introspection endpoint not available (404)');
  if (probe.status !== 200 || probe.json.active !== true) throw new Error(`introspection probe answered ${probe.status} ${JSON.stringify(probe.json)}`);
  // a sample of tokens, spread over the list, must all be active
  for (let i = 0; i < tokens.length; i += Math.max(1, Math.floor(tokens.length / 20))) {
    const r = await post(port, '/connect/introspect', basic(INTROSPECTOR.id, INTROSPECTOR.secret), `token=${tokens[i]}&token_type_hint=access_token`);
    if (r.json.active !== true) throw new Error(`pre-issued token #${i} introspects as ${JSON.stringify(r.json)}`);
  }
  const keys = Object.keys(probe.json).sort().join(',');
  return { tokens, note: `${tokens.length} tokens of ${tokens[0].length} chars; response keys ${keys}` };
}

class SkipError extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// Load

function cannonOptions(port: number, s: Scenario, tokens: string[], duration: number): Record<string, unknown> {
  const common = { url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, pipelining: 1, duration, timeout: 10 };
  if (s.run === 'token') {
    return {
      ...common,
      requests: [{ method: 'POST', path: '/connect/token', headers: { authorization: basic(CLIENT.id, CLIENT.secret), 'content-type': FORM }, body: TOKEN_BODY }],
      verifyBody: (body: string) => body.includes('"access_token":"'),
    };
  }
  const bodies = tokens.map((t) => `token=${t}&token_type_hint=access_token`);
  let next = 0;
  return {
    ...common,
    requests: [
      {
        method: 'POST',
        path: '/connect/introspect',
        headers: { authorization: basic(INTROSPECTOR.id, INTROSPECTOR.secret), 'content-type': FORM },
        setupRequest: (req: Record<string, unknown>) => ({ ...req, body: bodies[next++ % bodies.length] }),
      },
    ],
    verifyBody: (body: string) => body.includes('"active":true'),
  };
}

/** CPU time of the whole machine so far, ms summed over cores (everything but idle and iowait). */
function machineBusyMs(): number {
  return cpus().reduce((a, c) => a + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);
}

const failures = (r: CannonResult) => r.non2xx + r.errors + r.timeouts + r.mismatches;

async function measure(s: Scenario, spec: ServerSpec): Promise<Outcome & { child?: Child }> {
  const autocannon = ((await import('autocannon' as string)) as { default: Autocannon }).default;
  let child: Child;
  try {
    child = await startChild(s, spec);
  } catch (err) {
    return { scenario: s, status: 'skipped', note: `server did not start: ${(err as Error).message.split('\n')[0]}` };
  }
  try {
    let note: string;
    let tokens: string[] = [];
    if (s.run === 'token') note = await checkTokenRun(child.port, s);
    else ({ tokens, note } = await prepareIntrospection(child.port));
    const warm = await autocannon(cannonOptions(child.port, s, tokens, WARMUP));
    if (spec.profileFile) await child.profileStart();
    const cpu0 = await child.cpu();
    const own0 = process.cpuUsage();
    const machine0 = machineBusyMs();
    const r = await autocannon(cannonOptions(child.port, s, tokens, DURATION));
    const cpu1 = await child.cpu();
    const own = process.cpuUsage(own0);
    const machine = machineBusyMs() - machine0;
    const wall = r.duration * 1000;
    const errors = failures(r);
    const warmErrors = failures(warm);
    const problems = [
      errors ? `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ${r.mismatches} body mismatches` : '',
      warmErrors ? `warm-up had ${warmErrors} failures` : '',
      r['2xx'] === 0 ? 'no successful response' : '',
    ].filter(Boolean);
    return {
      scenario: s,
      status: problems.length ? 'invalid' : 'ok',
      note: problems.length ? `${problems.join('; ')}` : note,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      requests: r['2xx'],
      errors,
      serverCpu: (cpu1 - cpu0) / wall,
      clientCpu: (own.user + own.system) / 1000 / wall,
      otherCpu: Math.max(0, (machine - (cpu1 - cpu0) - (own.user + own.system) / 1000) / wall),
      child,
    };
  } catch (err) {
    const note = err instanceof SkipError ? err.message : `failed: ${(err as Error).message}`;
    return { scenario: s, status: err instanceof SkipError ? 'skipped' : 'invalid', note, child };
  }
}

async function runScenario(s: Scenario, keyDir: string, profileFile?: string): Promise<Outcome> {
  const spec: ServerSpec = {
    run: s.run,
    store: s.store,
    alg: s.alg,
    issuer: ISSUER,
    client: CLIENT,
    introspector: INTROSPECTOR,
    keyDir,
    ...(profileFile && { profileFile }),
    ...(RATE_LIMITS && { rateLimits: true }),
    ...(s.store === 'redis' && { redisUrl: REDIS_URL, keyPrefix: `ava:bench:${process.pid}-${Date.now().toString(36)}:` }),
  };
  process.stderr.write(`… ${label(s)}`);
  const { child, ...outcome } = await measure(s, spec);
  process.stderr.write(` ${child ? `(${child.detail}) ` : ''}${outcome.rps !== undefined ? `${fmt(outcome.rps)} req/s` : outcome.note ?? ''}\n`);
  if (child) await child.stop();
  return outcome;
}

// ---------------------------------------------------------------------------------------------------------------
// Report

/** The round with the median req/s; invalid or skipped when any round was. */
function median(list: Outcome[]): Outcome {
  if (list.length === 1) return list[0];
  const bad = list.find((o) => o.status !== 'ok');
  const sorted = [...list].sort((a, b) => (a.rps ?? 0) - (b.rps ?? 0));
  const mid = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...(bad ?? mid), ...(bad ? {} : { rounds: list.map((o) => o.rps ?? 0) }) };
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined || Number.isNaN(n) ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));

function find(outcomes: Outcome[], server: ServerName, store: string, run: string, alg = 'ES256'): Outcome | undefined {
  return outcomes.find((o) => o.scenario.server === server && o.scenario.store === store && o.scenario.run === run && (run !== 'token' || o.scenario.alg === alg));
}

/** Requests per second of server CPU time: less sensitive than req/s to other load on the machine. */
const efficiency = (o: Outcome) => (o.requests && o.serverCpu ? o.requests / DURATION / o.serverCpu : undefined);

function ratio(a: Outcome | undefined, b: Outcome | undefined, target: number, what: string): string {
  if (!a?.rps || !b?.rps) return `| ${what} | — | — | ≥ ${target.toFixed(2)} | not measured |`;
  const r = a.rps / b.rps;
  const ea = efficiency(a);
  const eb = efficiency(b);
  const valid = a.status === 'ok' && b.status === 'ok';
  return `| ${what} | ${r.toFixed(2)} | ${ea && eb ? (ea / eb).toFixed(2) : '—'} | ≥ ${target.toFixed(2)} | ${!valid ? 'INVALID run' : r >= target ? 'met' : 'NOT met'} |`;
}

function report(outcomes: Outcome[]): void {
  const pkg = (name: string) => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  console.log(`\n${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length} cores, node ${process.version}, oidc-provider ${pkg('oidc-provider')}, autocannon ${pkg('autocannon')}`);
  console.log(`${CONNECTIONS} connections, pipelining 1, warm-up ${WARMUP} s, measured ${DURATION} s; introspection over ${TOKENS} pre-issued tokens; each server in its own process, autocannon in the parent${NICE === undefined ? '' : `; servers and autocannon at nice ${NICE}`}`);
  console.log(RATE_LIMITS
    ? 'ava-gateway runs with rateLimits on, perClient/perAddress 10^9 per window (never reached): the limiter\'s cost is in the figures'
    : 'ava-gateway runs with rateLimits.enabled: false (one client from one address far exceeds rateLimits.perClient/perAddress; this measures the token service, not the limiter; --rate-limits keeps them on)');
  console.log(`CPU columns = CPU time / wall time of the measured run (1.00 = one core busy); "other" = the rest of the machine (other processes, redis-server)`);
  console.log(`req/s = autocannon's average of per-second counts${ROUNDS > 1 ? `; ${ROUNDS} rounds, scenarios interleaved: the median round is shown, every round's req/s in the note` : ''}\n`);
  console.log('| server | store | run | req/s (avg) | p50 ms | p99 ms | 2xx | errors | server CPU | req per server CPU-s | autocannon CPU | other CPU | note |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const o of outcomes) {
    const s = o.scenario;
    const run = s.run === 'token' ? `token (${s.alg} JWT)${s.info ? ' [info]' : ''}` : 'introspection (opaque)';
    console.log(`| ${s.server} | ${s.server === 'oidc-provider' ? 'memory (LRU adapter)' : s.store} | ${run} | ${fmt(o.rps)} | ${fmt(o.p50, 1)} | ${fmt(o.p99, 1)} | ${fmt(o.requests)} | ${o.errors ?? '—'} | ${fmt(o.serverCpu, 2)} | ${fmt(o.requests && o.serverCpu ? o.requests / DURATION / o.serverCpu : undefined)} | ${fmt(o.clientCpu, 2)} | ${fmt(o.otherCpu, 2)} | ${o.rounds ? `rounds ${o.rounds.map((r) => fmt(r)).join(' / ')}; ` : ''}${o.status === 'ok' ? '' : o.status.toUpperCase() + ': '}${o.note ?? ''} |`);
  }
  console.log('\n| ratio | req/s ratio | req per CPU-s ratio (info) | target (on req/s) | verdict |');
  console.log('|---|---:|---:|---:|---|');
  for (const run of ['token', 'introspection'] as const) {
    console.log(ratio(find(outcomes, 'ava-gateway', 'memory', run), find(outcomes, 'oidc-provider', 'memory', run), 1.5, `${run}: ours (memory) / oidc-provider`));
  }
  for (const run of ['token', 'introspection'] as const) {
    console.log(ratio(find(outcomes, 'ava-gateway', 'redis', run), find(outcomes, 'ava-gateway', 'memory', run), 0.7, `${run}: ours Redis / ours memory`));
  }
  const rs = find(outcomes, 'ava-gateway', 'memory', 'token', 'RS256');
  const es = find(outcomes, 'ava-gateway', 'memory', 'token', 'ES256');
  if (rs?.rps && es?.rps) console.log(`| token: ours RS256 / ours ES256 (info) | ${(rs.rps / es.rps).toFixed(2)} | ${((efficiency(rs) ?? NaN) / (efficiency(es) ?? NaN)).toFixed(2)} | — | info |`);
}

// ---------------------------------------------------------------------------------------------------------------
// Profile (--profile): where our server spends its time

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }

function summarizeProfile(file: string, top = 25): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = profile.nodes.reduce((a, n) => a + (n.hitCount ?? 0), 0);
  const where = (n: ProfileNode) => {
    const url = n.callFrame.url.replace(/^file:\/\//, '').replace(resolve(here, '../..') + '/', '');
    return `${n.callFrame.functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '~/')}:${n.callFrame.lineNumber + 1}` : ''}`.trim();
  };
  const self = new Map<string, number>();
  for (const n of profile.nodes) self.set(where(n), (self.get(where(n)) ?? 0) + (n.hitCount ?? 0));
  // inclusive: hits of a node and its subtree, counted once per function per stack
  const inclusive = new Map<string, number>();
  const walk = (id: number, stack: Set<string>): number => {
    const n = byId.get(id)!;
    const key = where(n);
    const fresh = !stack.has(key);
    if (fresh) stack.add(key);
    let hits = n.hitCount ?? 0;
    for (const c of n.children ?? []) hits += walk(c, stack);
    if (fresh) {
      stack.delete(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + hits);
    }
    return hits;
  };
  walk(profile.nodes[0].id, new Set());
  const pct = (h: number) => `${((100 * h) / total).toFixed(1).padStart(5)} %`;
  console.log(`\nself time (top ${top} of ${total} samples):`);
  for (const [k, h] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(h)}  ${k}`);
  console.log(`\ninclusive time, project files and key libraries (top ${top}):`);
  const interesting = (k: string) => !k.startsWith('(') && /(core|gateway|plugins|config)\/|~\/(jose|fastify|@fastify|find-my-way|redis|@redis|light-my-request)/.test(k);
  for (const [k, h] of [...inclusive].filter(([k]) => interesting(k)).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(h)}  ${k}`);
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (NICE !== undefined) setPriority(NICE); // this (main) thread runs autocannon and starts the servers, which inherit it
  const keyDir = mkdtempSync(join(tmpdir(), 'ava-bench-keys-'));
  try {
    const only = arg('only', '');
    if (flag('profile')) {
      const profiled: Scenario[] = (['memory', 'redis'] as const).flatMap((store) =>
        (['token', 'introspection'] as const).map((run) => ({ server: 'ava-gateway' as const, store, run, alg: 'ES256' as const })),
      );
      for (const s of profiled.filter((x) => label(x).includes(only || 'memory'))) {
        const file = join(mkdtempSync(join(tmpdir(), 'ava-bench-prof-')), `${s.store}-${s.run}.cpuprofile`);
        const o = await runScenario(s, keyDir, file);
        report([o]);
        if (existsSync(file)) {
          console.log(`\nprofile of the measured run of ${label(s)} (profiled, so slower than the unprofiled run): ${file}`);
          summarizeProfile(file);
        } else console.log('no profile written');
      }
      return;
    }
    const scenarios: Scenario[] = [
      { server: 'oidc-provider', store: 'memory', run: 'token', alg: 'ES256' },
      { server: 'ava-gateway', store: 'memory', run: 'token', alg: 'ES256' },
      { server: 'ava-gateway', store: 'redis', run: 'token', alg: 'ES256' },
      { server: 'oidc-provider', store: 'memory', run: 'introspection', alg: 'ES256' },
      { server: 'ava-gateway', store: 'memory', run: 'introspection', alg: 'ES256' },
      { server: 'ava-gateway', store: 'redis', run: 'introspection', alg: 'ES256' },
      { server: 'ava-gateway', store: 'memory', run: 'token', alg: 'RS256', info: true },
    ];
    const chosen = scenarios.filter((x) => label(x).includes(only));
    const rounds: Outcome[][] = chosen.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, s] of chosen.entries()) rounds[i].push(await runScenario(s, keyDir));
    }
    report(rounds.map(median));
  } finally {
    rmSync(keyDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: Error) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  });
}
