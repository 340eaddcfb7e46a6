// Sign-in of the page: OAuth 2.0 authorization code grant with PKCE S256 (RFC 6749 §4.1, RFC 7636 §4) as a
// public client (no secret), redirecting back to the page itself. The verifier and state live in
// sessionStorage for the round trip; the access token in sessionStorage until it expires (the tab's lifetime).

const PENDING_KEY = 'ava-web-pending';
const TOKEN_KEY = 'ava-web-token';

const base64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const randomString = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** Whether the browser can make an S256 challenge (crypto.subtle exists only in secure contexts). */
export const canSignIn = () => Boolean(globalThis.crypto?.subtle);

/** The stored token `{ accessToken, idToken, expiresAt, name }` while it is valid, else undefined. */
export function currentToken() {
  try {
    const token = JSON.parse(sessionStorage.getItem(TOKEN_KEY) ?? 'null');
    if (token && token.expiresAt > Date.now() + 5_000) return token;
  } catch { /* no token */ }
  sessionStorage.removeItem(TOKEN_KEY);
  return undefined;
}

/** Starts the sign-in: stores verifier and state, then leaves for the authorization endpoint. */
export async function startSignIn(config, uiLocale) {
  const verifier = randomString();
  const state = randomString();
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier, state }));
  const url = new URL(config.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: config.clientId, redirect_uri: config.redirectUri, response_type: 'code', scope: config.scope, state,
    code_challenge: challenge, code_challenge_method: 'S256', ui_locales: uiLocale,
  }).toString();
  location.assign(url.href);
}

/** The user's `name` (or `sub`) from the userinfo endpoint (OIDC Core §5.3), for display only. */
async function nameOf(config, accessToken) {
  try {
    const response = await fetch(config.userInfoEndpoint, { headers: { authorization: `Bearer ${accessToken}` } });
    const claims = await response.json();
    return response.ok ? claims.name ?? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Finishes a sign-in when the page is the redirect target (`?code=…&state=…` or `?error=…`): checks the state,
 * redeems the code with the verifier and stores the token; removes the parameters from the address bar.
 * @returns undefined when the address carries no answer; `{ error }` when the sign-in failed; `{ token }` else
 */
export async function completeSignIn(config) {
  const params = new URLSearchParams(location.search);
  if (!params.has('code') && !params.has('error')) return undefined;
  history.replaceState(null, '', location.pathname);
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null');
  sessionStorage.removeItem(PENDING_KEY);
  if (params.has('error')) return { error: params.get('error_description') || params.get('error') };
  if (!pending || pending.state !== params.get('state')) return { error: 'state mismatch (the sign-in was not started on this page)' };
  const response = await fetch(config.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code', code: params.get('code'), redirect_uri: config.redirectUri,
      client_id: config.clientId, code_verifier: pending.verifier,
    }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.access_token) return { error: body.error_description || body.error || `HTTP ${response.status}` };
  const token = {
    accessToken: body.access_token, idToken: body.id_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000,
    name: await nameOf(config, body.access_token),
  };
  sessionStorage.setItem(TOKEN_KEY, JSON.stringify(token));
  return { token };
}

/** Forgets the token and ends the gateway's login session (RP-initiated logout, back to the page). */
export function signOut(config, token) {
  sessionStorage.removeItem(TOKEN_KEY);
  const url = new URL(config.endSessionEndpoint);
  const params = new URLSearchParams({ post_logout_redirect_uri: config.redirectUri, client_id: config.clientId });
  if (token?.idToken) params.set('id_token_hint', token.idToken);
  url.search = params.toString();
  location.assign(url.href);
}
