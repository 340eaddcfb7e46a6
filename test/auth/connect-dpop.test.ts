/**
 * DPoP (RFC 9449) with oauth4webapi as the client (its `DPoP` handle signs proofs, RFC 9449 §4) against the
 * gateway at inject level (oauth4webapi's `customFetch` forwards to `app.inject`): DPoP-bound tokens from the
 * authorization code, refresh token and client_credentials grants (`token_type: DPoP`, `cnf.jkt` in the token
 * and at introspection), a public client's refresh token bound to its key, `requireDpop`, userinfo and the
 * conversion routes with `Authorization: DPoP`, a bound token refused as Bearer; and hand-made proofs for every
 * check: replay, wrong `htu`, wrong `htm`, stale `iat`, wrong `ath`, wrong `typ`, a private or missing `jwk`, HMAC
 * and a proof signed with another key than the token's; server-provided nonces (§8, §9) for a client with
 * `requireDpopNonce`: oauth4webapi's retry on `use_dpop_nonce`, and stale, forged and missing nonces.
 */
import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import * as o from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASIC, INJECT_ISSUER, authHarness, introspect, postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, browserAuthWithClients, pkce, redirectParams } from './browser-support.js';
import { accessTokenHash } from '../../core/auth/dpop.js';

let h: AuthHarness;
let as: o.AuthorizationServer;

/** oauth4webapi's fetch, forwarded to the app. */
const injectFetch = async (url: string, init: { method?: string; headers?: HeadersInit; body?: unknown }): Promise<Response> => {
  const u = new URL(url);
  const res = await h.app.inject({
    method: (init.method ?? 'GET') as 'GET', url: u.pathname + u.search, headers: Object.fromEntries(new Headers(init.headers).entries()),
    ...(init.body !== undefined && init.body !== null && { payload: String(init.body) }),
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined) headers.append(k, String(one));
  return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
};
const options = () => ({ [o.customFetch]: injectFetch, [o.allowInsecureRequests]: true });

const publicClient: o.Client = { client_id: 'dpop-public' };
const confidential: o.Client = { client_id: 'dpop-required' };
const CONFIDENTIAL_AUTH = o.ClientSecretBasic('dpop-required-secret');

beforeAll(async () => {
  h = await authHarness(browserAuthWithClients([
    {
      clientId: 'dpop-public', allowedGrantTypes: ['authorization_code', 'refresh_token'], allowedScopes: ['openid', 'profile', 'avacloud', 'offline_access'],
      redirectUris: [REDIRECT], allowOfflineAccess: true,
    },
    {
      clientId: 'dpop-required', secrets: [{ sha256: (await import('../../core/auth/clients.js')).hashSecret('dpop-required-secret') }],
      allowedGrantTypes: ['client_credentials'], allowedScopes: ['avacloud'], requireDpop: true, accessTokenType: 'reference',
    },
    {
      clientId: 'dpop-nonce', secrets: [{ sha256: (await import('../../core/auth/clients.js')).hashSecret('dpop-nonce-secret') }],
      allowedGrantTypes: ['client_credentials'], allowedScopes: ['avacloud'], requireDpop: true, requireDpopNonce: true,
    },
  ]));
  as = await o.processDiscoveryResponse(new URL(INJECT_ISSUER), await o.discoveryRequest(new URL(INJECT_ISSUER), options()));
});
afterAll(() => h.app.close());

/** A code for `dpop-public` (the demo user signs in through the login page) and its PKCE verifier. */
async function code(): Promise<{ params: URLSearchParams; verifier: string }> {
  const browser = new InjectBrowser(h.app);
  const p = pkce();
  const page = await browser.get(authorizeUrl({
    client_id: 'dpop-public', redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile avacloud offline_access', state: 's',
    code_challenge: p.challenge, code_challenge_method: 'S256',
  }));
  const done = await browser.submit(page, { username: 'demo', password: 'demo-password' });
  return { params: o.validateAuthResponse(as, publicClient, new URLSearchParams(redirectParams(done).params), 's'), verifier: p.verifier };
}

const newKeys = () => o.generateKeyPair('ES256') as Promise<CryptoKeyPair>;

describe('DPoP-bound tokens through oauth4webapi', () => {
  it('authorization_code: token_type DPoP, cnf.jkt of the key; userinfo with Authorization: DPoP, refused as Bearer', async () => {
    const keys = await newKeys();
    const DPoP = o.DPoP(publicClient, keys);
    const { params, verifier } = await code();
    const res = await o.authorizationCodeGrantRequest(as, publicClient, o.None(), params, REDIRECT, verifier, { ...options(), DPoP });
    const tokens = await o.processAuthorizationCodeResponse(as, publicClient, res);
    expect(tokens.token_type).toBe('dpop');
    const jkt = await DPoP.calculateThumbprint();
    expect(decodeJwt(tokens.access_token).cnf).toEqual({ jkt });
    expect(await introspect(h.app, tokens.access_token)).toMatchObject({ active: true, cnf: { jkt } });

    const info = await o.processUserInfoResponse(as, publicClient, o.skipSubjectCheck, await o.userInfoRequest(as, publicClient, tokens.access_token, { ...options(), DPoP }));
    expect(info.name).toBe('Demo User');

    const asBearer = await h.app.inject({ method: 'GET', url: '/connect/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(asBearer.statusCode).toBe(401);
    expect(String(asBearer.headers['www-authenticate'])).toMatch(/^DPoP realm="[^"]+", error="invalid_token", .*algs="ES256 /);
  });

  it("refresh_token: a public client's refresh token works only with proofs of its key", async () => {
    const keys = await newKeys();
    const DPoP = o.DPoP(publicClient, keys);
    const { params, verifier } = await code();
    const first = await o.processAuthorizationCodeResponse(as, publicClient,
      await o.authorizationCodeGrantRequest(as, publicClient, o.None(), params, REDIRECT, verifier, { ...options(), DPoP }));
    const refreshToken = first.refresh_token!;

    const withoutProof = await postForm(h.app, '/connect/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'dpop-public' });
    expect(withoutProof.json()).toMatchObject({ error: 'invalid_grant' });
    const otherKey = o.DPoP(publicClient, await newKeys());
    await expect(o.processRefreshTokenResponse(as, publicClient,
      await o.refreshTokenGrantRequest(as, publicClient, o.None(), refreshToken, { ...options(), DPoP: otherKey }))).rejects.toMatchObject({ error: 'invalid_grant' });

    const next = await o.processRefreshTokenResponse(as, publicClient, await o.refreshTokenGrantRequest(as, publicClient, o.None(), refreshToken, { ...options(), DPoP }));
    expect(next.token_type).toBe('dpop');
    expect(decodeJwt(next.access_token).cnf).toEqual({ jkt: await DPoP.calculateThumbprint() });
    // The rotated refresh token is bound to the same key.
    await expect(o.processRefreshTokenResponse(as, publicClient,
      await o.refreshTokenGrantRequest(as, publicClient, o.None(), next.refresh_token!, { ...options(), DPoP: otherKey }))).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('client_credentials: requireDpop refuses a request without a proof; a bound reference token introspects with cnf', async () => {
    const plain = await postForm(h.app, '/connect/token', { grant_type: 'client_credentials', scope: 'avacloud' }, { authorization: `Basic ${Buffer.from('dpop-required:dpop-required-secret').toString('base64')}` });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ error: 'invalid_dpop_proof' });

    const DPoP = o.DPoP(confidential, await newKeys());
    const tokens = await o.processClientCredentialsResponse(as, confidential,
      await o.clientCredentialsGrantRequest(as, confidential, CONFIDENTIAL_AUTH, { scope: 'avacloud' }, { ...options(), DPoP }));
    expect(tokens.token_type).toBe('dpop');
    expect(await introspect(h.app, tokens.access_token)).toMatchObject({ active: true, client_id: 'dpop-required', cnf: { jkt: await DPoP.calculateThumbprint() } });

    // The conversion routes: refused as Bearer, accepted with a proof of the key.
    const project = JSON.stringify({ serviceSpecifications: [] });
    const asBearer = await h.app.inject({ method: 'POST', url: '/conversion/ava/ava', headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' }, payload: project });
    expect(asBearer.statusCode).toBe(401);
    expect(String(asBearer.headers['www-authenticate'])).toMatch(/^DPoP /);
    const res = await o.protectedResourceRequest(tokens.access_token, 'POST', new URL(`${INJECT_ISSUER}/conversion/ava/ava`), new Headers({ 'content-type': 'application/json' }), project, { ...options(), DPoP });
    expect(res.status).toBe(200);
  });

  it('discovery lists the proof algorithms', () => {
    expect(as.dpop_signing_alg_values_supported).toEqual(expect.arrayContaining(['ES256', 'RS256', 'PS256', 'EdDSA']));
    expect(as.dpop_signing_alg_values_supported).not.toContain('HS256');
  });
});

describe('DPoP proof checks (hand-made proofs)', () => {
  let keys: { privateKey: CryptoKey; publicJwk: JWK };
  const TOKEN_URL = `${INJECT_ISSUER}/connect/token`;
  const now = () => h.clock.now;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    keys = { privateKey: pair.privateKey, publicJwk: await exportJWK(pair.publicKey) };
  });

  function proof(claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}, key = keys): Promise<string> {
    return new SignJWT({ jti: randomUUID(), htm: 'POST', htu: TOKEN_URL, iat: now(), ...claims })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: key.publicJwk, ...header })
      .sign(key.privateKey);
  }

  const tokenRequest = (dpop: string | string[]) =>
    postForm(h.app, '/connect/token', { grant_type: 'client_credentials', scope: 'avacloud' }, { authorization: `Basic ${Buffer.from('dpop-required:dpop-required-secret').toString('base64')}`, dpop: dpop as string });

  const refusedWith = async (dpop: string, pattern: RegExp) => {
    const res = await tokenRequest(dpop);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_dpop_proof');
    expect(res.json().error_description).toMatch(pattern);
  };

  it('accepts a good proof once; its replay is refused', async () => {
    const p = await proof();
    const ok = await tokenRequest(p);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token_type).toBe('DPoP');
    await refusedWith(p, /used before/);
  });

  it('refuses a wrong htu, a wrong htm, a stale or future iat, a wrong typ, a private or missing jwk, HMAC', async () => {
    await refusedWith(await proof({ htu: `${INJECT_ISSUER}/connect/userinfo` }), /htu must be/);
    await refusedWith(await proof({ htu: 'https://elsewhere.example/connect/token' }), /htu must be/);
    await refusedWith(await proof({ htm: 'GET' }), /htm must be POST/);
    await refusedWith(await proof({ iat: now() - 301 }), /iat is outside/);
    await refusedWith(await proof({ iat: now() + 120 }), /iat is outside/);
    await refusedWith(await proof({}, { typ: 'JWT' }), /typ dpop\+jwt/);
    const pair = await generateKeyPair('ES256', { extractable: true });
    await refusedWith(await proof({}, { jwk: await exportJWK(pair.privateKey) }, { privateKey: pair.privateKey, publicJwk: await exportJWK(pair.privateKey) }), /public key/);
    await refusedWith(await proof({}, { jwk: undefined }), /no jwk/);
    const other = await exportJWK((await generateKeyPair('ES256', { extractable: true })).publicKey);
    await refusedWith(await proof({}, { jwk: other }), /signature does not verify/);
    const hmac = await new SignJWT({ jti: randomUUID(), htm: 'POST', htu: TOKEN_URL, iat: now() })
      .setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt', jwk: { kty: 'oct', k: 'c2VjcmV0' } as JWK }).sign(new TextEncoder().encode('secret'));
    await refusedWith(hmac, /alg must be one of/);
    const twice = await tokenRequest([await proof(), await proof()]);
    expect(twice.json()).toMatchObject({ error: 'invalid_dpop_proof', error_description: 'exactly one DPoP header is allowed' });
  });

  it('at a resource: ath must hash the token, the key must be the bound one, the method and URI must match', async () => {
    const tokens = (await tokenRequest(await proof())).json() as { access_token: string };
    const at = tokens.access_token;
    const resourceProof = (claims: Record<string, unknown>, key = keys) => proof({ htm: 'GET', htu: `${INJECT_ISSUER}/connect/userinfo`, ath: accessTokenHash(at), ...claims }, {}, key);
    const userinfo = async (dpop: string) => {
      const res = await h.app.inject({ method: 'GET', url: '/connect/userinfo', headers: { authorization: `DPoP ${at}`, dpop } });
      return { status: res.statusCode, challenge: String(res.headers['www-authenticate']) };
    };
    // The token is a client's (no user): with a valid proof it gets past DPoP and fails on the user check only.
    expect(await userinfo(await resourceProof({}))).toMatchObject({ status: 403 });
    expect(await userinfo(await resourceProof({ ath: accessTokenHash('another token') }))).toMatchObject({ status: 401, challenge: expect.stringMatching(/invalid_dpop_proof.*ath does not match/) });
    expect(await userinfo(await resourceProof({ htm: 'POST' }))).toMatchObject({ status: 401, challenge: expect.stringMatching(/htm must be GET/) });
    expect(await userinfo(await resourceProof({ htu: TOKEN_URL }))).toMatchObject({ status: 401, challenge: expect.stringMatching(/htu must be/) });
    const pair = await generateKeyPair('ES256', { extractable: true });
    const stranger = { privateKey: pair.privateKey, publicJwk: await exportJWK(pair.publicKey) };
    expect(await userinfo(await resourceProof({}, stranger))).toMatchObject({ status: 401, challenge: expect.stringMatching(/another key/) });
    expect(await calculateJwkThumbprint(keys.publicJwk)).toBe((await introspect(h.app, at, API_BASIC) as { cnf: { jkt: string } }).cnf.jkt);
  });
});

describe('DPoP nonces (RFC 9449 §8, §9) for a client with requireDpopNonce', () => {
  const client: o.Client = { client_id: 'dpop-nonce' };
  const AUTH = o.ClientSecretBasic('dpop-nonce-secret');
  const BASIC = `Basic ${Buffer.from('dpop-nonce:dpop-nonce-secret').toString('base64')}`;

  it('answers use_dpop_nonce with a nonce, which oauth4webapi puts in its next proof; the token and the resource then accept it', async () => {
    const DPoP = o.DPoP(client, await newKeys());
    const request = () => o.clientCredentialsGrantRequest(as, client, AUTH, { scope: 'avacloud' }, { ...options(), DPoP });
    const first = await request();
    expect(first.status).toBe(400);
    expect(first.headers.get('dpop-nonce')).toMatch(/^[0-9a-z]+\.[\w-]{22}$/);
    const error = await o.processClientCredentialsResponse(as, client, first).catch((e: unknown) => e);
    expect(o.isDPoPNonceError(error)).toBe(true);
    const retried = await request();
    expect(retried.status).toBe(200);
    expect(retried.headers.get('dpop-nonce')).toMatch(/^[0-9a-z]+\.[\w-]{22}$/);
    const tokens = await o.processClientCredentialsResponse(as, client, retried);
    expect(tokens.token_type).toBe('dpop');
    const project = JSON.stringify({ serviceSpecifications: [] });
    const res = await o.protectedResourceRequest(tokens.access_token, 'POST', new URL(`${INJECT_ISSUER}/conversion/ava/ava`), new Headers({ 'content-type': 'application/json' }), project, { ...options(), DPoP });
    expect(res.status).toBe(200);
  });

  it('refuses a proof without a nonce, with a stale or a forged one, at the token endpoint (400) and at a resource (401)', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(pair.publicKey);
    const now = () => h.clock.now;
    const proof = (claims: Record<string, unknown>) => new SignJWT({ jti: randomUUID(), htm: 'POST', htu: `${INJECT_ISSUER}/connect/token`, iat: now(), ...claims })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk }).sign(pair.privateKey);
    const token = async (claims: Record<string, unknown>) => postForm(h.app, '/connect/token', { grant_type: 'client_credentials', scope: 'avacloud' }, { authorization: BASIC, dpop: await proof(claims) });
    const nonces = h.auth.dpopNonces;
    for (const nonce of [undefined, nonces.issue(now() - 700), `${nonces.issue(now()).split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA`, 'not a nonce']) {
      const res = await token(nonce === undefined ? {} : { nonce });
      expect(res.statusCode, String(nonce)).toBe(400);
      expect(res.json().error).toBe('use_dpop_nonce');
      expect(nonces.accepts(res.headers['dpop-nonce'], now())).toBe(true);
    }
    // the previous window's nonce is still good
    const ok = await token({ nonce: nonces.issue(now() - 300) });
    expect(ok.statusCode, ok.body).toBe(200);
    const at = ok.json().access_token as string;
    const userinfo = async (claims: Record<string, unknown>) => h.app.inject({
      method: 'GET', url: '/connect/userinfo',
      headers: { authorization: `DPoP ${at}`, dpop: await proof({ htm: 'GET', htu: `${INJECT_ISSUER}/connect/userinfo`, ath: accessTokenHash(at), ...claims }) },
    });
    const missing = await userinfo({});
    expect(missing.statusCode).toBe(401);
    expect(String(missing.headers['www-authenticate'])).toMatch(/^DPoP .*error="use_dpop_nonce"/);
    expect(nonces.accepts(missing.headers['dpop-nonce'], now())).toBe(true);
    // with the nonce the proof passes; the token is a client's, so userinfo then refuses it for want of a user
    expect((await userinfo({ nonce: missing.headers['dpop-nonce'] })).statusCode).toBe(403);
    // a client without requireDpopNonce is not asked for one
    const plain = await postForm(h.app, '/connect/token', { grant_type: 'client_credentials', scope: 'avacloud' }, {
      authorization: `Basic ${Buffer.from('dpop-required:dpop-required-secret').toString('base64')}`, dpop: await proof({}),
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['dpop-nonce']).toBeUndefined();
  });
});
