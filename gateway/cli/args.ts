/**
 * The command line of `ava-gateway`, pandoc style: `ava-gateway [convert] <input>… -t <target> [-f <source>]
 * [-o <file|folder|->] [--option Name=value]… [--force]`, plus `--help`, `--version` and `--list-formats`.
 * Parsed with Node's `util.parseArgs` (https://nodejs.org/api/util.html#utilparseargsconfig); a lone `-` is a
 * positional (standard input) or, after `-o`, standard output.
 */
import { parseArgs } from 'node:util';

/** A mistake in how the command was called: exit code 2, the message and a hint at `--help` on stderr. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const STDIO = '-';

export const USAGE = `Usage: ava-gateway [convert] <input>... -t <target> [options]
       ava-gateway --list-formats | --help | --version

Converts each input through the canonical project model, as POST /conversion/<source>/<target> does.
The source format is detected from each file's content unless -f names it.

  -t, --to <id>            target format id (see --list-formats), required
  -f, --from <id>          source format id; overrides content detection for every input
  -o, --output <path>      output file (one input), folder (several inputs, or a path ending in /),
                           or - for standard output (one input only). --out is an alias.
                           Default: beside each input, named <input name without extension><target extension>;
                           standard input goes to standard output.
      --option Name=value  a conversion option of the route, as in the HTTP query string (repeatable)
      --force              allow several outputs with the same name (the last one written wins)
      --list-formats       list the formats, their targets and each route's options
  -h, --help               show this help
      --version            show the version

An input of - is standard input. An input file is never written over, and nothing is converted when an
argument is wrong. Messages go to stderr as "[WARNING] <code> <item>: <text>".
Exit codes: 0 all converted, 1 a conversion failed, 2 usage error (nothing converted for a bad argument;
a default output name that turns out to be an input's name refuses that file).`;

export interface CliArgs {
  help: boolean;
  version: boolean;
  listFormats: boolean;
  from?: string;
  to?: string;
  /** `-o` / `--output` / `--out`; `-` for standard output. */
  output?: string;
  /** `--option` pairs in command-line order (a later pair for the same name wins). */
  options: Array<[name: string, value: string]>;
  force: boolean;
  /** Input paths; `-` is standard input. */
  inputs: string[];
}

function optionPair(text: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`--option expects Name=value, got "${text}"`);
  return [text.slice(0, eq).trim(), text.slice(eq + 1)];
}

/**
 * Parses the arguments after the program name. A leading `convert` is the command word and is dropped (so both
 * `ava-gateway convert in.X83 -t ava` and `ava-gateway in.X83 -t ava` work; a file named `convert` must then be
 * given as `./convert`).
 * @throws UsageError for unknown flags, missing values, a missing target or input, `-` misused
 */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args = argv[0] === 'convert' ? argv.slice(1) : [...argv];
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
        'list-formats': { type: 'boolean' },
        from: { type: 'string', short: 'f' },
        to: { type: 'string', short: 't' },
        output: { type: 'string', short: 'o' },
        out: { type: 'string' },
        option: { type: 'string', multiple: true },
        force: { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]);
  }
  const v = parsed.values;
  if (v.output !== undefined && v.out !== undefined && v.output !== v.out) {
    throw new UsageError(`-o/--output "${v.output}" and --out "${v.out}" name different outputs; give one`);
  }
  const result: CliArgs = {
    help: v.help === true,
    version: v.version === true,
    listFormats: v['list-formats'] === true,
    from: v.from,
    to: v.to,
    output: v.output ?? v.out,
    options: (v.option ?? []).map(optionPair),
    force: v.force === true,
    inputs: parsed.positionals,
  };
  if (result.help || result.version || result.listFormats) return result;
  if (!result.to) throw new UsageError('the target format is missing: give -t <target> (see --list-formats)');
  if (result.inputs.length === 0) throw new UsageError('no input given (a file, or - for standard input)');
  if (result.inputs.includes(STDIO) && result.inputs.length > 1) {
    throw new UsageError('standard input (-) can only be converted on its own');
  }
  if (result.output === STDIO && result.inputs.length > 1) {
    throw new UsageError('-o - (standard output) takes one input only; give a folder for several inputs');
  }
  if (result.output === '') throw new UsageError('-o needs a file or folder name');
  return result;
}
