/**
 * Grant types as plugins: the built-in list, a customer grant plugin named in the configuration and used at
 * `POST /connect/token` (only declared parameters reach it, repeats are rejected), and broken or duplicate
 * grant plugins stopping start-up with a message naming them.
 */
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { hashSecret } from '../../core/auth/clients.js';
import { GrantRegistry } from '../../core/auth/grant-registry.js';
import type { AuthServices } from '../../core/auth/services.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { GatewayError } from '../../core/errors.js';
import { builtinGrantPlugins } from '../../plugins/grants/index.js';
import { testApp } from '../support/app.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/customer-grant/${name}`, import.meta.url));
const API_KEY = 'urn:example:grant-type:api-key';
const CLIENTS = [
  { clientId: 'reporting', secrets: [{ sha256: hashSecret('reporting-secret') }], allowedGrantTypes: [API_KEY], allowedScopes: ['avacloud'] },
  { clientId: 'plain', secrets: [{ sha256: hashSecret('plain-secret') }], allowedGrantTypes: ['client_credentials'], allowedScopes: ['avacloud'] },
];

describe('built-in grant plugins', () => {
  it('registers every built-in grant type, client_credentials first', async () => {
    expect(builtinGrantPlugins.map((g) => g.grantType)).toEqual([
      'client_credentials',
      'authorization_code',
      'password',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
      'urn:ietf:params:oauth:grant-type:token-exchange',
    ]);
    const container = await createGatewayContainer(loadConfig({}, { logLevel: 'silent' }));
    expect(container.resolve(GrantRegistry).grantTypes()).toEqual(builtinGrantPlugins.map((g) => g.grantType));
    await container.resolve<AuthServices>(AUTH_SERVICES).close();
  });

  it('an unsupported grant type is unsupported_grant_type', async () => {
    const app = await testApp();
    try {
      const res = await app.inject({
        method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=${encodeURIComponent(API_KEY)}&client_id=local-client&client_secret=local-secret&api_key=key-3f9a7c`,
      });
      expect(res.json().error).toBe('unsupported_grant_type');
    } finally {
      await app.close();
    }
  });
});

describe('a customer grant plugin named in the configuration', () => {
  const start = () => testApp({ auth: { grantPlugins: [fixture('api-key.mjs')], clients: CLIENTS } });
  const request = (payload: string) => ({ method: 'POST' as const, url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
  const form = (params: Record<string, string>) => new URLSearchParams({ grant_type: API_KEY, client_id: 'reporting', client_secret: 'reporting-secret', ...params }).toString();

  it('issues a token through the plugin; only its declared parameters reach it', async () => {
    const app = await start();
    try {
      const res = await app.inject(request(form({ api_key: 'key-3f9a7c', username: 'demo', password: 'x', code: 'y' })));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({ token_type: 'Bearer', scope: 'avacloud' });
      expect(decodeJwt(body.access_token)).toMatchObject({ sub: 'reporting', client_id: 'reporting', scope: 'avacloud', grant_params: 'api_key' });
      const bad = await app.inject(request(form({ api_key: 'wrong' })));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'invalid_grant', error_description: 'unknown API key' });
      const repeated = await app.inject(request(`${form({ api_key: 'key-3f9a7c' })}&api_key=key-3f9a7c`));
      expect(repeated.json().error).toBe('invalid_request');
      const notAllowed = await app.inject(request(form({ api_key: 'key-3f9a7c', client_id: 'plain', client_secret: 'plain-secret' })));
      expect(notAllowed.json().error).toBe('unauthorized_client');
    } finally {
      await app.close();
    }
  });
});

describe('broken grant plugins stop start-up with a message naming them', () => {
  const failure = async (file: string) => {
    const config = loadConfig({}, { logLevel: 'silent', auth: { grantPlugins: [fixture(file)] } });
    const err = await createGatewayContainer(config).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).code).toBe('GW_ERR_PLUGIN_LOAD');
    return (err as Error).message;
  };

  it('a plugin without handle', async () => {
    const message = await failure('no-handle.mjs');
    expect(message).toContain('urn:example:grant-type:broken');
    expect(message).toContain('no-handle.mjs');
    expect(message).toContain('handle must be a function');
  });

  it('a plugin taking the grant type of a built-in', async () => {
    const message = await failure('duplicate-password.mjs');
    expect(message).toContain('"password"');
    expect(message).toContain('duplicate-password.mjs');
    expect(message).toContain('built-in');
  });

  it('a plugin built for another contract version', async () => {
    const message = await failure('wrong-contract.mjs');
    expect(message).toContain('urn:example:grant-type:future');
    expect(message).toContain('^2.0.0');
  });

  it('a plugin declaring a parameter of the token endpoint', async () => {
    expect(await failure('reserved-parameter.mjs')).toContain('client_secret');
  });

  it('a module that cannot be loaded', async () => {
    const message = await failure('missing.mjs');
    expect(message).toContain('missing.mjs');
    expect(message).toContain('could not be loaded');
  });
});
