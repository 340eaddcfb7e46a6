import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto } from '../../core/model/types.js';

const position = (fields: Record<string, unknown>): PositionDto =>
  prepareProject({ serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'PositionDto', ...fields }] }] })
    .serviceSpecifications![0].elements![0] as PositionDto;

describe('markup fields of a position that is no markup item', () => {
  it('drops null complementsPositions and complementingPricePercentage, as other null fields', () => {
    const p = position({ quantityOverride: 1, unitPriceOverride: 2, complementsPositions: null, complementingPricePercentage: null });
    expect('complementsPositions' in p).toBe(false);
    expect('complementingPricePercentage' in p).toBe(false);
  });

  it('checks complementingPricePercentage: a numeric string is converted, text answers 400', () => {
    expect(position({ complementingPricePercentage: '12,5' }).complementingPricePercentage).toBe(12.5);
    expect(() => position({ complementingPricePercentage: 'ten' })).toThrow(/complementingPricePercentage must be a number/);
  });
});
