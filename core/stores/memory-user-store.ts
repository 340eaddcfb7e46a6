/**
 * In-memory {@link UserStore}: one process only (several gateway instances need `RedisUserStore`); registered
 * users are lost at a restart. Uniqueness holds because every method runs to completion without awaiting
 * anything between its check and its write (Node runs one of them at a time).
 */
import {
  applyUserPatch,
  inTenant,
  normaliseIdentifier,
  UserStoreError,
  type CreateUserResult,
  type StoredUser,
  type UserStore,
} from './user-store.js';

const copy = (user: StoredUser): StoredUser => structuredClone(user);

export class MemoryUserStore implements UserStore {
  readonly #bySubject = new Map<string, StoredUser>();
  /** Normalised user name → subject. */
  readonly #byName = new Map<string, string>();
  /** Normalised e-mail → subject. */
  readonly #byEmail = new Map<string, string>();
  /** Subject → family id → expiresAt (epoch seconds). */
  readonly #families = new Map<string, Map<string, number>>();

  /**
   * @param seed users added at construction (the configured users); one that collides with an earlier one is
   *   refused with the error naming both
   * @param now epoch seconds (tests move it)
   * @throws UserStoreError `conflict` for a seed whose user name or e-mail is taken
   */
  constructor(seed: readonly StoredUser[] = [], private readonly now: () => number = () => Date.now() / 1000) {
    for (const user of seed) {
      const result = this.#add(user);
      if (!result.ok) throw new UserStoreError('conflict', `user ${user.userName}: its ${result.conflict} is used by another configured user`, result.conflict);
    }
  }

  /** Users held (tests). */
  get size(): number {
    return this.#bySubject.size;
  }

  async bySubject(subject: string): Promise<StoredUser | undefined> {
    const user = this.#bySubject.get(subject);
    return user && copy(user);
  }

  async byIdentifier(identifier: string, tenant?: string): Promise<StoredUser | undefined> {
    const key = normaliseIdentifier(identifier);
    const subject = this.#byName.get(key) ?? this.#byEmail.get(key);
    const user = subject === undefined ? undefined : this.#bySubject.get(subject);
    return user && inTenant(user, tenant) ? copy(user) : undefined;
  }

  async create(user: StoredUser): Promise<CreateUserResult> {
    return this.#add(user);
  }

  async update(subject: string, patch: Partial<StoredUser>): Promise<StoredUser | undefined> {
    const current = this.#bySubject.get(subject);
    if (!current) return undefined;
    const next = applyUserPatch(current, patch);
    const name = normaliseIdentifier(next.userName);
    const email = next.email === undefined ? undefined : normaliseIdentifier(next.email);
    const nameOwner = this.#byName.get(name);
    if (nameOwner !== undefined && nameOwner !== subject) throw new UserStoreError('conflict', 'the user name is taken', 'userName');
    const emailOwner = email === undefined ? undefined : this.#byEmail.get(email);
    if (emailOwner !== undefined && emailOwner !== subject) throw new UserStoreError('conflict', 'the e-mail address is taken', 'email');
    this.#unindex(current);
    this.#index(next);
    this.#bySubject.set(subject, copy(next));
    return copy(next);
  }

  async delete(subject: string): Promise<boolean> {
    const current = this.#bySubject.get(subject);
    if (!current) return false;
    this.#unindex(current);
    this.#bySubject.delete(subject);
    return true;
  }

  async trackGrantFamily(subject: string, familyId: string, expiresAt: number): Promise<void> {
    let families = this.#families.get(subject);
    if (!families) this.#families.set(subject, (families = new Map()));
    const now = this.now();
    // Expired families are dropped as new ones arrive, so a long-lived account's list stays bounded.
    if (families.size % 64 === 63) for (const [id, end] of families) if (end <= now) families.delete(id);
    families.set(familyId, Math.max(expiresAt, families.get(familyId) ?? 0));
  }

  async takeGrantFamilies(subject: string): Promise<string[]> {
    const families = this.#families.get(subject);
    this.#families.delete(subject);
    const now = this.now();
    return families ? [...families].filter(([, end]) => end > now).map(([id]) => id) : [];
  }

  async close(): Promise<void> {
    this.#families.clear();
  }

  #add(user: StoredUser): CreateUserResult {
    if (this.#byName.has(normaliseIdentifier(user.userName))) return { ok: false, conflict: 'userName' };
    if (user.email !== undefined && this.#byEmail.has(normaliseIdentifier(user.email))) return { ok: false, conflict: 'email' };
    if (this.#bySubject.has(user.subject)) return { ok: false, conflict: 'userName' };
    this.#bySubject.set(user.subject, copy(user));
    this.#index(user);
    return { ok: true };
  }

  #index(user: StoredUser): void {
    this.#byName.set(normaliseIdentifier(user.userName), user.subject);
    if (user.email !== undefined) this.#byEmail.set(normaliseIdentifier(user.email), user.subject);
  }

  #unindex(user: StoredUser): void {
    this.#byName.delete(normaliseIdentifier(user.userName));
    if (user.email !== undefined) this.#byEmail.delete(normaliseIdentifier(user.email));
  }
}
