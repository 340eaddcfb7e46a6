/**
 * Query-string options of one conversion route: parsing, validation and defaults.
 * Names match case-insensitively (ASP.NET model binding, which the replaced service uses); booleans accept
 * `true`/`false` in any letter case (Python clients send `True`); enum values match case-insensitively and come
 * out in their canonical spelling. Parameters that are no option of the route are ignored, as the original does.
 */
import { GatewayError } from '../errors.js';
import { OPTIONS, optionNamesOf, type OptionGroupId, type OptionSpec, type ResolvedOptions } from './catalog.js';

export type RawQuery = Record<string, unknown>;

function parseValue(spec: OptionSpec, raw: unknown): boolean | string {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'boolean' ? String(value) : undefined;
  if (spec.type === 'boolean') {
    const lower = text?.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    throw new GatewayError('GW_ERR_OPTION', `The value "${String(value)}" is not valid for ${spec.name}; allowed: true, false.`, spec.name);
  }
  if (text === undefined) throw new GatewayError('GW_ERR_OPTION', `${spec.name} needs a text value.`, spec.name);
  if (!spec.enum) return text;
  const match = spec.enum.find((e) => e.toLowerCase() === text.toLowerCase());
  if (match === undefined) {
    throw new GatewayError('GW_ERR_OPTION', `The value "${text}" is not valid for ${spec.name}; allowed: ${spec.enum.join(', ')}.`, spec.name);
  }
  return match;
}

/**
 * Resolves the options of a route: every option of `groups` gets the query's value or its default.
 * @param defaults per-deployment default overrides (option name → value), applied before the query
 * @throws GatewayError GW_ERR_OPTION (400) naming the option and what it allows
 */
export function resolveOptions(groups: readonly OptionGroupId[], query: RawQuery = {}, defaults: Record<string, boolean | string> = {}): ResolvedOptions {
  const byLower = new Map<string, unknown>();
  for (const [k, v] of Object.entries(query)) byLower.set(k.toLowerCase(), v);
  const out: Record<string, boolean | string> = {};
  for (const name of optionNamesOf(groups)) {
    const spec = OPTIONS[name];
    const raw = byLower.get(name.toLowerCase());
    out[name] = raw === undefined || raw === '' ? (defaults[name] ?? spec.default) : parseValue(spec, raw);
  }
  return Object.freeze(out);
}

/**
 * The OpenAPI/JSON schema of a route's query string: one flat object with every option of the groups
 * (never `allOf`/`$ref`: Ajv with fastify's default `removeAdditional`, https://fastify.dev/docs/latest/Reference/Validation-and-Serialization/).
 */
export function querySchema(groups: readonly OptionGroupId[]) {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const name of optionNamesOf(groups)) {
    const s = OPTIONS[name];
    properties[name] = { type: s.type, description: s.description, default: s.default, ...(s.enum ? { enum: [...s.enum] } : {}) };
  }
  return { type: 'object', properties };
}
