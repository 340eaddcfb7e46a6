/**
 * Every kind of answer carries `X-Content-Type-Options: nosniff`: JSON, problem details (400, 404, 415), a
 * converted file, the OpenAPI document, a token answer and a page.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, testApp } from '../support/app.js';

const X83 = readFileSync(new URL('../../examples/tender.X83', import.meta.url));
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ auth: { requireTokenForConversions: false }, pool: { threads: 0 } });
});
afterAll(() => app.close());

describe('X-Content-Type-Options', () => {
  it.each([
    ['GET /status', () => app.inject('/status'), 200],
    ['GET of an unknown path (404 problem)', () => app.inject('/nowhere'), 404],
    ['a conversion of a file (200 file)', () => app.inject({ method: 'POST', url: '/conversion/gaeb/gaeb?DestinationGaebType=Gaeb90', ...multipartBody('gaebFile', 't.X83', X83) }), 200],
    ['a bad option (400 problem)', () => app.inject({ method: 'POST', url: '/conversion/gaeb/gaeb?DestinationGaebType=Nope', ...multipartBody('gaebFile', 't.X83', X83) }), 400],
    ['an unread content type (415 problem)', () => app.inject({ method: 'POST', url: '/conversion/ava/ava', headers: { 'content-type': 'application/xml' }, payload: '<x/>' }), 415],
    ['the OpenAPI document', () => app.inject('/swagger/v1/swagger.json'), 200],
    ['a token request without client (401)', () => app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=nope' }), 401],
  ])('%s', async (_label, send, status) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
