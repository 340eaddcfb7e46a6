/**
 * RebuildItemNumberSchema (reader/schema.ts): new elements are numbered into the project's schema, numbers that fit
 * are kept, and each change is reported once.
 */
import { describe, expect, it } from 'vitest';
import type { ElementDto, ItemNumberSchemaDto, ProjectDto } from '../../core/model/types.js';
import { MessageCollector, OncePerItemReporter } from '../../core/pipeline/messages.js';
import { rebuildItemNumberSchema } from '../../plugins/excel/reader/schema.js';

const SCHEMA: ItemNumberSchemaDto = {
  tiers: [
    { length: 2, type: 'Numeric', tierType: 'Group', increment: 1 },
    { length: 4, type: 'Numeric', tierType: 'Position', increment: 10 },
  ],
};

const position = (n: string | undefined, shortText = `P ${n}`): ElementDto =>
  ({ elementTypeDiscriminator: 'PositionDto', shortText, ...(n ? { itemNumber: { stringRepresentation: n } } : {}) }) as ElementDto;
const group = (n: string | undefined, elements: ElementDto[], shortText = `G ${n}`): ElementDto =>
  ({ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', shortText, elements, ...(n ? { itemNumber: { stringRepresentation: n } } : {}) }) as ElementDto;

/** Rebuilds a project of the given top-level elements; `added` are the new ones. */
function rebuild(elements: ElementDto[], added: ElementDto[], schema: ItemNumberSchemaDto | undefined = SCHEMA) {
  const project: ProjectDto = { projectInformation: schema ? { itemNumberSchema: structuredClone(schema) } : {}, serviceSpecifications: [{ elements }] };
  const sink = new MessageCollector();
  rebuildItemNumberSchema(project, new Set(added), new OncePerItemReporter(sink, 'excel'));
  const numbers: string[] = [];
  const walk = (list: ElementDto[] | undefined) => {
    for (const e of list ?? []) {
      numbers.push((e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation ?? '-');
      walk((e as { elements?: ElementDto[] }).elements);
    }
  };
  walk(elements);
  return { numbers, messages: sink.messages.map((m) => m.message), schema: project.projectInformation!.itemNumberSchema! };
}

describe('RebuildItemNumberSchema', () => {
  it('numbers a new position halfway between its neighbours and keeps every other number', () => {
    const fresh = position(undefined, 'Neu');
    const { numbers, messages } = rebuild([group('01.', [position('01.0010'), fresh, position('01.0020')])], [fresh]);
    expect(numbers).toEqual(['01.', '01.0010', '01.0015', '01.0020']);
    expect(messages).toEqual(['The new element "Neu" was numbered 01.0015 (RebuildItemNumberSchema).']);
  });

  it('keeps the number a new row was given when it fits; a new row repeating a number gives way to the element that had it', () => {
    const typed = position('01.0030');
    const copy = position('01.0010', 'Kopie');
    const { numbers, messages } = rebuild([group('01.', [position('01.0010'), position('01.0020'), typed, copy])], [typed, copy]);
    expect(numbers).toEqual(['01.', '01.0010', '01.0020', '01.0030', '01.0040']);
    expect(messages).toEqual(['Renumbered 01.0010 → 01.0040 (RebuildItemNumberSchema).']);
  });

  it('moves the groups below up when a new group has no room, with their positions, reporting each', () => {
    const fresh = group(undefined, [{ elementTypeDiscriminator: 'PositionDto' } as ElementDto], 'Neu');
    const { numbers, messages } = rebuild([group('01.', [position('01.0010')]), fresh, group('02.', [position('02.0010')])], [fresh, (fresh as { elements: ElementDto[] }).elements[0]]);
    expect(numbers).toEqual(['01.', '01.0010', '02.', '02.0010', '03.', '03.0010']);
    expect(messages).toEqual([
      'The new element "Neu" was numbered 02. (RebuildItemNumberSchema).',
      'The new element was numbered 02.0010 (RebuildItemNumberSchema).',
      'Renumbered 02. → 03. (RebuildItemNumberSchema).',
      'Renumbered 02.0010 → 03.0010 (RebuildItemNumberSchema).',
    ]);
  });

  it('adds a group tier for a new subgroup; positions above it then skip that tier', () => {
    const sub = group(undefined, [position(undefined, 'Tief')], 'Unter');
    const { numbers, messages, schema } = rebuild([group('01.', [position('01.0010'), sub])], [sub, (sub as { elements: ElementDto[] }).elements[0]]);
    expect(schema.tiers!.map((t) => [t.tierType, t.length])).toEqual([['Group', 2], ['Group', 2], ['Position', 4]]);
    expect(schema.skipNonExistingLevelsInPositionItemNumbers).toBe(true);
    expect(numbers).toEqual(['01.', '01.__.0010', '01.01.', '01.01.0010']);
    expect(messages).toContain('Item number schema (RebuildItemNumberSchema): 1 group tier was added for groups nested 2 deep.');
    expect(messages).toContain('Renumbered 01.0010 → 01.__.0010 (RebuildItemNumberSchema).');
  });

  it('widens a tier whose numbers need more digits, re-padding the numbers it holds', () => {
    const fresh = position(undefined, 'Neu');
    const { numbers, messages, schema } = rebuild([group('01.', [position('01.0010'), position('01.9990'), fresh])], [fresh]);
    expect(schema.tiers![1].length).toBe(5);
    expect(numbers).toEqual(['01.', '01.00010', '01.09990', '01.10000']);
    expect(messages).toEqual([
      'Renumbered 01.0010 → 01.00010 (RebuildItemNumberSchema).',
      'Renumbered 01.9990 → 01.09990 (RebuildItemNumberSchema).',
      'The new element "Neu" was numbered 01.10000 (RebuildItemNumberSchema).',
      'Item number schema (RebuildItemNumberSchema): tier 2 (Position) was widened to 5 characters.',
    ]);
  });

  it('makes a schema as wide as the numbers of a sheet without one', () => {
    const fresh = position(undefined);
    const { numbers, schema } = rebuild([group('1.', [position('1.10'), fresh]), group('2.', [position('2.10')])], [fresh], undefined);
    expect(schema.tiers!.map((t) => [t.tierType, t.length, t.increment])).toEqual([['Group', 2, 1], ['Position', 4, 10]]);
    expect(numbers).toEqual(['01.', '01.0010', '01.0020', '02.', '02.0010']);
  });
});
