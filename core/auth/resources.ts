/**
 * Scopes and resources: identity scopes (`openid`, `profile`, `role` → user claims), API scopes (`avacloud`)
 * and the API resources they belong to (the `aud` of access tokens). Resolves what a client asks for against
 * what it may have (IdentityServer4 token endpoint (https://identityserver4.readthedocs.io/en/latest/endpoints/token.html): "When omitted, a token for all explicitly allowed scopes is issued").
 */
import type { AuthConfig, ClientConfig, UserConfig } from './config.js';
import { invalidScope } from './oauth-error.js';

/** `offline_access`: asks for a refresh token (OIDC Core §11). */
export const OFFLINE_ACCESS = 'offline_access';

export interface GrantedScopes {
  /** All granted scopes, in request order (or the client's order when none were requested). */
  scopes: string[];
  identityScopes: string[];
  apiScopes: string[];
  offlineAccess: boolean;
  /** API resource names owning the granted API scopes (the access token's `aud`). */
  audiences: string[];
}

export class ResourceCatalog {
  private readonly identity: ReadonlyMap<string, string[]>;
  private readonly api: ReadonlySet<string>;
  private readonly resourceOf: ReadonlyMap<string, string[]>;

  constructor(auth: Pick<AuthConfig, 'identityScopes' | 'apiScopes' | 'apiResources'>) {
    this.identity = new Map(auth.identityScopes.map((s) => [s.name, s.claims]));
    this.api = new Set(auth.apiScopes.map((s) => s.name));
    const resourceOf = new Map<string, string[]>();
    for (const r of auth.apiResources) for (const s of r.scopes) resourceOf.set(s, [...(resourceOf.get(s) ?? []), r.name]);
    this.resourceOf = resourceOf;
  }

  /** Every scope name the server knows (discovery `scopes_supported`). */
  allScopes(): string[] {
    return [...this.identity.keys(), ...this.api, OFFLINE_ACCESS];
  }

  isIdentityScope(scope: string): boolean {
    return this.identity.has(scope);
  }

  /**
   * Resolves a `scope` parameter for a client.
   * @param requested space-separated scopes, or undefined for "all the client's allowed scopes"
   * @param restrictTo when refreshing: the scopes of the original grant (a refresh may only narrow)
   * @throws OAuthError invalid_scope naming the first scope that is unknown or not allowed for the client
   */
  resolve(requested: string | undefined, client: ClientConfig, restrictTo?: readonly string[]): GrantedScopes {
    const allowed = restrictTo ?? client.allowedScopes;
    const names = requested === undefined ? [...allowed] : [...new Set(requested.split(' ').filter(Boolean))];
    if (requested !== undefined && names.length === 0) throw invalidScope('scope is empty');
    const out: GrantedScopes = { scopes: [], identityScopes: [], apiScopes: [], offlineAccess: false, audiences: [] };
    const audiences = new Set<string>();
    for (const s of names) {
      if (!allowed.includes(s)) throw invalidScope(restrictTo ? `scope ${s} was not granted originally` : `scope ${s} is not allowed for this client`);
      if (s === OFFLINE_ACCESS) {
        if (!client.allowOfflineAccess) throw invalidScope('offline_access is not allowed for this client');
        out.offlineAccess = true;
      } else if (this.identity.has(s)) out.identityScopes.push(s);
      else if (this.api.has(s)) {
        out.apiScopes.push(s);
        for (const r of this.resourceOf.get(s) ?? []) audiences.add(r);
      } else throw invalidScope(`scope ${s} is unknown`);
      out.scopes.push(s);
    }
    out.audiences = [...audiences];
    return out;
  }

  /**
   * The user claims released by identity scopes (OIDC Core §5.4): `sub` always, profile claims by scope,
   * `role` as an array.
   */
  userClaims(user: UserConfig, identityScopes: readonly string[]): Record<string, unknown> {
    const claims: Record<string, unknown> = { sub: user.subject };
    for (const scope of identityScopes) {
      for (const name of this.identity.get(scope) ?? []) {
        if (name === 'sub') continue;
        if (name === 'role') claims.role = [...user.roles];
        else if (user.claims[name] !== undefined) claims[name] = user.claims[name];
      }
    }
    return claims;
  }
}
