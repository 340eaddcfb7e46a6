/**
 * Whole-project comparison for round-trip tests: every property of two ProjectDto trees, depth first, ids aside.
 *
 * Ids (`id` members, fresh GUIDs on every read) are not compared; a string that is the id of another object of
 * the same project (`alternativeTo`, `repetitionTo`, …) is compared as the path of the object it points to, so a
 * reference that moves to a different element is still a difference. Members that are `undefined` count as absent.
 */

export interface DiffOptions {
  /**
   * Members left out of the comparison, e.g. what a target generation cannot hold: called with the member's
   * path (`serviceSpecifications[0].elements[3].htmlLongText`) and its key.
   */
  ignore?: (path: string, key: string, a: unknown, b: unknown) => boolean;
  /** At most this many differences are listed (default 20). */
  limit?: number;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Path of every object that has a string `id`, keyed by that id. */
function idPaths(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((v, i) => idPaths(v, `${path}[${i}]`, into));
  else if (value !== null && typeof value === 'object') {
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'string' && !into.has(id)) into.set(id, path);
    for (const [k, v] of Object.entries(value)) if (k !== 'id') idPaths(v, path === '' ? k : `${path}.${k}`, into);
  }
  return into;
}

const show = (v: unknown): string => {
  const s = v === undefined ? 'absent' : JSON.stringify(v);
  return s.length > 90 ? `${s.slice(0, 87)}…` : s;
};

/**
 * Whether `b` is `a` cut short: line by line a prefix of it (a writer's limit, e.g. 40 characters per name
 * line, 4 for a unit), with at least one line shorter.
 */
export function isShortened(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string' || a === b) return false;
  const la = a.split('\n');
  const lb = b.split('\n');
  return la.length === lb.length && lb.every((line, i) => la[i].startsWith(line.trimEnd()));
}

/**
 * Differences between two projects as lines `path: <a> ≠ <b>`; an empty list when they are equal (ids aside).
 * @param a the project before the round trip (already prepared: normalised and recalculated)
 * @param b the project after it (prepared the same way)
 */
export function projectDiff(a: unknown, b: unknown, options: DiffOptions = {}): string[] {
  const limit = options.limit ?? 20;
  const idsA = idPaths(a);
  const idsB = idPaths(b);
  const out: string[] = [];
  const deref = (v: unknown, ids: Map<string, string>) => (typeof v === 'string' && ids.has(v) ? `→${ids.get(v)}` : v);

  const walk = (x: unknown, y: unknown, path: string): void => {
    if (out.length >= limit) return;
    x = deref(x, idsA);
    y = deref(y, idsB);
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) out.push(`${path}: ${x.length} entries ≠ ${y.length} entries`);
      for (let i = 0; i < Math.min(x.length, y.length); i++) walk(x[i], y[i], `${path}[${i}]`);
      return;
    }
    const isObj = (v: unknown): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);
    if (isObj(x) && isObj(y)) {
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      for (const key of keys) {
        if (key === 'id') continue;
        const member = path === '' ? key : `${path}.${key}`;
        if (options.ignore?.(member, key, x[key], y[key])) continue;
        walk(x[key], y[key], member);
      }
      return;
    }
    if (x === y || (Number.isNaN(x) && Number.isNaN(y))) return;
    if (typeof x === 'string' && typeof y === 'string' && /(^|\.)htmlLongText$|HtmlText$/.test(path) && canonicalHtml(x) === canonicalHtml(y)) return;
    out.push(`${path}: ${show(x)} ≠ ${show(y)}`);
  };
  walk(a, b, '');
  return out;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : (ENTITY[e] ?? m));
/** CSS declarations without the spacing and empty entries a writer may normalise (`a: 1; ` → `a:1`). */
const style = (css: string) => css.split(';').map((d) => d.split(':').map((t) => t.trim()).join(':')).filter((d) => d !== '').join(';');
/** Inline elements that are a style (`<b>` is `<span style="font-weight:bold">`). */
const TAG_STYLE: Record<string, string> = {
  b: 'font-weight:bold', strong: 'font-weight:bold', i: 'font-style:italic', em: 'font-style:italic', u: 'text-decoration:underline',
};
const BLOCK = /^(p|div|li|ul|ol|table|tr|td|th|h[1-6])$/i;

/**
 * What an HTML long text shows, independent of how it is nested: paragraphs of styled runs. Each run is the
 * text with the `style`/`class` attributes of every element around it; adjacent runs with the same attributes are
 * one run, empty runs are dropped, inline content outside any paragraph is a paragraph of its own, `<br>` is a
 * line break inside its run. So `<span>a</span>` equals `<p><span>a</span></p>`, but bold text that lost its
 * bold, a changed space or a paragraph split in two does not.
 */
export function canonicalHtml(html: string): string {
  const paragraphs: string[][] = [];
  let runs: string[] = [];
  let lastAttrs: string | undefined;
  const stack: { name: string; attrs: string }[] = [];
  const endParagraph = () => {
    if (runs.length > 0) paragraphs.push(runs);
    runs = [];
    lastAttrs = undefined;
  };
  const text = (t: string) => {
    if (t === '') return;
    const attrs = stack.map((e) => e.attrs).filter((a) => a !== '').join(' > ');
    if (attrs === lastAttrs && runs.length > 0) runs[runs.length - 1] += t;
    else runs.push(`[${attrs}]${t}`);
    lastAttrs = attrs;
  };
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    if (m[5] !== undefined) {
      text(decode(m[5]));
      continue;
    }
    const [, close, name, rawAttrs, selfClosing] = m;
    if (name.toLowerCase() === 'br') {
      text('\n');
      continue;
    }
    if (BLOCK.test(name)) endParagraph();
    if (close) {
      const at = stack.map((e) => e.name).lastIndexOf(name.toLowerCase());
      if (at >= 0) stack.length = at;
    } else if (!selfClosing) {
      const implied = TAG_STYLE[name.toLowerCase()];
      const attrs = [...rawAttrs.matchAll(/\s(style|class|data-[\w-]+)="([^"]*)"/g)].map((a) => `${a[1]}=${a[1] === 'style' ? style(a[2]) : a[2]}`).join(';');
      const own = implied ? (attrs === '' ? `style=${implied}` : `${attrs};style=${implied}`) : attrs;
      stack.push({ name: name.toLowerCase(), attrs: BLOCK.test(name) && own !== '' ? `${name.toLowerCase()}{${own}}` : own });
    }
  }
  endParagraph();
  return paragraphs.map((p) => p.join('|')).join('\n¶');
}
