/**
 * The bearer guard of the conversion routes (RFC 6750 §3; AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger)) at inject level: 401 without or with an
 * invalid token, 403 without the tenant's conversion scope, tenant formats and option defaults, the anonymous
 * routes, `requireTokenForConversions: false`, and the OAuth2 security scheme of the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { SECURITY_SCHEME } from '../../gateway/connect/bearer.js';
import {
  INJECT_ISSUER, accessTokenClaims, authHarness, basic, clientToken, extendedAuth, foreignJwt, revoke, unsignedJwt, userTokens,
  type AuthHarness,
} from './connect-support.js';
import { multipartBody } from '../support/app.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await authHarness(extendedAuth());
});
afterAll(() => h.app.close());

const project = { serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'Position', longText: 'Line one' }] }] };
const convert = (token?: string, url = '/conversion/ava/ava') =>
  h.app.inject({ method: 'POST', url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` }, payload: project });
const realm = `realm="${INJECT_ISSUER}"`;
const problemErrors = (res: { headers: Record<string, unknown>; json: () => unknown }) => {
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  return (res.json() as { errors: Record<string, string[]> }).errors;
};

describe('conversion routes need a bearer token with the tenant scope', () => {
  it('answers 401 with a bare Bearer challenge and a problem body without a token (also for uploads)', async () => {
    const res = await convert();
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(`Bearer ${realm}`);
    expect(problemErrors(res).authorization[0]).toContain('bearer access token is required');
    const upload = await h.app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'x.X83', '<GAEB/>') });
    expect(upload.statusCode).toBe(401);
    const otherScheme = await h.app.inject({ method: 'POST', url: '/conversion/ava/ava', headers: { authorization: basic('local-client', 'local-secret') }, payload: project });
    expect(otherScheme.statusCode).toBe(401);
  });

  it('answers 200 with a client_credentials token with scope avacloud (JWT and reference)', async () => {
    expect((await convert(await clientToken(h.app))).statusCode).toBe(200);
    expect((await convert(await clientToken(h.app, 'avacloud', basic('reference-client', 'reference-secret')))).statusCode).toBe(200);
    expect((await convert((await userTokens(h.app, 'avacloud')).access_token)).statusCode).toBe(200);
  });

  it('answers 401 invalid_token for garbage, expired, revoked, unsigned, foreign-key and foreign-issuer tokens', async () => {
    const kid = h.auth.keys.signingKey('RS256').kid;
    const claims = accessTokenClaims(INJECT_ISSUER, h.clock.now);
    const revoked = await clientToken(h.app, 'avacloud', basic('reference-client', 'reference-secret'));
    await revoke(h.app, revoked, basic('reference-client', 'reference-secret'));
    // signed with the server's own key, but naming another issuer
    const local = h.auth.clients.client('local-client')!;
    const foreignIssuer = await h.auth.tokens.createAccessToken('http://elsewhere.test', { client: local, granted: h.auth.resources.resolve('avacloud', local), tenant: 'default' });
    const bad = ['garbage', 'a b', unsignedJwt(claims, { kid }), unsignedJwt(claims, { kid }, 'AAAA'), await foreignJwt(claims, kid), revoked, foreignIssuer.token];
    for (const token of bad) {
      const res = await convert(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(new RegExp(`^Bearer ${realm}, error="invalid_token"`));
      problemErrors(res);
    }
    const token = await clientToken(h.app);
    const saved = h.clock.now;
    h.clock.now += 3601;
    try {
      expect((await convert(token)).statusCode).toBe(401);
    } finally {
      h.clock.now = saved;
    }
  });

  it('answers 403 insufficient_scope for a valid token without the scope', async () => {
    const reports = await clientToken(h.app, 'reports', basic('reports-client', 'reports-secret'));
    const userWithout = (await userTokens(h.app, 'openid profile')).access_token;
    for (const token of [reports, userWithout]) {
      const res = await convert(token);
      expect(res.statusCode).toBe(403);
      expect(res.headers['www-authenticate']).toBe(`Bearer ${realm}, error="insufficient_scope", error_description="the scope avacloud is required", scope="avacloud"`);
      expect(problemErrors(res).authorization[0]).toContain('avacloud');
    }
  });

  it('answers 403 for a token addressed to the API but without the conversion scope', async () => {
    const reader = await clientToken(h.app, 'avacloud.read', basic('reader-client', 'reader-secret'));
    const res = await convert(reader);
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toContain('error="insufficient_scope"');
  });

  it('takes the required scope from the token\'s tenant', async () => {
    const partner = basic('partner-client', 'partner-secret');
    expect((await convert(await clientToken(h.app, 'reports', partner))).statusCode).toBe(200);
    const res = await convert(await clientToken(h.app, 'avacloud', partner));
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toContain('scope="reports"');
  });
});

describe('tenant settings', () => {
  const restricted = () => clientToken(h.app, 'avacloud', basic('restricted-client', 'restricted-secret'));

  it('refuses routes whose source or target is not enabled for the tenant', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/conversion/ava/gaeb', headers: { authorization: `Bearer ${await restricted()}` }, payload: project });
    expect(res.statusCode).toBe(403);
    expect(problemErrors(res).route[0]).toBe('The format gaeb is not enabled for tenant restricted.');
    const body = multipartBody('gaebFile', 'x.X83', '<GAEB/>');
    const upload = await h.app.inject({ method: 'POST', url: '/conversion/gaeb/ava', headers: { ...body.headers, authorization: `Bearer ${await restricted()}` }, payload: body.payload });
    expect(upload.statusCode).toBe(403);
  });

  it('applies the tenant option defaults; the query still overrides them', async () => {
    const token = await restricted();
    const element = (res: { json: () => { serviceSpecifications: { elements: Record<string, unknown>[] }[] } }) => res.json().serviceSpecifications[0].elements[0];
    const withDefault = await convert(token);
    expect(withDefault.statusCode).toBe(200);
    expect(element(withDefault)).not.toHaveProperty('htmlLongText');
    const overridden = await convert(token, '/conversion/ava/ava?RemoveHtmlLongTexts=false');
    expect(String(element(overridden).htmlLongText)).toContain('Line one');
    const otherTenant = await convert(await clientToken(h.app));
    expect(String(element(otherTenant).htmlLongText)).toContain('Line one');
  });
});

describe('anonymous routes and the OpenAPI document', () => {
  it('keeps /status, discovery, JWKS and the OpenAPI document anonymous', async () => {
    for (const url of ['/status', '/.well-known/openid-configuration', '/.well-known/openid-configuration/jwks', '/swagger/v1/swagger.json']) {
      expect((await h.app.inject(url)).statusCode, url).toBe(200);
    }
  });

  it('declares the OAuth2 client credentials scheme and requires it on every conversion route only', async () => {
    const doc = (await h.app.inject('/swagger/v1/swagger.json')).json();
    expect(doc.components.securitySchemes[SECURITY_SCHEME]).toEqual({
      type: 'oauth2',
      description: expect.any(String),
      flows: { clientCredentials: { tokenUrl: '/connect/token', scopes: { avacloud: 'Access to the AVACloud API', 'avacloud.read': 'Read-only AVACloud', reports: 'Reports API' } } },
    });
    const conversions = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>).filter(([p]) => p.startsWith('/conversion/'));
    expect(conversions.map(([p]) => p).sort()).toEqual(h.container.resolve(FormatRegistry).routes.map((r) => r.path).sort());
    for (const [path, item] of conversions) {
      expect(item.post.security, path).toEqual([{ [SECURITY_SCHEME]: ['avacloud'] }]);
      expect(Object.keys(item.post.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
    // Anonymous operations say so (an empty requirement list, OpenAPI 3.0.3 §4.7.10).
    expect(doc.paths['/status'].get.security).toEqual([]);
    expect(doc.paths['/.well-known/openid-configuration'].get.security).toEqual([]);
    expect(doc.security).toBeUndefined();
  });
});

describe('requireTokenForConversions: false', () => {
  it('converts without a token, declares no security and still applies the default tenant', async () => {
    const open = await authHarness({ auth: { requireTokenForConversions: false } });
    try {
      const res = await open.app.inject({ method: 'POST', url: '/conversion/ava/ava', payload: project });
      expect(res.statusCode).toBe(200);
      const doc = (await open.app.inject('/swagger/v1/swagger.json')).json();
      expect(doc.components?.securitySchemes?.[SECURITY_SCHEME]).toBeUndefined();
      expect(doc.paths['/conversion/ava/ava'].post.security).toEqual([]);
    } finally {
      await open.app.close();
    }
    const limited = await authHarness({ auth: { requireTokenForConversions: false, tenants: [{ name: 'default', enabledFormats: ['ava'] }] } });
    try {
      expect((await limited.app.inject({ method: 'POST', url: '/conversion/ava/ava', payload: project })).statusCode).toBe(200);
      expect((await limited.app.inject({ method: 'POST', url: '/conversion/ava/gaeb', payload: project })).statusCode).toBe(403);
    } finally {
      await limited.app.close();
    }
  });
});
