/**
 * `POST /connect/revocation` (RFC 7009) at inject level: client authentication and its errors, the hint,
 * refresh tokens revoking their family, reference and user JWT access tokens, and the cases that answer 200
 * and change nothing (another client's token, unknown tokens, client_credentials JWTs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INJECT_ISSUER, LOCAL_BASIC, authHarness, basic, clientToken, extendedAuth, introspect, postForm, refresh, revoke, userTokens,
  type AuthHarness,
} from './connect-support.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await authHarness(extendedAuth());
});
afterAll(() => h.app.close());

const REFERENCE_BASIC = basic('reference-client', 'reference-secret');
const URL_ = '/connect/revocation';

describe('request checks', () => {
  it('answers 401 invalid_client with a Basic challenge for wrong Basic credentials, without it for body credentials', async () => {
    const basicWrong = await revoke(h.app, 'x', basic('local-client', 'wrong'));
    expect(basicWrong.statusCode).toBe(401);
    expect(basicWrong.headers['www-authenticate']).toBe(`Basic realm="${INJECT_ISSUER}"`);
    expect(basicWrong.json().error).toBe('invalid_client');
    const bodyWrong = await postForm(h.app, URL_, { token: 'x', client_id: 'local-client', client_secret: 'wrong' });
    expect(bodyWrong.statusCode).toBe(401);
    expect(bodyWrong.headers['www-authenticate']).toBeUndefined();
    const none = await postForm(h.app, URL_, { token: 'x' });
    expect(none.statusCode).toBe(401);
  });

  it('rejects two authentication methods, a missing token, a repeated parameter and a body that is not a form', async () => {
    const both = await postForm(h.app, URL_, { token: 'x', client_secret: 'local-secret' }, { authorization: LOCAL_BASIC });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('invalid_request');
    expect((await postForm(h.app, URL_, {}, { authorization: LOCAL_BASIC })).json().error).toBe('invalid_request');
    expect((await postForm(h.app, URL_, 'token=a&token=b', { authorization: LOCAL_BASIC })).statusCode).toBe(400);
    const json = await h.app.inject({ method: 'POST', url: URL_, headers: { authorization: LOCAL_BASIC }, payload: { token: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.headers['cache-control']).toBe('no-store');
  });

  it('answers unsupported_token_type for a hint other than access_token or refresh_token', async () => {
    const res = await revoke(h.app, 'x', LOCAL_BASIC, { token_type_hint: 'id_token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('unsupported_token_type');
  });

  it('accepts a public client identified by client_id alone', async () => {
    const res = await postForm(h.app, URL_, { token: 'unknown', client_id: 'local-device' });
    expect(res.statusCode).toBe(200);
  });
});

describe('revoking', () => {
  it('answers 200 with no body for an unknown token', async () => {
    const res = await revoke(h.app, 'does-not-exist');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('revokes a refresh token and every token of its grant family', async () => {
    const first = await userTokens(h.app);
    const second = (await refresh(h.app, first.refresh_token!)).json();
    const res = await revoke(h.app, second.refresh_token, LOCAL_BASIC, { token_type_hint: 'refresh_token' });
    expect(res.statusCode).toBe(200);
    // the access tokens are inactive before anyone tries the refresh token again
    expect(await introspect(h.app, second.access_token)).toEqual({ active: false });
    expect(await introspect(h.app, first.access_token)).toEqual({ active: false });
    expect((await refresh(h.app, second.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('finds a refresh token under the wrong hint too (RFC 7009 §2.1)', async () => {
    const tokens = await userTokens(h.app);
    await revoke(h.app, tokens.refresh_token!, LOCAL_BASIC, { token_type_hint: 'access_token' });
    expect(await introspect(h.app, tokens.access_token)).toEqual({ active: false });
    expect((await refresh(h.app, tokens.refresh_token!)).json().error).toBe('invalid_grant');
  });

  it('revokes a reference access token but leaves its refresh token', async () => {
    const tokens = await userTokens(h.app, 'openid avacloud offline_access', REFERENCE_BASIC);
    expect(await introspect(h.app, tokens.access_token)).toMatchObject({ active: true });
    expect((await revoke(h.app, tokens.access_token, REFERENCE_BASIC, { token_type_hint: 'access_token' })).statusCode).toBe(200);
    expect(await introspect(h.app, tokens.access_token)).toEqual({ active: false });
    expect((await refresh(h.app, tokens.refresh_token!, REFERENCE_BASIC)).statusCode).toBe(200);
  });

  it('revokes a reference client_credentials token', async () => {
    const token = await clientToken(h.app, 'avacloud', REFERENCE_BASIC);
    expect(await introspect(h.app, token)).toMatchObject({ active: true });
    await revoke(h.app, token, REFERENCE_BASIC);
    expect(await introspect(h.app, token)).toEqual({ active: false });
  });

  it('revokes a user JWT access token for this server (introspection, userinfo)', async () => {
    const tokens = await userTokens(h.app);
    await revoke(h.app, tokens.access_token, LOCAL_BASIC, { token_type_hint: 'access_token' });
    expect(await introspect(h.app, tokens.access_token)).toEqual({ active: false });
    const info = await h.app.inject({ url: '/connect/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(info.statusCode).toBe(401);
    expect((await refresh(h.app, tokens.refresh_token!)).statusCode).toBe(200);
  });

  it('answers 200 and changes nothing for a client_credentials JWT (stateless)', async () => {
    const token = await clientToken(h.app);
    expect((await revoke(h.app, token)).statusCode).toBe(200);
    expect(await introspect(h.app, token)).toMatchObject({ active: true });
  });
});

describe('another client\'s token', () => {
  it('answers 200 and changes nothing for refresh, reference and JWT access tokens', async () => {
    const mine = await userTokens(h.app);
    const reference = await userTokens(h.app, 'openid avacloud offline_access', REFERENCE_BASIC);
    for (const token of [mine.refresh_token!, mine.access_token]) {
      expect((await revoke(h.app, token, REFERENCE_BASIC)).statusCode).toBe(200);
    }
    expect((await revoke(h.app, reference.access_token, LOCAL_BASIC)).statusCode).toBe(200);
    expect((await revoke(h.app, reference.refresh_token!, LOCAL_BASIC)).statusCode).toBe(200);
    expect(await introspect(h.app, mine.access_token)).toMatchObject({ active: true });
    expect(await introspect(h.app, reference.access_token)).toMatchObject({ active: true });
    expect((await refresh(h.app, mine.refresh_token!)).statusCode).toBe(200);
    expect((await refresh(h.app, reference.refresh_token!, REFERENCE_BASIC)).statusCode).toBe(200);
  });
});
