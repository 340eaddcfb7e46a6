// Sign-in of the page: OAuth 2.0 authorization code grant with PKCE S256 (RFC 6749 §4.1, RFC 7636 §4) as a
// public client (no secret), redirecting back to the page itself. The verifier and state live in
// sessionStorage for the round trip; the access token in sessionStorage until it expires (the tab's lifetime),
// bound to a key the page cannot export (DPoP, `./dpop.js`) wherever the browser can keep one.
import { createDpopKey, deleteDpopKey, dpopAvailable, dpopProof, noteDpopNonce } from './dpop.js';
import { randomBase64url, sha256Base64url } from './encoding.js';

const PENDING_KEY = 'ava-web-pending';
const TOKEN_KEY = 'ava-web-token';


/** Whether the browser can make an S256 challenge (crypto.subtle exists only in secure contexts). */
export const canSignIn = () => Boolean(globalThis.crypto?.subtle);

/**
 * The stored token `{ accessToken, tokenType, keyId, idToken, expiresAt, name }` while it is valid, else undefined
 * (an expired token is forgotten with its key). `tokenType` is `DPoP` (bound to the key `keyId`) or `Bearer`.
 */
export function currentToken() {
  let token;
  try {
    token = JSON.parse(sessionStorage.getItem(TOKEN_KEY) ?? 'null');
    if (token && token.expiresAt > Date.now() + 5_000) return token;
  } catch { /* no token */ }
  sessionStorage.removeItem(TOKEN_KEY);
  deleteDpopKey(token?.keyId);
  return undefined;
}

/** Forgets the stored token and its key (a sign-in that is over, or that the gateway refused). */
export function forgetToken(token) {
  sessionStorage.removeItem(TOKEN_KEY);
  deleteDpopKey(token?.keyId);
}

/**
 * The headers that authorize a request with `token` (none without one): `Authorization: DPoP …` and a `DPoP` proof
 * for a bound token, `Authorization: Bearer …` else.
 * @returns `{ headers, nonce }`, `nonce` being the server nonce the proof carries (for `noteDpopNonce`)
 */
export async function authorization(token, method, url) {
  if (!token) return { headers: {} };
  if (token.tokenType !== 'DPoP') return { headers: { authorization: `Bearer ${token.accessToken}` } };
  const { proof, nonce } = await dpopProof(token.keyId, method, url, token.accessToken);
  return { headers: { authorization: `DPoP ${token.accessToken}`, dpop: proof }, nonce };
}

/**
 * `fetch` with DPoP: `headersFor()` gives the request's headers and the nonce its proof carries; a response that asks
 * for another server nonce (`use_dpop_nonce`) is answered by sending the request once more.
 */
async function fetchWithDpop(url, init, headersFor) {
  for (let attempt = 0; ; attempt++) {
    const { headers, nonce } = await headersFor();
    const response = await fetch(url, { ...init, headers: { ...init.headers, ...headers } });
    if (attempt > 0 || !headers.dpop) return response;
    const error = response.status === 400 ? (await response.clone().json().catch(() => ({}))).error : undefined;
    const retry = noteDpopNonce(nonce, {
      status: response.status, nonce: response.headers.get('dpop-nonce'), wwwAuthenticate: response.headers.get('www-authenticate'), error,
    });
    if (!retry) return response;
  }
}

/** Starts the sign-in: stores verifier and state, then leaves for the authorization endpoint. */
export async function startSignIn(config, uiLocale) {
  const verifier = randomBase64url(32);
  const state = randomBase64url(32);
  const challenge = await sha256Base64url(verifier);
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier, state }));
  const url = new URL(config.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: config.clientId, redirect_uri: config.redirectUri, response_type: 'code', scope: config.scope, state,
    code_challenge: challenge, code_challenge_method: 'S256', ui_locales: uiLocale,
  }).toString();
  location.assign(url.href);
}

/** The user's `name` (or `sub`) from the userinfo endpoint (OIDC Core §5.3), for display only. */
async function nameOf(config, token) {
  try {
    const response = await fetchWithDpop(config.userInfoEndpoint, {}, () => authorization(token, 'GET', config.userInfoEndpoint));
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
  // a key of its own for this sign-in's token; a browser that cannot keep one gets a bearer token
  const keyId = dpopAvailable() ? await createDpopKey().catch(() => undefined) : undefined;
  const response = await fetchWithDpop(config.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code', code: params.get('code'), redirect_uri: config.redirectUri,
      client_id: config.clientId, code_verifier: pending.verifier,
    }),
  }, async () => {
    if (!keyId) return { headers: {} };
    const { proof, nonce } = await dpopProof(keyId, 'POST', config.tokenEndpoint);
    return { headers: { dpop: proof }, nonce };
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.access_token) {
    deleteDpopKey(keyId);
    return { error: body.error_description || body.error || `HTTP ${response.status}` };
  }
  const bound = String(body.token_type).toLowerCase() === 'dpop';
  if (!bound) deleteDpopKey(keyId);
  const token = {
    accessToken: body.access_token, tokenType: bound ? 'DPoP' : 'Bearer', keyId: bound ? keyId : undefined, idToken: body.id_token,
    expiresAt: Date.now() + (body.expires_in ?? 300) * 1000,
  };
  token.name = await nameOf(config, token);
  sessionStorage.setItem(TOKEN_KEY, JSON.stringify(token));
  return { token };
}

/** Forgets the token and its key and ends the gateway's login session (RP-initiated logout, back to the page). */
export async function signOut(config, token) {
  sessionStorage.removeItem(TOKEN_KEY);
  await deleteDpopKey(token?.keyId);
  const url = new URL(config.endSessionEndpoint);
  const params = new URLSearchParams({ post_logout_redirect_uri: config.redirectUri, client_id: config.clientId });
  if (token?.idToken) params.set('id_token_hint', token.idToken);
  url.search = params.toString();
  location.assign(url.href);
}
