/**
 * The user store: the accounts (resource owners) the gateway authenticates — configured users (its seed) and
 * users who registered at `/identity/register`. One interface, two implementations (`MemoryUserStore`, one
 * process, the embedded default; `RedisUserStore`, shared by every instance on one Redis); `createUserStore` in
 * `./index.js` picks one the way `createGrantStore` does.
 *
 * Guarantees every implementation gives (checked by the shared suite in `test/identity/user-store.test.ts`):
 * - user names and e-mail addresses are unique ignoring case and Unicode compatibility forms (compared after
 *   {@link normaliseIdentifier}: NFKC, lower case), across user names and e-mail addresses separately;
 * - `create` is atomic: of N concurrent creations of one user name (or e-mail) exactly one succeeds, the others
 *   answer `conflict`;
 * - `update` keeps that uniqueness (a rename onto a taken name throws {@link UserStoreError} `conflict`);
 * - every read returns a fresh copy: changing it changes nothing stored.
 *
 * Besides the accounts the store keeps, per user, the grant families (grant store `familyId`s) issued to them, so
 * that a password reset, a disabled or a deleted account can revoke every refresh and access token at once
 * (`trackGrantFamily`, `takeGrantFamilies`).
 *
 * Times are epoch seconds.
 */
import { createHash } from 'node:crypto';

/** An account as stored. */
export interface StoredUser {
  /** Stable id: the `sub` of every token (a UUID for registered users). */
  subject: string;
  userName: string;
  email?: string;
  /** Whether the e-mail address was confirmed (configured users: true). */
  emailConfirmed: boolean;
  /** `scrypt$N$r$p$<salt base64>$<hash base64>`; absent for accounts without a local password (federated). */
  passwordHash?: string;
  disabled?: boolean;
  /** The tenant the user registered in; absent for configured users (see `tenants`). */
  tenant?: string;
  /** BCP 47 language tags, most preferred first (e-mails are written in the first one the gateway has). */
  preferredLanguages?: string[];
  /** Profile claims (`name`, `given_name`, `family_name`, `email` …). */
  claims?: Record<string, unknown>;
  createdAt: number;
  /** Roles released as the `role` claim. */
  roles?: string[];
  /** Tenants the user may sign in for; empty or absent = any (configured users; registered users: their `tenant`). */
  tenants?: string[];
  /** External identity provider the user signs in with; absent = local account. */
  identityProvider?: string;
  /**
   * When true, the account cannot sign in before `emailConfirmed` (the registration policy of its tenant asked for
   * a confirmation link).
   */
  emailConfirmationRequired?: boolean;
  /**
   * A random value that changes whenever the credentials change (password reset); a login session started under
   * another value has ended (ASP.NET Core Identity's "security stamp", dotnet/aspnetcore,
   * src/Identity/Extensions.Core/src/UserManager.cs `UpdateSecurityStampAsync`).
   */
  securityStamp?: string;
  /**
   * Configured users only: the `passwordHash` the configuration gave when the store last took it, so a restart
   * after a password reset keeps the new password unless the configuration's hash has changed since.
   */
  configuredPasswordHash?: string;
}

/** Which unique field a creation or rename collided with. */
export type UserConflict = 'userName' | 'email';

export type CreateUserResult = { ok: true } | { ok: false; conflict: UserConflict };

/**
 * Raised by `update` for a rename onto a taken user name or e-mail (and at start for a seed that collides). An
 * unavailable Redis raises `GrantStoreError` `backend_error`, as every Redis store does.
 */
export class UserStoreError extends Error {
  constructor(
    readonly code: 'conflict',
    message: string,
    readonly conflict?: UserConflict,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UserStoreError';
  }
}

export interface UserStore {
  /** The user with this subject, or undefined. @throws GrantStoreError `backend_error` */
  bySubject(subject: string): Promise<StoredUser | undefined>;
  /**
   * The user whose user name or e-mail address equals `identifier` (after {@link normaliseIdentifier}); a user
   * name match wins over an e-mail match. With `tenant`, a user restricted to other tenants is not found.
   * @throws GrantStoreError `backend_error`
   */
  byIdentifier(identifier: string, tenant?: string): Promise<StoredUser | undefined>;
  /** Adds the user when its subject, user name and e-mail are all free (atomically). @throws GrantStoreError `backend_error` */
  create(user: StoredUser): Promise<CreateUserResult>;
  /**
   * Changes the user (keys set to `undefined` in `patch` are removed; `subject` cannot change); the result, or
   * undefined when there is no such user.
   * @throws UserStoreError `conflict` when the new user name or e-mail belongs to another user; GrantStoreError `backend_error`
   */
  update(subject: string, patch: Partial<StoredUser>): Promise<StoredUser | undefined>;
  /** Removes the user; true when one was there. @throws GrantStoreError `backend_error` */
  delete(subject: string): Promise<boolean>;
  /**
   * Remembers that grant family `familyId` (living until `expiresAt`) belongs to the user.
   * @throws GrantStoreError `backend_error`
   */
  trackGrantFamily(subject: string, familyId: string, expiresAt: number): Promise<void>;
  /** The user's live grant families, forgetting them (the caller revokes them). @throws GrantStoreError `backend_error` */
  takeGrantFamilies(subject: string): Promise<string[]>;
  /** Releases timers and connections it owns. */
  close(): Promise<void>;
}

/** The form user names and e-mail addresses are compared in: NFKC, lower case (as the password lockout counts names). */
export const normaliseIdentifier = (value: string) => value.normalize('NFKC').toLowerCase();

/** A stored index key of an identifier: base64url SHA-256 of its normalised form (Redis holds no names in keys). */
export const identifierKey = (value: string) => createHash('sha256').update(normaliseIdentifier(value), 'utf8').digest('base64url');

/** Whether the user may sign in for `tenant` (no restriction, or the tenant is among theirs). */
export function inTenant(user: StoredUser, tenant: string | undefined): boolean {
  if (tenant === undefined) return true;
  const tenants = user.tenants ?? (user.tenant === undefined ? [] : [user.tenant]);
  return tenants.length === 0 || tenants.includes(tenant);
}

/** The user with `patch` applied: keys whose value is `undefined` are removed; `subject` never changes. */
export function applyUserPatch(user: StoredUser, patch: Partial<StoredUser>): StoredUser {
  const next: Record<string, unknown> = { ...user };
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'subject') continue;
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as unknown as StoredUser;
}
