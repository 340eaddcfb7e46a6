import 'reflect-metadata';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';

const ALLOWED = 'https://app.example.com';
const OTHER = 'https://evil.example.net';
const ROUTES = ['/connect/token', '/conversion/gaeb/ava'];

const preflight = (app: FastifyInstance, url: string, origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

const corsHeaders = (res: LightMyRequestResponse) => Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));

const list = (value: unknown) => String(value).split(',').map((s) => s.trim().toLowerCase());

describe('CORS with configured origins', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Configured with upper case and the default port: compared after URL normalisation.
    app = await testApp({ cors: { origins: ['https://APP.example.com:443', 'http://localhost:3000'], maxAgeSeconds: 900 } });
  });
  afterAll(() => app.close());

  it.each(ROUTES)('answers the preflight of an allowed origin on %s with 204 and the allowed methods and headers', async (url) => {
    const res = await preflight(app, url, ALLOWED);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(list(res.headers['access-control-allow-methods'])).toEqual(expect.arrayContaining(['post', 'get']));
    // DPoP (RFC 9449 §4.1) lets a browser client send proofs, and read the server's nonce (§8, `DPoP-Nonce`)
    expect(list(res.headers['access-control-allow-headers'])).toEqual(expect.arrayContaining(['authorization', 'content-type', 'dpop']));
    expect(res.headers['access-control-max-age']).toBe('900');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toContain('Origin');
    expect(res.body).toBe('');
  });

  it('lets a second allowed origin through with its own origin echoed', async () => {
    const res = await preflight(app, '/connect/token', 'http://localhost:3000');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it.each(ROUTES)('gives a disallowed origin no CORS headers on %s', async (url) => {
    const res = await preflight(app, url, OTHER);
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res)).toEqual([]);
    // A look-alike of an allowed origin is another origin.
    for (const near of ['https://app.example.com.evil.net', 'http://app.example.com', 'https://app.example.com:8443']) {
      expect(corsHeaders(await preflight(app, url, near)), near).toEqual([]);
    }
  });

  it('exposes the gateway headers on actual responses, errors included', async () => {
    const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', headers: { origin: ALLOWED } });
    expect(res.statusCode).toBe(401); // the bearer guard still applies to the POST itself
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(list(res.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['content-disposition', 'x-conversion-messages', 'x-request-id', 'retry-after', 'dpop-nonce']),
    );
    const token = await app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { origin: OTHER, 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}` },
      payload: 'grant_type=client_credentials',
    });
    expect(token.statusCode).toBe(200);
    expect(corsHeaders(token)).toEqual([]);
  });

  it('answers a preflight without Access-Control-Request-Method with 400', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/connect/token', headers: { origin: ALLOWED } });
    expect(res.statusCode).toBe(400);
  });
});

describe('CORS with origin *', () => {
  it('allows every origin', async () => {
    const app = await testApp({ cors: { origins: ['*'], maxAgeSeconds: 60 } });
    try {
      for (const url of ROUTES) {
        const res = await preflight(app, url, OTHER);
        expect(res.statusCode).toBe(204);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers['access-control-max-age']).toBe('60');
      }
    } finally {
      await app.close();
    }
  });
});

describe('CORS unconfigured (origins: [])', () => {
  it('sends no CORS headers and answers no preflight', async () => {
    const app = await testApp();
    try {
      for (const url of ROUTES) {
        const res = await preflight(app, url, ALLOWED);
        expect(res.statusCode).toBe(404);
        expect(corsHeaders(res)).toEqual([]);
      }
      const status = await app.inject({ url: '/status', headers: { origin: ALLOWED } });
      expect(corsHeaders(status)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
