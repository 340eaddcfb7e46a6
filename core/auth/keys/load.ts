/**
 * Reading one signing key from the configuration (`auth.keys.signing[i]`): PEM text or file, a private JWK
 * (RFC 7517 §4), or a PKCS#12 file with password. Every form ends as a Node `KeyObject` made once by
 * `crypto.createPrivateKey`, checked against the declared algorithm (RFC 7518 §3.3 RS256: RSA ≥ 2048 bits;
 * §3.4 ES256: EC on P-256), and described by its public JWK with `kid`, `alg` and `use: "sig"`. Without a
 * configured `kid` the key id is the RFC 7638 JWK thumbprint (SHA-256, base64url) of the public key, so it is
 * stable across restarts and machines.
 *
 * node-forge is used only to open PKCS#12 containers (digitalbazaar/forge, README.md "PKCS#12"): the PrivateKeyInfo it
 * unwraps is handed to `crypto.createPrivateKey` as PKCS#8 DER; forge never signs or verifies anything here.
 *
 * Every failure is a `GatewayError('GW_ERR_CONFIG', '<label>: <what is wrong>', 'config')` so start-up stops
 * with a message naming the entry (e.g. `auth.keys.signing[2]: is an EC key (P-256), but RS256 needs an RSA key`).
 */
import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import forge from 'node-forge';
import type { SigningKeyConfig } from '../config.js';
import { GatewayError } from '../../errors.js';

/** The JWS algorithms a signing key may have (RFC 7518 §3.1): RS256 = RSASSA-PKCS1-v1_5 + SHA-256, ES256 = ECDSA P-256 + SHA-256. */
export type SigningAlg = 'RS256' | 'ES256';

/** All supported algorithms, in the order discovery lists them (RS256 first: required for id tokens, OIDC Core §15.1). */
export const SIGNING_ALGS: readonly SigningAlg[] = ['RS256', 'ES256'];

/** Smallest RSA modulus accepted for RS256, bits (RFC 7518 §3.3: "2048 bits or larger MUST be used"). */
export const MIN_RSA_BITS = 2048;

/** A key read and checked, not yet placed in time (see `KeyRing`). */
export interface LoadedKey {
  /** Key id: configured, the JWK's own `kid`, or the RFC 7638 thumbprint of the public key. */
  kid: string;
  alg: SigningAlg;
  /** Private key, `type === 'private'`; pass it to jose `SignJWT#sign` as is (jose caches its conversion per object). */
  privateKey: KeyObject;
  /** The matching public key, made once. */
  publicKey: KeyObject;
  /** Public JWK (RFC 7517): `kty`, `n`/`e` or `crv`/`x`/`y`, plus `kid`, `alg`, `use: 'sig'`. Frozen. */
  publicJwk: Readonly<JWK>;
}

/** The configuration error every loader throws: `<label>: <problem>`, rendered under the `config` key. */
export function keyConfigError(label: string, problem: string, cause?: unknown): GatewayError {
  return new GatewayError('GW_ERR_CONFIG', `${label}: ${problem}`, 'config', cause === undefined ? undefined : { cause });
}

/** Human description of a key's type for messages: `RSA key (1024 bits)`, `EC key (P-384)`, `ed25519 key`. */
export function describeKey(key: KeyObject): string {
  const d = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return `an RSA key (${d.modulusLength ?? '?'} bits)`;
    case 'rsa-pss':
      return `an RSA-PSS key (${d.modulusLength ?? '?'} bits)`;
    case 'ec':
      return `an EC key (${curveName(d.namedCurve)})`;
    default:
      return `${key.asymmetricKeyType === undefined ? 'a symmetric' : `an ${key.asymmetricKeyType}`} key`;
  }
}

const curveName = (c: string | undefined) =>
  c === 'prime256v1' ? 'P-256' : c === 'secp384r1' ? 'P-384' : c === 'secp521r1' ? 'P-521' : (c ?? 'unknown curve');

/**
 * What makes `key` unusable to sign with `alg`, or `undefined` when it fits.
 * RS256 (RFC 7518 §3.3): a private `rsa` key (not `rsa-pss`, which is bound to PSS padding) of at least 2048 bits.
 * ES256 (RFC 7518 §3.4): a private `ec` key on P-256 (`prime256v1`).
 */
export function keyProblem(key: KeyObject, alg: SigningAlg): string | undefined {
  if (key.type !== 'private') return `holds ${key.type === 'public' ? 'only a public key' : 'a symmetric key'}; a private key is needed to sign`;
  if (alg === 'RS256') {
    if (key.asymmetricKeyType !== 'rsa') return `is ${describeKey(key)}, but RS256 needs an RSA key`;
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS) return `RSA key has ${bits} bits; RS256 needs at least ${MIN_RSA_BITS} (RFC 7518 §3.3)`;
    return undefined;
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    return `is ${describeKey(key)}, but ES256 needs an EC key on P-256 (RFC 7518 §3.4)`;
  }
  return undefined;
}

/**
 * Checks a private key against `alg` and builds its public side: public `KeyObject`, public JWK and key id.
 * @param kid configured key id; absent = RFC 7638 thumbprint (SHA-256) of the public JWK
 * @throws GatewayError GW_ERR_CONFIG `<label>: …` when the key does not fit `alg`
 */
export async function describeSigningKey(privateKey: KeyObject, alg: SigningAlg, label: string, kid?: string): Promise<LoadedKey> {
  const problem = keyProblem(privateKey, alg);
  if (problem) throw keyConfigError(label, problem);
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const id = kid ?? (await calculateJwkThumbprint(jwk, 'sha256'));
  const publicJwk: JWK = Object.freeze({ ...jwk, kid: id, alg, use: 'sig' });
  return { kid: id, alg, privateKey, publicKey, publicJwk };
}

/**
 * Parses PEM text holding a private key: PKCS#8 (`PRIVATE KEY`), PKCS#1 (`RSA PRIVATE KEY`) or SEC1
 * (`EC PRIVATE KEY`); other blocks around it (a certificate chain) are skipped by OpenSSL.
 * A configured string with literal `\n` sequences and no real line break (from an environment variable) is unescaped.
 * @param source where the text came from, for messages (`pem`, `pemFile /etc/keys/a.pem`)
 * @throws GatewayError GW_ERR_CONFIG naming `label` for public-only, encrypted or unreadable PEM
 */
export function parsePrivateKeyPem(text: string, label: string, source: string): KeyObject {
  const pem = !text.includes('\n') && text.includes('\\n') ? text.replace(/\\n/g, '\n') : text;
  try {
    return createPrivateKey({ key: pem, format: 'pem' });
  } catch (err) {
    const message = (err as Error).message;
    if (!pem.includes('-----BEGIN ')) throw keyConfigError(label, `${source} is not PEM text (no "-----BEGIN" line)`, err);
    if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem)) {
      throw keyConfigError(label, `${source} holds an encrypted private key; give it unencrypted (file mode 0600) or as PKCS#12 (pkcs12File + pkcs12Password)`, err);
    }
    if (!/-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(pem)) {
      throw keyConfigError(label, `${source} holds no private key (only a public key or certificate); a private key is needed to sign`, err);
    }
    throw keyConfigError(label, `${source} cannot be read as a private key (${message})`, err);
  }
}

/**
 * Imports a private JWK (RFC 7517 §4; RSA members per RFC 7518 §6.3.2, EC per §6.2.2).
 * @throws GatewayError GW_ERR_CONFIG for symmetric or public-only JWKs, a JWK `alg`/`use` that contradicts the entry, or bad members
 */
export function parsePrivateJwk(jwk: Record<string, unknown>, alg: SigningAlg, label: string): KeyObject {
  if (jwk.kty === 'oct') throw keyConfigError(label, `jwk is a symmetric ("oct") key; ${alg} needs an asymmetric private key`);
  if (typeof jwk.d !== 'string') throw keyConfigError(label, 'jwk holds only a public key (no "d" member); a private key is needed to sign');
  if (jwk.alg !== undefined && jwk.alg !== alg) throw keyConfigError(label, `jwk has "alg": ${JSON.stringify(jwk.alg)}, but the entry declares ${alg}`);
  if (jwk.use !== undefined && jwk.use !== 'sig') throw keyConfigError(label, `jwk has "use": ${JSON.stringify(jwk.use)}; a signing key needs "sig" or none`);
  try {
    return createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
  } catch (err) {
    throw keyConfigError(label, `jwk cannot be imported (${(err as Error).message})`, err);
  }
}

/**
 * Opens a PKCS#12 (.pfx/.p12, RFC 7292) container with node-forge and returns its single private key.
 * Both shrouded (password-encrypted PKCS#8) and plain key bags are read; the PrivateKeyInfo goes to
 * `crypto.createPrivateKey` as PKCS#8 DER, so EC keys (which forge cannot model) work as well as RSA ones.
 * An absent password is tried as the empty password.
 * @throws GatewayError GW_ERR_CONFIG for a wrong password, a damaged file, no key or more than one key
 */
export function parsePkcs12(der: Buffer, password: string | undefined, label: string, source: string): KeyObject {
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
    pfx = forge.pkcs12.pkcs12FromAsn1(asn1, false, password ?? '');
  } catch (err) {
    const message = (err as Error).message;
    const hint = /password|MAC|decrypt/i.test(message) ? 'wrong pkcs12Password or damaged file' : 'not a readable PKCS#12 file';
    throw keyConfigError(label, `cannot open PKCS#12 ${source}: ${hint} (${message})`, err);
  }
  const oids = forge.pki.oids;
  const bags = [
    ...(pfx.getBags({ bagType: oids.pkcs8ShroudedKeyBag })[oids.pkcs8ShroudedKeyBag] ?? []),
    ...(pfx.getBags({ bagType: oids.keyBag })[oids.keyBag] ?? []),
  ];
  if (bags.length === 0) throw keyConfigError(label, `PKCS#12 ${source} holds no private key`);
  if (bags.length > 1) throw keyConfigError(label, `PKCS#12 ${source} holds ${bags.length} private keys; exactly one is expected`);
  const bag = bags[0]!;
  // forge decodes RSA keys into its own object (and then drops the ASN.1); other key types keep `asn1` = PrivateKeyInfo.
  const info = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : bag.asn1;
  try {
    const pkcs8 = Buffer.from(forge.asn1.toDer(info).getBytes(), 'binary');
    return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  } catch (err) {
    throw keyConfigError(label, `PKCS#12 ${source}: the private key cannot be read (${(err as Error).message})`, err);
  }
}

async function readKeyFile(path: string, label: string, field: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    throw keyConfigError(label, `cannot read ${field} ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, err);
  }
}

/**
 * Loads one configured signing key: exactly one of `pem`, `pemFile`, `jwk`, `pkcs12File` must be set.
 * Relative file paths are resolved against `baseDir`.
 * Key id: `entry.kid`, else the JWK's own `kid` (for `jwk`), else the RFC 7638 thumbprint.
 * @param label names the entry in errors, e.g. `auth.keys.signing[2]`
 * @throws GatewayError GW_ERR_CONFIG `<label>: …` (no or several sources, unreadable file, wrong password,
 *         public-only key, algorithm mismatch, RSA < 2048 bits)
 */
export async function loadConfiguredKey(entry: SigningKeyConfig, label: string, baseDir: string): Promise<LoadedKey> {
  if (entry.alg !== 'RS256' && entry.alg !== 'ES256') {
    throw keyConfigError(label, `alg ${JSON.stringify(entry.alg)} is not supported (RS256 or ES256)`);
  }
  const sources = (['pem', 'pemFile', 'jwk', 'pkcs12File'] as const).filter((f) => entry[f] !== undefined);
  if (sources.length !== 1) {
    throw keyConfigError(label, sources.length === 0 ? 'no key: set one of pem, pemFile, jwk, pkcs12File' : `several keys (${sources.join(', ')}); set exactly one`);
  }
  if (entry.pkcs12Password !== undefined && entry.pkcs12File === undefined) throw keyConfigError(label, 'pkcs12Password is set without pkcs12File');
  if (entry.kid !== undefined && entry.kid === '') throw keyConfigError(label, 'kid must not be empty');

  let privateKey: KeyObject;
  let kid = entry.kid;
  if (entry.pem !== undefined) {
    privateKey = parsePrivateKeyPem(entry.pem, label, 'pem');
  } else if (entry.pemFile !== undefined) {
    const path = resolve(baseDir, entry.pemFile);
    privateKey = parsePrivateKeyPem((await readKeyFile(path, label, 'pemFile')).toString('utf8'), label, `pemFile ${path}`);
  } else if (entry.jwk !== undefined) {
    privateKey = parsePrivateJwk(entry.jwk, entry.alg, label);
    if (kid === undefined && typeof entry.jwk.kid === 'string' && entry.jwk.kid !== '') kid = entry.jwk.kid;
  } else {
    const path = resolve(baseDir, entry.pkcs12File!);
    privateKey = parsePkcs12(await readKeyFile(path, label, 'pkcs12File'), entry.pkcs12Password, label, `file ${path}`);
  }
  return describeSigningKey(privateKey, entry.alg, label, kid);
}
