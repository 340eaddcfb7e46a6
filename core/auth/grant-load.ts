/**
 * Checks grant type plugins (built-in and customer ones named in `auth.grantPlugins`): shape, contract version,
 * unique `grantType`. A broken plugin stops start-up with one message naming it.
 */
import semver from 'semver';
import { GatewayError } from '../errors.js';
import { assertUniqueIds, importPluginModules } from '../plugin/load.js';
import { GRANT_PLUGIN_API_VERSION, type GrantTypePlugin } from './grant-contract.js';

const RESERVED = new Set(['grant_type', 'client_id', 'client_secret']);

const fail = (who: string, problem: string) => new GatewayError('GW_ERR_PLUGIN_LOAD', `Grant plugin ${who} is invalid: ${problem}`, 'auth.grantPlugins');

/** @throws GatewayError GW_ERR_PLUGIN_LOAD naming the plugin and the problem */
export function assertGrantPlugin(candidate: unknown, origin: string): GrantTypePlugin {
  if (typeof candidate !== 'object' || candidate === null) throw fail(`from ${origin}`, 'the module does not export a plugin object');
  const p = candidate as Partial<GrantTypePlugin>;
  const who = typeof p.grantType === 'string' ? `"${p.grantType}" (${origin})` : `from ${origin}`;
  if (typeof p.grantType !== 'string' || !/^[\w.:~/-]+$/.test(p.grantType)) throw fail(who, 'grantType must be a non-empty grant type name or URI');
  if (typeof p.name !== 'string' || !p.name) throw fail(who, 'name is missing');
  if (typeof p.version !== 'string' || !semver.valid(p.version)) throw fail(who, 'version must be a semver version');
  if (typeof p.apiVersion !== 'string' || !semver.validRange(p.apiVersion) || !semver.satisfies(GRANT_PLUGIN_API_VERSION, p.apiVersion)) {
    throw fail(who, `it was built for contract ${String(p.apiVersion)}, this gateway provides ${GRANT_PLUGIN_API_VERSION}`);
  }
  if (!Array.isArray(p.parameters) || !p.parameters.every((x) => typeof x === 'string')) throw fail(who, 'parameters must be an array of names');
  const reserved = p.parameters.find((x) => RESERVED.has(x));
  if (reserved) throw fail(who, `parameter ${reserved} is handled by the token endpoint and cannot be declared`);
  if (typeof p.handle !== 'function') throw fail(who, 'handle must be a function');
  return p as GrantTypePlugin;
}

/** Checks the built-ins, imports and checks the customer grants, and rejects duplicate grant types. */
export async function loadGrantPlugins(builtins: readonly GrantTypePlugin[], specifiers: readonly string[], baseDir?: string): Promise<GrantTypePlugin[]> {
  const all = [
    ...builtins.map((g) => ({ plugin: assertGrantPlugin(g, 'built-in'), origin: 'built-in' })),
    ...(await importPluginModules(specifiers, assertGrantPlugin, baseDir, 'Grant plugin')),
  ];
  assertUniqueIds(all, (g) => g.grantType, 'Grant plugin');
  return all.map((x) => x.plugin);
}
