/**
 * Request objects at `/connect/authorize` (OpenID Connect Core 1.0 §6, RFC 9101): by value and by reference,
 * every accepted `alg`, claims overriding the query, and every error (`invalid_request_object`,
 * `invalid_request_uri`). Test names follow the OIDF conformance modules where one corresponds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompactEncrypt, exportJWK } from 'jose';
import { DEFAULT_AUTH } from '../../config/auth.js';
import { fillClientDefaults } from '../../config/auth-schema.js';
import { fetchRequestUri, REQUEST_OBJECT_SIGNING_ALGS } from '../../gateway/connect/request-object.js';
import { postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, redirectParams } from './browser-support.js';
import { ISSUER, JAR_SECRET, RequestUriServer, keyFor, signedRequest, unsignedRequest, signedInRequestHarness, type ClientKeys, type SignedInRequestHarness } from './connect-request-support.js';

let harness: SignedInRequestHarness;
let h: AuthHarness;
let b: InjectBrowser;
let keys: ClientKeys;
let server: RequestUriServer;
beforeAll(async () => {
  ({ h, b, keys, server } = harness = await signedInRequestHarness());
});
afterAll(() => harness.close());

const CLAIMS = { response_type: 'code', redirect_uri: REDIRECT, scope: 'openid profile', state: 'from-object' };

/** The authorization response to a request by the signed-in browser. */
async function answer(query: Record<string, string>): Promise<Record<string, string>> {
  const res = await b.get(authorizeUrl(query));
  expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  return redirectParams(res).params;
}

describe('request by value', () => {
  it('every advertised signing alg is accepted with the client\'s registered key or secret', async () => {
    for (const alg of REQUEST_OBJECT_SIGNING_ALGS) {
      const client = alg === 'none' ? 'jar-none' : alg.startsWith('HS') ? 'jar-hs' : 'jar';
      const request = alg === 'none' ? unsignedRequest({ ...CLAIMS, client_id: client }) : await signedRequest(keyFor(keys, alg), alg, CLAIMS, client);
      const got = await answer({ client_id: client, response_type: 'code', scope: 'openid', request });
      expect(got, alg).toMatchObject({ code: expect.any(String), state: 'from-object', iss: ISSUER });
    }
  });

  it('the object\'s claims supersede the query (OIDC Core §6.3.3), and the code redeems for the object\'s scopes', async () => {
    const request = await signedRequest(keys.rsa.privateKey, 'RS256', { ...CLAIMS, scope: 'openid avacloud', nonce: 'n-obj' });
    const got = await answer({ client_id: 'jar', response_type: 'code', scope: 'openid profile', state: 'from-query', nonce: 'n-query', redirect_uri: 'https://app.example/other', request });
    expect(got.state).toBe('from-object');
    const tokens = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code: got.code, redirect_uri: REDIRECT, client_id: 'jar', client_secret: JAR_SECRET });
    expect(tokens.json()).toMatchObject({ scope: 'openid avacloud' });
    const idToken = JSON.parse(Buffer.from(tokens.json().id_token.split('.')[1], 'base64url').toString());
    expect(idToken.nonce).toBe('n-obj');
  });

  it('oidcc-ensure-request-object-with-redirect-uri: redirect_uri only inside the object; an unregistered one there is a local error', async () => {
    const ok = await signedRequest(keys.rsa.privateKey, 'RS256', CLAIMS);
    expect(await answer({ client_id: 'jar', response_type: 'code', scope: 'openid', request: ok })).toMatchObject({ code: expect.any(String) });
    const evil = await signedRequest(keys.rsa.privateKey, 'RS256', { ...CLAIMS, redirect_uri: 'https://evil.example/cb' });
    const res = await b.get(authorizeUrl({ client_id: 'jar', response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, request: evil }));
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('redirect_uri is not registered');
  });

  it('oidcc-unsigned-request-object-supported-correctly-or-rejected-as-unsupported: alg none only where the client allows it', async () => {
    const unsigned = unsignedRequest({ ...CLAIMS, client_id: 'jar' });
    const got = await answer({ client_id: 'jar', response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, state: 'q', request: unsigned });
    expect(got).toMatchObject({ error: 'invalid_request_object', state: 'q', iss: ISSUER });
    expect(got.error_description).toContain('unsigned');
  });

  it('every broken object answers invalid_request_object to the query\'s registered redirect URI', async () => {
    const now = Math.floor(Date.now() / 1000);
    const rs = (claims: Record<string, unknown>, header: Record<string, unknown> = {}, client = 'jar') => signedRequest(keys.rsa.privateKey, 'RS256', { ...CLAIMS, ...claims }, client, header);
    const jwe = await new CompactEncrypt(new TextEncoder().encode('{}')).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' }).encrypt(keys.rsa.publicKey);
    const cases: Array<[string, string, string, string?]> = [
      ['wrong key', await signedRequest(keys.stranger.privateKey, 'RS256', CLAIMS), 'signature does not verify'],
      ['unknown kid', await signedRequest(keys.rsa.privateKey, 'RS256', CLAIMS, 'jar', { kid: 'nope' }), 'no registered key matches'],
      ['tampered', (await rs({})).replace(/\.([^.]+)\./, (_m, p: string) => `.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), scope: 'openid avacloud' })).toString('base64url')}.`), 'signature'],
      ['iss', await rs({ iss: 'web' }), 'iss'],
      ['aud', await rs({ aud: 'https://other.example' }), 'aud'],
      ['no aud', await rs({ aud: undefined }), 'aud'],
      ['expired', await rs({ exp: now - 120 }), 'expired'],
      ['nbf', await rs({ nbf: now + 600 }), 'nbf'],
      ['client_id', await rs({ client_id: 'web' }), 'client_id'],
      ['response_type', await rs({ response_type: 'id_token' }), 'response_type'],
      ['nested request', await rs({ request_uri: 'https://x.example/r' }), 'may not contain'],
      ['array value', await rs({ scope: ['openid'] }), 'claim scope'],
      ['JWE', jwe, 'encrypted'],
      ['not a JWT', 'garbage', 'not a JWT'],
      ['HS256 without a clear secret', await signedRequest(new TextEncoder().encode(JAR_SECRET), 'HS256', CLAIMS, 'jar'), 'secrets[].value'],
      ['RS256 without keys', await rs({}, {}, 'jar-nokeys'), 'no registered keys', 'jar-nokeys'],
      ['unknown alg', await signedRequest(keys.rsa.privateKey, 'RS256', CLAIMS, 'jar', { alg: 'RS256' }).then((t) => `${Buffer.from(JSON.stringify({ alg: 'XY99' })).toString('base64url')}.${t.split('.').slice(1).join('.')}`), 'not supported'],
    ];
    for (const [name, request, says, client = 'jar'] of cases) {
      const got = await answer({ client_id: client, response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, state: 's', request });
      expect(got, name).toMatchObject({ error: 'invalid_request_object', state: 's', iss: ISSUER });
      expect(got.error_description, name).toContain(says);
    }
  });

  it('request and request_uri together, or repeated, are invalid_request; without a registered redirect URI the error is a local page', async () => {
    const request = await signedRequest(keys.rsa.privateKey, 'RS256', CLAIMS);
    expect(await answer({ client_id: 'jar', response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, request, request_uri: server.uri('one') })).toMatchObject({ error: 'invalid_request' });
    const repeated = await b.get(`/connect/authorize?client_id=jar&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=openid&request=${request}&request=${request}`);
    expect(redirectParams(repeated).params.error).toBe('invalid_request');
    const local = await b.get(authorizeUrl({ client_id: 'jar', response_type: 'code', request: 'garbage' }));
    expect(local.statusCode).toBe(400);
    expect(local.headers.location).toBeUndefined();
    expect(local.body).toContain('not a JWT');
  });
});

describe('request by reference', () => {
  it('oidcc-request-uri-unsigned and a signed request_uri: the registered URI is fetched and its object used', async () => {
    const unsigned = server.put('unsigned', unsignedRequest({ ...CLAIMS, client_id: 'jar-none' }));
    expect(await answer({ client_id: 'jar-none', response_type: 'code', scope: 'openid', request_uri: unsigned })).toMatchObject({ code: expect.any(String), state: 'from-object' });
    const signed = server.put('one', await signedRequest(keys.p256.privateKey, 'ES256', { ...CLAIMS, state: 'by-ref' }));
    expect(await answer({ client_id: 'jar', response_type: 'code', scope: 'openid', request_uri: signed })).toMatchObject({ code: expect.any(String), state: 'by-ref' });
  });

  it('an unregistered request_uri is never fetched; a redirect, a 404, a large body or a broken object are refused', async () => {
    server.put('two', await signedRequest(keys.rsa.privateKey, 'RS256', CLAIMS));
    const before = server.hits.length;
    const foreign = await answer({ client_id: 'jar', response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, request_uri: `${server.origin}/r/two?x` });
    expect(foreign).toMatchObject({ error: 'invalid_request_uri' });
    expect(foreign.error_description).toContain('not registered');
    expect(server.hits.length).toBe(before);
    for (const [path, says] of [['/redirect', 'HTTP 302'], ['/missing', 'HTTP 404'], ['/large', 'more than 65536 bytes']]) {
      const got = await answer({ client_id: 'jar', response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, request_uri: server.uri(path) });
      expect(got, path).toMatchObject({ error: 'invalid_request_uri' });
      expect(got.error_description, path).toContain(says);
    }
    server.put('one', 'not-a-jwt');
    expect(await answer({ client_id: 'jar', response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, request_uri: server.uri('one') })).toMatchObject({ error: 'invalid_request_object' });
  });

  it('a request_uri that does not answer in time is refused within the time limit', async () => {
    const client = fillClientDefaults({ ...DEFAULT_AUTH.clients[0], requestUris: [server.uri('/slow')] });
    const started = Date.now();
    await expect(fetchRequestUri(server.uri('/slow'), client, { timeoutMs: 300, maxBytes: 1024 })).rejects.toMatchObject({ error: 'invalid_request_uri', description: expect.stringContaining('within 300 ms') });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

it('an inline JWKS key with a kid selects that key', async () => {
  const jwk = await exportJWK(keys.p384.publicKey);
  expect(jwk.crv).toBe('P-384');
  const request = await signedRequest(keys.p384.privateKey, 'ES384', CLAIMS, 'jar', { kid: 'k2' });
  expect(await answer({ client_id: 'jar', response_type: 'code', scope: 'openid', request })).toMatchObject({ code: expect.any(String) });
});
