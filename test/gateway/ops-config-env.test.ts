/** A bad value from an environment variable stops start-up naming the variable (README "Configuration"). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';

const problem = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig({ GATEWAY_CONFIG: '', ...env });
  } catch (err) {
    return err as Error & { code?: string };
  }
  throw new Error('loadConfig accepted the environment');
};

describe('configuration from environment variables', () => {
  it.each([
    [{ PORT: 'abc' }, 'port: must be integer (environment variable PORT)'],
    [{ PORT: '70000' }, 'port: must be <= 65535 (environment variable PORT)'],
    [{ REDIS_URL: 'localhost:6379' }, 'redisUrl: must match pattern "^rediss?://" (environment variable REDIS_URL)'],
  ])('%j is refused with GW_ERR_CONFIG naming the variable', (env, text) => {
    const err = problem(env);
    expect(err.code).toBe('GW_ERR_CONFIG');
    expect(err.message).toContain(text);
  });

  it('names only the key when the value came from the configuration, not the environment', () => {
    expect(() => loadConfig({ GATEWAY_CONFIG: '' }, { port: 'abc' })).toThrow(/configuration: port: must be integer$/);
  });
});
