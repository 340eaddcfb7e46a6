/**
 * The issuer is configuration (OIDC Core §2, RFC 8414 §2/§3.3, OIDC Discovery §4.3): `auth.issuer` or `PUBLIC_URL`,
 * else `http://localhost:<port>`; never the request's `Host`. Two host names of one gateway give one discovery
 * document and one `iss`, a token fetched through one is accepted through the other, a forged `Host` changes
 * nothing, and `trustProxy` (which makes fastify read `X-Forwarded-*`) does not change the issuer either.
 */
import { Writable } from 'node:stream';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import type { AuthServices } from '../../core/auth/services.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { buildApp } from '../../gateway/app.js';
import { CONNECT_PATHS } from '../../gateway/connect/discovery.js';
import { API_BASIC, FORM_TYPE, INJECT_ISSUER, LOCAL_BASIC, authHarness, freePort, postForm, type AuthHarness } from './connect-support.js';

const HOSTS = ['localhost:5000', '127.0.0.1:5000', 'evil.example'];
const project = { serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'Position', shortText: 'Wall' }] }] };
const tokenForm = 'grant_type=client_credentials&scope=avacloud';

describe('without a configured issuer (development)', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await authHarness();
  });
  afterAll(() => h.app.close());

  const discovery = async (host: string) => (await h.app.inject({ url: CONNECT_PATHS.discovery, headers: { host } })).json();
  const token = async (host: string) => {
    const res = await h.app.inject({ method: 'POST', url: CONNECT_PATHS.token, headers: { ...FORM_TYPE, host, authorization: LOCAL_BASIC }, payload: tokenForm });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  };

  it('every host name, a forged one included, gets the same discovery document naming http://localhost:<port>', async () => {
    const docs = await Promise.all(HOSTS.map(discovery));
    expect(docs[0].issuer).toBe('http://localhost:5000');
    expect(docs[0].token_endpoint).toBe('http://localhost:5000/connect/token');
    for (const doc of docs) expect(doc).toEqual(docs[0]);
    expect(JSON.stringify(docs)).not.toContain('evil.example');
  });

  it('every host name gets tokens with the same iss', async () => {
    for (const host of HOSTS) expect(decodeJwt(await token(host)).iss).toBe(INJECT_ISSUER);
  });

  it('a token fetched through one host name is accepted through every other', async () => {
    for (const from of HOSTS) {
      const access = await token(from);
      for (const at of HOSTS) {
        const converted = await h.app.inject({ method: 'POST', url: '/conversion/ava/ava', headers: { host: at, authorization: `Bearer ${access}` }, payload: project });
        expect(converted.statusCode, `${from} → ${at}`).toBe(200);
        const introspected = await postForm(h.app, CONNECT_PATHS.introspection, { token: access }, { host: at, authorization: API_BASIC });
        expect(introspected.json(), `${from} → ${at}`).toMatchObject({ active: true, iss: INJECT_ISSUER });
      }
    }
  });

  it('challenges and verification URIs name the issuer, not the Host', async () => {
    const anonymous = await h.app.inject({ method: 'POST', url: '/conversion/ava/ava', headers: { host: 'evil.example' }, payload: project });
    expect(anonymous.headers['www-authenticate']).toBe(`Bearer realm="${INJECT_ISSUER}"`);
    const wrongSecret = await postForm(h.app, CONNECT_PATHS.introspection, { token: 'x' }, { host: 'evil.example', authorization: 'Basic YXZhY2xvdWQ6d3Jvbmc=' });
    expect(wrongSecret.headers['www-authenticate']).toBe(`Basic realm="${INJECT_ISSUER}"`);
    const device = await postForm(h.app, CONNECT_PATHS.deviceAuthorization, { client_id: 'local-device' }, { host: 'evil.example' });
    expect(device.json().verification_uri).toBe(`${INJECT_ISSUER}/device`);
  });

  it('follows the configured port', async () => {
    const other = await authHarness({ port: 6123 });
    try {
      expect(other.auth.issuer).toBe('http://localhost:6123');
      expect((await other.app.inject({ url: CONNECT_PATHS.discovery, headers: { host: '127.0.0.1:6123' } })).json().issuer).toBe('http://localhost:6123');
    } finally {
      await other.app.close();
    }
  });
});

describe('a real listening server reached as localhost and as 127.0.0.1', () => {
  let h: AuthHarness;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    h = await authHarness({ port });
    await h.app.listen({ port, host: 'localhost' });
  });
  afterAll(() => h.app.close());

  it('answers one issuer under both names, and a token from one is accepted at the other', async () => {
    const bases = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
    const docs = await Promise.all(bases.map(async (b) => (await fetch(b + CONNECT_PATHS.discovery)).json()));
    expect(docs.map((d) => d.issuer)).toEqual([`http://localhost:${port}`, `http://localhost:${port}`]);
    for (const [from, to] of [bases, [...bases].reverse()]) {
      const res = await fetch(from + CONNECT_PATHS.token, { method: 'POST', headers: { ...FORM_TYPE, authorization: LOCAL_BASIC }, body: tokenForm });
      const { access_token } = await res.json();
      expect(decodeJwt(access_token).iss).toBe(`http://localhost:${port}`);
      const converted = await fetch(`${to}/conversion/ava/ava`, { method: 'POST', headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }, body: JSON.stringify(project) });
      expect(converted.status, `${from} → ${to}`).toBe(200);
    }
  });
});

describe('PUBLIC_URL', () => {
  it('sets the issuer of discovery and tokens (trailing slash dropped)', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://gateway.example.com/ava/' }, { logLevel: 'silent' });
    expect(config.auth.issuer).toBe('https://gateway.example.com/ava/');
    const container = await createGatewayContainer(config);
    const app = await buildApp({ container, logger: false });
    try {
      const issuer = 'https://gateway.example.com/ava';
      expect(container.resolve<AuthServices>(AUTH_SERVICES).issuer).toBe(issuer);
      const doc = (await app.inject({ url: CONNECT_PATHS.discovery, headers: { host: 'localhost:5000' } })).json();
      expect(doc).toMatchObject({ issuer, token_endpoint: `${issuer}/connect/token`, jwks_uri: `${issuer}/.well-known/openid-configuration/jwks` });
      const res = await postForm(app, CONNECT_PATHS.token, tokenForm, { authorization: LOCAL_BASIC });
      expect(decodeJwt(res.json().access_token).iss).toBe(issuer);
    } finally {
      await app.close();
    }
  });

  it('gives way to auth.issuer of the configuration', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://public.example' }, { auth: { issuer: 'https://configured.example' } }).auth.issuer).toBe('https://configured.example');
  });

  it('must be an absolute http(s) URL without query or fragment; the error names it', () => {
    for (const bad of ['gateway.example.com', '/ava', 'ftp://gateway.example.com', 'https://gateway.example.com/?tenant=a', 'https://gateway.example.com/#top', 'https://user:pw@gateway.example.com']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(() => loadConfig({}, { auth: { issuer: 'https://gateway.example.com/ava#x' } })).toThrow(/auth\.issuer/);
  });
});

describe('trustProxy', () => {
  it('makes fastify read X-Forwarded-* but does not change the issuer', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const config = loadConfig({}, { trustProxy: true });
    const app = await buildApp({ container: await createGatewayContainer(config), logger: { level: 'info', stream } });
    try {
      const headers = { host: 'localhost:5000', 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
      const doc = (await app.inject({ url: CONNECT_PATHS.discovery, headers })).json();
      expect(doc.issuer).toBe('http://localhost:5000');
      const res = await app.inject({ method: 'POST', url: CONNECT_PATHS.token, headers: { ...headers, ...FORM_TYPE, authorization: LOCAL_BASIC }, payload: tokenForm });
      expect(decodeJwt(res.json().access_token).iss).toBe('http://localhost:5000');
      // the setting is wired: the request log shows the forwarded client address and host
      const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
      expect(incoming.req).toMatchObject({ remoteAddress: '203.0.113.7', host: 'evil.example' });
    } finally {
      await app.close();
    }
  });
});
