/**
 * The password grant (RFC 6749 §4.3) with IdentityServer4 `acr_values` (https://identityserver4.readthedocs.io/en/latest/endpoints/authorize.html) (`tenant:<name>`, `idp:<name>`), driven at
 * `POST /connect/token`: openid-client's `genericGrantRequest` for the happy path, raw requests for the errors,
 * jose for the token contents.
 */
import * as client from 'openid-client';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../config/auth.js';
import { DEFAULT_AUTH } from '../../config/auth.js';
import { loadConfig } from '../../config/load.js';
import { hashSecret } from '../../core/auth/clients.js';
import type { AuthServices } from '../../core/auth/services.js';
import { hashPassword } from '../../core/auth/users.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { buildApp } from '../../gateway/app.js';

const ISSUER = 'https://as.example.test';
const DEMO = DEFAULT_AUTH.users[0];
const cfg = (c: Partial<ClientConfig> & { clientId: string }) => ({
  secrets: [{ sha256: hashSecret(`${c.clientId}-secret`) }],
  allowedGrantTypes: ['password', 'refresh_token'],
  allowedScopes: ['openid', 'profile', 'role', 'avacloud', 'offline_access'],
  allowOfflineAccess: true,
  ...c,
});

async function start() {
  const pw = await hashPassword('s3cret pass');
  const config = loadConfig({}, {
    logLevel: 'silent',
    auth: {
      issuer: ISSUER,
      clients: [
        cfg({ clientId: 'app' }),
        cfg({ clientId: 'sso', identityProviderRestrictions: ['corp'] }),
        cfg({ clientId: 'acme-app', tenant: 'acme' }),
        cfg({ clientId: 'machine', allowedGrantTypes: ['client_credentials'] }),
        cfg({ clientId: 'no-offline', allowOfflineAccess: false, allowedScopes: ['openid', 'avacloud'] }),
      ],
      tenants: [{ name: 'default' }, { name: 'acme' }, { name: 'globex' }],
      users: [
        DEMO,
        { subject: 'u-alice', userName: 'alice', passwordHash: pw, tenants: ['acme'], roles: ['admin', 'user'], claims: { name: 'Alice A' } },
        { subject: 'u-bob', userName: 'bob', passwordHash: pw, identityProvider: 'corp' },
        { subject: 'u-carol', userName: 'carol', passwordHash: pw, disabled: true },
      ],
    },
  });
  const container = await createGatewayContainer(config);
  const app = await buildApp({ container, logger: false });
  return { app, auth: container.resolve<AuthServices>(AUTH_SERVICES) };
}

describe('password grant', () => {
  let app: FastifyInstance;
  let auth: AuthServices;
  const token = (params: Record<string, string>, clientId = 'app') =>
    app.inject({
      method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', client_id: clientId, client_secret: `${clientId}-secret`, ...params }).toString(),
    });
  const claimsOf = async (res: { json(): { access_token: string } }) => decodeJwt(res.json().access_token);

  beforeAll(async () => ({ app, auth } = await start()));
  afterAll(() => app.close());

  it('issues access, id and refresh tokens through openid-client (amr pwd, sub = user)', async () => {
    const config = new client.Configuration({ issuer: ISSUER, token_endpoint: `${ISSUER}/connect/token` }, 'app', 'app-secret');
    config[client.customFetch] = async (url, init) => {
      const res = await app.inject({ method: 'POST', url: new URL(url).pathname, headers: init.headers as Record<string, string>, payload: String(init.body) });
      return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
    };
    const res = await client.genericGrantRequest(config, 'password', { username: 'demo', password: 'demo-password', scope: 'openid profile avacloud offline_access' });
    expect(res.token_type).toBe('bearer');
    expect(res.refresh_token).toEqual(expect.any(String));
    const jwks = createLocalJWKSet(auth.keys.jwks());
    const at = await jwtVerify(res.access_token, jwks, { issuer: ISSUER, typ: 'at+jwt', audience: 'avacloud' });
    expect(at.payload).toMatchObject({ sub: DEMO.subject, client_id: 'app', scope: 'openid profile avacloud offline_access', amr: ['pwd'], tenant: 'default' });
    expect(at.payload.auth_time).toBeCloseTo(Math.floor(Date.now() / 1000), -1);
    const id = await jwtVerify(res.id_token!, jwks, { issuer: ISSUER, audience: 'app' });
    expect(id.payload).toMatchObject({ sub: DEMO.subject, amr: ['pwd'] });
    expect(id.payload.nonce).toBeUndefined();
  });

  it('without scope grants every allowed scope; without openid no id token, without offline_access no refresh token', async () => {
    expect((await token({ username: 'demo', password: 'demo-password' })).json().scope).toBe('openid profile role avacloud offline_access');
    const body = (await token({ username: 'demo', password: 'demo-password', scope: 'avacloud' })).json();
    expect(body.scope).toBe('avacloud');
    expect(body.id_token).toBeUndefined();
    expect(body.refresh_token).toBeUndefined();
  });

  it('wrong password, unknown user and disabled user all answer the same invalid_grant', async () => {
    const answers = await Promise.all([
      token({ username: 'demo', password: 'wrong' }),
      token({ username: 'nobody', password: 'demo-password' }),
      token({ username: 'carol', password: 's3cret pass' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'the user name or password is incorrect, or sign-in is paused after repeated failures' });
    }
  });

  it('missing username or password is invalid_request', async () => {
    expect((await token({ password: 'demo-password' })).json().error).toBe('invalid_request');
    expect((await token({ username: 'demo' })).json().error).toBe('invalid_request');
  });

  it('a scope the client may not have is invalid_scope; offline_access needs a client allowing it', async () => {
    expect((await token({ username: 'demo', password: 'demo-password', scope: 'avacloud admin' })).json().error).toBe('invalid_scope');
    expect((await token({ username: 'demo', password: 'demo-password', scope: 'offline_access' }, 'no-offline')).json().error).toBe('invalid_scope');
  });

  it('a client not allowed the grant is unauthorized_client', async () => {
    expect((await token({ username: 'demo', password: 'demo-password' }, 'machine')).json().error).toBe('unauthorized_client');
  });

  it('acr_values tenant:<name> selects the tenant; the user must belong to it', async () => {
    const alice = await token({ username: 'alice', password: 's3cret pass', scope: 'avacloud', acr_values: 'tenant:acme' });
    expect(alice.statusCode).toBe(200);
    expect((await claimsOf(alice)).tenant).toBe('acme');
    expect((await token({ username: 'alice', password: 's3cret pass', acr_values: 'tenant:globex' })).json().error).toBe('invalid_grant');
    expect((await token({ username: 'alice', password: 's3cret pass' })).json().error).toBe('invalid_grant');
    expect((await token({ username: 'demo', password: 'demo-password', acr_values: 'tenant:nowhere' })).json().error).toBe('invalid_request');
    expect((await claimsOf(await token({ username: 'demo', password: 'demo-password', acr_values: 'tenant:globex' }))).tenant).toBe('globex');
  });

  it("a client bound to a tenant issues for that tenant only", async () => {
    expect((await claimsOf(await token({ username: 'alice', password: 's3cret pass', scope: 'avacloud' }, 'acme-app'))).tenant).toBe('acme');
    expect((await token({ username: 'demo', password: 'demo-password', acr_values: 'tenant:globex' }, 'acme-app')).json().error).toBe('invalid_request');
  });

  it('acr_values idp:<name> needs a client that allows it and a user of that provider', async () => {
    const bob = await token({ username: 'bob', password: 's3cret pass', scope: 'openid avacloud', acr_values: 'idp:corp tenant:default' }, 'sso');
    expect(bob.statusCode).toBe(200);
    expect((await claimsOf(bob)).idp).toBe('corp');
    expect(decodeJwt(bob.json().id_token).idp).toBe('corp');
    expect((await token({ username: 'demo', password: 'demo-password', acr_values: 'idp:corp' }, 'sso')).json().error).toBe('invalid_grant');
    expect((await token({ username: 'bob', password: 's3cret pass', acr_values: 'idp:corp' }, 'app')).json().error).toBe('invalid_request');
    expect((await token({ username: 'bob', password: 's3cret pass', acr_values: 'idp:other' }, 'sso')).json().error).toBe('invalid_request');
  });

  it('ignores parameters the grant does not declare and rejects repeated declared ones', async () => {
    const res = await token({ username: 'demo', password: 'demo-password', scope: 'avacloud', code: 'x', refresh_token: 'y', nonce: 'z' });
    expect(res.statusCode).toBe(200);
    const twice = await app.inject({
      method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&client_id=app&client_secret=app-secret&username=demo&password=demo-password&scope=avacloud&scope=openid',
    });
    expect(twice.json().error).toBe('invalid_request');
  });

  it('the refresh token it issues works for the refresh_token grant', async () => {
    const first = (await token({ username: 'demo', password: 'demo-password', scope: 'openid avacloud offline_access' })).json();
    const res = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token)).toMatchObject({ sub: DEMO.subject, amr: ['pwd'] });
    expect(await auth.tokens.validateAccessToken(res.json().access_token, [ISSUER])).toMatchObject({ isUser: true, sub: DEMO.subject });
  });
});
