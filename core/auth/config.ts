/**
 * The shapes of the token service's configuration (`auth` section): clients, API resources, scopes, users,
 * tenants, signing keys, lifetimes and lockout. Terms follow IdentityServer's model, which the replaced service
 * used (IdentityServer4 docs, "Resources" and "Client" reference). Lifetimes are in seconds. Declared in core
 * because core consumes them; `config/` imports them from here, fills defaults and validates (config/auth.ts).
 */
/** A client secret, stored only as a hash: `sha256` = base64 of SHA-256 of the secret's UTF-8 bytes. */
export interface SecretConfig {
  sha256: string;
  description?: string;
  /** ISO date-time after which the secret no longer authenticates. */
  expiresAt?: string;
  /**
   * The secret in clear, only for HS256 request objects (OpenID Connect Core 1.0 §6.1, §10.1: a MAC needs the
   * shared secret itself); must hash to `sha256`. Absent = the secret cannot verify request objects.
   */
  value?: string;
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
  /**
   * Identity providers `acr_values=idp:<name>` may select for this client. At the password grant empty = none; at
   * the authorization endpoint (federation) empty = every identity provider of the client's tenant (Duende's
   * `IdentityProviderRestrictions`).
   */
  identityProviderRestrictions: string[];
  /** Tenant the client belongs to; its tokens carry it unless the request selects another allowed tenant. */
  tenant?: string;
  /** Signing algorithm of this client's JWT access tokens (id tokens are always RS256 unless configured). */
  accessTokenSigningAlg: 'RS256' | 'ES256';
  /** Claims added to client_credentials tokens (`claim` → value). */
  claims: Record<string, string>;
  /**
   * Only DPoP-bound access tokens (RFC 9449 §5: `dpop_bound_access_tokens`): a token request without a valid
   * `DPoP` proof is refused with `invalid_dpop_proof`.
   */
  requireDpop: boolean;
  /**
   * The client's DPoP proofs must carry a nonce of this server (RFC 9449 §8, §9; Duende IdentityServer's
   * `DPoPValidationMode.Nonce`): a proof without a current one is answered `use_dpop_nonce` with a fresh nonce in
   * the `DPoP-Nonce` header, at the token endpoint and at the protected resources its tokens are presented to.
   */
  requireDpopNonce: boolean;
  /** Show the consent page before the first authorization (remembered per user and client until revoked). */
  requireConsent: boolean;
  /** Exact, case-sensitive `post_logout_redirect_uri` values (OpenID Connect RP-Initiated Logout 1.0 §3). */
  postLogoutRedirectUris: string[];
  /** The client's public keys verifying its signed request objects (RFC 7517 JWK Set), inline … */
  jwks?: { keys: Record<string, unknown>[] };
  /** … or fetched from this URL (cached; RFC 9101 §4). */
  jwksUri?: string;
  /** Accept unsigned (`alg: none`) request objects (OpenID Connect Core 1.0 §6.1). */
  allowUnsignedRequestObjects: boolean;
  /** Exact `request_uri` values this client may pass by reference (OpenID Connect Core 1.0 §6.2). */
  requestUris: string[];
  /** Accept authorization requests only through `/connect/par` (RFC 9126 §5). */
  requirePushedAuthorizationRequests: boolean;
}

/** Texts per UI language (`de`, `en` …), e.g. a scope's name on the consent page. */
export type LocalizedTexts = Record<string, string>;

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
  /** `displayName` per UI language (`{ de: …, en: … }`); the consent page's language wins over `displayName`. */
  displayNames?: LocalizedTexts;
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
  /** Who may register at `/identity/register` for this tenant; absent = `auth.accounts.registration`. */
  registration?: RegistrationPolicy;
  /** Upstream OpenID Providers users of this tenant may sign in with (`acr_values=idp:<name>`, login page buttons). */
  identityProviders?: IdentityProviderConfig[];
}

/**
 * An upstream OpenID Provider of a tenant (federation; Duende's "external identity providers", Keycloak's
 * "identity brokering"). The gateway is its relying party: authorization code flow with PKCE (RFC 7636), `state`
 * and `nonce`, the id token validated (OpenID Connect Core 1.0 §3.1.3.7).
 */
export interface IdentityProviderConfig {
  /** The `<name>` of `acr_values=idp:<name>`; unique within the tenant; letters, digits, `.`, `_`, `-`. */
  name: string;
  /** The label of its button on the login page. */
  displayName?: string;
  /** Its issuer identifier; its discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  /** The gateway's client id registered there. */
  clientId: string;
  /** The client secret (`client_secret_basic`); absent = a public client (`none`, PKCE only). */
  clientSecret?: string;
  /** Scopes requested there; `openid` is always sent. */
  scopes: string[];
  /** Local claim → upstream id token or userinfo claim, for users created on first sign-in. */
  claimMapping: Record<string, string>;
  /**
   * true: an upstream subject without a local link creates a user of the tenant on first sign-in; false (link
   * only): it must be linked already, or is linked to the tenant's user who has `identityProvider` = this name
   * and the same `email` as the upstream's verified one.
   */
  createUsers: boolean;
  /**
   * true: a logout at `/connect/endsession` of a session through this provider also signs the user out there
   * (OpenID Connect RP-Initiated Logout 1.0), when its discovery document announces an `end_session_endpoint`;
   * the browser returns to `<issuer>/connect/idp/<name>/signedout`, which must be registered there as a
   * post-logout redirect URI. false: the logout ends the gateway's session only.
   */
  signOutUpstream: boolean;
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
  /** Throttling of failed password attempts per user (password grant and the login page). */
  lockout: LockoutConfig;
  /** Login sessions of the browser side (`/connect/authorize`, login, consent, device page, logout). */
  session: SessionConfig;
  /** The account endpoints `/identity/*`: token login, registration, password reset, e-mail. */
  accounts: AccountsConfig;
}

/** Registration at `/identity/register` (per tenant: `TenantConfig.registration`). */
export interface RegistrationPolicy {
  /** Whether anyone may register; false answers 400 naming the policy. */
  enabled: boolean;
  /** E-mail domains (`example.org`, matched case-insensitively, subdomains not included) allowed; empty = any. */
  allowedEmailDomains: string[];
  /** New accounts sign in only after following the link mailed to them. */
  requireEmailConfirmation: boolean;
}

/** SMTP server of outgoing mail (nodemailer's SMTP transport options, https://nodemailer.com/smtp/). */
export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the start (port 465); false = plain, upgraded with STARTTLS when offered (or required). */
  secure: boolean;
  requireTLS: boolean;
  user?: string;
  password?: string;
}

/**
 * Outgoing mail. With `smtp`, messages go to that server; without it, development writes each message as an
 * RFC 5322 `.eml` file into `pickupDirectory` (relative to the working directory) and logs the path; production
 * refuses to start without `smtp` while registration or password reset is enabled (config/production.ts).
 */
export interface MailConfig {
  /** The `From` address (`"AVA Gateway" <no-reply@example.org>`). */
  from: string;
  smtp?: SmtpConfig;
  pickupDirectory: string;
}

/** `/identity/*` (AVACloud's `ServiceIdentity_*` operations). Seconds. */
export interface AccountsConfig {
  /**
   * The first-party client whose password and refresh_token grants `/identity/token-login` and
   * `/identity/token-refresh` run (it must allow both grant types); absent = those endpoints answer 400.
   */
  tokenClientId?: string;
  /** Scopes requested by token login (those the client may not have are dropped). */
  tokenScope: string;
  /** Origins (`https://app.example.org`) `redirectUrl` of `/identity/login` may name besides relative paths. */
  allowedRedirectOrigins: string[];
  /** Registration for tenants without a policy of their own. */
  registration: RegistrationPolicy;
  /** Tenant registrations join when the request names none. Absent = `defaultTenant`. */
  registrationTenant?: string;
  passwordReset: {
    enabled: boolean;
    /** How long a reset link works. */
    tokenLifetimeSeconds: number;
  };
  /** How long an e-mail confirmation link works. */
  emailConfirmationLifetimeSeconds: number;
  /** Passwords shorter than this are refused (AVACloud's `RegisterPost.password`: at least 10). */
  minimumPasswordLength: number;
  mail: MailConfig;
}

/**
 * Login sessions: a signed, `HttpOnly`, `SameSite=Lax` cookie naming a session record in the session store.
 * Seconds.
 */
export interface SessionConfig {
  /** How long a login session lasts from sign-in (the record's and the cookie's lifetime). */
  lifetimeSeconds: number;
  /** How long a remembered consent lasts. */
  consentLifetimeSeconds: number;
  /**
   * Secret (at least 32 characters) signing the session and CSRF cookies; every instance sharing a Redis needs the
   * same one. Absent = a random secret per process (sessions then end with a restart).
   */
  cookieSecret?: string;
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
