/**
 * `id_token_hint` (OpenID Connect Core 1.0 §3.1.2.1; RP-Initiated Logout 1.0 §2): an id token this server issued,
 * passed back as a hint about who the user is. Its RS256 signature must verify with one of the server's keys and
 * its `iss` must be the issuer; its expiry is not checked (RP-Initiated Logout §2: accept it even when its `exp`
 * has passed; an expired one still names the user).
 */
import { compactVerify, decodeProtectedHeader } from 'jose';
import type { AuthServices } from '../../core/auth/services.js';

/** The `sub` and (first) `aud` of an id token this server signed, or undefined when it is not one. */
export async function verifyIdTokenHint(auth: Pick<AuthServices, 'keys' | 'issuer'>, token: string): Promise<{ sub: string; aud: string } | undefined> {
  try {
    const { kid, alg } = decodeProtectedHeader(token);
    const key = kid === undefined || alg !== 'RS256' ? undefined : auth.keys.verificationKey(kid);
    if (!key) return undefined;
    const { payload } = await compactVerify(token, key, { algorithms: ['RS256'] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { iss?: unknown; sub?: unknown; aud?: unknown };
    const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
    if (claims.iss !== auth.issuer || typeof claims.sub !== 'string' || typeof aud !== 'string') return undefined;
    return { sub: claims.sub, aud };
  } catch {
    return undefined;
  }
}
