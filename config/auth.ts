/**
 * Configuration of the OAuth 2.0 / OpenID Connect token service (`/connect/*`): clients, API resources, scopes,
 * users, tenants, signing keys and lifetimes. Terms follow IdentityServer's model, which the replaced service
 * used (https://identityserver4.readthedocs.io/en/latest/topics/resources.html). Lifetimes are in seconds.
 */
import { fillClientDefaults } from './auth-schema.js';

/** A client secret, stored only as a hash: `sha256` = base64 of SHA-256 of the secret's UTF-8 bytes. */
export interface SecretConfig {
  sha256: string;
  description?: string;
  /** ISO date-time after which the secret no longer authenticates. */
  expiresAt?: string;
}

export type AccessTokenType = 'jwt' | 'reference';

export interface RefreshTokenPolicy {
  /** `oneTime`: every use rotates the token (reuse of a consumed one revokes the family); `reuse`: kept. */
  usage: 'oneTime' | 'reuse';
  /** Lifetime of the whole family from the first issue. */
  absoluteLifetime: number;
  /** Lifetime of one token; 0 = up to the absolute lifetime. */
  slidingLifetime: number;
}

export interface ClientConfig {
  clientId: string;
  clientName?: string;
  /** Empty for public clients (no secret; only PKCE-protected or device flows make sense). */
  secrets: SecretConfig[];
  /** Grant types this client may use at the token endpoint (`client_credentials`, custom values …). */
  allowedGrantTypes: string[];
  /** Scopes this client may request; when a request names none, all of these are granted. */
  allowedScopes: string[];
  /** Exact, case-sensitive redirect URIs (authorization code flow). */
  redirectUris: string[];
  accessTokenType: AccessTokenType;
  accessTokenLifetime: number;
  identityTokenLifetime: number;
  authorizationCodeLifetime: number;
  /** Whether refresh tokens are issued (with the `offline_access` scope). */
  allowOfflineAccess: boolean;
  refreshToken: RefreshTokenPolicy;
  /** Require PKCE on the authorization code flow. */
  requirePkce: boolean;
  /** Accept `code_challenge_method=plain` (RFC 7636 §4.2); S256 is always accepted. */
  allowPlainTextPkce: boolean;
  /** Identity providers `acr_values=idp:<name>` may select for this client; empty = none. */
  identityProviderRestrictions: string[];
  /** Tenant the client belongs to; its tokens carry it unless the request selects another allowed tenant. */
  tenant?: string;
  /** Signing algorithm of this client's JWT access tokens (id tokens are always RS256 unless configured). */
  accessTokenSigningAlg: 'RS256' | 'ES256';
  /** Claims added to client_credentials tokens (`claim` → value). */
  claims: Record<string, string>;
}

export interface ApiResourceConfig {
  /** The resource name: the `aud` of access tokens for its scopes, and its user name at introspection. */
  name: string;
  displayName?: string;
  /** Secrets the resource uses with Basic authentication at the introspection endpoint. */
  secrets: SecretConfig[];
  /** Resource scopes that belong to it. */
  scopes: string[];
}

export interface IdentityScopeConfig {
  name: string;
  /** User claims this scope releases (`openid` → `sub`; `profile` → `name`, `given_name`, `family_name`; `role` → `role`). */
  claims: string[];
}

export interface ApiScopeConfig {
  name: string;
  displayName?: string;
}

export interface UserConfig {
  subject: string;
  userName: string;
  /** `scrypt$N$r$p$<salt base64>$<hash base64>`. */
  passwordHash: string;
  /** Profile claims (`name`, `given_name`, `family_name`, `email` …). */
  claims: Record<string, string>;
  roles: string[];
  /** Tenants the user belongs to; empty = any. */
  tenants: string[];
  /** External identity provider the user signs in with (for `acr_values=idp:<name>`); absent = local. */
  identityProvider?: string;
  disabled?: boolean;
}

export interface TenantConfig {
  name: string;
  displayName?: string;
  /** Scope a bearer token needs for the conversion routes of this tenant. */
  conversionScope: string;
  /** Format plugin ids enabled for the tenant; empty = all. */
  enabledFormats: string[];
  /** Option defaults applied to this tenant's conversions (option name → value). */
  optionDefaults: Record<string, boolean | string>;
}

export interface SigningKeyConfig {
  /** Key id published in the JWKS and in every JWS header. */
  kid?: string;
  alg: 'RS256' | 'ES256';
  /** PKCS#8/PKCS#1/SEC1 PEM text, or a path to it (`pemFile`). */
  pem?: string;
  pemFile?: string;
  /** A private JWK. */
  jwk?: Record<string, unknown>;
  /** PKCS#12 (.pfx/.p12) file and password. */
  pkcs12File?: string;
  pkcs12Password?: string;
  /** Signing starts at this ISO time (published before; rotation). */
  notBefore?: string;
  /** Retired at this ISO time: no longer signs, still published until tokens signed with it expire. */
  retiredAt?: string;
}

export interface DeviceFlowConfig {
  /** Characters of a user code (from an unambiguous alphabet). */
  userCodeLength: number;
  /** Seconds a device code lives. */
  lifetime: number;
  /** Minimum seconds between polls (`interval`). */
  interval: number;
  /** Path (on the issuer) of the verification page. */
  verificationPath: string;
}

export interface AuthConfig {
  /**
   * The issuer identifier: an absolute http(s) URL without query or fragment (`PUBLIC_URL` when absent here);
   * absent = `http://localhost:<port>`. Never taken from a request's `Host` (core/auth/issuer.ts).
   */
  issuer?: string;
  /** When false, conversion routes need no token (closed networks only). */
  requireTokenForConversions: boolean;
  /** Tenant used when a request selects none. */
  defaultTenant: string;
  keys: {
    signing: SigningKeyConfig[];
    /** Where keys generated at first start are kept (development); relative to the working directory. */
    developmentKeyDir: string;
  };
  clients: ClientConfig[];
  apiResources: ApiResourceConfig[];
  identityScopes: IdentityScopeConfig[];
  apiScopes: ApiScopeConfig[];
  users: UserConfig[];
  tenants: TenantConfig[];
  deviceFlow: DeviceFlowConfig;
  /** Module specifiers of customer grant plugins, loaded with `import()`. */
  grantPlugins: string[];
  /** Throttling of failed password attempts per user (password grant and, later, the login pages). */
  lockout: LockoutConfig;
}

/**
 * Failed password attempts per user name (NFKC, case-insensitive; counted whether or not the user exists): the
 * first `freeAttempts` failures in a row cost nothing; each later failure makes the name wait
 * `baseDelaySeconds · 2^(failures − freeAttempts − 1)` seconds (at most `maxDelaySeconds`) before the next attempt
 * is checked; the `lockAfter`-th failure locks the name for `lockSeconds`. Attempts during a wait or lock are
 * refused with the same answer and not counted. A success resets the count; a count is forgotten `lockSeconds`
 * after its latest failure, so a lock ends with a clean count. Implemented by `core/auth/lockout.ts`.
 */
export interface LockoutConfig {
  freeAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  lockAfter: number;
  lockSeconds: number;
}

/**
 * The embedded defaults: a documented local client and user so the README's examples run as they are.
 * - client `local-client`, secret `local-secret` (all built-in grants, scopes `openid profile role avacloud offline_access`)
 * - device client `local-device` (public, device flow)
 * - API resource `avacloud`, introspection secret `local-api-secret`
 * - user `demo`, password `demo-password`
 * A config file's `auth.clients`, `auth.users` … replace these lists whole. In production mode the clients, API
 * resources and users here are not loaded at all (config/production.ts).
 */
export const DEFAULT_AUTH: AuthConfig = {
  requireTokenForConversions: true,
  defaultTenant: 'default',
  keys: { signing: [], developmentKeyDir: '.dev-keys' },
  clients: [
    fillClientDefaults({
      clientId: 'local-client',
      clientName: 'Local development client',
      secrets: [{ sha256: 'Ef94FvcwfmQ9vCapEUzoTAMoBZELotKy7I3QEB3rR0U=', description: 'local-secret' }],
      allowedGrantTypes: ['client_credentials', 'password', 'refresh_token', 'authorization_code', 'urn:ietf:params:oauth:grant-type:device_code', 'urn:ietf:params:oauth:grant-type:token-exchange'],
      allowedScopes: ['openid', 'profile', 'role', 'avacloud', 'offline_access'],
      redirectUris: ['http://localhost:5000/signin-callback'],
      allowOfflineAccess: true,
      allowPlainTextPkce: true,
    }),
    fillClientDefaults({
      clientId: 'local-device',
      clientName: 'Local device client (public)',
      allowedGrantTypes: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
      allowedScopes: ['openid', 'profile', 'avacloud', 'offline_access'],
      allowOfflineAccess: true,
    }),
  ],
  apiResources: [
    { name: 'avacloud', displayName: 'AVA conversion API', secrets: [{ sha256: 'n+btDpEeo98RpmrrfSigceT2enEL+MN+nUEMduCSe6Y=', description: 'local-api-secret' }], scopes: ['avacloud'] },
  ],
  identityScopes: [
    { name: 'openid', claims: ['sub'] },
    { name: 'profile', claims: ['name', 'given_name', 'family_name'] },
    { name: 'role', claims: ['role'] },
  ],
  apiScopes: [{ name: 'avacloud', displayName: 'Access to the AVACloud API' }],
  users: [
    {
      subject: '3f6c1f0e-7d1a-4c55-9a43-0d3c9b1e2a10',
      userName: 'demo',
      passwordHash: 'scrypt$16384$8$1$YXZhLWdhdGV3YXktZGVtby1zYWx0$e8v6zbp5dKr84FuM0Seqi/KYi+m7+qo64uNv4WyjLgY=',
      claims: { name: 'Demo User', given_name: 'Demo', family_name: 'User', email: 'demo@example.invalid' },
      roles: ['user'],
      tenants: [],
    },
  ],
  tenants: [{ name: 'default', displayName: 'Default', conversionScope: 'avacloud', enabledFormats: [], optionDefaults: {} }],
  deviceFlow: { userCodeLength: 8, lifetime: 600, interval: 5, verificationPath: '/device' },
  grantPlugins: [],
  lockout: { freeAttempts: 3, baseDelaySeconds: 1, maxDelaySeconds: 60, lockAfter: 10, lockSeconds: 900 },
};
