/**
 * Signing keys: every configured form (PEM text, PEM file, JWK, PKCS#12) for RS256 and ES256, RFC 7638 key ids,
 * development keys kept on disk, rotation over a fake clock, configuration errors naming the entry, and a
 * jose sign/verify round trip with the ring's keys. All private keys are generated at run time into temp dirs.
 */
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify, SignJWT, decodeProtectedHeader } from 'jose';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthConfig, SigningKeyConfig } from '../../config/auth.js';
import { GatewayError } from '../../core/errors.js';
import { DEV_KEY_FILES, ensureDevelopmentKeys, KeyRing, type SigningAlg } from '../../core/auth/keys/index.js';

type Keys = AuthConfig['keys'];
const HOUR = 3600;
const T0 = 1_800_000_000; // fake "now", epoch seconds
const iso = (s: number) => new Date(s * 1000).toISOString();
const tmp = () => mkdtempSync(join(tmpdir(), 'ava-keys-'));

interface Material {
  key: KeyObject;
  pkcs8: string;
  /** PKCS#1 (RSA) or SEC1 (EC) PEM. */
  traditional: string;
  jwk: Record<string, unknown>;
  /** RFC 7638 thumbprint computed here independently of jose. */
  thumbprint: string;
}

function material(alg: SigningAlg, bits = 2048): Material {
  const { privateKey } = alg === 'RS256' ? generateKeyPairSync('rsa', { modulusLength: bits }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pub = createPublicKey(privateKey).export({ format: 'jwk' });
  // RFC 7638 §3.2: required members only, lexicographic order, no whitespace, SHA-256, base64url.
  const canonical = alg === 'RS256' ? JSON.stringify({ e: pub.e, kty: pub.kty, n: pub.n }) : JSON.stringify({ crv: pub.crv, kty: pub.kty, x: pub.x, y: pub.y });
  return {
    key: privateKey,
    pkcs8: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    traditional: privateKey.export({ type: alg === 'RS256' ? 'pkcs1' : 'sec1', format: 'pem' }) as string,
    jwk: privateKey.export({ format: 'jwk' }) as Record<string, unknown>,
    thumbprint: createHash('sha256').update(canonical).digest('base64url'),
  };
}

const der = (a: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(a).getBytes(), 'binary');

/** A self-signed certificate for `key` (as real .pfx files carry one). */
function selfSigned(key: forge.pki.rsa.PrivateKey): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'ava-gateway test' }]);
  cert.setIssuer([{ name: 'commonName', value: 'ava-gateway test' }]);
  cert.sign(key, forge.md.sha256.create());
  return cert;
}

/** RSA PKCS#12 the usual node-forge way: `pkcs12.toPkcs12Asn1(key, cert, password)`. */
function forgeRsaPkcs12(m: Material, password: string): Buffer {
  const key = forge.pki.privateKeyFromPem(m.traditional) as forge.pki.rsa.PrivateKey;
  return der(forge.pkcs12.toPkcs12Asn1(key, selfSigned(key), password, { algorithm: 'aes256' }));
}

/**
 * Any-key PKCS#12 built from node-forge's parts (its `toPkcs12Asn1` only wraps RSA keys): one shrouded key bag
 * with the PKCS#8 key, AES-256 encrypted, and the SHA-1 HMAC MacData, as `toPkcs12Asn1` writes them (RFC 7292).
 */
function forgePkcs12(m: Material, password: string): Buffer {
  const { asn1, pki, util } = forge;
  const U = asn1.Class.UNIVERSAL;
  const seq = (v: forge.asn1.Asn1[]) => asn1.create(U, asn1.Type.SEQUENCE, true, v);
  const oid = (o: string) => asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(o).getBytes());
  const octets = (b: string) => asn1.create(U, asn1.Type.OCTETSTRING, false, b);
  const int = (n: number) => asn1.create(U, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
  const data = (inner: forge.asn1.Asn1) => seq([oid(pki.oids.data!), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [octets(asn1.toDer(inner).getBytes())])]);
  const info = asn1.fromDer(util.createBuffer(m.key.export({ type: 'pkcs8', format: 'der' }).toString('binary')));
  const bag = seq([oid(pki.oids.pkcs8ShroudedKeyBag!), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [pki.encryptPrivateKeyInfo(info, password, { algorithm: 'aes256' })])]);
  const authSafe = seq([data(seq([bag]))]);
  const salt = util.createBuffer(forge.random.getBytesSync(8));
  const count = 2048;
  const hmac = forge.hmac.create();
  hmac.start('sha1', forge.pkcs12.generateKey(password, salt, 3, count, 20).getBytes());
  hmac.update(asn1.toDer(authSafe).getBytes());
  const macData = seq([seq([seq([oid(pki.oids.sha1!), asn1.create(U, asn1.Type.NULL, false, '')]), octets(hmac.digest().getBytes())]), octets(salt.getBytes()), int(count)]);
  return der(seq([int(3), data(authSafe), macData]));
}

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let rsa: Material;
let ec: Material;
let rsa2: Material;
let ec2: Material;

beforeAll(() => {
  rsa = material('RS256');
  ec = material('ES256');
  rsa2 = material('RS256');
  ec2 = material('ES256');
});

const keysOf = (signing: SigningKeyConfig[], developmentKeyDir = join(tmp(), 'dev')): Keys => ({ signing, developmentKeyDir });

/** Asserts that loading fails with GW_ERR_CONFIG naming `entry` and matching `problem`. */
async function expectConfigError(keys: Keys, entry: string, problem: RegExp, opts: { baseDir?: string; now?: () => number } = {}) {
  const err = await KeyRing.load(keys, opts).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  const g = err as GatewayError;
  expect(g.code).toBe('GW_ERR_CONFIG');
  expect(g.statusCode).toBe(500);
  expect(g.message.startsWith(`${entry}: `), g.message).toBe(true);
  expect(g.message).toMatch(problem);
  expect(g.errors.config).toEqual([g.message]);
}

async function roundTrip(ring: KeyRing, alg: SigningAlg) {
  const key = ring.signingKey(alg);
  const token = await new SignJWT({ scope: 'avacloud' })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt' })
    .setIssuer('http://localhost:5000')
    .setAudience('avacloud')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key.privateKey);
  const header = decodeProtectedHeader(token);
  expect(header).toMatchObject({ alg, kid: key.kid });
  const publicKey = ring.verificationKey(header.kid!);
  expect(publicKey).toBeDefined();
  const verified = await jwtVerify(token, publicKey!, { issuer: 'http://localhost:5000', audience: 'avacloud', algorithms: [alg] });
  expect(verified.payload.scope).toBe('avacloud');
  // the path a resource server takes: the published JWKS
  const viaJwks = await jwtVerify(token, createLocalJWKSet(ring.jwks()), { algorithms: [alg] });
  expect(viaJwks.protectedHeader.kid).toBe(key.kid);
  return token;
}

describe('KeyRing: loading configured keys', () => {
  it.each([
    ['RS256', 'pem (PKCS#8)'],
    ['ES256', 'pem (PKCS#8)'],
    ['RS256', 'pem (PKCS#1)'],
    ['ES256', 'pem (SEC1)'],
    ['RS256', 'pemFile'],
    ['ES256', 'pemFile'],
    ['RS256', 'jwk'],
    ['ES256', 'jwk'],
    ['RS256', 'pkcs12 (forge toPkcs12Asn1)'],
    ['RS256', 'pkcs12 (forge parts)'],
    ['ES256', 'pkcs12 (forge parts)'],
  ] as const)('%s from %s', async (alg, form) => {
    const m = alg === 'RS256' ? rsa : ec;
    const dir = tmp();
    let entry: SigningKeyConfig;
    if (form === 'pem (PKCS#8)') entry = { alg, pem: m.pkcs8 };
    else if (form.startsWith('pem (')) entry = { alg, pem: m.traditional };
    else if (form === 'pemFile') {
      writeFileSync(join(dir, 'key.pem'), m.pkcs8, { mode: 0o600 });
      entry = { alg, pemFile: 'key.pem' }; // relative: resolved against baseDir
    } else if (form === 'jwk') entry = { alg, jwk: m.jwk };
    else {
      const p12 = form === 'pkcs12 (forge toPkcs12Asn1)' ? forgeRsaPkcs12(m, 'pfx-secret') : forgePkcs12(m, 'pfx-secret');
      writeFileSync(join(dir, 'key.p12'), p12, { mode: 0o600 });
      entry = { alg, pkcs12File: join(dir, 'key.p12'), pkcs12Password: 'pfx-secret' };
    }
    // the other algorithm comes from its own configured key so no development keys are involved
    const other: SigningKeyConfig = alg === 'RS256' ? { alg: 'ES256', pem: ec2.pkcs8 } : { alg: 'RS256', pem: rsa2.pkcs8 };
    const ring = await KeyRing.load(keysOf([entry, other]), { baseDir: dir });
    expect(ring.usesDevelopmentKeys).toBe(false);
    const key = ring.signingKey(alg);
    expect(key.kid).toBe(m.thumbprint);
    expect(key.alg).toBe(alg);
    expect(key.privateKey.type).toBe('private');
    expect(key.notBefore).toBe(0);
    expect(key.publicJwk).toMatchObject({ kid: m.thumbprint, alg, use: 'sig', kty: alg === 'RS256' ? 'RSA' : 'EC' });
    expect(key.publicJwk).not.toHaveProperty('d');
    await roundTrip(ring, alg);
  });

  it.runIf(hasOpenssl).each(['RS256', 'ES256'] as const)('%s from a PKCS#12 file written by openssl (AES-256/PBKDF2/SHA-256 MAC)', async (alg) => {
    const m = alg === 'RS256' ? rsa : ec;
    const dir = tmp();
    writeFileSync(join(dir, 'key.pem'), m.pkcs8, { mode: 0o600 });
    execFileSync('openssl', ['pkcs12', '-export', '-nocerts', '-inkey', join(dir, 'key.pem'), '-passout', 'pass:open sesame', '-out', join(dir, 'key.pfx')], { stdio: 'pipe' });
    const other: SigningKeyConfig = alg === 'RS256' ? { alg: 'ES256', pem: ec2.pkcs8 } : { alg: 'RS256', pem: rsa2.pkcs8 };
    const ring = await KeyRing.load(keysOf([{ alg, pkcs12File: 'key.pfx', pkcs12Password: 'open sesame' }, other]), { baseDir: dir });
    expect(ring.signingKey(alg).kid).toBe(m.thumbprint);
  });

  it('kid is the RFC 7638 thumbprint: the same for one key in every form and across loads', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'ec.p12'), forgePkcs12(ec, 'pw'));
    const forms: SigningKeyConfig[] = [{ alg: 'ES256', pem: ec.pkcs8 }, { alg: 'ES256', pem: ec.traditional }, { alg: 'ES256', jwk: ec.jwk }, { alg: 'ES256', pkcs12File: 'ec.p12', pkcs12Password: 'pw' }];
    for (const f of forms) {
      const ring = await KeyRing.load(keysOf([{ alg: 'RS256', pem: rsa.pkcs8 }, f]), { baseDir: dir });
      expect(ring.signingKey('ES256').kid).toBe(ec.thumbprint);
      expect(ring.signingKey('RS256').kid).toBe(rsa.thumbprint);
    }
    expect(ec.thumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a configured kid wins; a JWK carries its own kid', async () => {
    const a = await KeyRing.load(keysOf([{ alg: 'RS256', kid: 'rsa-2026', pem: rsa.pkcs8 }, { alg: 'ES256', jwk: { ...ec.jwk, kid: 'ec-from-jwk' } }]));
    expect(a.signingKey('RS256').kid).toBe('rsa-2026');
    expect(a.signingKey('ES256').kid).toBe('ec-from-jwk');
    expect(a.jwks().keys.map((k) => k.kid)).toEqual(['rsa-2026', 'ec-from-jwk']);
    const b = await KeyRing.load(keysOf([{ alg: 'RS256', pem: rsa.pkcs8 }, { alg: 'ES256', kid: 'configured', jwk: { ...ec.jwk, kid: 'ignored' } }]));
    expect(b.signingKey('ES256').kid).toBe('configured');
    await roundTrip(a, 'RS256');
  });

  it('accepts PEM text with escaped "\\n" (from an environment variable)', async () => {
    const ring = await KeyRing.load(keysOf([{ alg: 'RS256', pem: rsa.pkcs8.replace(/\n/g, '\\n') }, { alg: 'ES256', pem: ec.pkcs8 }]));
    expect(ring.signingKey('RS256').kid).toBe(rsa.thumbprint);
  });

  it('returns the same KeyObjects on every call (imported once)', async () => {
    const ring = await KeyRing.load(keysOf([{ alg: 'RS256', pem: rsa.pkcs8 }, { alg: 'ES256', pem: ec.pkcs8 }]));
    expect(ring.signingKey('ES256').privateKey).toBe(ring.signingKey('ES256').privateKey);
    expect(ring.verificationKey(ec.thumbprint)).toBe(ring.verificationKey(ec.thumbprint));
    expect(ring.verificationKey('unknown-kid')).toBeUndefined();
  });

  it('publishes public members only, with kid, alg and use', async () => {
    const ring = await KeyRing.load(keysOf([{ alg: 'RS256', pem: rsa.pkcs8 }, { alg: 'ES256', pem: ec.pkcs8 }]));
    const { keys } = ring.jwks();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toEqual({ kty: 'RSA', n: rsa.jwk.n, e: rsa.jwk.e, kid: rsa.thumbprint, alg: 'RS256', use: 'sig' });
    expect(keys[1]).toEqual({ kty: 'EC', crv: 'P-256', x: ec.jwk.x, y: ec.jwk.y, kid: ec.thumbprint, alg: 'ES256', use: 'sig' });
    keys[0]!.kid = 'tampered'; // copies: the ring is unaffected
    expect(ring.jwks().keys[0]!.kid).toBe(rsa.thumbprint);
    expect(ring.algorithms()).toEqual(['RS256', 'ES256']);
  });
});

describe('KeyRing: development keys', () => {
  it('generates RS256 (2048) and ES256 (P-256) PKCS#8 files with mode 0600 at first start and reuses them', async () => {
    const base = tmp();
    const keys = keysOf([], '.dev-keys');
    const first = await KeyRing.load(keys, { baseDir: base });
    expect(first.usesDevelopmentKeys).toBe(true);
    const rsFile = join(base, '.dev-keys', DEV_KEY_FILES.RS256);
    const esFile = join(base, '.dev-keys', DEV_KEY_FILES.ES256);
    for (const f of [rsFile, esFile]) {
      expect(readFileSync(f, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
      if (process.platform !== 'win32') expect(statSync(f).mode & 0o777).toBe(0o600);
    }
    if (process.platform !== 'win32') expect(statSync(join(base, '.dev-keys')).mode & 0o777).toBe(0o700);
    expect(readFileSync(join(base, '.dev-keys', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    const rs = first.signingKey('RS256');
    const es = first.signingKey('ES256');
    expect(rs.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(es.privateKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(first.algorithms()).toEqual(['RS256', 'ES256']);
    const before = [readFileSync(rsFile, 'utf8'), readFileSync(esFile, 'utf8')];

    const second = await KeyRing.load(keys, { baseDir: base });
    expect(second.signingKey('RS256').kid).toBe(rs.kid);
    expect(second.signingKey('ES256').kid).toBe(es.kid);
    expect([readFileSync(rsFile, 'utf8'), readFileSync(esFile, 'utf8')]).toEqual(before);
    // a token signed before the restart verifies after it
    const token = await roundTrip(first, 'RS256');
    await expect(jwtVerify(token, second.verificationKey(rs.kid)!)).resolves.toBeDefined();
    await roundTrip(second, 'ES256');
  });

  it('two processes starting at once end with one key per algorithm', async () => {
    const base = tmp();
    const keys = keysOf([], 'keys/dev');
    const rings = await Promise.all([KeyRing.load(keys, { baseDir: base }), KeyRing.load(keys, { baseDir: base }), KeyRing.load(keys, { baseDir: base })]);
    for (const alg of ['RS256', 'ES256'] as const) expect(new Set(rings.map((r) => r.signingKey(alg).kid)).size).toBe(1);

    const dir = join(tmp(), 'race');
    const runs = await Promise.all([1, 2, 3, 4].map(() => ensureDevelopmentKeys(dir, ['RS256', 'ES256'])));
    for (const i of [0, 1]) {
      expect(runs.filter((r) => r[i]!.created)).toHaveLength(1);
      expect(new Set(runs.map((r) => r[i]!.kid)).size).toBe(1);
    }
    expect(readdirSync(dir).sort()).toEqual(['.gitignore', DEV_KEY_FILES.ES256, DEV_KEY_FILES.RS256]); // no temporary files left
  });

  it('a configured ES256 key without an RS256 one: only the RS256 development key is generated', async () => {
    const base = tmp();
    const ring = await KeyRing.load(keysOf([{ alg: 'ES256', pem: ec.pkcs8 }], 'dev'), { baseDir: base });
    expect(ring.usesDevelopmentKeys).toBe(true);
    expect(ring.signingKey('ES256').kid).toBe(ec.thumbprint);
    expect(existsSync(join(base, 'dev', DEV_KEY_FILES.RS256))).toBe(true);
    expect(existsSync(join(base, 'dev', DEV_KEY_FILES.ES256))).toBe(false);
    expect(ring.jwks().keys).toHaveLength(2);
  });

  it('a configured RS256 key: no development keys, no directory', async () => {
    const base = tmp();
    const ring = await KeyRing.load(keysOf([{ alg: 'RS256', pem: rsa.pkcs8 }], 'dev'), { baseDir: base });
    expect(ring.usesDevelopmentKeys).toBe(false);
    expect(existsSync(join(base, 'dev'))).toBe(false);
    expect(ring.algorithms()).toEqual(['RS256']);
    expect(() => ring.signingKey('ES256')).toThrow(/no ES256 signing key/);
  });

  it('a damaged development key file is a config error that says how to recover', async () => {
    const base = tmp();
    await KeyRing.load(keysOf([], 'dev'), { baseDir: base });
    writeFileSync(join(base, 'dev', DEV_KEY_FILES.RS256), ec.pkcs8); // an EC key where the RSA one belongs
    await expectConfigError(keysOf([], 'dev'), 'auth.keys.developmentKeyDir', /signing-rs256\.pem is an EC key \(P-256\), but RS256 needs an RSA key; delete the file to generate a new RS256 key/, { baseDir: base });
  });
});

describe('KeyRing: rotation', () => {
  const rotation = (extraA: Partial<SigningKeyConfig> = {}) =>
    keysOf([
      { alg: 'RS256', kid: 'A', pem: rsa.pkcs8, notBefore: iso(T0 - 10 * HOUR), ...extraA },
      { alg: 'RS256', kid: 'B', pem: rsa2.pkcs8, notBefore: iso(T0 + HOUR) },
      { alg: 'ES256', pem: ec.pkcs8 },
    ]);

  it('publishes the next key before it signs, then signs with it from its notBefore', async () => {
    let now = T0;
    const ring = await KeyRing.load(rotation(), { now: () => now });
    expect(ring.signingKey('RS256').kid).toBe('A');
    expect(ring.jwks().keys.map((k) => k.kid)).toEqual(['A', ec.thumbprint, 'B']);
    expect(ring.verificationKey('B')).toBeDefined();
    expect(ring.signingKey('RS256').notBefore).toBe(T0 - 10 * HOUR);

    now = T0 + HOUR - 1;
    expect(ring.signingKey('RS256').kid).toBe('A');
    now = T0 + HOUR;
    expect(ring.signingKey('RS256').kid).toBe('B');
    await roundTrip(ring, 'RS256');
    // A is not retired: still published and still verifies
    expect(ring.jwks().keys.map((k) => k.kid)).toEqual(['B', ec.thumbprint, 'A']);
    expect(ring.verificationKey('A')).toBeDefined();
  });

  it('keeps a retired key published until retiredAt + maxTokenLifetime, then drops it', async () => {
    let now = T0;
    const ring = await KeyRing.load(rotation({ retiredAt: iso(T0 + 2 * HOUR) }), { now: () => now });
    ring.setMaxTokenLifetime(HOUR);
    const tokenA = await roundTrip(ring, 'RS256');
    expect(decodeProtectedHeader(tokenA).kid).toBe('A');

    now = T0 + HOUR; // B active; A not yet retired but no longer the newest
    expect(ring.signingKey('RS256').kid).toBe('B');
    now = T0 + 2 * HOUR; // A retired
    expect(ring.signingKey('RS256').kid).toBe('B');
    expect(ring.signingKey('RS256').retiredAt).toBeUndefined();
    expect(ring.jwks().keys.map((k) => k.kid)).toContain('A');
    now = T0 + 3 * HOUR - 1; // last second of A's publication
    expect(ring.verificationKey('A')).toBeDefined();
    expect(ring.jwks().keys.map((k) => k.kid)).toEqual(['B', ec.thumbprint, 'A']);
    now = T0 + 3 * HOUR;
    expect(ring.verificationKey('A')).toBeUndefined();
    expect(ring.jwks().keys.map((k) => k.kid)).toEqual(['B', ec.thumbprint]);
    expect(ring.verificationKey('B')).toBeDefined();

    ring.setMaxTokenLifetime(10 * HOUR); // a longer-lived client appears: A is published again
    expect(ring.jwks().keys.map((k) => k.kid)).toContain('A');
    expect(() => ring.setMaxTokenLifetime(-1)).toThrow(RangeError);
  });

  it('a retired key that was the only one of its algorithm leaves no signer and drops out of algorithms()', async () => {
    let now = T0;
    const ring = await KeyRing.load(keysOf([{ alg: 'RS256', pem: rsa.pkcs8 }, { alg: 'ES256', pem: ec.pkcs8, retiredAt: iso(T0 + 60) }]), { now: () => now });
    expect(ring.algorithms()).toEqual(['RS256', 'ES256']);
    now = T0 + 60;
    expect(ring.algorithms()).toEqual(['RS256']);
    expect(() => ring.signingKey('ES256')).toThrow(Error);
    expect(ring.verificationKey(ec.thumbprint)).toBeDefined(); // still within the default publication window
  });

  it('two keys active from the same time: the earlier entry signs', async () => {
    const ring = await KeyRing.load(keysOf([{ alg: 'RS256', kid: 'first', pem: rsa.pkcs8 }, { alg: 'RS256', kid: 'second', pem: rsa2.pkcs8 }]), { now: () => T0 });
    expect(ring.signingKey('RS256').kid).toBe('first');
  });
});

describe('KeyRing: configuration errors name the entry', () => {
  const good: SigningKeyConfig[] = [];
  beforeAll(() => {
    good.push({ alg: 'RS256', pem: rsa.pkcs8 }, { alg: 'ES256', pem: ec.pkcs8 });
  });
  const third = (bad: SigningKeyConfig) => keysOf([...good, bad]);

  it('unreadable file', async () => {
    await expectConfigError(third({ alg: 'RS256', pemFile: '/nonexistent/key.pem' }), 'auth.keys.signing[2]', /cannot read pemFile \/nonexistent\/key\.pem \(ENOENT\)/);
    await expectConfigError(third({ alg: 'RS256', pkcs12File: 'missing.p12', pkcs12Password: 'x' }), 'auth.keys.signing[2]', /cannot read pkcs12File .*missing\.p12/, { baseDir: tmp() });
  });

  it('wrong PKCS#12 password, or not a PKCS#12 file', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'rsa.p12'), forgeRsaPkcs12(rsa2, 'right'));
    writeFileSync(join(dir, 'ec.p12'), forgePkcs12(ec2, 'right'));
    writeFileSync(join(dir, 'junk.p12'), 'not asn.1');
    await expectConfigError(third({ alg: 'RS256', pkcs12File: 'rsa.p12', pkcs12Password: 'wrong' }), 'auth.keys.signing[2]', /wrong pkcs12Password/, { baseDir: dir });
    await expectConfigError(third({ alg: 'ES256', pkcs12File: 'ec.p12' }), 'auth.keys.signing[2]', /wrong pkcs12Password/, { baseDir: dir });
    await expectConfigError(third({ alg: 'ES256', pkcs12File: 'junk.p12' }), 'auth.keys.signing[2]', /not a readable PKCS#12 file/, { baseDir: dir });
  });

  it('algorithm mismatch', async () => {
    await expectConfigError(third({ alg: 'RS256', pem: ec2.pkcs8 }), 'auth.keys.signing[2]', /is an EC key \(P-256\), but RS256 needs an RSA key/);
    await expectConfigError(third({ alg: 'ES256', jwk: rsa2.jwk }), 'auth.keys.signing[2]', /is an RSA key \(2048 bits\), but ES256 needs an EC key on P-256/);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await expectConfigError(third({ alg: 'ES256', pem: p384 }), 'auth.keys.signing[2]', /is an EC key \(P-384\)/);
    const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await expectConfigError(third({ alg: 'RS256', pem: ed }), 'auth.keys.signing[2]', /is an ed25519 key/);
    await expectConfigError(third({ alg: 'RS256', jwk: { ...rsa2.jwk, alg: 'PS256' } }), 'auth.keys.signing[2]', /jwk has "alg": "PS256", but the entry declares RS256/);
    await expectConfigError(third({ alg: 'RS256', jwk: { ...rsa2.jwk, use: 'enc' } }), 'auth.keys.signing[2]', /"use": "enc"/);
    await expectConfigError(third({ alg: 'HS256' as 'RS256', pem: rsa2.pkcs8 }), 'auth.keys.signing[2]', /alg "HS256" is not supported/);
  });

  it('RSA below 2048 bits', async () => {
    const small = material('RS256', 1024);
    await expectConfigError(third({ alg: 'RS256', pem: small.pkcs8 }), 'auth.keys.signing[2]', /RSA key has 1024 bits; RS256 needs at least 2048/);
  });

  it('public-only or encrypted keys', async () => {
    const spki = createPublicKey(rsa2.key).export({ type: 'spki', format: 'pem' }) as string;
    await expectConfigError(third({ alg: 'RS256', pem: spki }), 'auth.keys.signing[2]', /holds no private key/);
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = rsa2.jwk;
    await expectConfigError(third({ alg: 'RS256', jwk: publicJwk }), 'auth.keys.signing[2]', /jwk holds only a public key/);
    await expectConfigError(third({ alg: 'RS256', jwk: { kty: 'oct', k: 'c2VjcmV0' } }), 'auth.keys.signing[2]', /symmetric/);
    const encrypted = rsa2.key.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'x' }) as string;
    await expectConfigError(third({ alg: 'RS256', pem: encrypted }), 'auth.keys.signing[2]', /encrypted private key.*PKCS#12/);
    await expectConfigError(third({ alg: 'RS256', pem: 'hello' }), 'auth.keys.signing[2]', /not PEM text/);
  });

  it('no key, several keys, stray password', async () => {
    await expectConfigError(third({ alg: 'RS256' }), 'auth.keys.signing[2]', /no key: set one of pem, pemFile, jwk, pkcs12File/);
    await expectConfigError(third({ alg: 'RS256', pem: rsa2.pkcs8, jwk: rsa2.jwk }), 'auth.keys.signing[2]', /several keys \(pem, jwk\)/);
    await expectConfigError(third({ alg: 'RS256', pem: rsa2.pkcs8, pkcs12Password: 'x' }), 'auth.keys.signing[2]', /pkcs12Password is set without pkcs12File/);
  });

  it('duplicate key ids', async () => {
    await expectConfigError(third({ alg: 'RS256', pem: rsa.traditional }), 'auth.keys.signing[2]', /already used by auth\.keys\.signing\[0\]/);
    await expectConfigError(keysOf([{ alg: 'RS256', kid: 'k', pem: rsa.pkcs8 }, { alg: 'ES256', kid: 'k', pem: ec.pkcs8 }]), 'auth.keys.signing[1]', /kid "k" is already used/);
  });

  it('bad times', async () => {
    await expectConfigError(third({ alg: 'RS256', pem: rsa2.pkcs8, notBefore: 'tomorrow' }), 'auth.keys.signing[2]', /notBefore "tomorrow" is not an ISO date-time/);
    await expectConfigError(third({ alg: 'RS256', pem: rsa2.pkcs8, notBefore: iso(T0), retiredAt: iso(T0) }), 'auth.keys.signing[2]', /retiredAt .* is not after notBefore/);
  });

  it('no RS256 key signs at start-up (id tokens need one)', async () => {
    await expectConfigError(keysOf([{ alg: 'RS256', pem: rsa.pkcs8, notBefore: iso(T0 + HOUR) }]), 'auth.keys.signing', /no RS256 key signs now/, { now: () => T0 });
    await expectConfigError(keysOf([{ alg: 'RS256', pem: rsa.pkcs8, retiredAt: iso(T0 - 1) }]), 'auth.keys.signing', /no RS256 key signs now/, { now: () => T0 });
  });
});
