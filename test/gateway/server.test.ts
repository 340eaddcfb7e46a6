import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = join(root, 'gateway/server.ts');
const tmp = mkdtempSync(join(tmpdir(), 'ava-server-'));

describe('npm start (gateway/server.ts)', { timeout: 90_000 }, () => {
  it('stops start-up with a message naming the bad configuration key', () => {
    const file = join(tmp, 'bad.json');
    writeFileSync(file, JSON.stringify({ limits: { uploadByte: 1 } }));
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], { cwd: root, env: { ...process.env, GATEWAY_CONFIG: file }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('limits.uploadByte: unknown key');
  });

  it('listens on PORT with the embedded defaults and answers /status', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ['--import', 'tsx', server], { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', GATEWAY_CONFIG: '', REDIS_URL: '' }, stdio: 'ignore' });
    try {
      let status: unknown;
      for (let i = 0; i < 100 && status === undefined; i++) {
        await new Promise((r) => setTimeout(r, 200));
        status = await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.json(), () => undefined);
      }
      expect(status).toMatchObject({ isHealthy: true, environment: 'Development' });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
