// TEMPORARY golden-output harness (deleted before hand-off).
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { resolveOptions } from '../../core/options/resolve.js';
import { generateX83 } from './generate-x83.js';

const outDir = process.argv[2];
mkdirSync(outDir, { recursive: true });
const registry = new FormatRegistry([gaebPlugin, avaPlugin]);
const service = new ConversionService(registry);

async function collect(data: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  if (typeof data === 'string') return Buffer.from(data);
  const parts: Buffer[] = [];
  for await (const c of data as AsyncIterable<Buffer | string>) parts.push(typeof c === 'string' ? Buffer.from(c) : Buffer.from(c));
  return Buffer.concat(parts);
}
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|ID_[0-9a-f]{32}/g;
function canon(s: string): string {
  const map = new Map<string, string>();
  return s.replace(/<Time>[0-9:]+<\/Time>/g, "<Time/>").replace(UUID, (u) => { let v = map.get(u); if (!v) map.set(u, (v = `uuid-${map.size}`)); return v; });
}
const results: Record<string, string> = {};
async function run(name: string, src: string, tgt: string, input: { bytes?: Buffer; value?: unknown }, query: Record<string, string>) {
  const route = registry.route(src, tgt);
  const options = resolveOptions(route.optionGroups, query);
  let text: string;
  try {
    const { output, messages } = await service.convert(route, input, options);
    text = canon((await collect(output.data)).toString('utf8')) + '\n--messages--\n' + JSON.stringify(messages);
  } catch (err) {
    text = 'ERROR ' + JSON.stringify((err as { errors?: unknown }).errors ?? String(err));
  }
  writeFileSync(join(outDir, name.replace(/[^\w.-]+/g, '_')), text);
  results[name] = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return text;
}
const corpus = '/work/shared/corpus/gaeb';
const files: [string, Buffer][] = [];
for (const f of readdirSync(corpus)) if (/\.x8\d$/i.test(f)) files.push([f, readFileSync(join(corpus, f))]);
for (const f of readdirSync('test/fixtures/gaeb')) files.push(['fx-' + f, readFileSync(join('test/fixtures/gaeb', f))]);
files.push(['gen-1mb', generateX83(1024 * 1024)]);
const queries: [string, Record<string, string>][] = [
  ['default', {}], ['skip', { SupportSkippedItemNumberLevelsInPositions: 'true' }], ['noplain', { RemovePlainTextLongTexts: 'true' }],
  ['nohtml', { RemoveHtmlLongTexts: 'true' }],
];
for (const [f, bytes] of files) {
  for (const [qn, q] of queries) {
    const text = await run(`${f}.gaeb-ava.${qn}`, 'gaeb', 'ava', { bytes }, q);
    if (qn === 'default' && !text.startsWith('ERROR')) {
      const json = JSON.parse(text.slice(0, text.indexOf('\n--messages--\n')));
      delete json.conversionMessages;
      await run(`${f}.ava-ava`, 'ava', 'ava', { value: structuredClone(json) }, {});
      await run(`${f}.ava-ava.bytes`, 'ava', 'ava', { bytes: Buffer.from(JSON.stringify(json)) }, { TryAutoGenerateItemNumbersAndSchema: 'true' });
      // plain only: html derived
      const strip = (e: any) => { if (e.htmlLongText !== undefined) delete e.htmlLongText; for (const c of [...(e.elements ?? []), ...(e.blocks ?? []), ...(e.subDescriptions ?? [])]) strip(c); };
      const j2 = structuredClone(json); for (const s of j2.serviceSpecifications) strip(s);
      await run(`${f}.ava-ava.plain`, 'ava', 'ava', { value: j2 }, {});
    }
  }
  await run(`${f}.gaeb-gaeb`, 'gaeb', 'gaeb', { bytes }, {});
}
for (const f of ['test/fixtures/model/demo-python-structured.json', 'test/fixtures/gaeb-writer/flat.json', 'test/fixtures/gaeb-writer/rich.json']) {
  const bytes = readFileSync(f);
  await run(`${f}.ava-ava`, 'ava', 'ava', { bytes }, {});
  await run(`${f}.ava-ava.auto`, 'ava', 'ava', { bytes }, { TryAutoGenerateItemNumbersAndSchema: 'true' });
  await run(`${f}.ava-gaeb`, 'ava', 'gaeb', { bytes }, {});
}
writeFileSync(join(outDir, '_index.json'), JSON.stringify(results, null, 1));
console.log(Object.keys(results).length, 'outputs');
