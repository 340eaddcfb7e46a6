/**
 * Which words of the corpus files do not come back through each target (dev tool, not shipped): every file of the
 * corpus (`gaeb/`, `oenorm/`, `sia/`) is read as the gateway reads it, converted to each target that takes it (GAEB
 * DA XML 3.3, GAEB 2000, GAEB 90, ÖNORM `Lv2015` with TryRepairProjectStructure, Excel; SIA 451 and REB through its ava
 * JSON, as those routes start from `ava`), and the output read back; the words of all texts (short and long texts of
 * positions, groups and note texts) are counted before and after.
 *
 *   node --import tsx scripts/corpus-words.ts [corpusDir] [--only REGEX] [--words N]   # or: npm run corpus:words -- …
 *
 * Prints one line per file and target where something differs: positions and note texts before → after, the words
 * found fewer times after than before (the first N, default 12, with how many times fewer, and how many in all), and
 * the codes of the conversion's messages — or the 400 a conversion answered. A triage list, not a verdict: a word
 * counted fewer times is not always lost (writers leave out a note's title where its text begins with it, and a short
 * text cut to a target's length where the long text holds it whole); read what the messages say of it.
 * Exit code 0; 2 when the corpus folder is missing.
 */
import 'reflect-metadata';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { defaultOptions } from '../core/options/catalog.js';
import { createConversionContainer } from '../gateway/composition-root.js';
import { runConversion } from '../gateway/pool/run-conversion.js';

type Options = Record<string, string | boolean>;

interface Target {
  label: string;
  id: string;
  options: Options;
  /** Converted from the file's ava JSON (the route starts from `ava`). */
  viaAva?: boolean;
}

const TARGETS: Target[] = [
  { label: 'GAEB DA XML 3.3', id: 'gaeb', options: { DestinationGaebType: 'GaebXml_V3_3', RemoveUnprintableCharactersFromTexts: true } },
  { label: 'GAEB 2000', id: 'gaeb', options: { DestinationGaebType: 'Gaeb2000' } },
  { label: 'GAEB 90', id: 'gaeb', options: { DestinationGaebType: 'Gaeb90' } },
  { label: 'ÖNORM Lv2015', id: 'oenorm', options: { DestinationOenormType: 'Lv2015', TryRepairProjectStructure: true, RemoveUnprintableCharactersFromTexts: true } },
  { label: 'Excel', id: 'excel', options: {} },
  { label: 'SIA 451', id: 'sia', options: {}, viaAva: true },
  { label: 'REB', id: 'reb', options: {}, viaAva: true },
];
const SOURCES = ['gaeb', 'oenorm', 'sia'];

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const only = flag('--only');
const shownWords = Number(flag('--words') ?? 12);
const corpus = resolve(args[0] ?? join(import.meta.dirname, '..', '..', 'shared', 'corpus'));
if (!existsSync(corpus)) {
  process.stderr.write(`no corpus folder at ${corpus}\n`);
  process.exit(2);
}

const container = await createConversionContainer(loadConfig({}));

let task = 0;

/**
 * Converts `bytes` from `source` to `target` as the conversion pool does (an `ava` source as the JSON text of a
 * request body); the output and the message codes, or the error's message.
 */
async function convert(source: string, target: string, bytes: Uint8Array, options: Options): Promise<{ data: Buffer; codes: string[] } | { error: string }> {
  const input = source === 'ava' ? { json: Buffer.from(bytes).toString('utf8') } : { bytes };
  const r = await runConversion(container, { id: ++task, sourceId: source, targetId: target, input, options: defaultOptions(options) });
  return r.ok ? { data: Buffer.from(r.data), codes: [...new Set(r.messages.map((m) => m.code))] } : { error: r.error.message };
}

interface Profile {
  words: Map<string, number>;
  positions: number;
  notes: number;
}

/** The words (letters and digits, two or more, lower case) of every text of a project, counted; its positions and note texts. */
function profile(project: { serviceSpecifications?: { elements?: unknown[] }[] }): Profile {
  const p: Profile = { words: new Map(), positions: 0, notes: 0 };
  const add = (text: unknown) => {
    if (typeof text !== 'string') return;
    for (const w of text.normalize('NFC').toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length > 1) p.words.set(w, (p.words.get(w) ?? 0) + 1);
  };
  const walk = (list: unknown[] | undefined) => {
    for (const e of (list ?? []) as { elementTypeDiscriminator?: string; shortText?: unknown; longText?: unknown; elements?: unknown[] }[]) {
      if (e.elementTypeDiscriminator === 'PositionDto') p.positions++;
      else if (e.elementTypeDiscriminator === 'NoteTextDto') p.notes++;
      add(e.shortText);
      add(e.longText);
      walk(e.elements);
    }
  };
  for (const spec of project.serviceSpecifications ?? []) walk(spec.elements);
  return p;
}

let lines = 0;
for (const source of SOURCES) {
  const dir = join(corpus, source);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    if (/\.pdf$/i.test(name) || (only !== undefined && !new RegExp(only, 'i').test(name))) continue;
    const bytes = readFileSync(join(dir, name));
    const read = await convert(source, 'ava', bytes, {});
    if ('error' in read) {
      console.log(`${name}: not read: ${read.error}`);
      continue;
    }
    const before = profile(JSON.parse(read.data.toString('utf8')));
    for (const target of TARGETS) {
      const out = target.viaAva ? await convert('ava', target.id, read.data, target.options) : await convert(source, target.id, bytes, target.options);
      if ('error' in out) {
        if (!/There is no conversion from/.test(out.error)) console.log(`${name} → ${target.label}: 400 ${out.error}`);
        continue;
      }
      const back = await convert(target.id, 'ava', out.data, {});
      if ('error' in back) {
        console.log(`${name} → ${target.label} → ava: 400 ${back.error}`);
        continue;
      }
      const after = profile(JSON.parse(back.data.toString('utf8')));
      const fewer = [...before.words].map(([w, n]) => [w, n - (after.words.get(w) ?? 0)] as const).filter(([, d]) => d > 0);
      const parts: string[] = [];
      if (after.positions !== before.positions) parts.push(`positions ${before.positions} → ${after.positions}`);
      if (after.notes !== before.notes) parts.push(`note texts ${before.notes} → ${after.notes}`);
      if (fewer.length > 0) {
        const list = fewer.slice(0, shownWords).map(([w, d]) => `${w}×${d}`).join(' ');
        parts.push(`${fewer.length} words fewer: ${list}${fewer.length > shownWords ? ' …' : ''}`);
      }
      if (parts.length === 0) continue;
      lines++;
      console.log(`${name} → ${target.label}: ${parts.join('; ')} [${out.codes.join(', ')}]`);
    }
  }
}
console.log(`${lines} conversion(s) with differences`);
