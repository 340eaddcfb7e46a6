/**
 * `POST /connect/introspect` (RFC 7662) at inject level: who may call (API resources by Basic, confidential
 * clients for their own tokens), 401/400 answers, what an active token reports, and every way a token is
 * inactive (unknown, expired, revoked, another API's, another client's, rotated refresh token, unsigned/forged).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASIC, DEMO, INJECT_ISSUER, LOCAL_BASIC, accessTokenClaims, authHarness, basic, clientToken, extendedAuth, foreignJwt,
  introspect, postForm, refresh, unsignedJwt, userTokens, type AuthHarness,
} from './connect-support.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await authHarness(extendedAuth());
});
afterAll(() => h.app.close());

const URL_ = '/connect/introspect';
const REPORTS_BASIC = basic('reports', 'reports-secret');
const REFERENCE_BASIC = basic('reference-client', 'reference-secret');

describe('authentication of the caller', () => {
  it('answers 401 with a Basic challenge without credentials, with a wrong secret, an unknown name or a public client', async () => {
    const token = await clientToken(h.app);
    const cases: Record<string, string>[] = [
      {},
      { authorization: basic('avacloud', 'wrong') },
      { authorization: basic('nobody', 'x') },
      { authorization: 'Basic !!!' },
      { authorization: basic('local-device', '') },
    ];
    for (const headers of cases) {
      const res = await postForm(h.app, URL_, { token }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe(`Basic realm="${INJECT_ISSUER}"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().error).toBe('invalid_client');
    }
    const publicBody = await postForm(h.app, URL_, { token, client_id: 'local-device' });
    expect(publicBody.statusCode).toBe(401);
  });

  it('checks credentials before the body: an unauthenticated malformed request is 401, an authenticated one 400', async () => {
    const json = await h.app.inject({ method: 'POST', url: URL_, payload: { token: 'x' } });
    expect(json.statusCode).toBe(401);
    const authed = await h.app.inject({ method: 'POST', url: URL_, headers: { authorization: API_BASIC }, payload: { token: 'x' } });
    expect(authed.statusCode).toBe(400);
    expect(authed.json().error).toBe('invalid_request');
  });

  it('answers 400 invalid_request when token is missing or repeated', async () => {
    const missing = await postForm(h.app, URL_, {}, { authorization: API_BASIC });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    const twice = await postForm(h.app, URL_, 'token=a&token=b', { authorization: API_BASIC });
    expect(twice.statusCode).toBe(400);
  });
});

describe('active tokens', () => {
  it('reports a JWT client_credentials token to its API resource with the RFC 7662 members', async () => {
    const token = await clientToken(h.app);
    const r = await introspect(h.app, token);
    expect(r).toEqual({
      active: true, token_type: 'access_token', iss: INJECT_ISSUER, sub: 'local-client', client_id: 'local-client', scope: 'avacloud',
      aud: 'avacloud', exp: h.clock.now + 3600, iat: h.clock.now, jti: expect.any(String), tenant: 'default',
    });
  });

  it('reports a reference token of a user with its subject', async () => {
    const tokens = await userTokens(h.app, 'openid avacloud offline_access', REFERENCE_BASIC);
    expect(tokens.access_token).not.toContain('.');
    const r = await introspect(h.app, tokens.access_token);
    expect(r).toMatchObject({ active: true, sub: DEMO.subject, client_id: 'reference-client', scope: 'openid avacloud offline_access', iss: INJECT_ISSUER, auth_time: h.clock.now });
  });

  it('shows a token only to an API resource it is addressed to', async () => {
    const reports = await clientToken(h.app, 'reports', basic('reports-client', 'reports-secret'));
    expect(await introspect(h.app, reports, REPORTS_BASIC)).toMatchObject({ active: true, aud: 'reports' });
    expect(await introspect(h.app, reports)).toEqual({ active: false });
    expect(await introspect(h.app, await clientToken(h.app), REPORTS_BASIC)).toEqual({ active: false });
  });

  it('lets a confidential client introspect its own access and refresh tokens, and nobody else', async () => {
    const tokens = await userTokens(h.app);
    expect(await introspect(h.app, tokens.access_token, LOCAL_BASIC)).toMatchObject({ active: true, token_type: 'access_token', client_id: 'local-client' });
    const rt = await introspect(h.app, tokens.refresh_token!, LOCAL_BASIC, { token_type_hint: 'refresh_token' });
    expect(rt).toMatchObject({ active: true, token_type: 'refresh_token', client_id: 'local-client', sub: DEMO.subject, iss: INJECT_ISSUER, tenant: 'default' });
    expect(rt.scope).toBe('openid profile role avacloud offline_access');
    expect(rt.exp).toBeGreaterThan(h.clock.now);
    // without a hint the refresh token is found too
    expect(await introspect(h.app, tokens.refresh_token!, LOCAL_BASIC)).toMatchObject({ active: true, token_type: 'refresh_token' });
    // refresh tokens are never shown to an API resource, and another client's tokens are not shown
    expect(await introspect(h.app, tokens.refresh_token!)).toEqual({ active: false });
    expect(await introspect(h.app, tokens.refresh_token!, REFERENCE_BASIC)).toEqual({ active: false });
    expect(await introspect(h.app, tokens.access_token, REFERENCE_BASIC)).toEqual({ active: false });
  });

  it('accepts client authentication in the body for clients', async () => {
    const token = await clientToken(h.app);
    const res = await postForm(h.app, URL_, { token, client_id: 'local-client', client_secret: 'local-secret' });
    expect(res.json()).toMatchObject({ active: true });
  });
});

describe('inactive tokens', () => {
  it('reports unknown and malformed tokens as {active:false}', async () => {
    for (const token of ['nope', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.x', 'x'.repeat(43)]) {
      expect(await introspect(h.app, token)).toEqual({ active: false });
    }
  });

  it('reports expired tokens as inactive (JWT and reference)', async () => {
    const jwt = await clientToken(h.app);
    const reference = (await userTokens(h.app, 'avacloud', REFERENCE_BASIC)).access_token;
    const saved = h.clock.now;
    h.clock.now += 3601;
    try {
      expect(await introspect(h.app, jwt)).toEqual({ active: false });
      expect(await introspect(h.app, reference)).toEqual({ active: false });
    } finally {
      h.clock.now = saved;
    }
    expect(await introspect(h.app, jwt)).toMatchObject({ active: true });
  });

  it('reports revoked and rotated tokens as inactive', async () => {
    const tokens = await userTokens(h.app);
    const next = await refresh(h.app, tokens.refresh_token!);
    expect(next.statusCode).toBe(200);
    expect(await introspect(h.app, tokens.refresh_token!, LOCAL_BASIC)).toEqual({ active: false });
    expect(await introspect(h.app, next.json().refresh_token, LOCAL_BASIC)).toMatchObject({ active: true });
    await postForm(h.app, '/connect/revocation', { token: next.json().refresh_token }, { authorization: LOCAL_BASIC });
    expect(await introspect(h.app, next.json().access_token)).toEqual({ active: false });
    expect(await introspect(h.app, tokens.access_token)).toEqual({ active: false });
  });

  it('never accepts alg none or a key it did not publish', async () => {
    const kid = h.auth.keys.signingKey('RS256').kid;
    const claims = accessTokenClaims(INJECT_ISSUER, h.clock.now);
    for (const token of [unsignedJwt(claims, { kid }), unsignedJwt(claims, { kid }, 'AAAA'), unsignedJwt(claims), await foreignJwt(claims, kid), await foreignJwt(claims, 'unknown-kid')]) {
      expect(await introspect(h.app, token)).toEqual({ active: false });
    }
  });

  it('rejects a token from another issuer, and accepts its own whatever host the request names', async () => {
    const local = h.auth.clients.client('local-client')!;
    const { token: foreign } = await h.auth.tokens.createAccessToken('http://other-host.test', { client: local, granted: h.auth.resources.resolve('avacloud', local), tenant: 'default' });
    expect(await introspect(h.app, foreign)).toEqual({ active: false });
    const token = await clientToken(h.app);
    const res = await postForm(h.app, URL_, { token }, { authorization: API_BASIC, host: 'other-host.test' });
    expect(res.json()).toMatchObject({ active: true, iss: INJECT_ISSUER });
  });
});
