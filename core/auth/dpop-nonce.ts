/**
 * Server-provided DPoP nonces (RFC 9449 §8 at the token endpoint, §9 at protected resources), for clients whose
 * proofs must carry one (`requireDpopNonce`): a proof's `nonce` claim must be a nonce this server issued lately,
 * which limits a proof made ahead of time to a few minutes whatever `iat` it states (§11.2, pre-generated proofs).
 *
 * Stateless, so that every instance of the gateway issues and accepts the same nonces without a store: a nonce is
 * `<window>.<mac>`, window = ⌊now ÷ {@link DPOP_NONCE_WINDOW_SECONDS}⌋ in base 36, mac = the first 128 bits of
 * HMAC-SHA256(key, "dpop-nonce:" + window), base64url. The nonce of the current and of the previous window is
 * accepted (5 to 10 minutes old). The key is derived from `auth.session.cookieSecret` (the secret the instances
 * share, HMAC with the label "dpop-nonce"), else random for this process.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long one nonce is issued, seconds; it is accepted for this long once more. */
export const DPOP_NONCE_WINDOW_SECONDS = 300;

/** Characters of a nonce (RFC 9449 §8.1: `NQCHAR`, at least one). */
const NONCE = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/;

export class DpopNonces {
  private readonly key: Buffer;

  /** @param secret the shared secret (`auth.session.cookieSecret`); undefined: a random key of this process */
  constructor(secret: string | undefined) {
    this.key = secret === undefined ? randomBytes(32) : createHmac('sha256', secret).update('dpop-nonce').digest();
  }

  private mac(window: number): string {
    return createHmac('sha256', this.key).update(`dpop-nonce:${window.toString(36)}`).digest().subarray(0, 16).toString('base64url');
  }

  /** A nonce to hand out now (`DPoP-Nonce` header). @param now epoch seconds */
  issue(now: number): string {
    const window = Math.floor(now / DPOP_NONCE_WINDOW_SECONDS);
    return `${window.toString(36)}.${this.mac(window)}`;
  }

  /** Whether `nonce` (a proof's `nonce` claim) is one issued in the current or the previous window. @param now epoch seconds */
  accepts(nonce: unknown, now: number): boolean {
    const m = typeof nonce === 'string' ? NONCE.exec(nonce) : null;
    if (!m) return false;
    const window = parseInt(m[1], 36);
    const current = Math.floor(now / DPOP_NONCE_WINDOW_SECONDS);
    if (window !== current && window !== current - 1) return false;
    const expected = Buffer.from(this.mac(window));
    const given = Buffer.from(m[2]);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
