/**
 * Loopback redirect URIs of native apps (RFC 8252 §7.3): a registered `http://127.0.0.1/…` or `http://[::1]/…`
 * redirect URI matches a requested one with any port, at `/connect/authorize`, in pushed requests and for the
 * code; everything else still compares exactly, and the token request's `redirect_uri` must equal the
 * authorization request's, port included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectUriRegistered } from '../../core/auth/clients.js';
import { authHarness, postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, authorizeUrl, browserAuthWithClients, pkce, redirectParams } from './browser-support.js';

const NATIVE = 'native';
const REGISTERED = ['http://127.0.0.1/cb', 'http://[::1]/cb?app=1', 'http://localhost/cb', 'https://127.0.0.1/secure'];

describe('redirectUriRegistered', () => {
  const client = { redirectUris: REGISTERED };

  it.each([
    'http://127.0.0.1/cb', 'http://127.0.0.1:51234/cb', 'http://127.0.0.1:1/cb', 'http://127.0.0.1:65535/cb',
    'http://[::1]/cb?app=1', 'http://[::1]:8080/cb?app=1', 'http://localhost/cb', 'https://127.0.0.1/secure',
  ])('matches %s', (uri) => {
    expect(redirectUriRegistered(client, uri)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:51234/cb/', 'http://127.0.0.1:51234/cb?x=1', 'http://127.0.0.1:51234/CB', 'http://127.0.0.1:51234/a/../cb',
    'http://127.0.0.1:51234/cb#f', 'http://127.0.0.1:0/cb', 'http://127.0.0.1:65536/cb', 'http://127.0.0.1:/cb',
    'http://[::1]:8080/cb', 'http://[::1]:8080/cb?app=2', 'http://127.0.0.1:8080/cb?app=1',
    // Only IP literals (RFC 8252 §8.3), only http (the exact rule for anything else).
    'http://localhost:51234/cb', 'https://127.0.0.1:8443/secure', 'https://127.0.0.1:51234/cb',
    'http://user@127.0.0.1:51234/cb', 'http://127.0.0.2:51234/cb', 'http://127.0.0.1.evil.example:51234/cb', 'HTTP://127.0.0.1:51234/cb',
  ])('refuses %s', (uri) => {
    expect(redirectUriRegistered(client, uri)).toBe(false);
  });
});

describe('a native client with a loopback redirect URI (RFC 8252 §7.3)', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await authHarness(browserAuthWithClients([{
      clientId: NATIVE, requirePkce: true, allowedGrantTypes: ['authorization_code'], allowedScopes: ['openid', 'avacloud'], redirectUris: REGISTERED,
    }]));
  });
  afterAll(() => h.app.close());

  const redeem = (code: string, redirectUri: string, verifier: string) =>
    postForm(h.app, '/connect/token', { grant_type: 'authorization_code', client_id: NATIVE, code, redirect_uri: redirectUri, code_verifier: verifier });

  async function authorize(b: InjectBrowser, params: Record<string, string>) {
    const page = await b.get(authorizeUrl(params));
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    return b.submit(page, { username: 'demo', password: 'demo-password' });
  }

  it('authorizes with an ephemeral port; the token request must name the same port', async () => {
    for (const redirectUri of ['http://127.0.0.1:51234/cb', 'http://[::1]:40001/cb?app=1']) {
      const p = pkce();
      const done = await authorize(new InjectBrowser(h.app), { client_id: NATIVE, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', code_challenge: p.challenge, code_challenge_method: 'S256' });
      expect(done.statusCode).toBe(303);
      const { base, params } = redirectParams(done);
      expect(base).toBe(redirectUri.split('?')[0]);
      const otherPort = redirectUri.replace(/:(\d+)\//, ':1234/');
      const wrong = await redeem(params.code, otherPort, p.verifier);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe('invalid_grant');
      const p2 = pkce();
      const again = await authorize(new InjectBrowser(h.app), { client_id: NATIVE, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', code_challenge: p2.challenge, code_challenge_method: 'S256' });
      const ok = await redeem(redirectParams(again).params.code, redirectUri, p2.verifier);
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });

  it('a pushed request with an ephemeral port is accepted and answered there', async () => {
    const p = pkce();
    const pushed = await postForm(h.app, '/connect/par', {
      client_id: NATIVE, redirect_uri: 'http://127.0.0.1:50505/cb', response_type: 'code', scope: 'openid', code_challenge: p.challenge, code_challenge_method: 'S256',
    });
    expect(pushed.statusCode, pushed.body).toBe(201);
    const done = await authorize(new InjectBrowser(h.app), { client_id: NATIVE, request_uri: pushed.json().request_uri });
    expect(done.statusCode).toBe(303);
    expect(redirectParams(done).base).toBe('http://127.0.0.1:50505/cb');
  });

  it('anything but the port must still match: a local error page, no redirect', async () => {
    for (const redirectUri of ['http://127.0.0.1:51234/other', 'http://localhost:51234/cb', 'http://127.0.0.1:51234/cb?x=1']) {
      const res = await new InjectBrowser(h.app).get(authorizeUrl({ client_id: NATIVE, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
      expect(res.statusCode, redirectUri).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });
});
