// DPoP (RFC 9449) for the page's tokens: at sign-in the page makes an ECDSA P-256 key pair with WebCrypto whose
// private key cannot be exported, and keeps it in IndexedDB for as long as the token lives; the token request and
// every request with the token carry a proof signed with that key (§4: `typ` dpop+jwt, ES256, the public `jwk`;
// `jti`, `htm`, `htu` without query, `iat`, and `ath` = SHA-256 of the token when one is sent). The token the
// gateway then issues is bound to the key (`cnf.jkt`): read out of sessionStorage it is of no use elsewhere.
// A server nonce (§8, §9) is taken from every `DPoP-Nonce` header and put into the next proofs; a request the
// server answered `use_dpop_nonce` is sent once more by its caller.

import { base64url, randomBase64url, sha256Base64url } from './encoding.js';

const DB_NAME = 'ava-web';
const STORE = 'dpop-keys';
const encoder = new TextEncoder();

const encodeJson = (value) => base64url(encoder.encode(JSON.stringify(value)));

/** The server's latest nonce (from a `DPoP-Nonce` header), put into the next proofs. */
let serverNonce;

/** Whether the browser can keep a key that cannot be exported (WebCrypto in a secure context, IndexedDB). */
export const dpopAvailable = () => Boolean(globalThis.crypto?.subtle && globalThis.indexedDB);

/** Runs `operation(store)` in one transaction of the key store; resolves with its request's result. */
function keyStore(mode, operation) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(STORE, mode);
      const request = operation(tx.objectStore(STORE));
      tx.oncomplete = () => { db.close(); resolve(request.result); };
      tx.onerror = tx.onabort = () => { db.close(); reject(tx.error); };
    };
  });
}

/** Makes a key pair (private key not extractable), stores it and returns its id. */
export async function createDpopKey() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const id = randomBase64url(16);
  await keyStore('readwrite', (store) => store.put(pair, id));
  return id;
}

/** Forgets a key (the token bound to it becomes useless). Never rejects. */
export const deleteDpopKey = (id) => (id ? keyStore('readwrite', (store) => store.delete(id)).catch(() => undefined) : Promise.resolve());

/**
 * A DPoP proof for `method` on `url` (relative to the page) with the key `keyId`, and the server nonce it carries.
 * @param accessToken the token the request carries (its hash becomes `ath`), undefined at the token endpoint
 * @returns `{ proof, nonce }`
 * @throws Error when the key is gone (the sign-in must be repeated)
 */
export async function dpopProof(keyId, method, url, accessToken) {
  const pair = await keyStore('readonly', (store) => store.get(keyId));
  if (!pair) throw new Error('the key of this sign-in is gone; please sign in again');
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const target = new URL(url, location.href);
  const claims = { jti: randomBase64url(16), htm: method, htu: target.origin + target.pathname, iat: Math.floor(Date.now() / 1000) };
  if (accessToken) claims.ath = await sha256Base64url(accessToken);
  const nonce = serverNonce;
  if (nonce) claims.nonce = nonce;
  const input = `${encodeJson({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty, crv, x, y } })}.${encodeJson(claims)}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, encoder.encode(input));
  return { proof: `${input}.${base64url(new Uint8Array(signature))}`, nonce };
}

/**
 * Takes the nonce of a response (its `DPoP-Nonce` header) for the next proofs.
 * @param sent the nonce the request's proof carried (`dpopProof`)
 * @returns whether the response refused the request for want of another nonce (`use_dpop_nonce`: a 400 at the token
 *   endpoint, a 401 with `WWW-Authenticate: DPoP error="use_dpop_nonce"` elsewhere), so that it is worth sending again
 */
export function noteDpopNonce(sent, response) {
  const { status, nonce, wwwAuthenticate, error } = response;
  if (!nonce) return false;
  serverNonce = nonce;
  const refused = (status === 400 && error === 'use_dpop_nonce') || (status === 401 && /use_dpop_nonce/.test(wwwAuthenticate ?? ''));
  return refused && nonce !== sent;
}
