/**
 * The device flow (RFC 8628): `POST /connect/deviceauthorization` (§3.1–3.2) through oauth4webapi, the
 * approve/deny helpers the verification page will call (§3.3), and polling the device_code grant (§3.4–3.5:
 * authorization_pending, slow_down, access_denied, expired_token) on a fake clock — no test waits.
 */
import * as oauth from 'oauth4webapi';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH } from '../../config/auth.js';
import { loadConfig } from '../../config/load.js';
import { hashSecret } from '../../core/auth/clients.js';
import {
  USER_CODE_ALPHABET, approveDevice, createDeviceAuthorization, denyDevice, describeDeviceRequest, generateUserCode,
} from '../../core/auth/device-authorizations.js';
import type { AuthServices } from '../../core/auth/services.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { GrantStoreError, MemoryGrantStore, type GrantInput, type GrantKind, type SaveOptions } from '../../core/stores/index.js';
import { buildApp } from '../../gateway/app.js';

const ISSUER = 'https://as.example.test';
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
const DEMO = DEFAULT_AUTH.users[0];
const as: oauth.AuthorizationServer = { issuer: ISSUER, token_endpoint: `${ISSUER}/connect/token`, device_authorization_endpoint: `${ISSUER}/connect/deviceauthorization` };
const CLIENTS = [
  DEFAULT_AUTH.clients[1], // local-device: public, device_code + refresh_token
  { clientId: 'tv', secrets: [{ sha256: hashSecret('tv-secret') }], allowedGrantTypes: [DEVICE], allowedScopes: ['openid', 'avacloud'] },
  { clientId: 'machine', secrets: [{ sha256: hashSecret('machine-secret') }], allowedGrantTypes: ['client_credentials'], allowedScopes: ['avacloud'] },
];
const CODE = new RegExp(`^[${USER_CODE_ALPHABET}]{4}-[${USER_CODE_ALPHABET}]{4}$`);

let clockMs = 1_800_000_000_000;
const viaInject = (app: FastifyInstance) => async (url: string, init: oauth.CustomFetchOptions<string, URLSearchParams>) => {
  const res = await app.inject({ method: 'POST', url: new URL(url).pathname, headers: init.headers, payload: init.body?.toString() });
  return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
};

describe('device flow', () => {
  let app: FastifyInstance;
  let auth: AuthServices;
  const store = new MemoryGrantStore({ now: () => clockMs, sweepIntervalMs: 0 });
  const publicClient: oauth.Client = { client_id: 'local-device' };
  const options = () => ({ [oauth.customFetch]: viaInject(app) });
  const authorize = async (scope = 'openid profile avacloud offline_access') => {
    const res = await oauth.deviceAuthorizationRequest(as, publicClient, oauth.None(), { scope }, options());
    return oauth.processDeviceAuthorizationResponse(as, publicClient, res);
  };
  const poll = (deviceCode: string, clientId = 'local-device') =>
    app.inject({
      method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: DEVICE, client_id: clientId, device_code: deviceCode }).toString(),
    });
  const errorOf = async (deviceCode: string, clientId?: string) => (await poll(deviceCode, clientId)).json().error as string;

  beforeAll(async () => {
    const config = loadConfig({}, { logLevel: 'silent', auth: { issuer: ISSUER, clients: CLIENTS } });
    const container = await createGatewayContainer(config, { auth: { store, now: () => Math.floor(clockMs / 1000) } });
    app = await buildApp({ container, logger: false });
    auth = container.resolve<AuthServices>(AUTH_SERVICES);
  });
  afterAll(() => app.close());

  it('answers the RFC 8628 §3.2 response through oauth4webapi, with no-store', async () => {
    const raw = await oauth.deviceAuthorizationRequest(as, publicClient, oauth.None(), { scope: 'openid avacloud' }, options());
    expect(raw.headers.get('cache-control')).toBe('no-store');
    const dar = await oauth.processDeviceAuthorizationResponse(as, publicClient, raw);
    expect(dar.user_code).toMatch(CODE);
    expect(dar.device_code).toMatch(/^[\w-]{43}$/);
    expect(dar.verification_uri).toBe(`${ISSUER}/device`);
    expect(dar.verification_uri_complete).toBe(`${ISSUER}/device?user_code=${dar.user_code}`);
    expect(dar.expires_in).toBe(600);
    expect(dar.interval).toBe(5);
    expect(await describeDeviceRequest(auth, dar.user_code)).toMatchObject({ client: { clientId: 'local-device' }, scopes: ['openid', 'avacloud'], tenant: 'default' });
    expect(JSON.stringify(store.rawEntries())).not.toContain(dar.device_code);
    expect(JSON.stringify(store.rawEntries())).not.toContain(dar.user_code.replace('-', ''));
  });

  it('without scope asks for every scope the client may have', async () => {
    const raw = await oauth.deviceAuthorizationRequest(as, publicClient, oauth.None(), {}, options());
    const dar = await oauth.processDeviceAuthorizationResponse(as, publicClient, raw);
    expect((await describeDeviceRequest(auth, dar.user_code))!.scopes).toEqual(['openid', 'profile', 'avacloud', 'offline_access']);
  });

  it('authenticates confidential clients like the token endpoint', async () => {
    const tv: oauth.Client = { client_id: 'tv' };
    const basic = await oauth.deviceAuthorizationRequest(as, tv, oauth.ClientSecretBasic('tv-secret'), {}, options());
    expect(basic.status).toBe(200);
    const wrong = await oauth.deviceAuthorizationRequest(as, tv, oauth.ClientSecretBasic('nope'), {}, options());
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe(`Basic realm="${ISSUER}"`);
    const post = (payload: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/connect/deviceauthorization', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload });
    const both = await post('client_id=tv&client_secret=tv-secret', { authorization: 'Basic ' + Buffer.from('tv:tv-secret').toString('base64') });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('invalid_request');
    const missingSecret = await post('client_id=tv');
    expect(missingSecret.statusCode).toBe(401);
    expect(missingSecret.json().error).toBe('invalid_client');
    expect((await post('scope=avacloud')).json().error).toBe('invalid_client');
    expect((await post('client_id=local-device&client_secret=x')).json().error).toBe('invalid_client');
    const notJson = await app.inject({ method: 'POST', url: '/connect/deviceauthorization', headers: { 'content-type': 'application/json' }, payload: '{"client_id":"local-device"}' });
    expect(notJson.json().error).toBe('invalid_request');
  });

  it('a client without the device_code grant is unauthorized_client; unknown scopes are invalid_scope', async () => {
    const machine = await oauth.deviceAuthorizationRequest(as, { client_id: 'machine' }, oauth.ClientSecretPost('machine-secret'), {}, options());
    expect(machine.status).toBe(400);
    expect((await machine.json()).error).toBe('unauthorized_client');
    const scope = await oauth.deviceAuthorizationRequest(as, publicClient, oauth.None(), { scope: 'avacloud role' }, options());
    expect((await scope.json()).error).toBe('invalid_scope');
  });

  it('polls: authorization_pending, slow_down that raises the interval, then pending again at the new pace', async () => {
    const dar = await authorize();
    const first = await poll(dar.device_code);
    expect(first.statusCode).toBe(400);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().error).toBe('authorization_pending');
    await expect(oauth.processDeviceCodeResponse(as, publicClient, await oauth.deviceCodeGrantRequest(as, publicClient, oauth.None(), dar.device_code, options())))
      .rejects.toMatchObject({ error: 'slow_down' });
    clockMs += 5_000; // the old interval is no longer enough: 5 s were added
    expect(await errorOf(dar.device_code)).toBe('slow_down');
    clockMs += 15_000; // the client now waits interval + 5 + 5 = 15 s
    expect(await errorOf(dar.device_code)).toBe('authorization_pending');
    clockMs += 15_000;
    expect(await errorOf(dar.device_code)).toBe('authorization_pending');
  });

  it('after approval the next poll gets tokens for the approving user; a replay is invalid_grant and revokes them', async () => {
    const dar = await authorize();
    expect(await errorOf(dar.device_code)).toBe('authorization_pending');
    const user = (await auth.users.bySubjectId(DEMO.subject))!;
    expect(await approveDevice(auth, dar.user_code.toLowerCase().replace('-', ' '), { user, amr: ['pwd'] })).toMatchObject({ status: 'decided' });
    clockMs += 5_000;
    const res = await oauth.processDeviceCodeResponse(as, publicClient, await oauth.deviceCodeGrantRequest(as, publicClient, oauth.None(), dar.device_code, options()));
    expect(res.scope).toBe('openid profile avacloud offline_access');
    expect(res.refresh_token).toEqual(expect.any(String));
    expect(decodeJwt(res.access_token)).toMatchObject({ sub: DEMO.subject, client_id: 'local-device', amr: ['pwd'], tenant: 'default' });
    expect(decodeJwt(res.id_token!)).toMatchObject({ sub: DEMO.subject, aud: 'local-device' });
    expect(await auth.tokens.validateAccessToken(res.access_token, [ISSUER])).toBeDefined();

    clockMs += 5_000;
    expect(await errorOf(dar.device_code)).toBe('invalid_grant');
    expect(await auth.tokens.validateAccessToken(res.access_token, [ISSUER])).toBeUndefined();
  });

  it('the user may approve fewer scopes, never more; a user code decides once', async () => {
    const dar = await authorize();
    const user = (await auth.users.bySubjectId(DEMO.subject))!;
    await expect(approveDevice(auth, dar.user_code, { user, scopes: ['avacloud', 'role'] })).rejects.toMatchObject({ error: 'invalid_scope' });
    await expect(approveDevice(auth, dar.user_code, { user, scopes: [] })).rejects.toMatchObject({ error: 'invalid_scope' });
    await expect(approveDevice(auth, dar.user_code, { user: { ...user, disabled: true } })).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await approveDevice(auth, dar.user_code, { user, scopes: ['avacloud'] })).status).toBe('decided');
    expect((await approveDevice(auth, dar.user_code, { user })).status).toBe('already_decided');
    expect((await denyDevice(auth, dar.user_code)).status).toBe('already_decided');
    expect(await describeDeviceRequest(auth, dar.user_code)).toBeUndefined();
    const body = (await poll(dar.device_code)).json();
    expect(body.scope).toBe('avacloud');
    expect(body.refresh_token).toBeUndefined();
    expect(body.id_token).toBeUndefined();
  });

  it('a denied request answers access_denied', async () => {
    const dar = await authorize();
    expect((await denyDevice(auth, dar.user_code)).status).toBe('decided');
    await expect(oauth.processDeviceCodeResponse(as, publicClient, await oauth.deviceCodeGrantRequest(as, publicClient, oauth.None(), dar.device_code, options())))
      .rejects.toMatchObject({ error: 'access_denied' });
  });

  it('expired or unknown device codes answer expired_token', async () => {
    const dar = await authorize();
    clockMs += 600_000;
    expect(await errorOf(dar.device_code)).toBe('expired_token');
    expect((await approveDevice(auth, dar.user_code, { user: (await auth.users.bySubjectId(DEMO.subject))! })).status).toBe('not_found');
    expect(await errorOf('never-issued-device-code')).toBe('expired_token');
    expect((await poll('')).json().error).toBe('invalid_request');
  });

  it("a device code is bound to its client: another client's poll is invalid_grant and changes nothing", async () => {
    const dar = await authorize();
    await approveDevice(auth, dar.user_code, { user: (await auth.users.bySubjectId(DEMO.subject))! });
    const stolen = await app.inject({
      method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: DEVICE, client_id: 'tv', client_secret: 'tv-secret', device_code: dar.device_code }).toString(),
    });
    expect(stolen.json().error).toBe('invalid_grant');
    expect((await poll(dar.device_code)).statusCode).toBe(200);
  });
});

describe('user codes', () => {
  it('are drawn from the unambiguous alphabet and shown in two groups', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = generateUserCode(8);
      expect(code).toMatch(CODE);
      seen.add(code);
    }
    expect(seen.size).toBeGreaterThan(190);
    expect(generateUserCode(9)).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{5}-[${USER_CODE_ALPHABET}]{4}$`));
    expect(USER_CODE_ALPHABET).not.toMatch(/[AEIOUY01]/);
  });

  /** A store that reports a user code collision for the first `collisions` device saves. */
  class CollidingStore extends MemoryGrantStore {
    constructor(private collisions: number) {
      super({ sweepIntervalMs: 0 });
    }
    override async save(kind: GrantKind, handle: string, grant: GrantInput, options?: SaveOptions): Promise<void> {
      if (kind === 'device_code' && this.collisions-- > 0) throw new GrantStoreError('duplicate_user_code', 'taken');
      return super.save(kind, handle, grant, options);
    }
  }

  it('a colliding user code is replaced by a new one; endless collisions give up', async () => {
    const config = loadConfig({}, { logLevel: 'silent' });
    const ctx = { store: new CollidingStore(3), config: config.auth, now: () => Math.floor(Date.now() / 1000) };
    const deviceClient = config.auth.clients.find((c) => c.clientId === 'local-device')!;
    const granted = { scopes: ['avacloud'], identityScopes: [], apiScopes: ['avacloud'], offlineAccess: false, audiences: ['avacloud'] };
    const created = await createDeviceAuthorization(ctx, { client: deviceClient, granted, tenant: 'default' });
    expect(await ctx.store.findByUserCode(created.userCode)).toMatchObject({ clientId: 'local-device', deviceStatus: 'pending' });
    const stuck = { ...ctx, store: new CollidingStore(Infinity) };
    await expect(createDeviceAuthorization(stuck, { client: deviceClient, granted, tenant: 'default' })).rejects.toMatchObject({ code: 'duplicate_user_code' });
  });
});
