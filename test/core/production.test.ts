/**
 * Production mode (config/production.ts): `environment: Production` (any case) or `NODE_ENV=production` leaves out
 * the embedded demo client, device client, API resource secret and user, refuses development keys, and stops
 * start-up with GW_ERR_CONFIG naming the key of an unsafe setting. Unknown grant types and bad redirect URIs are
 * refused in every environment.
 */
import 'reflect-metadata';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { exportPKCS8, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH } from '../../config/auth.js';
import { loadConfig } from '../../config/load.js';
import { configWarnings, passwordHashProblem, redirectUriProblem } from '../../config/production.js';
import { hashSecret } from '../../core/auth/clients.js';
import type { AuthServices } from '../../core/auth/services.js';
import { hashPassword } from '../../core/auth/users.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { GatewayError } from '../../core/errors.js';
import { buildApp } from '../../gateway/app.js';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const grantFixture = fileURLToPath(new URL('../fixtures/customer-grant/api-key.mjs', import.meta.url));

let pem: string;
let userHash: string;
beforeAll(async () => {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  pem = await exportPKCS8(privateKey);
  userHash = await hashPassword('a long production password');
});

/** A production configuration that passes every check: a configured key, one confidential client, one user. */
const safe = (auth: Record<string, unknown> = {}) => ({
  logLevel: 'silent',
  environment: 'Production',
  auth: {
    issuer: 'https://gateway.example.com',
    keys: { signing: [{ alg: 'RS256', pem }], developmentKeyDir: join(mkdtempSync(join(tmpdir(), 'ava-prod-keys-')), 'dev') },
    clients: [{ clientId: 'erp', secrets: [{ sha256: hashSecret('erp-secret') }], allowedGrantTypes: ['client_credentials', 'password'], allowedScopes: ['avacloud'], redirectUris: [] }],
    users: [{ subject: 'u-1', userName: 'alice', passwordHash: userHash }],
    ...auth,
  },
});

/** The GW_ERR_CONFIG message start-up stops with, or undefined when it starts. */
async function startupError(overrides: Record<string, unknown>, env: NodeJS.ProcessEnv = {}): Promise<string | undefined> {
  try {
    const container = await createGatewayContainer(loadConfig(env, overrides));
    await container.resolve<AuthServices>(AUTH_SERVICES).close();
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).code).toBe('GW_ERR_CONFIG');
    return (err as Error).message;
  }
}

const client = (c: Record<string, unknown>) => ({ clientId: 'app', secrets: [], allowedScopes: ['avacloud'], ...c });

describe('production mode', () => {
  it('is environment Production in any letter case, or NODE_ENV=production unless the configuration says otherwise', () => {
    for (const environment of ['Production', 'production', 'PRODUCTION']) {
      const cfg = loadConfig({}, { environment });
      expect(cfg.auth.clients, environment).toEqual([]);
    }
    const fromNodeEnv = loadConfig({ NODE_ENV: 'production' });
    expect(fromNodeEnv.environment).toBe('Production');
    expect(fromNodeEnv.auth.clients).toEqual([]);
    const explicit = loadConfig({ NODE_ENV: 'production' }, { environment: 'Staging' });
    expect(explicit.environment).toBe('Staging');
    expect(explicit.auth.clients.map((c) => c.clientId)).toEqual(['local-client', 'local-device', 'ava-web']);
    expect(loadConfig({ NODE_ENV: 'test' }).environment).toBe('Development');
  });

  it('loads none of the demo client, device client, API resource or user; keeps scopes and tenants', () => {
    const cfg = loadConfig({ NODE_ENV: 'production' });
    expect(cfg.auth.clients).toEqual([]);
    expect(cfg.auth.apiResources).toEqual([]);
    expect(cfg.auth.users).toEqual([]);
    expect(cfg.auth.tenants).toEqual(DEFAULT_AUTH.tenants);
    expect(cfg.auth.apiScopes).toEqual(DEFAULT_AUTH.apiScopes);
    expect(cfg.auth.identityScopes).toEqual(DEFAULT_AUTH.identityScopes);
    // what the configuration gives is loaded
    expect(loadConfig({}, safe()).auth.clients.map((c) => c.clientId)).toEqual(['erp']);
  });

  it('refuses development keys and writes none', async () => {
    const config = safe({ keys: { signing: [], developmentKeyDir: join(mkdtempSync(join(tmpdir(), 'ava-prod-nokeys-')), 'dev') } });
    expect(await startupError(config)).toMatch(/^auth\.keys\.signing: production mode needs configured signing keys/);
    expect(existsSync(config.auth.keys.developmentKeyDir)).toBe(false);
    expect(await startupError({ logLevel: 'silent' }, { NODE_ENV: 'production' })).toMatch(/auth\.keys\.signing/);
  });

  it('refuses a confidential grant for a client without a secret, naming the key', async () => {
    for (const grant of ['client_credentials', 'password', 'urn:ietf:params:oauth:grant-type:token-exchange']) {
      const message = await startupError(safe({ clients: [client({ allowedGrantTypes: ['refresh_token', grant] })] }));
      expect(message, grant).toMatch(new RegExp(`auth\\.clients\\.0\\.secrets: client app has no secret but may use ${grant}`));
    }
    // a customer grant plugin trusts its caller too
    const plugin = await startupError(safe({ grantPlugins: [grantFixture], clients: [client({ allowedGrantTypes: ['urn:example:grant-type:api-key'] })] }));
    expect(plugin).toMatch(/auth\.clients\.0\.secrets: .*urn:example:grant-type:api-key/);
  });

  it('allows public clients for the device flow and the code flow with PKCE only', async () => {
    const device = client({ clientId: 'tv', allowedGrantTypes: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'] });
    const spa = client({ clientId: 'spa', allowedGrantTypes: ['authorization_code', 'refresh_token'], redirectUris: ['https://app.example.com/cb'] });
    expect(await startupError(safe({ clients: [device, spa] }))).toBeUndefined();
    expect(await startupError(safe({ clients: [device, { ...spa, requirePkce: false }] }))).toMatch(/auth\.clients\.1\.requirePkce: public client spa uses authorization_code without PKCE/);
  });

  it('refuses a weak user password hash, naming the key and the rule', async () => {
    const [, , , , salt, key] = userHash.split('$');
    const weak = {
      'N = 1024 < 2^14': `scrypt$1024$8$1$${salt}$${key}`,
      'r = 4 < 8': `scrypt$16384$4$1$${salt}$${key}`,
      'salt of 8 bytes < 16': `scrypt$16384$8$1$${Buffer.alloc(8, 1).toString('base64')}$${key}`,
      'key of 16 bytes < 32': `scrypt$16384$8$1$${salt}$${Buffer.alloc(16, 1).toString('base64')}`,
    };
    for (const [rule, passwordHash] of Object.entries(weak)) {
      const message = await startupError(safe({ users: [{ subject: 'u-1', userName: 'alice', passwordHash: userHash }, { subject: 'u-2', userName: 'bob', passwordHash }] }));
      expect(message, rule).toContain(`auth.users.1.passwordHash: user bob: weak scrypt hash (${rule})`);
      expect(message).toContain('NIST SP 800-132');
    }
    expect(passwordHashProblem(userHash)).toBeUndefined();
  });

  it('refuses redirect URIs that are not https, except loopback http (RFC 8252 §7.3)', async () => {
    const code = (redirectUris: string[]) => safe({ clients: [client({ secrets: [{ sha256: hashSecret('s') }], allowedGrantTypes: ['authorization_code'], redirectUris })] });
    expect(await startupError(code(['https://app.example.com/cb', 'http://127.0.0.1:7000/cb', 'http://localhost/cb', 'http://[::1]:8000/cb', 'com.example.app:/oauth2redirect']))).toBeUndefined();
    expect(await startupError(code(['https://app.example.com/cb', 'http://app.example.com/cb']))).toMatch(/auth\.clients\.0\.redirectUris\.1: "http:\/\/app\.example\.com\/cb" uses http with a host that is not loopback/);
  });

  it('lists every problem in one message', async () => {
    const message = await startupError(safe({
      clients: [client({ allowedGrantTypes: ['client_credentials', 'client-credentials'], redirectUris: ['/cb'] })],
    }));
    expect(message).toMatch(/^Unsafe production configuration: /);
    for (const key of ['auth.clients.0.allowedGrantTypes.1', 'auth.clients.0.redirectUris.0', 'auth.clients.0.secrets']) expect(message).toContain(key);
  });

  it('warns about requireTokenForConversions: false, and starts', async () => {
    expect(configWarnings(loadConfig({}, safe({ requireTokenForConversions: false })))).toEqual([expect.stringContaining('auth.requireTokenForConversions is false in production')]);
    expect(configWarnings(loadConfig({}, { auth: { requireTokenForConversions: false } }))).toEqual([]);
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const app = await buildApp({ container: await createGatewayContainer(loadConfig({}, safe({ requireTokenForConversions: false }))), logger: { level: 'warn', stream } });
    await app.close();
    expect(lines.join('')).toContain('auth.requireTokenForConversions is false in production');
  });
});

describe('in every environment', () => {
  it('refuses an unknown grant type, naming the key; a grant plugin declares its own', async () => {
    const typo = await startupError({ auth: { clients: [client({ secrets: [{ sha256: hashSecret('s') }], allowedGrantTypes: ['client_credentials', 'client-credentials'] })] } });
    expect(typo).toMatch(/^Unsafe configuration: auth\.clients\.0\.allowedGrantTypes\.1: unknown grant type "client-credentials" \(client app\)/);
    const declared = { grantPlugins: [grantFixture], clients: [client({ secrets: [{ sha256: hashSecret('s') }], allowedGrantTypes: ['urn:example:grant-type:api-key'] })] };
    expect(await startupError({ auth: declared })).toBeUndefined();
    expect(await startupError(safe(declared))).toBeUndefined();
  });

  it('refuses a redirect URI that is not absolute, has a fragment or an unsafe scheme', async () => {
    for (const uri of ['/signin-callback', 'signin-callback', 'localhost:5000/cb', 'https://app.example/cb#frag', 'javascript:alert(1)']) {
      const message = await startupError({ auth: { clients: [client({ secrets: [{ sha256: hashSecret('s') }], allowedGrantTypes: ['authorization_code'], redirectUris: [uri] })] } });
      expect(message, uri).toContain('auth.clients.0.redirectUris.0:');
    }
    expect(redirectUriProblem('http://app.example.com/cb', false)).toBeUndefined();
    expect(redirectUriProblem('http://app.example.com/cb', true)).toBeDefined();
  });

  it('refuses a client whose access token algorithm has no configured key', async () => {
    const es256 = safe({ clients: [client({ secrets: [{ sha256: hashSecret('s') }], allowedGrantTypes: ['client_credentials'], accessTokenSigningAlg: 'ES256' })] });
    expect(await startupError(es256)).toMatch(/^auth\.clients\.0\.accessTokenSigningAlg: client app signs with ES256, but auth\.keys\.signing has no active ES256 key/);
    expect(await startupError({ ...es256, environment: 'Development' })).toMatch(/auth\.clients\.0\.accessTokenSigningAlg/);
  });

  it('accepts the embedded development configuration', async () => {
    expect(await startupError({ logLevel: 'silent' })).toBeUndefined();
  });
});

describe('a safe production gateway', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ container: await createGatewayContainer(loadConfig({}, safe())), logger: false });
    return () => app.close();
  });
  const token = (authorization: string, form: string) => app.inject({ method: 'POST', url: '/connect/token', headers: { ...FORM, authorization }, payload: form });

  it('starts, reports Production and issues tokens to its own client', async () => {
    expect((await app.inject('/status')).json()).toMatchObject({ isHealthy: true, environment: 'Production' });
    expect((await token(basic('erp', 'erp-secret'), 'grant_type=client_credentials&scope=avacloud')).statusCode).toBe(200);
    expect((await token(basic('erp', 'erp-secret'), 'grant_type=password&username=alice&password=a+long+production+password&scope=avacloud')).statusCode).toBe(200);
  });

  it('knows none of the demo credentials', async () => {
    const demoClient = await token(basic('local-client', 'local-secret'), 'grant_type=client_credentials&scope=avacloud');
    expect(demoClient.statusCode).toBe(401);
    expect(demoClient.json().error).toBe('invalid_client');
    const device = await app.inject({ method: 'POST', url: '/connect/deviceauthorization', headers: FORM, payload: 'client_id=local-device' });
    expect(device.json().error).toBe('invalid_client');
    const demoUser = await token(basic('erp', 'erp-secret'), 'grant_type=password&username=demo&password=demo-password&scope=avacloud');
    expect(demoUser.statusCode).toBe(400);
    expect(demoUser.json().error).toBe('invalid_grant');
    const issued = (await token(basic('erp', 'erp-secret'), 'grant_type=client_credentials&scope=avacloud')).json().access_token;
    const introspection = await app.inject({ method: 'POST', url: '/connect/introspect', headers: { ...FORM, authorization: basic('avacloud', 'local-api-secret') }, payload: `token=${issued}` });
    expect(introspection.statusCode).toBe(401);
    expect(introspection.json().error).toBe('invalid_client');
  });
});
