/**
 * The seed's "Allowed source/target combinations" table (AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger)), as data, and a parser for the seed text
 * itself so that a test can check the data against the document when `../shared` is present.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OptionGroupId } from '../../core/options/catalog.js';
import { SHARED_DIR } from './corpus.js';

export interface SeedRow {
  source: string;
  inputParameter: string;
  /** target → option groups (source-wide groups first). */
  targets: Record<string, OptionGroupId[]>;
}

const plain = (): SeedRow['targets'] => ({ ava: ['L'], gaeb: ['G'], excel: ['X'], oenorm: ['O'] });
const every = (g: OptionGroupId, t: SeedRow['targets']) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, [g, ...v]])) as SeedRow['targets'];

/** The table as data. */
export const SEED_MATRIX: readonly SeedRow[] = [
  { source: 'aslv', inputParameter: 'aslvFile', targets: plain() },
  { source: 'ava', inputParameter: 'avaProject', targets: every('A', { ava: ['L'], gaeb: ['G'], excel: ['X'], reb: [], oenorm: ['O'], sia: [] }) },
  { source: 'excel', inputParameter: 'excelFile', targets: every('N', plain()) },
  { source: 'gaeb', inputParameter: 'gaebFile', targets: every('S', plain()) },
  { source: 'oenorm', inputParameter: 'oenormFile', targets: plain() },
  { source: 'reb', inputParameter: 'rebFile', targets: plain() },
  { source: 'sia', inputParameter: 'siaFile', targets: plain() },
];

/** Parses the table out of the seed document, or returns undefined when the seeds folder is absent. */
export function parseSeedMatrix(): SeedRow[] | undefined {
  const dir = join(SHARED_DIR, 'seeds');
  if (!existsSync(dir)) return undefined;
  const file = readdirSync(dir).find((f) => f.startsWith('001_'));
  if (!file) return undefined;
  const rows: SeedRow[] = [];
  for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
    const m = /^\| (\w+) \((\w+)\) \| ([\w, ]+) \| (.+) \|$/.exec(line.trim());
    if (!m) continue;
    const [, source, inputParameter, targetList, optionText] = m;
    const everyGroup = /Every target takes (\w)\./.exec(optionText)?.[1] as OptionGroupId | undefined;
    const targets: SeedRow['targets'] = {};
    for (const t of targetList.split(',').map((s) => s.trim())) {
      const own = new RegExp(`(?:^|[.:] )${t}: (\\w)\\.`).exec(optionText)?.[1] as OptionGroupId | undefined;
      targets[t] = [...(everyGroup ? [everyGroup] : []), ...(own ? [own] : [])];
    }
    rows.push({ source, inputParameter, targets });
  }
  return rows;
}
