/**
 * Query-string options of one conversion route: parsing, validation and defaults.
 * Names match case-insensitively (ASP.NET model binding, which the replaced service uses); booleans accept
 * `true`/`false` in any letter case (Python clients send `True`); enum values match case-insensitively and come
 * out in their canonical spelling; an empty or blank value is the default. Parameters that are no option of the
 * route are ignored, as the original does.
 * The same rules apply to the catalogue's options and to those a plugin declares (contract 1.1).
 */
import { GatewayError } from '../errors.js';
import { optionsOf, type OptionGroupId, type OptionSpec, type ResolvedOptions } from './catalog.js';

export type RawQuery = Record<string, unknown>;

/**
 * The options of a route: its resolved list of specs (`ConversionRoute.options`: catalogue groups, then the
 * plugins' own options), or just catalogue group ids (the seed's groups, flattened in order).
 */
export type OptionList = readonly OptionSpec[] | readonly OptionGroupId[];

const specsOf = (list: OptionList): readonly OptionSpec[] =>
  list.every((x): x is OptionGroupId => typeof x === 'string') ? optionsOf(list) : (list as readonly OptionSpec[]);

/** Longest part of a refused value that the error message repeats (characters). */
export const VALUE_ECHO_MAX_LENGTH = 100;

/** A refused value as the message quotes it: cut to {@link VALUE_ECHO_MAX_LENGTH} characters, ending with "…". */
const echo = (value: unknown) => {
  const chars = Array.from(String(value));
  return chars.length <= VALUE_ECHO_MAX_LENGTH ? chars.join('') : chars.slice(0, VALUE_ECHO_MAX_LENGTH - 1).join('') + '…';
};

function parseValue(spec: OptionSpec, raw: unknown): boolean | string {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'boolean' ? String(value) : undefined;
  if (spec.type === 'boolean') {
    const lower = text?.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    throw new GatewayError('GW_ERR_OPTION', `The value "${echo(value)}" is not valid for ${spec.name}; allowed: true, false.`, spec.name);
  }
  if (text === undefined) throw new GatewayError('GW_ERR_OPTION', `${spec.name} needs a text value.`, spec.name);
  if (!spec.enum) return text;
  const match = spec.enum.find((e) => e.toLowerCase() === text.toLowerCase());
  if (match === undefined) {
    throw new GatewayError('GW_ERR_OPTION', `The value "${echo(text)}" is not valid for ${spec.name}; allowed: ${spec.enum.join(', ')}.`, spec.name);
  }
  return match;
}

/**
 * Resolves the options of a route: every option of the list gets the query's value or its default.
 * @param options the route's options (`ConversionRoute.options`) or catalogue group ids
 * @param defaults per-deployment default overrides (option name → value), applied before the query
 * @returns option name (as declared) → value
 * @throws GatewayError GW_ERR_OPTION (400) naming the option and what it allows
 */
export function resolveOptions(options: OptionList, query: RawQuery = {}, defaults: Record<string, boolean | string> = {}): ResolvedOptions {
  const byLower = new Map<string, unknown>();
  for (const [k, v] of Object.entries(query)) byLower.set(k.toLowerCase(), v);
  const out: Record<string, boolean | string> = {};
  for (const spec of specsOf(options)) {
    const raw = byLower.get(spec.name.toLowerCase());
    // an empty or blank value counts as absent, as ASP.NET Core binds it (null for the service's optional options)
    const absent = raw === undefined || (typeof raw === 'string' && raw.trim() === '');
    out[spec.name] = absent ? (defaults[spec.name] ?? spec.default) : parseValue(spec, raw);
  }
  return Object.freeze(out);
}

/**
 * The OpenAPI/JSON schema of a route's query string: one flat object with every option of the list
 * (never `allOf`/`$ref`: Ajv with fastify's default `removeAdditional`, https://fastify.dev/docs/latest/Reference/Validation-and-Serialization/).
 */
export function querySchema(options: OptionList) {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const s of specsOf(options)) {
    properties[s.name] = { type: s.type, description: s.description, default: s.default, ...(s.enum ? { enum: [...s.enum] } : {}) };
  }
  return { type: 'object', properties };
}
