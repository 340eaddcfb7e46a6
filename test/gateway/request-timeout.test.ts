/**
 * `limits.requestSeconds`: a request whose body trickles in is cut off (408 and the connection closed) instead of
 * holding a connection and its upload buffer for ever (fastify's own default is no limit), and the server goes on
 * serving. Runs the app on a real listening socket, since `app.inject` has no sockets and no timeouts.
 */
import 'reflect-metadata';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app.js';

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await testApp({ limits: { requestSeconds: 1 }, auth: { requireTokenForConversions: false }, pool: { threads: 1 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** Sends the head of an upload and one byte of its body, then nothing; resolves with what came back and when. */
function trickle(): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => void (answer += d));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    socket.write('POST /conversion/gaeb/ava HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n-');
    // a fallback so that a server without the limit fails the test instead of hanging it
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

describe('limits.requestSeconds', { timeout: 30_000 }, () => {
  it('cuts off an upload that does not arrive within the limit with 408, and goes on serving', async () => {
    const { answer, closedAfterMs } = await trickle();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(5_000);
    const status = await fetch(`http://127.0.0.1:${port}/status`);
    expect(status.status).toBe(200);
  });

  it('refuses a value that is not a positive number at start-up, naming the key', async () => {
    await expect(testApp({ limits: { requestSeconds: 0 } })).rejects.toThrow(/limits\.requestSeconds/);
  });
});
