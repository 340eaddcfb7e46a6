import { AUTH_SCHEMA } from './auth-schema.js';

/** JSON schema of `GatewayConfig`; unknown keys are errors so that a typo stops start-up instead of being ignored. */
export const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['port', 'host', 'environment', 'logLevel', 'plugins', 'limits', 'redisKeyPrefix', 'trustProxy', 'pool', 'rateLimits', 'cors', 'metrics', 'shutdownGraceSeconds', 'auth'],
  properties: {
    port: { type: 'integer', minimum: 0, maximum: 65535 },
    host: { type: 'string', minLength: 1 },
    environment: { type: 'string' },
    logLevel: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    plugins: { type: 'array', items: { type: 'string', minLength: 1 } },
    limits: {
      type: 'object',
      additionalProperties: false,
      required: ['uploadBytes', 'requestSeconds'],
      properties: { uploadBytes: { type: 'integer', minimum: 1 }, requestSeconds: { type: 'number', exclusiveMinimum: 0 } },
    },
    redisUrl: { type: 'string', pattern: '^rediss?://' },
    redisKeyPrefix: { type: 'string', minLength: 1 },
    trustProxy: { anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string', minLength: 1 } }] },
    pool: {
      type: 'object',
      additionalProperties: false,
      required: ['maxQueue', 'timeoutSeconds'],
      properties: {
        threads: { type: 'integer', minimum: 0, maximum: 256 },
        maxQueue: { type: 'integer', minimum: 0 },
        timeoutSeconds: { type: 'number', exclusiveMinimum: 0 },
      },
    },
    rateLimits: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'windowSeconds', 'perClient', 'perAddress'],
      properties: {
        enabled: { type: 'boolean' },
        windowSeconds: { type: 'integer', minimum: 1 },
        perClient: { type: 'integer', minimum: 1 },
        perAddress: { type: 'integer', minimum: 1 },
      },
    },
    cors: {
      type: 'object',
      additionalProperties: false,
      required: ['origins', 'maxAgeSeconds'],
      properties: {
        origins: { type: 'array', items: { type: 'string', pattern: '^(\\*|https?://[^/?#]+)$' } },
        maxAgeSeconds: { type: 'integer', minimum: 0 },
      },
    },
    metrics: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled'],
      properties: { enabled: { type: 'boolean' }, bearerToken: { type: 'string', minLength: 16 } },
    },
    shutdownGraceSeconds: { type: 'number', minimum: 0 },
    auth: AUTH_SCHEMA,
  },
} as const;
