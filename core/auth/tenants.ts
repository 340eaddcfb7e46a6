/**
 * Tenants and `acr_values` (IdentityServer4 authorize and token endpoints (https://identityserver4.readthedocs.io/en/latest/endpoints/): `tenant:<name>` passes a tenant; `idp:<name>` selects an
 * identity provider when the client allows it).
 */
import type { AuthConfig, ClientConfig, TenantConfig, UserConfig } from './config.js';
import { OAuthError, invalidRequest } from './oauth-error.js';

export interface AcrValues {
  tenant?: string;
  idp?: string;
  /** Other values, passed through. */
  other: string[];
}

/** Parses a space-separated `acr_values` parameter. */
export function parseAcrValues(value: string | undefined): AcrValues {
  const out: AcrValues = { other: [] };
  for (const v of (value ?? '').split(' ').filter(Boolean)) {
    if (v.startsWith('tenant:')) out.tenant = v.slice(7);
    else if (v.startsWith('idp:')) out.idp = v.slice(4);
    else out.other.push(v);
  }
  return out;
}

export class TenantDirectory {
  private readonly tenants: ReadonlyMap<string, TenantConfig>;
  readonly defaultTenant: string;

  constructor(auth: Pick<AuthConfig, 'tenants' | 'defaultTenant'>) {
    this.tenants = new Map(auth.tenants.map((t) => [t.name, t]));
    this.defaultTenant = auth.defaultTenant;
  }

  tenant(name: string): TenantConfig | undefined {
    return this.tenants.get(name);
  }

  /**
   * The tenant a token is issued for: the one requested (`tenant:<name>`), else the client's, else the default.
   * @throws OAuthError invalid_request when the tenant is unknown, differs from the client's own tenant, or the
   *   user does not belong to it
   */
  select(requested: string | undefined, client: ClientConfig, user?: UserConfig): TenantConfig {
    const name = requested ?? client.tenant ?? this.defaultTenant;
    const tenant = this.tenants.get(name);
    if (!tenant) throw invalidRequest(`tenant ${name} is unknown`);
    if (client.tenant && client.tenant !== name) throw invalidRequest(`client ${client.clientId} belongs to tenant ${client.tenant}`);
    if (user && user.tenants.length > 0 && !user.tenants.includes(name)) throw new OAuthError('invalid_grant', `the user does not belong to tenant ${name}`);
    return tenant;
  }
}

/**
 * Checks `idp:<name>`: the client must list the provider in `identityProviderRestrictions`.
 * @throws OAuthError invalid_request when it does not
 */
export function checkIdentityProvider(idp: string | undefined, client: ClientConfig): void {
  if (idp !== undefined && !client.identityProviderRestrictions.includes(idp)) {
    throw invalidRequest(`client ${client.clientId} may not be sent to identity provider ${idp}`);
  }
}
