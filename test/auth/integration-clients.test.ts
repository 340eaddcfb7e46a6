/**
 * The token service over a real socket, driven by openid-client 6 (a client no one here wrote): discovery,
 * client credentials (and the token on a conversion route), password + refresh with id token signature checks
 * (`enableNonRepudiationChecks`), the device flow with polling, introspection as the API resource, revocation
 * and userinfo. oauth4webapi's `validateJwtAccessToken` checks the access tokens as an RFC 9068 resource server.
 */
import * as oc from 'openid-client';
import * as o4 from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveDevice } from '../../core/auth/device-authorizations.js';
import { API, DEMO, LOCAL, USER_SCOPES, extendedAuth, listeningHarness, type AuthHarness } from './connect-support.js';

let h: AuthHarness;
let issuer: string;
let local: oc.Configuration;
let api: oc.Configuration;
const execute = { execute: [oc.allowInsecureRequests] };
const project = { serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'Position', shortText: 'Wall' }] }] };

beforeAll(async () => {
  h = await listeningHarness(extendedAuth({ auth: { deviceFlow: { userCodeLength: 8, lifetime: 600, interval: 1, verificationPath: '/device' } } }));
  issuer = h.auth.issuer;
  local = await oc.discovery(new URL(issuer), LOCAL.id, LOCAL.secret, oc.ClientSecretBasic(LOCAL.secret), execute);
  oc.enableNonRepudiationChecks(local);
  api = await oc.discovery(new URL(issuer), API.name, API.secret, oc.ClientSecretBasic(API.secret), execute);
});
afterAll(() => h.app.close());

const convert = (token?: string) =>
  fetch(`${issuer}/conversion/ava/ava`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(project),
  });

const password = (config = local, scope = USER_SCOPES) =>
  oc.genericGrantRequest(config, 'password', { username: DEMO.userName, password: DEMO.password, scope });

/** The RFC 9068 check of a resource server (oauth4webapi), for a token sent to API `audience`. */
const resourceServerCheck = (token: string, audience = 'avacloud') =>
  o4.validateJwtAccessToken(local.serverMetadata(), new Request(`${issuer}/conversion/ava/ava`, { headers: { authorization: `Bearer ${token}` } }), audience, { [o4.allowInsecureRequests]: true });

describe('discovery', () => {
  it('accepts the document: the issuer is exactly the URL discovered from', () => {
    const m = local.serverMetadata();
    expect(m.issuer).toBe(issuer);
    expect(m.token_endpoint).toBe(`${issuer}/connect/token`);
    expect(m.jwks_uri).toBe(`${issuer}/.well-known/openid-configuration/jwks`);
    expect(m.introspection_endpoint).toBe(`${issuer}/connect/introspect`);
    expect(m.revocation_endpoint).toBe(`${issuer}/connect/revocation`);
    expect(m.userinfo_endpoint).toBe(`${issuer}/connect/userinfo`);
    expect(m.device_authorization_endpoint).toBe(`${issuer}/connect/deviceauthorization`);
  });
});

describe('client credentials', () => {
  it('issues a bearer token with scope avacloud that the conversion routes accept', async () => {
    const tokens = await oc.clientCredentialsGrant(local, { scope: 'avacloud' });
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('avacloud');
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.id_token).toBeUndefined();
    const claims = await resourceServerCheck(tokens.access_token);
    expect(claims).toMatchObject({ iss: issuer, sub: LOCAL.id, client_id: LOCAL.id, aud: 'avacloud', scope: 'avacloud' });
    expect((await convert(tokens.access_token)).status).toBe(200);
    const anonymous = await convert();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(`Bearer realm="${issuer}"`);
  });

  it('grants the client\'s resource scopes when no scope is asked for', async () => {
    const tokens = await oc.clientCredentialsGrant(local);
    expect(tokens.scope).toBe('avacloud');
  });
});

describe('password and refresh', () => {
  it('issues access, refresh and signed id tokens, then rotates the refresh token', async () => {
    const first = await password();
    expect(first.refresh_token).toBeTruthy();
    expect(first.claims()).toMatchObject({ iss: issuer, sub: DEMO.subject, aud: LOCAL.id, auth_time: expect.any(Number) });
    expect((await resourceServerCheck(first.access_token)).sub).toBe(DEMO.subject);

    const second = await oc.refreshTokenGrant(local, first.refresh_token!);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.claims()?.sub).toBe(DEMO.subject);
    expect((await convert(second.access_token)).status).toBe(200);

    const narrowed = await oc.refreshTokenGrant(local, second.refresh_token!, { scope: 'openid avacloud' });
    expect(narrowed.scope).toBe('openid avacloud');
    await expect(oc.refreshTokenGrant(local, narrowed.refresh_token!, { scope: 'openid avacloud nope' })).rejects.toMatchObject({ error: 'invalid_scope' });
  });
});

describe('device flow', () => {
  it('starts a device authorization and polls until the user approves', async () => {
    const device = await oc.discovery(new URL(issuer), 'local-device', undefined, oc.None(), execute);
    const dar = await oc.initiateDeviceAuthorization(device, { scope: 'openid profile avacloud offline_access' });
    expect(dar.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(dar.verification_uri).toBe(`${issuer}/device`);
    expect(dar.verification_uri_complete).toBe(`${issuer}/device?user_code=${encodeURIComponent(dar.user_code)}`);
    expect(dar.expires_in).toBe(600);
    expect(dar.interval).toBe(1);

    // The first poll is answered authorization_pending; the user approves right after it.
    const polls: string[] = [];
    device[oc.customFetch] = async (url, options) => {
      const res = await fetch(url, options as RequestInit);
      if (url.endsWith('/connect/token')) {
        polls.push(res.ok ? 'tokens' : String(((await res.clone().json()) as { error: string }).error));
        if (polls.length === 1) {
          const user = (await h.auth.users.bySubjectId(DEMO.subject))!;
          expect((await approveDevice(h.auth, dar.user_code.toLowerCase(), { user })).status).toBe('decided');
        }
      }
      return res;
    };
    const tokens = await oc.pollDeviceAuthorizationGrant(device, dar);
    expect(polls).toEqual(['authorization_pending', 'tokens']);
    expect(tokens.claims()?.sub).toBe(DEMO.subject);
    expect(tokens.refresh_token).toBeTruthy();
    expect(await oc.fetchUserInfo(device, tokens.access_token, DEMO.subject)).toEqual({ sub: DEMO.subject, name: 'Demo User', given_name: 'Demo', family_name: 'User' });
    // the public client refreshes with its client_id alone
    expect((await oc.refreshTokenGrant(device, tokens.refresh_token!)).access_token).toBeTruthy();
  });
});

describe('introspection, revocation and userinfo', () => {
  it('introspects as the API resource', async () => {
    const { access_token } = await password();
    const info = await oc.tokenIntrospection(api, access_token);
    expect(info).toMatchObject({ active: true, sub: DEMO.subject, client_id: LOCAL.id, scope: USER_SCOPES, iss: issuer, token_type: 'access_token' });
    expect(info.exp).toBeGreaterThan(info.iat!);
    expect(await oc.tokenIntrospection(api, 'unknown-token')).toEqual({ active: false });
  });

  it('revokes a refresh token with its grant', async () => {
    const tokens = await password();
    await oc.tokenRevocation(local, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    expect(await oc.tokenIntrospection(api, tokens.access_token)).toEqual({ active: false });
    await expect(oc.fetchUserInfo(local, tokens.access_token, DEMO.subject)).rejects.toBeInstanceOf(oc.WWWAuthenticateChallengeError);
    await expect(oc.refreshTokenGrant(local, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes unknown tokens with 200 as openid-client expects', async () => {
    await expect(oc.tokenRevocation(local, 'never-issued')).resolves.toBeUndefined();
  });

  it('returns the user claims, role as an array', async () => {
    const { access_token } = await password(local, 'openid profile role');
    expect(await oc.fetchUserInfo(local, access_token, DEMO.subject)).toEqual({ sub: DEMO.subject, name: 'Demo User', given_name: 'Demo', family_name: 'User', role: ['user'] });
  });
});
