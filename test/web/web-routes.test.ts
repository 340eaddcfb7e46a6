/**
 * The web page's routes at inject level: `GET /` with its Content-Security-Policy and security headers, the page's
 * files and the bundled libraries served from the package, `GET /web/config.json` (sign-in description),
 * `POST /formats/detect` (the readers' content detection; 400/413/415 as problems), its OpenAPI entry, the
 * public client `ava-web` following the issuer, and the package shipping the page's files.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { WEB_CLIENT_ID, webSignIn, withWebClientRedirect } from '../../gateway/web/client.js';
import { DETECT_BODY_LIMIT } from '../../gateway/web/detect.js';
import { WEB_PAGE_CSP } from '../../gateway/web/routes.js';
import { testApp } from '../support/app.js';
import { sampleX83 } from '../support/sample-x83.js';
import { builtTenderX86 } from './web-support.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const octets = { 'content-type': 'application/octet-stream' };

describe('web page routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ pool: { threads: 0 } });
  });
  afterAll(async () => app.close());

  it('GET / serves the page with a CSP allowing only this origin, and the security headers', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(WEB_PAGE_CSP);
    expect(WEB_PAGE_CSP).toContain("script-src 'self'");
    expect(WEB_PAGE_CSP).not.toMatch(/unsafe|https?:/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // no inline script or style, nothing from another origin
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.body).not.toMatch(/<style|style=|https?:\/\//);
    for (const src of res.body.matchAll(/(?:src|href)="([^"#]+)"/g)) {
      const asset = await app.inject('/' + src[1]);
      expect(asset.statusCode, src[1]).toBe(200);
    }
  });

  it('serves the page files and the bundled chart.js and fflate builds with their content types; nothing else', async () => {
    const chart = await app.inject('/web/vendor/chart.umd.min.js');
    expect(chart.statusCode).toBe(200);
    expect(chart.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(chart.body).toContain('Chart');
    const fflate = await app.inject('/web/vendor/fflate.js');
    expect(fflate.body).toMatch(/export\s*\{[^}]*zipSync/);
    expect((await app.inject('/web/app.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await app.inject('/web/app.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const path of ['/web/nope.js', '/web/../package.json', '/web/%2e%2e/package.json', '/web/vendor/../../package.json', '/web/']) {
      expect((await app.inject(path)).statusCode, path).toBe(404);
    }
  });

  it('GET /web/config.json describes the sign-in with the public client redirecting to <issuer>/', async () => {
    const res = await app.inject('/web/config.json');
    expect(res.json()).toEqual({
      requireToken: true, clientId: 'ava-web', redirectUri: 'http://localhost:5000/', scope: 'openid profile avacloud',
      authorizationEndpoint: 'http://localhost:5000/connect/authorize', tokenEndpoint: 'http://localhost:5000/connect/token',
      userInfoEndpoint: 'http://localhost:5000/connect/userinfo', endSessionEndpoint: 'http://localhost:5000/connect/endsession',
    });
  });

  it('POST /formats/detect names the source of GAEB, ÖNORM, ava and Excel content', async () => {
    const detect = (payload: Buffer | string) => app.inject({ method: 'POST', url: '/formats/detect', headers: octets, payload });
    expect((await detect(sampleX83())).json()).toEqual({ source: 'gaeb', name: 'GAEB', inputField: 'gaebFile' });
    expect((await detect(builtTenderX86())).json().source).toBe('gaeb');
    expect((await detect(readFileSync(resolve(root, 'test/fixtures/oenorm/vertrag-2015-hg.onlv')))).json().source).toBe('oenorm');
    expect((await detect('  {"serviceSpecifications": []}')).json()).toMatchObject({ source: 'ava', bodyParameter: 'avaProject' });
    // a GAEB file longer than the head: only the first 8 KiB are looked at
    const long = Buffer.concat([Buffer.from(sampleX83()), Buffer.alloc(20_000, 0x20)]);
    expect((await detect(long)).json().source).toBe('gaeb');
  });

  it('POST /formats/detect answers 400 naming the sources, 413 above the limit and 415 for other types', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/formats/detect', headers: octets, payload: 'hello, world' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'GW_ERR_INPUT', errors: { file: [expect.stringContaining('ava, gaeb, excel, oenorm, sia')] } });
    const empty = await app.inject({ method: 'POST', url: '/formats/detect', headers: octets, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('GW_ERR_INPUT');
    const big = await app.inject({ method: 'POST', url: '/formats/detect', headers: octets, payload: Buffer.alloc(DETECT_BODY_LIMIT + 1, 0x41) });
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toContain('application/problem+json');
    const xml = await app.inject({ method: 'POST', url: '/formats/detect', headers: { 'content-type': 'application/xml' }, payload: sampleX83() });
    expect(xml.statusCode).toBe(415);
    // text/plain has fastify's own parser: the route still refuses what is not bytes, saying how to send them
    const text = await app.inject({ method: 'POST', url: '/formats/detect', headers: { 'content-type': 'text/plain' }, payload: sampleX83() });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.file).toEqual(["Send the file's first bytes as application/octet-stream."]);
  });

  it('documents the detection in the OpenAPI document, and not the page', async () => {
    const doc = (await app.inject('/swagger/v1/swagger.json')).json();
    expect(doc.paths['/formats/detect'].post.operationId).toBe('Formats_DetectSource');
    expect(doc.paths['/formats/detect'].post.security).toEqual([]);
    expect(doc.paths['/']).toBeUndefined();
    expect(Object.keys(doc.paths).some((p: string) => p.startsWith('/web/'))).toBe(false);
  });
});

describe('the web page client', () => {
  it('is public, takes code + PKCE only, and follows the issuer (PORT, PUBLIC_URL) as redirect and logout target', () => {
    const embedded = loadConfig({}).auth.clients.find((c) => c.clientId === WEB_CLIENT_ID)!;
    expect(embedded).toMatchObject({ secrets: [], allowedGrantTypes: ['authorization_code'], requirePkce: true, requireConsent: false });
    const moved = withWebClientRedirect(loadConfig({ PORT: '8080' }));
    expect(moved.auth.clients.find((c) => c.clientId === WEB_CLIENT_ID)!.redirectUris).toEqual(['http://localhost:5000/', 'http://localhost:8080/']);
    const published = withWebClientRedirect(loadConfig({ PUBLIC_URL: 'https://ava.example.com/gateway' }));
    const client = published.auth.clients.find((c) => c.clientId === WEB_CLIENT_ID)!;
    expect(client.redirectUris).toContain('https://ava.example.com/gateway/');
    expect(client.postLogoutRedirectUris).toContain('https://ava.example.com/gateway/');
    expect(webSignIn(published).problem).toBeUndefined();
    // the default port changes nothing
    const same = loadConfig({});
    expect(withWebClientRedirect(same)).toBe(same);
  });

  it('leaves an operator\'s own ava-web client with real addresses alone, and the page says why it cannot sign in', () => {
    const own = loadConfig({ PUBLIC_URL: 'https://ava.example.com' }, {
      auth: { clients: [{ clientId: WEB_CLIENT_ID, allowedGrantTypes: ['authorization_code'], allowedScopes: ['openid', 'avacloud'], redirectUris: ['https://other.example.com/'] }] },
    });
    expect(withWebClientRedirect(own)).toBe(own);
    expect(webSignIn(own).problem).toBe('The client "ava-web" does not list the redirect URI https://ava.example.com/ (auth.clients[].redirectUris).');
    const none = loadConfig({}, { auth: { clients: [] } });
    expect(webSignIn(none).problem).toBe('No client "ava-web" is configured (auth.clients).');
    expect(webSignIn(loadConfig({}, { auth: { clients: [], requireTokenForConversions: false } })).problem).toBeUndefined();
  });

  it('is shipped: package.json "files" holds the page files (tsc copies no .js/.css)', () => {
    const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { files: string[]; dependencies: Record<string, string> };
    expect(pkg.files).toContain('gateway/web/assets/');
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['chart.js', 'fflate']));
  });
});
