/**
 * The conversion routes over the worker pool: the event loop keeps answering while a conversion occupies a
 * worker, a full queue answers 503 with Retry-After, the time limit answers 504 and the pool carries on, customer
 * plugins convert in workers. Slow conversions come from the test plugin test/fixtures/slow-plugin/slow.mjs,
 * which busy-waits until the test creates a "release" file (no timing in the assertions: only order and status).
 */
import 'reflect-metadata';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody, testApp } from '../support/app.js';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const plugins = [fixture('customer-plugin/lv-csv.mjs'), fixture('slow-plugin/slow.mjs')];
const CSV = 'itemNumber;shortText;quantity;unit;unitPrice\n01.0010;Aushub;12.5;m3;8\n';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ava-pool-routes-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function tokenOf(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}` },
    payload: 'grant_type=client_credentials&scope=avacloud',
  });
  return res.json().access_token;
}

/** An app with the test plugins, the given pool settings and a bearer token. */
async function poolApp(pool: Record<string, number>) {
  const app = await testApp({ plugins, pool: { maxQueue: 8, timeoutSeconds: 60, ...pool } });
  const token = await tokenOf(app);
  const convert = (source: string, target: string, field: string, content: string) =>
    app.inject({ method: 'POST', url: `/conversion/${source}/${target}`, ...withAuth(multipartBody(field, `in.${source}`, content), token) });
  return { app, convert };
}

const withAuth = (body: { payload: Buffer; headers: Record<string, string> }, token: string) => ({
  payload: body.payload,
  headers: { ...body.headers, authorization: `Bearer ${token}` },
});

/** A slow conversion's input and the files that show it started and let it finish. */
function slowInput(name: string) {
  const started = join(dir, `${name}.started`);
  const release = join(dir, `${name}.release`);
  return { started, release, json: JSON.stringify({ wait: { started, release, maxSeconds: 20 } }), release_: () => writeFileSync(release, 'go') };
}

const problemOf = (res: LightMyRequestResponse) => {
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  return res.json() as { title: string; status: number; errors: Record<string, string[]> };
};

describe('conversion routes on the worker pool', () => {
  it('answers /status and /connect/token while a conversion occupies a worker', async () => {
    const { app, convert } = await poolApp({ threads: 1 });
    try {
      expect(app.conversionPool.threads).toBe(1);
      const slow = slowInput('status');
      const order: string[] = [];
      const conversion = convert('slow', 'ava', 'slowFile', slow.json).then((res) => {
        order.push('conversion');
        return res;
      });
      await vi.waitFor(() => expect(existsSync(slow.started)).toBe(true), { timeout: 20_000 });
      expect(app.conversionPool.running).toBe(1);
      const status = await app.inject('/status');
      order.push('status');
      expect(status.statusCode).toBe(200);
      expect(await tokenOf(app)).toMatch(/^ey/);
      order.push('token');
      slow.release_();
      const res = await conversion;
      expect(order).toEqual(['status', 'token', 'conversion']);
      expect(res.statusCode).toBe(200);
      expect(res.json().serviceSpecifications[0].elements[0]).toMatchObject({ shortText: 'Slow', totalPrice: 6 });
    } finally {
      await app.close();
    }
  });

  it('answers 503 with Retry-After when the queue is full, and converts the accepted ones', async () => {
    const { app, convert } = await poolApp({ threads: 1, maxQueue: 1 });
    try {
      const slow = slowInput('queue');
      const first = convert('slow', 'ava', 'slowFile', slow.json);
      const second = convert('slow', 'ava', 'slowFile', slow.json);
      await vi.waitFor(() => expect([app.conversionPool.running, app.conversionPool.queueSize]).toEqual([1, 1]), { timeout: 20_000 });
      const refused = await convert('lv-csv', 'lv-csv', 'csvFile', CSV);
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const problem = problemOf(refused);
      expect(problem).toMatchObject({ status: 503, code: 'GW_ERR_UNAVAILABLE', title: 'The gateway is busy' });
      expect(problem.errors.conversion[0]).toContain('pool.maxQueue 1');
      slow.release_();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      expect((await convert('lv-csv', 'lv-csv', 'csvFile', CSV)).body).toBe(CSV);
    } finally {
      await app.close();
    }
  });

  it('answers 504 for a conversion that runs past the time limit, and converts the next one', async () => {
    const { app, convert } = await poolApp({ threads: 1, timeoutSeconds: 0.5 });
    try {
      const res = await convert('slow', 'ava', 'slowFile', '{"forever": true}');
      expect(res.statusCode).toBe(504);
      expect(res.headers['retry-after']).toBeUndefined();
      const problem = problemOf(res);
      expect(problem).toMatchObject({ status: 504, code: 'GW_ERR_TIMEOUT', type: '/problems/gw-err-timeout', title: 'The conversion took too long' });
      expect(problem.errors.conversion[0]).toContain('stopped after 0.5 s');
      const next = await convert('lv-csv', 'ava', 'csvFile', CSV);
      expect(next.statusCode).toBe(200);
      expect(next.json().serviceSpecifications[0].elements[0]).toMatchObject({ shortText: 'Aushub', quantity: 12.5 });
    } finally {
      await app.close();
    }
  });

  it('converts with a customer plugin in a worker', async () => {
    const { app, convert } = await poolApp({ threads: 2 });
    try {
      const res = await convert('lv-csv', 'lv-csv', 'csvFile', CSV);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain('in.csv');
      expect(res.body).toBe(CSV);
      const broken = await convert('lv-csv', 'gaeb', 'csvFile', 'x;y');
      expect(broken.statusCode).toBe(400);
      problemOf(broken);
    } finally {
      await app.close();
    }
  });

  it('refuses a JSON body with a __proto__ member (parsed in the worker) with 400, as fastify did', async () => {
    const { app } = await poolApp({ threads: 1 });
    try {
      const token = await tokenOf(app);
      const res = await app.inject({
        method: 'POST',
        url: '/conversion/ava/ava',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: '{"serviceSpecifications": [], "__proto__": {"isAdmin": true}}',
      });
      expect(res.statusCode).toBe(400);
      expect(problemOf(res).errors.body[0]).toContain('__proto__');
      const form = await app.inject({
        method: 'POST',
        url: '/conversion/ava/ava',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
        payload: 'a=1',
      });
      expect(form.statusCode).toBe(400);
      expect(problemOf(form).errors.avaProject[0]).toContain('application/json');
    } finally {
      await app.close();
    }
  });
});
