/**
 * Options a format plugin declares itself (plugin contract 1.1: `FormatReader.options`, `FormatWriter.options`),
 * in the same form as the catalogue's entries (catalog.ts `OptionSpec`). Names are query parameters matched
 * ignoring case (resolve.ts, as ASP.NET model binding does), so two options are the same option — and clash —
 * when their names are equal ignoring case.
 */
import { OPTIONS, type OptionSpec } from './catalog.js';

/** A query parameter name: a letter, then letters, digits or `_` (the seed's names are PascalCase). */
const OPTION_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Name equality of options (ignoring case). */
export const optionKey = (name: string) => name.toLowerCase();

function enumProblem(name: string, values: unknown, fallback: unknown): string | undefined {
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string' && v !== '' && v === v.trim())) {
    return `option ${name}: enum must be a non-empty list of texts without surrounding spaces`;
  }
  const keys = values.map((v: string) => optionKey(v));
  const twice = values.find((_, i) => keys.indexOf(keys[i]) !== i);
  if (twice !== undefined) return `option ${name}: enum value "${twice}" is listed twice (values match ignoring case)`;
  if (!values.includes(fallback)) return `option ${name}: default "${String(fallback)}" is not one of its enum values (${values.join(', ')})`;
  return undefined;
}

/**
 * What is wrong with a declared option, or undefined when it is a well-formed `OptionSpec`: a query parameter
 * name, type `boolean` or `string`, a default of that type, a description, and for `string` options optionally
 * `enum` (distinct values ignoring case, the default one of them spelt exactly).
 */
export function optionSpecProblem(candidate: unknown): string | undefined {
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
    return 'an option must be an object { name, type, default, description, enum? }';
  }
  const o = candidate as { [K in keyof OptionSpec]?: unknown };
  if (typeof o.name !== 'string' || !OPTION_NAME.test(o.name)) {
    return `option name ${JSON.stringify(o.name)} must be a query parameter name (a letter, then letters, digits or _)`;
  }
  const name = o.name;
  if (o.type !== 'boolean' && o.type !== 'string') return `option ${name}: type must be 'boolean' or 'string', got ${JSON.stringify(o.type)}`;
  if (typeof o.default !== o.type) return `option ${name}: default must be a ${o.type}, got ${JSON.stringify(o.default)}`;
  if (typeof o.description !== 'string' || o.description.trim() === '') return `option ${name}: description is missing`;
  if (o.enum === undefined) return undefined;
  if (o.type !== 'string') return `option ${name}: only string options take enum values`;
  return enumProblem(name, o.enum, o.default);
}

/** The catalogue option whose name equals `name` ignoring case, if any. */
export function catalogueOptionNamed(name: string): OptionSpec | undefined {
  return Object.values(OPTIONS).find((o) => optionKey(o.name) === optionKey(name));
}

/** The specs in order, each name (ignoring case) once: the first declaration wins. */
export function distinctOptions(specs: readonly OptionSpec[]): OptionSpec[] {
  const seen = new Set<string>();
  return specs.filter((s) => !seen.has(optionKey(s.name)) && seen.add(optionKey(s.name)));
}

/** True when two declarations say the same (name, type, default, description, enum). */
export function sameOptionSpec(a: OptionSpec, b: OptionSpec): boolean {
  return a.name === b.name && a.type === b.type && a.default === b.default && a.description === b.description
    && (a.enum ?? []).join('\u0000') === (b.enum ?? []).join('\u0000') && (a.enum === undefined) === (b.enum === undefined);
}
