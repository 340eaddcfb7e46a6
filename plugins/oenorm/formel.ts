/**
 * The formulas of the ÖNORM A 2063 formula catalogue (Anhang A, 2009 `onformel.xsd`: `formel` holds one of
 * `Formel1` … `Formel581`, each a sequence of values of `formelwert.type` — a number, optionally naming the variable
 * it was taken from in `@varref` — and most an optional multiplier `Multi`), kept as read and, where the rule is
 * plain arithmetic, said as a formula of the project's grammar (+ − × ÷ and parentheses, `core/model/formula.ts`).
 *
 * Only the rules below are said as arithmetic; `onformel.xsd` names each formula ("Summe von max. 4 Werten",
 * "Rechteck", "Trapez aus a, c, h" …) but the catalogue's text with the rules is not public, so the reader takes an
 * arithmetic form only when it gives the result the file states (`ergebnis`), and the stated result otherwise.
 *
 * | formula | name in `onformel.xsd` | arithmetic |
 * |---|---|---|
 * | `Formel1` | Summe von max. 4 Werten | X1 + X2 + X3 + X4 |
 * | `Formel2` | Produkt von max. 4 Werten | X1 · X2 · X3 · X4 |
 * | `Formel3` | Produkt von 2 Summen | (X1 + X2) · (X3 + X4) |
 * | `Formel4` | Quotient von 2 Produkten | (X1 · X2) ÷ (X3 · X4) |
 * | `Formel10` | Rechteck | a · b |
 * | `Formel11` | Prisma (über dem Rechteck) | H · a · b |
 * | `Formel20` | Trapez aus a, c, h | (a + c) ÷ 2 · h |
 * | `Formel21` | Prisma (über dem Trapez) | H · (a + c) ÷ 2 · h |
 * | `Formel40` | Dreieck aus g, h | g · h ÷ 2 |
 * | `Formel41` | Prisma (über dem Dreieck) | H · g · h ÷ 2 |
 *
 * each times `Multi` when present (absent values of X2 … X4 are left out).
 */
import { evaluateFormula } from '../../core/model/formula.js';
import type { CapturedElement } from '../../core/xml/capture.js';

/** A catalogue formula (or one of its values) as read: element name, attributes, text and children, empty ones left out. */
export interface FormelNode {
  name: string;
  attrs?: Record<string, string>;
  text?: string;
  children?: FormelNode[];
}

/** A captured element as a {@link FormelNode} (plain data, kept in the model and written back as it is). */
export function formelNodeOf(e: CapturedElement): FormelNode {
  const node: FormelNode = { name: e.name };
  if (Object.keys(e.attrs).length > 0) node.attrs = { ...e.attrs };
  if (e.text !== '') node.text = e.text;
  if (e.children.length > 0) node.children = e.children.map(formelNodeOf);
  return node;
}

/** Is `v` a {@link FormelNode} (as kept in a quantity component, which a client may have changed)? */
export function isFormelNode(v: unknown): v is FormelNode {
  const n = v as FormelNode | undefined;
  return typeof n === 'object' && n !== null && typeof n.name === 'string' && /^[A-Za-z_][\w.-]*$/.test(n.name)
    && (n.text === undefined || typeof n.text === 'string')
    && (n.attrs === undefined || (typeof n.attrs === 'object' && n.attrs !== null && Object.entries(n.attrs).every(([k, a]) => /^[A-Za-z_][\w.-]*$/.test(k) && typeof a === 'string')))
    && (n.children === undefined || (Array.isArray(n.children) && n.children.every(isFormelNode)));
}

/** The catalogue number of a formula (`Formel21` → `21`). */
export const formelNumber = (node: FormelNode): string => node.name.replace(/^Formel/, '');

type Values = Readonly<Record<string, string>>;
const RULES: Readonly<Record<string, (v: Values) => string | undefined>> = {
  Formel1: (v) => join(['X1', 'X2', 'X3', 'X4'], v, '+'),
  Formel2: (v) => join(['X1', 'X2', 'X3', 'X4'], v, '*'),
  Formel3: (v) => both(join(['X1', 'X2'], v, '+'), join(['X3', 'X4'], v, '+'), (a, b) => `(${a})*(${b})`),
  Formel4: (v) => both(join(['X1', 'X2'], v, '*'), join(['X3', 'X4'], v, '*'), (a, b) => `(${a})/(${b})`),
  Formel10: (v) => join(['a', 'b'], v, '*', 2),
  Formel11: (v) => join(['H', 'a', 'b'], v, '*', 3),
  Formel20: (v) => trapezoid(v),
  Formel21: (v) => both(v.H, trapezoid(v), (h, t) => `${h}*${t}`),
  Formel40: (v) => both(v.g, v.h, (g, h) => `${g}*${h}/2`),
  Formel41: (v) => both(v.H, v.g !== undefined && v.h !== undefined ? `${v.g}*${v.h}/2` : undefined, (h, t) => `${h}*${t}`),
};

/** The present values of `names`, joined by `op`; undefined when fewer than `min` are present or the first is absent. */
function join(names: readonly string[], v: Values, op: string, min = 1): string | undefined {
  if (v[names[0]] === undefined) return undefined;
  const present = names.map((n) => v[n]).filter((x): x is string => x !== undefined);
  return present.length >= min ? present.join(op) : undefined;
}

const both = (a: string | undefined, b: string | undefined, f: (a: string, b: string) => string): string | undefined =>
  (a !== undefined && b !== undefined ? f(a, b) : undefined);

const trapezoid = (v: Values): string | undefined =>
  (v.a !== undefined && v.c !== undefined && v.h !== undefined ? `(${v.a}+${v.c})/2*${v.h}` : undefined);

/** A value's number as the project's grammar writes it (digits and a point), undefined when it is not a plain decimal. */
function literal(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const n = Number(text.trim());
  if (!Number.isFinite(n) || text.trim() === '') return undefined;
  const s = String(n);
  if (s.includes('e')) return undefined;
  return n < 0 ? `(${s})` : s;
}

/**
 * The arithmetic of a catalogue formula (see the module comment), undefined for a formula without a rule here or
 * with a value that is not a plain number.
 */
export function formelArithmetic(node: FormelNode): string | undefined {
  const rule = RULES[node.name];
  if (rule === undefined) return undefined;
  const values: Record<string, string> = {};
  for (const c of node.children ?? []) {
    if (c.children !== undefined) return undefined;
    const n = literal(c.text);
    if (n === undefined) return undefined;
    values[c.name] = n;
  }
  const expression = rule(values);
  if (expression === undefined) return undefined;
  return values.Multi !== undefined ? `${values.Multi}*(${expression})` : expression;
}

/** A take-off result to the 3 decimals of `berechnetemenge.type`. */
export const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** A result as the project's grammar and a description write it: decimal point, at most 3 decimals. */
export const resultText = (x: number): string => String(round3(x));

/**
 * The project formula of a take-off row that counts (`a`, `reader/takeoff.ts`): its free formula, else its catalogue
 * formula's arithmetic, when that reads and gives the stated result (3 decimals; any result when none is stated);
 * else the stated result (`asResult`); else what the row says (which the recalculation then marks invalid).
 */
export function rowFormula(rechenansatz: string | undefined, formel: FormelNode | undefined, ergebnis: number | undefined): { formula: string; asResult: boolean } {
  const candidate = rechenansatz ?? (formel !== undefined ? formelArithmetic(formel) : undefined);
  if (candidate !== undefined && candidate.trim() !== '') {
    const r = evaluateFormula(candidate);
    if (r.valid && (ergebnis === undefined || round3(r.result) === round3(ergebnis))) return { formula: candidate, asResult: false };
  }
  if (ergebnis !== undefined) return { formula: resultText(ergebnis), asResult: true };
  return { formula: candidate ?? (formel !== undefined ? `Formel ${formelNumber(formel)}` : ''), asResult: false };
}
