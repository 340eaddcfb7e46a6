/**
 * Configuration of the OAuth 2.0 / OpenID Connect token service (`/connect/*`): clients, API resources, scopes,
 * users, tenants, signing keys and lifetimes. Terms follow IdentityServer's model, which the replaced service
 * used (https://identityserver4.readthedocs.io/en/latest/topics/resources.html). Lifetimes are in seconds.
 */
import type { AuthConfig } from '../core/auth/config.js';
import { fillClientDefaults } from './auth-schema.js';

/** The shapes are declared where they are consumed (core/auth/config.ts); re-exported for config's readers. */
export type {
  SecretConfig,
  AccessTokenType,
  RefreshTokenPolicy,
  ClientConfig,
  ApiResourceConfig,
  IdentityScopeConfig,
  ApiScopeConfig,
  UserConfig,
  TenantConfig,
  SigningKeyConfig,
  DeviceFlowConfig,
  AuthConfig,
  LockoutConfig,
  SessionConfig,
  AccountsConfig,
  RegistrationPolicy,
  MailConfig,
  SmtpConfig,
  IdentityProviderConfig,
} from '../core/auth/config.js';

/**
 * The embedded defaults: a documented local client and user so the README's examples run as they are.
 * - client `local-client`, secret `local-secret` (all built-in grants, scopes `openid profile role avacloud offline_access`)
 * - device client `local-device` (public, device flow)
 * - web page client `ava-web` (public, code + PKCE, redirecting to the page at `/`)
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
    fillClientDefaults({
      clientId: 'ava-web',
      clientName: 'ava-gateway web page (public)',
      allowedGrantTypes: ['authorization_code'],
      allowedScopes: ['openid', 'profile', 'avacloud'],
      // the page at GET /; gateway/web/client.ts adds `<issuer>/` when the gateway runs elsewhere
      redirectUris: ['http://localhost:5000/'],
      postLogoutRedirectUris: ['http://localhost:5000/'],
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
  apiScopes: [{ name: 'avacloud', displayName: 'Access to the AVACloud API', displayNames: { de: 'Zugriff auf die AVACloud-API', en: 'Access to the AVACloud API' } }],
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
  session: { lifetimeSeconds: 28_800, consentLifetimeSeconds: 31_536_000 },
  accounts: {
    tokenClientId: 'local-client',
    tokenScope: 'openid profile avacloud offline_access',
    allowedRedirectOrigins: [],
    registration: { enabled: false, allowedEmailDomains: [], requireEmailConfirmation: true },
    passwordReset: { enabled: false, tokenLifetimeSeconds: 900 },
    emailConfirmationLifetimeSeconds: 86_400,
    minimumPasswordLength: 10,
    mail: { from: 'AVA Gateway <no-reply@localhost>', pickupDirectory: '.mail' },
  },
};
