/**
 * JSON schema of `auth` (see `AuthConfig` in ./auth.ts). Client entries get their defaults filled by the
 * validator (`useDefaults`), so a config file may name only `clientId`, secrets, grants and scopes.
 */
import { Ajv } from 'ajv';
import type { ClientConfig } from './auth.js';

const str = { type: 'string' } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;
const seconds = { type: 'integer', minimum: 1 } as const;
const secrets = {
  type: 'array',
  default: [],
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['sha256'],
    properties: { sha256: { type: 'string', pattern: '^[A-Za-z0-9+/]{43}=$' }, description: str, expiresAt: { type: 'string', format: 'date-time' }, value: str },
  },
} as const;
const alg = { enum: ['RS256', 'ES256'] } as const;

/** `RegistrationPolicy` (core/auth/config.ts). */
const registration = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean', default: false },
    allowedEmailDomains: { type: 'array', items: { type: 'string', pattern: '^[^@\\s]+\\.[^@\\s]+$' }, default: [] },
    requireEmailConfirmation: { type: 'boolean', default: true },
  },
} as const;

/** `AccountsConfig` (core/auth/config.ts): the `/identity/*` endpoints and their e-mail. */
const accounts = {
  type: 'object',
  additionalProperties: false,
  required: ['tokenScope', 'allowedRedirectOrigins', 'registration', 'passwordReset', 'emailConfirmationLifetimeSeconds', 'minimumPasswordLength', 'mail'],
  properties: {
    tokenClientId: { type: 'string', minLength: 1 },
    tokenScope: str,
    allowedRedirectOrigins: { type: 'array', items: { type: 'string', pattern: '^https?://[^/?#]+$' } },
    registration: { ...registration, default: {} },
    registrationTenant: { type: 'string', minLength: 1 },
    passwordReset: {
      type: 'object',
      additionalProperties: false,
      properties: { enabled: { type: 'boolean', default: false }, tokenLifetimeSeconds: { type: 'integer', minimum: 60, maximum: 86_400, default: 900 } },
    },
    emailConfirmationLifetimeSeconds: { type: 'integer', minimum: 60 },
    minimumPasswordLength: { type: 'integer', minimum: 10, maximum: 128 },
    mail: {
      type: 'object',
      additionalProperties: false,
      required: ['from', 'pickupDirectory'],
      properties: {
        from: { type: 'string', minLength: 3 },
        pickupDirectory: { type: 'string', minLength: 1 },
        smtp: {
          type: 'object',
          additionalProperties: false,
          required: ['host'],
          properties: {
            host: { type: 'string', minLength: 1 },
            port: { type: 'integer', minimum: 1, maximum: 65_535, default: 587 },
            secure: { type: 'boolean', default: false },
            requireTLS: { type: 'boolean', default: false },
            user: str,
            password: str,
          },
        },
      },
    },
  },
} as const;

/** An upstream OpenID Provider of a tenant (`IdentityProviderConfig`). */
const identityProvider = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'issuer', 'clientId'],
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
    displayName: str,
    issuer: { type: 'string', pattern: '^https?://[^?#]+$' },
    clientId: { type: 'string', minLength: 1 },
    clientSecret: { type: 'string', minLength: 1 },
    scopes: { ...strings, default: ['openid', 'profile', 'email'] },
    claimMapping: {
      type: 'object', additionalProperties: { type: 'string' },
      default: { name: 'name', given_name: 'given_name', family_name: 'family_name', email: 'email' },
    },
    createUsers: { type: 'boolean', default: false },
    signOutUpstream: { type: 'boolean', default: true },
  },
} as const;

const client = {
  type: 'object',
  additionalProperties: false,
  required: ['clientId'],
  properties: {
    clientId: { type: 'string', minLength: 1 },
    clientName: str,
    secrets,
    allowedGrantTypes: { ...strings, default: [] },
    allowedScopes: { ...strings, default: [] },
    redirectUris: { ...strings, default: [] },
    accessTokenType: { enum: ['jwt', 'reference'], default: 'jwt' },
    accessTokenLifetime: { ...seconds, default: 3600 },
    identityTokenLifetime: { ...seconds, default: 300 },
    authorizationCodeLifetime: { ...seconds, default: 300 },
    allowOfflineAccess: { type: 'boolean', default: false },
    refreshToken: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        usage: { enum: ['oneTime', 'reuse'], default: 'oneTime' },
        absoluteLifetime: { ...seconds, default: 2_592_000 },
        slidingLifetime: { type: 'integer', minimum: 0, default: 1_296_000 },
      },
    },
    requirePkce: { type: 'boolean', default: true },
    allowPlainTextPkce: { type: 'boolean', default: false },
    identityProviderRestrictions: { ...strings, default: [] },
    tenant: str,
    accessTokenSigningAlg: { ...alg, default: 'RS256' },
    claims: { type: 'object', additionalProperties: { type: 'string' }, default: {} },
    requireConsent: { type: 'boolean', default: false },
    requireDpop: { type: 'boolean', default: false },
    requireDpopNonce: { type: 'boolean', default: false },
    postLogoutRedirectUris: { ...strings, default: [] },
    jwks: { type: 'object', required: ['keys'], properties: { keys: { type: 'array', items: { type: 'object' } } } },
    jwksUri: { type: 'string', pattern: '^https?://' },
    allowUnsignedRequestObjects: { type: 'boolean', default: false },
    requestUris: { ...strings, default: [] },
    requirePushedAuthorizationRequests: { type: 'boolean', default: false },
  },
} as const;
const displayNames = { type: 'object', additionalProperties: { type: 'string' } } as const;

const clientDefaults = new Ajv({ useDefaults: true, validateFormats: false }).compile(client);

/** A client entry with every default the schema declares filled in (used for the embedded defaults). */
export function fillClientDefaults(entry: Partial<ClientConfig> & { clientId: string }): ClientConfig {
  const copy = structuredClone(entry);
  if (!clientDefaults(copy)) throw new Error(`invalid built-in client ${entry.clientId}`);
  return copy as ClientConfig;
}

export const AUTH_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['requireTokenForConversions', 'defaultTenant', 'keys', 'clients', 'apiResources', 'identityScopes', 'apiScopes', 'users', 'tenants', 'deviceFlow', 'grantPlugins', 'lockout', 'session', 'accounts'],
  properties: {
    issuer: { type: 'string', pattern: '^https?://[^?#]+$' },
    requireTokenForConversions: { type: 'boolean' },
    defaultTenant: { type: 'string', minLength: 1 },
    keys: {
      type: 'object',
      additionalProperties: false,
      required: ['signing', 'developmentKeyDir'],
      properties: {
        developmentKeyDir: { type: 'string', minLength: 1 },
        signing: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['alg'],
            properties: {
              kid: str, alg, pem: str, pemFile: str, jwk: { type: 'object' }, pkcs12File: str, pkcs12Password: str,
              notBefore: { type: 'string', format: 'date-time' }, retiredAt: { type: 'string', format: 'date-time' },
            },
          },
        },
      },
    },
    clients: { type: 'array', items: client },
    apiResources: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'scopes'],
        properties: { name: { type: 'string', minLength: 1 }, displayName: str, secrets, scopes: strings },
      },
    },
    identityScopes: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['name', 'claims'], properties: { name: str, claims: strings } },
    },
    apiScopes: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: str, displayName: str, displayNames } },
    },
    users: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['subject', 'userName', 'passwordHash'],
        properties: {
          subject: { type: 'string', minLength: 1 },
          userName: { type: 'string', minLength: 1 },
          passwordHash: { type: 'string', pattern: '^scrypt\\$\\d+\\$\\d+\\$\\d+\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$' },
          claims: { type: 'object', additionalProperties: { type: 'string' }, default: {} },
          roles: { ...strings, default: [] },
          tenants: { ...strings, default: [] },
          identityProvider: str,
          disabled: { type: 'boolean' },
        },
      },
    },
    tenants: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1 },
          displayName: str,
          conversionScope: { type: 'string', default: 'avacloud' },
          enabledFormats: { ...strings, default: [] },
          optionDefaults: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'boolean' }] }, default: {} },
          registration,
          identityProviders: { type: 'array', items: identityProvider },
        },
      },
    },
    deviceFlow: {
      type: 'object',
      additionalProperties: false,
      required: ['userCodeLength', 'lifetime', 'interval', 'verificationPath'],
      properties: {
        userCodeLength: { type: 'integer', minimum: 6, maximum: 12 },
        lifetime: seconds,
        interval: { type: 'integer', minimum: 0 },
        verificationPath: { type: 'string', pattern: '^/' },
      },
    },
    grantPlugins: { type: 'array', items: { type: 'string', minLength: 1 } },
    lockout: {
      type: 'object',
      additionalProperties: false,
      required: ['freeAttempts', 'baseDelaySeconds', 'maxDelaySeconds', 'lockAfter', 'lockSeconds'],
      properties: {
        freeAttempts: { type: 'integer', minimum: 0 },
        baseDelaySeconds: { type: 'number', minimum: 0 },
        maxDelaySeconds: { type: 'number', minimum: 0 },
        lockAfter: { type: 'integer', minimum: 1 },
        lockSeconds: { type: 'integer', minimum: 1 },
      },
    },
    session: {
      type: 'object',
      additionalProperties: false,
      required: ['lifetimeSeconds', 'consentLifetimeSeconds'],
      properties: {
        lifetimeSeconds: seconds,
        consentLifetimeSeconds: seconds,
        cookieSecret: { type: 'string', minLength: 32 },
      },
    },
    accounts,
  },
} as const;
