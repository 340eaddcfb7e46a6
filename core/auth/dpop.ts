/**
 * DPoP proofs (RFC 9449, OAuth 2.0 Demonstrating Proof of Possession): checking the `DPoP` header of a token
 * request or of a request to a protected resource, and the key thumbprint (`jkt`, RFC 7638 SHA-256) that binds
 * tokens to the key (`cnf.jkt`, RFC 9449 §6).
 *
 * A proof is accepted when (RFC 9449 §4.3):
 * - it is one JWS with `typ: dpop+jwt`, an asymmetric `alg` of {@link DPOP_SIGNING_ALGS} (never `none` or HMAC),
 *   and a public `jwk` in its header (no private key members) that verifies its signature;
 * - its `htm` equals the request's method and its `htu` the request's URI without query and fragment (compared
 *   after RFC 3986 §6.2 syntax-based normalisation: scheme and host lower case, default port removed);
 * - its `iat` lies within the last {@link DPOP_MAX_AGE_SECONDS} seconds (up to {@link DPOP_CLOCK_SKEW_SECONDS}
 *   ahead is tolerated);
 * - its `jti` has not been seen for this key within that window (the replay store, memory or Redis; §11.1);
 * - at a protected resource, `ath` is base64url SHA-256 of the access token (§4.2, §7).
 * A server-provided nonce (§8, §9) is returned with the proof; `dpop-nonce.ts` issues and checks them.
 */
import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import type { ReplayStore } from '../stores/replay-store.js';
import { OAuthError } from './oauth-error.js';

/** Algorithms a proof may be signed with (discovery `dpop_signing_alg_values_supported`). */
export const DPOP_SIGNING_ALGS = ['ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512', 'EdDSA'] as const;
/** How old a proof's `iat` may be, seconds. */
export const DPOP_MAX_AGE_SECONDS = 300;
/** How far a proof's `iat` may lie in the future, seconds. */
export const DPOP_CLOCK_SKEW_SECONDS = 60;

/** JWK members of private or symmetric keys (RFC 7518 §6.2.2, §6.3.2, §6.4.1; RFC 8037 §2). */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** A proof that passed every check. */
export interface DpopProof {
  /** RFC 7638 SHA-256 thumbprint of the proof's key, base64url. */
  jkt: string;
  jti: string;
  /** Epoch seconds. */
  iat: number;
  /** The proof's `nonce` claim (RFC 9449 §4.2), which `dpop-nonce.ts` checks for clients that need one. */
  nonce?: string;
}

/** What the proof must match. */
export interface DpopExpectation {
  /** The request's method (`POST` at the token endpoint). */
  htm: string;
  /** The request's absolute URI (query and fragment are ignored). */
  htu: string;
  /** The access token presented with it (protected resources): `ath` must be its hash. */
  accessToken?: string;
  /** Epoch seconds. */
  now: number;
}

/** `invalid_dpop_proof` (RFC 9449 §5, §7.1). */
export const invalidDpopProof = (description: string) => new OAuthError('invalid_dpop_proof', description);

/** base64url SHA-256 of an access token (`ath`, RFC 9449 §4.2). */
export const accessTokenHash = (token: string) => createHash('sha256').update(token, 'ascii').digest('base64url');

/** The URI without query and fragment, normalised (RFC 3986 §6.2.2–6.2.3), or undefined when it is not an absolute http(s) URI. */
function normalizedUri(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.protocol}//${u.host}${u.pathname}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The single proof of a request's `DPoP` header values: undefined without one.
 * @throws OAuthError `invalid_dpop_proof` when the header is repeated (RFC 9449 §4.3 check 1)
 */
export function singleDpopHeader(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value) || value.includes(',')) throw invalidDpopProof('exactly one DPoP header is allowed');
  return value.trim();
}

/**
 * Checks a proof (see the module comment) and records its `jti`.
 * @throws OAuthError `invalid_dpop_proof` naming the failed check
 * @throws GrantStoreError `backend_error` when the replay store is unavailable
 */
export async function verifyDpopProof(proof: string, expected: DpopExpectation, replays: ReplayStore): Promise<DpopProof> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    throw invalidDpopProof('the DPoP proof is not a JWS');
  }
  if (header.typ !== 'dpop+jwt') throw invalidDpopProof('the DPoP proof must have typ dpop+jwt');
  if (typeof header.alg !== 'string' || !(DPOP_SIGNING_ALGS as readonly string[]).includes(header.alg)) {
    throw invalidDpopProof(`the DPoP proof alg must be one of ${DPOP_SIGNING_ALGS.join(', ')}`);
  }
  const jwk = header.jwk as JWK | undefined;
  if (!jwk || typeof jwk !== 'object') throw invalidDpopProof('the DPoP proof has no jwk header');
  if (PRIVATE_MEMBERS.some((m) => m in jwk)) throw invalidDpopProof('the DPoP proof jwk must be a public key');
  let payload;
  try {
    const key = await importJWK(jwk, header.alg);
    ({ payload } = await jwtVerify(proof, key, { typ: 'dpop+jwt', algorithms: [header.alg], currentDate: new Date(expected.now * 1000), clockTolerance: DPOP_CLOCK_SKEW_SECONDS }));
  } catch {
    throw invalidDpopProof('the DPoP proof signature does not verify with its jwk');
  }
  const { jti, htm, htu, iat, ath, nonce } = payload as Record<string, unknown>;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 256) throw invalidDpopProof('the DPoP proof needs a jti');
  if (htm !== expected.htm) throw invalidDpopProof(`the DPoP proof htm must be ${expected.htm}`);
  const want = normalizedUri(expected.htu);
  if (normalizedUri(htu) !== want) throw invalidDpopProof(`the DPoP proof htu must be ${want}`);
  if (typeof iat !== 'number') throw invalidDpopProof('the DPoP proof needs an iat');
  if (iat < expected.now - DPOP_MAX_AGE_SECONDS || iat > expected.now + DPOP_CLOCK_SKEW_SECONDS) {
    throw invalidDpopProof(`the DPoP proof iat is outside the accepted window (${DPOP_MAX_AGE_SECONDS} s)`);
  }
  if (expected.accessToken !== undefined && ath !== accessTokenHash(expected.accessToken)) throw invalidDpopProof('the DPoP proof ath does not match the access token');
  const jkt = await calculateJwkThumbprint(jwk, 'sha256');
  const window = DPOP_MAX_AGE_SECONDS + DPOP_CLOCK_SKEW_SECONDS;
  if (!(await replays.firstUse(`dpop:${jkt}:${jti}`, window))) throw invalidDpopProof('the DPoP proof has been used before');
  return { jkt, jti, iat, ...(typeof nonce === 'string' && { nonce }) };
}
