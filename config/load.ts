/**
 * Configuration loading: embedded defaults, deep-merged with the JSON file named in `GATEWAY_CONFIG`, then the
 * environment (`PORT`, `HOST`, `REDIS_URL`, `PUBLIC_URL`, `NODE_ENV`); the result is validated against
 * `CONFIG_SCHEMA`. In production mode (config/production.ts) the embedded demo clients, API resource and user
 * are left out.
 * @throws GatewayError GW_ERR_CONFIG naming the bad key (e.g. `limits.uploadBytes: must be integer`, `PUBLIC_URL: …`)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { issuerProblem } from '../core/auth/issuer.js';
import { GatewayError } from '../core/errors.js';
import { resolveOptions } from '../core/options/resolve.js';
import { OPTIONS, OPTION_GROUP_IDS } from '../core/options/catalog.js';
import { DEFAULT_CONFIG, type GatewayConfig } from './defaults.js';
import { DEMO_AUTH_LISTS, PRODUCTION_ENVIRONMENT, isProduction } from './production.js';
import { CONFIG_SCHEMA } from './schema.js';

const ajv = new Ajv({ allErrors: true, useDefaults: true });
addFormats.default(ajv);
const validate = ajv.compile(CONFIG_SCHEMA);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge of plain objects; arrays and scalars from `over` replace those of `base`. */
export function mergeConfig(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over === undefined ? base : over;
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = mergeConfig(base[k], v);
  return out;
}

/** Checks each tenant's `optionDefaults` against the option catalogue (names, types, enum values). */
function checkTenantOptionDefaults(config: GatewayConfig, origin: string): void {
  config.auth.tenants.forEach((tenant, i) => {
    for (const [name, value] of Object.entries(tenant.optionDefaults)) {
      const key = `auth.tenants.${i}.optionDefaults.${name}`;
      if (!OPTIONS[name]) throw new GatewayError('GW_ERR_CONFIG', `Invalid ${origin}: ${key}: unknown option`, 'config');
      try {
        resolveOptions(OPTION_GROUP_IDS, { [name]: String(value) });
      } catch (err) {
        throw new GatewayError('GW_ERR_CONFIG', `Invalid ${origin}: ${key}: ${(err as Error).message}`, 'config');
      }
    }
  });
}

/** Checks `auth.issuer` beyond the schema's pattern (a parseable absolute http(s) URL, see `issuerProblem`). */
function checkIssuer(config: GatewayConfig, origin: string): void {
  const problem = config.auth.issuer === undefined ? undefined : issuerProblem(config.auth.issuer);
  if (problem) throw new GatewayError('GW_ERR_CONFIG', `Invalid ${origin}: auth.issuer: ${problem}`, 'config');
}

/**
 * Validates a complete configuration object and returns it typed.
 * @param envKeys keys whose value came from an environment variable (`port` → `PORT`): their problems name it
 */
export function validateConfig(candidate: unknown, origin = 'configuration', envKeys: Readonly<Record<string, string>> = {}): GatewayConfig {
  if (validate(candidate)) {
    checkTenantOptionDefaults(candidate as unknown as GatewayConfig, origin);
    checkIssuer(candidate as unknown as GatewayConfig, origin);
    return candidate as unknown as GatewayConfig;
  }
  const problems = (validate.errors ?? []).map((e) => {
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'additionalProperties') {
      const key = [path, (e.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.');
      return `${key}: unknown key`;
    }
    const variable = envKeys[path];
    return `${path || '(root)'}: ${e.message}${variable ? ` (environment variable ${variable})` : ''}`;
  });
  throw new GatewayError('GW_ERR_CONFIG', `Invalid ${origin}: ${problems.join('; ')}`, 'config');
}

/**
 * The embedded defaults for an environment: in production without the demo entries of `DEFAULT_AUTH`
 * (`DEMO_AUTH_LISTS` start empty; scopes, tenants and everything else keep their defaults).
 */
function defaultsFor(environment: string): Json {
  const defaults = structuredClone(DEFAULT_CONFIG) as unknown as Json;
  if (isProduction(environment)) {
    const auth = defaults.auth as Json;
    for (const list of DEMO_AUTH_LISTS) auth[list] = [];
  }
  return defaults;
}

/**
 * `PUBLIC_URL` as the issuer when the configuration sets no `auth.issuer`.
 * @throws GatewayError GW_ERR_CONFIG `PUBLIC_URL: …` when it is not an absolute http(s) URL without query or fragment
 */
function publicUrl(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.PUBLIC_URL;
  if (value === undefined || value === '') return undefined;
  const problem = issuerProblem(value);
  if (problem) throw new GatewayError('GW_ERR_CONFIG', `Invalid environment variable PUBLIC_URL ${JSON.stringify(value)}: ${problem}`, 'PUBLIC_URL');
  return value;
}

/**
 * Builds the configuration from defaults, an optional overrides object (tests) and the environment.
 * @param env environment variables: `GATEWAY_CONFIG` (file), `PORT`, `HOST`, `REDIS_URL` (when the file sets no
 *   `redisUrl`), `PUBLIC_URL` (the issuer when the file sets no `auth.issuer`), `NODE_ENV` (`production` makes
 *   `environment` `Production` when the file sets no `environment`)
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides?: unknown): GatewayConfig {
  let given: unknown = {};
  let origin = 'configuration';
  const file = env.GATEWAY_CONFIG;
  if (file) {
    origin = `configuration file ${resolve(file)}`;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new GatewayError('GW_ERR_CONFIG', `Cannot read ${origin}: ${(err as Error).message}`, 'GATEWAY_CONFIG');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new GatewayError('GW_ERR_CONFIG', `${origin} is not valid JSON: ${(err as Error).message}`, 'GATEWAY_CONFIG');
    }
    if (!isObject(parsed)) throw new GatewayError('GW_ERR_CONFIG', `${origin} must hold a JSON object`, 'GATEWAY_CONFIG');
    given = mergeConfig(given, parsed);
  }
  if (overrides !== undefined) given = mergeConfig(given, overrides);
  const explicit = (given as Json).environment;
  const environment = typeof explicit === 'string' ? explicit : env.NODE_ENV === 'production' ? PRODUCTION_ENVIRONMENT : DEFAULT_CONFIG.environment;
  const merged = mergeConfig(defaultsFor(environment), given);
  const m = merged as Json;
  if (explicit === undefined) m.environment = environment;
  const envKeys: Record<string, string> = {};
  if (env.PORT !== undefined && env.PORT !== '') {
    const port = Number(env.PORT);
    m.port = Number.isInteger(port) ? port : env.PORT;
    envKeys.port = 'PORT';
  }
  if (env.HOST) {
    m.host = env.HOST;
    envKeys.host = 'HOST';
  }
  if (env.REDIS_URL && m.redisUrl === undefined) {
    m.redisUrl = env.REDIS_URL;
    envKeys.redisUrl = 'REDIS_URL';
  }
  const issuer = publicUrl(env);
  if (issuer !== undefined && isObject(m.auth) && m.auth.issuer === undefined) m.auth.issuer = issuer;
  return validateConfig(merged, origin, envKeys);
}
