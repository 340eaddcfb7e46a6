/**
 * The options a format plugin declares itself (contract 1.1, `FormatReader.options` / `FormatWriter.options`):
 * each one well-formed (core/options/declared.ts), none named like a catalogue option or another plugin's option
 * (names match ignoring case, as the query string does), so that a route's option list holds every name once.
 */
import { GatewayError } from '../errors.js';
import type { OptionSpec } from '../options/catalog.js';
import { catalogueOptionNamed, distinctOptions, optionKey, optionSpecProblem, sameOptionSpec } from '../options/declared.js';
import type { FormatPlugin } from './contract.js';

const ROLES = ['reader', 'writer'] as const;

/** The options a plugin declares, the reader's then the writer's, each name once. */
export function ownOptions(plugin: FormatPlugin): OptionSpec[] {
  return distinctOptions([...(plugin.reader?.options ?? []), ...(plugin.writer?.options ?? [])]);
}

/**
 * What is wrong with the options a plugin's reader and writer declare, or undefined: a malformed spec, a name of
 * the catalogue, a name declared twice (the reader and the writer may declare the same option identically).
 */
export function pluginOptionsProblem(plugin: Partial<FormatPlugin>): string | undefined {
  const declared: { role: string; spec: OptionSpec }[] = [];
  for (const role of ROLES) {
    const list: unknown = plugin[role]?.options;
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${role}.options must be an array of option specs`;
    for (const candidate of list) {
      const problem = optionSpecProblem(candidate);
      if (problem) return `${role}.options: ${problem}`;
      const spec = candidate as OptionSpec;
      const builtin = catalogueOptionNamed(spec.name);
      if (builtin) return `${role}.options: option ${spec.name} clashes with the catalogue option ${builtin.name} (names match ignoring case)`;
      const earlier = declared.find((d) => optionKey(d.spec.name) === optionKey(spec.name));
      if (earlier && (earlier.role === role || !sameOptionSpec(earlier.spec, spec))) {
        return `${role}.options: option ${spec.name} clashes with the option ${earlier.spec.name} the ${earlier.role} declares${earlier.role === role ? '' : ' differently'}`;
      }
      declared.push({ role, spec });
    }
  }
  return undefined;
}

/**
 * Checks that no two plugins declare an option of the same name (ignoring case).
 * @throws GatewayError GW_ERR_PLUGIN_LOAD naming both plugins and both options
 */
export function assertDistinctPluginOptions(plugins: readonly FormatPlugin[]): void {
  const owners = new Map<string, { plugin: FormatPlugin; name: string }>();
  for (const plugin of plugins) {
    for (const spec of ownOptions(plugin)) {
      const first = owners.get(optionKey(spec.name));
      if (first) {
        throw new GatewayError(
          'GW_ERR_PLUGIN_LOAD',
          `Format plugin "${plugin.id}" is invalid: its option ${spec.name} clashes with the option ${first.name} of format plugin "${first.plugin.id}" (names match ignoring case)`,
          'plugins',
        );
      }
      owners.set(optionKey(spec.name), { plugin, name: spec.name });
    }
  }
}
