/**
 * The configured users (resource owners) and their password check: scrypt hashes in the form
 * `scrypt$N$r$p$<salt base64>$<hash base64>`, compared in constant time. A failed look-up still runs one scrypt
 * so that response time does not tell whether a user name exists.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { UserConfig } from './config.js';

const scryptAsync = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, length, options, (err, key) => (err ? reject(err) : resolve(key))));

interface ParsedHash { N: number; r: number; p: number; salt: Buffer; hash: Buffer }

function parseHash(encoded: string): ParsedHash | undefined {
  const [scheme, N, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  return { N: Number(N), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

/** Creates a hash for the configuration (`npx tsx -e` or a setup script). N=2^14, r=8, p=1, 16-byte salt, 32-byte key. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when the password matches the encoded scrypt hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const h = parseHash(encoded);
  if (!h) return false;
  const key = await scryptAsync(password, h.salt, h.hash.length, { N: h.N, r: h.r, p: h.p, maxmem: 256 * h.N * h.r });
  return key.length === h.hash.length && timingSafeEqual(key, h.hash);
}

const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export class UserDirectory {
  private readonly byName: Map<string, UserConfig>;
  private readonly bySubject: Map<string, UserConfig>;

  constructor(users: readonly UserConfig[]) {
    this.byName = new Map(users.map((u) => [u.userName.toLowerCase(), u]));
    this.bySubject = new Map(users.map((u) => [u.subject, u]));
  }

  /**
   * Adds a user created at run time (federation: first sign-in through an identity provider that creates users).
   * Held in this process's memory only, until the directory is backed by a store.
   * @throws Error when the subject or user name is taken
   */
  add(user: UserConfig): void {
    const name = user.userName.toLowerCase();
    if (this.bySubject.has(user.subject) || this.byName.has(name)) throw new Error(`user ${user.userName} exists`);
    this.bySubject.set(user.subject, user);
    this.byName.set(name, user);
  }

  bySubjectId(subject: string): UserConfig | undefined {
    return this.bySubject.get(subject);
  }

  /**
   * The enabled user with this user name (case-insensitive) and password, or undefined.
   * Takes one scrypt computation whether or not the user exists.
   */
  async authenticate(userName: string, password: string): Promise<UserConfig | undefined> {
    const user = this.byName.get(userName.toLowerCase());
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    return user && ok && !user.disabled ? user : undefined;
  }
}
