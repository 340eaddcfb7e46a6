/**
 * Discovery tells the truth about the browser side: each advertised `response_types_supported`,
 * `response_modes_supported`, `code_challenge_methods_supported`, `ui_locales_supported`,
 * `authorization_response_iss_parameter_supported`, `request_parameter_supported`/`request_uri_parameter_supported`,
 * `request_object_signing_alg_values_supported`, `pushed_authorization_request_endpoint`/`require_pushed_authorization_requests`
 * and the endpoints is checked against what the server does, and a value just outside each list is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_PATHS, type DiscoveryDocument } from '../../gateway/connect/discovery.js';
import { basic, postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, formOf, pkce, redirectParams } from './browser-support.js';
import { JAR_SECRET, RequestUriServer, keyFor, signedRequest, unsignedRequest, signedInRequestHarness, type ClientKeys, type SignedInRequestHarness } from './connect-request-support.js';

let harness: SignedInRequestHarness;
let h: AuthHarness;
let doc: DiscoveryDocument;
let b: InjectBrowser;
let keys: ClientKeys;
let server: RequestUriServer;
beforeAll(async () => {
  ({ h, b, keys, server } = harness = await signedInRequestHarness('plain'));
  doc = (await h.app.inject(CONNECT_PATHS.discovery)).json();
});

it('grant_types_supported lists implicit exactly when the authorization endpoint hands out tokens', () => {
  expect(doc.grant_types_supported.includes('implicit')).toBe(doc.response_types_supported.some((t) => t.split(' ').includes('token') || t.split(' ').includes('id_token')));
});
afterAll(() => harness.close());

const path = (url: string) => new URL(url).pathname;
const request = (extra: Record<string, string>) =>
  authorizeUrl({ client_id: 'plain', redirect_uri: REDIRECT, scope: 'openid', state: 't', code_challenge: pkce().challenge, code_challenge_method: 'S256', ...extra });

/** The authorization response of a request by the signed-in browser, whatever the response mode. */
async function answer(extra: Record<string, string>): Promise<Record<string, string>> {
  const res = await b.get(request(extra));
  return res.statusCode === 200 ? formOf(res.body).fields : redirectParams(res).params;
}

describe('discovery matches behaviour', () => {
  it('every endpoint listed answers at its path', async () => {
    expect((await b.get(path(doc.authorization_endpoint!))).statusCode).toBe(400);
    expect((await b.get(path(doc.end_session_endpoint!))).statusCode).toBe(200);
    expect((await h.app.inject(path(doc.jwks_uri))).statusCode).toBe(200);
  });

  it('response_types_supported: each listed type answers what it names; an unlisted one is unsupported_response_type', async () => {
    expect(doc.response_types_supported.length).toBeGreaterThan(0);
    for (const type of doc.response_types_supported) {
      const words = type.split(' ');
      const scope = type === 'token' ? 'avacloud' : type === 'id_token' ? 'openid' : 'openid avacloud';
      const got = await answer({ client_id: 'hybrid', response_type: type, nonce: 'n', scope });
      expect(Object.keys(got).filter((k) => ['code', 'id_token', 'access_token'].includes(k)).sort(), type)
        .toEqual([words.includes('code') && 'code', words.includes('id_token') && 'id_token', words.includes('token') && 'access_token'].filter(Boolean).sort());
    }
    for (const type of ['code token', 'none', 'code foo']) {
      if (!doc.response_types_supported.includes(type)) expect((await answer({ client_id: 'hybrid', response_type: type, nonce: 'n' })).error, type).toBe('unsupported_response_type');
    }
  });

  it('response_modes_supported: each listed mode delivers the response; another is refused', async () => {
    for (const mode of doc.response_modes_supported!) {
      const res = await b.get(request({ response_type: 'code', response_mode: mode }));
      if (mode === 'form_post') expect(formOf(res.body).fields.code).toBeTruthy();
      else if (mode === 'fragment') expect(String(res.headers.location)).toContain('#code=');
      else expect(String(res.headers.location)).toContain('?code=');
    }
    expect((await answer({ response_type: 'code', response_mode: 'web_message' })).error).toBe('invalid_request');
  });

  it('code_challenge_methods_supported: each listed method round-trips through the token endpoint; another is refused', async () => {
    for (const method of doc.code_challenge_methods_supported!) {
      const p = pkce();
      const code = (await answer({ response_type: 'code', code_challenge: method === 'S256' ? p.challenge : p.verifier, code_challenge_method: method })).code;
      const tokens = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: p.verifier }, { authorization: basic('plain', 'plain-secret') });
      expect(tokens.statusCode, method).toBe(200);
    }
    expect((await answer({ response_type: 'code', code_challenge: pkce().challenge, code_challenge_method: 'S512' })).error).toBe('invalid_request');
  });

  it('ui_locales_supported: each listed locale renders its page language', async () => {
    const fresh = new InjectBrowser(h.app);
    for (const locale of doc.ui_locales_supported!) {
      expect((await fresh.get(request({ response_type: 'code', ui_locales: locale }))).body).toContain(`<html lang="${locale}">`);
    }
  });

  it('authorization_response_iss_parameter_supported: success and error responses carry iss', async () => {
    expect(doc.authorization_response_iss_parameter_supported).toBe(true);
    expect(await answer({ response_type: 'code' })).toMatchObject({ code: expect.any(String), iss: doc.issuer });
    expect(await answer({ response_type: 'code', scope: 'nope' })).toMatchObject({ error: 'invalid_scope', iss: doc.issuer });
  });

  it('request_parameter_supported and request_object_signing_alg_values_supported: each listed alg is accepted; another is refused', async () => {
    expect(doc.request_parameter_supported).toBe(true);
    const claims = { response_type: 'code', redirect_uri: REDIRECT, scope: 'openid', state: 'obj' };
    for (const alg of doc.request_object_signing_alg_values_supported!) {
      const client = alg === 'none' ? 'jar-none' : alg.startsWith('HS') ? 'jar-hs' : 'jar';
      const request = alg === 'none' ? unsignedRequest({ ...claims, client_id: client }) : await signedRequest(keyFor(keys, alg), alg, claims, client);
      expect(await answer({ client_id: client, response_type: 'code', request }), alg).toMatchObject({ code: expect.any(String), state: 'obj' });
    }
    const es256k = `${Buffer.from('{"alg":"ES256K"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;
    expect(doc.request_object_signing_alg_values_supported).not.toContain('ES256K');
    expect((await answer({ client_id: 'jar', response_type: 'code', redirect_uri: REDIRECT, request: es256k })).error).toBe('invalid_request_object');
  });

  it('request_uri_parameter_supported: a registered request_uri is fetched and used', async () => {
    expect(doc.request_uri_parameter_supported).toBe(true);
    const uri = server.put('one', await signedRequest(keys.rsa.privateKey, 'RS256', { response_type: 'code', redirect_uri: REDIRECT, scope: 'openid', state: 'ref' }));
    expect(await answer({ client_id: 'jar', response_type: 'code', request_uri: uri })).toMatchObject({ code: expect.any(String), state: 'ref' });
  });

  it('pushed_authorization_request_endpoint answers a request_uri that authorizes; require_pushed_authorization_requests false lets plain requests through', async () => {
    const res = await postForm(h.app, path(doc.pushed_authorization_request_endpoint!), { response_type: 'code', redirect_uri: REDIRECT, scope: 'openid', state: 'par' }, { authorization: basic('jar', JAR_SECRET) });
    expect(res.statusCode).toBe(201);
    expect(await answer({ client_id: 'jar', request_uri: res.json().request_uri })).toMatchObject({ code: expect.any(String), state: 'par' });
    expect(doc.require_pushed_authorization_requests).toBe(false);
    expect(await answer({ client_id: 'jar', response_type: 'code', redirect_uri: REDIRECT })).toMatchObject({ code: expect.any(String) });
  });
});
