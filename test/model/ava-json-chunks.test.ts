/**
 * The ava writer streams the project as JSON chunks; joined, they must be exactly `JSON.stringify` of the body.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { outputBytes } from '../../core/plugin/contract.js';
import { JsonChunks, avaPlugin } from '../../plugins/ava/index.js';

const joined = (value: unknown): string => Buffer.concat([...new JsonChunks(value)]).toString('utf8');

const position = (i: number): Record<string, unknown> => ({
  elementTypeDiscriminator: 'PositionDto',
  id: `p${i}`,
  shortText: `Position ${i} – Mörtel "IIa" \\ \u0001 \u2028 😀 \ud800`,
  htmlLongText: '<p><span>a &amp; b</span></p>'.repeat(i % 7),
  quantity: i / 3,
  nan: Number.NaN,
  skipped: undefined,
  fn: () => 1,
  sym: Symbol('s'),
  date: new Date(Date.UTC(2026, 10, 21)),
  nested: { elements: [1, undefined, () => 2, null], list: [undefined, , 3] }, // eslint-disable-line no-sparse-arrays
  keyed: { toJSON: (key: string) => `member ${key}` },
  gone: { toJSON: () => undefined },
});

function project(groups: number, perGroup: number): Record<string, unknown> {
  const elements: unknown[] = [];
  for (let g = 0; g < groups; g++) {
    const children: unknown[] = [];
    for (let i = 0; i < perGroup; i++) children.push(position(g * perGroup + i));
    children.push({ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', elements: [], shortText: 'leer' });
    elements.push({ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', id: `g${g}`, elements: children, totalPrice: g, gone: undefined });
  }
  elements.push(undefined, null, 'text', [position(0)], { toJSON: (key: string) => ({ at: key }) }, { toJSON: () => undefined });
  return {
    id: 'x',
    projectInformation: { name: 'P', elements: 'not an array' },
    serviceSpecifications: [{ id: 's', elements, totalPrice: 1.5 }, null, { elements: { toJSON: () => 'custom' } }],
    undefinedField: undefined,
    keyed: { toJSON: (key: string) => `root member ${key}` },
    conversionMessages: [{ code: 'C', message: 'm' }],
  };
}

describe('JsonChunks', () => {
  it.each([
    ['a small project', project(2, 3)],
    ['a project of many chunks', project(40, 60)],
    ['an empty object', {}],
    ['an object with toJSON', { toJSON: () => ({ a: 1 }) }],
    ['an array', [project(1, 1), 1]],
    ['a string', 'ä"'],
    ['a number', 1.25],
    ['null', null],
    ['a date', new Date(0)],
  ])('gives exactly JSON.stringify for %s', (_name, value) => {
    expect(joined(value)).toBe(JSON.stringify(value));
  });

  it('gives nothing for undefined, as JSON.stringify does', () => {
    expect([...new JsonChunks(undefined)]).toEqual([]);
  });

  it('cuts a large document into chunks of about 64 KiB', () => {
    const chunks = [...new JsonChunks(project(40, 60))];
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(64 * 1024);
      expect(chunk.length).toBeLessThan(80 * 1024);
    }
  });

  it('rejects circular element trees as JSON.stringify does', () => {
    const group: Record<string, unknown> = { elements: [] };
    (group.elements as unknown[]).push(group);
    expect(() => [...new JsonChunks({ serviceSpecifications: [group] })]).toThrow(TypeError);
  });
});

describe('ava writer', () => {
  it('streams the prepared project and its messages as JSON.stringify would write them', async () => {
    const input = JSON.parse(readFileSync(new URL('../fixtures/model/demo-python-structured.json', import.meta.url), 'utf8'));
    const prepared = prepareProject(input);
    const messages = [{ code: 'X', severity: 'info' as const, message: 'm', source: 'ava' }];
    const ctx = { sourceId: 'ava', targetId: 'ava', messages, report: () => undefined };
    const output = await avaPlugin.writer!.write(prepared, defaultOptions(), ctx);
    expect(Buffer.isBuffer(output.data)).toBe(false);
    const text = outputBytes(output).toString('utf8');
    expect(text).toBe(JSON.stringify({ ...prepared, conversionMessages: messages }));
  });
});
