/**
 * Everything decided before the first conversion starts: each input's source format and route, the resolved
 * options, and where each output goes. Every argument mistake is found here (a UsageError, exit 2), so nothing is
 * converted or written when one is wrong.
 */
import { open, stat } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import { GatewayError } from '../../core/errors.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import { optionKey } from '../../core/options/declared.js';
import { resolveOptions } from '../../core/options/resolve.js';
import type { ConversionRoute, FormatRegistry } from '../../core/registry/format-registry.js';
import { STDIO, UsageError, type CliArgs } from './args.js';
import { OutputClaims, pathKey, type InputFile } from './output.js';

/** How many leading bytes the readers' `detect` sees (as the HTTP upload sniffing does). */
const HEAD_BYTES = 8192;

export type Destination =
  | { kind: 'stdout' }
  | { kind: 'file'; path: string }
  /** The name is `<stem><writer's extension>`, known once the conversion ran. */
  | { kind: 'folder'; dir: string; stem: string };

export interface Job {
  /** The input as given on the command line (`-` for standard input). */
  name: string;
  /** Absolute path of an input file; undefined for standard input. */
  path?: string;
  /** The whole input when it had to be read while planning (standard input). */
  bytes?: Buffer;
  route?: ConversionRoute;
  options?: ResolvedOptions;
  /** Why this input cannot be converted although the arguments are right (a conversion failure, exit 1). */
  failure?: { code: string; text: string };
  destination: Destination;
}

export interface Plan {
  jobs: Job[];
  /** The run's output claims (inputs are never written over; same-path outputs need --force). */
  claims: OutputClaims;
}

const list = (ids: string[]) => ids.join(', ') || '(none)';

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Checks -t and -f against the registry; returns the route every input takes when -f is given. */
function checkFormats(args: CliArgs, registry: FormatRegistry): ConversionRoute | undefined {
  const to = args.to!;
  if (!registry.plugin(to)?.writer) {
    throw new UsageError(`unknown target "${to}"; the targets are ${list(registry.plugins.filter((p) => p.writer).map((p) => p.id))}`);
  }
  if (args.from === undefined) return undefined;
  if (!registry.plugin(args.from)?.reader) {
    throw new UsageError(`unknown source "${args.from}"; the sources are ${list(registry.plugins.filter((p) => p.reader).map((p) => p.id))}`);
  }
  try {
    return registry.route(args.from, to);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** The source and route of one input, or why there is none. */
function routeOf(head: Buffer, registry: FormatRegistry, to: string): Pick<Job, 'route' | 'failure'> {
  const source = registry.plugins.find((p) => p.reader?.detect?.(head));
  if (!source) {
    const sources = list(registry.plugins.filter((p) => p.reader).map((p) => p.id));
    return { failure: { code: 'GW_ERR_INPUT', text: `the format was not recognised from the content; name it with -f (sources: ${sources})` } };
  }
  try {
    return { route: registry.route(source.id, to) };
  } catch (err) {
    const e = err as GatewayError;
    return { failure: { code: e.code ?? 'GW_ERR_UNSUPPORTED_CONVERSION', text: e.message } };
  }
}

/**
 * Resolves the `--option` pairs for each route (its catalogue options and its plugins' own). A name that is an option of none of the run's routes is an error
 * listing the options each route takes (the HTTP routes ignore unknown query parameters; a command line should
 * not); a name that only some inputs' routes take applies to those.
 */
function resolveRouteOptions(args: CliArgs, routes: ConversionRoute[], registry: FormatRegistry): Map<ConversionRoute, ResolvedOptions> {
  const candidates = routes.length ? routes : registry.routes.filter((r) => r.target.id === args.to);
  for (const [name] of args.options) {
    const known = candidates.some((r) => r.options.some((o) => optionKey(o.name) === optionKey(name)));
    if (!known) {
      const takes = candidates.map((r) => `${r.source.id} → ${r.target.id} takes ${list(r.options.map((o) => o.name))}`);
      throw new UsageError(`unknown option "${name}"; ${takes.join('; ')}`);
    }
  }
  const query = Object.fromEntries(args.options);
  const resolved = new Map<ConversionRoute, ResolvedOptions>();
  for (const route of routes) {
    try {
      resolved.set(route, resolveOptions(route.options, query));
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  return resolved;
}

/** Where each input's output goes, from -o and the number of inputs. */
async function destinations(args: CliArgs): Promise<Destination[]> {
  const output = args.output;
  const several = args.inputs.length > 1;
  const stemOf = (name: string) => basename(name, extname(name));
  if (output === STDIO) return [{ kind: 'stdout' }];
  if (output === undefined) {
    return args.inputs.map((name) => (name === STDIO ? { kind: 'stdout' } : { kind: 'folder', dir: dirname(resolve(name)), stem: stemOf(name) }));
  }
  const target = resolve(output);
  const existing = await stat(target).catch(() => undefined);
  const asFolder = several || /[\\/]$/.test(output) || existing?.isDirectory() === true;
  if (!asFolder) return [{ kind: 'file', path: target }];
  if (existing && !existing.isDirectory()) throw new UsageError(`-o ${output} is a file; several inputs need a folder`);
  if (args.inputs[0] === STDIO) throw new UsageError(`-o ${output} is a folder; give a file name (or -) for standard input`);
  return args.inputs.map((name) => ({ kind: 'folder', dir: target, stem: stemOf(name) }));
}

/** Outputs certain to land on an input, or to share a name, refuse the run (before anything is converted). */
function checkOutputs(jobs: Job[], claims: OutputClaims, force: boolean): void {
  const byName = new Map<string, Job>();
  for (const job of jobs) {
    const d = job.destination;
    if (d.kind === 'file') {
      const victim = claims.inputAt(d.path);
      if (victim) throw new UsageError(`the output ${d.path} is the input ${victim.name}; give another name with -o`);
    }
    if (d.kind !== 'folder' || !job.route || force) continue;
    const key = pathKey(resolve(d.dir, d.stem));
    const other = byName.get(key);
    if (other) {
      throw new UsageError(
        `the outputs of ${other.name} and ${job.name} would both be named ${resolve(d.dir, d.stem)}.*; convert them into different folders or use --force`,
      );
    }
    byName.set(key, job);
  }
}

/**
 * Plans a conversion run.
 * @param readStdin reads all of standard input (called only when an input is `-`)
 * @throws UsageError for an unknown format or option, a bad option value, an unreadable input, -o misused, an
 *   output that is an input, two outputs with one name (without --force)
 */
export async function planRun(args: CliArgs, registry: FormatRegistry, readStdin: () => Promise<Buffer>): Promise<Plan> {
  const forced = checkFormats(args, registry);
  const inputs: InputFile[] = [];
  const jobs: Job[] = [];
  const dests = await destinations(args);
  for (const [i, name] of args.inputs.entries()) {
    const destination = dests[i];
    if (name === STDIO) {
      const bytes = await readStdin();
      jobs.push({ name, bytes, destination, ...(forced ? { route: forced } : routeOf(bytes.subarray(0, HEAD_BYTES), registry, args.to!)) });
      continue;
    }
    const path = resolve(name);
    const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read ${name}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
    });
    if (!info.isFile()) throw new UsageError(`${name} is not a file`);
    const head = await readHead(path).catch((err: Error) => {
      throw new UsageError(`cannot read ${name}: ${err.message}`);
    });
    inputs.push({ name, identity: { dev: info.dev, ino: info.ino } });
    jobs.push({ name, path, destination, ...(forced ? { route: forced } : routeOf(head, registry, args.to!)) });
  }
  const routes = [...new Set(jobs.flatMap((j) => (j.route ? [j.route] : [])))];
  const options = resolveRouteOptions(args, routes, registry);
  for (const job of jobs) if (job.route) job.options = options.get(job.route);
  const claims = new OutputClaims(inputs, args.force);
  checkOutputs(jobs, claims, args.force);
  return { jobs, claims };
}
