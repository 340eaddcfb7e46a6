/**
 * `core/model/counting-marks.ts`: which elements a format without a mark counts otherwise, and the BoQ total its
 * receiver computes — on a small project, the input left as it was.
 */
import { describe, expect, it } from 'vitest';
import { countingChange, countingLosses, type CountingMark } from '../../core/model/counting-marks.js';
import { prepareProject } from '../../core/model/index.js';
import type { ElementDto, ProjectDto } from '../../core/model/types.js';

const position = (n: string, extra: Record<string, unknown> = {}): ElementDto =>
  ({ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: n }, unitTag: 'm', quantityOverride: 2, unitPriceOverride: 5, ...extra }) as ElementDto;
const group = (n: string, elements: ElementDto[], extra: Record<string, unknown> = {}): ElementDto =>
  ({ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: n }, elements, ...extra }) as ElementDto;

/** 01. (id g1): 01.01 regular, 01.02 optional with total, 01.03 optional without; 02. alternative to 01. holding 02.01 and a removed 02.02. */
const sample = (): ProjectDto => prepareProject({
  serviceSpecifications: [{
    elements: [
      group('01.', [position('01.01'), position('01.02', { positionType: 'Optional', priceType: 'WithTotal' }), position('01.03', { positionType: 'Optional', priceType: 'WithoutTotal' })], { id: 'g1' }),
      group('02.', [position('02.01'), position('02.02', { comissionStatus: 'Removed' })], { alternativeTo: 'g1', alternativeGroupIdentifier: 1, alternativeIdentifier: 1 }),
    ],
  }],
}, {});

describe('counting marks', () => {
  it('lists the elements of each mark asked for, in document order', () => {
    const spec = sample().serviceSpecifications![0];
    expect(countingLosses(spec, new Set(['optionalWithTotal', 'alternativeGroup', 'removed'])).map((l) => [l.mark, l.element, l.total])).toEqual([
      ['optionalWithTotal', 'Item 01.02', 10], ['alternativeGroup', 'Category 02.', 10], ['removed', 'Item 02.02', 10],
    ]);
    // 02.02 sits in an alternative group that stays one: it counts in neither
    expect(countingLosses(spec, new Set(['removed'])).map((l) => l.itemNumber)).toEqual([]);
    expect(countingLosses(spec, new Set(['removed', 'alternativeGroup'])).map((l) => l.itemNumber)).toEqual(['02.', '02.02']);
  });

  it('computes the total a receiver counts, each mark on its own and together, without changing the project', () => {
    const project = sample();
    const before = JSON.stringify(project);
    expect(project.serviceSpecifications![0].totalPrice).toBe(20);
    const total = (marks: CountingMark[]) => countingChange(project, new Set(marks), false)?.after;
    expect(total(['optionalWithTotal'])).toBe(10); // 01.02 no longer counts
    expect(total(['alternativeGroup'])).toBe(30); // 02. counts, without its removed 02.02
    expect(total(['alternativeGroup', 'removed'])).toBe(40);
    expect(total(['withoutTotal'])).toBe(30); // 01.03, optional without total, counts
    expect(total(['alternativeGroup', 'alternativePosition', 'withoutTotal', 'removed'])).toBe(50);
    expect(total(['optionalWithTotal', 'alternativeGroup', 'removed'])).toBe(30);
    expect(countingChange(project, new Set(['removed']), false)).toBeUndefined(); // 02.02 sits in a group that does not count
    // the copy a writer writes: the receiver's totals, element by element, without the marks
    const copy = countingChange(project, new Set(['alternativeGroup']), false)!.project;
    expect(copy).not.toBe(project);
    const copied = copy.serviceSpecifications![0];
    expect([copied.totalPrice, copied.elements!.map((g) => (g as { totalPrice?: number }).totalPrice)]).toEqual([30, [20, 10]]);
    expect(copied.elements!.some((g) => (g as { alternativeTo?: string }).alternativeTo)).toBe(false);
    // a second service specification is handed on as it was (a writer reports the ones it leaves out)
    const two = { ...project, serviceSpecifications: [project.serviceSpecifications![0], { elements: [] }] };
    expect(countingChange(two, new Set(['alternativeGroup']), false)!.project.serviceSpecifications![1]).toBe(two.serviceSpecifications[1]);
    expect(JSON.stringify(project)).toBe(before);
  });

  it('is undefined when no element carries a mark asked for', () => {
    const project = prepareProject({ serviceSpecifications: [{ elements: [group('01.', [position('01.01'), position('01.02', { positionType: 'Optional', priceType: 'WithoutTotal' })])] }] }, {});
    expect(countingChange(project, new Set(['optionalWithTotal', 'alternativeGroup', 'removed']), false)).toBeUndefined();
  });
});
