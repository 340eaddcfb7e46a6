/**
 * The user directory: the accounts (resource owners) behind every user flow, kept in the {@link UserStore}
 * (configured users are its seed, registered users join them), and their password check: scrypt hashes in the
 * form `scrypt$N$r$p$<salt base64>$<hash base64>` with a per-user salt, compared in constant time. A failed
 * look-up still runs one scrypt so that response time does not tell whether a user exists.
 *
 * Ending a user's access (password reset, disabling, deleting) revokes every grant family issued to them (the
 * store tracks them, see {@link UserGrantTracking}) and, on a credentials change, gives the account a new security
 * stamp, which ends every login session started under the old one.
 */
import { randomBytes, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { UserConfig } from './config.js';
import type { GrantStore } from '../stores/grant-store.js';
import type { StoredUser, UserStore } from '../stores/user-store.js';

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

/** Checked instead of a missing user's hash: same parameters as {@link hashPassword}, so the same work. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** The user as the token service and the browser side see it: the configured shape plus the account's fields. */
export interface AccountUser extends UserConfig {
  email?: string;
  emailConfirmed: boolean;
  /** BCP 47 tags, most preferred first (empty when unknown). */
  preferredLanguages: string[];
  /** See `StoredUser.securityStamp`; absent until the credentials first change. */
  securityStamp?: string;
  /** The tenant the user registered in. */
  tenant?: string;
  /** Epoch seconds. */
  createdAt: number;
}

/** A configured user as the store keeps it: its `email` claim is its (confirmed) e-mail address. */
export function storedFromConfig(user: UserConfig): StoredUser {
  const email = user.claims.email;
  return {
    subject: user.subject, userName: user.userName, emailConfirmed: true, passwordHash: user.passwordHash, configuredPasswordHash: user.passwordHash, claims: { ...user.claims },
    roles: [...user.roles], tenants: [...user.tenants], createdAt: 0,
    ...(email !== undefined && { email }),
    ...(user.identityProvider !== undefined && { identityProvider: user.identityProvider }),
    ...(user.disabled !== undefined && { disabled: user.disabled }),
  };
}

/** The directory's view of a stored user. String claims only (`UserConfig.claims`); `email` from the account when no claim says otherwise. */
export function accountOf(user: StoredUser): AccountUser {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(user.claims ?? {})) if (typeof value === 'string') claims[name] = value;
  if (user.email !== undefined && claims.email === undefined) claims.email = user.email;
  return {
    subject: user.subject, userName: user.userName, passwordHash: user.passwordHash ?? '', claims, roles: user.roles ?? [],
    tenants: user.tenants ?? (user.tenant === undefined ? [] : [user.tenant]), emailConfirmed: user.emailConfirmed,
    preferredLanguages: user.preferredLanguages ?? [], createdAt: user.createdAt,
    ...(user.email !== undefined && { email: user.email }),
    ...(user.identityProvider !== undefined && { identityProvider: user.identityProvider }),
    ...(user.disabled !== undefined && { disabled: user.disabled }),
    ...(user.securityStamp !== undefined && { securityStamp: user.securityStamp }),
    ...(user.tenant !== undefined && { tenant: user.tenant }),
  };
}

/** Whether the account may sign in: enabled, and its e-mail confirmed when its registration asked for that. */
export const canSignIn = (user: StoredUser): boolean => !user.disabled && !(user.emailConfirmationRequired && !user.emailConfirmed);

export class UserDirectory {
  /**
   * @param store where the accounts live
   * @param grants the grant store whose families {@link revokeGrants} revokes
   */
  constructor(
    readonly store: UserStore,
    private readonly grants: GrantStore,
  ) {}

  /** The user with this subject (enabled or not), or undefined. @throws GrantStoreError `backend_error` */
  async bySubjectId(subject: string): Promise<AccountUser | undefined> {
    const user = await this.store.bySubject(subject);
    return user && accountOf(user);
  }

  /**
   * The user with this user name or e-mail address (case-insensitive) and password who may sign in (enabled, e-mail
   * confirmed where required, in `tenant` when given), or undefined. Takes one scrypt computation whether or not
   * the user exists.
   * @throws GrantStoreError `backend_error`
   */
  async authenticate(identifier: string, password: string, tenant?: string): Promise<AccountUser | undefined> {
    const user = await this.store.byIdentifier(identifier, tenant);
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    return user && ok && canSignIn(user) ? accountOf(user) : undefined;
  }

  /**
   * The name the password lockout counts an attempt under: the account's user name when `identifier` is its user
   * name or e-mail address, else `identifier` itself, so switching between the two does not double the attempts
   * an account allows. One store look-up either way.
   * @throws GrantStoreError `backend_error`
   */
  async lockoutName(identifier: string): Promise<string> {
    return (await this.store.byIdentifier(identifier))?.userName ?? identifier;
  }

  /**
   * Sets a new password: a new hash and security stamp (every login session ends) and every grant of the user
   * revoked (refresh and access tokens). The updated user, or undefined when there is none.
   * @throws GrantStoreError `backend_error`
   */
  async setPassword(subject: string, password: string): Promise<AccountUser | undefined> {
    const user = await this.store.update(subject, { passwordHash: await hashPassword(password), securityStamp: randomUUID() });
    if (!user) return undefined;
    await this.revokeGrants(subject);
    return accountOf(user);
  }

  /**
   * Disables (or enables) the account; disabling revokes every grant and ends every login session.
   * @throws GrantStoreError `backend_error`
   */
  async setDisabled(subject: string, disabled: boolean): Promise<AccountUser | undefined> {
    const user = await this.store.update(subject, disabled ? { disabled, securityStamp: randomUUID() } : { disabled });
    if (!user) return undefined;
    if (disabled) await this.revokeGrants(subject);
    return accountOf(user);
  }

  /** Deletes the account and revokes every grant of it; true when it existed. @throws as {@link setDisabled} */
  async delete(subject: string): Promise<boolean> {
    // Revoked first: deleting the account also forgets its list of grant families.
    await this.revokeGrants(subject);
    return this.store.delete(subject);
  }

  /** Revokes every live grant family of the user; how many. @throws as {@link setDisabled} */
  async revokeGrants(subject: string): Promise<number> {
    const families = await this.store.takeGrantFamilies(subject);
    for (const family of families) await this.grants.revokeFamily(family);
    return families.length;
  }
}

/**
 * A {@link GrantStore} that tells the user store about every grant family saved for a user (before saving, so a
 * revocation racing the save either sees the family or makes the save fail with `family_revoked`). Everything
 * else passes through unchanged.
 */
export class UserGrantTracking implements GrantStore {
  /** @param inner the grant store itself (memory or Redis) */
  constructor(
    readonly inner: GrantStore,
    private readonly users: UserStore,
  ) {}

  async save(...args: Parameters<GrantStore['save']>): Promise<void> {
    const [, , grant] = args;
    if (grant.subject !== undefined) await this.users.trackGrantFamily(grant.subject, grant.familyId, grant.expiresAt);
    return this.inner.save(...args);
  }

  find(...args: Parameters<GrantStore['find']>) { return this.inner.find(...args); }
  consume(...args: Parameters<GrantStore['consume']>) { return this.inner.consume(...args); }
  update(...args: Parameters<GrantStore['update']>) { return this.inner.update(...args); }
  remove(...args: Parameters<GrantStore['remove']>) { return this.inner.remove(...args); }
  revokeFamily(...args: Parameters<GrantStore['revokeFamily']>) { return this.inner.revokeFamily(...args); }
  revokeRefreshFamilies(...args: Parameters<GrantStore['revokeRefreshFamilies']>) { return this.inner.revokeRefreshFamilies(...args); }
  findByUserCode(...args: Parameters<GrantStore['findByUserCode']>) { return this.inner.findByUserCode(...args); }
  decideDevice(...args: Parameters<GrantStore['decideDevice']>) { return this.inner.decideDevice(...args); }
  pollDevice(...args: Parameters<GrantStore['pollDevice']>) { return this.inner.pollDevice(...args); }
  close() { return this.inner.close(); }
}
