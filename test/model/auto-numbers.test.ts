import { describe, expect, it } from 'vitest';
import { autoGenerateItemNumbers } from '../../core/model/auto-numbers.js';
import { normalizeProject, prepareProject } from '../../core/model/index.js';
import type { ElementDto, ProjectDto } from '../../core/model/types.js';

type Input = Record<string, unknown>;
const position = (fields: Input = {}): Input => ({ elementTypeDiscriminator: 'PositionDto', ...fields });
const group = (elements: Input[], fields: Input = {}): Input => ({ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', elements, ...fields });

/** Item numbers of the tree, depth first, as `string` (nested arrays follow groups). */
function numbers(elements: ElementDto[] | undefined): unknown[] {
  return (elements ?? []).map((e) => {
    const own = (e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation;
    const children = (e as { elements?: ElementDto[] }).elements;
    return children ? [own, numbers(children)] : own ?? null;
  });
}

describe('autoGenerateItemNumbers (option A)', () => {
  it('derives a schema from the tree and numbers groups and positions', () => {
    const project = normalizeProject({
      serviceSpecifications: [
        {
          elements: [
            group([group([position(), position(), { elementTypeDiscriminator: 'NoteTextDto' }, position()]), group([position()])]),
            group([group([position()])]),
          ],
        },
      ],
    });
    expect(autoGenerateItemNumbers(project)).toBe(true);
    expect(project.projectInformation!.itemNumberSchema!.tiers).toEqual([
      { length: 2, type: 'Numeric', tierType: 'Group', isLot: false, increment: 1 },
      { length: 2, type: 'Numeric', tierType: 'Group', isLot: false, increment: 1 },
      { length: 4, type: 'Numeric', tierType: 'Position', isLot: false, increment: 10 },
    ]);
    expect(numbers(project.serviceSpecifications![0].elements)).toEqual([
      ['01.', [['01.01.', ['01.01.0010', '01.01.0020', null, '01.01.0030']], ['01.02.', ['01.02.0010']]]],
      ['02.', [['02.01.', ['02.01.0010']]]],
    ]);
  });

  it('widens tiers for large sibling counts', () => {
    const project = normalizeProject({
      serviceSpecifications: [{ elements: Array.from({ length: 120 }, () => group(Array.from({ length: 1000 }, () => position()))) }],
    });
    autoGenerateItemNumbers(project);
    expect(project.projectInformation!.itemNumberSchema!.tiers!.map((t) => t.length)).toEqual([3, 5]);
    const last = project.serviceSpecifications![0].elements![119] as { itemNumber: { stringRepresentation: string }; elements: ElementDto[] };
    expect(last.itemNumber.stringRepresentation).toBe('120.');
    expect((last.elements[999] as { itemNumber?: { stringRepresentation?: string } }).itemNumber!.stringRepresentation).toBe('120.10000');
  });

  it('numbers positions above the deepest group level with the skipped-tiers filler', () => {
    const project = prepareProject(
      { serviceSpecifications: [{ elements: [position(), group([position(), group([position()])])] }] },
      { tryAutoGenerateItemNumbersAndSchema: true },
    );
    expect(numbers(project.serviceSpecifications![0].elements)).toEqual(['__.__.0010', ['01.', ['01.__.0010', ['01.01.', ['01.01.0010']]]]]);
    expect(project.projectInformation!.itemNumberSchema!.skipNonExistingLevelsInPositionItemNumbers).toBe(true);
    const nested = project.serviceSpecifications![0].elements![1] as unknown as { elements: { itemNumber: unknown }[] };
    expect(nested.elements[0].itemNumber).toMatchObject({ identifiers: ['01', '__', '0010'], isSchemaCompliant: true });
  });

  it('numbers a flat list with a single Position tier and restarts per service specification', () => {
    const project = prepareProject(
      { serviceSpecifications: [{ elements: [position(), position()] }, { elements: [position()] }] },
      { tryAutoGenerateItemNumbersAndSchema: true },
    );
    expect(project.projectInformation!.itemNumberSchema).toMatchObject({ totalLength: 4, schemaIsCorrectlyDefined: true });
    expect(project.serviceSpecifications!.map((s) => numbers(s.elements))).toEqual([['0010', '0020'], ['0010']]);
    expect(project.serviceSpecifications![0].elements![1]).toMatchObject({ itemNumber: { identifiers: ['0020'], isSchemaCompliant: true } });
  });

  it('has no effect when a schema exists', () => {
    const project = normalizeProject({
      projectInformation: { itemNumberSchema: { tiers: [{ length: 4, tierType: 'Position' }] } },
      serviceSpecifications: [{ elements: [position()] }],
    });
    const before = JSON.stringify(project);
    expect(autoGenerateItemNumbers(project)).toBe(false);
    expect(JSON.stringify(project)).toBe(before);
  });

  it('has no effect when any element has an item number', () => {
    const project: ProjectDto = normalizeProject({
      serviceSpecifications: [{ elements: [group([position(), position({ itemNumber: { stringRepresentation: '7' } })])] }],
    });
    const before = JSON.stringify(project);
    expect(autoGenerateItemNumbers(project)).toBe(false);
    expect(JSON.stringify(project)).toBe(before);
  });

  it('has no effect on a project without groups or positions', () => {
    const project = normalizeProject({ serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'NoteTextDto' }] }] });
    expect(autoGenerateItemNumbers(project)).toBe(false);
    expect(project.projectInformation!.itemNumberSchema).toBeUndefined();
  });

  it('is only applied by prepareProject when asked', () => {
    const input = () => ({ serviceSpecifications: [{ elements: [position()] }] });
    expect((prepareProject(input()).serviceSpecifications![0].elements![0] as { itemNumber?: unknown }).itemNumber).toBeUndefined();
    const numbered = prepareProject(input(), { tryAutoGenerateItemNumbersAndSchema: true });
    expect(numbered.serviceSpecifications![0].elements![0]).toMatchObject({ itemNumber: { stringRepresentation: '0010', hierarchyLevel: 0 } });
  });
});
