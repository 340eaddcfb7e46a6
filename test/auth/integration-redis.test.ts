/**
 * Two gateway instances on one Redis, as a load-balanced deployment runs them: the same configured issuer
 * (`http://gateway.test`), the same signing keys (one development key directory) and one grant store. A token
 * issued by A is introspected, refreshed and revoked through B, and A sees the result. openid-client reaches
 * `http://gateway.test` through a `customFetch` that sends each configuration's requests to its own instance.
 * Runs when REDIS_URL is set (e.g. `REDIS_URL=redis://127.0.0.1:6379 npx vitest run test/auth`); otherwise
 * skipped with a warning. Records expire by their TTLs (the tokens live at most an hour).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as oc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DEMO, LOCAL, USER_SCOPES, authHarness, extendedAuth, listen, type AuthHarness } from './connect-support.js';
import { deleteKeysWithPrefix, testKeyPrefix } from '../support/redis.js';
import { UserGrantTracking } from '../../core/auth/users.js';

const REDIS_URL = process.env['REDIS_URL'];
const ISSUER = 'http://gateway.test';

if (!REDIS_URL) {
  console.warn('two-instance Redis test skipped: REDIS_URL is not set');
  describe.skip('two gateway instances on one Redis (REDIS_URL is not set)', () => {
    it('share tokens', () => {});
  });
} else {
  const redisUrl = REDIS_URL;
  const redisKeyPrefix = testKeyPrefix('two-instances');
  const instances: { h: AuthHarness; base: string }[] = [];

  /** openid-client configuration for one client, talking to one instance under the shared issuer. */
  const configAt = (i: 0 | 1, id: string, secret: string) => {
    const base = instances[i].base;
    const viaInstance = (url: string, options: oc.CustomFetchOptions) => fetch(url.replace(ISSUER, base), options as RequestInit);
    return oc.discovery(new URL(ISSUER), id, secret, oc.ClientSecretBasic(secret), { execute: [oc.allowInsecureRequests], [oc.customFetch]: viaInstance });
  };

  let clientA: oc.Configuration;
  let clientB: oc.Configuration;
  let apiA: oc.Configuration;
  let apiB: oc.Configuration;

  beforeAll(async () => {
    const keyDir = mkdtempSync(join(tmpdir(), 'ava-two-instances-'));
    for (let i = 0; i < 2; i++) {
      const h = await authHarness(extendedAuth({ redisUrl, redisKeyPrefix, auth: { issuer: ISSUER, keys: { signing: [], developmentKeyDir: keyDir } } }));
      instances.push({ h, base: await listen(h.app) });
    }
    [clientA, clientB, apiA, apiB] = await Promise.all([
      configAt(0, LOCAL.id, LOCAL.secret), configAt(1, LOCAL.id, LOCAL.secret), configAt(0, API.name, API.secret), configAt(1, API.name, API.secret),
    ]);
  });
  afterAll(async () => {
    for (const { h } of instances) await h.app.close();
    await deleteKeysWithPrefix(redisUrl, redisKeyPrefix);
  });

  describe('two gateway instances on one Redis', () => {
    it('use the Redis store, one issuer and the same keys', () => {
      const [a, b] = instances.map((x) => x.h.auth);
      // auth.store records each user's grants in the user store (UserGrantTracking) around the grant store itself.
      const inner = (store: unknown) => (store instanceof UserGrantTracking ? store.inner : store);
      expect(inner(a.store)?.constructor.name).toBe('RedisGrantStore');
      expect(inner(a.store)).not.toBe(inner(b.store));
      expect(clientA.serverMetadata().issuer).toBe(ISSUER);
      expect(a.keys.jwks()).toEqual(b.keys.jwks());
    });

    it('a user token issued by A is introspected, refreshed and revoked through B, and A sees it', async () => {
      const first = await oc.genericGrantRequest(clientA, 'password', { username: DEMO.userName, password: DEMO.password, scope: USER_SCOPES });
      expect(await oc.tokenIntrospection(apiB, first.access_token)).toMatchObject({ active: true, sub: DEMO.subject, iss: ISSUER, client_id: LOCAL.id });
      expect(await oc.fetchUserInfo(clientB, first.access_token, DEMO.subject)).toMatchObject({ sub: DEMO.subject, role: ['user'] });

      const second = await oc.refreshTokenGrant(clientB, first.refresh_token!);
      expect(await oc.tokenIntrospection(apiA, second.access_token)).toMatchObject({ active: true, sub: DEMO.subject });
      // the rotated token is consumed for A as well
      await expect(oc.refreshTokenGrant(clientA, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });

      const third = await oc.genericGrantRequest(clientA, 'password', { username: DEMO.userName, password: DEMO.password, scope: USER_SCOPES });
      const fourth = await oc.refreshTokenGrant(clientB, third.refresh_token!);
      await oc.tokenRevocation(clientB, fourth.refresh_token!, { token_type_hint: 'refresh_token' });
      expect(await oc.tokenIntrospection(apiA, fourth.access_token)).toEqual({ active: false });
      expect(await oc.tokenIntrospection(apiA, third.access_token)).toEqual({ active: false });
      await expect(oc.refreshTokenGrant(clientA, fourth.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    });

    it('a reference token issued by A is introspected and revoked through B', async () => {
      const refA = await configAt(0, 'reference-client', 'reference-secret');
      const refB = await configAt(1, 'reference-client', 'reference-secret');
      const { access_token } = await oc.clientCredentialsGrant(refA, { scope: 'avacloud' });
      expect(access_token).not.toContain('.');
      expect(await oc.tokenIntrospection(apiB, access_token)).toMatchObject({ active: true, client_id: 'reference-client' });
      await oc.tokenRevocation(refB, access_token);
      expect(await oc.tokenIntrospection(apiA, access_token)).toEqual({ active: false });
    });

    it('a client_credentials token from A opens the conversion routes of B', async () => {
      const { access_token } = await oc.clientCredentialsGrant(clientA, { scope: 'avacloud' });
      const res = await fetch(`${instances[1].base}/conversion/ava/ava`, {
        method: 'POST', headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }, body: '{"serviceSpecifications":[]}',
      });
      expect(res.status).toBe(200);
    });
  });
}
