/**
 * The grant type plugin contract (oidc-provider's `{grantType, parameters, handler}` shape; reference/
 * architecture.md §4). A plugin is a plain object; the token endpoint authenticates the client, checks that the
 * client may use the grant type, keeps only the declared parameters, rejects repeated ones, and calls `handle`.
 */
import type { AuthConfig, ClientConfig } from './config.js';
import type { GrantStore } from '../stores/grant-store.js';
import type { ClientAuthMethod } from './client-auth.js';
import type { OAuthError, OAuthErrorCode } from './oauth-error.js';
import type { ClientRegistry } from './clients.js';
import type { PasswordLockout } from './lockout.js';
import type { ResourceCatalog } from './resources.js';
import type { TenantDirectory } from './tenants.js';
import type { TokenService } from './token-service.js';
import type { UserDirectory } from './users.js';

/** Contract version grant plugins declare a semver range against. */
export const GRANT_PLUGIN_API_VERSION = '1.0.0';

/** The success body of the token endpoint (RFC 6749 §5.1; RFC 8693 §2.2.1 adds `issued_token_type`). */
export interface TokenResponseBody {
  access_token: string;
  /** `DPoP` when the access token is bound to a DPoP key (RFC 9449 §5). */
  token_type: 'Bearer' | 'DPoP' | 'N_A';
  /** Seconds. */
  expires_in: number;
  scope: string;
  refresh_token?: string;
  id_token?: string;
  issued_token_type?: string;
}

export interface TokenRequest {
  client: ClientConfig;
  clientAuthMethod: ClientAuthMethod;
  /** The grant's declared parameters that the request carried (each at most once unless allowed). */
  params: Readonly<Record<string, string>>;
  /** The issuer identifier this request is served under. */
  issuer: string;
}

/** Services a grant plugin may use. */
export interface GrantContext {
  tokens: TokenService;
  store: GrantStore;
  clients: ClientRegistry;
  users: UserDirectory;
  resources: ResourceCatalog;
  tenants: TenantDirectory;
  config: AuthConfig;
  /**
   * Back-off and lock of failed password attempts per user name (`auth.lockout`): wrap every password check in
   * `ctx.lockout.attempt(await ctx.users.lockoutName(userName), () => ctx.users.authenticate(userName, password))` and answer one error for
   * every undefined result.
   */
  lockout: PasswordLockout;
  /** Epoch seconds. */
  now(): number;
  /**
   * Makes a protocol error for the plugin to throw (`throw ctx.error('invalid_grant', 'unknown API key')`), so
   * plain-JavaScript plugins need no import from the gateway. Status 400 unless given.
   */
  error(code: OAuthErrorCode, description?: string, status?: number): OAuthError;
}

export interface GrantTypePlugin {
  /** The `grant_type` value: `client_credentials`, `urn:ietf:params:oauth:grant-type:device_code`, … */
  grantType: string;
  name: string;
  version: string;
  /** Semver range of `GRANT_PLUGIN_API_VERSION`. */
  apiVersion: string;
  /** Form parameters the grant reads, besides `grant_type`, `client_id` and `client_secret`; others are ignored. */
  parameters: readonly string[];
  /** Declared parameters that may appear more than once (their values are joined with a space). */
  allowedDuplicates?: readonly string[];
  /**
   * Issues tokens.
   * @throws OAuthError with the RFC 6749 §5.2 (or extension) error code
   */
  handle(request: TokenRequest, ctx: GrantContext): Promise<TokenResponseBody>;
}
