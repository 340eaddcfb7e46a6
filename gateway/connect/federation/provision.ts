/**
 * The local user of an upstream identity (federation) — the ONE place where federation looks users up and
 * creates them:
 * 1. linked already (`auth.externalLogins`, key: tenant, provider, upstream `iss` and `sub`; OpenID Connect Core
 *    1.0 §5.7: only `iss` + `sub` identify an end user stably) → that user, unless disabled or gone;
 * 2. else a configured user of the tenant marked `identityProvider: <provider>` whose `email` equals the
 *    upstream's `email` with `email_verified: true` → linked now (an unverified address never links: it would let
 *    anyone claim an account by typing its address upstream);
 * 3. else, when the provider has `createUsers`, a new user of the tenant (subject: a random UUID, user name
 *    `<provider>:<upstream sub>`, no password, claims by the provider's `claimMapping`) → linked now;
 * 4. else refused.
 * Linking is atomic (`ExternalLoginStore.link`): of two concurrent first sign-ins one user wins.
 */
import { randomUUID } from 'node:crypto';
import type { IdentityProviderConfig } from '../../../core/auth/config.js';
import type { AuthServices } from '../../../core/auth/services.js';
import { accountOf, type AccountUser } from '../../../core/auth/users.js';
import type { ExternalIdentity } from '../../../core/stores/external-login-store.js';
import type { StoredUser } from '../../../core/stores/user-store.js';

/** What the upstream said about the user: its `iss`, `sub` and claims (id token, with userinfo merged in). */
export interface UpstreamUser {
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
  /** The id token as issued (compact JWS), the `id_token_hint` of a later sign-out there. */
  idToken?: string;
}

export type Provisioned = { user: AccountUser; created: boolean } | { refused: string };

const inTenant = (user: AccountUser, tenant: string) => user.tenants.length === 0 || user.tenants.includes(tenant);

/** Local claims of a new user: `claimMapping` (local ← upstream), string values only. */
function mappedClaims(provider: IdentityProviderConfig, upstream: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [local, remote] of Object.entries(provider.claimMapping)) {
    const value = upstream[remote];
    if (typeof value === 'string' && value !== '') out[local] = value;
  }
  return out;
}

/**
 * Finds, links or creates the local user of an upstream identity (see the module comment). A created user has no
 * local password and no account e-mail address (the upstream's address stays a claim, so it never collides with a
 * local account's unique address); it lives in the user store, shared by every instance.
 * @throws GrantStoreError `backend_error`
 */
export async function provisionFederatedUser(auth: AuthServices, provider: IdentityProviderConfig, tenant: string, upstream: UpstreamUser): Promise<Provisioned> {
  const identity: ExternalIdentity = { tenant, provider: provider.name, issuer: upstream.issuer, subject: upstream.subject };
  const usable = (user: AccountUser | undefined): Provisioned =>
    !user ? { refused: 'the linked local account no longer exists' }
      : user.disabled ? { refused: 'the local account is disabled' }
        : !inTenant(user, tenant) ? { refused: `the local account does not belong to tenant ${tenant}` }
          : { user, created: false };

  const linked = await auth.externalLogins.find(identity);
  if (linked !== undefined) return usable(await auth.users.bySubjectId(linked));

  const email = upstream.claims.email;
  if (typeof email === 'string' && upstream.claims.email_verified === true) {
    const found = await auth.users.store.byIdentifier(email, tenant);
    const match = found && found.identityProvider === provider.name && found.email?.toLowerCase() === email.toLowerCase() ? found : undefined;
    if (match) return usable(await auth.users.bySubjectId(await auth.externalLogins.link(identity, match.subject)));
  }

  if (!provider.createUsers) return { refused: `no local account is linked to this ${provider.displayName ?? provider.name} account` };
  const stored: StoredUser = {
    subject: randomUUID(), userName: `${provider.name}:${upstream.subject}`, emailConfirmed: false,
    claims: mappedClaims(provider, upstream.claims), roles: [], tenants: [tenant], tenant, identityProvider: provider.name,
    createdAt: Math.floor(Date.now() / 1000),
  };
  const created = await auth.users.store.create(stored);
  if (!created.ok) {
    // The same upstream account signing in on two instances at once: the other instance's user and link win.
    const again = await auth.externalLogins.find(identity);
    if (again !== undefined) return usable(await auth.users.bySubjectId(again));
    return { refused: `a local account named ${stored.userName} exists already` };
  }
  // Another instance may have linked the identity meanwhile (Redis): its user wins; the one created here stays unused.
  const winner = await auth.externalLogins.link(identity, stored.subject);
  if (winner !== stored.subject) return usable(await auth.users.bySubjectId(winner));
  return { user: accountOf(stored), created: true };
}
