/**
 * `GET|POST /connect/userinfo` (OIDC Core §5.3, RFC 6750) at inject level: claims by granted scope, the three
 * ways a token can be presented, and the 400/401/403 answers with their `WWW-Authenticate` challenges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryGrantStore } from '../../core/stores/index.js';
import {
  DEMO, FORM_TYPE, INJECT_ISSUER, accessTokenClaims, authHarness, basic, clientToken, extendedAuth, foreignJwt, revoke, unsignedJwt,
  userTokens, type AuthHarness,
} from './connect-support.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await authHarness(extendedAuth());
});
afterAll(() => h.app.close());

const URL_ = '/connect/userinfo';
const get = (token?: string) => h.app.inject({ url: URL_, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
const realm = `realm="${INJECT_ISSUER}"`;

describe('claims', () => {
  it('returns sub, profile claims and role as an array for openid profile role', async () => {
    const { access_token } = await userTokens(h.app, 'openid profile role avacloud');
    const res = await get(access_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ sub: DEMO.subject, name: 'Demo User', given_name: 'Demo', family_name: 'User', role: ['user'] });
  });

  it('returns only sub for openid alone, and no claims of scopes not granted', async () => {
    const { access_token } = await userTokens(h.app, 'openid avacloud');
    expect((await get(access_token)).json()).toEqual({ sub: DEMO.subject });
    const { access_token: profileOnly } = await userTokens(h.app, 'openid profile');
    expect((await get(profileOnly)).json()).toEqual({ sub: DEMO.subject, name: 'Demo User', given_name: 'Demo', family_name: 'User' });
  });

  it('works with a reference access token', async () => {
    const { access_token } = await userTokens(h.app, 'openid role', basic('reference-client', 'reference-secret'));
    expect((await get(access_token)).json()).toEqual({ sub: DEMO.subject, role: ['user'] });
  });

  it('accepts POST with the Authorization header or with access_token in a form body', async () => {
    const { access_token } = await userTokens(h.app, 'openid');
    const header = await h.app.inject({ method: 'POST', url: URL_, headers: { authorization: `Bearer ${access_token}` } });
    expect(header.json()).toEqual({ sub: DEMO.subject });
    const body = await h.app.inject({ method: 'POST', url: URL_, headers: FORM_TYPE, payload: `access_token=${access_token}` });
    expect(body.json()).toEqual({ sub: DEMO.subject });
  });
});

describe('errors', () => {
  it('answers 401 with a bare Bearer challenge without a token', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(`Bearer ${realm}`);
    const basicOnly = await h.app.inject({ url: URL_, headers: { authorization: basic('local-client', 'local-secret') } });
    expect(basicOnly.statusCode).toBe(401);
  });

  it('answers 401 invalid_token for garbage, expired, revoked, unsigned and foreign tokens', async () => {
    const kid = h.auth.keys.signingKey('RS256').kid;
    const claims = { ...accessTokenClaims(INJECT_ISSUER, h.clock.now), sub: DEMO.subject, scope: 'openid' };
    const revoked = await userTokens(h.app, 'openid');
    await revoke(h.app, revoked.access_token);
    const bad = ['garbage', '', unsignedJwt(claims, { kid }, 'AAAA'), await foreignJwt(claims, kid), revoked.access_token];
    for (const token of bad) {
      const res = await get(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(new RegExp(`^Bearer ${realm}, error="invalid_token"`));
      expect(res.json().error).toBe('invalid_token');
    }
    const { access_token } = await userTokens(h.app, 'openid');
    const saved = h.clock.now;
    h.clock.now += 3601;
    try {
      expect((await get(access_token)).statusCode).toBe(401);
    } finally {
      h.clock.now = saved;
    }
  });

  it('answers 403 insufficient_scope for a client token and for a user token without openid', async () => {
    for (const token of [await clientToken(h.app), (await userTokens(h.app, 'profile avacloud')).access_token]) {
      const res = await get(token);
      expect(res.statusCode).toBe(403);
      expect(res.headers['www-authenticate']).toBe(`Bearer ${realm}, error="insufficient_scope", error_description="the access token must represent a user and carry the openid scope", scope="openid"`);
      expect(res.json().error).toBe('insufficient_scope');
    }
  });

  it('answers 403 for a client token even when it carries openid (it does not represent a user)', async () => {
    const client = h.auth.clients.client('local-client')!;
    const { token } = await h.auth.tokens.createAccessToken(INJECT_ISSUER, { client, granted: h.auth.resources.resolve('openid avacloud', client), tenant: 'default' });
    const res = await get(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('insufficient_scope');
  });

  it('answers 400 invalid_request when the token is sent twice', async () => {
    const { access_token } = await userTokens(h.app, 'openid');
    const res = await h.app.inject({ method: 'POST', url: URL_, headers: { ...FORM_TYPE, authorization: `Bearer ${access_token}` }, payload: `access_token=${access_token}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['www-authenticate']).toContain('error="invalid_request"');
  });

  it('answers 401 invalid_token when the user of a valid token no longer exists', async () => {
    const store = new MemoryGrantStore();
    const before = await authHarness(extendedAuth(), { store });
    const after = await authHarness(extendedAuth({ auth: { users: [] } }), { store });
    try {
      const { access_token } = await userTokens(before.app, 'openid');
      expect((await before.app.inject({ url: URL_, headers: { authorization: `Bearer ${access_token}` } })).statusCode).toBe(200);
      // same store, keys and issuer; the configuration no longer has the user
      const res = await after.app.inject({ url: URL_, headers: { authorization: `Bearer ${access_token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_token', error_description: 'the user of the access token no longer exists' });
    } finally {
      await before.app.close();
      await after.app.close();
    }
  });
});
