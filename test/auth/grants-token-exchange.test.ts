/**
 * The example extension grant, token exchange (RFC 8693), through openid-client's `genericGrantRequest` and raw
 * requests: delegation with `act`, scope narrowing to the requesting client, family revocation reaching the
 * exchanged token, actor tokens, and the RFC 8693 §2.2.2 errors.
 */
import * as client from 'openid-client';
import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH, type ClientConfig } from '../../config/auth.js';
import { loadConfig } from '../../config/load.js';
import { hashSecret } from '../../core/auth/clients.js';
import type { AuthServices } from '../../core/auth/services.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { buildApp } from '../../gateway/app.js';

const ISSUER = 'https://as.example.test';
const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const AT_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
const DEMO = DEFAULT_AUTH.users[0];
const cfg = (c: Partial<ClientConfig> & { clientId: string }) => ({ secrets: [{ sha256: hashSecret(`${c.clientId}-secret`) }], ...c });
const CLIENTS = [
  cfg({ clientId: 'app', allowedGrantTypes: ['password', 'client_credentials', EXCHANGE], allowedScopes: ['openid', 'profile', 'avacloud', 'offline_access'], allowOfflineAccess: true }),
  cfg({ clientId: 'api-b', allowedGrantTypes: ['client_credentials', EXCHANGE], allowedScopes: ['openid', 'avacloud'], accessTokenType: 'reference' }),
  cfg({ clientId: 'narrow', allowedGrantTypes: [EXCHANGE], allowedScopes: ['profile'] }),
  cfg({ clientId: 'no-exchange', allowedGrantTypes: ['client_credentials'], allowedScopes: ['avacloud'] }),
];

describe('token exchange (RFC 8693)', () => {
  let app: FastifyInstance;
  let auth: AuthServices;
  const post = (clientId: string, params: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ client_id: clientId, client_secret: `${clientId}-secret`, ...params }).toString(),
    });
  const userToken = async (scope = 'openid profile avacloud offline_access') =>
    (await post('app', { grant_type: 'password', username: 'demo', password: 'demo-password', scope })).json() as { access_token: string; refresh_token?: string };
  const exchange = (clientId: string, subjectToken: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    post(clientId, { grant_type: EXCHANGE, subject_token: subjectToken, subject_token_type: AT_TYPE, ...extra }, headers);

  beforeAll(async () => {
    const config = loadConfig({}, { logLevel: 'silent', auth: { issuer: ISSUER, clients: CLIENTS } });
    const container = await createGatewayContainer(config);
    app = await buildApp({ container, logger: false });
    auth = container.resolve<AuthServices>(AUTH_SERVICES);
  });
  afterAll(() => app.close());

  it('another client exchanges a user token through openid-client: same user, its own client_id, act, narrowed scopes', async () => {
    const subject = await userToken();
    const config = new client.Configuration({ issuer: ISSUER, token_endpoint: `${ISSUER}/connect/token` }, 'app', 'app-secret');
    const b = new client.Configuration({ issuer: ISSUER, token_endpoint: `${ISSUER}/connect/token` }, 'api-b', 'api-b-secret');
    for (const c of [config, b]) {
      c[client.customFetch] = async (url, init) => {
        const res = await app.inject({ method: 'POST', url: new URL(url).pathname, headers: init.headers as Record<string, string>, payload: String(init.body) });
        return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
      };
    }
    const res = await client.genericGrantRequest(b, EXCHANGE, { subject_token: subject.access_token, subject_token_type: AT_TYPE });
    expect(res.issued_token_type).toBe(AT_TYPE);
    expect(res.scope).toBe('openid avacloud');
    expect(res.refresh_token).toBeUndefined();
    expect(res.id_token).toBeUndefined();
    const info = await auth.tokens.validateAccessToken(res.access_token, [ISSUER]);
    expect(info).toMatchObject({ format: 'reference', sub: DEMO.subject, client_id: 'api-b', scope: 'openid avacloud', tenant: 'default', isUser: true });
    expect((info as unknown as { act: unknown }).act).toEqual({ sub: 'api-b' });

    // Revoking the subject token's family deactivates the exchanged token too.
    const original = await auth.tokens.validateAccessToken(subject.access_token, [ISSUER]);
    await auth.store.revokeFamily(original!.familyId!);
    expect(await auth.tokens.validateAccessToken(res.access_token, [ISSUER])).toBeUndefined();
    expect((await exchange('api-b', subject.access_token)).json().error).toBe('invalid_request');
  });

  it('the same client re-scoping its own token gets no act claim; scope may narrow but not widen', async () => {
    const subject = await userToken('openid avacloud');
    const narrowed = await exchange('app', subject.access_token, { scope: 'avacloud' });
    expect(narrowed.statusCode).toBe(200);
    const jwt = await jwtVerify(narrowed.json().access_token, createLocalJWKSet(auth.keys.jwks()), { issuer: ISSUER, typ: 'at+jwt' });
    expect(jwt.payload).toMatchObject({ sub: DEMO.subject, client_id: 'app', scope: 'avacloud' });
    expect(jwt.payload.act).toBeUndefined();
    expect((await exchange('app', subject.access_token, { scope: 'avacloud profile' })).json().error).toBe('invalid_scope');
    expect((await exchange('narrow', subject.access_token)).json().error).toBe('invalid_scope');
  });

  it('an actor token of the requesting client names the actor; nested act is kept', async () => {
    const subject = await userToken('openid avacloud');
    const actor = (await post('api-b', { grant_type: 'client_credentials', scope: 'avacloud' })).json().access_token as string;
    const first = await exchange('api-b', subject.access_token, { actor_token: actor, actor_token_type: AT_TYPE });
    expect(first.statusCode).toBe(200);
    const firstInfo = await auth.tokens.validateAccessToken(first.json().access_token, [ISSUER]);
    expect((firstInfo as unknown as { act: unknown }).act).toEqual({ sub: 'api-b' });
    const second = await exchange('app', first.json().access_token);
    expect(decodeJwt(second.json().access_token).act).toEqual({ sub: 'app', act: { sub: 'api-b' } });
    const foreignActor = (await post('app', { grant_type: 'client_credentials', scope: 'avacloud' })).json().access_token as string;
    expect((await exchange('api-b', subject.access_token, { actor_token: foreignActor, actor_token_type: AT_TYPE })).json().error).toBe('invalid_request');
    expect((await exchange('api-b', subject.access_token, { actor_token: actor })).json().error).toBe('invalid_request');
  });

  it('client-credentials tokens are exchangeable by their own client only', async () => {
    const own = (await post('app', { grant_type: 'client_credentials', scope: 'avacloud' })).json().access_token as string;
    const res = await exchange('app', own);
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token)).toMatchObject({ sub: 'app', client_id: 'app' });
    expect((await exchange('api-b', own)).json().error).toBe('invalid_request');
  });

  it('a DPoP-bound subject token needs a proof of its key, and the exchanged token stays bound to it (RFC 9449 §6, §7)', async () => {
    const key = async () => {
      const pair = await generateKeyPair('ES256', { extractable: true });
      const jwk = await exportJWK(pair.publicKey);
      return { jkt: await calculateJwkThumbprint(jwk), proof: () => new SignJWT({ jti: randomUUID(), htm: 'POST', htu: `${ISSUER}/connect/token`, iat: Math.floor(Date.now() / 1000) })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk }).sign(pair.privateKey) };
    };
    const [holder, other] = [await key(), await key()];
    const bound = await post('app', { grant_type: 'password', username: 'demo', password: 'demo-password', scope: 'openid avacloud' }, { dpop: await holder.proof() });
    expect(bound.json()).toMatchObject({ token_type: 'DPoP' });
    const subjectToken = bound.json().access_token as string;
    expect(decodeJwt(subjectToken).cnf).toEqual({ jkt: holder.jkt });

    for (const headers of [{}, { dpop: await other.proof() }] as Record<string, string>[]) {
      const refused = await exchange('api-b', subjectToken, {}, headers);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toBe('invalid_dpop_proof');
    }
    for (const clientId of ['api-b', 'app']) {
      const res = await exchange(clientId, subjectToken, {}, { dpop: await holder.proof() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().token_type).toBe('DPoP');
      const exchanged = res.json().access_token as string;
      expect((await auth.tokens.validateAccessToken(exchanged, [ISSUER]))?.cnf).toEqual({ jkt: holder.jkt });
      const asBearer = await app.inject({ method: 'GET', url: '/connect/userinfo', headers: { authorization: `Bearer ${exchanged}` } });
      expect(asBearer.statusCode).toBe(401);
    }
  });

  it('rejects bad requests with the RFC 8693 §2.2.2 errors', async () => {
    const subject = await userToken();
    expect((await post('api-b', { grant_type: EXCHANGE, subject_token_type: AT_TYPE })).json().error).toBe('invalid_request');
    expect((await exchange('api-b', subject.access_token, { subject_token_type: 'urn:ietf:params:oauth:token-type:id_token' })).json().error).toBe('invalid_request');
    expect((await exchange('api-b', 'garbage')).json().error).toBe('invalid_request');
    expect((await exchange('api-b', subject.refresh_token!)).json().error).toBe('invalid_request');
    expect((await exchange('api-b', subject.access_token, { requested_token_type: 'urn:ietf:params:oauth:token-type:refresh_token' })).json().error).toBe('invalid_request');
    expect((await exchange('api-b', subject.access_token, { audience: 'billing' })).json().error).toBe('invalid_target');
    expect((await exchange('api-b', subject.access_token, { audience: 'avacloud' })).statusCode).toBe(200);
    const unauthorized = await exchange('no-exchange', subject.access_token);
    expect(unauthorized.json().error).toBe('unauthorized_client');
  });
});
