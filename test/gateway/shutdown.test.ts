import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request, type IncomingMessage } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/app.js';
import { sampleX83 } from '../support/sample-x83.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = join(root, 'gateway/server.ts');

const X83 = sampleX83({ project: 'Shutdown test' });

/** A spawned gateway with its parsed JSON log lines; `logged(test)` resolves at the first line passing `test`. */
function startGateway(env: Record<string, string> = {}) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', GATEWAY_CONFIG: '', REDIS_URL: '', ...env },
  }) as ChildProcessWithoutNullStreams;
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ test: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }> = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text);
    } catch {
      return;
    }
    lines.push(line);
    for (const w of waiters.filter((w) => w.test(line))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const logged = (test: (l: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const hit = lines.find(test);
      if (hit) resolve(hit);
      else waiters.push({ test, resolve });
    });
  return { child, port, base: `http://127.0.0.1:${port}`, lines, logged, exited };
}

/** A client_credentials access token of the embedded local client. */
async function fetchToken(base: string): Promise<string> {
  const res = await fetch(`${base}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}` },
    body: 'grant_type=client_credentials&scope=avacloud',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

let running: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
});

const text = async (res: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe('SIGTERM (gateway/server.ts)', { timeout: 90_000 }, () => {
  it('finishes a slow upload that is in flight (also through a second signal), refuses new connections, and exits with code 0', async () => {
    const gw = startGateway();
    running = gw.child;
    await gw.logged((l) => String(l.msg).startsWith('Server listening'));
    const token = await fetchToken(gw.base);

    // A keep-alive client, as browsers and HTTP libraries are: the drain must not wait for its idle socket.
    const agent = new Agent({ keepAlive: true });
    const { payload, headers } = multipartBody('gaebFile', 'slow.X83', X83);
    const upload = request(`${gw.base}/conversion/gaeb/ava`, {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-length': String(payload.length), authorization: `Bearer ${token}`, 'x-request-id': 'slow-upload' },
    });
    const answered = once(upload, 'response') as Promise<[IncomingMessage]>;
    const half = Math.floor(payload.length / 2);
    upload.write(payload.subarray(0, half));
    await gw.logged((l) => l.requestId === 'slow-upload' && l.msg === 'incoming request');

    gw.child.kill('SIGTERM');
    await gw.logged((l) => String(l.msg).startsWith('shutting down'));
    // A repeated signal (npm forwards the one the terminal also sent) does not cut the drain short.
    gw.child.kill('SIGINT');
    await gw.logged((l) => String(l.msg).startsWith('already shutting down'));
    // The listening socket closes: new connections are refused while the upload is still open.
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      refused = await fetch(`${gw.base}/status`).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe(true);
    expect(gw.child.exitCode).toBeNull();

    upload.end(payload.subarray(half));
    const [res] = await answered;
    const body = await text(res);
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(body).serviceSpecifications[0].elements.length).toBeGreaterThan(0);
    const [code, signal] = await gw.exited;
    agent.destroy();
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(gw.lines.some((l) => l.msg === 'shut down')).toBe(true);
  });

  it('exits with code 1 and says so when an in-flight request outlasts shutdownGraceSeconds', async () => {
    const config = join(mkdtempSync(join(tmpdir(), 'ava-shutdown-')), 'gateway.json');
    writeFileSync(config, JSON.stringify({ shutdownGraceSeconds: 0.5 }));
    const gw = startGateway({ GATEWAY_CONFIG: config });
    running = gw.child;
    await gw.logged((l) => String(l.msg).startsWith('Server listening'));
    const token = await fetchToken(gw.base);
    // An upload that never finishes: the conversion route waits for the rest of the body.
    const { payload, headers } = multipartBody('gaebFile', 'stuck.X83', X83);
    const stuck = request(`${gw.base}/conversion/gaeb/ava`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length), authorization: `Bearer ${token}`, 'x-request-id': 'stuck' },
    });
    stuck.on('error', () => {});
    stuck.write(payload.subarray(0, 10));
    await gw.logged((l) => l.requestId === 'stuck' && l.msg === 'incoming request');
    gw.child.kill('SIGTERM');
    const [code] = await gw.exited;
    stuck.destroy();
    expect(code).toBe(1);
    expect(gw.lines.some((l) => String(l.msg).includes('did not finish within shutdownGraceSeconds'))).toBe(true);
  });
});
