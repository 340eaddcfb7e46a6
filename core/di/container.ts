/**
 * The composition root: the one place that registers services. Each app instance (and each test) gets its own
 * child container; nothing is registered in the global container (reference/architecture.md §10.6).
 */
import { Lifecycle, container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { GatewayConfig } from '../../config/defaults.js';
import { builtinFormatPlugins } from '../../plugins/index.js';
import { assertFormatPlugin, assertUniqueIds, importCustomerPlugins } from '../plugin/load.js';
import { FormatRegistry } from '../registry/format-registry.js';
import { ConversionService } from '../pipeline/convert.js';
import { FORMAT_PLUGIN, GATEWAY_CONFIG } from './tokens.js';

export interface ContainerOptions {
  /** Folder that relative plugin specifiers in the config are resolved against (default: cwd). */
  pluginBaseDir?: string;
}

/**
 * Builds a child container holding the config, every format plugin (built-ins first, then the customer plugins
 * named in `config.plugins`), the format registry and the conversion service.
 * @throws GatewayError GW_ERR_PLUGIN_LOAD naming a broken or duplicate plugin
 */
export async function createGatewayContainer(config: GatewayConfig, options: ContainerOptions = {}): Promise<DependencyContainer> {
  const c = rootContainer.createChildContainer();
  c.register(GATEWAY_CONFIG, { useValue: config });
  const builtins = builtinFormatPlugins.map((p) => ({ plugin: assertFormatPlugin(p, 'built-in'), origin: 'built-in' }));
  const customer = await importCustomerPlugins(config.plugins, options.pluginBaseDir);
  const all = [...builtins, ...customer];
  assertUniqueIds(all);
  for (const { plugin } of all) c.register(FORMAT_PLUGIN, { useValue: plugin });
  c.register(FormatRegistry, { useClass: FormatRegistry }, { lifecycle: Lifecycle.ContainerScoped });
  c.register(ConversionService, { useClass: ConversionService }, { lifecycle: Lifecycle.ContainerScoped });
  return c;
}
