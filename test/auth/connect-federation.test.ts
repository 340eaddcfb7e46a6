/**
 * Federation (`acr_values=idp:<name>`, the login page's provider buttons) against node-oidc-provider started as
 * the upstream OpenID Provider: the gateway is driven through `app.inject` with a cookie jar, the upstream's
 * pages over HTTP. Covers the code flow end to end (a user created on first sign-in, the same user on the
 * second), link-only providers (linked by verified e-mail, refused otherwise), and every error path: unknown
 * provider, a provider the client may not use, `prompt=none`, the upstream's own error, an unreachable upstream,
 * an unknown or replayed `state`, a callback in another browser, and CSRF on the provider form.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INJECT_ISSUER, authHarness, freePort, postForm, basic, type AuthHarness } from './connect-support.js';
import { InjectBrowser, REDIRECT, WEB, authorizeUrl, formOf, pkce, redirectParams } from './browser-support.js';
import { UPSTREAM_CLIENT, UPSTREAM_PROVIDERS, driveUpstream, federationAuth, startUpstream, type Upstream } from './connect-federation-support.js';

describe('federation: idp:<name> through an upstream OpenID Provider', () => {
  let h: AuthHarness;
  let upstream: Upstream;

  beforeAll(async () => {
    const callbacks = UPSTREAM_PROVIDERS.map((n) => `${INJECT_ISSUER}/connect/idp/${n}/callback`);
    upstream = await startUpstream(callbacks);
    h = await authHarness(federationAuth(upstream.issuer, `http://127.0.0.1:${await freePort()}`));
  }, 30_000);
  afterAll(async () => {
    await h?.app.close();
    await upstream?.close();
  });

  /** An authorization request of `web` (or `client`) with `acr_values`, answered with a pair of PKCE values. */
  function request(acr: string, extra: Record<string, string> = {}, client: string = WEB.id) {
    const p = pkce();
    const url = authorizeUrl({
      client_id: client, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile', state: 'st-1', nonce: 'n-1',
      code_challenge: p.challenge, code_challenge_method: 'S256', acr_values: acr, ...extra,
    });
    return { url, verifier: p.verifier };
  }

  /** Goes upstream from a 303 of the gateway and returns the gateway callback path the upstream redirected to. */
  async function viaUpstream(res: { statusCode: number; headers: Record<string, unknown> }, login: string): Promise<string> {
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith(upstream.issuer + '/')).toBe(true);
    const back = await driveUpstream(location, login);
    expect(back.origin).toBe(INJECT_ISSUER);
    return back.pathname + back.search;
  }

  async function redeem(code: string, verifier: string) {
    const res = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }, { authorization: basic(WEB.id, 'web-secret') });
    expect(res.statusCode).toBe(200);
    return res.json() as { id_token: string; access_token: string };
  }

  it('skips the login page, signs in upstream, creates the user once and continues the request (idp, amr fed)', async () => {
    const browser = new InjectBrowser(h.app);
    const { url, verifier } = request('idp:corp');
    const first = await browser.get(url);
    const upstreamUrl = new URL(String(first.headers.location));
    expect(upstreamUrl.pathname).toBe('/auth');
    expect(Object.fromEntries(upstreamUrl.searchParams)).toMatchObject({
      client_id: UPSTREAM_CLIENT.id, response_type: 'code', code_challenge_method: 'S256', redirect_uri: `${INJECT_ISSUER}/connect/idp/corp/callback`,
    });
    expect(upstreamUrl.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(upstreamUrl.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    const done = await browser.get(await viaUpstream(first, 'alice'));
    const { base, params } = redirectParams(done);
    expect(base).toBe(REDIRECT);
    expect(params).toMatchObject({ state: 'st-1', iss: INJECT_ISSUER });
    const tokens = await redeem(params.code, verifier);
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({ idp: 'corp', amr: ['fed'], nonce: 'n-1' });
    expect(id.sub).not.toBe('up-alice');
    expect(await h.auth.users.bySubjectId(id.sub!)).toMatchObject({ userName: 'corp:up-alice', tenants: ['default'], identityProvider: 'corp', claims: { name: 'Corp alice', email: 'alice@corp.example', family_name: 'alice' } });

    // The session serves the next request for the same provider without going upstream.
    const again = request('idp:corp');
    const second = await browser.get(again.url);
    expect(redirectParams(second).params.code).toBeDefined();

    // Another browser, the same upstream account: the same local user (linked), not a second one.
    const other = new InjectBrowser(h.app);
    const next = request('idp:corp');
    const back = await other.get(await viaUpstream(await other.get(next.url), 'alice'));
    const id2 = decodeJwt((await redeem(redirectParams(back).params.code, next.verifier)).id_token);
    expect(id2.sub).toBe(id.sub);
  });

  it('a session signed in with the password needs the provider when idp: names one; prompt=none then answers login_required', async () => {
    const browser = new InjectBrowser(h.app);
    const login = await browser.get(request('').url.replace('&acr_values=', ''));
    await browser.submit(login, { username: 'demo', password: 'demo-password' });
    const none = await browser.get(request('idp:corp', { prompt: 'none' }).url);
    expect(redirectParams(none).params).toMatchObject({ error: 'login_required', state: 'st-1', iss: INJECT_ISSUER });
    const res = await browser.get(request('idp:corp').url);
    expect(String(res.headers.location).startsWith(upstream.issuer)).toBe(true);
  });

  it('a public client at the upstream (no secret, PKCE only) signs in the same way', async () => {
    const browser = new InjectBrowser(h.app);
    const { url, verifier } = request('idp:public');
    const first = await browser.get(url);
    expect(new URL(String(first.headers.location)).searchParams.get('client_id')).toBe('ava-gateway-public');
    const done = await browser.get(await viaUpstream(first, 'erin'));
    const id = decodeJwt((await redeem(redirectParams(done).params.code, verifier)).id_token);
    expect(id).toMatchObject({ idp: 'public', amr: ['fed'] });
    expect(await h.auth.users.bySubjectId(id.sub!)).toMatchObject({ userName: 'public:up-erin', identityProvider: 'public' });
  });

  it('link-only provider: a configured user with the same verified e-mail is linked; an unknown account is refused', async () => {
    const browser = new InjectBrowser(h.app);
    const { url, verifier } = request('idp:partners');
    const done = await browser.get(await viaUpstream(await browser.get(url), 'linked'));
    expect(decodeJwt((await redeem(redirectParams(done).params.code, verifier)).id_token)).toMatchObject({ sub: 'linked-user-1', idp: 'partners', amr: ['fed'] });

    const stranger = new InjectBrowser(h.app);
    const refused = await stranger.get(await viaUpstream(await stranger.get(request('idp:partners').url), 'stranger'));
    expect(redirectParams(refused).params).toMatchObject({ error: 'access_denied', state: 'st-1', iss: INJECT_ISSUER });
    expect(redirectParams(refused).params.error_description).toMatch(/no local account is linked/);
  });

  it('a request with idp: cannot be completed with a password through a hand-made login form', async () => {
    const browser = new InjectBrowser(h.app);
    const page = await browser.get(request('').url.replace('&acr_values=', ''));
    const login = formOf(page.body);
    const forged = await browser.post(login.action, { ...login.fields, return: request('idp:corp').url, username: 'demo', password: 'demo-password' });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('signs in through identity provider corp only');
    expect(forged.headers.location).toBeUndefined();
  });

  it('an unknown provider and a provider the client may not use are invalid_request at the redirect URI', async () => {
    const browser = new InjectBrowser(h.app);
    const unknown = redirectParams(await browser.get(request('idp:nowhere').url)).params;
    expect(unknown).toMatchObject({ error: 'invalid_request', state: 'st-1', iss: INJECT_ISSUER });
    expect(unknown.error_description).toMatch(/nowhere is not configured/);
    const restricted = redirectParams(await browser.get(request('idp:corp', {}, 'fed-restricted').url)).params;
    expect(restricted).toMatchObject({ error: 'invalid_request', state: 'st-1' });
    expect(restricted.error_description).toMatch(/may not use identity provider corp/);
  });

  it("the upstream's error goes to the client as access_denied; an unreachable upstream as temporarily_unavailable", async () => {
    const browser = new InjectBrowser(h.app);
    const first = await browser.get(request('idp:corp').url);
    const state = new URL(String(first.headers.location)).searchParams.get('state')!;
    const cancelled = await browser.get(`/connect/idp/corp/callback?${new URLSearchParams({ error: 'access_denied', error_description: 'user cancelled', state, iss: upstream.issuer })}`);
    const params = redirectParams(cancelled).params;
    expect(params).toMatchObject({ error: 'access_denied', state: 'st-1', iss: INJECT_ISSUER });
    expect(params.error_description).toMatch(/access_denied: user cancelled/);

    const down = redirectParams(await browser.get(request('idp:down').url)).params;
    expect(down).toMatchObject({ error: 'temporarily_unavailable', state: 'st-1' });
  });

  it('an unknown or used state, and a callback in another browser, show a local error page and redirect nowhere', async () => {
    const unknown = await new InjectBrowser(h.app).get('/connect/idp/corp/callback?code=x&state=unknown-state');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers.location).toBeUndefined();
    expect(unknown.body).toContain('unknown or has expired');

    const browser = new InjectBrowser(h.app);
    const callback = await viaUpstream(await browser.get(request('idp:corp').url), 'bob');
    const thief = await new InjectBrowser(h.app).get(callback);
    expect(thief.statusCode).toBe(400);
    expect(thief.body).toContain('started in another browser');
    expect(thief.headers.location).toBeUndefined();
    // The state was taken by that attempt: the rightful browser cannot use it afterwards either.
    const late = await browser.get(callback);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('unknown or has expired');
  });

  it('the device verification page offers the providers: signing in upstream returns to it, and the device gets tokens (idp, amr fed)', async () => {
    const device = (await postForm(h.app, '/connect/deviceauthorization', { client_id: 'local-device', scope: 'openid profile' })).json() as {
      device_code: string; user_code: string; verification_uri_complete: string;
    };
    const browser = new InjectBrowser(h.app);
    const complete = new URL(device.verification_uri_complete);
    const login = await browser.get(complete.pathname + complete.search);
    expect(login.statusCode).toBe(200);
    expect([...login.body.matchAll(/name="idp" value="([^"]+)"/g)].map((m) => m[1])).toEqual(['corp', 'partners', 'down', 'public']);
    expect(String(login.headers['content-security-policy'])).toContain(`form-action 'self' ${upstream.issuer}`);
    const providerForm = formOf(login.body.slice(login.body.indexOf('class="or"')));
    expect(providerForm.action).toBe('/connect/idp/start');

    // a forged return and an unknown code go nowhere
    const forged = await browser.post(providerForm.action, { ...providerForm.fields, idp: 'corp', csrf: 'forged' });
    expect(forged.statusCode).toBe(403);
    const unknown = await browser.post(providerForm.action, { ...providerForm.fields, idp: 'corp', return: '/device?user_code=BBBB-BBBB' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers.location).toBeUndefined();
    const down = await browser.post(providerForm.action, { ...providerForm.fields, idp: 'down' });
    expect(down.statusCode).toBe(503);

    const started = await browser.post(providerForm.action, { ...providerForm.fields, idp: 'corp' });
    const back = await browser.get(await viaUpstream(started, 'dora'));
    expect(back.statusCode).toBe(303);
    expect(String(back.headers.location)).toBe(`/device?${new URLSearchParams({ user_code: device.user_code, ui_locales: 'en' })}`);
    const confirm = await browser.get(String(back.headers.location));
    expect(confirm.body).toContain(device.user_code);
    expect(confirm.body).toContain('Corp dora');
    const done = await browser.submit(confirm, { decision: 'allow' });
    expect(done.statusCode).toBe(200);
    h.clock.now += 10;
    const tokens = await postForm(h.app, '/connect/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: device.device_code, client_id: 'local-device' });
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect(decodeJwt(tokens.json().id_token)).toMatchObject({ idp: 'corp', amr: ['fed'] });
  });

  it('a session through a provider the device client restricts away must sign in again before it can allow the device', async () => {
    const start = async (client: string) => (await postForm(h.app, '/connect/deviceauthorization', { client_id: client, scope: 'openid profile' })).json() as {
      device_code: string; user_code: string;
    };
    const browser = new InjectBrowser(h.app);
    // signed in through corp (every provider is allowed to local-device)
    const first = await start('local-device');
    const login = await browser.get(`/device?user_code=${first.user_code}`);
    const started = await browser.post('/connect/idp/start', { ...formOf(login.body.slice(login.body.indexOf('class="or"'))).fields, idp: 'corp' });
    await browser.get(await viaUpstream(started, 'fritz'));
    expect((await browser.get(`/device?user_code=${first.user_code}`)).body).toContain('Corp fritz');

    // device-partners allows partners only: the corp session gets the sign-in page with that provider, not the confirmation
    const second = await start('device-partners');
    const page = await browser.get(`/device?user_code=${second.user_code}`);
    expect(page.statusCode).toBe(200);
    expect([...page.body.matchAll(/name="idp" value="([^"]+)"/g)].map((m) => m[1])).toEqual(['partners']);
    expect(page.body).not.toContain('name="decision"'); // no confirmation
    const csrf = formOf(page.body).fields.csrf;
    const allow = await browser.post('/device', { csrf, user_code: second.user_code, decision: 'allow' });
    expect(allow.statusCode).toBe(303);
    h.clock.now += 10;
    const poll = await postForm(h.app, '/connect/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: second.device_code, client_id: 'device-partners' });
    expect(poll.json().error).toBe('authorization_pending');
  });

  it('the login page offers the providers the client may use; the provider form needs its CSRF field', async () => {
    const browser = new InjectBrowser(h.app);
    const page = await browser.get(request('').url.replace('&acr_values=', ''));
    expect(page.statusCode).toBe(200);
    expect([...page.body.matchAll(/name="idp" value="([^"]+)"/g)].map((m) => m[1])).toEqual(['corp', 'partners', 'down', 'public']);
    expect(String(page.headers['content-security-policy'])).toContain(`form-action 'self' https://app.example ${upstream.issuer}`);
    const restricted = await browser.get(request('', {}, 'fed-restricted').url.replace('&acr_values=', ''));
    expect([...restricted.body.matchAll(/name="idp" value="([^"]+)"/g)].map((m) => m[1])).toEqual(['partners']);

    const providerForm = formOf(page.body.slice(page.body.indexOf('class="or"')));
    expect(providerForm.action).toBe('/connect/idp/start');
    const started = await browser.post(providerForm.action, { ...providerForm.fields, idp: 'corp' });
    expect(String(started.headers.location).startsWith(upstream.issuer + '/auth?')).toBe(true);
    const forged = await browser.post(providerForm.action, { ...providerForm.fields, idp: 'corp', csrf: 'forged' });
    expect(forged.statusCode).toBe(403);
    const notAllowed = await browser.post(providerForm.action, { ...formOf(restricted.body.slice(restricted.body.indexOf('class="or"'))).fields, idp: 'corp' });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.headers.location).toBeUndefined();
  });
});

describe('federation configuration', () => {
  const withProviders = (identityProviders: unknown[]) => ({
    auth: { tenants: [{ name: 'default', identityProviders }] },
  });

  it('fills the defaults of an identity provider and refuses bad names, issuers and duplicates', async () => {
    const { loadConfig } = await import('../../config/load.js');
    const config = loadConfig({}, withProviders([{ name: 'corp', issuer: 'https://id.example', clientId: 'gw' }]));
    expect(config.auth.tenants[0].identityProviders![0]).toEqual({
      name: 'corp', issuer: 'https://id.example', clientId: 'gw', scopes: ['openid', 'profile', 'email'], createUsers: false, signOutUpstream: true,
      claimMapping: { name: 'name', given_name: 'given_name', family_name: 'family_name', email: 'email' },
    });
    expect(() => loadConfig({}, withProviders([{ name: 'a b', issuer: 'https://id.example', clientId: 'gw' }]))).toThrow(/auth.tenants.0.identityProviders.0.name/);
    expect(() => loadConfig({}, withProviders([{ name: 'corp', issuer: 'ftp://id.example', clientId: 'gw' }]))).toThrow(/auth.tenants.0.identityProviders.0.issuer/);
    const twice = [{ name: 'corp', issuer: 'https://a.example', clientId: 'gw' }, { name: 'corp', issuer: 'https://b.example', clientId: 'gw' }];
    await expect(authHarness(withProviders(twice))).rejects.toThrow(/the name corp is used twice in tenant default/);
  });
});
