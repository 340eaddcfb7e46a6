/**
 * The composition root: the one place that registers services. Each app instance (and each test) gets its own
 * child container; nothing is registered in the global container (tsyringe README "Child Containers", https://github.com/microsoft/tsyringe#child-containers).
 */
import { Lifecycle, container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { GatewayConfig } from '../config/defaults.js';
import { assertSafeAuthConfig, isProduction } from '../config/production.js';
import { builtinGrantPlugins } from '../plugins/grants/index.js';
import { builtinFormatPlugins } from '../plugins/index.js';
import { loadGrantPlugins } from '../core/auth/grant-load.js';
import { GrantRegistry } from '../core/auth/grant-registry.js';
import { createAuthServices, type AuthServiceOptions } from '../core/auth/services.js';
import { assertFormatPlugin, assertUniqueIds, importCustomerPlugins } from '../core/plugin/load.js';
import { FormatRegistry } from '../core/registry/format-registry.js';
import { ConversionService } from '../core/pipeline/convert.js';
import { withWebClientRedirect } from './web/client.js';
import { AUTH_SERVICES, FORMAT_PLUGIN, GATEWAY_CONFIG, GRANT_PLUGIN } from '../core/di/tokens.js';

export interface ContainerOptions {
  /** Folder that relative plugin specifiers and key files in the config are resolved against (default: cwd). */
  pluginBaseDir?: string;
  /** Options of the token service's collaborators (a shared store, a clock) for tests. */
  auth?: AuthServiceOptions;
}

/**
 * Builds a child container for conversions only: the config, every format plugin (built-ins first, then the
 * customer plugins named in `config.plugins`), the format registry and the conversion service. No signing keys,
 * no grant store: what the CLI and the conversion worker threads use.
 * @throws GatewayError GW_ERR_PLUGIN_LOAD naming a broken or duplicate plugin
 */
export async function createConversionContainer(config: GatewayConfig, options: ContainerOptions = {}): Promise<DependencyContainer> {
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

/**
 * Builds the gateway's child container: everything of {@link createConversionContainer}, plus the token
 * service's collaborators and every grant plugin (built-ins, then `auth.grantPlugins`). Once the grant plugins
 * are loaded, the auth configuration is checked (the web page's client redirecting to this gateway, gateway/web/client.ts) against them and, in production, for safety (config/production.ts).
 * @throws GatewayError GW_ERR_PLUGIN_LOAD naming a broken or duplicate plugin; GW_ERR_CONFIG for an unsafe auth
 *   configuration or unusable (in production: missing) keys
 */
export async function createGatewayContainer(given: GatewayConfig, options: ContainerOptions = {}): Promise<DependencyContainer> {
  const config = withWebClientRedirect(given);
  const c = await createConversionContainer(config, options);
  const grants = await loadGrantPlugins(builtinGrantPlugins, config.auth.grantPlugins, options.pluginBaseDir);
  assertSafeAuthConfig(config, grants.map((g) => g.grantType));
  for (const g of grants) c.register(GRANT_PLUGIN, { useValue: g });
  c.register(GrantRegistry, { useClass: GrantRegistry }, { lifecycle: Lifecycle.ContainerScoped });
  c.register(AUTH_SERVICES, { useValue: await createAuthServices({ ...config, production: isProduction(config.environment) }, { baseDir: options.pluginBaseDir, ...options.auth }) });
  return c;
}
