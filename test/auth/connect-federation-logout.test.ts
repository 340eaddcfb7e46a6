/**
 * Federated sign-out (OpenID Connect RP-Initiated Logout 1.0 with the gateway as relying party): a logout at
 * `/connect/endsession` of a session signed in through an upstream provider goes on to the provider's end-session
 * endpoint with the provider's own id token as `id_token_hint`, and back to `/connect/idp/<name>/signedout`,
 * where the logout continues to the client's `post_logout_redirect_uri`. node-oidc-provider is the upstream; the
 * gateway is driven through `app.inject`, the upstream's pages over HTTP with one cookie jar per browser, so that
 * the upstream's own session is seen to end. A provider that cannot be reached at logout leaves the logout local.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INJECT_ISSUER, authHarness, basic, freePort, postForm, type AuthHarness } from './connect-support.js';
import { InjectBrowser, LOGGED_OUT, REDIRECT, WEB, authorizeUrl, pkce, redirectParams } from './browser-support.js';
import {
  UPSTREAM_CLIENT, UPSTREAM_PROVIDERS, UPSTREAM_PUBLIC_CLIENT, driveUpstream, driveUpstreamLogout, federationAuth, startUpstream, upstreamSignedIn,
  type Upstream, type UpstreamJar,
} from './connect-federation-support.js';

const callback = (name: string) => `${INJECT_ISSUER}/connect/idp/${name}/callback`;
const signedOutReturn = (name: string) => `${INJECT_ISSUER}/connect/idp/${name}/signedout`;

/** An upstream for the gateway's three providers and a gateway whose providers all use it. */
async function federationPair(): Promise<{ upstream: Upstream; h: AuthHarness }> {
  const upstream = await startUpstream(UPSTREAM_PROVIDERS.map(callback), 0, UPSTREAM_PROVIDERS.map(signedOutReturn));
  return { upstream, h: await authHarness(federationAuth(upstream.issuer, `http://127.0.0.1:${await freePort()}`)) };
}

/** An upstream and a gateway (see {@link federationPair}) started before the suite's tests and stopped after them. */
function federationPairForSuite(): { upstream: Upstream; h: AuthHarness } {
  const pair = {} as { upstream: Upstream; h: AuthHarness };
  beforeAll(async () => {
    Object.assign(pair, await federationPair());
  }, 30_000);
  afterAll(async () => {
    vi.useRealTimers();
    await pair.h?.app.close();
    await pair.upstream?.close();
  });
  return pair;
}

/** Signs `browser` in through `idp` (the upstream's cookies in `jar`) and returns the gateway's id token. */
async function signIn(h: AuthHarness, browser: InjectBrowser, idp: string, login: string, jar: UpstreamJar): Promise<string> {
  const p = pkce();
  const url = authorizeUrl({
    client_id: WEB.id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile', state: 'st-1', nonce: 'n-1',
    code_challenge: p.challenge, code_challenge_method: 'S256', acr_values: `idp:${idp}`,
  });
  const first = await browser.get(url);
  const back = await driveUpstream(String(first.headers.location), login, jar);
  const done = await browser.get(back.pathname + back.search);
  const token = await postForm(h.app, '/connect/token', { grant_type: 'authorization_code', code: redirectParams(done).params.code, redirect_uri: REDIRECT, code_verifier: p.verifier }, { authorization: basic(WEB.id, 'web-secret') });
  expect(token.statusCode).toBe(200);
  return (token.json() as { id_token: string }).id_token;
}

/** Whether the gateway still has `browser` signed in (`prompt=none` answers a code, not `login_required`). */
async function gatewaySignedIn(browser: InjectBrowser): Promise<boolean> {
  const p = pkce();
  const res = await browser.get(authorizeUrl({ client_id: WEB.id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', state: 's', code_challenge: p.challenge, code_challenge_method: 'S256', prompt: 'none' }));
  return redirectParams(res).params.code !== undefined;
}

describe('federation: signing out at the upstream provider', () => {
  const pair = federationPairForSuite();

  it('goes on to the provider with its id token, ends both sessions and returns to the client with its state', async () => {
    const { h, upstream } = pair;
    const browser = new InjectBrowser(h.app);
    const jar: UpstreamJar = new Map();
    const idToken = await signIn(h, browser, 'corp', 'olga', jar);
    expect(await upstreamSignedIn(upstream.issuer, callback('corp'), jar)).toBe(true);

    const res = await browser.get(`/connect/endsession?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: LOGGED_OUT, state: 'bye-1', ui_locales: 'de' })}`);
    expect(res.statusCode).toBe(303);
    const out = new URL(String(res.headers.location));
    expect(out.origin + out.pathname).toBe(`${upstream.issuer}/session/end`);
    const sent = Object.fromEntries(out.searchParams);
    expect(sent).toMatchObject({ client_id: UPSTREAM_CLIENT.id, post_logout_redirect_uri: `${INJECT_ISSUER}/connect/idp/corp/signedout`, ui_locales: 'de' });
    expect(sent.state).toMatch(/^[\w-]{40,}$/);
    // the hint is the provider's id token of this sign-in, not the gateway's
    expect(decodeJwt(sent.id_token_hint)).toMatchObject({ iss: upstream.issuer, sub: 'up-olga', aud: UPSTREAM_CLIENT.id });
    // the gateway's session has ended before the browser leaves
    expect(await gatewaySignedIn(browser)).toBe(false);

    const back = await driveUpstreamLogout(out.href, jar);
    expect(back.origin + back.pathname).toBe(`${INJECT_ISSUER}/connect/idp/corp/signedout`);
    expect(back.searchParams.get('state')).toBe(sent.state);
    expect(await upstreamSignedIn(upstream.issuer, callback('corp'), jar)).toBe(false);

    const done = await browser.get(back.pathname + back.search);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${LOGGED_OUT}?state=bye-1`);

    // the return works once: again (nobody signed in) it only shows the signed-out page
    const again = await browser.get(back.pathname + back.search);
    expect(again.statusCode).toBe(200);
    expect(again.headers.location).toBeUndefined();
    expect(again.body).toMatch(/abgemeldet|signed out/i);
  });

  it('without a client redirect the provider returns to the signed-out page; a forged return of a signed-in browser is refused', async () => {
    const { h, upstream } = pair;
    const browser = new InjectBrowser(h.app);
    const jar: UpstreamJar = new Map();
    await signIn(h, browser, 'corp', 'paul', jar);
    // no hint: the user confirms first
    const ask = await browser.get('/connect/endsession');
    expect(ask.statusCode).toBe(200);
    const res = await browser.submit(ask, { decision: 'logout' });
    expect(res.statusCode).toBe(303);
    const back = await driveUpstreamLogout(String(res.headers.location), jar);
    const done = await browser.get(back.pathname + back.search);
    expect(done.statusCode).toBe(200);
    expect(done.body).toMatch(/signed out|abgemeldet/i);
    expect(await upstreamSignedIn(upstream.issuer, callback('corp'), jar)).toBe(false);

    // a signed-in browser sent to a return with an unknown state is told so, and stays signed in
    const other = new InjectBrowser(h.app);
    const idToken = await signIn(h, other, 'corp', 'quinn', new Map());
    const forged = await other.get('/connect/idp/corp/signedout?state=not-a-sign-out');
    expect(forged.statusCode).toBe(400);
    expect(await gatewaySignedIn(other)).toBe(true);
    // a state of one provider does not continue at another's return
    const out = new URL(String((await other.get(`/connect/endsession?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: LOGGED_OUT })}`)).headers.location));
    const wrong = await other.get(`/connect/idp/partners/signedout?state=${out.searchParams.get('state')}`);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.headers.location).toBeUndefined();
  });

  it('a provider with signOutUpstream: false, and a password session, end only the gateway session', async () => {
    const { h, upstream } = pair;
    const browser = new InjectBrowser(h.app);
    const jar: UpstreamJar = new Map();
    const idToken = await signIn(h, browser, 'public', 'rita', jar);
    const res = await browser.get(`/connect/endsession?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: LOGGED_OUT, state: 'bye-2' })}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${LOGGED_OUT}?state=bye-2`);
    expect(await gatewaySignedIn(browser)).toBe(false);
    expect(await upstreamSignedIn(upstream.issuer, callback('public'), jar, UPSTREAM_PUBLIC_CLIENT)).toBe(true);

    const local = new InjectBrowser(h.app);
    const login = await local.get(authorizeUrl({ client_id: WEB.id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', state: 's', ...(() => { const p = pkce(); return { code_challenge: p.challenge, code_challenge_method: 'S256' }; })() }));
    await local.submit(login, { username: 'demo', password: 'demo-password' });
    const ask = await local.get('/connect/endsession');
    const out = await local.submit(ask, { decision: 'logout' });
    expect(out.statusCode).toBe(200);
    expect(out.body).toMatch(/signed out|abgemeldet/i);
  });
});

describe('federation: signing out while the provider cannot be reached', () => {
  const pair = federationPairForSuite();

  it('ends the gateway session and returns to the client when the discovery document cannot be read', async () => {
    const { h, upstream } = pair;
    const browser = new InjectBrowser(h.app);
    const idToken = await signIn(h, browser, 'corp', 'sven', new Map());
    // the provider goes down, and the discovery document read at sign-in has expired from the gateway's cache (an
    // hour: only the wall clock moves; the gateway's own clock, which its sessions and tokens follow, stays)
    await upstream.close();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3_600_000 });

    const res = await browser.get(`/connect/endsession?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: LOGGED_OUT, state: 'bye-3' })}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${LOGGED_OUT}?state=bye-3`);
    vi.useRealTimers();
    expect(await gatewaySignedIn(browser)).toBe(false);
  });
});
