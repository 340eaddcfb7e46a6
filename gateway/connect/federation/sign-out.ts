/**
 * Federated sign-out: a logout at the gateway's end-session endpoint of a session that signed in through an
 * upstream identity provider also ends the user's session there, as IdentityServer does for external providers
 * that support it. The gateway acts as relying party of OpenID Connect RP-Initiated Logout 1.0 (§2, §3): the
 * browser goes to the provider's `end_session_endpoint` with the id token the provider issued at that sign-in as
 * `id_token_hint`, and comes back to `<issuer>/connect/idp/<name>/signedout` with the `state` sent, where the
 * gateway's own logout continues (to the client's `post_logout_redirect_uri`, or the "signed out" page).
 *
 * Nothing is sent upstream when the provider is configured with `signOutUpstream: false`, announces no
 * `end_session_endpoint`, cannot be reached (logged; the local logout completes), or the session has no id token of
 * it (one started before the gateway kept them). The local session has always ended before the browser leaves.
 */
import type { FastifyRequest } from 'fastify';
import * as o from 'oauth4webapi';
import type { PendingSignOut } from '../../../core/auth/federation-flows.js';
import type { CurrentSession } from '../browser-session.js';
import { identityProvider, signedOutPath } from './providers.js';
import type { FederationContext } from './routes.js';
import { UpstreamError } from './upstream.js';

/**
 * Where the browser goes to sign out at the session's identity provider, the continuation remembered under the
 * `state` sent there; undefined when nothing is to be done upstream (see the module comment).
 * @param after where the logout continues: the client's checked `post_logout_redirect_uri` and `state`, the page locale
 * @throws GrantStoreError `backend_error` (the continuation cannot be stored)
 */
export async function upstreamSignOutUrl(ctx: FederationContext, request: FastifyRequest, current: CurrentSession | undefined, after: Omit<PendingSignOut, 'provider'>): Promise<string | undefined> {
  const session = current?.session;
  if (session?.idp === undefined || session.upstreamIdToken === undefined) return undefined;
  const { auth } = ctx;
  const provider = identityProvider(auth, session.tenant ?? auth.tenants.defaultTenant, session.idp);
  if (!provider?.signOutUpstream) return undefined;
  const state = o.generateRandomState();
  let url: URL | undefined;
  try {
    url = await ctx.upstream.endSessionUrl(provider, session.upstreamIdToken, auth.issuer + signedOutPath(provider.name), { state, locale: after.locale });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    request.log.warn({ err, provider: provider.name }, 'identity provider unavailable: signed out locally only');
    return undefined;
  }
  if (url === undefined) return undefined;
  await auth.federationFlows.saveSignOut(state, { ...after, provider: provider.name });
  return url.href;
}

/** The sign-out that `state` continues, taken (it works once); undefined when unknown, expired or of another provider. */
export async function takeUpstreamSignOut(ctx: FederationContext, provider: string, state: string | null): Promise<PendingSignOut | undefined> {
  const flow = state ? await ctx.auth.federationFlows.takeSignOut(state) : undefined;
  return flow?.provider === provider ? flow : undefined;
}
