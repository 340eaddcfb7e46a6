/**
 * The README's conversion examples run as written: the first shell block of "## Converting" is executed by bash
 * against a started gateway (embedded defaults, nothing else running) in a temporary folder that sees the
 * repository's `examples/`; only the port is changed. The files it saves are then checked.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** tsx's loader by path: the server runs in a folder outside the repository. */
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const hasCurl = spawnSync('curl', ['--version']).status === 0;
if (!hasCurl) console.warn('README example test skipped: curl is not installed');

/** The first ```sh block after a heading. */
function shellBlock(heading: string): string {
  const at = readme.indexOf(`\n${heading}\n`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  if (at < 0 || !block) throw new Error(`README has no shell block under ${heading}`);
  return block[1];
}

async function waitForStatus(port: number): Promise<void> {
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the gateway did not start');
}

describe.skipIf(!hasCurl)('README examples', { timeout: 90_000 }, () => {
  it('the "Converting" commands run against the sample files and save what they say', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const script = shellBlock('## Converting').replaceAll('localhost:5000', `localhost:${port}`);
    const work = mkdtempSync(join(tmpdir(), 'ava-readme-'));
    symlinkSync(join(root, 'examples'), join(work, 'examples'));
    const server = spawn(process.execPath, ['--import', tsx, join(root, 'gateway/server.ts')], {
      cwd: work,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.json'), PORT: String(port), HOST: '127.0.0.1', GATEWAY_CONFIG: '', REDIS_URL: '', PUBLIC_URL: '', NODE_ENV: '' },
      stdio: 'ignore',
    });
    try {
      await waitForStatus(port);
      const run = spawnSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: work, encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const tender = JSON.parse(readFileSync(join(work, 'tender.json'), 'utf8'));
      const spec = tender.serviceSpecifications[0];
      expect(spec.exchangePhase).toBe('OfferRequest');
      expect(spec.elements.map((g: { shortText: string }) => g.shortText)).toEqual(['Erdarbeiten', 'Holzbau']);
      expect(spec.elements[1].elements[2]).toMatchObject({ shortText: 'Geräteraum', quantity: 1, unitTag: 'psch' });
      expect(spec.elements[0].elements[0].htmlLongText).toBeUndefined();
      const d83 = readFileSync(join(work, 'tender.D83'), 'latin1');
      expect(d83.slice(0, 2)).toBe('00');
      expect(d83).toContain('Oberboden abtragen');
      const x86 = readFileSync(join(work, 'ava.X86'), 'utf8');
      expect(x86).toContain('http://www.gaeb.de/GAEB_DA_XML/DA86/3.3');
      expect(x86).toContain('<Total>7276.25</Total>');
      const recalculated = JSON.parse(readFileSync(join(work, 'recalculated.json'), 'utf8'));
      expect(recalculated.serviceSpecifications[0].elements[0]).toMatchObject({ quantity: 10, unitPrice: 80, totalPrice: 800 });
      expect(existsSync(join(root, 'tender.json'))).toBe(false);
    } finally {
      server.kill('SIGTERM');
    }
  });
});

describe('README command-line examples', { timeout: 90_000 }, () => {
  it('the "Command line" commands convert the sample files', () => {
    const cli = `node --import ${tsx} ${join(root, 'gateway/cli/main.ts')}`;
    const script = shellBlock('## Command line').replaceAll('npx ava-gateway', cli);
    const work = mkdtempSync(join(tmpdir(), 'ava-readme-cli-'));
    symlinkSync(join(root, 'examples'), join(work, 'examples'));
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: work, encoding: 'utf8', timeout: 60_000, env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.json'), GATEWAY_CONFIG: '' },
    });
    expect(run.status, run.stderr).toBe(0);
    const shortTexts = (file: string) => JSON.parse(readFileSync(join(work, file), 'utf8')).serviceSpecifications[0].elements
      .flatMap((g: { elements: { shortText: string }[] }) => g.elements.map((p) => p.shortText));
    expect(shortTexts('tender.json')).toEqual(['Oberboden abtragen', 'Fundamentaushub', 'Stütze BSH 12/12', 'Dacheindeckung Trapezblech', 'Geräteraum']);
    expect(shortTexts('tender-stdin.json')).toEqual(shortTexts('tender.json'));
    expect(readFileSync(join(work, 'tender.D83'), 'latin1').slice(0, 2)).toBe('00');
    expect(readFileSync(join(work, 'out/tender.X83'), 'utf8')).toContain('DA83/3.3');
    expect(readFileSync(join(work, 'out/project.X86'), 'utf8')).toContain('DA86/3.3');
    expect(run.stdout).toContain('gaeb');
  });
});
