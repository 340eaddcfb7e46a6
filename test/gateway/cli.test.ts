import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DependencyContainer } from 'tsyringe';
import { loadConfig } from '../../config/load.js';
import { createGatewayContainer } from '../../core/di/container.js';
import { runConvert } from '../../gateway/cli/convert.js';

const X83 = `<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.2"><GAEBInfo><Version>3.2</Version><VersDate>2013-10</VersDate><Date>2026-01-01</Date></GAEBInfo>
<Award><DP>83</DP><BoQ ID="B"><BoQInfo><Name>LV</Name><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo>
<BoQBody><Itemlist><Item ID="I1" RNoPart="0010"><Qty>3.000</Qty><QU>St</QU><Description><CompleteText><DetailTxt><Text><p><span>Tür</span></p></Text></DetailTxt><OutlineText><OutlTxt><TextOutlTxt><p><span>Tür liefern</span></p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item></Itemlist></BoQBody></BoQ></Award></GAEB>`;

let container: DependencyContainer;
let dir: string;
const lines: { out: string[]; err: string[] } = { out: [], err: [] };
const io = { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l), progress: false };

beforeAll(async () => {
  container = await createGatewayContainer(loadConfig({}, { logLevel: 'silent' }));
  dir = mkdtempSync(join(tmpdir(), 'ava-cli-'));
  writeFileSync(join(dir, 'tender.dat'), X83);
  writeFileSync(join(dir, 'project.txt'), JSON.stringify({ serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'Position', quantityOverride: 2, unitPriceOverride: 3 }] }] }));
  writeFileSync(join(dir, 'notes.txt'), 'no tender here');
});

describe('ava-gateway convert', () => {
  it('detects the source from content (not the extension) and writes the target', async () => {
    const out = join(dir, 'out.json');
    expect(await runConvert([join(dir, 'tender.dat'), '--to', 'ava', '-o', out], container, io)).toBe(0);
    const project = JSON.parse(readFileSync(out, 'utf8'));
    expect(project.serviceSpecifications[0].elements[0]).toMatchObject({ shortText: 'Tür liefern', quantity: 3 });
  });

  it('passes options and converts several files into a folder', async () => {
    const outDir = join(dir, 'many');
    const code = await runConvert([join(dir, 'tender.dat'), join(dir, 'project.txt'), '--to', 'gaeb', '--option', 'DestinationGaebType=GaebXml_V3_3', '-o', outDir], container, io);
    expect(code).toBe(0);
    expect(readFileSync(join(outDir, 'tender.X83'), 'utf8')).toContain('DA83/3.3');
    expect(readFileSync(join(outDir, 'project.X86'), 'utf8')).toContain('DA86/3.3');
  });

  it('exits 1 with the message when a file fails', async () => {
    lines.err.length = 0;
    expect(await runConvert([join(dir, 'notes.txt'), '--to', 'ava', '-o', join(dir, 'x.json')], container, io)).toBe(1);
    expect(lines.err.join('\n')).toContain('not recognised');
    lines.err.length = 0;
    expect(await runConvert([join(dir, 'tender.dat'), '--to', 'gaeb', '--option', 'DestinationGaebType=Nope'], container, io)).toBe(1);
    expect(lines.err.join('\n')).toContain('DestinationGaebType');
    expect(await runConvert([join(dir, 'tender.dat')], container, io)).toBe(1);
  });

  it('runs as the installed bin', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    if (!existsSync(join(root, 'dist/gateway/cli/main.js'))) return void console.warn('bin test skipped: run npm run build first');
    const out = join(dir, 'bin.json');
    execFileSync(process.execPath, [join(root, 'bin/ava-gateway.js'), 'convert', join(dir, 'tender.dat'), '--to', 'ava', '-o', out], { env: { ...process.env, GATEWAY_CONFIG: '' } });
    expect(JSON.parse(readFileSync(out, 'utf8')).serviceSpecifications[0].exchangePhase).toBe('OfferRequest');
    let failed: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [join(root, 'bin/ava-gateway.js'), 'convert', join(dir, 'notes.txt'), '--to', 'ava'], { stdio: 'pipe' });
    } catch (err) {
      failed = { status: (err as { status: number }).status, stderr: String((err as { stderr: Buffer }).stderr) };
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stderr).toContain('not recognised');
  });
});
