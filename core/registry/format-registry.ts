/**
 * The format registry: readers and writers by plugin id, and the route matrix derived from them.
 * A (source, target) pair exists when the source plugin has a reader, the target plugin has a writer, and the
 * writer accepts the source. The option groups of a pair are the reader's groups followed by the writer's
 * (AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger), the conversion routes); its options are the
 * groups' options followed by those the reader and the writer declare themselves (contract 1.1).
 */
import { injectAll, injectable } from 'tsyringe';
import { GatewayError } from '../errors.js';
import { FORMAT_PLUGIN } from '../di/tokens.js';
import type { FormatPlugin } from '../plugin/contract.js';
import { assertDistinctPluginOptions } from '../plugin/options.js';
import { optionsOf, type OptionGroupId, type OptionSpec } from '../options/catalog.js';
import { distinctOptions } from '../options/declared.js';

export interface ConversionRoute {
  source: FormatPlugin;
  target: FormatPlugin;
  /** Groups in seed order: source groups first, then target groups, each once. */
  optionGroups: OptionGroupId[];
  /**
   * Every option the route takes, each name once: the groups' catalogue options in order, then the reader's own
   * options, then the writer's. What the query schema, `resolveOptions`, the OpenAPI document and the CLI use.
   */
  options: readonly OptionSpec[];
  /**
   * `<Source>Conversion_ConvertTo<Target>` with the first letters capitalised; a hyphenated plugin id is written as
   * an identifier (see {@link operationName}), so that generated clients can name a method after it.
   */
  operationId: string;
  path: string;
}

/**
 * A plugin id as part of an operation id: first letter capitalised, a letter after `-` capitalised in its place,
 * any other `-` written `_` (`gaeb` → `Gaeb`, `lv-csv` → `LvCsv`, `x-1` → `X_1`). Ids hold no capitals or `_`,
 * so two ids never give the same name. OpenAPI 3.0.3 §4.7.10 recommends operation ids that follow common
 * programming naming conventions: client generators (NSwag, openapi-generator) turn them into method names.
 */
export const operationName = (id: string) =>
  (id.charAt(0).toUpperCase() + id.slice(1)).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/-/g, '_');

@injectable()
export class FormatRegistry {
  private readonly byId: ReadonlyMap<string, FormatPlugin>;
  readonly routes: readonly ConversionRoute[];

  /** @throws GatewayError GW_ERR_PLUGIN_LOAD when two plugins declare an option of the same name */
  constructor(@injectAll(FORMAT_PLUGIN) plugins: FormatPlugin[]) {
    assertDistinctPluginOptions(plugins);
    this.byId = new Map(plugins.map((p) => [p.id, p]));
    const routes: ConversionRoute[] = [];
    for (const source of plugins) {
      if (!source.reader) continue;
      for (const target of plugins) {
        if (!target.writer || target.writer.acceptsSource?.(source.id) === false) continue;
        const optionGroups = [...new Set([...source.reader.optionGroups, ...target.writer.optionGroups])];
        const own = [...(source.reader.options ?? []), ...(target.writer.options ?? [])];
        routes.push({
          source,
          target,
          optionGroups,
          options: Object.freeze(distinctOptions([...optionsOf(optionGroups), ...own])),
          operationId: `${operationName(source.id)}Conversion_ConvertTo${operationName(target.id)}`,
          path: `/conversion/${source.id}/${target.id}`,
        });
      }
    }
    this.routes = Object.freeze(routes);
  }

  /** All installed plugins. */
  get plugins(): FormatPlugin[] {
    return [...this.byId.values()];
  }

  plugin(id: string): FormatPlugin | undefined {
    return this.byId.get(id);
  }

  /**
   * The route for a pair.
   * @throws GatewayError GW_ERR_UNSUPPORTED_CONVERSION (404) when the pair is not in the matrix
   */
  route(sourceId: string, targetId: string): ConversionRoute {
    const r = this.routes.find((x) => x.source.id === sourceId && x.target.id === targetId);
    if (!r) {
      const targets = this.routes.filter((x) => x.source.id === sourceId).map((x) => x.target.id);
      const hint = targets.length ? `; from ${sourceId} the targets are ${targets.join(', ')}` : '';
      throw new GatewayError('GW_ERR_UNSUPPORTED_CONVERSION', `There is no conversion from ${sourceId} to ${targetId}${hint}`, 'conversion');
    }
    return r;
  }
}
