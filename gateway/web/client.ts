/**
 * The web page's OAuth client: a public client (no secret; RFC 6749 §2.1) that signs the user in with the
 * authorization code grant and PKCE S256 (RFC 7636 §4.2), redirecting to the page itself (`<issuer>/`). The
 * embedded configuration declares it as `ava-web`; an operator's configuration may name another client id.
 */
import type { GatewayConfig } from '../../config/defaults.js';
import { issuerOf } from '../../core/auth/issuer.js';

/** Client id of the page's public client in the embedded configuration (config/auth.ts). */
export const WEB_CLIENT_ID = 'ava-web';

/** Scopes the page asks for: the user's identity and the conversion scope. */
export const WEB_SCOPES = 'openid profile avacloud';

/** What the page needs to sign in, served as `GET /web/config.json`. */
export interface WebSignIn {
  /** Whether conversions need a bearer token (`auth.requireTokenForConversions`). */
  requireToken: boolean;
  clientId: string;
  /** `<issuer>/`: the page itself, byte-exact as registered (RFC 6749 §3.1.2). */
  redirectUri: string;
  scope: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** The user's claims (OIDC Core §5.3), for the name the page shows. */
  userInfoEndpoint: string;
  /** RP-initiated logout (OIDC RP-Initiated Logout 1.0), back to `redirectUri`. */
  endSessionEndpoint: string;
  /**
   * Why the page cannot sign in, when it cannot: the client is missing, has a secret, lacks the grant, or does
   * not list the redirect URI. The page shows it; undefined when sign-in works (or is not needed).
   */
  problem?: string;
}

/** The page's redirect URI: the issuer with a trailing slash (the page at `GET /`). */
export const webRedirectUri = (config: GatewayConfig) => `${issuerOf(config)}/`;

/**
 * The sign-in description for the page.
 * @param config the gateway configuration; `auth.clients` must hold a public client {@link WEB_CLIENT_ID} with
 *   `authorization_code` and the redirect URI `<issuer>/` for sign-in to work
 */
export function webSignIn(config: GatewayConfig): WebSignIn {
  const issuer = issuerOf(config);
  const redirectUri = webRedirectUri(config);
  const client = config.auth.clients.find((c) => c.clientId === WEB_CLIENT_ID);
  let problem: string | undefined;
  if (!client) problem = `No client "${WEB_CLIENT_ID}" is configured (auth.clients).`;
  else if (client.secrets.length > 0) problem = `The client "${WEB_CLIENT_ID}" has a secret; the page needs a public client.`;
  else if (!client.allowedGrantTypes.includes('authorization_code')) problem = `The client "${WEB_CLIENT_ID}" does not allow authorization_code.`;
  else if (!client.redirectUris.includes(redirectUri)) problem = `The client "${WEB_CLIENT_ID}" does not list the redirect URI ${redirectUri} (auth.clients[].redirectUris).`;
  return {
    requireToken: config.auth.requireTokenForConversions,
    clientId: WEB_CLIENT_ID,
    redirectUri,
    scope: WEB_SCOPES,
    authorizationEndpoint: `${issuer}/connect/authorize`,
    tokenEndpoint: `${issuer}/connect/token`,
    userInfoEndpoint: `${issuer}/connect/userinfo`,
    endSessionEndpoint: `${issuer}/connect/endsession`,
    ...(config.auth.requireTokenForConversions && problem ? { problem } : {}),
  };
}

/**
 * The configuration with the embedded `ava-web` client redirecting to this gateway's own page: the embedded
 * defaults list `http://localhost:5000/`, which is only the page's address on the default port; with another
 * `PORT`, `auth.issuer` or `PUBLIC_URL` the page's address is `<issuer>/`, added here (as a redirect URI and
 * a post-logout redirect URI). Only a public client
 * named {@link WEB_CLIENT_ID} that lists nothing but loopback addresses is changed (the embedded one, or an
 * operator's copy of it); a client the operator configured with real addresses is left as it is.
 */
export function withWebClientRedirect(config: GatewayConfig): GatewayConfig {
  const redirectUri = webRedirectUri(config);
  const loopback = (uri: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/$/.test(uri);
  let changed = false;
  const clients = config.auth.clients.map((c) => {
    if (c.clientId !== WEB_CLIENT_ID || c.secrets.length > 0 || c.redirectUris.includes(redirectUri) || !c.redirectUris.every(loopback)) return c;
    changed = true;
    const logout = c.postLogoutRedirectUris.every(loopback) && !c.postLogoutRedirectUris.includes(redirectUri) ? [redirectUri] : [];
    return { ...c, redirectUris: [...c.redirectUris, redirectUri], postLogoutRedirectUris: [...c.postLogoutRedirectUris, ...logout] };
  });
  return changed ? { ...config, auth: { ...config.auth, clients } } : config;
}
