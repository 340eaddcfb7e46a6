/**
 * The refresh_token grant (RFC 6749 §6), RFC 6819 §5.2.2.3 and RFC 9700 §4.14: rotation, reuse
 * of a consumed token revokes the whole family, scope may only narrow (and the new refresh token keeps the
 * original scope), tokens bound to their client, user and client re-checked, the `reuse` policy, the family's
 * absolute expiry. openid-client's `refreshTokenGrant` is the happy-path client.
 */
import * as client from 'openid-client';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH, type ClientConfig } from '../../config/auth.js';
import { loadConfig } from '../../config/load.js';
import { hashSecret } from '../../core/auth/clients.js';
import type { AuthServices } from '../../core/auth/services.js';
import { createGatewayContainer, type ContainerOptions } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { MemoryGrantStore } from '../../core/stores/index.js';
import { buildApp } from '../../gateway/app.js';

const ISSUER = 'https://as.example.test';
const DEMO = DEFAULT_AUTH.users[0];
const cfg = (c: Partial<ClientConfig> & { clientId: string }) => ({
  secrets: [{ sha256: hashSecret(`${c.clientId}-secret`) }],
  allowedGrantTypes: ['password', 'refresh_token'],
  allowedScopes: ['openid', 'profile', 'avacloud', 'offline_access'],
  allowOfflineAccess: true,
  ...c,
});
const CLIENTS = [
  cfg({ clientId: 'app' }),
  cfg({ clientId: 'other' }),
  cfg({ clientId: 'keeper', refreshToken: { usage: 'reuse', absoluteLifetime: 2_592_000, slidingLifetime: 0 } }),
  cfg({ clientId: 'short', refreshToken: { usage: 'oneTime', absoluteLifetime: 100, slidingLifetime: 60 } }),
];

async function start(auth: Record<string, unknown> = {}, options: ContainerOptions = {}) {
  const config = loadConfig({}, { logLevel: 'silent', auth: { issuer: ISSUER, clients: CLIENTS, ...auth } });
  const container = await createGatewayContainer(config, options);
  const app = await buildApp({ container, logger: false });
  return { app, auth: container.resolve<AuthServices>(AUTH_SERVICES) };
}

const post = (app: FastifyInstance, clientId: string, params: Record<string, string>) =>
  app.inject({
    method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: clientId, client_secret: `${clientId}-secret`, ...params }).toString(),
  });
const login = async (app: FastifyInstance, clientId = 'app', scope = 'openid profile avacloud offline_access') => {
  const res = await post(app, clientId, { grant_type: 'password', username: 'demo', password: 'demo-password', scope });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; refresh_token: string; id_token?: string; scope: string };
};
const refresh = (app: FastifyInstance, refreshToken: string, clientId = 'app', extra: Record<string, string> = {}) =>
  post(app, clientId, { grant_type: 'refresh_token', refresh_token: refreshToken, ...extra });

describe('refresh_token grant', () => {
  let app: FastifyInstance;
  let auth: AuthServices;
  const store = new MemoryGrantStore({ sweepIntervalMs: 0 });
  beforeAll(async () => ({ app, auth } = await start({}, { auth: { store } })));
  afterAll(() => app.close());
  const active = (at: string) => auth.tokens.validateAccessToken(at, [ISSUER]);

  it('rotates through openid-client: a new refresh token each time, the same subject and family', async () => {
    const first = await login(app);
    const config = new client.Configuration({ issuer: ISSUER, token_endpoint: `${ISSUER}/connect/token` }, 'app', { client_secret: 'app-secret' }, client.ClientSecretPost('app-secret'));
    config[client.customFetch] = async (url, init) => {
      const res = await app.inject({ method: 'POST', url: new URL(url).pathname, headers: init.headers as Record<string, string>, payload: String(init.body) });
      return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
    };
    const second = await client.refreshTokenGrant(config, first.refresh_token);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.claims()?.sub).toBe(DEMO.subject);
    const before = await active(first.access_token);
    const after = await active(second.access_token);
    expect(after).toMatchObject({ sub: DEMO.subject, client_id: 'app', isUser: true });
    expect(after!.familyId).toBe(before!.familyId);
    const third = await refresh(app, second.refresh_token!);
    expect(third.statusCode).toBe(200);
    expect(third.headers['cache-control']).toBe('no-store');
  });

  it('reusing a consumed refresh token revokes the whole family (tokens before and after)', async () => {
    const first = await login(app);
    const second = (await refresh(app, first.refresh_token)).json();
    const reuse = await refresh(app, first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    expect(await active(first.access_token)).toBeUndefined();
    expect(await active(second.access_token)).toBeUndefined();
    expect((await refresh(app, second.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('two concurrent uses of one refresh token leave no live token behind', async () => {
    const first = await login(app);
    const results = await Promise.all([refresh(app, first.refresh_token), refresh(app, first.refresh_token)]);
    expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    for (const r of results.filter((x) => x.statusCode === 200)) {
      expect(await active(r.json().access_token)).toBeUndefined();
      expect((await refresh(app, r.json().refresh_token)).json().error).toBe('invalid_grant');
    }
  });

  it('scope may only narrow; the new refresh token keeps the original scope (RFC 6749 §6)', async () => {
    const first = await login(app);
    const narrowed = await refresh(app, first.refresh_token, 'app', { scope: 'avacloud' });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().scope).toBe('avacloud');
    expect(decodeJwt(narrowed.json().access_token).scope).toBe('avacloud');
    expect(narrowed.json().id_token).toBeUndefined();
    const full = (await refresh(app, narrowed.json().refresh_token)).json();
    expect(full.scope).toBe('openid profile avacloud offline_access');
    expect(full.id_token).toEqual(expect.any(String));
  });

  it('widening the scope is invalid_scope and does not burn the refresh token', async () => {
    const first = await login(app, 'app', 'avacloud offline_access');
    const wider = await refresh(app, first.refresh_token, 'app', { scope: 'avacloud profile' });
    expect(wider.json().error).toBe('invalid_scope');
    expect((await refresh(app, first.refresh_token)).statusCode).toBe(200);
  });

  it("another client's refresh token is invalid_grant and stays usable by its owner", async () => {
    const first = await login(app);
    expect((await refresh(app, first.refresh_token, 'other')).json().error).toBe('invalid_grant');
    expect((await refresh(app, first.refresh_token)).statusCode).toBe(200);
  });

  it('unknown or missing refresh tokens', async () => {
    expect((await refresh(app, 'not-a-token')).json().error).toBe('invalid_grant');
    expect((await post(app, 'app', { grant_type: 'refresh_token' })).json().error).toBe('invalid_request');
  });

  it('is stored only as a hash', async () => {
    const first = await login(app);
    expect(JSON.stringify(store.rawEntries())).not.toContain(first.refresh_token);
  });

  it('the reuse policy returns the same refresh token and does not rotate', async () => {
    const first = await login(app, 'keeper');
    const a = (await refresh(app, first.refresh_token, 'keeper')).json();
    const b = (await refresh(app, first.refresh_token, 'keeper')).json();
    expect(a.refresh_token).toBe(first.refresh_token);
    expect(b.refresh_token).toBe(first.refresh_token);
    expect(await active(a.access_token)).toBeDefined();
  });

  it('re-checks user and client: a disabled user, a client without offline access or with fewer scopes', async () => {
    // Instances with changed configuration over one store (the configuration is read at start-up); only the
    // first is closed, as closing releases the shared store.
    const shared = new MemoryGrantStore({ sweepIntervalMs: 0 });
    const one = await start({}, { auth: { store: shared } });
    const [rt1, rt2, rt3] = [(await login(one.app)).refresh_token, (await login(one.app)).refresh_token, (await login(one.app)).refresh_token];
    const disabled = await start({ users: [{ ...DEMO, disabled: true }] }, { auth: { store: shared } });
    const noOffline = await start({ clients: [cfg({ clientId: 'app', allowOfflineAccess: false })] }, { auth: { store: shared } });
    const fewer = await start({ clients: [cfg({ clientId: 'app', allowedScopes: ['avacloud', 'offline_access'] })] }, { auth: { store: shared } });
    try {
      expect((await refresh(disabled.app, rt1)).json().error).toBe('invalid_grant');
      expect((await refresh(noOffline.app, rt2)).json().error).toBe('invalid_grant');
      const reduced = (await refresh(fewer.app, rt3)).json();
      expect(reduced.scope).toBe('avacloud offline_access');
      expect((await refresh(one.app, rt1)).statusCode).toBe(200);
    } finally {
      await one.app.close();
    }
  });
});

describe('refresh token lifetimes (fake clock)', () => {
  it('slides within the absolute lifetime and never beyond it', async () => {
    let clockMs = 1_800_000_000_000;
    const store = new MemoryGrantStore({ now: () => clockMs, sweepIntervalMs: 0 });
    const { app } = await start({}, { auth: { store, now: () => Math.floor(clockMs / 1000) } });
    try {
      const start0 = Math.floor(clockMs / 1000);
      let rt = (await login(app, 'short')).refresh_token;
      expect((await store.find('refresh_token', rt))!.expiresAt).toBe(start0 + 60);
      clockMs += 50_000;
      rt = (await refresh(app, rt, 'short')).json().refresh_token;
      const rotated = (await store.find('refresh_token', rt))!;
      expect(rotated.expiresAt).toBe(start0 + 100);
      expect(rotated.data.absoluteExpiresAt).toBe(start0 + 100);
      clockMs += 50_000;
      expect((await refresh(app, rt, 'short')).json().error).toBe('invalid_grant');
    } finally {
      await app.close();
    }
  });

  it('an unused refresh token expires after its sliding lifetime', async () => {
    let clockMs = 1_800_000_000_000;
    const store = new MemoryGrantStore({ now: () => clockMs, sweepIntervalMs: 0 });
    const { app } = await start({}, { auth: { store, now: () => Math.floor(clockMs / 1000) } });
    try {
      const rt = (await login(app, 'short')).refresh_token;
      clockMs += 60_000;
      expect((await refresh(app, rt, 'short')).json().error).toBe('invalid_grant');
    } finally {
      await app.close();
    }
  });
});
