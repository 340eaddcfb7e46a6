/**
 * Plugin loading and checking. Built-in format plugins come from an explicit list (`plugins/index.ts`);
 * customer plugins are module specifiers in the configuration, loaded with `import()`. Each plugin's shape,
 * contract version (`apiVersion` range against `PLUGIN_API_VERSION`), id, input field (a plugin filling a format
 * slot reads the slot's field, slots.ts), own options (options.ts) and message catalogue (messages.ts) are
 * checked; a broken or duplicate plugin stops start-up with one message naming it (fastify-plugin's version check,
 * Tika's duplicate check). Options two plugins both declare are refused when the registry is built
 * (`assertDistinctPluginOptions`).
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import semver from 'semver';
import { GatewayError } from '../errors.js';
import { OPTION_GROUP_IDS } from '../options/catalog.js';
import { PLUGIN_API_OPTIONS_VERSION, PLUGIN_API_VERSION, type FormatPlugin } from './contract.js';
import { messageCatalogProblem } from './messages.js';
import { pluginOptionsProblem } from './options.js';
import { slotFieldProblem } from './slots.js';

const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
const FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** A media type without parameters: `type/subtype` of restricted names (RFC 6838 §4.2). */
const MEDIA_TYPE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;

const fail = (who: string, problem: string) =>
  new GatewayError('GW_ERR_PLUGIN_LOAD', `Format plugin ${who} is invalid: ${problem}`, 'plugins');

function checkGroups(who: string, role: string, groups: unknown): void {
  if (!Array.isArray(groups)) throw fail(who, `${role}.optionGroups must be an array of group ids`);
  for (const g of groups) {
    if (!OPTION_GROUP_IDS.includes(g)) throw fail(who, `${role}.optionGroups holds unknown group "${String(g)}" (known: ${OPTION_GROUP_IDS.join(', ')})`);
  }
}

/** Own options and a message catalogue (contract 1.1): well-formed, and the plugin built for a gateway that reads them. */
function checkDeclarations(who: string, p: Partial<FormatPlugin>): void {
  const optionsProblem = pluginOptionsProblem(p);
  if (optionsProblem) throw fail(who, optionsProblem);
  const messagesProblem = p.messages === undefined ? undefined : messageCatalogProblem(p.messages);
  if (messagesProblem) throw fail(who, messagesProblem);
  const uses = [p.reader?.options && 'reader.options', p.writer?.options && 'writer.options', p.messages && 'messages'].filter(Boolean);
  if (uses.length && semver.lt(semver.minVersion(p.apiVersion!)!, PLUGIN_API_OPTIONS_VERSION)) {
    throw fail(who, `it declares ${uses.join(', ')} (contract ${PLUGIN_API_OPTIONS_VERSION}) but its apiVersion ${p.apiVersion} admits gateways that ignore them; declare '^${PLUGIN_API_OPTIONS_VERSION}'`);
  }
}

/**
 * Checks one plugin object against the contract.
 * @param origin where it came from (module specifier or "built-in"), used in the message
 * @throws GatewayError GW_ERR_PLUGIN_LOAD naming the plugin and the problem
 */
export function assertFormatPlugin(candidate: unknown, origin: string): FormatPlugin {
  if (typeof candidate !== 'object' || candidate === null) throw fail(`from ${origin}`, 'the module does not export a plugin object');
  const p = candidate as Partial<FormatPlugin>;
  const who = typeof p.id === 'string' ? `"${p.id}" (${origin})` : `from ${origin}`;
  if (typeof p.id !== 'string' || !ID_PATTERN.test(p.id)) throw fail(who, 'id must be a lowercase path segment ([a-z0-9-])');
  if (typeof p.name !== 'string' || p.name === '') throw fail(who, 'name is missing');
  if (typeof p.version !== 'string' || !semver.valid(p.version)) throw fail(who, 'version must be a semver version');
  if (typeof p.apiVersion !== 'string' || !semver.validRange(p.apiVersion)) throw fail(who, 'apiVersion must be a semver range');
  if (!semver.satisfies(PLUGIN_API_VERSION, p.apiVersion)) {
    throw fail(who, `it was built for contract ${p.apiVersion}, this gateway provides ${PLUGIN_API_VERSION}`);
  }
  if (!p.reader && !p.writer) throw fail(who, 'it has neither a reader nor a writer');
  if (p.reader) {
    if (typeof p.reader.read !== 'function') throw fail(who, 'reader.read must be a function');
    if (p.reader.checkPrepared !== undefined && typeof p.reader.checkPrepared !== 'function') throw fail(who, 'reader.checkPrepared must be a function');
    checkGroups(who, 'reader', p.reader.optionGroups);
    const named = [p.inputField, p.bodyParameter].filter((v) => v !== undefined);
    if (named.length !== 1) throw fail(who, 'a reader needs exactly one of inputField (multipart) or bodyParameter (JSON)');
    if (!named.every((v) => typeof v === 'string' && FIELD_PATTERN.test(v))) throw fail(who, 'inputField/bodyParameter must be an identifier');
    const slotProblem = slotFieldProblem(p as FormatPlugin);
    if (slotProblem) throw fail(who, slotProblem);
  }
  if (p.writer) {
    if (typeof p.writer.write !== 'function') throw fail(who, 'writer.write must be a function');
    checkGroups(who, 'writer', p.writer.optionGroups);
    const out = p.writer.output as { mediaType?: unknown; schema?: unknown } | undefined;
    if (out !== undefined && (typeof out?.mediaType !== 'string' || !MEDIA_TYPE_PATTERN.test(out.mediaType))) throw fail(who, 'writer.output.mediaType must be a media type (type/subtype, RFC 6838 §4.2)');
    if (out?.schema !== undefined && out.schema !== 'ProjectDto') throw fail(who, "writer.output.schema must be 'ProjectDto' or absent");
  }
  checkDeclarations(who, p);
  return p as FormatPlugin;
}

/** Throws when two plugins share an id. */
export function assertUniqueIds<T>(plugins: readonly { plugin: T; origin: string }[], idOf: (p: T) => string = (p) => (p as FormatPlugin).id, kind = 'Format plugin'): void {
  const seen = new Map<string, string>();
  for (const { plugin, origin } of plugins) {
    const id = idOf(plugin);
    const first = seen.get(id);
    if (first) throw new GatewayError('GW_ERR_PLUGIN_LOAD', `${kind} "${id}" (${origin}) is invalid: its id is already taken by the plugin from ${first}`, 'plugins');
    seen.set(id, origin);
  }
}

const toImportSpecifier = (spec: string, baseDir: string) =>
  spec.startsWith('.') || isAbsolute(spec) ? pathToFileURL(resolve(baseDir, spec)).href : spec;

/**
 * Imports customer plugin modules and checks each with `assert`. A module's default export (or its `plugin`
 * export) is the plugin object.
 * @param baseDir folder relative specifiers are resolved against (the config file's folder or the cwd)
 * @param kind "Format plugin", "Grant plugin": used in the message when the import fails
 */
export async function importPluginModules<T>(
  specifiers: readonly string[],
  assert: (candidate: unknown, origin: string) => T,
  baseDir = process.cwd(),
  kind = 'Format plugin',
): Promise<{ plugin: T; origin: string }[]> {
  const out: { plugin: T; origin: string }[] = [];
  for (const spec of specifiers) {
    let mod: Record<string, unknown>;
    try {
      mod = (await import(toImportSpecifier(spec, baseDir))) as Record<string, unknown>;
    } catch (err) {
      throw new GatewayError('GW_ERR_PLUGIN_LOAD', `${kind} ${spec} could not be loaded: ${(err as Error).message}`, 'plugins', { cause: err });
    }
    out.push({ plugin: assert(mod.default ?? mod.plugin, spec), origin: spec });
  }
  return out;
}

/** Imports the customer format plugins named in the configuration. */
export const importCustomerPlugins = (specifiers: readonly string[], baseDir = process.cwd()) =>
  importPluginModules(specifiers, assertFormatPlugin, baseDir);
