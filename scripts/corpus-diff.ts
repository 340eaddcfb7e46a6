/**
 * Compares two corpus snapshots written by `scripts/corpus-snapshot.ts` (dev tool, not shipped).
 *
 *   node --import tsx scripts/corpus-diff.ts <beforeDir> <afterDir> [--changed]   # or: npm run corpus:diff -- …
 *
 * Lists, per corpus file and route output (`ava.json`, `Gaeb90.out`, `Gaeb90.messages.json`, `….error.txt` …):
 * `identical` (same bytes), `differs`, `only in before` or `only in after` (`--changed` leaves out the identical
 * ones). For a differing output it shows:
 * - JSON (`.json`): the JSON paths whose values differ, with the before and after values (the first 20, and how
 *   many in all); arrays are compared index by index; "same values" when only the formatting or key order differs.
 * - Other text: a unified-style excerpt of the first 5 differing lines (`-` before, `+` after, with line numbers),
 *   and how many lines differ. Outputs are decoded with the charset of the `contentType` in the route's
 *   `<route>.messages.json` (ibm850 for GAEB 90, windows-1252 for GAEB 2000, else UTF-8); XML, written on one
 *   line, is compared with a line break between adjacent tags (`><`), a view only.
 * Ends with a summary count line. Exit code 0 when every output is identical, 1 otherwise, 2 on bad usage.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';

const JSON_PATHS_SHOWN = 20;
const LINES_SHOWN = 5;
/** How far ahead the line diff looks for the next common line before it pairs two lines as changed. */
const LOOKAHEAD = 200;
const SHOWN_CHARS = 160;

const clip = (s: string, n = SHOWN_CHARS) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Entries of a folder, or none when it does not exist. */
const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

/** Index of the first character where `a` and `b` differ. */
function firstDifference(a: string, b: string): number {
  let c = 0;
  while (c < a.length && a[c] === b[c]) c++;
  return c;
}

/** A value's JSON text for display, or `<absent>`: clipped, starting a little before `from` when that is far in. */
function shown(json: string | undefined, from = 0): string {
  if (json === undefined) return '<absent>';
  const start = json.length > 120 && from > 40 ? from - 40 : 0;
  return `${start > 0 ? '…' : ''}${clip(json.slice(start), 120)}`;
}

/** The paths (`$.a[0].b`) where `a` and `b` differ, leaf by leaf; `found` counts them all, `out` keeps the first few. */
function jsonDiffs(a: unknown, b: unknown, path: string, out: string[], found: { n: number }): void {
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects = !bothArrays && typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && !Array.isArray(a) && !Array.isArray(b);
  if (bothArrays) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) jsonDiffs(a[i], b[i], `${path}[${i}]`, out, found);
  } else if (bothObjects) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const step = /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
      jsonDiffs(ra[key], rb[key], `${path}${step}`, out, found);
    }
  } else {
    const [ja, jb] = [JSON.stringify(a), JSON.stringify(b)];
    if (ja === jb) return;
    found.n++;
    const from = ja !== undefined && jb !== undefined ? firstDifference(ja, jb) : 0;
    if (out.length < JSON_PATHS_SHOWN) out.push(`    ${path}: ${shown(ja, from)} → ${shown(jb, from)}`);
  }
}

function describeJson(before: Buffer, after: Buffer): string[] {
  let a: unknown;
  let b: unknown;
  try {
    a = JSON.parse(before.toString('utf8'));
    b = JSON.parse(after.toString('utf8'));
  } catch {
    return describeText(before.toString('utf8'), after.toString('utf8'));
  }
  const out: string[] = [];
  const found = { n: 0 };
  jsonDiffs(a, b, '$', out, found);
  if (found.n === 0) return ['    same values; only the formatting or the key order differs'];
  return [...out, `    ${found.n} differing JSON path(s)${found.n > out.length ? `, first ${out.length} shown` : ''}`];
}

/** A differing line for display; paired with its counterpart, it starts a little before the first differing character. */
function lineView(sign: string, no: number, line: string, other?: string): string {
  let from = 0;
  if (other !== undefined && line.length > SHOWN_CHARS) from = Math.max(0, firstDifference(line, other) - 40);
  return `    ${sign} ${String(no).padStart(6)}: ${from > 0 ? '…' : ''}${clip(line.slice(from))}`;
}

/**
 * A greedy line diff: equal lines are skipped; at a difference, the nearest resynchronisation within
 * {@link LOOKAHEAD} lines on either side (smallest sum of skipped lines) makes the skipped lines deletions and
 * insertions; without one, the two lines are paired as changed. Gives the first differing lines and a count.
 */
function describeText(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const shownLines: string[] = [];
  let differing = 0;
  const emit = (line: string) => {
    differing++;
    if (shownLines.length < LINES_SHOWN) shownLines.push(line);
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    const ahead = new Map<string, number>();
    for (let m = 0; m < LOOKAHEAD && j + m < b.length; m++) if (!ahead.has(b[j + m])) ahead.set(b[j + m], m);
    let best: [number, number] | undefined;
    for (let k = 0; k < LOOKAHEAD && i + k < a.length; k++) {
      const m = ahead.get(a[i + k]);
      if (m !== undefined && (k > 0 || m > 0) && (!best || k + m < best[0] + best[1])) best = [k, m];
      if (best && k >= best[0] + best[1]) break;
    }
    if (shownLines.length < LINES_SHOWN) shownLines.push(`    @@ -${i + 1} +${j + 1} @@`);
    if (best) {
      for (let k = 0; k < best[0]; k++, i++) emit(lineView('-', i + 1, a[i]));
      for (let m = 0; m < best[1]; m++, j++) emit(lineView('+', j + 1, b[j]));
    } else {
      const [x, y] = [a[i], b[j]];
      if (x !== undefined) emit(lineView('-', ++i, x, y));
      if (y !== undefined) emit(lineView('+', ++j, y, x));
    }
  }
  return [...shownLines, `    ${differing} differing line(s) (${a.length} before, ${b.length} after)`];
}

/** The charset named by the `contentType` in `<dir>/<base>.messages.json`, else UTF-8. */
function charsetOf(dir: string, route: string): string {
  const meta = join(dir, `${route.replace(/\.[^.]+$/, '')}.messages.json`);
  if (!existsSync(meta)) return 'utf8';
  const contentType = String((JSON.parse(readFileSync(meta, 'utf8')) as { contentType?: string }).contentType ?? '');
  const charset = /charset=([^;\s]+)/i.exec(contentType)?.[1] ?? 'utf8';
  return iconv.encodingExists(charset) ? charset : 'utf8';
}

/** The text of an output as compared: decoded, XML broken between adjacent tags. */
function textOf(bytes: Buffer, charset: string): string {
  const text = iconv.decode(bytes, charset);
  return /^(\uFEFF)?<\?xml/.test(text) ? text.replace(/></g, '>\n<') : text;
}

type Status = 'identical' | 'differs' | 'only in before' | 'only in after';

function compare(beforeDir: string, afterDir: string, route: string): { status: Status; detail: string[] } {
  const pb = join(beforeDir, route);
  const pa = join(afterDir, route);
  if (!existsSync(pa)) return { status: 'only in before', detail: [] };
  if (!existsSync(pb)) return { status: 'only in after', detail: [] };
  const before = readFileSync(pb);
  const after = readFileSync(pa);
  if (before.equals(after)) return { status: 'identical', detail: [] };
  if (route.endsWith('.json')) return { status: 'differs', detail: describeJson(before, after) };
  return { status: 'differs', detail: describeText(textOf(before, charsetOf(beforeDir, route)), textOf(after, charsetOf(afterDir, route))) };
}

function main(): void {
  const args = process.argv.slice(2).filter((a) => a !== '--changed');
  const changedOnly = process.argv.includes('--changed');
  if (args.length !== 2 || !args.every((d) => existsSync(d) && statSync(d).isDirectory())) {
    console.error('usage: node --import tsx scripts/corpus-diff.ts <beforeDir> <afterDir> [--changed]');
    process.exit(2);
  }
  const [beforeRoot, afterRoot] = args;
  const isDir = (root: string, name: string) => existsSync(join(root, name)) && statSync(join(root, name)).isDirectory();
  const names = [...new Set([...entries(beforeRoot), ...entries(afterRoot)])].sort();
  const counts: Record<Status, number> = { identical: 0, differs: 0, 'only in before': 0, 'only in after': 0 };
  const files = names.filter((n) => isDir(beforeRoot, n) || isDir(afterRoot, n));
  // Top-level files (skipped.txt) are compared as routes of the corpus as a whole.
  const groups: [string, string, string, string[]][] = [
    ['(corpus)', beforeRoot, afterRoot, names.filter((n) => !files.includes(n))],
    ...files.map((f): [string, string, string, string[]] => [f, join(beforeRoot, f), join(afterRoot, f), [...new Set([...entries(join(beforeRoot, f)), ...entries(join(afterRoot, f))])].sort()]),
  ];
  for (const [label, before, after, routes] of groups) {
    for (const route of routes) {
      const { status, detail } = compare(before, after, route);
      counts[status]++;
      if (changedOnly && status === 'identical') continue;
      console.log(`${label} / ${route}: ${status}`);
      for (const line of detail) console.log(line);
    }
  }
  const total = Object.values(counts).reduce((s, n) => s + n, 0);
  console.log(
    `summary: ${files.length} corpus files, ${total} outputs: ${counts.identical} identical, ${counts.differs} differ, ` +
      `${counts['only in before']} only in before, ${counts['only in after']} only in after`,
  );
  process.exit(total === counts.identical ? 0 : 1);
}

main();
