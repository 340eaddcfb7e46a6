/**
 * Helpers of the browser-side tests of `/connect` at inject level: a cookie jar that behaves like a browser
 * (keeps `Set-Cookie` values, sends them back), the hidden fields of a page's form, PKCE values, and a
 * configuration with browser clients.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEFAULT_AUTH } from '../../config/auth.js';
import { hashSecret } from '../../core/auth/clients.js';
import { FORM_TYPE } from './connect-support.js';

export const REDIRECT = 'https://app.example/cb';
export const LOGGED_OUT = 'https://app.example/logged-out';
export const WEB = { id: 'web', secret: 'web-secret' } as const;

const browserClient = (clientId: string, extra: Record<string, unknown> = {}) => ({
  clientId, clientName: `App ${clientId}`, secrets: [{ sha256: hashSecret(`${clientId}-secret`) }],
  allowedGrantTypes: ['authorization_code', 'refresh_token'], allowedScopes: ['openid', 'profile', 'avacloud', 'offline_access'],
  redirectUris: [REDIRECT, 'https://app.example/cb?tab=1'], postLogoutRedirectUris: [LOGGED_OUT], allowOfflineAccess: true, ...extra,
});

/**
 * Clients: `web` (S256 required, no consent), `consent` (`requireConsent`), `plain` (`allowPlainTextPkce`),
 * `partner` (tenant `partner`), `device-only` (no authorization_code), `hybrid` (authorization_code and implicit:
 * every response type); the default clients stay. Users: `demo`,
 * `partner-user` / `partner-password` (tenant `partner` only). Tenant `partner` ("Partner GmbH").
 */
export function browserAuth(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...extra,
    auth: {
      clients: [
        ...DEFAULT_AUTH.clients,
        browserClient('web'),
        browserClient('consent', { requireConsent: true }),
        browserClient('plain', { allowPlainTextPkce: true }),
        browserClient('partner', { tenant: 'partner' }),
        browserClient('device-only', { allowedGrantTypes: ['urn:ietf:params:oauth:grant-type:device_code'] }),
        browserClient('hybrid', { allowedGrantTypes: ['authorization_code', 'implicit'] }),
      ],
      users: [
        ...DEFAULT_AUTH.users,
        {
          subject: 'partner-user-1', userName: 'partner-user', tenants: ['partner'], roles: [], claims: { name: 'Paula Partner' },
          // scrypt of 'partner-password' with salt 'partner-user-salt' (N=2^14, r=8, p=1, 32 bytes)
          passwordHash: 'scrypt$16384$8$1$cGFydG5lci11c2VyLXNhbHQ=$Yycvw3OlVE+mWNHb6S2A5mbw45BTMp1grauK2NWzpUQ=',
        },
      ],
      tenants: [...DEFAULT_AUTH.tenants, { name: 'partner', displayName: 'Partner GmbH', conversionScope: 'avacloud', enabledFormats: [], optionDefaults: {} }],
      ...((extra.auth as Record<string, unknown> | undefined) ?? {}),
    },
  };
}

/** {@link browserAuth} with `clients` added after its clients. */
export function browserAuthWithClients(clients: readonly unknown[]): Record<string, unknown> {
  const base = browserAuth() as { auth: { clients: unknown[] } };
  return { ...base, auth: { ...base.auth, clients: [...base.auth.clients, ...clients] } };
}

/** A PKCE pair (RFC 7636 §4.1–4.2, S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The hidden fields of the first form of a page (`csrf`, `return`, …) and its action. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no post form in the page: ${html.slice(0, 400)}`);
  const fields: Record<string, string> = {};
  for (const m of form[2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1])] = unescape(m[2]);
  return { action: unescape(form[1]), fields };
}

/** A browser over `app.inject`: keeps cookies (name → value) and sends them with every request. */
export class InjectBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  private remember(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  private get cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.remember(await this.app.inject({ method: 'GET', url, headers: { ...this.cookieHeader, ...headers } }));
  }

  async post(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.remember(await this.app.inject({ method: 'POST', url, headers: { ...FORM_TYPE, ...this.cookieHeader, ...headers }, payload: new URLSearchParams(form).toString() }));
  }

  /** Submits the first post form of a page with its hidden fields and `fields`. */
  submit(page: LightMyRequestResponse, fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const { action, fields: hidden } = formOf(page.body);
    return this.post(action, { ...hidden, ...fields });
  }
}

/** The authorization response parameters of a redirect (query or fragment of `Location`). */
export function redirectParams(res: LightMyRequestResponse): { base: string; params: Record<string, string> } {
  const location = String(res.headers.location ?? '');
  if (!location) throw new Error(`not a redirect: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const [beforeFragment, fragment] = location.split('#');
  const [base, query] = beforeFragment.split('?');
  return { base, params: Object.fromEntries(new URLSearchParams(fragment ?? query ?? '')) };
}

/** Authorization request parameters for `web` (code, S256) with `extra`. */
export function authorizeUrl(params: Record<string, string>): string {
  return `/connect/authorize?${new URLSearchParams(params)}`;
}
