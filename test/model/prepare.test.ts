import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import * as model from '../../core/model/index.js';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto } from '../../core/model/types.js';

describe('prepareProject (POST /conversion/ava/ava)', () => {
  it('exports the agreed API', () => {
    for (const name of [
      'evaluateFormula', 'htmlToPlainText', 'plainTextToHtml', 'normalizeProject', 'calculateProject', 'autoGenerateItemNumbers', 'prepareProject',
    ]) {
      expect(typeof (model as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('recalculates a project sent with short discriminators', () => {
    const project = prepareProject({
      serviceSpecifications: [
        {
          projectTaxRate: 0.19,
          elements: [
            {
              elementTypeDiscriminator: 'ServiceSpecificationGroup',
              elements: [{ elementTypeDiscriminator: 'Position', quantityComponents: [{ formula: '3 * 4' }], priceComponents: [{ values: [{ formula: '2,5' }] }] }],
            },
            { elementTypeDiscriminator: 'NoteText', longText: 'Hinweis' },
          ],
        },
      ],
    });
    const spec = project.serviceSpecifications![0];
    const group = spec.elements![0] as { elementType: string; elements: PositionDto[]; totalPrice: number };
    expect(group.elementType).toBe('ServiceSpecificationGroupDto');
    expect(group.elements[0]).toMatchObject({ elementTypeDiscriminator: 'PositionDto', quantity: 12, unitPrice: 2.5, totalPrice: 30, totalPriceGross: 35.7 });
    expect(spec.elements![1]).toMatchObject({ elementTypeDiscriminator: 'NoteTextDto', htmlLongText: '<p><span>Hinweis</span></p>' });
    expect(spec).toMatchObject({ totalPrice: 30, totalPriceGross: 35.7 });
  });

  it('answers a bad discriminator with a 400 naming the element', () => {
    let error: unknown;
    try {
      prepareProject({ serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'Bogus' }] }] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ statusCode: 400, code: 'GW_ERR_INPUT' });
    expect((error as GatewayError).errors['serviceSpecifications[0].elements[0]'][0]).toMatch(/"Bogus" is not one of PositionDto/);
  });

  it('survives a JSON round trip unchanged (output is plain JSON data)', () => {
    const project = prepareProject({ serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'PositionDto', quantityOverride: 2, unitPriceOverride: 3 }] }] });
    expect(JSON.parse(JSON.stringify(project))).toEqual(project);
  });
});
