/**
 * A client that closes the connection in the middle of an upload (a browser tab closed, a network dropped) is the
 * client's doing: the gateway answers it as a 400 `GW_ERR_INPUT` (which reaches nobody) and writes no error to its
 * log — before, the socket's ECONNRESET "aborted" went to the 500 handler as an "unhandled error", one for each
 * upload broken off. Over a real socket, as only a real connection can be closed midway.
 */
import 'reflect-metadata';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { buildApp } from '../../gateway/app.js';
import { logLines } from '../support/log-lines.js';

const { stream, lines } = logLines<{ level: number; msg?: string; err?: { code?: string } }>();
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  const container = await createGatewayContainer(loadConfig({}, { logLevel: 'info', auth: { requireTokenForConversions: false } }));
  app = await buildApp({ container, logger: { level: 'info', stream } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** Sends the head of a multipart upload announcing 100 kB, then closes the connection; resolves once the server had time to see it. */
function uploadBrokenOff(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('POST /conversion/gaeb/ava HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
        'Content-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="gaebFile"; filename="a.x83"\r\n\r\n<GAEB>');
      setTimeout(() => socket.destroy(), 200);
    });
    socket.on('close', () => setTimeout(resolve, 300));
  });
}

describe('an upload the client broke off', () => {
  it('is logged as the client\'s, not as a server error', async () => {
    const from = lines.length;
    await uploadBrokenOff();
    const logs = lines.slice(from);
    expect(logs.some((l) => l.msg === 'incoming request')).toBe(true);
    expect(logs.filter((l) => l.level >= 50).map((l) => `${l.msg} ${l.err?.code ?? ''}`)).toEqual([]);
  });
});
