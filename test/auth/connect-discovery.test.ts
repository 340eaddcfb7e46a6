/**
 * Discovery (OIDC Discovery 1.0 §3/§4) and the JWKS (RFC 7517 §5) at inject level: anonymous, the issuer is the
 * configured one (`http://localhost:<port>` without configuration) whatever host the request names, without a
 * trailing slash, only existing endpoints are listed, and the JWKS holds public keys only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_PATHS, discoveryDocument } from '../../gateway/connect/discovery.js';
import { GrantRegistry } from '../../core/auth/grant-registry.js';
import { INJECT_ISSUER, authHarness, type AuthHarness } from './connect-support.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await authHarness();
});
afterAll(() => h.app.close());

describe('GET /.well-known/openid-configuration', () => {
  it('is anonymous and names the development issuer, not the host the request was made to', async () => {
    const res = await h.app.inject({ url: CONNECT_PATHS.discovery, headers: { host: 'id.example.test:8443' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json();
    expect(doc.issuer).toBe(INJECT_ISSUER);
    expect(doc.token_endpoint).toBe(`${INJECT_ISSUER}/connect/token`);
    expect(doc.jwks_uri).toBe(`${INJECT_ISSUER}/.well-known/openid-configuration/jwks`);
  });

  it('lists the endpoints, grants, scopes, claims and methods of this server', async () => {
    const doc = (await h.app.inject(CONNECT_PATHS.discovery)).json();
    expect(doc).toMatchObject({
      issuer: INJECT_ISSUER,
      userinfo_endpoint: `${INJECT_ISSUER}/connect/userinfo`,
      introspection_endpoint: `${INJECT_ISSUER}/connect/introspect`,
      revocation_endpoint: `${INJECT_ISSUER}/connect/revocation`,
      device_authorization_endpoint: `${INJECT_ISSUER}/connect/deviceauthorization`,
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['plain', 'S256'],
    });
    // the token endpoint's grants, and `implicit` for the tokens of the authorization endpoint
    expect(doc.grant_types_supported).toEqual([...h.container.resolve(GrantRegistry).grantTypes(), 'implicit']);
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['client_credentials', 'password', 'refresh_token', 'authorization_code', 'urn:ietf:params:oauth:grant-type:device_code']));
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'role', 'avacloud', 'offline_access']));
    expect(doc.claims_supported).toEqual(expect.arrayContaining(['sub', 'name', 'given_name', 'family_name', 'role']));
  });

  it('advertises the authorize and end-session endpoints only when their routes exist', async () => {
    const doc = (await h.app.inject(CONNECT_PATHS.discovery)).json();
    expect(doc.authorization_endpoint).toBe(`${INJECT_ISSUER}/connect/authorize`);
    expect(doc.end_session_endpoint).toBe(`${INJECT_ISSUER}/connect/endsession`);
    const without = discoveryDocument('https://id.example', h.auth, h.container.resolve(GrantRegistry), () => false);
    expect(without).not.toHaveProperty('authorization_endpoint');
    expect(without).not.toHaveProperty('end_session_endpoint');
    expect(without).not.toHaveProperty('response_modes_supported');
    expect(without.response_types_supported).toEqual([]);
    expect(without).not.toHaveProperty('device_authorization_endpoint');
  });

  it('uses the configured issuer whatever host the request names', async () => {
    const other = await authHarness({ auth: { issuer: 'https://login.example.test/identity/' } });
    try {
      const doc = (await other.app.inject({ url: CONNECT_PATHS.discovery, headers: { host: 'internal:5000' } })).json();
      expect(doc.issuer).toBe('https://login.example.test/identity');
      expect(doc.introspection_endpoint).toBe('https://login.example.test/identity/connect/introspect');
    } finally {
      await other.app.close();
    }
  });
});

describe('GET /.well-known/openid-configuration/jwks', () => {
  it('is anonymous and publishes every signing key with kid, alg and use, public members only', async () => {
    const res = await h.app.inject(CONNECT_PATHS.jwks);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const { keys } = res.json() as { keys: Record<string, unknown>[] };
    expect(keys.map((k) => k.alg)).toEqual(['RS256', 'ES256']);
    for (const k of keys) {
      expect(k).toMatchObject({ use: 'sig', kid: expect.any(String) });
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(k).not.toHaveProperty(secret);
    }
    expect(keys).toEqual(h.auth.keys.jwks().keys);
  });
});
