import { AUTH_SCHEMA } from './auth-schema.js';

/** JSON schema of `GatewayConfig`; unknown keys are errors so that a typo stops start-up instead of being ignored. */
export const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['port', 'host', 'environment', 'logLevel', 'plugins', 'limits', 'redisKeyPrefix', 'auth'],
  properties: {
    port: { type: 'integer', minimum: 0, maximum: 65535 },
    host: { type: 'string', minLength: 1 },
    environment: { type: 'string' },
    logLevel: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    plugins: { type: 'array', items: { type: 'string', minLength: 1 } },
    limits: {
      type: 'object',
      additionalProperties: false,
      required: ['uploadBytes'],
      properties: { uploadBytes: { type: 'integer', minimum: 1 } },
    },
    redisUrl: { type: 'string', pattern: '^rediss?://' },
    redisKeyPrefix: { type: 'string', minLength: 1 },
    auth: AUTH_SCHEMA,
  },
} as const;
