import 'reflect-metadata';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config/defaults.js';
import { installMetrics } from '../../gateway/metrics.js';
import { multipartBody, testApp } from '../support/app.js';
import { sampleX83 } from '../support/sample-x83.js';

const X83 = sampleX83({ project: 'Metrics test' });

const BASIC = `Basic ${Buffer.from('local-client:local-secret').toString('base64')}`;

/** One sample of a Prometheus text exposition: `name{a="x",b="y"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the sample with this name whose labels include `labels`; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const hits = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(hits.length, `${name} ${JSON.stringify(labels)} matches one sample`).toBeLessThanOrEqual(1);
  return hits[0]?.value;
}

async function scrape(app: FastifyInstance, headers: Record<string, string> = {}): Promise<Sample[]> {
  const res = await app.inject({ url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
  return parseExposition(res.body);
}

describe('GET /metrics after a token request and conversions', () => {
  let app: FastifyInstance;
  let samples: Sample[];
  let upload: ReturnType<typeof multipartBody>;
  let converted: Buffer;
  beforeAll(async () => {
    app = await testApp();
    const token = await app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: BASIC },
      payload: 'grant_type=client_credentials&scope=avacloud',
    });
    expect(token.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${token.json().access_token}` };
    upload = multipartBody('gaebFile', 'lv.X83', X83);
    const ok = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...upload, headers: { ...upload.headers, ...bearer } });
    expect(ok.statusCode).toBe(200);
    converted = ok.rawPayload;
    const broken = multipartBody('gaebFile', 'lv.X83', X83.slice(0, 300));
    expect((await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...broken, headers: { ...broken.headers, ...bearer } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/conversion/gaeb/gaeb', ...upload })).statusCode).toBe(401);
    expect((await app.inject('/no/such/route/4711')).statusCode).toBe(404);
    samples = await scrape(app);
  });
  afterAll(() => app.close());

  it('counts tokens issued by grant type', () => {
    expect(valueOf(samples, 'ava_gateway_tokens_issued_total', { grant_type: 'client_credentials' })).toBe(1);
    expect(valueOf(samples, 'ava_gateway_tokens_issued_total', { grant_type: 'password' })).toBeUndefined();
  });

  it('counts conversions by source, target and outcome', () => {
    const conversions = (target: string, outcome: string) => valueOf(samples, 'ava_gateway_conversions_total', { source: 'gaeb', target, outcome });
    expect(conversions('ava', 'success')).toBe(1);
    expect(conversions('ava', 'client_error')).toBe(1);
    expect(conversions('gaeb', 'client_error')).toBe(1);
    expect(conversions('ava', 'server_error')).toBeUndefined();
  });

  it('counts the bytes of successful conversions: the upload in, the streamed JSON out', () => {
    expect(converted.length).toBeGreaterThan(0);
    expect(valueOf(samples, 'ava_gateway_conversion_received_bytes_total', { source: 'gaeb', target: 'ava' })).toBe(upload.payload.length);
    expect(valueOf(samples, 'ava_gateway_conversion_sent_bytes_total', { source: 'gaeb', target: 'ava' })).toBe(converted.length);
  });

  it('counts requests by route pattern and status, never by raw URL', () => {
    const count = (method: string, route: string, status: string) =>
      valueOf(samples, 'ava_gateway_http_request_duration_seconds_count', { method, route, status_code: status });
    expect(count('POST', '/connect/token', '200')).toBe(1);
    expect(count('POST', '/conversion/gaeb/ava', '200')).toBe(1);
    expect(count('POST', '/conversion/gaeb/ava', '400')).toBe(1);
    expect(count('POST', '/conversion/gaeb/gaeb', '401')).toBe(1);
    expect(count('GET', 'unmatched', '404')).toBe(1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('4711')))).toBe(false);
    const sum = valueOf(samples, 'ava_gateway_http_request_duration_seconds_sum', { method: 'POST', route: '/conversion/gaeb/ava', status_code: '200' });
    expect(sum).toBeGreaterThan(0);
  });

  it('reports the process metrics and the pool gauges (0 once the conversions are answered)', () => {
    // prom-client counts CPU time as the growth since the previous collection: present, but it may be 0 here.
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'ava_gateway_conversion_pool_queued')).toBe(0);
    expect(valueOf(samples, 'ava_gateway_conversion_pool_running')).toBe(0);
  });

  it('keeps the counts of several apps in one process apart', async () => {
    const other = await testApp();
    try {
      const fresh = await scrape(other);
      expect(valueOf(fresh, 'ava_gateway_tokens_issued_total', { grant_type: 'client_credentials' })).toBeUndefined();
      expect(valueOf(fresh, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(valueOf(await scrape(app), 'ava_gateway_tokens_issued_total', { grant_type: 'client_credentials' })).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('/metrics settings', () => {
  it('is absent when metrics.enabled is false', async () => {
    const app = await testApp({ metrics: { enabled: false } });
    try {
      expect((await app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('needs the configured bearer token when metrics.bearerToken is set', async () => {
    const secret = 'scrape-secret-0123456789';
    const app = await testApp({ metrics: { enabled: true, bearerToken: secret } });
    try {
      const anonymous = await app.inject('/metrics');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer /);
      expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-secret-0123456789' } })).statusCode).toBe(401);
      expect(valueOf(await scrape(app, { authorization: `Bearer ${secret}` }), 'ava_gateway_conversion_pool_queued')).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('metrics fed by other parts of the app', () => {
  it('counts the rate limiter\'s 429 answers on /connect/token', async () => {
    const app = await testApp({ rateLimits: { enabled: true, windowSeconds: 60, perClient: 2, perAddress: 100 } });
    try {
      const token = () => app.inject({ method: 'POST', url: '/connect/token', headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials&scope=avacloud' });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await token()).statusCode);
      expect(statuses).toEqual([200, 200, 429, 429]);
      const samples = await scrape(app);
      expect(valueOf(samples, 'ava_gateway_rate_limit_rejections_total', { route: '/connect/token' })).toBe(2);
      expect(valueOf(samples, 'ava_gateway_tokens_issued_total', { grant_type: 'client_credentials' })).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('counts 429 answers by route and reads the pool gauges from app.conversionPool', async () => {
    const app = Fastify();
    app.decorate('conversionPool', { queueSize: 3, running: 2 } as never); // a stand-in with the two getters metrics read
    installMetrics(app, { ...DEFAULT_CONFIG.metrics });
    app.post('/limited/:id', async (_request, reply) => reply.code(429).header('retry-after', '1').send({ error: 'slow down' }));
    await app.ready();
    try {
      for (const id of ['a', 'b']) expect((await app.inject({ method: 'POST', url: `/limited/${id}` })).statusCode).toBe(429);
      const samples = await scrape(app);
      expect(valueOf(samples, 'ava_gateway_rate_limit_rejections_total', { route: '/limited/:id' })).toBe(2);
      expect(valueOf(samples, 'ava_gateway_conversion_pool_queued')).toBe(3);
      expect(valueOf(samples, 'ava_gateway_conversion_pool_running')).toBe(2);
    } finally {
      await app.close();
    }
  });
});
