import { linkSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { optionNamesOf } from '../../core/options/catalog.js';
import { PACKAGE } from '../../core/package-info.js';
import { parseError } from '../../core/errors.js';
import type { Converter } from '../../gateway/cli/converter.js';
import { writeFileAtomic } from '../../gateway/cli/output.js';
import { BROKEN_GAEB, fixture, gaebXml, run, services, tempDir, written } from './cli-support.js';

afterEach(() => {
  // Whatever a run did, every input file is byte for byte what the test wrote.
  const inputs = [...written];
  written.clear();
  for (const [path, bytes] of inputs) expect(readFileSync(path).equals(bytes), `${path} changed`).toBe(true);
});

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('converting files', () => {
  it('detects the source from the content, not the extension, and writes the -o file', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'tender.dat', gaebXml());
    const r = await run(['convert', input, '--to', 'ava', '-o', join(dir, 'out.json')]);
    expect(r.code).toBe(0);
    expect(json(join(dir, 'out.json')).serviceSpecifications[0].elements[0]).toMatchObject({ shortText: 'Tür liefern', quantity: 3 });
    expect(r.stderr).toContain('tender.dat (gaeb) →');
    expect(readdirSync(dir).sort()).toEqual(['out.json', 'tender.dat']);
  });

  it('takes the pandoc form without the command word, and --out as an alias of -o', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml());
    expect((await run([input, '-t', 'ava', '--out', join(dir, 'a.json')])).code).toBe(0);
    expect(json(join(dir, 'a.json')).serviceSpecifications[0].exchangePhase).toBe('OfferRequest');
  });

  it('writes beside the input under the writer\'s extension when no -o is given', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml());
    const r = await run([input, '-t', 'ava']);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['LV.X83', 'LV.ava.json']);
    expect(json(join(dir, 'LV.ava.json')).serviceSpecifications[0].elements[0].shortText).toBe('Tür liefern');
  });

  it('refuses a default output name that is the input itself (exit 2, nothing written), and converts when the name differs', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml());
    const same = await run(['convert', input, '--to', 'gaeb']); // DA XML 3.2 of a DP 83 file: LV.X83 again
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/would overwrite the input .*LV\.X83.*-o/);
    expect(readdirSync(dir)).toEqual(['LV.X83']); // no temporary file left either
    const other = await run([input, '-t', 'gaeb', '--option', 'DestinationGaebType=Gaeb90']);
    expect(other.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['LV.D83', 'LV.X83']);
  });

  it('refuses -o naming an input, also through a symbolic or hard link, before converting anything', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml());
    symlinkSync(input, join(dir, 'link.X83'));
    linkSync(input, join(dir, 'hard.X83'));
    for (const out of [input, `${dir}/./LV.X83`, join(dir, 'link.X83'), join(dir, 'hard.X83')]) {
      const r = await run([input, '-t', 'gaeb', '-o', out, '--force']);
      expect(r.code, out).toBe(2);
      expect(r.stderr).toContain('is the input');
      expect(r.converts).toBe(0);
    }
    // Converting the second of two inputs into the first one's file is refused as well.
    const second = fixture(dir, 'other.X83', gaebXml({ text: 'anders' }));
    const r = await run([second, input, '-t', 'gaeb', '-o', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${second}: the output ${second} would overwrite the input ${second}`);
    expect(r.stderr).toContain(`${input}: the output ${input} would overwrite the input ${input}`);
  });

  it('refuses two inputs whose outputs would share a name, naming both, before converting; --force allows it', async () => {
    const dir = tempDir();
    const a = fixture(tempDir(), 'LV.X83', gaebXml({ text: 'erstes' }));
    const b = fixture(tempDir(), 'LV.X83', gaebXml({ text: 'zweites' }));
    const out = join(dir, 'out');
    const refused = await run([a, b, '-t', 'ava', '-o', out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(a);
    expect(refused.stderr).toContain(b);
    expect(refused.converts).toBe(0);
    expect(readdirSync(dir)).toEqual([]); // the output folder was not even created
    const forced = await run([a, b, '-t', 'ava', '-o', out, '--force'], { concurrency: 1 });
    expect(forced.code).toBe(0);
    expect(readdirSync(out)).toEqual(['LV.ava.json']);
    expect(json(join(out, 'LV.ava.json')).serviceSpecifications[0].elements[0].shortText).toBe('zweites');
  });

  it('converts several files into a folder with the options, and prints the summary', async () => {
    const dir = tempDir();
    const tender = fixture(dir, 'tender.dat', gaebXml());
    const project = fixture(dir, 'project.txt', JSON.stringify({ serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'Position', quantityOverride: 2, unitPriceOverride: 3 }] }] }));
    const r = await run([tender, project, '--to', 'gaeb', '--option', 'DestinationGaebType=GaebXml_V3_3', '-o', join(dir, 'many')]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'many/tender.X83'), 'utf8')).toContain('DA83/3.3');
    expect(readFileSync(join(dir, 'many/project.X86'), 'utf8')).toContain('DA86/3.3');
    const messages = r.stderr.split('\n').filter((l) => /^\[(INFO|WARNING)\] \w+/.test(l)).length;
    expect(r.stderr.trim().split('\n').at(-1)).toBe(`converted 2, failed 0, messages ${messages}`);
  });

  it('exits 1 when a conversion fails, still writing the others, with [ERROR] lines and the summary', async () => {
    const dir = tempDir();
    const good = fixture(dir, 'a.X83', gaebXml());
    const broken = fixture(dir, 'b.X83', BROKEN_GAEB);
    const notes = fixture(dir, 'c.txt', 'no tender here');
    const good2 = fixture(dir, 'd.X86', gaebXml({ dp: '86' }));
    const r = await run([good, broken, notes, good2, '-t', 'ava', '-o', join(dir, 'out')]);
    expect(r.code).toBe(1);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['a.ava.json', 'd.ava.json']);
    expect(r.stderr).toMatch(new RegExp(`^\\[ERROR\\] GW_ERR_PARSE ${broken}: `, 'm'));
    expect(r.stderr).toMatch(new RegExp(`^\\[ERROR\\] GW_ERR_INPUT ${notes}: the format was not recognised`, 'm'));
    expect(r.stderr.trim().split('\n').at(-1)).toBe('converted 2, failed 2, messages 0');
  });

  it('leaves an existing output untouched when its conversion fails', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml());
    const previous = fixture(dir, 'LV.ava.json', '{"kept":true}');
    const failing: Converter = { convert: async () => Promise.reject(parseError('broken on purpose')), close: async () => {} };
    const r = await run([input, '-t', 'ava', '-o', previous], { converter: failing });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('[ERROR] GW_ERR_PARSE');
    expect(readdirSync(dir).sort()).toEqual(['LV.X83', 'LV.ava.json']);
  });

  it('reports an output that cannot be written as a failure and leaves no temporary file', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml());
    const blocker = fixture(dir, 'file', 'not a folder');
    const r = await run([input, '-t', 'ava', '-o', join(blocker, 'out.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^\[ERROR\] E\w+ .*LV\.X83: /m);
    // The rename onto a non-empty folder fails: the folder stays as it was and the temporary file is removed.
    mkdirSync(join(dir, 'taken', 'inner'), { recursive: true });
    await expect(writeFileAtomic(join(dir, 'taken'), Buffer.from('x'))).rejects.toThrow();
    expect(readdirSync(dir).sort()).toEqual(['LV.X83', 'file', 'taken']);
    expect(readdirSync(join(dir, 'taken'))).toEqual(['inner']);
    await writeFileAtomic(join(dir, 'file'), Buffer.from('replaced'));
    expect(readFileSync(join(dir, 'file'), 'utf8')).toBe('replaced');
    written.delete(blocker);
    expect(readdirSync(dir).sort()).toEqual(['LV.X83', 'file', 'taken']);
  });

  it('prints conversion messages as [LEVEL] <code> <item>: <text>', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml({ itemLeaves: '<Qty>drei</Qty><TimeQu>1.5</TimeQu>' }));
    const r = await run([input, '-t', 'ava', '-o', join(dir, 'out.json')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("[WARNING] GAEB_INVALID_NUMBER 0010: Qty 'drei' is not a decimal number and was ignored.");
    expect(r.stderr).toContain('[INFO] GAEB_TIME_QUANTITY_DROPPED 0010: TimeQu (time per unit) was dropped.');
    const several = await run([input, input, '-t', 'ava', '-o', join(dir, 'o'), '--force']);
    expect(several.stderr).toContain(`[WARNING] GAEB_INVALID_NUMBER 0010: Qty 'drei' is not a decimal number and was ignored. (${input})`);
    expect(several.stderr.trim().split('\n').at(-1)).toBe('converted 2, failed 0, messages 4');
  });

  it('lets -f override content detection', async () => {
    const dir = tempDir();
    // A project whose opening brace lies beyond the bytes the ava reader's detection looks at.
    const padded = fixture(dir, 'padded.json', `${' '.repeat(100)}{"serviceSpecifications":[{"elements":[{"elementTypeDiscriminator":"Position","shortText":"Wand"}]}]}`);
    const detected = await run([padded, '-t', 'ava', '-o', join(dir, 'x.json')]);
    expect(detected.code).toBe(1);
    expect(detected.stderr).toContain('not recognised');
    const named = await run([padded, '-f', 'ava', '-t', 'ava', '-o', join(dir, 'x.json')]);
    expect(named.code).toBe(0);
    expect(json(join(dir, 'x.json')).serviceSpecifications[0].elements[0].shortText).toBe('Wand');
    // And the other way round: a GAEB file read as a project fails although detection would have read it.
    const gaeb = fixture(dir, 'LV.X83', gaebXml());
    const wrong = await run([gaeb, '--from', 'ava', '-t', 'ava', '-o', join(dir, 'y.json')]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('GW_ERR_PARSE');
  });

  it('reads - from standard input and writes -o - to standard output, and stdin without -o goes to stdout', async () => {
    const stdin = Buffer.from(gaebXml());
    for (const argv of [['-', '-t', 'ava', '-o', '-'], ['convert', '-', '--to', 'ava']]) {
      const r = await run(argv, { stdin });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout.toString('utf8')).serviceSpecifications[0].elements[0].shortText).toBe('Tür liefern');
      expect(r.stderr).toBe('');
    }
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml());
    const r = await run([input, '-t', 'gaeb', '--option', 'DestinationGaebType=GaebXml_V3_3', '-o', '-']);
    expect(r.stdout.toString('utf8')).toContain('DA83/3.3');
    expect(readdirSync(dir)).toEqual(['LV.X83']);
  });

  it('runs conversions concurrently, at most the given number at a time', async () => {
    const dir = tempDir();
    const inputs = ['a', 'b', 'c', 'd', 'e'].map((n) => fixture(dir, `${n}.X83`, gaebXml()));
    const { converter } = await services();
    let inFlight = 0;
    let most = 0;
    const observing: Converter = {
      async convert(req) {
        most = Math.max(most, ++inFlight);
        // Hold each conversion until three are in flight (or a thousand event-loop turns passed, for a serial run).
        for (let turn = 0; turn < 1000 && inFlight < 3; turn++) await new Promise((r) => setImmediate(r));
        try {
          return await converter.convert(req);
        } finally {
          inFlight--;
        }
      },
      close: async () => {},
    };
    const r = await run([...inputs, '-t', 'ava', '-o', join(dir, 'out')], { converter: observing, concurrency: 3 });
    expect(r.code).toBe(0);
    expect(most).toBe(3);
    expect(readdirSync(join(dir, 'out')).length).toBe(5);
  });

  it('draws a progress bar on a terminal that counts each file once, failures included', async () => {
    const dir = tempDir();
    const inputs = [fixture(dir, 'a.X83', gaebXml()), fixture(dir, 'b.X83', BROKEN_GAEB), fixture(dir, 'c.X83', BROKEN_GAEB), fixture(dir, 'd.X83', gaebXml())];
    const r = await run([...inputs, '-t', 'ava', '-o', join(dir, 'out')], { tty: true, concurrency: 1 });
    expect(r.code).toBe(1);
    const counts = [...r.stderr.matchAll(/converting \[[^\]]*\] (\d+)\/(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every(([value, total]) => total === 4 && value <= 4)).toBe(true);
    expect(counts.at(-1)).toEqual([4, 4]);
    expect(r.stderr).toContain(`[ERROR] GW_ERR_PARSE ${inputs[1]}`);
    expect(r.stderr).not.toContain('(gaeb) →'); // per-file lines only without the bar
    expect(r.stderr.trim().split('\n').at(-1)).toBe('converted 2, failed 2, messages 0');
  });
});

describe('usage', () => {
  it('--help and --version exit 0 on stdout', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--from', '--to', '--output', '--option', '--force', '--list-formats', '--version']) expect(help.stdout.toString()).toContain(flag);
    const version = await run(['-t', 'ava', '--version']);
    expect(version).toMatchObject({ code: 0, stderr: '' });
    expect(version.stdout.toString()).toBe(`ava-gateway ${PACKAGE.version}\n`);
  });

  it('--list-formats lists every plugin with what it reads and writes, and each route with its options', async () => {
    const { registry } = await services();
    const r = await run(['--list-formats']);
    expect(r.code).toBe(0);
    const text = r.stdout.toString();
    for (const p of registry.plugins) {
      const does = [p.reader && 'reads', p.writer && 'writes'].filter(Boolean).join(', ');
      expect(text).toMatch(new RegExp(`^${p.id}\\s+${p.name.replace(/[()]/g, '\\$&')}\\s+${does}$`, 'm'));
    }
    for (const route of registry.routes) {
      // the groups' options, then those the plugins declare themselves (reb's DestinationRebType …)
      const names = optionNamesOf(route.optionGroups);
      expect(route.options.map((o) => o.name).slice(0, names.length)).toEqual(names);
      expect(text).toMatch(new RegExp(`-f ${route.source.id}\\s+-t ${route.target.id}\\s+options: ${route.options.map((o) => o.name).join(', ')}$`, 'm'));
    }
  });

  it('an unknown option name is a usage error listing the route\'s options; a bad value names the allowed ones', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml());
    const unknown = await run([input, '-t', 'gaeb', '--option', 'DestinationType=Gaeb90']);
    expect(unknown.code).toBe(2);
    expect(unknown.converts).toBe(0);
    const { registry } = await services();
    expect(unknown.stderr).toContain('unknown option "DestinationType"');
    expect(unknown.stderr).toContain(`gaeb → gaeb takes ${optionNamesOf(registry.route('gaeb', 'gaeb').optionGroups).join(', ')}`);
    // An option of the catalogue that this route does not take is unknown here too.
    expect((await run([input, '-t', 'ava', '--option', 'DestinationGaebType=Gaeb90'])).code).toBe(2);
    const value = await run([input, '-t', 'gaeb', '--option', 'DestinationGaebType=Nope']);
    expect(value.code).toBe(2);
    expect(value.stderr).toContain('allowed: Gaeb90');
    expect(readdirSync(dir)).toEqual(['LV.X83']);
  });

  it.each([
    [['convert', 'x.X83'], 'target format is missing'],
    [['-t', 'ava'], 'no input given'],
    [['x.X83', '-t', 'ava', '--bogus'], "Unknown option '--bogus'"],
    [['x.X83', '-t', 'nope'], 'unknown target "nope"; the targets are ava, gaeb'],
    [['x.X83', '-t', 'ava', '-f', 'nope'], 'unknown source "nope"'],
    [['x.X83', '-t', 'ava', '--option', 'WritePrices'], '--option expects Name=value'],
    [['-', 'x.X83', '-t', 'ava'], 'standard input (-) can only be converted on its own'],
    [['a.X83', 'b.X83', '-t', 'ava', '-o', '-'], '-o - (standard output) takes one input only'],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain("Try 'ava-gateway --help'");
  });

  it('a missing input is a usage error before anything is converted', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'LV.X83', gaebXml());
    const r = await run([input, join(dir, 'missing.X83'), '-t', 'ava']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing.X83: no such file');
    expect(r.converts).toBe(0);
    expect(readdirSync(dir)).toEqual(['LV.X83']);
  });
});
