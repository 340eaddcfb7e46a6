/**
 * Development signing keys: when the configuration names no RS256 key, the gateway generates its keys at first
 * start and keeps them in `auth.keys.developmentKeyDir` so tokens stay valid across restarts:
 * - `signing-rs256.pem`: RSA 2048-bit (RFC 7518 §3.3 minimum), PKCS#8 PEM
 * - `signing-es256.pem`: EC P-256 (RFC 7518 §3.4), PKCS#8 PEM
 *
 * Files are created with mode 0600 in a directory created with mode 0700 (plus a `.gitignore` of `*` when the
 * directory is new, so the keys are not committed by accident). Later starts read the files again; their key
 * ids are the RFC 7638 thumbprints and therefore the same. Creation is atomic: a key is written to a temporary
 * file and hard-linked to its final name, so two processes starting at once end with one key (the loser reads
 * the winner's file). These keys are for development only; production configures `auth.keys.signing`.
 */
import { generateKeyPair as generateKeyPairCb, randomBytes, type KeyObject } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeSigningKey, keyConfigError, parsePrivateKeyPem, type LoadedKey, type SigningAlg } from './load.js';

const generateKeyPair = promisify(generateKeyPairCb);

/** File name of each algorithm's development key inside `developmentKeyDir`. */
export const DEV_KEY_FILES: Readonly<Record<SigningAlg, string>> = { RS256: 'signing-rs256.pem', ES256: 'signing-es256.pem' };

/** A development key and where it lives. */
export interface DevelopmentKey extends LoadedKey {
  /** Absolute path of the PKCS#8 PEM file. */
  file: string;
  /** True when this call generated the file; false when an existing one was reused. */
  created: boolean;
}

const LABEL = 'auth.keys.developmentKeyDir';

async function generatePem(alg: SigningAlg): Promise<string> {
  const { privateKey } =
    alg === 'RS256'
      ? await generateKeyPair('rsa', { modulusLength: 2048, publicExponent: 0x10001 })
      : await generateKeyPair('ec', { namedCurve: 'P-256' });
  return (privateKey as KeyObject).export({ type: 'pkcs8', format: 'pem' }) as string;
}

/** Writes `pem` to `file` unless it exists; returns false when another writer got there first. */
async function createExclusive(file: string, pem: string): Promise<boolean> {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, pem, { mode: 0o600, flag: 'wx' });
  try {
    await chmod(tmp, 0o600); // the creation mode is masked by the umask; make it exact
    await link(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

/**
 * Returns the development keys for `algs`, generating missing ones into `dir` (created if needed).
 * @param dir absolute directory (the caller resolves `developmentKeyDir` against its base directory)
 * @throws GatewayError GW_ERR_CONFIG `auth.keys.developmentKeyDir: …` when the directory or a file cannot be
 *         created or read, or a kept file no longer holds a fitting key (delete it to regenerate)
 */
export async function ensureDevelopmentKeys(dir: string, algs: readonly SigningAlg[]): Promise<DevelopmentKey[]> {
  try {
    const made = await mkdir(dir, { recursive: true, mode: 0o700 });
    if (made !== undefined) await writeFile(join(dir, '.gitignore'), '# generated development signing keys: never commit\n*\n', { flag: 'wx' }).catch(() => undefined);
  } catch (err) {
    throw keyConfigError(LABEL, `cannot create ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, err);
  }
  const keys: DevelopmentKey[] = [];
  for (const alg of algs) {
    const file = join(dir, DEV_KEY_FILES[alg]);
    let pem: string | undefined;
    let created = false;
    try {
      pem = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw keyConfigError(LABEL, `cannot read ${file} (${(err as NodeJS.ErrnoException).code})`, err);
    }
    if (pem === undefined) {
      const fresh = await generatePem(alg);
      try {
        created = await createExclusive(file, fresh);
        pem = created ? fresh : await readFile(file, 'utf8');
      } catch (err) {
        throw keyConfigError(LABEL, `cannot write ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, err);
      }
    }
    try {
      const key = await describeSigningKey(parsePrivateKeyPem(pem, LABEL, file), alg, LABEL);
      keys.push({ ...key, file, created });
    } catch (err) {
      const problem = (err as Error).message.slice(LABEL.length + 2);
      throw keyConfigError(LABEL, `${problem.startsWith(file) ? '' : `${file} `}${problem}; delete the file to generate a new ${alg} key`, err);
    }
  }
  return keys;
}
