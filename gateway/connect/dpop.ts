/**
 * DPoP (RFC 9449) at the gateway's endpoints: the proof of a token request (§5) and the presentation of an
 * access token at a protected resource — userinfo and the conversion routes (§7).
 *
 * Token endpoint: a `DPoP` header is checked (`core/auth/dpop.ts`, `htm` POST, `htu` the token endpoint URL)
 * and binds the issued tokens to its key; a client with `requireDpop` (`dpop_bound_access_tokens`) must send one.
 * Failures are `400 {"error": "invalid_dpop_proof"}`. A client with `requireDpopNonce` must put a nonce of this
 * server in its proofs (`core/auth/dpop-nonce.ts`): without a current one the answer is `400 {"error":
 * "use_dpop_nonce"}` with the nonce to use in the `DPoP-Nonce` header (§8), and its successful token responses carry
 * the next one.
 *
 * Protected resources (§7.1, §7.2): `Authorization: DPoP <token>` with a `DPoP` proof (`ath` = the token's hash,
 * its key = the token's `cnf.jkt`) or `Authorization: Bearer <token>` for unbound tokens. A bound token sent as
 * Bearer, a DPoP scheme with an unbound token or without a valid proof, or a proof of another key → 401 with
 * `WWW-Authenticate: DPoP … error="invalid_token"` or `error="invalid_dpop_proof"` and `algs` (§7.1); a token of a
 * client with `requireDpopNonce` whose proof lacks a current nonce → 401 `error="use_dpop_nonce"` with
 * `DPoP-Nonce` (§9).
 */
import type { FastifyRequest } from 'fastify';
import type { ClientConfig } from '../../core/auth/config.js';
import { DPOP_SIGNING_ALGS, invalidDpopProof, singleDpopHeader, verifyDpopProof, type DpopProof } from '../../core/auth/dpop.js';
import { OAuthError } from '../../core/auth/oauth-error.js';
import type { AuthServices } from '../../core/auth/services.js';
import type { AccessTokenInfo } from '../../core/auth/token-service.js';

/** An access token as a request presents it: the scheme (`Bearer` RFC 6750 §2.1, `DPoP` RFC 9449 §7.1) and the token. */
export interface PresentedToken {
  scheme: 'bearer' | 'dpop';
  token: string;
}

/**
 * The token of an `Authorization: Bearer|DPoP <token>` header (scheme case-insensitive, RFC 7235 §2.1); undefined
 * when the header is absent or uses another scheme. An empty value comes back empty and fails validation.
 */
export function presentedToken(authorization: string | undefined): PresentedToken | undefined {
  const m = /^(bearer|dpop)(?:\s+(.*))?$/i.exec(authorization?.trim() ?? '');
  return m ? { scheme: m[1].toLowerCase() as PresentedToken['scheme'], token: (m[2] ?? '').trim() } : undefined;
}

/** The absolute URI of a request under the issuer, without query (the `htu` a proof must carry). */
const requestUri = (auth: AuthServices, request: FastifyRequest) => auth.issuer + request.url.split('?')[0];

/**
 * The DPoP proof of a token request, checked; undefined when there is none and the client does not require one.
 * @throws OAuthError `invalid_dpop_proof`
 */
export async function tokenRequestProof(auth: AuthServices, request: FastifyRequest, client: ClientConfig): Promise<DpopProof | undefined> {
  const proof = singleDpopHeader(request.headers.dpop);
  if (proof === undefined) {
    if (client.requireDpop) throw invalidDpopProof(`client ${client.clientId} receives DPoP-bound tokens only: send a DPoP proof (RFC 9449 §5)`);
    return undefined;
  }
  const now = auth.now();
  const checked = await verifyDpopProof(proof, { htm: 'POST', htu: requestUri(auth, request), now }, auth.replays);
  if (client.requireDpopNonce && !auth.dpopNonces.accepts(checked.nonce, now)) throw useDpopNonce(auth, now);
  return checked;
}

const NONCE_REQUIRED = 'the DPoP proof must carry the nonce this server sends in the DPoP-Nonce header (RFC 9449 §8)';

/** `use_dpop_nonce` at the token endpoint (RFC 9449 §8): 400 with a fresh nonce in `DPoP-Nonce`. */
const useDpopNonce = (auth: AuthServices, now: number) => new OAuthError('use_dpop_nonce', NONCE_REQUIRED, 400, { 'DPoP-Nonce': auth.dpopNonces.issue(now) });

/**
 * The `DPoP-Nonce` header to send with a successful response to a client that needs nonces (RFC 9449 §8.2: any
 * response may carry the next one), undefined for other clients.
 */
export function nextDpopNonce(auth: AuthServices, client: ClientConfig | undefined): string | undefined {
  return client?.requireDpopNonce ? auth.dpopNonces.issue(auth.now()) : undefined;
}

/** Why a presented access token is refused at a protected resource. */
export interface TokenRefusal {
  error: 'invalid_token' | 'invalid_dpop_proof' | 'use_dpop_nonce';
  description: string;
  /** The scheme of the challenge to send. */
  scheme: 'bearer' | 'dpop';
  /** `use_dpop_nonce`: the nonce to send in the `DPoP-Nonce` header (RFC 9449 §9). */
  nonce?: string;
}

/**
 * Checks a presented access token with its DPoP binding (see the module comment).
 * @returns what the token says, or why it is refused
 * @throws GrantStoreError `backend_error`
 */
export async function checkPresentedToken(auth: AuthServices, request: FastifyRequest, presented: PresentedToken): Promise<{ info: AccessTokenInfo } | { refused: TokenRefusal }> {
  const { scheme, token } = presented;
  const info = /^[A-Za-z0-9\-._~+/]+=*$/.test(token) ? await auth.tokens.validateAccessToken(token, [auth.issuer]) : undefined;
  if (!info) return { refused: { error: 'invalid_token', description: 'the access token is invalid, expired or revoked', scheme } };
  const jkt = info.cnf?.jkt;
  if (scheme === 'bearer') {
    return jkt === undefined ? { info } : { refused: { error: 'invalid_token', description: 'the access token is DPoP-bound: present it with Authorization: DPoP and a DPoP proof', scheme: 'dpop' } };
  }
  if (jkt === undefined) return { refused: { error: 'invalid_token', description: 'the access token is not DPoP-bound: present it as Bearer', scheme: 'dpop' } };
  try {
    const proof = singleDpopHeader(request.headers.dpop);
    if (proof === undefined) throw invalidDpopProof('a DPoP proof is required with Authorization: DPoP');
    const now = auth.now();
    const checked = await verifyDpopProof(proof, { htm: request.method, htu: requestUri(auth, request), accessToken: token, now }, auth.replays);
    if (checked.jkt !== jkt) throw invalidDpopProof('the DPoP proof is signed with another key than the access token is bound to');
    if (auth.clients.client(info.client_id)?.requireDpopNonce && !auth.dpopNonces.accepts(checked.nonce, now)) {
      return { refused: { error: 'use_dpop_nonce', description: NONCE_REQUIRED, scheme: 'dpop', nonce: auth.dpopNonces.issue(now) } };
    }
    return { info };
  } catch (err) {
    if (err instanceof OAuthError) return { refused: { error: 'invalid_dpop_proof', description: err.description ?? err.error, scheme: 'dpop' } };
    throw err;
  }
}

/** Characters RFC 6750 §3 / RFC 9449 §7.1 allow in quoted values. */
const quoted = (value: string) => value.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '?');

/** The `WWW-Authenticate` value of a DPoP challenge (RFC 9449 §7.1), with `algs`. */
export function dpopChallenge(realm: string, error?: string, description?: string): string {
  const parts = [`realm="${quoted(realm)}"`];
  if (error) parts.push(`error="${error}"`);
  if (error && description) parts.push(`error_description="${quoted(description)}"`);
  parts.push(`algs="${DPOP_SIGNING_ALGS.join(' ')}"`);
  return `DPoP ${parts.join(', ')}`;
}
