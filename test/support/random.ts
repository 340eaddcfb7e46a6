/** A small seeded pseudo-random generator (mulberry32) for reproducible property tests; returns [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYNTAX = '\\{}[]<>&;#\'"';

/** `bytes` with 1–20 seeded mutations: random bytes, syntax characters `\{}[]<>&;#'"`, copied ranges. */
export function mutateBytes(bytes: Buffer, next: () => number): Buffer {
  const b = Buffer.from(bytes);
  const at = () => Math.floor(next() * b.length);
  for (let k = 1 + Math.floor(next() * 20); k > 0; k--) {
    const r = next();
    if (r < 0.5) b[at()] = Math.floor(next() * 256);
    else if (r < 0.75) b[at()] = SYNTAX.charCodeAt(Math.floor(next() * SYNTAX.length));
    else b.copyWithin(at(), at(), at());
  }
  return b;
}

/** Characters of fixed-width records: digits, signs, separators, record-type letters, and umlauts and units of the code pages. */
const RECORD_CHARACTERS = '0123456789 +-.,;:ABCGZabc\tüä²³';

/**
 * A text file of fixed-width records (SIA 451, GAEB 90, REB DA11) with 1–6 seeded mutations of its lines, read and
 * written as Latin-1 so every byte stays one character: a character replaced by one of {@link RECORD_CHARACTERS}, a
 * field shifted left (characters removed) or right (blanks inserted), a line removed, repeated elsewhere, swapped
 * with another or left without its line break, a run of digits written over a field, the file cut after a line.
 */
export function mutateRecords(bytes: Buffer, next: () => number): Buffer {
  let lines = bytes.toString('latin1').split(/(?<=\n)/);
  const index = (n: number) => Math.floor(next() * Math.max(1, n));
  for (let k = 1 + Math.floor(next() * 6); k > 0; k--) {
    const r = next();
    const i = index(lines.length);
    const line = lines[i] ?? '';
    const at = index(line.length);
    if (r < 0.35) lines[i] = line.slice(0, at) + RECORD_CHARACTERS[index(RECORD_CHARACTERS.length)] + line.slice(at + 1);
    else if (r < 0.45) lines[i] = line.slice(0, at) + line.slice(at + 1 + index(10));
    else if (r < 0.55) lines[i] = line.slice(0, at) + ' '.repeat(1 + index(10)) + line.slice(at);
    else if (r < 0.65) lines.splice(i, 1);
    else if (r < 0.75) lines.splice(i, 0, lines[index(lines.length)] ?? '');
    else if (r < 0.82) {
      const j = index(lines.length);
      [lines[i], lines[j]] = [lines[j], lines[i]];
    } else if (r < 0.88) lines = lines.slice(0, i);
    else if (r < 0.94) {
      const width = 1 + index(12);
      const digits = String(Math.floor(next() * 1e12)).slice(0, width).padStart(width, '0 -'[index(3)]);
      lines[i] = line.slice(0, at) + digits + line.slice(at + width);
    } else lines[i] = line.replace(/\r?\n$/, '');
  }
  return Buffer.from(lines.join(''), 'latin1');
}

/** Values a damaged or hand-written JSON body may hold where the model expects something else. */
const JSON_VALUES: readonly unknown[] = [
  null, '', 'abc', -1, 0, 1e300, -1e-300, 1.23456789, 'NaN', '1e999', {}, [], true, false, 'x'.repeat(5000), [null], [1, 'a'],
  { elements: null }, 99999999999999999999,
];

/**
 * A deep copy of the JSON value `doc` with 1–4 seeded changes at random places of its tree: a value replaced by one
 * of {@link JSON_VALUES} or by a copy of another node of the tree (a group where a position was, a project inside an
 * item number), a member or array item removed, an array item repeated, a number negated, a string given a NUL, a
 * lone surrogate, markup or a separator at its end.
 */
export function mutateJson(doc: unknown, next: () => number): unknown {
  const copy = structuredClone(doc) as Record<string, unknown>;
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (path.length > 0) paths.push(path);
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (value !== null && typeof value === 'object') for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], [...path, key]);
  };
  walk(copy, []);
  const at = (path: readonly (string | number)[]): unknown => path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | null | undefined)?.[key], copy);
  const pickOne = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  if (paths.length === 0) return copy;
  for (let k = 1 + Math.floor(next() * 4); k > 0; k--) {
    const path = pickOne(paths);
    const parent = at(path.slice(0, -1)) as Record<string | number, unknown> | unknown[] | null;
    const key = path[path.length - 1];
    if (parent === null || typeof parent !== 'object') continue;
    const slot = parent as Record<string | number, unknown>;
    const r = next();
    if (r < 0.5) slot[key] = structuredClone(pickOne(JSON_VALUES));
    else if (r < 0.65) {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete slot[key];
    } else if (r < 0.85) slot[key] = structuredClone(at(pickOne(paths)) ?? null);
    else if (Array.isArray(parent)) parent.push(structuredClone(parent[key as number]));
    else if (typeof slot[key] === 'number') slot[key] = -(slot[key] as number);
    else if (typeof slot[key] === 'string') slot[key] = `${slot[key] as string}${pickOne(['\u0000', '\uD800', '<&>', '.', '..', ' ', '€'])}`;
  }
  return copy;
}

/** Texts an edited or damaged XML document may hold where a reader expects a number, a date, a code or a name. */
const XML_VALUES: readonly string[] = [
  '', 'abc', '-1', '0', '1e999', '99999999999999999', '0,5', 'NaN', '1.2.3', '-0.001', ' ', 'x'.repeat(2000), '&amp;', '2026-13-45', 'true', '€',
];

/** The tokens of an XML text: tags (with declarations and comments) and the character data between them. */
const XML_TOKEN = /<[^>]*>|[^<]+/g;
const START_TAG = /^<([A-Za-z_][^\s/>]*)[^>]*>$/;

/**
 * A UTF-8 XML document with 1–5 seeded changes that keep it well-formed, so that a reader gets past the parser:
 * a text replaced by one of {@link XML_VALUES}, an attribute's value likewise, an element removed, repeated after
 * itself or moved to after another element's end tag.
 */
export function mutateXml(bytes: Buffer, next: () => number): Buffer {
  let text = bytes.toString('utf8');
  const pickOne = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const indexes = (tokens: string[], test: (t: string) => boolean) => tokens.flatMap((t, i) => (test(t) ? [i] : []));
  for (let k = 1 + Math.floor(next() * 5); k > 0; k--) {
    const tokens = text.match(XML_TOKEN) ?? [];
    const r = next();
    if (r < 0.4) {
      const texts = indexes(tokens, (t) => !t.startsWith('<') && t.trim() !== '');
      if (texts.length > 0) tokens[pickOne(texts)] = pickOne(XML_VALUES);
    } else if (r < 0.55) {
      const tags = indexes(tokens, (t) => START_TAG.test(t) && /="/.test(t));
      if (tags.length > 0) {
        const i = pickOne(tags);
        const attribute = pickOne([...tokens[i].matchAll(/([\w:.-]+)="[^"]*"/g)]);
        tokens[i] = tokens[i].replace(attribute[0], `${attribute[1]}="${pickOne(XML_VALUES).replace(/[&"<]/g, '')}"`);
      }
    } else {
      // an element with content, from its start tag to the matching end tag (not the root)
      const root = tokens.findIndex((t) => START_TAG.test(t));
      const starts = indexes(tokens, (t) => START_TAG.test(t) && !t.endsWith('/>')).filter((i) => i > root);
      if (starts.length === 0) continue;
      const s = pickOne(starts);
      const name = START_TAG.exec(tokens[s])![1];
      let depth = 0;
      let e = -1;
      for (let i = s; i < tokens.length && e < 0; i++) {
        if (START_TAG.exec(tokens[i])?.[1] === name && !tokens[i].endsWith('/>')) depth++;
        else if (tokens[i] === `</${name}>` && --depth === 0) e = i;
      }
      if (e < 0) continue;
      const element = tokens.slice(s, e + 1).join('');
      if (r < 0.75) tokens.splice(s, e - s + 1);
      else if (r < 0.9) tokens.splice(e + 1, 0, element);
      else {
        tokens.splice(s, e - s + 1);
        const ends = indexes(tokens, (t) => t.startsWith('</')).slice(0, -1);
        if (ends.length > 0) tokens.splice(pickOne(ends) + 1, 0, element);
      }
    }
    text = tokens.join('');
  }
  return Buffer.from(text, 'utf8');
}
