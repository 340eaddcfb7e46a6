/**
 * Configuration of the browser side: `auth.session` defaults and limits, client `requireConsent` and
 * `postLogoutRedirectUris` defaults, and post-logout redirect URIs checked at start-up like redirect URIs.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { assertSafeAuthConfig, configWarnings } from '../../config/production.js';

const client = (extra: Record<string, unknown>) => ({ clientId: 'app', secrets: [{ sha256: 'Ef94FvcwfmQ9vCapEUzoTAMoBZELotKy7I3QEB3rR0U=' }], allowedGrantTypes: ['authorization_code'], ...extra });

describe('browser-side configuration', () => {
  it('fills the session and client defaults', () => {
    const config = loadConfig({}, { auth: { clients: [client({})] } });
    expect(config.auth.session).toEqual({ lifetimeSeconds: 28_800, consentLifetimeSeconds: 31_536_000 });
    expect(config.auth.clients[0]).toMatchObject({ requireConsent: false, postLogoutRedirectUris: [] });
  });

  it('refuses a short cookie secret and a zero lifetime, naming the key', () => {
    expect(() => loadConfig({}, { auth: { session: { cookieSecret: 'short' } } })).toThrow(/auth\/session\/cookieSecret|auth\.session\.cookieSecret/);
    expect(() => loadConfig({}, { auth: { session: { lifetimeSeconds: 0 } } })).toThrow(/lifetimeSeconds/);
  });

  it('refuses unsafe post-logout redirect URIs at start-up, naming the key', () => {
    for (const uri of ['/logged-out', 'https://app.example/out#frag', 'javascript:alert(1)']) {
      const config = loadConfig({}, { auth: { clients: [client({ postLogoutRedirectUris: [uri] })] } });
      expect(() => assertSafeAuthConfig(config, ['authorization_code']), uri).toThrow(/auth\.clients\.0\.postLogoutRedirectUris\.0:/);
    }
    const production = loadConfig({}, { environment: 'Production', auth: { clients: [client({ postLogoutRedirectUris: ['http://app.example/out'] })] } });
    expect(() => assertSafeAuthConfig(production, ['authorization_code'])).toThrow(/postLogoutRedirectUris\.0/);
    expect(() => assertSafeAuthConfig(loadConfig({}, { auth: { clients: [client({ postLogoutRedirectUris: ['https://app.example/out'] })] } }), ['authorization_code'])).not.toThrow();
  });

  it('warns in production when instances share a Redis but no cookie secret', () => {
    const warned = configWarnings(loadConfig({}, { environment: 'Production', redisUrl: 'redis://127.0.0.1:6379' }));
    expect(warned.some((w) => w.startsWith('auth.session.cookieSecret is not set'))).toBe(true);
    const set = loadConfig({}, { environment: 'Production', redisUrl: 'redis://127.0.0.1:6379', auth: { session: { cookieSecret: 'x'.repeat(32) } } });
    expect(configWarnings(set).some((w) => w.includes('cookieSecret'))).toBe(false);
    expect(configWarnings(loadConfig({}, { environment: 'Production' })).some((w) => w.includes('cookieSecret'))).toBe(false);
  });
});
