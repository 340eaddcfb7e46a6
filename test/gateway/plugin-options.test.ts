/**
 * Options a plugin declares itself (contract 1.1) reach everything generated from options: the route's query
 * schema and the OpenAPI document, the 400 for a bad value, the values the plugin receives, the CLI's option
 * check and listing, and the README tables (built-in plugins only). Fixture: test/fixtures/customer-plugin-options.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { runCli } from '../../gateway/cli/convert.js';
import { createConversionContainer } from '../../gateway/composition-root.js';
import { renderOptionTables } from '../../gateway/docs/option-tables.js';
import { ConversionPool } from '../../gateway/pool/conversion-pool.js';
import { builtinFormatPlugins } from '../../plugins/index.js';
import { multipartBody, testApp } from '../support/app.js';
import { capture, fixture, tempDir } from './cli-support.js';

const LV_LINES = fileURLToPath(new URL('../fixtures/customer-plugin-options/lv-lines.mjs', import.meta.url));
const LINES = 'itemNumber;shortText;quantity;unit;unitPrice\n0010;Concrete wall;12.5;m2;80\n0020;broken line\n';

describe('plugin options over HTTP', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ plugins: [LV_LINES], auth: { requireTokenForConversions: false } });
  });
  afterAll(() => app.close());

  const convert = (query: string, body = LINES) =>
    app.inject({ method: 'POST', url: `/conversion/lv-lines/lv-lines${query}`, ...multipartBody('linesFile', 'lv.txt', body) });

  it('the OpenAPI document lists them on the routes they belong to, with enum, default and description', async () => {
    const doc = (await app.inject('/swagger/v1/swagger.json')).json();
    const params = (path: string) => doc.paths[path].post.parameters as Array<{ name: string; in: string; description: string; schema: Record<string, unknown> }>;
    expect(params('/conversion/lv-lines/lv-lines').map((p) => p.name)).toEqual(['FieldSeparator', 'LineEnding', 'WriteHeaderRow']);
    const lineEnding = params('/conversion/lv-lines/lv-lines').find((p) => p.name === 'LineEnding')!;
    expect(lineEnding.in).toBe('query');
    expect(lineEnding.description).toBe('How lines end: LF (Unix) or CRLF (Windows).');
    expect(lineEnding.schema).toMatchObject({ type: 'string', default: 'LF', enum: ['LF', 'CRLF'] });
    expect(params('/conversion/lv-lines/gaeb').map((p) => p.name)).toContain('FieldSeparator');
    expect(params('/conversion/lv-lines/gaeb').map((p) => p.name)).not.toContain('LineEnding');
    expect(params('/conversion/gaeb/ava').map((p) => p.name)).not.toContain('FieldSeparator');
  });

  it('the plugin receives their values (names and enum values ignoring case) and its defaults otherwise', async () => {
    const plain = await convert('');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('itemNumber;shortText;quantity;unit;unitPrice\n0010;Concrete wall;12.5;m2;80\n');
    const tabbed = await convert('?fieldseparator=TAB&LineEnding=crlf&WriteHeaderRow=False', LINES.replaceAll(';', '\t'));
    expect(tabbed.statusCode).toBe(200);
    expect(tabbed.body).toBe('0010\tConcrete wall\t12.5\tm2\t80\r\n');
  });

  it('a value the option does not allow answers 400 naming the option', async () => {
    const res = await convert('?LineEnding=Mac');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'GW_ERR_OPTION', errors: { LineEnding: ['The value "Mac" is not valid for LineEnding; allowed: LF, CRLF.'] } });
    const flag = await convert('?WriteHeaderRow=maybe');
    expect(flag.statusCode).toBe(400);
    expect(flag.json().errors.WriteHeaderRow[0]).toContain('allowed: true, false');
  });
});

describe('plugin options on the command line', () => {
  let services: () => Promise<{ registry: FormatRegistry; createConverter: () => Promise<ConversionPool> }>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const config = loadConfig({ GATEWAY_CONFIG: '' }, { logLevel: 'silent', plugins: [LV_LINES] });
    const container = await createConversionContainer(config);
    const converter = await ConversionPool.create(config, { threads: 0, container });
    services = async () => ({ registry: container.resolve(FormatRegistry), createConverter: async () => converter });
    close = () => converter.close();
  });
  afterAll(() => close());

  async function cli(argv: string[]) {
    const out = capture();
    const err = capture();
    const code = await runCli(argv, { stdout: out.stream, stderr: err.stream, readStdin: async () => Buffer.alloc(0) }, services);
    return { code, stdout: out.text(), stderr: err.text() };
  }

  it('accepts --option Name=value for them and hands the value to the plugin', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'lv.txt', LINES.replaceAll(';', ','));
    const run = await cli([input, '-f', 'lv-lines', '-t', 'lv-lines', '--option', 'FieldSeparator=comma', '--option', 'writeheaderrow=false', '-o', join(dir, 'out.lines')]);
    expect(run.stderr).toContain('LVLINES_LINE_SKIPPED');
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, 'out.lines'), 'utf8')).toBe('0010,Concrete wall,12.5,m2,80\n');
  });

  it('refuses an unknown option and a bad value of a plugin option (exit 2), listing what the route takes', async () => {
    const dir = tempDir();
    const input = fixture(dir, 'lv.txt', LINES);
    const unknown = await cli([input, '-f', 'lv-lines', '-t', 'lv-lines', '--option', 'Delimiter=Tab']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown option "Delimiter"; lv-lines → lv-lines takes FieldSeparator, LineEnding, WriteHeaderRow');
    const bad = await cli([input, '-f', 'lv-lines', '-t', 'lv-lines', '--option', 'LineEnding=Mac']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('The value "Mac" is not valid for LineEnding; allowed: LF, CRLF.');
    // An option of the writer only is no option of a route ending elsewhere.
    const elsewhere = await cli([input, '-f', 'lv-lines', '-t', 'ava', '--option', 'LineEnding=CRLF']);
    expect(elsewhere.code).toBe(2);
  });

  it('--list-formats lists them with their values and defaults', async () => {
    const run = await cli(['--list-formats']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/-f lv-lines\s+-t lv-lines\s+options: FieldSeparator, LineEnding, WriteHeaderRow$/m);
    expect(run.stdout).toMatch(/^ {2}LineEnding\s+one of LF, CRLF; default LF$/m);
    expect(run.stdout).toMatch(/^ {2}WriteHeaderRow\s+true or false; default true$/m);
  });
});

describe('README option tables', () => {
  it("list a plugin's own options per side, and only the built-in plugins' in the README", async () => {
    const { default: lvLines } = await import(LV_LINES);
    const withFixture = renderOptionTables([...builtinFormatPlugins, lvLines]);
    expect(withFixture).toContain('**Plugin `lv-lines` as source** (LV lines)');
    expect(withFixture).toContain('**Plugin `lv-lines` as target** (LV lines)');
    expect(withFixture).toContain('| `LineEnding` | string | `LF` | `LF`, `CRLF` | How lines end: LF (Unix) or CRLF (Windows). |');
    expect(withFixture.startsWith(renderOptionTables())).toBe(true);
    expect(renderOptionTables()).not.toContain('lv-lines');
  });
});
