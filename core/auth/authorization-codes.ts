/**
 * Authorization codes (RFC 6749 §4.1) and their PKCE binding (RFC 7636): the service the authorize endpoint
 * calls once the user has authenticated (and consented), and the checks the `authorization_code` grant plugin
 * applies when the code is redeemed.
 *
 * A code is a random 256-bit handle stored only as a hash in the grant store (kind `authorization_code`), in a
 * new grant family: every token issued from it joins that family, so a replayed code can revoke them all
 * (RFC 6749 §4.1.2, §10.5). The PKCE challenge is not
 * kept in clear either: only SHA-256 of it is stored (as Duende does), and the verifier is compared through
 * digests of equal length in constant time.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ClientConfig, UserConfig } from './config.js';
import { redirectUriRegistered } from './clients.js';
import { newHandle } from '../stores/grant-store.js';
import type { GrantContext } from './grant-contract.js';
import { OAuthError, invalidRequest } from './oauth-error.js';
import type { GrantedScopes } from './resources.js';

/** The grant type whose codes these are (RFC 6749 §4.1.3). */
export const AUTHORIZATION_CODE = 'authorization_code';

/** PKCE transformations (RFC 7636 §4.2). */
export type CodeChallengeMethod = 'plain' | 'S256';

/**
 * ABNF of `code_verifier` (RFC 7636 §4.1) and, since the challenge of `plain` is the verifier itself, of an
 * accepted `code_challenge`: 43–128 characters of `[A-Za-z0-9-._~]` (an S256 challenge is always 43).
 */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** What the authorize endpoint knows when it issues a code. Times are epoch seconds. */
export interface AuthorizationCodeRequest {
  client: ClientConfig;
  /** The authenticated end user. */
  user: UserConfig;
  /** The scopes granted (after consent), as `ResourceCatalog.resolve` returns them; must not be empty. */
  scopes: GrantedScopes;
  /** Tenant name the tokens are issued for. */
  tenant: string;
  /** The `redirect_uri` of the authorization request; the token request must repeat it exactly (RFC 6749 §4.1.3). */
  redirectUri: string;
  /** `code_challenge` (RFC 7636 §4.3). */
  codeChallenge?: string;
  /** `code_challenge_method`; absent with a challenge means `plain` (RFC 7636 §4.3). */
  codeChallengeMethod?: string;
  /** `nonce` of the authorization request, echoed in the id token (OIDC Core §3.1.2.1). */
  nonce?: string;
  /** When the user authenticated (OIDC `auth_time`), epoch seconds. */
  authTime: number;
  /** Identity provider the user signed in with (`acr_values=idp:<name>`). */
  idp?: string;
  /** Authentication methods (RFC 8176), e.g. `['pwd']`. */
  amr?: string[];
  /**
   * The grant family the code starts; a new one when absent. The hybrid flow passes the family of the tokens
   * issued with the code in the same response, so that a replay of the code revokes them too (RFC 6749 §4.1.2).
   */
  familyId?: string;
}

/** What the store keeps in `data` of an authorization code; read back by the `authorization_code` grant. */
export interface AuthorizationCodeData {
  redirect_uri: string;
  /** base64url SHA-256 of the `code_challenge` (never the challenge itself). */
  code_challenge_hash?: string;
  code_challenge_method?: CodeChallengeMethod;
  nonce?: string;
  auth_time: number;
  idp?: string;
  amr?: string[];
}

const sha256 = (value: string) => createHash('sha256').update(value, 'ascii').digest();

/**
 * Checks the PKCE parameters of an authorization request against the client (RFC 9700 §4.8
 * "PKCE Downgrade Attack"):
 * - a client with `requirePkce` must send `code_challenge` (RFC 7636 §4.4.1);
 * - a missing `code_challenge_method` means `plain` (RFC 7636 §4.3);
 * - `plain` only when the client has `allowPlainTextPkce`; any method other than `plain`/`S256` is refused;
 * - the challenge must be 43–128 characters of `[A-Za-z0-9-._~]` (RFC 7636 §4.2);
 * - a method without a challenge is refused.
 * @returns the normalised method, or undefined when no PKCE is used
 * @throws OAuthError `invalid_request` naming the rule broken (the authorize endpoint sends it to the redirect URI)
 */
export function checkPkceRequest(client: ClientConfig, codeChallenge: string | undefined, codeChallengeMethod: string | undefined): CodeChallengeMethod | undefined {
  if (codeChallenge === undefined || codeChallenge === '') {
    if (codeChallengeMethod !== undefined && codeChallengeMethod !== '') throw invalidRequest('code_challenge_method was sent without code_challenge');
    if (client.requirePkce) throw invalidRequest(`client ${client.clientId} must use PKCE: code_challenge is required (RFC 7636 §4.4.1)`);
    return undefined;
  }
  const method = codeChallengeMethod === undefined || codeChallengeMethod === '' ? 'plain' : codeChallengeMethod;
  if (method !== 'plain' && method !== 'S256') throw invalidRequest(`code_challenge_method ${method} is not supported (plain, S256)`);
  if (method === 'plain' && !client.allowPlainTextPkce) {
    throw invalidRequest(`client ${client.clientId} must use code_challenge_method S256 (a missing method means plain, RFC 7636 §4.3)`);
  }
  if (!PKCE_VALUE.test(codeChallenge)) throw invalidRequest('code_challenge must be 43-128 characters of [A-Za-z0-9-._~] (RFC 7636 §4.2)');
  return method;
}

/**
 * Creates an authorization code for the authorize endpoint's success response (RFC 6749 §4.1.2). The code lives
 * the client's `authorizationCodeLifetime` (seconds), is bound to the client, the redirect URI and the PKCE
 * challenge, and starts a new grant family (or `request.familyId`).
 * @returns the code (43 base64url characters); only its hash is stored
 * @throws OAuthError `unauthorized_client` when the client may not use the authorization_code grant,
 *   `invalid_request` when the redirect URI is not one of the client's ({@link redirectUriRegistered}) or the PKCE
 *   parameters break a rule of {@link checkPkceRequest}, or no scope is granted
 * @throws GrantStoreError `backend_error` when the store is unavailable
 */
export async function createAuthorizationCode(ctx: Pick<GrantContext, 'store' | 'now'>, request: AuthorizationCodeRequest): Promise<string> {
  const { client } = request;
  if (!client.allowedGrantTypes.includes(AUTHORIZATION_CODE)) {
    throw new OAuthError('unauthorized_client', `client ${client.clientId} may not use grant type ${AUTHORIZATION_CODE}`);
  }
  if (!redirectUriRegistered(client, request.redirectUri)) throw invalidRequest('redirect_uri is not registered for this client');
  if (request.scopes.scopes.length === 0) throw invalidRequest('no scope was granted');
  const method = checkPkceRequest(client, request.codeChallenge, request.codeChallengeMethod);
  const data: AuthorizationCodeData = { redirect_uri: request.redirectUri, auth_time: request.authTime };
  if (method) {
    data.code_challenge_hash = sha256(request.codeChallenge!).toString('base64url');
    data.code_challenge_method = method;
  }
  if (request.nonce !== undefined) data.nonce = request.nonce;
  if (request.idp !== undefined) data.idp = request.idp;
  if (request.amr !== undefined) data.amr = [...request.amr];
  const code = newHandle(32);
  await ctx.store.save(AUTHORIZATION_CODE, code, {
    clientId: client.clientId,
    subject: request.user.subject,
    tenant: request.tenant,
    scopes: request.scopes.scopes,
    familyId: request.familyId ?? randomUUID(),
    expiresAt: ctx.now() + client.authorizationCodeLifetime,
    data: { ...data },
  });
  return code;
}

/**
 * Whether `verifier` proves possession for the stored challenge (RFC 7636 §4.6): S256 compares
 * `BASE64URL(SHA256(verifier))` with the challenge, plain compares the verifier itself. Both sides are SHA-256
 * digests of the same length, compared with `timingSafeEqual` (RFC 9700 (OAuth 2.0 Security BCP)).
 * @param challengeHash base64url SHA-256 of the stored challenge ({@link AuthorizationCodeData.code_challenge_hash})
 */
export function pkceVerifierMatches(verifier: string, challengeHash: string, method: CodeChallengeMethod): boolean {
  const expected = Buffer.from(challengeHash, 'base64url');
  const derived = method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
  const actual = sha256(derived);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
