/**
 * The RFC 9700 (OAuth 2.0 Security BCP) checks that apply to the token side, over a real socket: openid-client as
 * the client, jose for what neither client library checks (RFC 9068 header and claims, `kid` in the JWKS,
 * `at_hash`, `alg: none` and foreign keys refused by introspection, userinfo and the bearer guard).
 * Rows: code single use + replay revocation, redirect_uri bound to the code, PKCE downgrade, tokens bound to
 * their client, refresh token rotation + reuse revokes the family, alg=none, key handling.
 * (Timing-safe secrets: connect-secrets.test.ts.)
 */
import { createHash } from 'node:crypto';
import { UnsecuredJWT, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizationCode } from '../../core/auth/authorization-codes.js';
import {
  API, DEMO, LOCAL, USER_SCOPES, accessTokenClaims, authHarness, extendedAuth, foreignJwt, listeningHarness, type AuthHarness,
} from './connect-support.js';

let h: AuthHarness;
let issuer: string;
let local: oc.Configuration;
let codeClient: oc.Configuration;
let reference: oc.Configuration;
let api: oc.Configuration;
let jwks: ReturnType<typeof createRemoteJWKSet>;
const execute = { execute: [oc.allowInsecureRequests] };
const LOCAL_REDIRECT = 'http://localhost:5000/signin-callback';
const CODE_REDIRECT = 'https://app.example/cb';

beforeAll(async () => {
  h = await listeningHarness(extendedAuth());
  issuer = h.auth.issuer;
  const config = (id: string, secret: string) => oc.discovery(new URL(issuer), id, secret, oc.ClientSecretBasic(secret), execute);
  local = await config(LOCAL.id, LOCAL.secret);
  codeClient = await config('code-client', 'code-secret');
  reference = await config('reference-client', 'reference-secret');
  api = await config(API.name, API.secret);
  jwks = createRemoteJWKSet(new URL(local.serverMetadata().jwks_uri!));
});
afterAll(() => h.app.close());

const password = (scope = USER_SCOPES) => oc.genericGrantRequest(local, 'password', { username: DEMO.userName, password: DEMO.password, scope });

/** Every way the server checks an access token: introspection, userinfo, a conversion route. */
async function accessTokenAnswers(token: string): Promise<{ introspection: boolean; userinfo: number; conversion: number }> {
  const introspection = (await oc.tokenIntrospection(api, token)).active;
  const userinfo = (await fetch(`${issuer}/connect/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status;
  const conversion = (await fetch(`${issuer}/conversion/ava/ava`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"serviceSpecifications":[]}' })).status;
  return { introspection, userinfo, conversion };
}
const REFUSED = { introspection: false, userinfo: 401, conversion: 401 };

/** An authorization code as the authorize endpoint would create it. */
async function code(client: string = LOCAL.id, extra: { codeChallenge?: string; codeChallengeMethod?: string; redirectUri?: string; scope?: string } = {}) {
  const c = h.auth.clients.client(client)!;
  return createAuthorizationCode(h.auth, {
    client: c, user: (await h.auth.users.bySubjectId(DEMO.subject))!, scopes: h.auth.resources.resolve(extra.scope ?? 'openid profile avacloud offline_access', c),
    tenant: 'default', redirectUri: extra.redirectUri ?? (client === LOCAL.id ? LOCAL_REDIRECT : CODE_REDIRECT), authTime: h.clock.now,
    ...(extra.codeChallenge !== undefined && { codeChallenge: extra.codeChallenge }),
    ...(extra.codeChallengeMethod !== undefined && { codeChallengeMethod: extra.codeChallengeMethod }),
  });
}
const redeem = (config: oc.Configuration, params: Record<string, string>) => oc.genericGrantRequest(config, 'authorization_code', params);

describe('JWT access tokens (RFC 9068) and id tokens, checked with jose', () => {
  it('client_credentials: typ at+jwt, kid in the JWKS, sub = client_id and every RFC 9068 claim', async () => {
    const { access_token } = await oc.clientCredentialsGrant(local, { scope: 'avacloud' });
    const header = decodeProtectedHeader(access_token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: expect.any(String) });
    const published = (await (await fetch(local.serverMetadata().jwks_uri!)).json()) as { keys: { kid: string }[] };
    expect(published.keys.map((k) => k.kid)).toContain(header.kid);
    const { payload } = await jwtVerify(access_token, jwks, { issuer, audience: 'avacloud', typ: 'at+jwt' });
    expect(payload).toEqual({ iss: issuer, sub: LOCAL.id, aud: 'avacloud', client_id: LOCAL.id, scope: 'avacloud', tenant: 'default', iat: h.clock.now, exp: h.clock.now + 3600, jti: expect.any(String) });
  });

  it('user tokens: sub = the user, auth_time and amr; the id token carries at_hash of its access token', async () => {
    const tokens = await password();
    const { payload: at } = await jwtVerify(tokens.access_token, jwks, { issuer, audience: 'avacloud', typ: 'at+jwt' });
    expect(at).toMatchObject({ sub: DEMO.subject, client_id: LOCAL.id, scope: USER_SCOPES, auth_time: h.clock.now, amr: ['pwd'], jti: expect.any(String) });
    const { payload: id, protectedHeader } = await jwtVerify(tokens.id_token!, jwks, { issuer, audience: LOCAL.id });
    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.kid).toBeTruthy();
    expect(id.sub).toBe(DEMO.subject);
    // OIDC Core §3.1.3.6: base64url of the left half of SHA-256 of the access token's ASCII octets
    const digest = createHash('sha256').update(tokens.access_token, 'ascii').digest();
    expect(id.at_hash).toBe(digest.subarray(0, 16).toString('base64url'));
  });

  it('refuses alg none everywhere, with and without a signature part', async () => {
    const kid = h.auth.keys.signingKey('RS256').kid;
    const claims = { ...accessTokenClaims(issuer, h.clock.now), sub: DEMO.subject, scope: 'openid avacloud' };
    const unsecured = new UnsecuredJWT(claims).encode();
    expect(decodeProtectedHeader(unsecured).alg).toBe('none');
    const withKid = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid })).toString('base64url')}.${unsecured.split('.')[1]}.c2ln`;
    expect(await accessTokenAnswers(unsecured)).toEqual(REFUSED);
    expect(await accessTokenAnswers(withKid)).toEqual(REFUSED);
  });

  it('refuses a token signed by a key it did not publish, even under a published kid', async () => {
    const kid = h.auth.keys.signingKey('RS256').kid;
    const claims = { ...accessTokenClaims(issuer, h.clock.now), sub: LOCAL.id };
    expect(await accessTokenAnswers(await foreignJwt(claims, kid))).toEqual(REFUSED);
    expect(await accessTokenAnswers(await foreignJwt(claims, 'not-published'))).toEqual(REFUSED);
  });
});

describe('authorization codes', () => {
  const verifier = oc.randomPKCECodeVerifier();

  it('a replayed code is refused and revokes every token issued from it (RFC 6749 §4.1.2)', async () => {
    const c = await code(LOCAL.id, { codeChallenge: await oc.calculatePKCECodeChallenge(verifier), codeChallengeMethod: 'S256' });
    const params = { code: c, redirect_uri: LOCAL_REDIRECT, code_verifier: verifier };
    const first = await redeem(local, params);
    expect(await accessTokenAnswers(first.access_token)).toEqual({ introspection: true, userinfo: 200, conversion: 200 });
    await expect(redeem(local, params)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await accessTokenAnswers(first.access_token)).toEqual(REFUSED);
    await expect(oc.refreshTokenGrant(local, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('binds the redirect_uri to the code (byte-exact)', async () => {
    const c = await code(LOCAL.id, { codeChallenge: await oc.calculatePKCECodeChallenge(verifier), codeChallengeMethod: 'S256' });
    await expect(redeem(local, { code: c, redirect_uri: `${LOCAL_REDIRECT}/`, code_verifier: verifier })).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(redeem(local, { code: c, redirect_uri: LOCAL_REDIRECT.toUpperCase(), code_verifier: verifier })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('PKCE downgrade: a stored S256 challenge needs its verifier; the challenge itself (as plain) does not pass', async () => {
    const challenge = await oc.calculatePKCECodeChallenge(verifier);
    const missing = await code(LOCAL.id, { codeChallenge: challenge, codeChallengeMethod: 'S256' });
    await expect(redeem(local, { code: missing, redirect_uri: LOCAL_REDIRECT })).rejects.toMatchObject({ error: 'invalid_grant' });
    const asPlain = await code(LOCAL.id, { codeChallenge: challenge, codeChallengeMethod: 'S256' });
    await expect(redeem(local, { code: asPlain, redirect_uri: LOCAL_REDIRECT, code_verifier: challenge })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('PKCE downgrade: a verifier for a code issued without challenge is refused', async () => {
    const c = await code('code-client');
    await expect(redeem(codeClient, { code: c, redirect_uri: CODE_REDIRECT, code_verifier: verifier })).rejects.toMatchObject({ error: 'invalid_grant' });
    const ok = await code('code-client');
    expect((await redeem(codeClient, { code: ok, redirect_uri: CODE_REDIRECT })).access_token).toBeTruthy();
  });

  it('plain PKCE only for clients that allow it', async () => {
    const plain = await code(LOCAL.id, { codeChallenge: verifier, codeChallengeMethod: 'plain' });
    expect((await redeem(local, { code: plain, redirect_uri: LOCAL_REDIRECT, code_verifier: verifier })).access_token).toBeTruthy();
    await expect(code('code-client', { codeChallenge: verifier, codeChallengeMethod: 'plain' })).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(code('code-client', { codeChallenge: verifier })).rejects.toMatchObject({ error: 'invalid_request' });
  });
});

describe('tokens are bound to their client', () => {
  it('a code presented by another client is refused and stays usable by its own client', async () => {
    const verifier = oc.randomPKCECodeVerifier();
    const c = await code(LOCAL.id, { codeChallenge: await oc.calculatePKCECodeChallenge(verifier), codeChallengeMethod: 'S256' });
    await expect(redeem(codeClient, { code: c, redirect_uri: LOCAL_REDIRECT, code_verifier: verifier })).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await redeem(local, { code: c, redirect_uri: LOCAL_REDIRECT, code_verifier: verifier })).access_token).toBeTruthy();
  });

  it('a refresh token presented by another client is refused and stays usable by its own client', async () => {
    const tokens = await password();
    await expect(oc.refreshTokenGrant(reference, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await oc.refreshTokenGrant(local, tokens.refresh_token!)).access_token).toBeTruthy();
  });

  it('revocation by another client answers 200 and changes nothing', async () => {
    const tokens = await password();
    await oc.tokenRevocation(reference, tokens.refresh_token!);
    await oc.tokenRevocation(reference, tokens.access_token);
    expect(await accessTokenAnswers(tokens.access_token)).toEqual({ introspection: true, userinfo: 200, conversion: 200 });
    expect((await oc.refreshTokenGrant(local, tokens.refresh_token!)).access_token).toBeTruthy();
  });
});

describe('refresh tokens', () => {
  it('rotation: reusing a consumed refresh token revokes the whole family', async () => {
    const first = await password();
    const second = await oc.refreshTokenGrant(local, first.refresh_token!);
    expect(await accessTokenAnswers(second.access_token)).toEqual({ introspection: true, userinfo: 200, conversion: 200 });
    await expect(oc.refreshTokenGrant(local, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oc.refreshTokenGrant(local, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await accessTokenAnswers(second.access_token)).toEqual(REFUSED);
    expect(await accessTokenAnswers(first.access_token)).toEqual(REFUSED);
  });

  it('scope may only narrow', async () => {
    const first = await password('openid avacloud offline_access');
    await expect(oc.refreshTokenGrant(local, first.refresh_token!, { scope: 'openid avacloud profile' })).rejects.toMatchObject({ error: 'invalid_scope' });
    const narrowed = await oc.refreshTokenGrant(local, first.refresh_token!, { scope: 'avacloud' });
    expect(narrowed.scope).toBe('avacloud');
    expect((await jwtVerify(narrowed.access_token, jwks, { issuer })).payload.scope).toBe('avacloud');
    expect(await accessTokenAnswers(narrowed.access_token)).toEqual({ introspection: true, userinfo: 403, conversion: 200 });
    // the narrowing applies to that access token only: the rotated refresh token keeps the original grant
    expect((await oc.refreshTokenGrant(local, narrowed.refresh_token!, { scope: 'openid avacloud' })).scope).toBe('openid avacloud');
  });
});
