/** Server-provided DPoP nonces (RFC 9449 §8): shared by instances with the same secret, valid for two windows. */
import { describe, expect, it } from 'vitest';
import { DPOP_NONCE_WINDOW_SECONDS, DpopNonces } from '../../core/auth/dpop-nonce.js';

describe('DpopNonces', () => {
  const secret = 'a-shared-cookie-secret-of-32-characters!';
  const t = 1_800_000_000;

  it('accepts its nonces, and another instance\'s with the same secret, for the current and the previous window only', () => {
    const a = new DpopNonces(secret);
    const b = new DpopNonces(secret);
    const nonce = a.issue(t);
    expect(b.accepts(nonce, t)).toBe(true);
    expect(b.accepts(nonce, t + DPOP_NONCE_WINDOW_SECONDS)).toBe(true);
    expect(b.accepts(nonce, t + 2 * DPOP_NONCE_WINDOW_SECONDS)).toBe(false);
    expect(b.accepts(a.issue(t + DPOP_NONCE_WINDOW_SECONDS), t)).toBe(false); // a nonce from the future
  });

  it('refuses nonces of another secret or of a random key, and anything that is no nonce', () => {
    const a = new DpopNonces(secret);
    expect(new DpopNonces('another-secret-of-at-least-32-characters').accepts(a.issue(t), t)).toBe(false);
    expect(new DpopNonces(undefined).accepts(a.issue(t), t)).toBe(false);
    for (const bad of [undefined, 42, '', 'x', a.issue(t) + 'A', a.issue(t).replace('.', ':')]) expect(a.accepts(bad, t)).toBe(false);
  });
});
