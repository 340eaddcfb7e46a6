/**
 * Configuration loading: embedded defaults, deep-merged with the JSON file named in `GATEWAY_CONFIG`, then
 * `PORT`/`HOST` from the environment; the result is validated against `CONFIG_SCHEMA`.
 * @throws GatewayError GW_ERR_CONFIG naming the bad key (e.g. `limits.uploadBytes: must be integer`)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { GatewayError } from '../core/errors.js';
import { resolveOptions } from '../core/options/resolve.js';
import { OPTIONS, OPTION_GROUP_IDS } from '../core/options/catalog.js';
import { DEFAULT_CONFIG, type GatewayConfig } from './defaults.js';
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

/** Validates a complete configuration object and returns it typed. */
export function validateConfig(candidate: unknown, origin = 'configuration'): GatewayConfig {
  if (validate(candidate)) {
    checkTenantOptionDefaults(candidate as unknown as GatewayConfig, origin);
    return candidate as unknown as GatewayConfig;
  }
  const problems = (validate.errors ?? []).map((e) => {
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'additionalProperties') {
      const key = [path, (e.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.');
      return `${key}: unknown key`;
    }
    return `${path || '(root)'}: ${e.message}`;
  });
  throw new GatewayError('GW_ERR_CONFIG', `Invalid ${origin}: ${problems.join('; ')}`, 'config');
}

/**
 * Builds the configuration from defaults, an optional overrides object (tests) and the environment.
 * @param env environment variables (`GATEWAY_CONFIG`, `PORT`, `HOST`)
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides?: unknown): GatewayConfig {
  let merged: unknown = structuredClone(DEFAULT_CONFIG);
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
    merged = mergeConfig(merged, parsed);
  }
  if (overrides !== undefined) merged = mergeConfig(merged, overrides);
  const m = merged as Json;
  if (env.PORT !== undefined && env.PORT !== '') {
    const port = Number(env.PORT);
    m.port = Number.isInteger(port) ? port : env.PORT;
  }
  if (env.HOST) m.host = env.HOST;
  if (env.REDIS_URL && m.redisUrl === undefined) m.redisUrl = env.REDIS_URL;
  return validateConfig(merged, origin);
}
