// The command as a process: standard input and output through real pipes, exit codes, and nothing written to the
// working folder besides the outputs (no signing keys). Few spawns: each one costs about a second.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKEN_GAEB, fixture, gaebXml, tempDir, written } from './cli-support.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;

/** Runs gateway/cli/main.ts from sources in `cwd` (a temporary folder, so tsx is given by URL and the tsconfig by path). */
function cli(args: string[], cwd: string, input?: Buffer) {
  return spawnSync(process.execPath, ['--import', tsx, join(root, 'gateway/cli/main.ts'), ...args], {
    cwd,
    input,
    env: { ...process.env, GATEWAY_CONFIG: '', TSX_TSCONFIG_PATH: join(root, 'tsconfig.json') },
    timeout: 60_000,
  });
}

afterEach(() => {
  const inputs = [...written];
  written.clear();
  for (const [path, bytes] of inputs) expect(readFileSync(path).equals(bytes), `${path} changed`).toBe(true);
});

describe('ava-gateway as a process', () => {
  it('pipes standard input to standard output and writes nothing in the working folder', () => {
    const cwd = tempDir();
    const run = cli(['-', '-t', 'ava', '-o', '-'], cwd, Buffer.from(gaebXml()));
    expect(run.stderr.toString()).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.toString('utf8')).serviceSpecifications[0].elements[0].shortText).toBe('Tür liefern');
    expect(readdirSync(cwd)).toEqual([]); // in particular no .dev-keys
  });

  it('exits 1 when one of several files fails, writing the others beside their inputs, with the summary', () => {
    const cwd = tempDir();
    fixture(cwd, 'a.X83', gaebXml());
    fixture(cwd, 'b.X83', BROKEN_GAEB);
    const run = cli(['a.X83', 'b.X83', '-t', 'ava'], cwd);
    expect(run.status).toBe(1);
    const stderr = run.stderr.toString();
    expect(stderr).toMatch(/^\[ERROR\] GW_ERR_PARSE b\.X83: /m);
    expect(stderr.trim().split('\n').at(-1)).toBe('converted 1, failed 1, messages 0');
    expect(readdirSync(cwd).sort()).toEqual(['a.X83', 'a.ava.json', 'b.X83']);
  });

  it.skipIf(!existsSync(join(root, 'dist/gateway/cli/main.js')))('runs as the installed bin (after npm run build)', () => {
    const cwd = tempDir();
    const run = spawnSync(process.execPath, [join(root, 'bin/ava-gateway.js'), '--version'], { cwd });
    expect(run.status).toBe(0);
    expect(run.stdout.toString()).toMatch(/^ava-gateway \d+\.\d+\.\d+/);
    expect(readdirSync(cwd)).toEqual([]);
  });
});
