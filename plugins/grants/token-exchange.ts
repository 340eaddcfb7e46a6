/**
 * `urn:ietf:params:oauth:grant-type:token-exchange` (RFC 8693) — the example extension grant: a client trades an
 * access token this server issued (the subject token) for a new access token, e.g. an API acting for the user
 * who called it. It shows what a grant plugin can do with the `GrantContext`; customers write theirs the same way
 * and name them in `auth.grantPlugins`.
 *
 * Request (RFC 8693 §2.1): `subject_token` + `subject_token_type` = `urn:ietf:params:oauth:token-type:access_token`
 * (required); optional `scope`, `requested_token_type` (only access tokens are issued), `actor_token` +
 * `actor_token_type`, `audience`/`resource` (must name an audience the new token gets anyway).
 *
 * The new token (RFC 8693 §2.2.1, `issued_token_type` = access token type, no refresh or id token):
 * - is for the subject token's user and tenant, issued to the requesting client (`client_id`), in the subject
 *   token's grant family — revoking that family deactivates the exchanged token too;
 * - carries the subject token's scopes narrowed to what the requesting client may have (`scope` may narrow
 *   further, never widen);
 * - carries `act: {sub: <actor>}` (RFC 8693 §4.1) when someone other than the subject token's client acts: the
 *   requesting client's id, or the actor token's subject; an `act` of the subject token is nested inside.
 * A client-credentials subject token can only be exchanged by its own client (the token service gives a token
 * without a user `sub` = its client_id, so another client's token cannot keep its subject).
 *
 * A DPoP-bound subject token (`cnf.jkt`, RFC 9449 §6) is only exchanged with a DPoP proof of that key in the token
 * request (checked by the token endpoint, RFC 9449 §5: as at a resource, §7, the token alone is not enough), and
 * the new token is bound to the same key (`token_type` `DPoP`, `cnf.jkt`): an exchange cannot turn a bound token
 * into a bearer token.
 *
 * Errors (RFC 8693 §2.2.2, RFC 6749 §5.2): `invalid_request` for a missing, unsupported, invalid, expired or
 * revoked subject or actor token, an actor token of another client, an unsupported `requested_token_type`,
 * an unknown or disabled user; `invalid_scope` when nothing or too much would be granted; `invalid_target` for
 * an `audience`/`resource` the token would not be for; `invalid_dpop_proof` for a DPoP-bound subject token
 * without a proof of its key.
 */
import { invalidDpopProof } from '../../core/auth/dpop.js';
import { GRANT_PLUGIN_API_VERSION, type GrantTypePlugin } from '../../core/auth/grant-contract.js';
import { OAuthError, invalidRequest, invalidScope } from '../../core/auth/oauth-error.js';
import { OFFLINE_ACCESS } from '../../core/auth/resources.js';
import { GrantStoreError } from '../../core/stores/grant-store.js';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** RFC 8693 §3 token type identifier of OAuth access tokens. */
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

export const tokenExchangeGrant: GrantTypePlugin = {
  grantType: TOKEN_EXCHANGE_GRANT,
  name: 'Token exchange (RFC 8693, example extension grant)',
  version: '1.0.0',
  apiVersion: `^${GRANT_PLUGIN_API_VERSION}`,
  parameters: ['subject_token', 'subject_token_type', 'actor_token', 'actor_token_type', 'requested_token_type', 'scope', 'audience', 'resource'],
  allowedDuplicates: ['audience', 'resource'],
  async handle({ client, params, issuer }, ctx) {
    if (!params.subject_token) throw invalidRequest('subject_token is required');
    if (params.subject_token_type !== ACCESS_TOKEN_TYPE) throw invalidRequest(`subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
    if (params.requested_token_type !== undefined && params.requested_token_type !== ACCESS_TOKEN_TYPE) {
      throw invalidRequest(`requested_token_type ${params.requested_token_type} is not supported; only access tokens are issued`);
    }
    const subject = await ctx.tokens.validateAccessToken(params.subject_token, [issuer]);
    if (!subject) throw invalidRequest('subject_token is invalid, expired or revoked');
    // ctx.tokens binds to the key of the request's checked proof, so the new token keeps the subject's binding.
    const boundTo = subject.cnf?.jkt;
    if (boundTo !== undefined && ctx.tokens.dpopJkt !== boundTo) {
      throw invalidDpopProof('subject_token is DPoP-bound: the token request needs a DPoP proof signed with its key (RFC 9449 §6, §7)');
    }

    let actor: string | undefined;
    if (params.actor_token !== undefined) {
      if (params.actor_token_type !== ACCESS_TOKEN_TYPE) throw invalidRequest(`actor_token_type must be ${ACCESS_TOKEN_TYPE}`);
      const info = await ctx.tokens.validateAccessToken(params.actor_token, [issuer]);
      if (!info) throw invalidRequest('actor_token is invalid, expired or revoked');
      if (info.client_id !== client.clientId) throw invalidRequest('actor_token was issued to another client');
      actor = info.sub;
    } else if (params.actor_token_type !== undefined) {
      throw invalidRequest('actor_token_type was sent without actor_token');
    }

    const user = subject.isUser ? await ctx.users.bySubjectId(subject.sub) : undefined;
    if (subject.isUser && (!user || user.disabled)) throw invalidRequest('the user of subject_token is no longer active');
    if (!subject.isUser && subject.client_id !== client.clientId) throw invalidRequest("another client's client-credentials token cannot be exchanged");

    const allowed = subject.scope.split(' ').filter((s) => s && s !== OFFLINE_ACCESS && client.allowedScopes.includes(s));
    if (allowed.length === 0) throw invalidScope('the requesting client may have none of the scopes of subject_token');
    const granted = ctx.resources.resolve(params.scope, client, allowed);
    const targets = [params.audience, params.resource].filter((v) => v !== undefined).flatMap((v) => v.split(' '));
    const missing = targets.find((t) => !granted.audiences.includes(t));
    if (missing !== undefined) throw new OAuthError('invalid_target', `the token cannot be issued for ${missing}`);

    const actorSub = actor ?? client.clientId;
    const delegated = actor !== undefined ? actor !== subject.sub : client.clientId !== subject.client_id;
    const previousAct = (subject as unknown as { act?: Record<string, unknown> }).act;
    const claims = delegated ? { act: { sub: actorSub, ...(previousAct && { act: previousAct }) } } : {};
    const tenant = ctx.tenants.select(subject.tenant, client, user).name;
    try {
      const at = await ctx.tokens.createAccessToken(issuer, {
        client, granted, tenant, claims,
        ...(user && { user }),
        ...(subject.familyId !== undefined && user && { familyId: subject.familyId }),
        ...(subject.auth_time !== undefined && { authTime: subject.auth_time }),
        ...(subject.idp !== undefined && { idp: subject.idp }),
      });
      return { access_token: at.token, issued_token_type: ACCESS_TOKEN_TYPE, token_type: 'Bearer', expires_in: at.expiresIn, scope: granted.scopes.join(' ') };
    } catch (err) {
      if (err instanceof GrantStoreError && err.code === 'family_revoked') throw invalidRequest('subject_token has been revoked');
      throw err;
    }
  },
};
