/**
 * The command-line front end over the same pipeline as the HTTP routes:
 * `ava-gateway convert <file>… --to <target> [--option Name=value]… [-o out]`.
 * The source format of each file is detected from its content; several files show a progress bar.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import type { DependencyContainer } from 'tsyringe';
import { GatewayError } from '../../core/errors.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { resolveOptions } from '../../core/options/resolve.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';

export const USAGE = `Usage: ava-gateway convert <file>... --to <target> [--option Name=value]... [-o <file or folder>]
  --to        target format id (e.g. ava, gaeb)
  --option    a conversion option, as in the HTTP query string (repeatable)
  -o, --out   output file (one input) or folder (several inputs); default: beside each input`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Whether to draw a progress bar (a TTY on stderr). */
  progress: boolean;
}

class UsageError extends Error {}

/** Picks the first source plugin whose `detect` accepts the file's first bytes. */
function detectSource(registry: FormatRegistry, head: Buffer) {
  return registry.plugins.find((p) => p.reader?.detect?.(head));
}

function parseOptionPairs(pairs: string[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--option expects Name=value, got "${pair}"`);
    query[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return query;
}

/**
 * Runs `convert` with the given arguments (without the leading `convert`).
 * @returns the process exit code: 0 when every file converted, 1 otherwise (messages on `io.err`)
 */
export async function runConvert(args: string[], container: DependencyContainer, io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { to: { type: 'string' }, option: { type: 'string', multiple: true }, out: { type: 'string', short: 'o' } } });
    if (!parsed.values.to) throw new UsageError('--to <target> is required');
    if (parsed.positionals.length === 0) throw new UsageError('no input file given');
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  const { to, option = [], out } = parsed.values as { to: string; option?: string[]; out?: string };
  const files = parsed.positionals;
  let query: Record<string, string>;
  try {
    query = parseOptionPairs(option);
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  const registry = container.resolve(FormatRegistry);
  const service = container.resolve(ConversionService);
  const several = files.length > 1;
  if (several && out && existsSync(out) && !statSync(out).isDirectory()) {
    io.err(`-o ${out} must be a folder when converting several files`);
    return 1;
  }
  const bar = several && io.progress ? new SingleBar({ format: 'converting [{bar}] {value}/{total} {file}', hideCursor: true }) : undefined;
  bar?.start(files.length, 0, { file: '' });
  let failures = 0;
  for (const file of files) {
    bar?.update({ file: basename(file) });
    try {
      const bytes = readFileSync(file);
      const source = detectSource(registry, bytes.subarray(0, 8192));
      if (!source) throw new GatewayError('GW_ERR_INPUT', 'the format was not recognised from its content', 'file');
      const route = registry.route(source.id, to);
      const options = resolveOptions(route.optionGroups, query);
      const { output, messages } = await service.convert(route, { bytes, fileName: basename(file) }, options);
      const stem = basename(file, extname(file));
      const target = out && !several ? resolve(out) : join(out ? resolve(out) : dirname(resolve(file)), stem + output.fileExtension);
      mkdirSync(dirname(target), { recursive: true });
      if (Buffer.isBuffer(output.data)) writeFileSync(target, output.data);
      else {
        const fd = openSync(target, 'w');
        try {
          for (const chunk of output.data) writeSync(fd, chunk);
        } finally {
          closeSync(fd);
        }
      }
      if (!bar) io.out(`${file} (${source.id}) → ${target}${messages.length ? ` (${messages.length} messages)` : ''}`);
    } catch (err) {
      failures++;
      const detail = err instanceof GatewayError ? Object.entries(err.errors).map(([k, v]) => `${k}: ${v.join(' ')}`).join('; ') : (err as Error).message;
      bar?.stop();
      io.err(`${file}: ${detail}`);
      bar?.start(files.length, files.indexOf(file) + 1, { file: '' });
    }
    bar?.increment();
  }
  bar?.stop();
  return failures ? 1 : 0;
}
