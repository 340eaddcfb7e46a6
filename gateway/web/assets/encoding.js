// Encodings the page's sign-in needs (RFC 4648 §5 base64url without padding, as PKCE, JWS and DPoP use it).

const encoder = new TextEncoder();

/** `bytes` (a Uint8Array) as base64url without padding. */
export const base64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** `size` random bytes as base64url (PKCE verifier, `state`, a DPoP proof's `jti`). */
export const randomBase64url = (size) => base64url(crypto.getRandomValues(new Uint8Array(size)));

/** base64url of the SHA-256 of `text`'s UTF-8 (a PKCE S256 challenge, RFC 7636 §4.2; a DPoP `ath`, RFC 9449 §4.2). */
export async function sha256Base64url(text) {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}
