/**
 * Helpers of the federation tests: node-oidc-provider (panva/node-oidc-provider, v9) started in the test as the
 * upstream OpenID Provider, with its development interactions (any login name and password sign in; a consent
 * page confirms), a client `ava-gateway` whose redirect URIs are the gateway's provider callbacks, and accounts
 * whose claims derive from the login name; a driver that walks those pages over HTTP with its own cookie jar; and
 * the gateway configuration with identity providers on the default tenant.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { browserAuth } from './browser-support.js';

/** The shapes of oidc-provider used here (it ships no TypeScript types). */
interface ProviderLike {
  callback(): (req: unknown, res: unknown) => void;
}
type ProviderCtor = new (issuer: string, configuration: Record<string, unknown>) => ProviderLike;

export const UPSTREAM_CLIENT = { id: 'ava-gateway', secret: 'upstream-client-secret' } as const;
/** The gateway's public client at the upstream (`none`: PKCE only). */
export const UPSTREAM_PUBLIC_CLIENT = 'ava-gateway-public';
/** The providers whose callbacks the upstream registers. */
export const UPSTREAM_PROVIDERS = ['corp', 'partners', 'public'] as const;

/** The claims the upstream releases for a login name (`<login>@corp.example`, verified unless the name starts with `unverified`). */
export const upstreamClaims = (login: string) => ({
  sub: `up-${login}`, email: `${login}@corp.example`, email_verified: !login.startsWith('unverified'), name: `Corp ${login}`, given_name: 'Corp', family_name: login,
});

export interface Upstream {
  issuer: string;
  close(): Promise<void>;
}

/**
 * Starts node-oidc-provider on `port` (0 = any) of 127.0.0.1 with the clients `ava-gateway` (client_secret_basic)
 * and `ava-gateway-public` (`none`, PKCE only).
 * @param redirectUris the gateway callbacks registered for both
 * @param postLogoutRedirectUris the gateway's sign-out returns registered for both (RP-Initiated Logout)
 */
export async function startUpstream(redirectUris: string[], port = 0, postLogoutRedirectUris: string[] = []): Promise<Upstream> {
  const { default: Provider } = (await import('oidc-provider' as string)) as { default: ProviderCtor };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      { client_id: UPSTREAM_CLIENT.id, client_secret: UPSTREAM_CLIENT.secret, token_endpoint_auth_method: 'client_secret_basic', redirect_uris: redirectUris, post_logout_redirect_uris: postLogoutRedirectUris, grant_types: ['authorization_code'], response_types: ['code'] },
      { client_id: UPSTREAM_PUBLIC_CLIENT, token_endpoint_auth_method: 'none', redirect_uris: redirectUris, post_logout_redirect_uris: postLogoutRedirectUris, grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ ...upstreamClaims(id.replace(/^up-/, '')), sub: id }) }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['federation-test-cookie-key-0123456789'] },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

/** The upstream's cookies of one browser (name → value). */
export type UpstreamJar = Map<string, string>;

/** A fetch of the upstream's pages with the cookies of `jar` (kept up to date), redirects not followed. */
function upstreamFetch(jar: UpstreamJar) {
  return async (url: string, body?: Record<string, string>) => {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET', redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body && { 'content-type': 'application/x-www-form-urlencoded' }) },
      ...(body && { body: new URLSearchParams(body).toString() }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
}

/**
 * Walks the upstream's pages from an authorization URL like a browser would (following redirects within the
 * upstream, keeping its cookies in `jar`, signing in as `login` and confirming the consent page) until it redirects
 * elsewhere; returns that URL (the gateway callback). A name starting with `up-` is kept as the account id.
 */
export async function driveUpstream(authorizationUrl: string, login: string, jar: UpstreamJar = new Map()): Promise<URL> {
  const origin = new URL(authorizationUrl).origin;
  const send = upstreamFetch(jar);
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`upstream page without a form (${res.status}): ${html.slice(0, 300)}`);
    const form: Record<string, string> = /name="prompt" value="login"/.test(html) ? { prompt: 'login', login: `up-${login}`, password: 'any' } : { prompt: 'consent' };
    const posted = await send(new URL(action, url).href, form);
    const after = posted.headers.get('location');
    if (!after) throw new Error(`upstream form answered ${posted.status}`);
    url = new URL(after, url).href;
    if (new URL(url).origin !== origin) return new URL(url);
  }
  throw new Error('too many upstream steps');
}

/**
 * Follows a redirect to the upstream's end-session endpoint like a browser with the cookies of `jar`: answers its
 * logout question "yes" (node-oidc-provider's `logoutSource` form, its hidden fields plus `logout=yes`) and returns
 * the URL it finally redirects to outside the upstream (the gateway's sign-out return).
 */
export async function driveUpstreamLogout(endSessionUrl: string, jar: UpstreamJar): Promise<URL> {
  const origin = new URL(endSessionUrl).origin;
  const send = upstreamFetch(jar);
  let res = await send(endSessionUrl);
  const html = await res.text();
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`upstream logout page without a form (${res.status}): ${html.slice(0, 300)}`);
  const fields: Record<string, string> = { logout: 'yes' };
  for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]] = m[2];
  let url = new URL(form[1], endSessionUrl);
  res = await send(url.href, fields);
  for (let step = 0; step < 6; step++) {
    const location = res.headers.get('location');
    if (!location) throw new Error(`upstream logout answered ${res.status} without a redirect`);
    url = new URL(location, url);
    if (url.origin !== origin) return url;
    res = await send(url.href);
  }
  throw new Error('too many upstream logout steps');
}

/**
 * Whether the browser of `jar` is signed in at the upstream: an authorization request of `clientId` with
 * `prompt=none` for `redirectUri` comes back with a code or `consent_required` (signed in) or `login_required` (not).
 */
export async function upstreamSignedIn(issuer: string, redirectUri: string, jar: UpstreamJar, clientId: string = UPSTREAM_CLIENT.id): Promise<boolean> {
  const url = new URL('/auth', issuer);
  const params = { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', prompt: 'none', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', nonce: 'n', state: 's' };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await upstreamFetch(jar)(url.href);
  const back = new URL(res.headers.get('location') ?? '', url);
  if (back.origin === url.origin) throw new Error(`prompt=none stayed at the upstream: ${back.href}`);
  const answer = new URLSearchParams(back.search);
  if (answer.get('code') || answer.get('error') === 'consent_required') return true;
  if (answer.get('error') === 'login_required') return false;
  throw new Error(`prompt=none answered ${back.href}`);
}

/**
 * The browser test configuration (`browserAuth`) plus identity providers on the default tenant:
 * - `corp` ("Corp Login"): client_secret_basic, `createUsers`;
 * - `partners` ("Partner SSO"): link only (a configured user `linked-user` with `identityProvider: partners` and
 *   e-mail `linked@corp.example` links by verified e-mail);
 * - `down` ("Offline IdP"): an issuer nobody listens on;
 * - `public` ("Corp (public client)"): the same upstream as a public client (no secret, PKCE only), `createUsers`,
 *   `signOutUpstream: false` (a logout ends the gateway's session only);
 * and the clients `fed-restricted` (only `partners`) and `web` (no restrictions: every provider).
 */
export function federationAuth(upstreamIssuer: string, downIssuer: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = browserAuth() as { auth: { clients: Array<Record<string, unknown>>; users: unknown[]; tenants: Array<Record<string, unknown>> } };
  const web = base.auth.clients.find((c) => c.clientId === 'web')!;
  const device = base.auth.clients.find((c) => c.clientId === 'local-device')!;
  const idp = (name: string, displayName: string, issuer: string, more: Record<string, unknown> = {}) => ({
    name, displayName, issuer, clientId: UPSTREAM_CLIENT.id, clientSecret: UPSTREAM_CLIENT.secret, ...more,
  });
  const tenants = base.auth.tenants.map((t) => (t.name !== 'default' ? t : {
    ...t,
    identityProviders: [
      idp('corp', 'Corp Login', upstreamIssuer, { createUsers: true }),
      idp('partners', 'Partner SSO', upstreamIssuer),
      idp('down', 'Offline IdP', downIssuer),
      { name: 'public', displayName: 'Corp (public client)', issuer: upstreamIssuer, clientId: UPSTREAM_PUBLIC_CLIENT, createUsers: true, signOutUpstream: false },
    ],
  }));
  return {
    ...extra,
    auth: {
      ...base.auth,
      tenants,
      clients: [
        ...base.auth.clients,
        { ...web, clientId: 'fed-restricted', identityProviderRestrictions: ['partners'] },
        { ...device, clientId: 'device-partners', identityProviderRestrictions: ['partners'] },
      ],
      users: [
        ...base.auth.users,
        {
          subject: 'linked-user-1', userName: 'linked-user', identityProvider: 'partners', roles: [], tenants: [], claims: { name: 'Lena Linked', email: 'linked@corp.example' },
          passwordHash: 'scrypt$16384$8$1$cGFydG5lci11c2VyLXNhbHQ=$Yycvw3OlVE+mWNHb6S2A5mbw45BTMp1grauK2NWzpUQ=',
        },
      ],
      ...((extra.auth as Record<string, unknown> | undefined) ?? {}),
    },
  };
}
