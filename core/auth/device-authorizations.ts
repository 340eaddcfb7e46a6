/**
 * The device authorization grant's server side (RFC 8628): creating a device code + user code for
 * `POST /connect/deviceauthorization` (§3.1–3.2), and the approve/deny/describe helpers the verification page
 * (a later issue) calls once the user has signed in (§3.3). Polling is the `device_code` grant plugin's job
 * (plugins/grants/device-code.ts).
 *
 * The device code is a random 256-bit handle; the user code is short and typed by a human, so it is drawn from
 * an alphabet without vowels and look-alike characters and shown in two groups (`WDJB-MJHT`, RFC 8628 §6.1).
 * Both are stored only as hashes (grant store kind `device_code` plus its user code index).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { ClientConfig, DeviceFlowConfig, UserConfig } from './config.js';
import { GrantStoreError, newHandle, type DeviceDecisionResult, type StoredGrant } from '../stores/grant-store.js';
import type { GrantContext } from './grant-contract.js';
import { OAuthError, invalidGrant, invalidScope } from './oauth-error.js';
import type { GrantedScopes } from './resources.js';

/** The grant type of device polling (RFC 8628 §3.4). */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * Characters of user codes: 20 consonants, no vowels (no words), none easily confused (RFC 8628 §6.1 example
 * "BCDFGHJKLMNPQRSTVWXZ"). 8 characters give 20^8 ≈ 2^34.6 codes.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** How often a new user code is drawn when the store reports a live duplicate before giving up. */
export const USER_CODE_ATTEMPTS = 10;

/** The answer of the device authorization endpoint (RFC 8628 §3.2), before URIs are added. Seconds. */
export interface DeviceAuthorization {
  deviceCode: string;
  /** Formatted for display, e.g. `WDJB-MJHT`; any case, hyphens or spaces are accepted back. */
  userCode: string;
  expiresIn: number;
  /** Minimum seconds between polls to announce (at least 1: clients reject 0, RFC 8628 §3.2 "interval"). */
  interval: number;
}

/** What the `device_code` grant keeps in `data`: the interval currently enforced (grows with each `slow_down`). */
export interface DeviceCodeData {
  /** Seconds; RFC 8628 §3.5: `slow_down` raises it by 5 for all subsequent requests. */
  interval: number;
  /** Set on approval. */
  auth_time?: number;
  amr?: string[];
  idp?: string;
}

/**
 * A random user code of `length` characters of {@link USER_CODE_ALPHABET} (uniform: `crypto.randomInt`), shown as
 * two hyphen-separated halves (the first one longer for odd lengths): `length` 8 → `XXXX-XXXX`.
 */
export function generateUserCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  const half = Math.ceil(length / 2);
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

/**
 * Starts a device authorization (RFC 8628 §3.1): stores a pending `device_code` grant (new family, bound to the
 * client, scopes and tenant) that lives `deviceFlow.lifetime` seconds, under a fresh user code.
 * @throws GrantStoreError `duplicate_user_code` only after {@link USER_CODE_ATTEMPTS} collisions in a row,
 *   `backend_error` when the store is unavailable
 */
export async function createDeviceAuthorization(
  ctx: Pick<GrantContext, 'store' | 'config' | 'now'>,
  request: { client: ClientConfig; granted: GrantedScopes; tenant: string },
): Promise<DeviceAuthorization> {
  const flow: DeviceFlowConfig = ctx.config.deviceFlow;
  const deviceCode = newHandle(32);
  const data: DeviceCodeData = { interval: flow.interval };
  for (let attempt = 1; ; attempt++) {
    const userCode = generateUserCode(flow.userCodeLength);
    try {
      await ctx.store.save(
        'device_code',
        deviceCode,
        {
          clientId: request.client.clientId, tenant: request.tenant, scopes: request.granted.scopes, familyId: randomUUID(),
          expiresAt: ctx.now() + flow.lifetime, data: { ...data },
        },
        { userCode },
      );
      return { deviceCode, userCode, expiresIn: flow.lifetime, interval: Math.max(1, flow.interval) };
    } catch (err) {
      if (!(err instanceof GrantStoreError && err.code === 'duplicate_user_code') || attempt >= USER_CODE_ATTEMPTS) throw err;
    }
  }
}

/** What the verification page shows about a pending request (RFC 8628 §3.3: which client asks for what). */
export interface PendingDeviceRequest {
  client: ClientConfig;
  scopes: string[];
  tenant?: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** The live, undecided device request with this user code, or undefined (unknown, expired, decided, used). */
export async function describeDeviceRequest(ctx: Pick<GrantContext, 'store' | 'clients'>, userCode: string): Promise<PendingDeviceRequest | undefined> {
  const grant = await ctx.store.findByUserCode(userCode);
  const client = grant && ctx.clients.client(grant.clientId);
  if (!grant || !client || grant.deviceStatus !== 'pending' || grant.consumedAt !== undefined) return undefined;
  return { client, scopes: grant.scopes, expiresAt: grant.expiresAt, ...(grant.tenant !== undefined && { tenant: grant.tenant }) };
}

/** The signed-in user's approval at the verification page. */
export interface DeviceApproval {
  user: UserConfig;
  /** Scopes the user consented to; a non-empty subset of the requested ones (default: all requested). */
  scopes?: string[];
  /** When the user authenticated, epoch seconds (default: now). */
  authTime?: number;
  amr?: string[];
  idp?: string;
}

/**
 * Approves the device request with this user code for `approval.user` (RFC 8628 §3.3); the device's next poll
 * receives tokens for that user and the approved scopes.
 * @returns the store's answer: `decided`, `already_decided` (approved, denied or used before: nothing changed)
 *   or `not_found` (unknown, expired, or its client no longer exists)
 * @throws OAuthError `invalid_grant` for a disabled user or one outside the request's tenant; `invalid_scope`
 *   when `scopes` is empty or names a scope that was not requested
 */
export async function approveDevice(ctx: Pick<GrantContext, 'store' | 'clients' | 'tenants' | 'now'>, userCode: string, approval: DeviceApproval): Promise<DeviceDecisionResult> {
  const grant: StoredGrant | undefined = await ctx.store.findByUserCode(userCode);
  const client = grant && ctx.clients.client(grant.clientId);
  if (!grant || !client) return { status: 'not_found' };
  const { user } = approval;
  if (user.disabled) throw invalidGrant('the user is disabled');
  ctx.tenants.select(grant.tenant, client, user);
  const scopes = approval.scopes ?? grant.scopes;
  if (scopes.length === 0) throw invalidScope('at least one scope must be approved');
  const extra = scopes.find((s) => !grant.scopes.includes(s));
  if (extra !== undefined) throw invalidScope(`scope ${extra} was not requested by the device`);
  return ctx.store.decideDevice(userCode, {
    approve: true,
    subject: user.subject,
    scopes,
    data: {
      auth_time: approval.authTime ?? ctx.now(),
      ...(approval.amr !== undefined && { amr: approval.amr }),
      ...(approval.idp !== undefined && { idp: approval.idp }),
    },
  });
}

/**
 * Denies the device request with this user code (RFC 8628 §3.3); the device's next poll gets `access_denied`.
 * @returns `decided`, `already_decided` or `not_found` as for {@link approveDevice}
 */
export function denyDevice(ctx: Pick<GrantContext, 'store'>, userCode: string): Promise<DeviceDecisionResult> {
  return ctx.store.decideDevice(userCode, { approve: false });
}

/** `OAuthError` for a device code request the client may not make (RFC 8628 §3.2 / RFC 6749 §5.2). */
export const notAllowedDeviceFlow = (client: ClientConfig) =>
  new OAuthError('unauthorized_client', `client ${client.clientId} may not use grant type ${DEVICE_CODE_GRANT}`);
