/**
 * The grant store: where the token service keeps authorization codes, refresh tokens, reference access tokens
 * and device codes between the request that issues them and the request that redeems, introspects or revokes
 * them. One interface, two implementations (`MemoryGrantStore`, the default, and `RedisGrantStore` for several
 * gateway instances on one Redis); `createGrantStore` in `./index.js` picks one.
 *
 * Guarantees every implementation gives (checked by the shared contract suite in
 * `test/stores/grant-store-contract.ts`):
 * - handles are never stored in clear: the storage key is {@link hashHandle}`(kind, handle)` (SHA-256 hex, as
 *   Duende's `DefaultGrantStore` does; DuendeSoftware/products, identity-server/src/Storage/Stores/Default/DefaultGrantStore.cs);
 * - every record has a TTL; an expired record is indistinguishable from one that never existed;
 * - consuming a one-time artefact is atomic: of N concurrent `consume` calls exactly one sees `consumed`
 *   (RFC 6749 §4.1.2 code single use; RFC 6819 §5.2.2.3 refresh token rotation; panva/node-oidc-provider, example/adapters/redis.js
 *   "weak spots to fix": find+consume must not race);
 * - a grant family (everything issued from one authorization: code → access/refresh tokens → rotated refresh
 *   tokens) can be revoked as a whole, and a revoked family refuses new members for a while, so a token saved
 *   concurrently with the revocation does not survive it (RFC 6749 §4.1.2 "SHOULD revoke";
 *   RFC 9700 §4.14.2 refresh token rotation).
 *
 * All times are epoch **seconds** unless a name ends in `Ms`.
 */
import { createHash, randomBytes } from 'node:crypto';

/**
 * The kinds of artefact the store keeps. Part of the hashed key: a handle of one kind never finds another.
 * `pushed_authorization_request`: an authorization request pushed to `/connect/par` (RFC 9126), used once.
 */
export type GrantKind = 'authorization_code' | 'refresh_token' | 'reference_token' | 'device_code' | 'pushed_authorization_request';

/** Every {@link GrantKind}, e.g. for validation. */
export const GRANT_KINDS: readonly GrantKind[] = ['authorization_code', 'refresh_token', 'reference_token', 'device_code', 'pushed_authorization_request'];

/**
 * Where a device authorization (RFC 8628) stands: `pending` until the user approves or denies at the
 * verification URI. Set to `pending` by `save` for every `device_code`.
 */
export type DeviceStatus = 'pending' | 'approved' | 'denied';

/** A stored grant as `find` and friends return it (a fresh copy each time: mutating it changes nothing stored). */
export interface StoredGrant {
  kind: GrantKind;
  /** The client the artefact was issued to; the token service must compare it with the authenticated client. */
  clientId: string;
  /** The end user (`sub`); absent for client_credentials and for a device code not yet approved. */
  subject?: string;
  tenant?: string;
  scopes: string[];
  /** The grant family (oidc-provider's `grantId`): what {@link GrantStore.revokeFamily} removes together. */
  familyId: string;
  /** Epoch seconds. */
  createdAt: number;
  /** Epoch seconds; the record is gone from this instant on. */
  expiresAt: number;
  /** Epoch seconds of the first successful `consume` (or approved `pollDevice`); absent while unused. */
  consumedAt?: number;
  /** `device_code` only. */
  deviceStatus?: DeviceStatus;
  /** `device_code` only: epoch seconds of the latest `pollDevice`; RFC 8628 §3.5 `slow_down` needs it. */
  lastPolledAt?: number;
  /**
   * Kind-specific, JSON-compatible values chosen by the token service: `redirect_uri`, `code_challenge`,
   * `code_challenge_method`, `nonce`, `auth_time`, `claims`, `sid`, … Stored as JSON per top-level key, so values
   * come back as `JSON.parse(JSON.stringify(value))` would give them (a `Date` becomes a string).
   */
  data: Record<string, unknown>;
}

/** What `save` takes: the grant without the fields the store manages. `createdAt` defaults to now. */
export interface GrantInput {
  clientId: string;
  subject?: string;
  tenant?: string;
  scopes: string[];
  familyId: string;
  /** Epoch seconds; defaults to the store's clock. */
  createdAt?: number;
  /** Epoch seconds, must lie in the future. Fractions are honoured (TTL is computed in milliseconds). */
  expiresAt: number;
  data?: Record<string, unknown>;
}

/** Extra input for `save`. */
export interface SaveOptions {
  /**
   * Required for `device_code`, forbidden otherwise: the user code shown to the user (e.g. `BCDF-GHJK`).
   * Only its hash is stored, after {@link normalizeUserCode}, as a secondary index to the device grant.
   */
  userCode?: string;
}

/**
 * A change to a stored grant. `subject` and `scopes` replace; `data` is merged shallowly into the stored data
 * (a key whose value is `undefined` is deleted), so two concurrent updates of different keys both survive.
 * The record's expiry is unchanged.
 */
export interface GrantPatch {
  subject?: string;
  scopes?: string[];
  data?: Record<string, unknown>;
}

/** Preconditions for the atomic operations. */
export interface ConsumeOptions {
  /**
   * When set, a grant issued to another client is left untouched and `client_mismatch` is answered, so a client
   * holding a leaked code cannot burn (or trigger the replay revocation of) someone else's grant
   * (RFC 6749 §6, §10.4; RFC 7009 §2.2).
   */
  clientId?: string;
}

/**
 * Result of {@link GrantStore.consume}.
 * - `consumed`: this call marked the grant used; `grant.consumedAt` is now.
 * - `already_consumed`: someone consumed it earlier (`grant.consumedAt` says when). A replayed code or a reused
 *   refresh token: the token service should answer `invalid_grant` and call `revokeFamily(grant.familyId)`.
 * - `client_mismatch`: only with `ConsumeOptions.clientId`; nothing changed, no grant is disclosed.
 * - `not_found`: unknown, expired, removed or revoked.
 */
export type ConsumeResult =
  | { status: 'consumed'; grant: StoredGrant }
  | { status: 'already_consumed'; grant: StoredGrant }
  | { status: 'client_mismatch' }
  | { status: 'not_found' };

/**
 * Result of {@link GrantStore.pollDevice} (one device access token request, RFC 8628 §3.4–3.5).
 * - `pending`: not decided yet; `previousPollAt` is the poll before this one (absent on the first poll), for
 *   `slow_down`. The stored `lastPolledAt` is now this poll's time.
 * - `approved`: approved and consumed by this very call (exactly one poller gets it): issue the tokens.
 * - `denied`: the user denied (`access_denied`).
 * - `already_consumed`: tokens were already issued for this device code (a replay: `invalid_grant`).
 * - `client_mismatch`, `not_found`: as for `consume` (`not_found` covers expiry: `expired_token`).
 */
export type DevicePollResult =
  | { status: 'pending'; grant: StoredGrant; previousPollAt?: number }
  | { status: 'approved'; grant: StoredGrant }
  | { status: 'denied'; grant: StoredGrant }
  | { status: 'already_consumed'; grant: StoredGrant }
  | { status: 'client_mismatch' }
  | { status: 'not_found' };

/** The user's decision at the verification URI. Approval binds the subject and (optionally narrowed) scopes. */
export type DeviceDecision =
  | { approve: true; subject: string; scopes?: string[]; data?: Record<string, unknown> }
  | { approve: false };

/**
 * Result of {@link GrantStore.decideDevice}.
 * - `decided`: the grant now carries `deviceStatus` `approved`/`denied` (and the subject/scopes when approved).
 * - `already_decided`: it was approved, denied or consumed before; nothing changed (a user code decides once).
 * - `not_found`: no live device grant has this user code.
 */
export type DeviceDecisionResult =
  | { status: 'decided'; grant: StoredGrant }
  | { status: 'already_decided'; grant: StoredGrant }
  | { status: 'not_found' };

/**
 * The store the token service talks to. All methods are async and may reject with a {@link GrantStoreError}
 * (`invalid_argument` for bad input, `backend_error` when Redis fails; the other codes are documented per method).
 */
export interface GrantStore {
  /**
   * Stores a new grant under `hashHandle(kind, handle)` with TTL `expiresAt − now`.
   * @throws GrantStoreError `invalid_argument` (empty handle/clientId/familyId, `expiresAt` not in the future,
   *   non-JSON data, user code missing for `device_code` or given for another kind), `duplicate_handle` (a live
   *   grant has this key: never overwritten), `duplicate_user_code` (a live device grant has this user code:
   *   generate another and retry), `family_revoked` (the family was revoked recently: the grant is refused so
   *   it cannot outlive the revocation).
   */
  save(kind: GrantKind, handle: string, grant: GrantInput, options?: SaveOptions): Promise<void>;

  /** The live grant, consumed or not (check `consumedAt`), or `undefined` when unknown or expired. */
  find(kind: GrantKind, handle: string): Promise<StoredGrant | undefined>;

  /**
   * Atomically marks a one-time artefact (authorization code, refresh token, device code) used. Consumed records
   * stay until they expire so that a replay is recognised as `already_consumed` rather than `not_found`.
   */
  consume(kind: GrantKind, handle: string, options?: ConsumeOptions): Promise<ConsumeResult>;

  /** Applies a {@link GrantPatch} atomically, keeping the expiry. Returns the updated grant, `undefined` if none. */
  update(kind: GrantKind, handle: string, patch: GrantPatch): Promise<StoredGrant | undefined>;

  /** Removes one grant (and its user code index). Returns whether a live grant was removed. */
  remove(kind: GrantKind, handle: string): Promise<boolean>;

  /**
   * Removes every grant of every kind in the family and refuses new members for at least the family's remaining
   * lifetime (minimum 5 minutes). Returns how many live grants were removed (0 for an unknown family, which is
   * still marked revoked).
   */
  revokeFamily(familyId: string): Promise<number>;

  /**
   * Revokes (as {@link revokeFamily}) every family holding a refresh token issued to `clientId` for `subject`:
   * what withdrawing a user's consent to a client ends (Duende `RevokeAllGrantsAsync(subjectId, clientId)`).
   * Returns how many live grants were removed.
   */
  revokeRefreshFamilies(clientId: string, subject: string): Promise<number>;

  /**
   * The device grant whose user code matches, compared after {@link normalizeUserCode} (case-insensitive,
   * hyphens, spaces and other punctuation ignored). For the verification page; no handle is returned.
   */
  findByUserCode(userCode: string): Promise<StoredGrant | undefined>;

  /** Approves or denies the pending device grant with this user code, atomically and only once. */
  decideDevice(userCode: string, decision: DeviceDecision): Promise<DeviceDecisionResult>;

  /**
   * One poll of the device token request, atomically: records the poll time, and when the grant is approved
   * consumes it in the same step.
   */
  pollDevice(deviceCode: string, options?: ConsumeOptions): Promise<DevicePollResult>;

  /** Releases timers and connections it owns. The store must not be used afterwards. */
  close(): Promise<void>;
}

/** Error codes of {@link GrantStoreError}. */
export type GrantStoreErrorCode =
  | 'invalid_argument'
  | 'duplicate_handle'
  | 'duplicate_user_code'
  | 'family_revoked'
  | 'backend_error';

/** The store's only error type. `backend_error` carries the Redis error as `cause`. */
export class GrantStoreError extends Error {
  readonly code: GrantStoreErrorCode;

  constructor(code: GrantStoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GrantStoreError';
    this.code = code;
  }
}

/**
 * The storage key of a handle: lowercase hex SHA-256 of `kind + ':' + handle` (64 characters). Read access to
 * the store thus reveals no usable token (Duende `DefaultGrantStore`, DUD `tokens/reference.md` "Store Keys And
 * Handles"; DuendeSoftware/products, DefaultGrantStore.cs).
 */
export function hashHandle(kind: GrantKind, handle: string): string {
  return createHash('sha256').update(`${kind}:${handle}`).digest('hex');
}

/**
 * A new random handle: `bytes` random bytes (default 32 = 256 bits) as base64url without padding (43 characters
 * for 32 bytes). For the token service; the store itself never generates handles.
 */
export function newHandle(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 16) throw new GrantStoreError('invalid_argument', 'a handle needs at least 16 random bytes');
  return randomBytes(bytes).toString('base64url');
}

/**
 * The canonical form of a user code for lookup: Unicode NFKC, letters upper-cased, everything but `A–Z` and
 * `0–9` removed, so `bcdf-ghjk`, `BCDF GHJK` and `BCDFGHJK` are the same code (RFC 8628 §6.1).
 */
export function normalizeUserCode(userCode: string): string {
  return userCode.normalize('NFKC').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** The key of the refresh token families of a client and subject: hex SHA-256 of `clientId`, a newline and `subject`. */
export function hashClientSubject(clientId: string, subject: string): string {
  return createHash('sha256').update(`${clientId}\n${subject}`).digest('hex');
}

/** The key of the user code index: hex SHA-256 of `'user_code:' + normalizeUserCode(userCode)`. */
export function hashUserCode(userCode: string): string {
  return createHash('sha256').update(`user_code:${normalizeUserCode(userCode)}`).digest('hex');
}

/** How long a revoked family refuses new members at least (ms); longer when a member lives longer. */
export const MIN_REVOKED_FAMILY_TTL_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Shared helpers for the implementations (not part of the public contract).

/** Throws `invalid_argument` unless `kind` is a {@link GrantKind}. @internal */
export function assertKind(kind: GrantKind): void {
  if (!GRANT_KINDS.includes(kind)) throw new GrantStoreError('invalid_argument', `unknown grant kind "${String(kind)}"`);
}

/** Throws `invalid_argument` unless `value` is a non-empty string. @internal */
export function assertNonEmpty(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new GrantStoreError('invalid_argument', `${name} must be a non-empty string`);
  }
}

function assertScopes(scopes: unknown): asserts scopes is string[] {
  if (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string')) {
    throw new GrantStoreError('invalid_argument', 'scopes must be an array of strings');
  }
}

/**
 * Each data value as JSON (`undefined` for keys to delete). Throws `invalid_argument` for a non-object or a
 * value JSON cannot represent (functions, symbols, bigint, cycles). @internal
 */
export function encodeData(data: unknown): Map<string, string | undefined> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new GrantStoreError('invalid_argument', 'data must be a plain object');
  }
  const out = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) {
      out.set(key, undefined);
      continue;
    }
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (cause) {
      throw new GrantStoreError('invalid_argument', `data.${key} is not JSON-serialisable`, { cause });
    }
    if (json === undefined) throw new GrantStoreError('invalid_argument', `data.${key} is not JSON-serialisable`);
    out.set(key, json);
  }
  return out;
}

/** A validated `save` request, normalised for storage. @internal */
export interface PreparedGrant {
  key: string;
  grant: StoredGrant;
  /** Data as JSON per key (no `undefined` values). */
  data: Map<string, string>;
  ttlMs: number;
  userCodeKey?: string;
}

/** Validates `save` arguments against the clock `nowMs` (epoch ms). @internal */
export function prepareSave(
  kind: GrantKind,
  handle: string,
  input: GrantInput,
  options: SaveOptions | undefined,
  nowMs: number,
): PreparedGrant {
  assertKind(kind);
  assertNonEmpty(handle, 'handle');
  if (input === null || typeof input !== 'object') throw new GrantStoreError('invalid_argument', 'grant must be an object');
  assertNonEmpty(input.clientId, 'clientId');
  assertNonEmpty(input.familyId, 'familyId');
  if (input.subject !== undefined) assertNonEmpty(input.subject, 'subject');
  if (input.tenant !== undefined) assertNonEmpty(input.tenant, 'tenant');
  assertScopes(input.scopes);
  if (typeof input.expiresAt !== 'number' || !Number.isFinite(input.expiresAt)) {
    throw new GrantStoreError('invalid_argument', 'expiresAt must be a finite number of epoch seconds');
  }
  const ttlMs = Math.round(input.expiresAt * 1000 - nowMs);
  if (ttlMs <= 0) throw new GrantStoreError('invalid_argument', 'expiresAt must lie in the future');
  const createdAt = input.createdAt ?? Math.floor(nowMs / 1000);
  if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) {
    throw new GrantStoreError('invalid_argument', 'createdAt must be a finite number of epoch seconds');
  }
  const encoded = encodeData(input.data ?? {});
  const data = new Map<string, string>();
  for (const [k, v] of encoded) if (v !== undefined) data.set(k, v);

  let userCodeKey: string | undefined;
  if (kind === 'device_code') {
    const userCode = options?.userCode;
    assertNonEmpty(userCode, 'userCode');
    if (normalizeUserCode(userCode).length === 0) throw new GrantStoreError('invalid_argument', 'userCode has no letters or digits');
    userCodeKey = hashUserCode(userCode);
  } else if (options?.userCode !== undefined) {
    throw new GrantStoreError('invalid_argument', 'userCode is only allowed for device_code');
  }

  const grant: StoredGrant = {
    kind,
    clientId: input.clientId,
    ...(input.subject !== undefined && { subject: input.subject }),
    ...(input.tenant !== undefined && { tenant: input.tenant }),
    scopes: [...input.scopes],
    familyId: input.familyId,
    createdAt,
    expiresAt: input.expiresAt,
    ...(kind === 'device_code' && { deviceStatus: 'pending' as const }),
    data: Object.fromEntries([...data].map(([k, v]) => [k, JSON.parse(v) as unknown])),
  };
  return { key: hashHandle(kind, handle), grant, data, ttlMs, ...(userCodeKey !== undefined && { userCodeKey }) };
}

/** Validates a {@link GrantPatch}; returns data changes as JSON (`undefined` = delete). @internal */
export function preparePatch(patch: GrantPatch): { subject?: string; scopes?: string[]; data: Map<string, string | undefined> } {
  if (patch === null || typeof patch !== 'object') throw new GrantStoreError('invalid_argument', 'patch must be an object');
  if (patch.subject !== undefined) assertNonEmpty(patch.subject, 'subject');
  if (patch.scopes !== undefined) assertScopes(patch.scopes);
  return {
    ...(patch.subject !== undefined && { subject: patch.subject }),
    ...(patch.scopes !== undefined && { scopes: [...patch.scopes] }),
    data: patch.data === undefined ? new Map() : encodeData(patch.data),
  };
}
