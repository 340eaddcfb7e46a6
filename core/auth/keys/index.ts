/**
 * Signing keys of the token service: loading (PEM, JWK, PKCS#12), development keys generated at first start,
 * rotation over time and the JWKS. See `KeyRing`.
 */
export { KeyRing, DEFAULT_MAX_TOKEN_LIFETIME, type KeyRingOptions, type SigningKey } from './key-ring.js';
export {
  loadConfiguredKey,
  describeSigningKey,
  keyProblem,
  parsePrivateKeyPem,
  parsePrivateJwk,
  parsePkcs12,
  MIN_RSA_BITS,
  SIGNING_ALGS,
  type LoadedKey,
  type SigningAlg,
} from './load.js';
export { ensureDevelopmentKeys, DEV_KEY_FILES, type DevelopmentKey } from './dev-keys.js';
