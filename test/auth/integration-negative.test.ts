/**
 * Negative cases over a real socket with oauth4webapi as the client (it surfaces `ResponseBodyError` with
 * `.error` and `WWWAuthenticateChallengeError` with the parsed challenge): token endpoint errors exactly as
 * RFC 6749 §5.2 (401 + Basic challenge for invalid_client over Basic, double authentication, unsupported and
 * unauthorized grant types, invalid scope, repeated and undeclared parameters), device polling errors
 * (RFC 8628 §3.5), userinfo 401/403 (RFC 6750 §3) and introspection 401 (RFC 7662 §2.1).
 */
import * as o4 from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denyDevice } from '../../core/auth/device-authorizations.js';
import { API, DEMO, LOCAL, SPECIAL, extendedAuth, listeningHarness, type AuthHarness } from './connect-support.js';

let h: AuthHarness;
let issuer: string;
let as: o4.AuthorizationServer;
const opts = { [o4.allowInsecureRequests]: true } as const;
const local: o4.Client = { client_id: LOCAL.id };
const basicAuth = o4.ClientSecretBasic(LOCAL.secret);

beforeAll(async () => {
  h = await listeningHarness(extendedAuth());
  issuer = h.auth.issuer;
  as = await o4.processDiscoveryResponse(new URL(issuer), await o4.discoveryRequest(new URL(issuer), opts));
});
afterAll(() => h.app.close());

/** Runs a token request through oauth4webapi's processing and returns what it threw. */
async function tokenError(response: Promise<Response>, client: o4.Client = local): Promise<o4.ResponseBodyError | o4.WWWAuthenticateChallengeError> {
  try {
    await o4.processGenericTokenEndpointResponse(as, client, await response);
  } catch (err) {
    if (err instanceof o4.ResponseBodyError || err instanceof o4.WWWAuthenticateChallengeError) return err;
    throw err;
  }
  throw new Error('the request succeeded');
}

const generic = (grantType: string, params: Record<string, string> | string[][], client: o4.Client = local, auth = basicAuth) =>
  o4.genericTokenEndpointRequest(as, client, auth, grantType, params, opts);

function expectBodyError(err: unknown, error: string, status = 400): asserts err is o4.ResponseBodyError {
  expect(err).toBeInstanceOf(o4.ResponseBodyError);
  const e = err as o4.ResponseBodyError;
  expect(e.error).toBe(error);
  expect(e.status).toBe(status);
  expect(e.response.headers.get('cache-control')).toBe('no-store');
  expect(e.response.headers.get('content-type')).toContain('application/json');
  expect(typeof e.error_description).toBe('string');
}

describe('token endpoint client authentication', () => {
  it('answers invalid_client with 401 and a Basic challenge when Basic credentials are wrong', async () => {
    const err = await tokenError(o4.clientCredentialsGrantRequest(as, local, o4.ClientSecretBasic('wrong'), { scope: 'avacloud' }, opts));
    expect(err).toBeInstanceOf(o4.WWWAuthenticateChallengeError);
    const challenge = err as o4.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause[0]).toMatchObject({ scheme: 'basic', parameters: { realm: issuer } });
    expect(challenge.response.headers.get('cache-control')).toBe('no-store');
    expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await tokenError(o4.clientCredentialsGrantRequest(as, { client_id: 'nobody' }, o4.ClientSecretBasic('x'), {}, opts));
    expect(unknown).toBeInstanceOf(o4.WWWAuthenticateChallengeError);
  });

  it('answers invalid_client with 401 and no challenge when body credentials are wrong', async () => {
    const err = await tokenError(o4.clientCredentialsGrantRequest(as, local, o4.ClientSecretPost('wrong'), { scope: 'avacloud' }, opts));
    expectBodyError(err, 'invalid_client', 401);
    expect(err.response.headers.get('www-authenticate')).toBeNull();
  });

  it('form-url-decodes Basic credentials (RFC 6749 §2.3.1): special characters in id and secret work', async () => {
    const client: o4.Client = { client_id: SPECIAL.id };
    const basic = await o4.processClientCredentialsResponse(as, client, await o4.clientCredentialsGrantRequest(as, client, o4.ClientSecretBasic(SPECIAL.secret), {}, opts));
    expect(basic.access_token).toBeTruthy();
    const post = await o4.processClientCredentialsResponse(as, client, await o4.clientCredentialsGrantRequest(as, client, o4.ClientSecretPost(SPECIAL.secret), {}, opts));
    expect(post.access_token).toBeTruthy();
  });

  it('rejects two authentication methods in one request', async () => {
    const err = await tokenError(generic('client_credentials', { scope: 'avacloud', client_secret: LOCAL.secret }));
    expectBodyError(err, 'invalid_request');
  });
});

describe('token endpoint request errors (RFC 6749 §5.2)', () => {
  it('unsupported_grant_type for a grant no plugin handles', async () => {
    expectBodyError(await tokenError(generic('urn:example:unknown-grant', {})), 'unsupported_grant_type');
  });

  it('unauthorized_client for a grant the client may not use', async () => {
    const reports: o4.Client = { client_id: 'reports-client' };
    const err = await tokenError(generic('password', { username: DEMO.userName, password: DEMO.password }, reports, o4.ClientSecretBasic('reports-secret')), reports);
    expectBodyError(err, 'unauthorized_client');
  });

  it('invalid_scope for unknown scopes, scopes of another client and identity scopes in client_credentials', async () => {
    for (const scope of ['nope', 'reports', 'openid avacloud']) {
      expectBodyError(await tokenError(generic('client_credentials', { scope })), 'invalid_scope');
    }
  });

  it('invalid_request for a repeated parameter; undeclared parameters are ignored', async () => {
    expectBodyError(await tokenError(generic('client_credentials', [['scope', 'avacloud'], ['scope', 'avacloud']])), 'invalid_request');
    const ok = await o4.processGenericTokenEndpointResponse(as, local, await generic('client_credentials', { scope: 'avacloud', username: 'x', code: 'y', foo: 'bar' }));
    expect(ok.scope).toBe('avacloud');
  });

  it('invalid_grant for a wrong password and an unknown refresh token', async () => {
    expectBodyError(await tokenError(generic('password', { username: DEMO.userName, password: 'wrong' })), 'invalid_grant');
    expectBodyError(await tokenError(o4.refreshTokenGrantRequest(as, local, basicAuth, 'never-issued', opts)), 'invalid_grant');
  });
});

describe('device polling errors (RFC 8628 §3.5)', () => {
  const device: o4.Client = { client_id: 'local-device' };
  const start = async () => o4.processDeviceAuthorizationResponse(as, device, await o4.deviceAuthorizationRequest(as, device, o4.None(), { scope: 'openid avacloud' }, opts));
  const poll = (code: string) => tokenError(o4.deviceCodeGrantRequest(as, device, o4.None(), code, opts), device);

  it('authorization_pending, then slow_down when polled faster than the interval', async () => {
    const dar = await start();
    expect(dar.interval).toBe(5);
    expectBodyError(await poll(dar.device_code), 'authorization_pending');
    expectBodyError(await poll(dar.device_code), 'slow_down');
  });

  it('access_denied after the user denied, expired_token for a code that does not (or no longer) exist', async () => {
    const dar = await start();
    expect((await denyDevice(h.auth, dar.user_code)).status).toBe('decided');
    expectBodyError(await poll(dar.device_code), 'access_denied');
    expectBodyError(await poll('x'.repeat(43)), 'expired_token');
  });
});

describe('userinfo and introspection errors', () => {
  const userinfo = async (token: string) => {
    try {
      await o4.processUserInfoResponse(as, local, o4.skipSubjectCheck, await o4.userInfoRequest(as, local, token, opts));
    } catch (err) {
      return err as o4.WWWAuthenticateChallengeError;
    }
    throw new Error('userinfo succeeded');
  };

  it('userinfo: 401 invalid_token for an invalid token, 403 insufficient_scope for a client token', async () => {
    const invalid = await userinfo('garbage');
    expect(invalid).toBeInstanceOf(o4.WWWAuthenticateChallengeError);
    expect(invalid.status).toBe(401);
    expect(invalid.cause[0]).toMatchObject({ scheme: 'bearer', parameters: { realm: issuer, error: 'invalid_token' } });
    const cc = await o4.processClientCredentialsResponse(as, local, await o4.clientCredentialsGrantRequest(as, local, basicAuth, { scope: 'avacloud' }, opts));
    const forbidden = await userinfo(cc.access_token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.cause[0]).toMatchObject({ scheme: 'bearer', parameters: { error: 'insufficient_scope', scope: 'openid' } });
  });

  it('introspection: 401 with a Basic challenge for a wrong API secret', async () => {
    const resource: o4.Client = { client_id: API.name };
    let err: unknown;
    try {
      await o4.processIntrospectionResponse(as, resource, await o4.introspectionRequest(as, resource, o4.ClientSecretBasic('wrong'), 'x', opts));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(o4.WWWAuthenticateChallengeError);
    expect((err as o4.WWWAuthenticateChallengeError).status).toBe(401);
    expect((err as o4.WWWAuthenticateChallengeError).cause[0]).toMatchObject({ scheme: 'basic', parameters: { realm: issuer } });
  });

  it('revocation: 401 with a Basic challenge for wrong client credentials', async () => {
    let err: unknown;
    try {
      await o4.processRevocationResponse(await o4.revocationRequest(as, local, o4.ClientSecretBasic('wrong'), 'x', opts));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(o4.WWWAuthenticateChallengeError);
    expect((err as o4.WWWAuthenticateChallengeError).status).toBe(401);
  });
});
