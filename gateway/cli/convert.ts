/**
 * The `ava-gateway` command: parses the arguments, plans the run (every argument checked before anything is
 * converted), converts up to `concurrency` inputs at a time and writes each output atomically.
 * Exit codes: 0 every input converted, 1 a conversion failed (the others are still written), 2 usage error.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, isAbsolute, join, relative } from 'node:path';
import type { Writable } from 'node:stream';
import { PACKAGE } from '../../core/package-info.js';
import type { FormatRegistry } from '../../core/registry/format-registry.js';
import { USAGE, UsageError, parseCliArgs, type CliArgs } from './args.js';
import type { Converter } from './converter.js';
import { formatListing } from './formats.js';
import { writeFileAtomic } from './output.js';
import { planRun, type Job, type Plan } from './plan.js';
import { Reporter, describeFailure, failureLine, messageLine, type ErrorStream, type Tally } from './report.js';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  /** Output data (`-o -`), `--help`, `--version`, `--list-formats`. */
  stdout: Writable;
  /** Messages, failures, the progress bar (when it is a terminal) and the summary. */
  stderr: ErrorStream;
  /** All of standard input (only called for an input of `-`). */
  readStdin(): Promise<Buffer>;
}

export interface CliServices {
  registry: FormatRegistry;
  /** Called once the arguments are known to be right; closed when the run ends. */
  /** The converter for a run of `inputs` files. */
  createConverter(inputs: number): Promise<Converter>;
}

const PROGRAM = 'ava-gateway';

const print = (stream: Writable, data: string | Uint8Array) =>
  new Promise<void>((resolve, reject) => stream.write(data, (err) => (err ? reject(err) : resolve())));

function usageError(io: CliIo, message: string): number {
  io.stderr.write(`${PROGRAM}: ${message}\nTry '${PROGRAM} --help' for more information.\n`);
  return EXIT_USAGE;
}

/** Runs `work` on every item with at most `limit` of them in flight; `work` must not throw. */
async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/** A path for display: relative to the working folder when inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

async function convertAll(plan: Plan, converter: Converter, io: CliIo, concurrency: number): Promise<number> {
  const tally: Tally = { converted: 0, failed: 0, messages: 0 };
  let refused = 0;
  const several = plan.jobs.length > 1;
  const reporter = new Reporter(io.stderr, plan.jobs.length);

  const convertOne = async (job: Job) => {
    if (job.failure) {
      tally.failed++;
      return reporter.line(failureLine(job.failure.code, job.name, job.failure.text));
    }
    try {
      const bytes = job.bytes ?? (await readFile(job.path!));
      const reply = await converter.convert({
        sourceId: job.route!.source.id,
        targetId: job.route!.target.id,
        input: { bytes, fileName: job.path && basename(job.path) },
        options: job.options!,
      });
      tally.messages += reply.messages.length;
      for (const m of reply.messages) reporter.line(messageLine(m, several ? job.name : undefined));
      const d = job.destination;
      if (d.kind === 'stdout') {
        await print(io.stdout, reply.data);
        tally.converted++;
        return;
      }
      const path = d.kind === 'file' ? d.path : join(d.dir, d.stem + reply.fileExtension);
      const refusal = plan.claims.claim(path, job.name);
      if (refusal) {
        refused++;
        tally.failed++;
        return reporter.line(`${PROGRAM}: ${job.name}: ${refusal}`);
      }
      await writeFileAtomic(path, reply.data);
      tally.converted++;
      if (!reporter.drawsBar) reporter.line(`${job.name} (${job.route!.source.id}) → ${shown(path)}`);
    } catch (err) {
      tally.failed++;
      const { code, text } = describeFailure(err);
      reporter.line(failureLine(code, job.name, text));
    }
  };

  await forEachLimited(plan.jobs, concurrency, async (job) => {
    await convertOne(job);
    reporter.done();
  });
  reporter.finish(tally);
  if (refused) return EXIT_USAGE;
  return tally.failed ? EXIT_FAILED : EXIT_OK;
}

/**
 * Runs the command.
 * @param argv the arguments after the program name
 * @param services the registry and converter (built only when the command needs them)
 * @param concurrency conversions in flight at once (default: `os.availableParallelism()`)
 * @returns the exit code (0, 1 or 2); configuration or plugin load errors from `services` are thrown
 */
export async function runCli(argv: readonly string[], io: CliIo, services: () => Promise<CliServices>, concurrency = availableParallelism()): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) return usageError(io, err.message);
    throw err;
  }
  if (args.help) {
    await print(io.stdout, `${USAGE}\n`);
    return EXIT_OK;
  }
  if (args.version) {
    await print(io.stdout, `${PROGRAM} ${PACKAGE.version}\n`);
    return EXIT_OK;
  }
  const { registry, createConverter } = await services();
  if (args.listFormats) {
    await print(io.stdout, `${formatListing(registry)}\n`);
    return EXIT_OK;
  }
  let plan: Plan;
  try {
    plan = await planRun(args, registry, io.readStdin);
  } catch (err) {
    if (err instanceof UsageError) return usageError(io, err.message);
    throw err;
  }
  const converter = await createConverter(plan.jobs.length);
  try {
    return await convertAll(plan, converter, io, concurrency);
  } finally {
    await converter.close();
  }
}
