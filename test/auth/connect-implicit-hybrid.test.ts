/**
 * Implicit and hybrid response types (OpenID Connect Core 1.0 §3.2, §3.3): fragment by default, never query,
 * `nonce` required with an id token, the seed's scope rules for `id_token` and `token` alone, `at_hash` and
 * `c_hash` that match, no refresh token through the browser, and the client's `implicit` permission. Named after
 * the OpenID Foundation Implicit and Hybrid OP plan modules where one matches.
 */
import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHarness, basic, introspect, postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, browserAuth, formOf, pkce, redirectParams } from './browser-support.js';

let h: AuthHarness;
let b: InjectBrowser;
const ISS = 'http://localhost:5000';
beforeAll(async () => {
  h = await authHarness(browserAuth());
  b = new InjectBrowser(h.app);
  const page = await b.get(authorizeUrl({ client_id: 'hybrid', redirect_uri: REDIRECT, response_type: 'id_token', scope: 'openid', nonce: 'x' }));
  expect((await b.submit(page, { username: 'demo', password: 'demo-password' })).statusCode).toBe(303);
});
afterAll(() => h.app.close());

const halfHash = (value: string) => createHash('sha256').update(value, 'ascii').digest().subarray(0, 16).toString('base64url');

async function authorize(extra: Record<string, string>) {
  const res = await b.get(authorizeUrl({ client_id: 'hybrid', redirect_uri: REDIRECT, state: 'h', nonce: 'n-h', ...extra }));
  expect(res.statusCode).toBe(303);
  const location = String(res.headers.location);
  return { location, params: redirectParams(res).params };
}

async function verifyIdToken(token: string) {
  const jwks = createLocalJWKSet(h.auth.keys.jwks() as Parameters<typeof createLocalJWKSet>[0]);
  return (await jwtVerify(token, jwks, { issuer: ISS, audience: 'hybrid', currentDate: new Date(h.clock.now * 1000) })).payload;
}

describe('implicit', () => {
  it('oidcc-implicit id_token: in the fragment, signed, with nonce and the profile claims (no access token to ask userinfo with)', async () => {
    const { location, params } = await authorize({ response_type: 'id_token', scope: 'openid profile' });
    expect(location).toMatch(/^https:\/\/app\.example\/cb#/);
    expect(params).toMatchObject({ state: 'h', iss: ISS });
    expect(params).not.toHaveProperty('access_token');
    expect(params).not.toHaveProperty('code');
    const id = await verifyIdToken(params.id_token);
    expect(id).toMatchObject({ nonce: 'n-h', name: 'Demo User', given_name: 'Demo' });
    expect(id).not.toHaveProperty('at_hash');
  });

  it('id_token token: at_hash matches the access token, which works at userinfo; no refresh token leaves through the browser', async () => {
    const { params } = await authorize({ response_type: 'token id_token', scope: 'openid profile avacloud offline_access' });
    expect(params).toMatchObject({ token_type: 'Bearer', expires_in: expect.stringMatching(/^\d+$/), scope: 'openid profile avacloud offline_access' });
    expect(params).not.toHaveProperty('refresh_token');
    const id = await verifyIdToken(params.id_token);
    expect(id.at_hash).toBe(halfHash(params.access_token));
    const info = await h.app.inject({ url: '/connect/userinfo', headers: { authorization: `Bearer ${params.access_token}` } });
    expect(info.json()).toMatchObject({ sub: id.sub, name: 'Demo User' });
  });

  it('token alone: resource scopes only; id_token alone: identity scopes only (the seed\'s rules)', async () => {
    const token = (await authorize({ response_type: 'token', scope: 'avacloud' })).params;
    expect(token.access_token).toBeTruthy();
    expect(token).not.toHaveProperty('id_token');
    expect((await authorize({ response_type: 'token', scope: 'openid avacloud' })).params.error).toBe('invalid_scope');
    expect((await authorize({ response_type: 'id_token', scope: 'openid avacloud' })).params.error).toBe('invalid_scope');
  });

  it('nonce is required with an id token; openid too; query is refused and errors go to the fragment', async () => {
    const noNonce = await authorize({ response_type: 'id_token', scope: 'openid', nonce: '' });
    expect(noNonce.location).toMatch(/#error=invalid_request/);
    expect(noNonce.params).toMatchObject({ state: 'h', iss: ISS });
    expect((await authorize({ response_type: 'id_token token', scope: 'avacloud' })).params.error).toBe('invalid_scope');
    const query = await authorize({ response_type: 'id_token', scope: 'openid', response_mode: 'query' });
    expect(query.location).toMatch(/#error=invalid_request/);
    expect(query.location).not.toContain('id_token=');
  });

  it('a client without the implicit grant type gets unauthorized_client', async () => {
    const res = await b.get(authorizeUrl({ client_id: 'web', redirect_uri: REDIRECT, response_type: 'id_token token', scope: 'openid avacloud', nonce: 'n', state: 's' }));
    expect(redirectParams(res).params).toMatchObject({ error: 'unauthorized_client', state: 's' });
  });
});

describe('hybrid', () => {
  it('oidcc-hybrid code id_token: c_hash matches the code, which redeems (PKCE) for tokens with the same nonce', async () => {
    const p = pkce();
    const { location, params } = await authorize({ response_type: 'code id_token', scope: 'openid avacloud', code_challenge: p.challenge, code_challenge_method: 'S256' });
    expect(location).toContain('#code=');
    const id = await verifyIdToken(params.id_token);
    expect(id.c_hash).toBe(halfHash(params.code));
    expect(id.nonce).toBe('n-h');
    const tokens = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code: params.code, redirect_uri: REDIRECT, code_verifier: p.verifier }, { authorization: basic('hybrid', 'hybrid-secret') });
    expect(tokens.statusCode).toBe(200);
    expect((await verifyIdToken(tokens.json().id_token)).nonce).toBe('n-h');
  });

  it('code id_token token: c_hash and at_hash; word order does not matter; form_post carries it all', async () => {
    const p = pkce();
    const res = await b.get(authorizeUrl({ client_id: 'hybrid', redirect_uri: REDIRECT, response_type: 'token code id_token', response_mode: 'form_post', scope: 'openid avacloud', nonce: 'n', state: 'f', code_challenge: p.challenge, code_challenge_method: 'S256' }));
    const { fields } = formOf(res.body);
    expect(fields).toMatchObject({ state: 'f', iss: ISS, token_type: 'Bearer' });
    const id = await verifyIdToken(fields.id_token);
    expect(id.c_hash).toBe(halfHash(fields.code));
    expect(id.at_hash).toBe(halfHash(fields.access_token));
  });

  it('a replayed code revokes the access token of the same authorization response too (RFC 6749 §4.1.2, §10.5)', async () => {
    const p = pkce();
    const { params } = await authorize({ response_type: 'code id_token token', scope: 'openid avacloud', code_challenge: p.challenge, code_challenge_method: 'S256' });
    const redeem = () => postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code: params.code, redirect_uri: REDIRECT, code_verifier: p.verifier }, { authorization: basic('hybrid', 'hybrid-secret') });
    const first = await redeem();
    expect(first.statusCode).toBe(200);
    const userinfo = (token: string) => h.app.inject({ url: '/connect/userinfo', headers: { authorization: `Bearer ${token}` } });
    expect((await userinfo(params.access_token)).statusCode).toBe(200);
    expect((await introspect(h.app, params.access_token)).active).toBe(true);

    expect((await redeem()).json().error).toBe('invalid_grant');
    for (const token of [params.access_token, first.json().access_token as string]) {
      expect((await userinfo(token)).statusCode).toBe(401);
      expect((await introspect(h.app, token)).active).toBe(false);
    }
  });

  it('hybrid needs PKCE for a client that requires it; prompt=none without a session answers login_required in the fragment', async () => {
    expect((await authorize({ response_type: 'code id_token', scope: 'openid' })).params.error).toBe('invalid_request');
    const res = await new InjectBrowser(h.app).get(authorizeUrl({ client_id: 'hybrid', redirect_uri: REDIRECT, response_type: 'code id_token', scope: 'openid', nonce: 'n', prompt: 'none', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    expect(String(res.headers.location)).toMatch(/#error=login_required/);
  });
});
