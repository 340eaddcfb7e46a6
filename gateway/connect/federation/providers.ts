/**
 * Which identity providers a request may use (`acr_values=idp:<name>`, the login page's buttons): those of the
 * request's tenant (`auth.tenants[].identityProviders`) that the client allows — its
 * `identityProviderRestrictions`, where an empty list allows every provider of the tenant (Duende IdentityServer,
 * `Client.IdentityProviderRestrictions`; DuendeSoftware/products, identity-server/src/IdentityServer/Models/Client.cs).
 */
import type { ClientConfig, IdentityProviderConfig } from '../../../core/auth/config.js';
import type { AuthServices } from '../../../core/auth/services.js';

/** Path of the login page's provider form (POST: `idp`, `return`, `csrf`). */
export const FEDERATION_START_PATH = '/connect/idp/start';

/** The callback (redirect URI registered upstream) of a provider: `<issuer>/connect/idp/<name>/callback`. */
export const callbackPath = (name: string) => `/connect/idp/${encodeURIComponent(name)}/callback`;

/**
 * Where a provider sends the browser back after signing the user out there (the post-logout redirect URI
 * registered upstream): `<issuer>/connect/idp/<name>/signedout`.
 */
export const signedOutPath = (name: string) => `/connect/idp/${encodeURIComponent(name)}/signedout`;

/** The tenant's provider with this name, or undefined. */
export function identityProvider(auth: AuthServices, tenant: string, name: string): IdentityProviderConfig | undefined {
  return auth.tenants.tenant(tenant)?.identityProviders?.find((p) => p.name === name);
}

/** Whether the client may use the provider (empty restrictions: every provider of its tenant). */
export const clientAllows = (client: ClientConfig, name: string) =>
  client.identityProviderRestrictions.length === 0 || client.identityProviderRestrictions.includes(name);

/** The providers the login page offers for a client in a tenant. */
export function providersFor(auth: AuthServices, tenant: string, client?: ClientConfig): IdentityProviderConfig[] {
  return (auth.tenants.tenant(tenant)?.identityProviders ?? []).filter((p) => !client || clientAllows(client, p.name));
}

/** Why `idp:<name>` cannot be used by this client in this tenant (an `invalid_request` description), or undefined when it can. */
export function identityProviderRefusal(auth: AuthServices, tenant: string, client: ClientConfig, name: string): string | undefined {
  if (!identityProvider(auth, tenant, name)) return `identity provider ${name} is not configured for tenant ${tenant}`;
  if (!clientAllows(client, name)) return `client ${client.clientId} may not use identity provider ${name}`;
  return undefined;
}

/**
 * Whether a session's identity provider still suits the client: a session through a provider the client
 * restricts away needs a new sign-in (Duende's rule "current IdP not in Client.IdentityProviderRestrictions").
 */
export const sessionProviderAllowed = (client: ClientConfig, idp: string | undefined) => idp === undefined || clientAllows(client, idp);
