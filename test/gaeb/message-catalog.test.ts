/**
 * Messages are declared once: every conversion message code the plugins use sits in their catalogue with its
 * severity and meaning. Checked three ways:
 * - types: the report helpers take only catalogue codes (`GaebMessageCode`), so a typo fails `tsc` (the
 *   `@ts-expect-error` lines below fail `tsc` as soon as a helper accepts any string again);
 * - source: every UPPER_SNAKE string literal outside comments under plugins/ and core/ is a declared message code,
 *   a gateway error code (`ERROR_CODES`) or the OAuth token type `N_A` — this also covers the few messages built
 *   as plain objects (`sink.report({ code: … })`) that no helper type sees — and every declared code is used;
 * - runtime: every message of converting the GAEB fixtures to ava and to every GAEB destination has a code and
 *   a severity the reporting plugin's catalogue (`FormatPlugin.messages`) declares (`undeclaredMessages`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../core/errors.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { MessageCollector, OncePerItemReporter, severitiesOf, type ConversionMessage } from '../../core/pipeline/messages.js';
import { undeclaredMessages } from '../../core/plugin/messages.js';
import type { ConversionRoute } from '../../core/registry/format-registry.js';
import { MESSAGE_CATALOGUES } from '../../gateway/docs/message-tables.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { ReaderReport } from '../../plugins/gaeb/xml/reader/report.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const declared = new Map(MESSAGE_CATALOGUES.flatMap((c) => Object.entries(c.messages)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs|js)$/.test(name) ? [path] : [];
  });
}

/** UPPER_SNAKE string literals of a source text, comments removed. */
function upperSnakeLiterals(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/(['"`])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\1/g)].map((m) => m[2]);
}

const NOT_MESSAGES = new Set<string>([...Object.keys(ERROR_CODES), 'N_A']);
const used = new Map<string, string[]>();
for (const file of [...sourceFiles(join(ROOT, 'plugins')), ...sourceFiles(join(ROOT, 'core'))]) {
  for (const literal of upperSnakeLiterals(readFileSync(file, 'utf8'))) {
    if (NOT_MESSAGES.has(literal)) continue;
    used.set(literal, [...(used.get(literal) ?? []), file.slice(ROOT.length)]);
  }
}

describe('message catalogues', () => {
  it('every code the source uses is declared in a catalogue', () => {
    const undeclared = [...used].filter(([code]) => !declared.has(code)).map(([code, files]) => `${code} (${files.join(', ')})`);
    expect(undeclared).toEqual([]);
    expect(used.size).toBeGreaterThan(100);
  });

  it('every declared code is used, has a known severity and a one-sentence meaning', () => {
    for (const [code, spec] of declared) {
      expect(used.has(code), `${code} is declared but never used`).toBe(true);
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/);
      for (const s of severitiesOf(spec)) expect(['error', 'warning', 'info']).toContain(s);
      expect(spec.meaning).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('the report helpers take only declared codes (checked by tsc)', () => {
    const sink = new MessageCollector();
    const report = new ReaderReport(sink);
    // @ts-expect-error a code no catalogue declares
    report.report('GAEB_NO_SUCH_CODE', 'info', 'x');
    report.report('GAEB_NO_BOQ', 'warning', 'x');
    expect(sink.messages.map((m) => m.code)).toEqual(['GAEB_NO_SUCH_CODE', 'GAEB_NO_BOQ']);
  });
});

describe('OncePerItemReporter', () => {
  it('reports once per code and item number, once per code without one, and omits an absent item number', () => {
    const sink = new MessageCollector();
    const once = new OncePerItemReporter<'A_CODE' | 'B_CODE'>(sink, 'fmt');
    once.report('A_CODE', 'info', 'first', '01');
    once.report('A_CODE', 'warning', 'again', '01');
    once.report('A_CODE', 'info', 'other item', '02');
    once.report('A_CODE', 'info', 'file level');
    once.report('A_CODE', 'info', 'file level again');
    once.report('B_CODE', 'info', 'other code', '01');
    expect(sink.messages).toEqual([
      { code: 'A_CODE', severity: 'info', message: 'first', itemNumber: '01', source: 'fmt' },
      { code: 'A_CODE', severity: 'info', message: 'other item', itemNumber: '02', source: 'fmt' },
      { code: 'A_CODE', severity: 'info', message: 'file level', source: 'fmt' },
      { code: 'B_CODE', severity: 'info', message: 'other code', itemNumber: '01', source: 'fmt' },
    ]);
    expect('itemNumber' in sink.messages[2]).toBe(false);
  });
});

describe('messages of real conversions have declared codes and severities', () => {
  const FIXTURES = ['gaeb', 'gaeb/phases', 'gaeb90', 'gaeb2000'].flatMap((dir) =>
    readdirSync(join(ROOT, 'test/fixtures', dir))
      .filter((name) => /\.(x8\d|x89b|x9\d|d8\d|p8\d)$/i.test(name))
      .map((name) => `${dir}/${name}`),
  );
  const DESTINATIONS = ['Gaeb90', 'Gaeb2000', 'GaebXml_V3_1', 'GaebXml_V3_2', 'GaebXml_V3_3'];
  const service = new ConversionService();
  const seen = new Set<string>();
  const route = (target: typeof gaebPlugin) => ({ source: gaebPlugin, target, optionGroups: [] }) as unknown as ConversionRoute;

  it.each(FIXTURES)('%s', async (name) => {
    const bytes = readFileSync(join(ROOT, 'test/fixtures', name));
    const messages: ConversionMessage[] = [];
    const toAva = await service.convert(route(avaPlugin), { bytes, fileName: name }, defaultOptions());
    messages.push(...toAva.messages);
    for (const destination of DESTINATIONS) {
      const result = await service.convert(route(gaebPlugin), { bytes, fileName: name }, defaultOptions({ DestinationGaebType: destination }));
      messages.push(...result.messages);
    }
    for (const m of messages) seen.add(m.code);
    expect(undeclaredMessages(messages, [avaPlugin, gaebPlugin])).toEqual([]);
  });

  it('the fixtures produce messages of many codes (the check above is not vacuous)', () => {
    expect(seen.size).toBeGreaterThanOrEqual(10);
  });
});

describe('undeclaredMessages', () => {
  const message = (code: string, severity: ConversionMessage['severity'], source: string): ConversionMessage => ({ code, severity, message: 'x', source });

  it("checks each message against its reporting plugin's catalogue, and one without a source against all", () => {
    const plugins = [avaPlugin, gaebPlugin];
    expect(undeclaredMessages([message('GAEB_NO_BOQ', 'warning', 'gaeb'), message('GAEB_NO_BOQ', 'warning', '')], plugins)).toEqual([]);
    expect(undeclaredMessages([
      message('GAEB_NO_SUCH_CODE', 'info', 'gaeb'),
      message('GAEB_NO_BOQ', 'info', 'gaeb'),
      message('GAEB_NO_BOQ', 'warning', 'ava'),
      message('CONSTRUCTOR', 'info', ''),
    ], plugins)).toEqual([
      'GAEB_NO_SUCH_CODE (gaeb): not declared in the catalogue',
      'GAEB_NO_BOQ (gaeb): reported as info, declared warning',
      'GAEB_NO_BOQ (ava): not declared in the catalogue',
      'CONSTRUCTOR (no source): not declared in the catalogue',
    ]);
  });
});
