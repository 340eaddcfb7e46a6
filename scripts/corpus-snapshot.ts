/**
 * Corpus snapshot (dev tool, not shipped): converts every GAEB file of the sample corpus in-process, through
 * `ConversionService` and `FormatRegistry` as the HTTP route runs it (see test/bench/convert.ts), and writes each
 * output to a folder tree, so that two commits can be compared with `scripts/corpus-diff.ts`.
 *
 *   node --import tsx scripts/corpus-snapshot.ts <outDir>      # or: npm run corpus:snapshot -- <outDir>
 *
 * Input: every file of `<corpus>/gaeb/` (corpus = `AVA_CORPUS_DIR`, else `../shared/corpus` beside the
 * repository) that the gaeb reader detects; PDFs and files no reader detects are skipped and listed on stdout
 * and in `<outDir>/skipped.txt`. `<outDir>` is emptied first.
 *
 * Output, per input file `<outDir>/<file name>/`:
 * - `ava.json`: gaeb → ava with default options, pretty-printed (`JSON.stringify(…, null, 2)` of the written JSON,
 *   so key order and values are exactly those written).
 * - `<DestinationGaebType>.out` for each of the option's values (Gaeb90, Gaeb2000, Gaeb2000Commerce, GaebXml_V3_1,
 *   GaebXml_V3_2, GaebXml_V3_2_Commerce, GaebXml_V3_3, GaebXml_V3_3_Commerce): gaeb → gaeb, the written bytes as
 *   they are (code page included); a refused conversion writes `<dest>.error.txt` (`<code>: <message>`) instead.
 * - `ava-html-only.json`: the ava output with every `longText` (plain text) and the `conversionMessages` removed,
 *   read back by the ava reader and written as ava again (ava → ava, default options): exercises the model's
 *   derivation of plain texts from HTML long texts.
 * - `<route>.messages.json` beside each output: `{ contentType, fileExtension, messages }` — the conversion
 *   messages, and the media type (with the charset corpus-diff decodes by) and suggested file extension.
 *
 * Made stable, so that two runs on the same commit give identical trees:
 * - Clock: `Date` is frozen at {@link FROZEN_NOW} and `TZ` is UTC (the DA XML `GAEBInfo` `Date`/`Time` and the
 *   GAEB 2000 `Datum`/`Uhrzeit` are written from the clock).
 * - Generated ids: model ids are random v4 UUIDs and the DA XML writer invents `ID_<32 hex digits>` ids. In every
 *   output and messages file, each UUID (any case) and each `ID_` + 32 hex digits that does not occur in the input
 *   file is replaced by `<generated-N>` (`ID_<generated-N>`), N numbering the distinct ids by first occurrence in
 *   that output file. Ids the input file holds are kept verbatim, so a change to a kept id still shows.
 */
import 'reflect-metadata';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { GatewayError } from '../core/errors.js';
import { OPTIONS } from '../core/options/catalog.js';
import { resolveOptions } from '../core/options/resolve.js';
import { ConversionService } from '../core/pipeline/convert.js';
import type { ConversionInput, ConversionOutput } from '../core/plugin/contract.js';
import { FormatRegistry } from '../core/registry/format-registry.js';
import { avaPlugin } from '../plugins/ava/index.js';
import { gaebPlugin } from '../plugins/gaeb/index.js';
import { CORPUS_DIR, hasCorpus } from '../test/support/corpus.js';

/** The instant the frozen clock shows (UTC). */
export const FROZEN_NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

/** Freezes `Date` (no-argument construction and `Date.now()`) at `at`, with local time = UTC. */
function freezeClock(at: number): void {
  process.env.TZ = 'UTC';
  const RealDate = Date;
  class FrozenDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(at);
      else super(...(args as [string]));
    }
    static override now(): number {
      return at;
    }
  }
  globalThis.Date = FrozenDate as DateConstructor;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const XML_ID = /ID_([0-9a-f]{32})/gi;

/** Every id of the input (UUIDs and 32-hex-digit ids, lower-cased), which the normalisation keeps. */
function inputIds(source: Buffer): Set<string> {
  const text = source.toString('latin1');
  const ids = new Set<string>();
  for (const m of text.matchAll(UUID)) ids.add(m[0].toLowerCase());
  for (const m of text.matchAll(/[0-9a-f]{32}/gi)) ids.add(m[0].toLowerCase());
  return ids;
}

/**
 * Replaces generated ids by `<generated-N>` in first-occurrence order; ids in `kept` stay. Works on the bytes as
 * Latin-1, which round-trips every byte, so any code page survives.
 */
function normaliseIds(bytes: Buffer, kept: ReadonlySet<string>): Buffer {
  const numbers = new Map<string, number>();
  const token = (id: string) => {
    const key = id.toLowerCase();
    if (kept.has(key)) return undefined;
    if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
    return `<generated-${numbers.get(key)}>`;
  };
  const text = bytes
    .toString('latin1')
    .replace(UUID, (m) => token(m) ?? m)
    .replace(XML_ID, (m, hex: string) => {
      const t = token(hex);
      return t ? `ID_${t}` : m;
    });
  return Buffer.from(text, 'latin1');
}

const outputBuffer = (output: ConversionOutput) => (Buffer.isBuffer(output.data) ? output.data : Buffer.concat([...output.data]));

interface RouteRun {
  /** The written bytes, or undefined when the conversion was refused. */
  bytes?: Buffer;
  error?: string;
}

const registry = new FormatRegistry([gaebPlugin, avaPlugin]);
const service = new ConversionService();

/** Runs one conversion and writes `<name>` (or `<base>.error.txt`) and `<base>.messages.json` into `dir`. */
async function runRoute(
  dir: string, base: string, name: string, pair: [string, string], input: ConversionInput,
  query: Record<string, string>, kept: ReadonlySet<string>, json: boolean,
): Promise<RouteRun> {
  const route = registry.route(...pair);
  try {
    const result = await service.convert(route, input, resolveOptions(route.optionGroups, query));
    const raw = outputBuffer(result.output);
    const shown = json ? Buffer.from(`${JSON.stringify(JSON.parse(raw.toString('utf8')), null, 2)}\n`, 'utf8') : raw;
    writeFileSync(join(dir, name), normaliseIds(shown, kept));
    const meta = { contentType: result.output.contentType, fileExtension: result.output.fileExtension, messages: result.messages };
    writeFileSync(join(dir, `${base}.messages.json`), normaliseIds(Buffer.from(`${JSON.stringify(meta, null, 2)}\n`), kept));
    return { bytes: raw };
  } catch (err) {
    const text = err instanceof GatewayError ? `${err.code}: ${err.message}` : `${(err as Error)?.name ?? 'Error'} (not a GatewayError): ${(err as Error)?.message ?? String(err)}`;
    writeFileSync(join(dir, `${base}.error.txt`), normaliseIds(Buffer.from(`${text}\n`), kept));
    return { error: text };
  }
}

/** Deletes every `longText` member, at any depth. */
function dropPlainLongTexts(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) dropPlainLongTexts(item);
  else if (typeof node === 'object' && node !== null) {
    delete (node as Record<string, unknown>).longText;
    for (const value of Object.values(node)) dropPlainLongTexts(value);
  }
}

/** Writes every route of one corpus file into `dir`; returns the number of refused conversions. */
async function snapshotFile(path: string, dir: string): Promise<number> {
  const bytes = readFileSync(path);
  const kept = inputIds(bytes);
  const fileName = basename(path);
  mkdirSync(dir, { recursive: true });
  let refused = 0;
  const ava = await runRoute(dir, 'ava', 'ava.json', ['gaeb', 'ava'], { bytes, fileName }, {}, kept, true);
  if (ava.bytes) {
    const project = JSON.parse(ava.bytes.toString('utf8')) as Record<string, unknown>;
    delete project.conversionMessages;
    dropPlainLongTexts(project);
    const back = await runRoute(dir, 'ava-html-only', 'ava-html-only.json', ['ava', 'ava'], { value: project }, {}, kept, true);
    if (back.error) refused++;
  } else {
    refused++;
    writeFileSync(join(dir, 'ava-html-only.error.txt'), 'not run: gaeb → ava was refused\n');
  }
  for (const dest of OPTIONS.DestinationGaebType.enum ?? []) {
    const run = await runRoute(dir, dest, `${dest}.out`, ['gaeb', 'gaeb'], { bytes, fileName }, { DestinationGaebType: dest }, kept, false);
    if (run.error) refused++;
  }
  return refused;
}

async function main(): Promise<void> {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node --import tsx scripts/corpus-snapshot.ts <outDir>');
    process.exit(2);
  }
  if (!hasCorpus) {
    console.error(`no corpus: ${CORPUS_DIR} does not exist (set AVA_CORPUS_DIR)`);
    process.exit(2);
  }
  const gaebDir = join(CORPUS_DIR, 'gaeb');
  const files = readdirSync(gaebDir).filter((f) => statSync(join(gaebDir, f)).isFile()).sort();
  freezeClock(FROZEN_NOW);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const skipped: string[] = [];
  let converted = 0;
  let refused = 0;
  const start = performance.now();
  for (const f of files) {
    const head = readFileSync(join(gaebDir, f)).subarray(0, 8192);
    if (/\.pdf$/i.test(f)) skipped.push(`${f}: PDF`);
    else if (!gaebPlugin.reader!.detect!(head)) skipped.push(`${f}: the gaeb reader does not detect it`);
    else {
      const t0 = performance.now();
      const r = await snapshotFile(join(gaebDir, f), join(outDir, f));
      refused += r;
      converted++;
      console.log(`${f}: ${((performance.now() - t0) / 1000).toFixed(1)} s${r ? `, ${r} refused` : ''}`);
    }
  }
  writeFileSync(join(outDir, 'skipped.txt'), skipped.map((s) => `${s}\n`).join(''));
  for (const s of skipped) console.log(`skipped ${s}`);
  console.log(`${converted} files snapshotted into ${outDir} (${refused} refused conversions written as .error.txt), ${skipped.length} skipped, ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

await main();
