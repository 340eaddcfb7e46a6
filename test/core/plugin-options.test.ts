import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { GatewayError } from '../../core/errors.js';
import { OPTION_GROUPS, type OptionSpec } from '../../core/options/catalog.js';
import { optionSpecProblem } from '../../core/options/declared.js';
import { querySchema, resolveOptions } from '../../core/options/resolve.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { PLUGIN_API_VERSION, type FormatPlugin } from '../../core/plugin/contract.js';
import { undeclaredMessages } from '../../core/plugin/messages.js';
import { assertFormatPlugin } from '../../core/plugin/load.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { createConversionContainer } from '../../gateway/composition-root.js';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const LV_LINES = fixture('customer-plugin-options/lv-lines.mjs');
const LV_CSV = fixture('customer-plugin/lv-csv.mjs');

async function registryWith(plugins: string[]): Promise<FormatRegistry> {
  const container = await createConversionContainer(loadConfig({ GATEWAY_CONFIG: '' }, { logLevel: 'silent', plugins }));
  return container.resolve(FormatRegistry);
}

async function failure(run: () => unknown): Promise<GatewayError> {
  try {
    await run();
  } catch (err) {
    return err as GatewayError;
  }
  throw new Error('did not fail');
}

const SEPARATOR: OptionSpec = { name: 'Separator', type: 'string', default: 'Tab', enum: ['Tab', 'Comma'], description: 'Between fields.' };
const write = () => ({ data: Buffer.alloc(0), contentType: 'text/plain', fileExtension: '.txt' });
/** A 1.1 plugin with a writer declaring `options` (and a reader declaring `readerOptions` when given). */
function plugin(options: unknown[], readerOptions?: unknown[], extra: Partial<FormatPlugin> = {}): unknown {
  return {
    id: 'own', name: 'Own', version: '1.0.0', apiVersion: '^1.1.0',
    ...(readerOptions && { inputField: 'ownFile', reader: { optionGroups: [], options: readerOptions, read: () => ({}) } }),
    writer: { optionGroups: [], options, write },
    ...extra,
  };
}

describe('plugin contract 1.1', () => {
  it('is the version the gateway provides, and a 1.0 plugin loads beside a 1.1 one', async () => {
    expect(PLUGIN_API_VERSION).toBe('1.1.0');
    const registry = await registryWith([LV_CSV, LV_LINES]);
    expect(registry.plugin('lv-csv')?.apiVersion).toBe('^1.0.0');
    expect(registry.route('lv-csv', 'lv-csv').options).toEqual([]);
    expect(registry.route('lv-csv', 'lv-lines').options.map((o) => o.name)).toEqual(['FieldSeparator', 'LineEnding', 'WriteHeaderRow']);
  });

  it("gives a route the groups' options, then the reader's own, then the writer's, each once", async () => {
    const registry = await registryWith([LV_LINES]);
    const names = (s: string, t: string) => registry.route(s, t).options.map((o) => o.name);
    // reader and writer of lv-lines both declare FieldSeparator (identically): once
    expect(names('lv-lines', 'lv-lines')).toEqual(['FieldSeparator', 'LineEnding', 'WriteHeaderRow']);
    expect(names('lv-lines', 'gaeb')).toEqual([...OPTION_GROUPS.G, 'FieldSeparator']);
    expect(names('gaeb', 'lv-lines')).toEqual([...OPTION_GROUPS.S, 'FieldSeparator', 'LineEnding', 'WriteHeaderRow']);
    expect(names('gaeb', 'ava')).toEqual([...OPTION_GROUPS.S, ...OPTION_GROUPS.L]);
  });

  it('resolves plugin options as the catalogue options: enum and booleans ignoring case, defaults, 400 naming the option', async () => {
    const route = (await registryWith([LV_LINES])).route('gaeb', 'lv-lines');
    expect(resolveOptions(route.options, { fieldseparator: 'TAB', writeheaderrow: 'False' })).toEqual({
      SupportSkippedItemNumberLevelsInPositions: false, FieldSeparator: 'Tab', LineEnding: 'LF', WriteHeaderRow: false,
    });
    const err = await failure(() => resolveOptions(route.options, { LineEnding: 'Mac' }));
    expect(err.code).toBe('GW_ERR_OPTION');
    expect(err.message).toBe('The value "Mac" is not valid for LineEnding; allowed: LF, CRLF.');
    expect((await failure(() => resolveOptions(route.options, { WriteHeaderRow: 'yes' }))).message).toContain('WriteHeaderRow; allowed: true, false');
    expect(querySchema(route.options).properties.LineEnding).toEqual({ type: 'string', description: 'How lines end: LF (Unix) or CRLF (Windows).', default: 'LF', enum: ['LF', 'CRLF'] });
  });

  it('refuses an option two plugins declare (ignoring case), naming both plugins and options', async () => {
    const err = await failure(() => registryWith([LV_LINES, fixture('customer-plugin-options/clashing-separator.mjs')]));
    expect(err.code).toBe('GW_ERR_PLUGIN_LOAD');
    expect(err.message).toBe('Format plugin "other-lines" is invalid: its option fieldseparator clashes with the option FieldSeparator of format plugin "lv-lines" (names match ignoring case)');
  });

  it('refuses an option named like a catalogue option (ignoring case), naming both', async () => {
    const err = await failure(() => registryWith([fixture('customer-plugin-options/catalogue-clash.mjs')]));
    expect(err.code).toBe('GW_ERR_PLUGIN_LOAD');
    expect(err.message).toMatch(/"priced" \(.*catalogue-clash\.mjs\).*option writeprices clashes with the catalogue option WritePrices/);
  });

  it('refuses options or messages in a plugin that admits contract 1.0', () => {
    const err = () => assertFormatPlugin(plugin([SEPARATOR], undefined, { apiVersion: '^1.0.0' }), 'test');
    expect(err).toThrow(/declares writer\.options \(contract 1\.1\.0\) but its apiVersion \^1\.0\.0 admits gateways that ignore them/);
    expect(() => assertFormatPlugin({ ...(plugin([]) as object), writer: { optionGroups: [], write }, apiVersion: '>=1.0.0', messages: {} }, 'test')).toThrow(/declares messages/);
  });

  it('accepts the same option declared identically by reader and writer, refuses it declared twice otherwise', () => {
    expect(assertFormatPlugin(plugin([SEPARATOR], [{ ...SEPARATOR }]), 'test').id).toBe('own');
    expect(() => assertFormatPlugin(plugin([SEPARATOR], [{ ...SEPARATOR, default: 'Comma' }]), 'test'))
      .toThrow('Format plugin "own" (test) is invalid: writer.options: option Separator clashes with the option Separator the reader declares differently');
    expect(() => assertFormatPlugin(plugin([SEPARATOR, { ...SEPARATOR, name: 'SEPARATOR' }]), 'test'))
      .toThrow('writer.options: option SEPARATOR clashes with the option Separator the writer declares');
  });

  it.each([
    [{ ...SEPARATOR, default: 'Space' }, 'option Separator: default "Space" is not one of its enum values (Tab, Comma)'],
    [{ ...SEPARATOR, default: 'tab' }, 'default "tab" is not one of its enum values'],
    [{ ...SEPARATOR, type: 'number' }, "option Separator: type must be 'boolean' or 'string', got \"number\""],
    [{ ...SEPARATOR, enum: [] }, 'option Separator: enum must be a non-empty list'],
    [{ ...SEPARATOR, enum: ['Tab', 'TAB'] }, 'option Separator: enum value "TAB" is listed twice'],
    [{ ...SEPARATOR, type: 'boolean', default: true }, 'option Separator: only string options take enum values'],
    [{ name: 'Flag', type: 'boolean', default: 'true', description: 'x' }, 'option Flag: default must be a boolean, got "true"'],
    [{ name: 'Flag', type: 'boolean', default: true }, 'option Flag: description is missing'],
    [{ name: 'Bad Name', type: 'boolean', default: true, description: 'x' }, 'option name "Bad Name" must be a query parameter name'],
    ['Separator', 'an option must be an object'],
  ])('refuses a malformed option %#', (spec, message) => {
    expect(optionSpecProblem(spec)).toContain(message);
    expect(() => assertFormatPlugin(plugin([spec]), 'test')).toThrow(message);
  });

  it('refuses options that are not a list, and a malformed message catalogue', () => {
    expect(() => assertFormatPlugin({ ...(plugin([]) as object), writer: { optionGroups: [], options: SEPARATOR, write } }, 'test')).toThrow('writer.options must be an array');
    const withMessages = (messages: unknown) => () => assertFormatPlugin(plugin([], undefined, { messages: messages as FormatPlugin['messages'] }), 'test');
    expect(withMessages({ lower_case: { severity: 'info', meaning: 'x' } })).toThrow('message code lower_case must be UPPER_SNAKE_CASE');
    expect(withMessages({ OWN_CODE: { severity: 'fatal', meaning: 'x' } })).toThrow('message OWN_CODE: severity must be error, warning or info');
    expect(withMessages({ OWN_CODE: { severity: ['info', 'warning'] } })).toThrow('message OWN_CODE: meaning is missing');
    expect(withMessages({ OWN_CODE: { severity: ['info', 'warning'], meaning: 'Fine.' } })).not.toThrow();
  });

  it("a plugin's messages are checked against its own catalogue", async () => {
    const registry = await registryWith([LV_LINES]);
    const route = registry.route('lv-lines', 'ava');
    const bytes = Buffer.from('0010;Wall;1;m2;5\nshort;line\n');
    const { messages } = await new ConversionService().convert(route, { bytes }, resolveOptions(route.options));
    expect(messages.map((m) => m.code)).toEqual(['LVLINES_LINE_SKIPPED']);
    expect(undeclaredMessages(messages, registry.plugins)).toEqual([]);
    // the same report from a plugin whose catalogue lacks the code fails the check
    const lvLines = registry.plugin('lv-lines')!;
    expect(undeclaredMessages(messages, [{ ...lvLines, messages: {} }])).toEqual(['LVLINES_LINE_SKIPPED (lv-lines): not declared in the catalogue']);
  });
});
