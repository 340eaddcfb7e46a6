/**
 * `urn:ietf:params:oauth:grant-type:device_code` — the device access token request (RFC 8628 §3.4) and its
 * answers (§3.5). Each request is one atomic `GrantStore.pollDevice`, bound to the authenticated client.
 *
 * Answers:
 * - `authorization_pending`: the user has not decided yet;
 * - `slow_down`: polled again less than the enforced interval after the previous poll; the enforced interval
 *   then grows by 5 seconds "for this and all subsequent requests" (§3.5), so a client that ignores the hint keeps
 *   getting `slow_down` (interval 0 in the configuration disables the check);
 * - `access_denied`: the user denied the request;
 * - `expired_token`: the device code is unknown or has expired. The store keeps nothing after expiry (an expired
 *   grant is indistinguishable from one that never existed), and §3.5 tells the client to stop polling and start
 *   a new device authorization on `expired_token` — the right outcome for a never-issued code as well, while
 *   `invalid_grant` would leave a client whose code merely expired without the specific signal §3.5 defines;
 * - `invalid_grant`: the device code belongs to another client (nothing is changed); tokens were already issued
 *   for it — a replay, so every token issued from it is revoked as for a replayed authorization code
 *   (RFC 9700 (OAuth 2.0 Security BCP)); the approving user no longer exists or is disabled;
 * - `invalid_request`: `device_code` missing.
 *
 * On approval: tokens for the approving user with the approved scopes (id token with `openid`, refresh token
 * with `offline_access`), in the device code's grant family.
 */
import { DEVICE_CODE_GRANT, type DeviceCodeData } from '../../core/auth/device-authorizations.js';
import { GRANT_PLUGIN_API_VERSION, type GrantTypePlugin } from '../../core/auth/grant-contract.js';
import { OAuthError, invalidGrant, invalidRequest } from '../../core/auth/oauth-error.js';
import { GrantStoreError } from '../../core/stores/grant-store.js';

/** Seconds added to the enforced polling interval on each `slow_down` (RFC 8628 §3.5). */
export const SLOW_DOWN_STEP = 5;

export const deviceCodeGrant: GrantTypePlugin = {
  grantType: DEVICE_CODE_GRANT,
  name: 'Device authorization (RFC 8628)',
  version: '1.0.0',
  apiVersion: `^${GRANT_PLUGIN_API_VERSION}`,
  parameters: ['device_code'],
  async handle({ client, params, issuer }, ctx) {
    const handle = params.device_code;
    if (!handle) throw invalidRequest('device_code is required');
    const poll = await ctx.store.pollDevice(handle, { clientId: client.clientId });
    switch (poll.status) {
      case 'not_found':
        throw new OAuthError('expired_token', 'the device code has expired; start a new device authorization');
      case 'client_mismatch':
        throw invalidGrant('the device code was issued to another client');
      case 'already_consumed':
        await ctx.store.revokeFamily(poll.grant.familyId);
        throw invalidGrant('tokens have already been issued for this device code; they are revoked');
      case 'denied':
        throw new OAuthError('access_denied', 'the user denied the authorization request');
      case 'pending': {
        const data = poll.grant.data as Partial<DeviceCodeData>;
        const interval = data.interval ?? ctx.config.deviceFlow.interval;
        const thisPoll = poll.grant.lastPolledAt;
        if (interval > 0 && poll.previousPollAt !== undefined && thisPoll !== undefined && thisPoll - poll.previousPollAt < interval) {
          await ctx.store.update('device_code', handle, { data: { interval: interval + SLOW_DOWN_STEP } });
          throw new OAuthError('slow_down', `poll at most every ${interval + SLOW_DOWN_STEP} seconds`);
        }
        throw new OAuthError('authorization_pending', 'the user has not yet approved the request');
      }
      case 'approved':
        break;
    }
    const grant = poll.grant;
    const user = grant.subject === undefined ? undefined : await ctx.users.bySubjectId(grant.subject);
    if (!user || user.disabled) throw invalidGrant('the approving user is no longer active');
    const granted = ctx.resources.resolve(undefined, client, grant.scopes);
    const data = grant.data as Partial<DeviceCodeData>;
    try {
      return await ctx.tokens.issue(
        issuer,
        {
          client, user, granted, tenant: grant.tenant ?? ctx.tenants.select(undefined, client, user).name, familyId: grant.familyId,
          authTime: data.auth_time ?? ctx.now(),
          ...(data.amr !== undefined && { amr: data.amr }),
          ...(data.idp !== undefined && { idp: data.idp }),
        },
        { userClaims: { sub: user.subject } },
      );
    } catch (err) {
      if (err instanceof GrantStoreError && err.code === 'family_revoked') throw invalidGrant('the device authorization has been revoked');
      throw err;
    }
  },
};
