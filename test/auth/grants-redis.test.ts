/**
 * The user-bound grants across two gateway instances on one Redis: what one instance issues (codes, refresh
 * tokens, device codes) the other redeems, and replays/reuse detected on one revoke what the other issued.
 * Runs when REDIS_URL is set (e.g. `REDIS_URL=redis://127.0.0.1:6379 npx vitest run test/auth`); otherwise
 * skipped with a warning. Every run uses its own key prefix and deletes its keys afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH } from '../../config/auth.js';
import { loadConfig } from '../../config/load.js';
import { createAuthorizationCode } from '../../core/auth/authorization-codes.js';
import { approveDevice, denyDevice } from '../../core/auth/device-authorizations.js';
import type { AuthServices } from '../../core/auth/services.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { RedisGrantStore } from '../../core/stores/index.js';
import { buildApp } from '../../gateway/app.js';
import { deleteKeysWithPrefix, testKeyPrefix } from '../support/redis.js';

const REDIS_URL = process.env['REDIS_URL'];
const ISSUER = 'https://as.example.test';
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
const REDIRECT = 'http://localhost:5000/signin-callback';
const VERIFIER = randomBytes(32).toString('base64url');

if (!REDIS_URL) {
  console.warn('grant tests on Redis skipped: REDIS_URL is not set');
  describe.skip('grants on two instances sharing Redis (REDIS_URL is not set)', () => {
    it('redeems on one instance what the other issued', () => {});
  });
} else {
  const url = REDIS_URL;
  const prefix = testKeyPrefix('grants');

  describe('grants on two instances sharing Redis', () => {
    const instances: { app: FastifyInstance; auth: AuthServices }[] = [];
    const a = () => instances[0];
    const b = () => instances[1];
    const post = (app: FastifyInstance, params: Record<string, string>, clientId = 'local-client', secret: string | null = 'local-secret') =>
      app.inject({
        method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ client_id: clientId, ...(secret !== null && { client_secret: secret }), ...params }).toString(),
      });
    const active = (i: { auth: AuthServices }, at: string) => i.auth.tokens.validateAccessToken(at, [ISSUER]);

    beforeAll(async () => {
      for (let i = 0; i < 2; i++) {
        const config = loadConfig({}, { logLevel: 'silent', auth: { issuer: ISSUER, deviceFlow: { ...DEFAULT_AUTH.deviceFlow, interval: 60 } } });
        const store = await RedisGrantStore.connect({ url, keyPrefix: prefix });
        const container = await createGatewayContainer(config, { auth: { store } });
        instances.push({ app: await buildApp({ container, logger: false }), auth: container.resolve<AuthServices>(AUTH_SERVICES) });
      }
    });

    afterAll(async () => {
      for (const i of instances) await i.app.close();
      await deleteKeysWithPrefix(url, prefix);
    });

    it('refresh rotation across instances; reuse on one revokes the family on both', async () => {
      const first = (await post(a().app, { grant_type: 'password', username: 'demo', password: 'demo-password', scope: 'openid avacloud offline_access' })).json();
      const second = await post(b().app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(second.statusCode).toBe(200);
      expect(await active(a(), second.json().access_token)).toMatchObject({ sub: DEFAULT_AUTH.users[0].subject });
      const reuse = await post(a().app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(reuse.json().error).toBe('invalid_grant');
      expect(await active(b(), second.json().access_token)).toBeUndefined();
      expect(await active(a(), first.access_token)).toBeUndefined();
      expect((await post(b().app, { grant_type: 'refresh_token', refresh_token: second.json().refresh_token })).json().error).toBe('invalid_grant');
    });

    it('a code issued on one instance is redeemed on the other; a replay revokes its tokens everywhere', async () => {
      const { auth } = a();
      const client = auth.clients.client('local-client')!;
      const code = await createAuthorizationCode(auth, {
        client, user: (await auth.users.bySubjectId(DEFAULT_AUTH.users[0].subject))!, scopes: auth.resources.resolve('openid avacloud', client),
        tenant: 'default', redirectUri: REDIRECT, authTime: auth.now(), nonce: 'n1',
        codeChallenge: createHash('sha256').update(VERIFIER).digest('base64url'), codeChallengeMethod: 'S256',
      });
      const redeemed = await post(b().app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER });
      expect(redeemed.statusCode).toBe(200);
      expect(decodeJwt(redeemed.json().id_token).nonce).toBe('n1');
      const replay = await post(a().app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER });
      expect(replay.json().error).toBe('invalid_grant');
      expect(await active(b(), redeemed.json().access_token)).toBeUndefined();
    });

    it('device flow: authorized on one instance, decided and polled on the other', async () => {
      const dar = await a().app.inject({ method: 'POST', url: '/connect/deviceauthorization', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'client_id=local-device&scope=openid%20avacloud' });
      expect(dar.statusCode).toBe(200);
      const { device_code, user_code, interval } = dar.json();
      expect(interval).toBe(60);
      const poll = (i: { app: FastifyInstance }) => post(i.app, { grant_type: DEVICE, device_code }, 'local-device', null);
      expect((await poll(b())).json().error).toBe('authorization_pending');
      expect((await poll(a())).json().error).toBe('slow_down'); // well within 60 s of the previous poll
      expect((await approveDevice(b().auth, user_code, { user: (await b().auth.users.bySubjectId(DEFAULT_AUTH.users[0].subject))! })).status).toBe('decided');
      const tokens = await poll(a());
      expect(tokens.statusCode).toBe(200);
      expect(tokens.json().scope).toBe('openid avacloud');
      expect((await poll(b())).json().error).toBe('invalid_grant');
      expect(await active(a(), tokens.json().access_token)).toBeUndefined();

      const denied = (await b().app.inject({ method: 'POST', url: '/connect/deviceauthorization', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'client_id=local-device' })).json();
      expect((await denyDevice(a().auth, denied.user_code)).status).toBe('decided');
      expect((await post(b().app, { grant_type: DEVICE, device_code: denied.device_code }, 'local-device', null)).json().error).toBe('access_denied');
    });

    it('token exchange on one instance of a token issued by the other', async () => {
      const subject = (await post(a().app, { grant_type: 'password', username: 'demo', password: 'demo-password', scope: 'avacloud' })).json();
      const res = await post(b().app, {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token: subject.access_token,
        subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      });
      expect(res.statusCode).toBe(200);
      expect(await active(a(), res.json().access_token)).toMatchObject({ sub: DEFAULT_AUTH.users[0].subject, client_id: 'local-client' });
    });
  });
}
