import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config/defaults.js';
import { loadConfig } from '../../config/load.js';

const file = (content: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'ava-config-')), 'gateway.json');
  writeFileSync(path, content);
  return path;
};

describe('configuration', () => {
  it('defaults to port 5000 with nothing set', () => {
    expect(loadConfig({})).toEqual(DEFAULT_CONFIG);
    expect(loadConfig({}).auth.clients[0]).toMatchObject({ clientId: 'local-client', accessTokenType: 'jwt', requirePkce: true });
    expect(loadConfig({}).port).toBe(5000);
  });

  it('PORT overrides the port', () => {
    expect(loadConfig({ PORT: '5123' }).port).toBe(5123);
  });

  it('merges the GATEWAY_CONFIG file over the defaults', () => {
    const cfg = loadConfig({ GATEWAY_CONFIG: file('{"environment":"Production","limits":{"uploadBytes":1024}}') });
    expect(cfg.environment).toBe('Production');
    expect(cfg.limits.uploadBytes).toBe(1024);
    expect(cfg.port).toBe(5000);
  });

  it('names an unknown key', () => {
    expect(() => loadConfig({ GATEWAY_CONFIG: file('{"limits":{"uploadByte":1}}') })).toThrow(/limits\.uploadByte: unknown key/);
  });

  it('names a key of the wrong type', () => {
    expect(() => loadConfig({ GATEWAY_CONFIG: file('{"port":"high"}') })).toThrow(/port: must be integer/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/port: must be integer/);
  });

  it('says when the file is not JSON or missing', () => {
    expect(() => loadConfig({ GATEWAY_CONFIG: file('{port: 1') })).toThrow(/is not valid JSON/);
    expect(() => loadConfig({ GATEWAY_CONFIG: '/nonexistent/gateway.json' })).toThrow(/Cannot read/);
  });
});

describe('auth configuration', () => {
  it('fills client defaults for entries that name only the essentials', () => {
    const cfg = loadConfig({ GATEWAY_CONFIG: file('{"auth":{"clients":[{"clientId":"erp","allowedGrantTypes":["client_credentials"],"allowedScopes":["avacloud"]}]}}') });
    expect(cfg.auth.clients).toHaveLength(1);
    expect(cfg.auth.clients[0]).toMatchObject({ clientId: 'erp', accessTokenType: 'jwt', accessTokenLifetime: 3600, secrets: [], refreshToken: { usage: 'oneTime' } });
  });

  it('names a bad client key', () => {
    expect(() => loadConfig({ GATEWAY_CONFIG: file('{"auth":{"clients":[{"clientId":"x","accessTokenType":"opaque"}]}}') })).toThrow(/auth\.clients\.0\.accessTokenType: must be equal to one of the allowed values/);
    expect(() => loadConfig({ GATEWAY_CONFIG: file('{"auth":{"clients":[{"clientId":"x","secret":"plain"}]}}') })).toThrow(/auth\.clients\.0\.secret: unknown key/);
  });

  it('takes REDIS_URL from the environment', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
  });
});

describe('tenant option defaults', () => {
  it('are checked against the option catalogue', () => {
    const tenants = (optionDefaults: Record<string, unknown>) => file(JSON.stringify({ auth: { tenants: [{ name: 'default', optionDefaults }] } }));
    expect(loadConfig({ GATEWAY_CONFIG: tenants({ DestinationGaebType: 'GaebXml_V3_3', RemoveHtmlLongTexts: true }) }).auth.tenants[0].optionDefaults).toEqual({ DestinationGaebType: 'GaebXml_V3_3', RemoveHtmlLongTexts: true });
    expect(() => loadConfig({ GATEWAY_CONFIG: tenants({ DestinationGaebTyp: 'GaebXml_V3_3' }) })).toThrow(/auth\.tenants\.0\.optionDefaults\.DestinationGaebTyp: unknown option/);
    expect(() => loadConfig({ GATEWAY_CONFIG: tenants({ RemoveHtmlLongTexts: 'sometimes' }) })).toThrow(/optionDefaults\.RemoveHtmlLongTexts: .*allowed: true, false/);
  });
});
