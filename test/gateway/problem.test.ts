import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, GatewayError, parseError, type ErrorCode } from '../../core/errors.js';
import { installProblemHandlers, problemType } from '../../gateway/problem.js';
import { multipartBody, testApp } from '../support/app.js';
import { sampleX83 } from '../support/sample-x83.js';

const X83 = sampleX83({ text: false });

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ limits: { uploadBytes: 4096 }, auth: { requireTokenForConversions: false } });
});
afterAll(() => app.close());

/** The problem body of a response, after checking its media type and that `status` is the HTTP status. */
function problemOf(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = res.json();
  expect(body.status).toBe(res.statusCode);
  return body;
}

describe('problem bodies', () => {
  it('a parse error: type, title, status, code and errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'x.X83', X83.slice(0, 300)) });
    expect(res.statusCode).toBe(400);
    expect(problemOf(res)).toEqual({
      type: '/problems/gw-err-parse',
      title: 'The input file could not be read',
      status: 400,
      code: 'GW_ERR_PARSE',
      errors: { gaebFile: [expect.stringMatching(/^Malformed GAEB DA XML at line \d+/)] },
    });
  });

  it('an option error, keyed by the option', async () => {
    const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/gaeb?DestinationGaebType=Gaeb95', ...multipartBody('gaebFile', 'x.X83', X83) });
    expect(res.statusCode).toBe(400);
    expect(problemOf(res)).toEqual({
      type: '/problems/gw-err-option',
      title: 'An option value is not allowed',
      status: 400,
      code: 'GW_ERR_OPTION',
      errors: { DestinationGaebType: [expect.stringContaining('allowed: Gaeb90')] },
    });
  });

  it('a route that does not exist, and a conversion pair that does not', async () => {
    const res = await app.inject({ method: 'GET', url: '/nothing/here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(problemOf(res)).toEqual({ type: '/problems/gw-err-not-found', title: 'Not found', status: 404, code: 'GW_ERR_NOT_FOUND', errors: { route: ['No route GET /nothing/here'] } });
    const pair = await app.inject({ method: 'POST', url: '/conversion/gaeb/sia', payload: {} });
    expect(pair.statusCode).toBe(404);
    expect(problemOf(pair)).toMatchObject({ type: '/problems/gw-err-unsupported-conversion', code: 'GW_ERR_UNSUPPORTED_CONVERSION', errors: { route: ['No route POST /conversion/gaeb/sia'] } });
  });

  it('an upload over the limit (413)', async () => {
    const big = X83.replace('<Award>', `<!--${'x'.repeat(8 * 1024)}--><Award>`);
    const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'big.X83', big) });
    expect(res.statusCode).toBe(413);
    expect(problemOf(res)).toEqual({
      type: '/problems/gw-err-too-large',
      title: 'The uploaded file is larger than the configured limit',
      status: 413,
      code: 'GW_ERR_TOO_LARGE',
      errors: { file: ['The uploaded file is larger than the configured limit.'] },
    });
  });

  it('a multipart body cut before its closing boundary (an upload that broke off) is a 400, not a 500', async () => {
    const whole = multipartBody('gaebFile', 'x.X83', X83);
    const cut = whole.payload.subarray(0, whole.payload.lastIndexOf('--'));
    for (const payload of [cut, cut.subarray(0, 200)]) {
      const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', headers: whole.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(problemOf(res)).toEqual({
        type: '/problems/gw-err-input',
        title: 'The request input is missing or of the wrong kind',
        status: 400,
        code: 'GW_ERR_INPUT',
        errors: { body: ['The multipart/form-data body could not be read (Unexpected end of multipart data); send the whole body, the file in the form field "gaebFile".'] },
      });
    }
  });

  it('client errors: invalid JSON (parsed where the conversion runs), an unsupported content type', async () => {
    const json = await app.inject({ method: 'POST', url: '/conversion/ava/ava', headers: { 'content-type': 'application/json' }, payload: '{"serviceSpecifications": [' });
    expect(json.statusCode).toBe(400);
    expect(problemOf(json)).toMatchObject({ code: 'GW_ERR_INPUT', type: '/problems/gw-err-input' });
    expect(problemOf(json).errors.body[0]).toMatch(/^The body is not valid JSON: .+\.$/);
    const xml = await app.inject({ method: 'POST', url: '/conversion/ava/ava', headers: { 'content-type': 'application/xml' }, payload: '<x/>' });
    expect(xml.statusCode).toBe(415);
    expect(problemOf(xml)).toMatchObject({ code: 'GW_ERR_UNSUPPORTED_MEDIA_TYPE', errors: { body: ['The content type "application/xml" is not read here; send application/json or text/json or application/*+json.'] } });
  });

  it('the conversion guard: 401 without a token names GW_ERR_UNAUTHORIZED', async () => {
    const guarded = await testApp();
    try {
      const res = await guarded.inject({ method: 'POST', url: '/conversion/ava/ava', payload: { serviceSpecifications: [] } });
      expect(res.statusCode).toBe(401);
      expect(problemOf(res)).toMatchObject({ type: '/problems/gw-err-unauthorized', title: 'Unauthorized', code: 'GW_ERR_UNAUTHORIZED', errors: { authorization: [expect.any(String)] } });
    } finally {
      await guarded.close();
    }
  });

  it('a type that dereferences to a page describing the problem type', async () => {
    const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'x.X83', 'not a tender') });
    const type = new URL(problemOf(res).type, 'http://localhost/conversion/gaeb/ava');
    const page = await app.inject({ method: 'GET', url: type.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(ERROR_CODES.GW_ERR_PARSE.title);
    expect(page.body).toContain('GW_ERR_PARSE');
    const unknown = await app.inject({ method: 'GET', url: '/problems/gw-err-nothing' });
    expect(problemOf(unknown).code).toBe('GW_ERR_NOT_FOUND');
  });
});

describe('the error handler', () => {
  const throwing = async (error: Error) => {
    const bare = Fastify({ logger: false });
    installProblemHandlers(bare);
    bare.get('/fail', async () => { throw error; });
    try {
      return await bare.inject('/fail');
    } finally {
      await bare.close();
    }
  };

  it('hides the message of a 5xx but names its code; shows a temporary 503', async () => {
    const config = await throwing(new GatewayError('GW_ERR_CONFIG', 'key file /secret/key.pem unreadable', 'config'));
    expect(config.statusCode).toBe(500);
    expect(config.json()).toEqual({ type: '/problems/gw-err-config', title: 'The configuration is invalid', status: 500, code: 'GW_ERR_CONFIG', errors: { server: ['Internal server error'] } });
    const crash = await throwing(new TypeError('x is undefined'));
    expect(crash.json()).toEqual({ type: '/problems/gw-err-internal', title: 'Internal server error', status: 500, code: 'GW_ERR_INTERNAL', errors: { server: ['Internal server error'] } });
    const busy = await throwing(new GatewayError('GW_ERR_UNAVAILABLE', 'The conversion queue is full.', 'conversion'));
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ code: 'GW_ERR_UNAVAILABLE', errors: { conversion: ['The conversion queue is full.'] } });
    const parse = await throwing(parseError('Expected a GAEB file', 'gaebFile'));
    expect(parse.json()).toEqual({ type: problemType('GW_ERR_PARSE'), title: ERROR_CODES.GW_ERR_PARSE.title, status: 400, code: 'GW_ERR_PARSE', errors: { gaebFile: ['Expected a GAEB file'] } });
  });
});

describe('the error catalogue', () => {
  it('is the README error table', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Errors'), readme.indexOf('\n## ', readme.indexOf('## Errors') + 1));
    const rows = section.split('\n').filter((l) => l.startsWith('| `GW_ERR_'));
    const expected = (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => `| \`${code}\` | ${ERROR_CODES[code].statusCode} | ${ERROR_CODES[code].when} |`);
    expect(rows.sort()).toEqual(expected.sort());
  });

  it('gives every code a distinct problem type', () => {
    const types = (Object.keys(ERROR_CODES) as ErrorCode[]).map(problemType);
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(type).toMatch(/^\/problems\/gw-err-[a-z-]+$/);
  });
});
