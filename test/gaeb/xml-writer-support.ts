/**
 * Helpers for the GAEB DA XML writer tests: a strict re-parse of the output with saxes (namespace-aware, so
 * any well-formedness or namespace error fails the test) into a small element tree, queries on that tree, and
 * fixture loading (normalised and recalculated with `prepareProject` when core/model/index.ts exists).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SaxesParser } from 'saxes';
import type { ProjectDto } from '../../core/model/types.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface XNode {
  name: string;
  ns: string;
  attrs: Record<string, string>;
  children: XNode[];
  /** Character data directly inside this element. */
  text: string;
  parent?: XNode;
}

/** Parses XML strictly (saxes, `xmlns: true`); throws on the first error. */
export function parseXml(xml: Buffer | string): XNode {
  const parser = new SaxesParser({ xmlns: true });
  const top: XNode = { name: '#document', ns: '', attrs: {}, children: [], text: '' };
  const stack: XNode[] = [top];
  let error: Error | undefined;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, a] of Object.entries(tag.attributes)) attrs[k] = typeof a === 'string' ? a : a.value;
    const node: XNode = { name: tag.local ?? tag.name, ns: tag.uri ?? '', attrs, children: [], text: '', parent: stack[stack.length - 1] };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (t) => {
    stack[stack.length - 1].text += t;
  });
  parser.write(typeof xml === 'string' ? xml : xml.toString('utf8')).close();
  if (error) throw error;
  return top.children[0];
}

/** All descendants (depth first, document order) named `name`. */
export function all(node: XNode, name: string): XNode[] {
  const out: XNode[] = [];
  const walk = (n: XNode) => {
    for (const c of n.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}

/** The child at a `/`-separated path of element names (first match per step). */
export function at(node: XNode, path: string): XNode | undefined {
  let cur: XNode | undefined = node;
  for (const step of path.split('/')) cur = cur?.children.find((c) => c.name === step);
  return cur;
}

/** Direct children named `name`. */
export const kids = (node: XNode, name: string): XNode[] => node.children.filter((c) => c.name === name);

/** Text of a path's element, or undefined. */
export const val = (node: XNode, path: string): string | undefined => at(node, path)?.text;

/** All character data below a node, in document order. */
export function textOf(node: XNode): string {
  let s = node.text;
  for (const c of node.children) s += textOf(c);
  return s;
}

const BLOCKS = new Set(['p', 'div', 'li', 'tr', 'td', 'th', 'br', 'Text', 'table', 'ul', 'ol', 'page', 'TextOutlTxt']);

/** Plain text of GAEB rich text: block elements separated by line breaks, image data left out. */
export function plainOf(node: XNode): string {
  if (node.name === 'image' || node.name === 'Image') return '\n';
  let s = node.text;
  for (const c of node.children) s += plainOf(c);
  return BLOCKS.has(node.name) ? `\n${s}\n` : s;
}

/** The `Item` whose RNoPart chain (categories' RNoParts + own RNoPart [+ RNoIndex]) is `number` ("01.01.0010"). */
export function itemByNumber(doc: XNode, number: string): XNode | undefined {
  return all(doc, 'Item').find((item) => itemNumberOf(item) === number);
}

/** The dotted item number of an `Item` as a reader would build it. */
export function itemNumberOf(item: XNode): string {
  const parts: string[] = [item.attrs.RNoPart];
  if (item.attrs.RNoIndex !== undefined) parts.push(item.attrs.RNoIndex);
  for (let p = item.parent; p; p = p.parent) if (p.name === 'BoQCtgy') parts.unshift(p.attrs.RNoPart);
  return parts.join('.');
}

/** Words (whitespace-separated, non-empty) as a sorted list, for multiset comparison. */
export const words = (s: string): string[] => s.split(/\s+/).filter((w) => w !== '').sort();

/** A writer fixture from test/fixtures/gaeb-writer, prepared with prepareProject when that module exists. */
export async function loadFixture(name: string): Promise<ProjectDto> {
  const raw = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'gaeb-writer', `${name}.json`), 'utf8')) as ProjectDto;
  const prepare = await prepareProjectIfPresent();
  return prepare ? prepare(raw) : raw;
}

type Prepare = (input: unknown, opts?: Record<string, unknown>) => ProjectDto;
let prepareCache: Prepare | null | undefined;

/** `prepareProject` from core/model/index.ts, or null while that module does not exist. */
export async function prepareProjectIfPresent(): Promise<Prepare | null> {
  if (prepareCache !== undefined) return prepareCache;
  const file = join(root, 'core', 'model', 'index.ts');
  if (!existsSync(file)) return (prepareCache = null);
  const mod = (await import(pathToFileURL(file).href)) as { prepareProject?: Prepare };
  return (prepareCache = mod.prepareProject ?? null);
}
