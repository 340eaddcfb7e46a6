/**
 * The OpenID Foundation Basic OP plan modules (conformance suite `OIDCCTestPlan`) that the other browser-side tests
 * do not carry by name, each checking what the module checks, against the authorization code flow with PKCE at
 * inject level: id token signature and `alg`, userinfo by GET, POST header and POST body, scopes, `max_age=10000`,
 * code reuse (also after 30 s, revoking what the first redemption issued), refresh, and PKCE.
 */
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../core/auth/clients.js';
import { CONNECT_PATHS, type DiscoveryDocument } from '../../gateway/connect/discovery.js';
import { DEMO, authHarness, basic, postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, WEB, authorizeUrl, browserAuth, pkce, redirectParams } from './browser-support.js';

const ISS = 'http://localhost:5000';
const ALL = { id: 'every-scope', secret: 'every-scope-secret' } as const;
let h: AuthHarness;
let doc: DiscoveryDocument;
let b: InjectBrowser;
beforeAll(async () => {
  const config = browserAuth();
  const auth = config.auth as { clients: Record<string, unknown>[] };
  // `every-scope`: a client allowed every identity scope the gateway serves (oidcc-scope-all)
  auth.clients.push({ clientId: ALL.id, secrets: [{ sha256: hashSecret(ALL.secret) }], allowedGrantTypes: ['authorization_code'], allowedScopes: ['openid', 'profile', 'role'], redirectUris: [REDIRECT] });
  h = await authHarness(config);
  doc = (await h.app.inject(CONNECT_PATHS.discovery)).json();
  b = new InjectBrowser(h.app);
  const page = await b.get(request('openid').url);
  await b.submit(page, { username: DEMO.userName, password: DEMO.password });
});
afterAll(() => h.app.close());

function request(scope: string, extra: Record<string, string> = {}, p = pkce(), clientId: string = WEB.id) {
  return { url: authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope, state: 'st', nonce: 'n', code_challenge: p.challenge, code_challenge_method: 'S256', ...extra }), pkce: p };
}

const redeem = (code: string, verifier: string, client: { id: string; secret: string } = WEB) =>
  postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }, { authorization: basic(client.id, client.secret) });

/** A code for the signed-in browser (no login page: the session answers). */
async function code(scope: string, extra: Record<string, string> = {}, clientId: string = WEB.id) {
  const { url, pkce: p } = request(scope, extra, pkce(), clientId);
  const res = await b.get(url);
  expect(res.statusCode).toBe(303);
  const { params } = redirectParams(res);
  expect(params.code).toBeTruthy();
  return { code: params.code, verifier: p.verifier };
}

async function tokens(scope: string, client: { id: string; secret: string } = WEB) {
  const c = await code(scope, {}, client.id);
  const res = await redeem(c.code, c.verifier, client);
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; id_token: string; refresh_token?: string };
}

const userinfo = (init: { method: 'GET' | 'POST'; headers?: Record<string, string>; payload?: string }) => h.app.inject({ url: CONNECT_PATHS.userinfo, ...init });

describe('id token', () => {
  it('oidcc-idtoken-signature: the id token verifies with a key of the published JWKS, in an advertised alg', async () => {
    const { id_token } = await tokens('openid');
    const jwks = (await h.app.inject(new URL(doc.jwks_uri).pathname)).json();
    const { payload, protectedHeader } = await jwtVerify(id_token, createLocalJWKSet(jwks), { issuer: ISS, audience: WEB.id });
    expect(doc.id_token_signing_alg_values_supported).toContain(protectedHeader.alg);
    expect(payload.sub).toBe(DEMO.subject);
    const tampered = id_token.slice(0, id_token.lastIndexOf('.') + 1) + 'AAAA';
    await expect(jwtVerify(tampered, createLocalJWKSet(jwks))).rejects.toThrow();
  });

  it('oidcc-idtoken-unsigned: alg none is neither advertised nor issued', async () => {
    expect(doc.id_token_signing_alg_values_supported).not.toContain('none');
    const { id_token } = await tokens('openid');
    expect(decodeProtectedHeader(id_token).alg).not.toBe('none');
    expect(id_token.split('.')[2]).not.toBe('');
  });
});

describe('userinfo', () => {
  it('oidcc-userinfo-get: GET with the access token as Bearer header answers the user\'s claims', async () => {
    const { access_token } = await tokens('openid profile');
    const res = await userinfo({ method: 'GET', headers: { authorization: `Bearer ${access_token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sub: DEMO.subject, name: 'Demo User' });
  });

  it('oidcc-userinfo-post-header: POST with the Bearer header', async () => {
    const { access_token } = await tokens('openid profile');
    const res = await userinfo({ method: 'POST', headers: { authorization: `Bearer ${access_token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sub: DEMO.subject, given_name: 'Demo' });
  });

  it('oidcc-userinfo-post-body: POST with access_token in a form body (RFC 6750 §2.2); both at once is refused', async () => {
    const { access_token } = await tokens('openid profile');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await userinfo({ method: 'POST', headers: form, payload: new URLSearchParams({ access_token }).toString() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sub: DEMO.subject, family_name: 'User' });
    const both = await userinfo({ method: 'POST', headers: { ...form, authorization: `Bearer ${access_token}` }, payload: new URLSearchParams({ access_token }).toString() });
    expect(both.statusCode).toBe(400);
  });
});

describe('scopes', () => {
  it('oidcc-scope-profile: profile releases name, given_name and family_name; openid alone only sub', async () => {
    const profile = await userinfo({ method: 'GET', headers: { authorization: `Bearer ${(await tokens('openid profile')).access_token}` } });
    expect(profile.json()).toMatchObject({ sub: DEMO.subject, name: 'Demo User', given_name: 'Demo', family_name: 'User' });
    const bare = await userinfo({ method: 'GET', headers: { authorization: `Bearer ${(await tokens('openid')).access_token}` } });
    expect(bare.json()).toEqual({ sub: DEMO.subject });
  });

  it('oidcc-scope-all: every supported identity scope at once releases each scope\'s claims; an unsupported one is invalid_scope with state', async () => {
    const identity = doc.scopes_supported.filter((s) => ['openid', 'profile', 'role'].includes(s));
    expect(identity).toEqual(expect.arrayContaining(['openid', 'profile', 'role']));
    const all = await userinfo({ method: 'GET', headers: { authorization: `Bearer ${(await tokens(identity.join(' '), ALL)).access_token}` } });
    expect(all.json()).toMatchObject({ sub: DEMO.subject, name: 'Demo User', role: ['user'] });
    const unknown = await b.get(request('openid phone-of-the-moon').url);
    expect(redirectParams(unknown).params).toMatchObject({ error: 'invalid_scope', state: 'st', iss: ISS });
  });
});

describe('max_age, codes, refresh and PKCE', () => {
  it('oidcc-max-age-10000: a recent sign-in satisfies max_age=10000 without a login page; auth_time is the sign-in time', async () => {
    const c = await code('openid', { max_age: '10000' });
    const id = decodeJwt((await redeem(c.code, c.verifier)).json().id_token);
    expect(typeof id.auth_time).toBe('number');
    expect(h.clock.now - (id.auth_time as number)).toBeLessThanOrEqual(10000);
  });

  it('oidcc-codereuse: a code redeems once; the second attempt is invalid_grant', async () => {
    const c = await code('openid');
    expect((await redeem(c.code, c.verifier)).statusCode).toBe(200);
    const again = await redeem(c.code, c.verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('oidcc-codereuse-30seconds: reusing a code after 30 s is refused and revokes the access token of the first redemption (RFC 6749 §4.1.2)', async () => {
    const c = await code('openid profile');
    const first = (await redeem(c.code, c.verifier)).json();
    const before = await userinfo({ method: 'GET', headers: { authorization: `Bearer ${first.access_token}` } });
    expect(before.statusCode).toBe(200);
    h.clock.now += 30;
    try {
      const again = await redeem(c.code, c.verifier);
      expect(again.json().error).toBe('invalid_grant');
      const after = await userinfo({ method: 'GET', headers: { authorization: `Bearer ${first.access_token}` } });
      expect(after.statusCode).toBe(401);
    } finally {
      h.clock.now -= 30;
    }
  });

  it('oidcc-refresh-token: offline_access gives a refresh token that returns new tokens for the same user', async () => {
    const first = await tokens('openid offline_access');
    expect(first.refresh_token).toBeTruthy();
    const res = await postForm(h.app, '/connect/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token! }, { authorization: basic(WEB.id, WEB.secret) });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.access_token).not.toBe(first.access_token);
    expect(decodeJwt(next.access_token).sub).toBe(DEMO.subject);
  });

  it('oidcc-ensure-request-with-valid-pkce-succeeds: the right verifier redeems; a wrong one is invalid_grant', async () => {
    const good = await code('openid');
    expect((await redeem(good.code, good.verifier)).statusCode).toBe(200);
    const bad = await code('openid');
    const res = await redeem(bad.code, pkce().verifier);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });
});
