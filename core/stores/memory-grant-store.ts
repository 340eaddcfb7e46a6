/**
 * In-memory {@link GrantStore}: the embedded default (`npm start` needs nothing else). One process only: two
 * gateway instances need the Redis store. Every operation runs synchronously between two awaits, so each
 * check-and-set (consume, decide, poll) is atomic by construction on Node's single thread.
 *
 * Storage mirrors the Redis layout: records keyed by `hashHandle(kind, handle)`, data kept as JSON per key (so
 * both stores return the same shapes), a family index, a user code index and revoked-family tombstones. Expired
 * records are dropped when touched and by an unref'd sweep timer, so nothing accumulates.
 */
import {
  MIN_REVOKED_FAMILY_TTL_MS,
  assertKind,
  assertNonEmpty,
  hashHandle,
  hashUserCode,
  prepareSave,
  preparePatch,
  GrantStoreError,
  type ConsumeOptions,
  type ConsumeResult,
  type DeviceDecision,
  type DeviceDecisionResult,
  type DevicePollResult,
  type GrantInput,
  type GrantKind,
  type GrantPatch,
  type GrantStore,
  type SaveOptions,
  type StoredGrant,
} from './grant-store.js';

/** Options of {@link MemoryGrantStore}. */
export interface MemoryGrantStoreOptions {
  /** The clock, epoch milliseconds (default `Date.now`). Tests pass a fake one to exercise expiry. */
  now?: () => number;
  /** How often expired records are swept, ms (default 60 000; 0 = never, expiry then only on access). */
  sweepIntervalMs?: number;
}

/** Counts of what the store holds (diagnostics and leak tests). */
export interface MemoryGrantStoreStats {
  grants: number;
  families: number;
  userCodes: number;
  revokedFamilies: number;
}

/** A stored grant as kept here: the data as JSON per key (as the Redis store keeps it), plus expiry in ms. */
interface Entry extends Omit<StoredGrant, 'data'> {
  /** Epoch ms at which the record disappears (clock at save + TTL). */
  expiresAtMs: number;
  /** JSON per data key. */
  data: Map<string, string>;
  userCodeKey?: string;
}

/** The in-memory grant store. See {@link GrantStore} for the contract of each method. */
export class MemoryGrantStore implements GrantStore {
  readonly #now: () => number;
  readonly #grants = new Map<string, Entry>();
  readonly #families = new Map<string, Set<string>>();
  readonly #userCodes = new Map<string, string>();
  /** familyId → epoch ms until which the family refuses new members. */
  readonly #revoked = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: MemoryGrantStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    const interval = options.sweepIntervalMs ?? 60_000;
    if (interval > 0) {
      this.#timer = setInterval(() => this.sweep(), interval);
      this.#timer.unref();
    }
  }

  async save(kind: GrantKind, handle: string, input: GrantInput, options?: SaveOptions): Promise<void> {
    const nowMs = this.#now();
    const p = prepareSave(kind, handle, input, options, nowMs);
    if (this.#live(p.key, nowMs)) throw new GrantStoreError('duplicate_handle', 'a live grant already has this handle');
    const revokedUntil = this.#revoked.get(p.grant.familyId);
    if (revokedUntil !== undefined) {
      if (revokedUntil > nowMs) throw new GrantStoreError('family_revoked', 'the grant family has been revoked');
      this.#revoked.delete(p.grant.familyId);
    }
    if (p.userCodeKey !== undefined) {
      const holder = this.#userCodes.get(p.userCodeKey);
      if (holder !== undefined && this.#live(holder, nowMs)) {
        throw new GrantStoreError('duplicate_user_code', 'a live device grant already has this user code');
      }
      this.#userCodes.set(p.userCodeKey, p.key);
    }
    const { grant } = p;
    this.#grants.set(p.key, {
      kind: grant.kind,
      clientId: grant.clientId,
      ...(grant.subject !== undefined && { subject: grant.subject }),
      ...(grant.tenant !== undefined && { tenant: grant.tenant }),
      scopes: grant.scopes,
      familyId: grant.familyId,
      createdAt: grant.createdAt,
      expiresAt: grant.expiresAt,
      expiresAtMs: nowMs + p.ttlMs,
      ...(grant.deviceStatus !== undefined && { deviceStatus: grant.deviceStatus }),
      data: p.data,
      ...(p.userCodeKey !== undefined && { userCodeKey: p.userCodeKey }),
    });
    let family = this.#families.get(grant.familyId);
    if (!family) this.#families.set(grant.familyId, (family = new Set()));
    family.add(p.key);
  }

  async find(kind: GrantKind, handle: string): Promise<StoredGrant | undefined> {
    const entry = this.#live(keyOf(kind, handle), this.#now());
    return entry && toGrant(entry);
  }

  async consume(kind: GrantKind, handle: string, options?: ConsumeOptions): Promise<ConsumeResult> {
    const nowMs = this.#now();
    const entry = this.#live(keyOf(kind, handle), nowMs);
    if (!entry) return { status: 'not_found' };
    if (options?.clientId !== undefined && entry.clientId !== options.clientId) return { status: 'client_mismatch' };
    if (entry.consumedAt !== undefined) return { status: 'already_consumed', grant: toGrant(entry) };
    entry.consumedAt = Math.floor(nowMs / 1000);
    return { status: 'consumed', grant: toGrant(entry) };
  }

  async update(kind: GrantKind, handle: string, patch: GrantPatch): Promise<StoredGrant | undefined> {
    const key = keyOf(kind, handle);
    const change = preparePatch(patch);
    const entry = this.#live(key, this.#now());
    if (!entry) return undefined;
    applyPatch(entry, change);
    return toGrant(entry);
  }

  async remove(kind: GrantKind, handle: string): Promise<boolean> {
    const key = keyOf(kind, handle);
    const entry = this.#live(key, this.#now());
    if (!entry) return false;
    this.#delete(key, entry);
    return true;
  }

  async revokeFamily(familyId: string): Promise<number> {
    assertNonEmpty(familyId, 'familyId');
    const nowMs = this.#now();
    let removed = 0;
    let longestMs = nowMs;
    for (const key of this.#families.get(familyId) ?? []) {
      const entry = this.#grants.get(key);
      if (!entry) continue;
      if (entry.expiresAtMs > nowMs) {
        removed++;
        longestMs = Math.max(longestMs, entry.expiresAtMs);
      }
      this.#delete(key, entry);
    }
    this.#families.delete(familyId);
    const until = Math.max(longestMs, nowMs + MIN_REVOKED_FAMILY_TTL_MS);
    this.#revoked.set(familyId, Math.max(until, this.#revoked.get(familyId) ?? 0));
    return removed;
  }

  async revokeRefreshFamilies(clientId: string, subject: string): Promise<number> {
    assertNonEmpty(clientId, 'clientId');
    assertNonEmpty(subject, 'subject');
    // One process, a rare user action: a scan over the held grants needs no index to keep.
    const families = new Set<string>();
    for (const entry of this.#grants.values()) {
      if (entry.kind === 'refresh_token' && entry.clientId === clientId && entry.subject === subject) families.add(entry.familyId);
    }
    let removed = 0;
    for (const familyId of families) removed += await this.revokeFamily(familyId);
    return removed;
  }

  async findByUserCode(userCode: string): Promise<StoredGrant | undefined> {
    assertNonEmpty(userCode, 'userCode');
    const entry = this.#byUserCode(userCode, this.#now());
    return entry && toGrant(entry[1]);
  }

  async decideDevice(userCode: string, decision: DeviceDecision): Promise<DeviceDecisionResult> {
    assertNonEmpty(userCode, 'userCode');
    if (decision.approve) assertNonEmpty(decision.subject, 'subject');
    const change = decision.approve
      ? preparePatch({ subject: decision.subject, ...(decision.scopes && { scopes: decision.scopes }), ...(decision.data && { data: decision.data }) })
      : undefined;
    const found = this.#byUserCode(userCode, this.#now());
    if (!found) return { status: 'not_found' };
    const entry = found[1];
    if (entry.deviceStatus !== 'pending' || entry.consumedAt !== undefined) {
      return { status: 'already_decided', grant: toGrant(entry) };
    }
    if (change) applyPatch(entry, change);
    entry.deviceStatus = decision.approve ? 'approved' : 'denied';
    return { status: 'decided', grant: toGrant(entry) };
  }

  async pollDevice(deviceCode: string, options?: ConsumeOptions): Promise<DevicePollResult> {
    const nowMs = this.#now();
    const entry = this.#live(keyOf('device_code', deviceCode), nowMs);
    if (!entry) return { status: 'not_found' };
    if (options?.clientId !== undefined && entry.clientId !== options.clientId) return { status: 'client_mismatch' };
    if (entry.consumedAt !== undefined) return { status: 'already_consumed', grant: toGrant(entry) };
    const now = Math.floor(nowMs / 1000);
    const previousPollAt = entry.lastPolledAt;
    entry.lastPolledAt = now;
    switch (entry.deviceStatus) {
      case 'approved':
        entry.consumedAt = now;
        return { status: 'approved', grant: toGrant(entry) };
      case 'denied':
        return { status: 'denied', grant: toGrant(entry) };
      default:
        return { status: 'pending', grant: toGrant(entry), ...(previousPollAt !== undefined && { previousPollAt }) };
    }
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Drops every expired record and tombstone now (the timer calls this). Returns the number of grants dropped. */
  sweep(): number {
    const nowMs = this.#now();
    let dropped = 0;
    for (const [key, entry] of this.#grants) {
      if (entry.expiresAtMs <= nowMs) {
        this.#delete(key, entry);
        dropped++;
      }
    }
    for (const [familyId, until] of this.#revoked) if (until <= nowMs) this.#revoked.delete(familyId);
    return dropped;
  }

  /** Counts of held records, expired ones included until swept or touched. */
  stats(): MemoryGrantStoreStats {
    return {
      grants: this.#grants.size,
      families: this.#families.size,
      userCodes: this.#userCodes.size,
      revokedFamilies: this.#revoked.size,
    };
  }

  /**
   * Everything held, as stored (hashed keys, JSON data), for diagnostics and for the test that no handle is kept
   * in clear. Not for application logic.
   */
  rawEntries(): { grants: Record<string, unknown>; families: Record<string, string[]>; userCodes: Record<string, string> } {
    return {
      grants: Object.fromEntries([...this.#grants].map(([k, e]) => [k, { ...e, data: Object.fromEntries(e.data) }])),
      families: Object.fromEntries([...this.#families].map(([k, s]) => [k, [...s]])),
      userCodes: Object.fromEntries(this.#userCodes),
    };
  }

  /** The entry if present and not expired; an expired one is deleted on the way. */
  #live(key: string, nowMs: number): Entry | undefined {
    const entry = this.#grants.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs > nowMs) return entry;
    this.#delete(key, entry);
    return undefined;
  }

  #byUserCode(userCode: string, nowMs: number): [string, Entry] | undefined {
    const ucKey = hashUserCode(userCode);
    const key = this.#userCodes.get(ucKey);
    if (key === undefined) return undefined;
    const entry = this.#live(key, nowMs);
    if (!entry) {
      this.#userCodes.delete(ucKey);
      return undefined;
    }
    return [key, entry];
  }

  #delete(key: string, entry: Entry): void {
    this.#grants.delete(key);
    const family = this.#families.get(entry.familyId);
    if (family) {
      family.delete(key);
      if (family.size === 0) this.#families.delete(entry.familyId);
    }
    if (entry.userCodeKey !== undefined && this.#userCodes.get(entry.userCodeKey) === key) {
      this.#userCodes.delete(entry.userCodeKey);
    }
  }
}

function keyOf(kind: GrantKind, handle: string): string {
  assertKind(kind);
  assertNonEmpty(handle, 'handle');
  return hashHandle(kind, handle);
}

function applyPatch(entry: Entry, change: ReturnType<typeof preparePatch>): void {
  if (change.subject !== undefined) entry.subject = change.subject;
  if (change.scopes !== undefined) entry.scopes = change.scopes;
  for (const [k, v] of change.data) {
    if (v === undefined) entry.data.delete(k);
    else entry.data.set(k, v);
  }
}

function toGrant(e: Entry): StoredGrant {
  return {
    kind: e.kind,
    clientId: e.clientId,
    ...(e.subject !== undefined && { subject: e.subject }),
    ...(e.tenant !== undefined && { tenant: e.tenant }),
    scopes: [...e.scopes],
    familyId: e.familyId,
    createdAt: e.createdAt,
    expiresAt: e.expiresAt,
    ...(e.consumedAt !== undefined && { consumedAt: e.consumedAt }),
    ...(e.deviceStatus !== undefined && { deviceStatus: e.deviceStatus }),
    ...(e.lastPolledAt !== undefined && { lastPolledAt: e.lastPolledAt }),
    data: Object.fromEntries([...e.data].map(([k, v]) => [k, JSON.parse(v) as unknown])),
  };
}
