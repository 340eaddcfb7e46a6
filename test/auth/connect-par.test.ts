/**
 * Pushed authorization requests (RFC 9126): `POST /connect/par` with client authentication, the
 * `request_uri` it hands out used once at `/connect/authorize` and bound to its client, expiry,
 * `requirePushedAuthorizationRequests`, and two gateway instances sharing one grant store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryGrantStore } from '../../core/stores/memory-grant-store.js';
import { PAR_LIFETIME_SECONDS, PAR_URN_PREFIX } from '../../gateway/connect/par.js';
import { authHarness, basic, postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, authorizeUrl, redirectParams } from './browser-support.js';
import { ISSUER, JAR_SECRET, signedRequest, signedInRequestHarness, type ClientKeys, type SignedInRequestHarness } from './connect-request-support.js';

let harness: SignedInRequestHarness;
let h: AuthHarness;
let b: InjectBrowser;
let keys: ClientKeys;
let config: Record<string, unknown>;
beforeAll(async () => {
  ({ h, b, keys, config } = harness = await signedInRequestHarness());
});
afterAll(() => harness.close());

const JAR = basic('jar', JAR_SECRET);
const PUSH = { response_type: 'code', redirect_uri: REDIRECT, scope: 'openid profile', state: 'pushed-state' };

async function push(form: Record<string, string>, authorization = JAR, app = h.app) {
  return postForm(app, '/connect/par', form, authorization ? { authorization } : {});
}

async function answer(query: Record<string, string>, browser = b): Promise<Record<string, string>> {
  const res = await browser.get(authorizeUrl(query));
  expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  return redirectParams(res).params;
}

describe('POST /connect/par', () => {
  it('answers 201 with a urn request_uri and expires_in, no-store; the request_uri serves one authorization of its client', async () => {
    const res = await push(PUSH);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { request_uri: uri, expires_in: expiresIn } = res.json();
    expect(uri).toMatch(new RegExp(`^${PAR_URN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(expiresIn).toBe(PAR_LIFETIME_SECONDS);
    // Parameters of the authorize query other than client_id and request_uri are ignored (RFC 9126 §4).
    const foreign = await b.get(authorizeUrl({ client_id: 'web', request_uri: uri }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('not this client');
    const got = await answer({ client_id: 'jar', request_uri: uri, state: 'query-state', scope: 'openid avacloud' });
    expect(got).toMatchObject({ code: expect.any(String), state: 'pushed-state', iss: ISSUER });
    const tokens = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code: got.code, redirect_uri: REDIRECT }, { authorization: JAR });
    expect(tokens.json().scope).toBe('openid profile');
    expect(await answer({ client_id: 'jar', request_uri: uri, redirect_uri: REDIRECT })).toMatchObject({ error: 'invalid_request_uri', iss: ISSUER });
  });

  it('client authentication as at the token endpoint: wrong secret 401 with a Basic challenge, two methods 400', async () => {
    const wrong = await push(PUSH, basic('jar', 'nope'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    const twice = await push({ ...PUSH, client_secret: JAR_SECRET });
    expect(twice.statusCode).toBe(400);
    const inBody = await push({ ...PUSH, client_id: 'jar', client_secret: JAR_SECRET }, '');
    expect(inBody.statusCode).toBe(201);
  });

  it('validates the pushed request as authorize would (RFC 9126 §2.1); request_uri may not be pushed', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...PUSH, request_uri: `${PAR_URN_PREFIX}x` }, 'invalid_request'],
      [{ ...PUSH, redirect_uri: 'https://evil.example/cb' }, 'invalid_request'],
      [{ ...PUSH, scope: 'openid admin' }, 'invalid_scope'],
      [{ ...PUSH, response_type: 'token' }, 'unauthorized_client'],
      [{ ...PUSH, request: 'garbage' }, 'invalid_request_object'],
    ];
    for (const [form, error] of cases) {
      const res = await push(form);
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
      expect(res.json(), JSON.stringify(form)).toMatchObject({ error, error_description: expect.any(String) });
    }
  });

  it('a pushed signed request object is used (RFC 9126 §3)', async () => {
    const request = await signedRequest(keys.rsa.privateKey, 'RS256', { ...PUSH, state: 'object-state' });
    const { request_uri: uri } = (await push({ request })).json();
    expect(await answer({ client_id: 'jar', request_uri: uri })).toMatchObject({ code: expect.any(String), state: 'object-state' });
  });

  it('expires after expires_in seconds', async () => {
    const { request_uri: uri } = (await push(PUSH)).json();
    h.clock.now += PAR_LIFETIME_SECONDS + 1;
    try {
      expect(await answer({ client_id: 'jar', request_uri: uri, redirect_uri: REDIRECT })).toMatchObject({ error: 'invalid_request_uri' });
    } finally {
      h.clock.now -= PAR_LIFETIME_SECONDS + 1;
    }
  });

  it('requirePushedAuthorizationRequests: a plain or by-value request is invalid_request; a pushed one works', async () => {
    const plain = await answer({ client_id: 'jar-par', response_type: 'code', redirect_uri: REDIRECT, scope: 'openid', state: 's' });
    expect(plain).toMatchObject({ error: 'invalid_request', state: 's', iss: ISSUER });
    expect(plain.error_description).toContain('/connect/par');
    const { request_uri: uri } = (await push(PUSH, basic('jar-par', JAR_SECRET))).json();
    expect(await answer({ client_id: 'jar-par', request_uri: uri })).toMatchObject({ code: expect.any(String) });
  });

  it('a pushed request survives the sign-in step and is used up by the response', async () => {
    const fresh = new InjectBrowser(h.app);
    const { request_uri: uri } = (await push(PUSH)).json();
    const login = await fresh.get(authorizeUrl({ client_id: 'jar', request_uri: uri }));
    expect(login.statusCode).toBe(200);
    const done = await fresh.submit(login, { username: 'demo', password: 'demo-password' });
    expect(redirectParams(done).params).toMatchObject({ code: expect.any(String), state: 'pushed-state' });
    expect(await answer({ client_id: 'jar', request_uri: uri, redirect_uri: REDIRECT }, fresh)).toMatchObject({ error: 'invalid_request_uri' });
  });
});

it('two gateway instances sharing a grant store: pushed at one, authorized at the other', async () => {
  const store = new MemoryGrantStore();
  const one = await authHarness(config, { store });
  const two = await authHarness(config, { store });
  try {
    const { request_uri: uri } = (await push(PUSH, JAR, one.app)).json();
    const browser = new InjectBrowser(two.app);
    const login = await browser.get(authorizeUrl({ client_id: 'jar', request_uri: uri }));
    const done = await browser.submit(login, { username: 'demo', password: 'demo-password' });
    expect(redirectParams(done).params).toMatchObject({ code: expect.any(String), state: 'pushed-state' });
  } finally {
    await Promise.all([one.app.close(), two.app.close()]);
  }
});
