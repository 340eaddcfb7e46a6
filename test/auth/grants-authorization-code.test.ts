/**
 * The authorization_code grant (RFC 6749 §4.1.3, RFC 7636) and `createAuthorizationCode` (the authorize
 * endpoint's future entry point): codes are made by calling the service, redeemed at `POST /connect/token`
 * through oauth4webapi (a client nobody here wrote) or raw requests for the negative cases, and tokens checked
 * with jose. Covers the RFC 9700 (OAuth 2.0 Security BCP) checks: exact redirect_uri, code single use + replay revocation,
 * code bound to client, PKCE downgrade / plain opt-in / ABNF, constant-time comparison path, hashed storage.
 */
import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientConfig, UserConfig } from '../../config/auth.js';
import { loadConfig } from '../../config/load.js';
import { createAuthorizationCode, type AuthorizationCodeRequest } from '../../core/auth/authorization-codes.js';
import { hashSecret } from '../../core/auth/clients.js';
import { OAuthError } from '../../core/auth/oauth-error.js';
import type { AuthServices } from '../../core/auth/services.js';
import { createGatewayContainer, type ContainerOptions } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { MemoryGrantStore } from '../../core/stores/index.js';
import { buildApp } from '../../gateway/app.js';

const ISSUER = 'https://as.example.test';
const REDIRECT = 'https://app.example.test/callback';
const client = (c: Partial<ClientConfig> & { clientId: string }) => ({
  secrets: [{ sha256: hashSecret(`${c.clientId}-secret`) }],
  allowedGrantTypes: ['authorization_code', 'refresh_token'],
  allowedScopes: ['openid', 'profile', 'avacloud', 'offline_access'],
  redirectUris: [REDIRECT],
  allowOfflineAccess: true,
  ...c,
});
const CLIENTS = [
  client({ clientId: 'web', allowPlainTextPkce: true }),
  client({ clientId: 'strict' }),
  client({ clientId: 'legacy', requirePkce: false }),
  client({ clientId: 'ref', accessTokenType: 'reference' }),
  client({ clientId: 'other' }),
];
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const S256 = createHash('sha256').update(VERIFIER).digest('base64url');

async function start(options: ContainerOptions = {}) {
  const config = loadConfig({}, { logLevel: 'silent', auth: { issuer: ISSUER, clients: CLIENTS } });
  const container = await createGatewayContainer(config, options);
  const app = await buildApp({ container, logger: false });
  return { app, auth: container.resolve<AuthServices>(AUTH_SERVICES) };
}

/** oauth4webapi's fetch, served by `app.inject` (panva/oauth4webapi, docs/variables/customFetch.md). */
const viaInject = (app: FastifyInstance) => async (url: string, init: oauth.CustomFetchOptions<string, URLSearchParams>) => {
  const u = new URL(url);
  const res = await app.inject({ method: init.method as 'POST', url: u.pathname + u.search, headers: init.headers, payload: init.body?.toString() });
  return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
};

const redeem = (app: FastifyInstance, clientId: string, params: Record<string, string>) =>
  app.inject({
    method: 'POST', url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic ' + Buffer.from(`${clientId}:${clientId}-secret`).toString('base64') },
    payload: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: REDIRECT, ...params }).toString(),
  });

describe('authorization_code grant', () => {
  let app: FastifyInstance;
  let auth: AuthServices;
  const store = new MemoryGrantStore({ sweepIntervalMs: 0 });
  let demoUser: UserConfig;
  const demo = () => demoUser;
  const codeFor = (clientId: string, extra: Partial<AuthorizationCodeRequest> = {}, scope = 'openid profile avacloud offline_access') => {
    const c = auth.clients.client(clientId)!;
    return createAuthorizationCode(auth, {
      client: c, user: demo(), scopes: auth.resources.resolve(scope, c), tenant: 'default', redirectUri: REDIRECT,
      authTime: auth.now() - 10, codeChallenge: S256, codeChallengeMethod: 'S256', ...extra,
    });
  };

  beforeAll(async () => {
    ({ app, auth } = await start({ auth: { store } }));
    demoUser = (await auth.users.bySubjectId('3f6c1f0e-7d1a-4c55-9a43-0d3c9b1e2a10'))!;
  });
  afterAll(() => app.close());

  it('redeems an S256 code through oauth4webapi: RFC 9068 access token, id token with nonce/at_hash, refresh token', async () => {
    const authTime = auth.now() - 10;
    const code = await codeFor('web', { nonce: 'n-0S6_WzA2Mj', amr: ['pwd'], authTime });
    const as: oauth.AuthorizationServer = { issuer: ISSUER, token_endpoint: `${ISSUER}/connect/token` };
    const c: oauth.Client = { client_id: 'web' };
    const callback = oauth.validateAuthResponse(as, c, new URL(`${REDIRECT}?code=${code}`), oauth.skipStateCheck);
    const response = await oauth.authorizationCodeGrantRequest(as, c, oauth.ClientSecretBasic('web-secret'), callback, REDIRECT, VERIFIER, { [oauth.customFetch]: viaInject(app) });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const result = await oauth.processAuthorizationCodeResponse(as, c, response, { expectedNonce: 'n-0S6_WzA2Mj', requireIdToken: true });
    expect(result.scope).toBe('openid profile avacloud offline_access');
    expect(typeof result.refresh_token).toBe('string');

    const jwks = createLocalJWKSet(auth.keys.jwks());
    const at = await jwtVerify(result.access_token, jwks, { issuer: ISSUER, typ: 'at+jwt', audience: 'avacloud' });
    expect(at.payload).toMatchObject({ sub: demo().subject, client_id: 'web', scope: 'openid profile avacloud offline_access', tenant: 'default', amr: ['pwd'] });
    expect(at.payload.auth_time).toBe(authTime);
    const id = await jwtVerify(result.id_token!, jwks, { issuer: ISSUER, audience: 'web' });
    expect(id.payload).toMatchObject({ nonce: 'n-0S6_WzA2Mj', auth_time: authTime, sub: demo().subject });
    expect(id.payload.at_hash).toBe(createHash('sha256').update(result.access_token).digest().subarray(0, 16).toString('base64url'));
    expect(decodeProtectedHeader(result.id_token!).alg).toBe('RS256');
  });

  it('keeps neither the code nor the PKCE challenge in clear in the store', async () => {
    const code = await codeFor('web');
    const dump = JSON.stringify(store.rawEntries());
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(S256);
  });

  it('a replayed code answers invalid_grant and revokes the tokens issued from it (RFC 6749 §4.1.2)', async () => {
    const code = await codeFor('web');
    const first = await redeem(app, 'web', { code, code_verifier: VERIFIER });
    expect(first.statusCode).toBe(200);
    const tokens = first.json();
    expect(await auth.tokens.validateAccessToken(tokens.access_token, [ISSUER])).toBeDefined();

    const replay = await redeem(app, 'web', { code, code_verifier: VERIFIER });
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['cache-control']).toBe('no-store');
    expect(replay.json().error).toBe('invalid_grant');
    expect(await auth.tokens.validateAccessToken(tokens.access_token, [ISSUER])).toBeUndefined();
    const refresh = await redeem(app, 'web', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.json().error).toBe('invalid_grant');
  });

  it('a replay also removes reference access tokens issued from the code', async () => {
    const code = await codeFor('ref');
    const first = (await redeem(app, 'ref', { code, code_verifier: VERIFIER })).json();
    expect(first.access_token).not.toContain('.');
    expect(await auth.tokens.validateAccessToken(first.access_token, [ISSUER])).toMatchObject({ format: 'reference', client_id: 'ref' });
    expect((await redeem(app, 'ref', { code, code_verifier: VERIFIER })).json().error).toBe('invalid_grant');
    expect(await auth.tokens.validateAccessToken(first.access_token, [ISSUER])).toBeUndefined();
  });

  it('a code is bound to its client: another client gets invalid_grant and does not burn it', async () => {
    const code = await codeFor('web');
    const stolen = await redeem(app, 'other', { code, code_verifier: VERIFIER });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe('invalid_grant');
    expect((await redeem(app, 'web', { code, code_verifier: VERIFIER })).statusCode).toBe(200);
  });

  it('redirect_uri must equal the bound one byte for byte', async () => {
    for (const redirect_uri of [`${REDIRECT}/`, REDIRECT.toUpperCase(), `${REDIRECT}?x=1`]) {
      const code = await codeFor('web');
      const res = await redeem(app, 'web', { code, code_verifier: VERIFIER, redirect_uri });
      expect(res.json().error, redirect_uri).toBe('invalid_grant');
    }
  });

  it('PKCE: a wrong verifier is invalid_grant and burns the code', async () => {
    const code = await codeFor('web');
    const wrong = await redeem(app, 'web', { code, code_verifier: `${VERIFIER.slice(0, -1)}A` });
    expect(wrong.json().error).toBe('invalid_grant');
    expect((await redeem(app, 'web', { code, code_verifier: VERIFIER })).json().error).toBe('invalid_grant');
  });

  it('PKCE: a stored challenge makes the verifier mandatory', async () => {
    const code = await codeFor('web');
    const res = await redeem(app, 'web', { code });
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier is required') });
  });

  it('PKCE downgrade: a verifier for a code issued without challenge is rejected', async () => {
    const code = await codeFor('legacy', { codeChallenge: undefined, codeChallengeMethod: undefined });
    const res = await redeem(app, 'legacy', { code, code_verifier: VERIFIER });
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('no code_challenge') });
    const plain = await codeFor('legacy', { codeChallenge: undefined, codeChallengeMethod: undefined });
    expect((await redeem(app, 'legacy', { code: plain })).statusCode).toBe(200);
  });

  it('PKCE plain: a missing method means plain (RFC 7636 §4.3), accepted only when the client allows it', async () => {
    const code = await codeFor('web', { codeChallenge: VERIFIER, codeChallengeMethod: undefined });
    expect((await redeem(app, 'web', { code, code_verifier: VERIFIER })).statusCode).toBe(200);
    const s256AsPlain = await codeFor('web', { codeChallenge: VERIFIER, codeChallengeMethod: 'plain' });
    expect((await redeem(app, 'web', { code: s256AsPlain, code_verifier: S256 })).json().error).toBe('invalid_grant');
    await expect(codeFor('strict', { codeChallenge: VERIFIER, codeChallengeMethod: undefined })).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(codeFor('strict', { codeChallenge: VERIFIER, codeChallengeMethod: 'plain' })).rejects.toMatchObject({ error: 'invalid_request' });
  });

  it('createAuthorizationCode enforces the client rules', async () => {
    await expect(codeFor('strict', { codeChallenge: undefined, codeChallengeMethod: undefined })).rejects.toMatchObject({ error: 'invalid_request', description: expect.stringContaining('must use PKCE') });
    await expect(codeFor('web', { codeChallengeMethod: 'S512' })).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(codeFor('web', { codeChallenge: 'short', codeChallengeMethod: 'plain' })).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(codeFor('web', { codeChallenge: `${VERIFIER}!`, codeChallengeMethod: 'plain' })).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(codeFor('legacy', { codeChallenge: undefined, codeChallengeMethod: 'S256' })).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(codeFor('web', { redirectUri: `${REDIRECT}/evil` })).rejects.toBeInstanceOf(OAuthError);
    const cc = { ...auth.clients.client('web')!, allowedGrantTypes: ['client_credentials'] };
    await expect(createAuthorizationCode(auth, { client: cc, user: demo(), scopes: auth.resources.resolve('avacloud', cc), tenant: 'default', redirectUri: REDIRECT, authTime: 0 }))
      .rejects.toMatchObject({ error: 'unauthorized_client' });
  });

  it('rejects malformed requests with invalid_request before touching the code', async () => {
    const code = await codeFor('web');
    expect((await redeem(app, 'web', { code: '', code_verifier: VERIFIER })).json().error).toBe('invalid_request');
    expect((await redeem(app, 'web', { code, code_verifier: 'too-short' })).json().error).toBe('invalid_request');
    const noRedirect = await app.inject({
      method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'web', client_secret: 'web-secret', code, code_verifier: VERIFIER }).toString(),
    });
    expect(noRedirect.json().error).toBe('invalid_request');
    const twice = await app.inject({
      method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=authorization_code&client_id=web&client_secret=web-secret&redirect_uri=${encodeURIComponent(REDIRECT)}&code=${code}&code=${code}&code_verifier=${VERIFIER}`,
    });
    expect(twice.json().error).toBe('invalid_request');
    expect((await redeem(app, 'web', { code, code_verifier: VERIFIER })).statusCode).toBe(200);
  });

  it('an unknown code is invalid_grant', async () => {
    expect((await redeem(app, 'web', { code: 'no-such-code', code_verifier: VERIFIER })).json().error).toBe('invalid_grant');
  });
});

describe('authorization_code expiry', () => {
  it('a code older than the client authorizationCodeLifetime is invalid_grant', async () => {
    let clockMs = 1_800_000_000_000;
    const { app, auth } = await start({ auth: { store: new MemoryGrantStore({ now: () => clockMs, sweepIntervalMs: 0 }), now: () => Math.floor(clockMs / 1000) } });
    try {
      const c = auth.clients.client('web')!;
      const make = async () => createAuthorizationCode(auth, {
        client: c, user: (await auth.users.bySubjectId('3f6c1f0e-7d1a-4c55-9a43-0d3c9b1e2a10'))!, scopes: auth.resources.resolve('avacloud', c),
        tenant: 'default', redirectUri: REDIRECT, authTime: auth.now(), codeChallenge: S256, codeChallengeMethod: 'S256',
      });
      const fresh = await make();
      const stale = await make();
      clockMs += (c.authorizationCodeLifetime - 1) * 1000;
      expect((await redeem(app, 'web', { code: fresh, code_verifier: VERIFIER })).statusCode).toBe(200);
      clockMs += 1000;
      expect((await redeem(app, 'web', { code: stale, code_verifier: VERIFIER })).json().error).toBe('invalid_grant');
    } finally {
      await app.close();
    }
  });
});
