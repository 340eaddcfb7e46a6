/** Fixtures of the CLI tests: small GAEB DA XML tenders, a temp folder per test, and runCli with captured streams. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../config/load.js';
import { createConversionContainer } from '../../gateway/composition-root.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { runCli } from '../../gateway/cli/convert.js';
import type { Converter } from '../../gateway/cli/converter.js';
import { ConversionPool } from '../../gateway/pool/conversion-pool.js';

/** A GAEB DA XML 3.2 tender (DP 83 unless `dp` says otherwise) with one item; `itemLeaves` go into the item. */
export function gaebXml({ dp = '83', text = 'Tür liefern', itemLeaves = '<Qty>3.000</Qty>' } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA${dp}/3.2"><GAEBInfo><Version>3.2</Version><VersDate>2013-10</VersDate><Date>2026-01-01</Date></GAEBInfo>
<Award><DP>${dp}</DP><BoQ ID="B"><BoQInfo><Name>LV</Name><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo>
<BoQBody><Itemlist><Item ID="I1" RNoPart="0010">${itemLeaves}<QU>St</QU><Description><CompleteText><DetailTxt><Text><p><span>Tür</span></p></Text></DetailTxt><OutlineText><OutlTxt><TextOutlTxt><p><span>${text}</span></p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item></Itemlist></BoQBody></BoQ></Award></GAEB>`;
}

/** Detected as GAEB DA XML, but the document breaks off: the reader fails with GW_ERR_PARSE. */
export const BROKEN_GAEB = gaebXml().slice(0, 400);

/** Files written through {@link fixture}, with their bytes, to check that no run changed an input. */
export const written = new Map<string, Buffer>();

/** A fresh temporary folder. */
export const tempDir = () => mkdtempSync(join(tmpdir(), 'ava-cli-'));

/** Writes a fixture file and remembers its bytes. */
export function fixture(dir: string, name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  written.set(path, readFileSync(path));
  return path;
}

/** A stream that keeps what is written; `tty` makes it look like a terminal (for the progress bar). */
export function capture(tty = false) {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  }) as Writable & { isTTY?: boolean; columns?: number };
  if (tty) Object.assign(stream, { isTTY: true, columns: 100 });
  return { stream, bytes: () => Buffer.concat(chunks), text: () => Buffer.concat(chunks).toString('utf8') };
}

let shared: Promise<{ registry: FormatRegistry; converter: Converter }> | undefined;

/** One registry and one converter for the whole file (built-in plugins, no configuration file; the pool on this thread). */
export function services() {
  const config = loadConfig({ GATEWAY_CONFIG: '' }, { logLevel: 'silent' });
  shared ??= createConversionContainer(config).then(async (c) => ({
    registry: c.resolve(FormatRegistry),
    converter: await ConversionPool.create(config, { threads: 0, container: c }),
  }));
  return shared;
}

export interface RunOptions {
  stdin?: Buffer;
  tty?: boolean;
  /** Replaces the converter (e.g. to fail or to observe concurrency). */
  converter?: Converter;
  concurrency?: number;
}

/** Runs the command in this process; `converts` counts the conversions that were started. */
export async function run(argv: string[], opts: RunOptions = {}) {
  const { registry, converter } = await services();
  const out = capture();
  const err = capture(opts.tty);
  let converts = 0;
  const inner = opts.converter ?? converter;
  const counting: Converter = {
    convert: (req) => {
      converts++;
      return inner.convert(req);
    },
    close: async () => {},
  };
  const code = await runCli(
    argv,
    { stdout: out.stream, stderr: err.stream, readStdin: async () => opts.stdin ?? Buffer.alloc(0) },
    async () => ({ registry, createConverter: async () => counting }),
    opts.concurrency,
  );
  return { code, stdout: out.bytes(), stderr: err.text(), converts };
}
