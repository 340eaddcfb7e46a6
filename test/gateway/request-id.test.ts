import 'reflect-metadata';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { buildApp } from '../../gateway/app.js';
import { installRequestIdHeader, REQUEST_ID_OPTIONS, requestIdFrom } from '../../gateway/request-id.js';
import { multipartBody } from '../support/app.js';
import { logLines } from '../support/log-lines.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Log lines the app writes, parsed. */
const { stream, lines } = logLines();
let app: FastifyInstance;
beforeAll(async () => {
  const container = await createGatewayContainer(loadConfig({}, { logLevel: 'info' }));
  app = await buildApp({ container, logger: { level: 'info', stream } });
});
afterAll(() => app.close());

/** The log lines written while `run` ran. */
async function logsOf<T>(run: () => Promise<T>): Promise<{ result: T; logs: Array<Record<string, unknown>> }> {
  const from = lines.length;
  const result = await run();
  await new Promise((r) => setImmediate(r));
  return { result, logs: lines.slice(from) };
}

describe('X-Request-Id', () => {
  it('echoes a sane id from the request', async () => {
    for (const id of ['abc-123', 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'lb:node-7.req_42', 'x'.repeat(128)]) {
      const res = await app.inject({ url: '/status', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('generates a UUID when the header is absent', async () => {
    const a = await app.inject('/status');
    const b = await app.inject('/status');
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('replaces an empty, too long or unsafe value with a new one', async () => {
    for (const bad of ['', 'x'.repeat(129), 'a b', 'id\u00e9', '<script>', 'a/b', 'a,b']) {
      const res = await app.inject({ url: '/status', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], JSON.stringify(bad)).toMatch(UUID);
    }
    expect(requestIdFrom(['a', 'b'])).toMatch(UUID);
  });

  it('is echoed on error answers (404, 401, 400)', async () => {
    expect((await app.inject({ url: '/nowhere', headers: { 'x-request-id': 'e-404' } })).headers['x-request-id']).toBe('e-404');
    const upload = multipartBody('gaebFile', 'lv.X83', 'not xml');
    const unauthorized = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...upload, headers: { ...upload.headers, 'x-request-id': 'e-401' } });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['x-request-id']).toBe('e-401');
    const badForm = await app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'e-400' }, payload: 'grant_type=nothing' });
    expect(badForm.statusCode).toBeGreaterThanOrEqual(400);
    expect(badForm.headers['x-request-id']).toBe('e-400');
  });

  it('is the requestId of every log line of the request', async () => {
    const { result, logs } = await logsOf(() => app.inject({ url: '/nowhere/else', headers: { 'x-request-id': 'log-me-1' } }));
    expect(result.statusCode).toBe(404);
    expect(logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const line of logs) expect(line, JSON.stringify(line)).toMatchObject({ requestId: 'log-me-1' });
    expect(logs.every((l) => !('reqId' in l))).toBe(true);
  });

  it('is the requestId of log lines written by route code (request.log and its children)', async () => {
    const { stream: bareStream, lines: captured } = logLines();
    const bare = Fastify({ logger: { level: 'info', stream: bareStream }, ...REQUEST_ID_OPTIONS });
    installRequestIdHeader(bare);
    bare.get('/work', async (request) => {
      request.log.info('route line');
      request.log.child({ stage: 'write' }).warn('child line');
      return { ok: true };
    });
    await bare.ready();
    try {
      const res = await bare.inject({ url: '/work', headers: { 'x-request-id': 'route-9' } });
      expect(res.headers['x-request-id']).toBe('route-9');
      const msgs = captured.filter((l) => l.requestId === 'route-9').map((l) => l.msg);
      expect(msgs).toEqual(['incoming request', 'route line', 'child line', 'request completed']);
    } finally {
      await bare.close();
    }
  });
});
