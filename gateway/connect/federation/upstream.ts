/**
 * The gateway as relying party of an upstream OpenID Provider, with oauth4webapi (panva/oauth4webapi):
 * discovery (OpenID Connect Discovery 1.0 §4; the `issuer` must equal the configured one), the authorization
 * request of the code flow with PKCE S256, `state` and `nonce` (OpenID Connect Core 1.0 §3.1.2.1, RFC 7636), and
 * the callback: the authorization response checked (`state`, RFC 9207 `iss` when the provider announces it,
 * `error`), the code redeemed (client_secret_basic, or `none` for a public client), the id token validated (OIDC
 * Core §3.1.3.7: `iss`, `aud`, `exp`, `iat`, `nonce`, and its signature against the provider's JWKS) and the
 * userinfo claims merged in when the provider has a userinfo endpoint (its `sub` must match, OIDC Core §5.3.2);
 * and the sign-out there (OpenID Connect RP-Initiated Logout 1.0 §2: `end_session_endpoint` with `id_token_hint`,
 * `client_id`, `post_logout_redirect_uri`, `state`, `ui_locales`).
 *
 * Discovery documents are cached per provider for an hour; a failed discovery is not cached. Plain `http` is
 * allowed only for an issuer configured with `http://` (local testing).
 */
import * as o from 'oauth4webapi';
import type { IdentityProviderConfig } from '../../../core/auth/config.js';
import type { UpstreamUser } from './provision.js';

/** How long a discovery document is reused, ms. */
const DISCOVERY_TTL_MS = 3_600_000;
/** Upstream HTTP requests give up after this long, ms. */
const UPSTREAM_TIMEOUT_MS = 10_000;

/** Why a callback failed: the upstream answered an error (`denied`) or could not be used (`failed`). */
export class UpstreamError extends Error {
  constructor(readonly kind: 'denied' | 'failed' | 'unreachable', message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

const insecure = (p: IdentityProviderConfig) => ({ [o.allowInsecureRequests]: p.issuer.startsWith('http:'), signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
const client = (p: IdentityProviderConfig): o.Client => ({ client_id: p.clientId });
const clientAuth = (p: IdentityProviderConfig) => (p.clientSecret === undefined ? o.None() : o.ClientSecretBasic(p.clientSecret));

export class UpstreamProviders {
  readonly #metadata = new Map<string, { at: number; as: Promise<o.AuthorizationServer> }>();

  /** The provider's discovery document. @throws UpstreamError `unreachable` */
  async metadata(p: IdentityProviderConfig): Promise<o.AuthorizationServer> {
    const held = this.#metadata.get(p.issuer);
    if (held && Date.now() - held.at < DISCOVERY_TTL_MS) return held.as;
    const issuer = new URL(p.issuer);
    const as = o.discoveryRequest(issuer, { algorithm: 'oidc', ...insecure(p) }).then((r) => o.processDiscoveryResponse(issuer, r));
    this.#metadata.set(p.issuer, { at: Date.now(), as });
    try {
      return await as;
    } catch (cause) {
      this.#metadata.delete(p.issuer);
      throw new UpstreamError('unreachable', `the discovery document of ${p.issuer} cannot be read: ${messageOf(cause)}`, { cause });
    }
  }

  /**
   * The URL that sends the browser to the provider.
   * @param extra further authorization parameters (`ui_locales`, `login_hint`, `prompt`)
   * @throws UpstreamError `unreachable`, or `failed` when the provider has no authorization endpoint
   */
  async authorizationUrl(p: IdentityProviderConfig, redirectUri: string, flow: { state: string; nonce: string; codeChallenge: string }, extra: Record<string, string> = {}): Promise<URL> {
    const as = await this.metadata(p);
    if (!as.authorization_endpoint) throw new UpstreamError('failed', `${p.issuer} announces no authorization_endpoint`);
    const url = new URL(as.authorization_endpoint);
    const scopes = new Set(['openid', ...p.scopes]);
    const params = {
      ...extra, client_id: p.clientId, redirect_uri: redirectUri, response_type: 'code', scope: [...scopes].join(' '),
      state: flow.state, nonce: flow.nonce, code_challenge: flow.codeChallenge, code_challenge_method: 'S256',
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url;
  }

  /**
   * Completes the sign-in from the callback URL: the user the provider authenticated.
   * @throws UpstreamError `denied` (the provider answered `error`), `failed` (a check failed), `unreachable`
   */
  async complete(p: IdentityProviderConfig, callbackUrl: URL, redirectUri: string, flow: { state: string; nonce: string; codeVerifier: string }): Promise<UpstreamUser> {
    const as = await this.metadata(p);
    let params: URLSearchParams;
    try {
      params = o.validateAuthResponse(as, client(p), callbackUrl, flow.state);
    } catch (err) {
      if (err instanceof o.AuthorizationResponseError) throw new UpstreamError('denied', `${err.error}${err.error_description ? ': ' + err.error_description : ''}`);
      throw new UpstreamError('failed', `the authorization response is invalid: ${messageOf(err)}`, { cause: err });
    }
    try {
      const response = await o.authorizationCodeGrantRequest(as, client(p), clientAuth(p), params, redirectUri, flow.codeVerifier, insecure(p));
      const result = await o.processAuthorizationCodeResponse(as, client(p), response, { expectedNonce: flow.nonce, requireIdToken: true });
      await o.validateApplicationLevelSignature(as, response, insecure(p));
      const idToken = o.getValidatedIdTokenClaims(result)!;
      let claims: Record<string, unknown> = { ...idToken };
      if (as.userinfo_endpoint) {
        const info = await o.processUserInfoResponse(as, client(p), idToken.sub, await o.userInfoRequest(as, client(p), result.access_token, insecure(p)));
        claims = { ...info, ...idToken };
      }
      return { issuer: idToken.iss, subject: idToken.sub, claims, idToken: result.id_token };
    } catch (err) {
      if (err instanceof o.ResponseBodyError) throw new UpstreamError('denied', `the token endpoint answered ${err.error}`, { cause: err });
      if (err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError')) throw new UpstreamError('unreachable', messageOf(err), { cause: err });
      throw new UpstreamError('failed', messageOf(err), { cause: err });
    }
  }

  /**
   * The URL that sends the browser to the provider's end-session endpoint, or undefined when its discovery
   * document announces none (the provider does not support RP-initiated logout).
   * @param idTokenHint the id token the provider issued at the sign-in being ended
   * @param back the post-logout redirect URI registered there (`<issuer>/connect/idp/<name>/signedout`)
   * @throws UpstreamError `unreachable` (discovery failed)
   */
  async endSessionUrl(p: IdentityProviderConfig, idTokenHint: string, back: string, flow: { state: string; locale: string }): Promise<URL | undefined> {
    const as = await this.metadata(p);
    if (!as.end_session_endpoint) return undefined;
    const url = new URL(as.end_session_endpoint);
    const params = { id_token_hint: idTokenHint, client_id: p.clientId, post_logout_redirect_uri: back, state: flow.state, ui_locales: flow.locale };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url;
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
