import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { normalizeProject } from '../../core/model/normalize.js';
import type { ExecutionDescriptionDto, NoteTextDto, PositionDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const withElements = (...elements: unknown[]) => ({ serviceSpecifications: [{ elements }] });

function inputError(input: unknown): GatewayError {
  try {
    normalizeProject(input);
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    return error as GatewayError;
  }
  throw new Error('expected a GatewayError');
}

describe('normalizeProject: defaults and ids', () => {
  it('completes the minimal demo payload', () => {
    const project = normalizeProject(
      withElements({
        elementTypeDiscriminator: 'PositionDto',
        shortText: 'Concrete Wall',
        unitTag: 'm²',
        quantityComponents: [{ formula: '10' }],
        priceComponents: [{ values: [{ formula: '80' }] }],
      }),
    );
    expect(project.id).toMatch(UUID);
    expect(project).toMatchObject({ priceAccuracy: 3, forceStrictTotals: true, priceRoundingMode: 'Normal' });
    expect(project.projectInformation).toMatchObject({
      bidderCommentAllowed: false,
      sideOffersAllowed: false,
      awardType: 'Unspecified',
      specialAwardKind: 'Unspecified',
    });
    const spec = project.serviceSpecifications![0];
    expect(spec.id).toMatch(UUID);
    expect(spec).toMatchObject({
      exchangePhase: 'Undefined',
      origin: 'Self',
      projectTaxRate: 0,
      projectHourlyWage: 0,
      deductionFactor: 0,
      priceType: 'WithTotal',
      containsDuplicateItemNumbers: false,
      ignoreDuplicateItemNumbers: false,
    });
    const position = spec.elements![0] as PositionDto;
    expect(position.id).toMatch(UUID);
    expect(position).toMatchObject({
      elementTypeDiscriminator: 'PositionDto',
      elementType: 'PositionDto',
      shortText: 'Concrete Wall',
      unitTag: 'm²',
      positionType: 'Regular',
      priceType: 'WithTotal',
      serviceType: 'Regular',
      comissionStatus: 'Undefined',
      additionType: 'None',
      useDifferentTaxRate: false,
      isLumpSum: false,
      notOffered: false,
      amountToBeEnteredByBidder: false,
      hasBidderCommentInHtmlLongText: false,
      taxRate: 0,
      deductionFactor: 0,
    });
    expect(position.quantityOverride).toBeUndefined();
  });

  it('keeps given values, ids and unknown properties', () => {
    const project = normalizeProject({
      id: 'p-1',
      priceAccuracy: 2,
      forceStrictTotals: false,
      priceRoundingMode: 'Floor',
      vendorExtension: { keep: true },
      serviceSpecifications: [
        {
          id: 's-1',
          exchangePhase: 'Offer',
          origin: 'GaebXml',
          customFlag: 42,
          elements: [{ elementTypeDiscriminator: 'PositionDto', id: 'e-1', positionType: 'Optional', extra: [1, 2] }],
        },
      ],
    });
    expect(project).toMatchObject({ id: 'p-1', priceAccuracy: 2, forceStrictTotals: false, priceRoundingMode: 'Floor' });
    expect(project.vendorExtension).toEqual({ keep: true });
    const spec = project.serviceSpecifications![0];
    expect(spec).toMatchObject({ id: 's-1', exchangePhase: 'Offer', origin: 'GaebXml', customFlag: 42 });
    expect(spec.elements![0]).toMatchObject({ id: 'e-1', positionType: 'Optional', extra: [1, 2] });
  });

  it('fills ids of nested objects', () => {
    const project = normalizeProject({
      projectInformation: { buyer: { name: 'Bauherr' } },
      serviceSpecifications: [
        {
          priceInformation: { taxRate: 0.19, tradeDiscounts: [{ rate: 0.02 }] },
          elements: [{ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '1' }, subDescriptions: [{}] }],
        },
      ],
    });
    expect(project.projectInformation!.buyer!.id).toMatch(UUID);
    const spec = project.serviceSpecifications![0];
    expect(spec.priceInformation!.id).toMatch(UUID);
    expect(spec.priceInformation!.tradeDiscounts![0].id).toMatch(UUID);
    expect(spec.projectTaxRate).toBe(0.19);
    const position = spec.elements![0] as PositionDto;
    expect(position.itemNumber!.id).toMatch(UUID);
    expect(position.subDescriptions![0].id).toMatch(UUID);
  });

  it('accepts short and differently cased discriminators and emits the canonical one', () => {
    const project = normalizeProject(
      withElements(
        { elementTypeDiscriminator: 'Position' },
        { elementTypeDiscriminator: 'servicespecificationgroup', elements: [{ elementTypeDiscriminator: 'NOTETEXT' }] },
        { elementTypeDiscriminator: 'ExecutionDescription', blocks: [{ shortText: 'Block' }] },
        { elementType: 'NoteTextDto' },
      ),
    );
    const [p, g, e, n] = project.serviceSpecifications![0].elements!;
    expect([p, g, e, n].map((x) => [x.elementTypeDiscriminator, x.elementType])).toEqual([
      ['PositionDto', 'PositionDto'],
      ['ServiceSpecificationGroupDto', 'ServiceSpecificationGroupDto'],
      ['ExecutionDescriptionDto', 'ExecutionDescriptionDto'],
      ['NoteTextDto', 'NoteTextDto'],
    ]);
    expect((g as ServiceSpecificationGroupDto).elements![0].elementTypeDiscriminator).toBe('NoteTextDto');
    expect((e as ExecutionDescriptionDto).blocks![0]).toMatchObject({ elementTypeDiscriminator: 'NoteTextDto', isOpeningText: false });
  });

  it('tolerates PascalCase keys, enum spellings and numeric strings', () => {
    const project = normalizeProject({
      PriceAccuracy: '2',
      ServiceSpecifications: [
        {
          ExchangePhase: 'grant',
          Elements: [
            {
              ElementTypeDiscriminator: 'PositionDto',
              ShortText: 'Aushub',
              QuantityOverride: '12,5',
              UnitPriceOverride: '3.10',
              PositionType: 2,
              UseDifferentTaxRate: 'true',
              ItemNumber: '01.0010',
            },
          ],
        },
      ],
    });
    expect(project.priceAccuracy).toBe(2);
    const spec = project.serviceSpecifications![0];
    expect(spec.exchangePhase).toBe('Grant');
    expect(spec.elements![0]).toMatchObject({
      shortText: 'Aushub',
      quantityOverride: 12.5,
      unitPriceOverride: 3.1,
      positionType: 'Alternative',
      useDifferentTaxRate: true,
      itemNumber: { stringRepresentation: '01.0010' },
    });
    expect(spec.elements![0]).not.toHaveProperty('ShortText');
  });

  it('drops nulls of known fields and turns numeric formulas into strings', () => {
    const project = normalizeProject(
      withElements({ elementTypeDiscriminator: 'PositionDto', quantityOverride: null, unitTag: null, quantityComponents: [{ formula: 12.5 }] }),
    );
    const position = project.serviceSpecifications![0].elements![0] as PositionDto;
    expect(position).not.toHaveProperty('quantityOverride');
    expect(position).not.toHaveProperty('unitTag');
    expect(position.quantityComponents![0].formula).toBe('12.5');
  });

  it('takes projectInformation from the first service specification when the project has none', () => {
    const info = { name: 'LV', itemNumberSchema: { tiers: [{ length: 4, tierType: 'Position' }] } };
    const project = normalizeProject({ serviceSpecifications: [{ projectInformation: info, elements: [] }] });
    expect(project.projectInformation).toBe(info);
    expect(project.projectInformation!.itemNumberSchema!.tiers![0]).toMatchObject({ type: 'Numeric', isLot: false, increment: 1 });
  });
});

describe('normalizeProject: long-text sync', () => {
  it('derives longText from htmlLongText, which wins', () => {
    const project = normalizeProject(
      withElements({ elementTypeDiscriminator: 'NoteTextDto', longText: 'stale', htmlLongText: '<p>Neu</p><p>Zeile&nbsp;2</p>' }),
    );
    expect(project.serviceSpecifications![0].elements![0]).toMatchObject({ longText: 'Neu\nZeile 2', htmlLongText: '<p>Neu</p><p>Zeile&nbsp;2</p>' });
  });

  it('derives htmlLongText from longText', () => {
    const project = normalizeProject(withElements({ elementTypeDiscriminator: 'PositionDto', longText: 'A & B\n\nC' }));
    expect((project.serviceSpecifications![0].elements![0] as PositionDto).htmlLongText).toBe(
      '<p><span>A &amp; B</span></p><p></p><p><span>C</span></p>',
    );
  });

  it('syncs sub-descriptions and execution description blocks', () => {
    const project = normalizeProject(
      withElements(
        { elementTypeDiscriminator: 'PositionDto', subDescriptions: [{ longText: 'Teil' }, { htmlLongText: '<b>fett</b>' }] },
        { elementTypeDiscriminator: 'ExecutionDescriptionDto', blocks: [{ longText: 'Block' }] },
      ),
    );
    const [position, description] = project.serviceSpecifications![0].elements! as [PositionDto, ExecutionDescriptionDto];
    expect(position.subDescriptions![0].htmlLongText).toBe('<p><span>Teil</span></p>');
    expect(position.subDescriptions![1].longText).toBe('fett');
    expect((description.blocks![0] as NoteTextDto).htmlLongText).toBe('<p><span>Block</span></p>');
  });

  it('leaves absent texts absent', () => {
    const project = normalizeProject(withElements({ elementTypeDiscriminator: 'NoteTextDto' }));
    const note = project.serviceSpecifications![0].elements![0];
    expect(note).not.toHaveProperty('longText');
    expect(note).not.toHaveProperty('htmlLongText');
  });
});

describe('normalizeProject: bad input', () => {
  it('names the element path for an unknown discriminator', () => {
    const error = inputError(
      withElements({ elementTypeDiscriminator: 'PositionDto' }, { elementTypeDiscriminator: 'NoteText' }, { elementTypeDiscriminator: 'Foo' }),
    );
    expect(error.code).toBe('GW_ERR_INPUT');
    expect(error.statusCode).toBe(400);
    expect(error.errors).toEqual({
      'serviceSpecifications[0].elements[2]': [
        'elementTypeDiscriminator "Foo" is not one of PositionDto, ServiceSpecificationGroupDto, NoteTextDto, ExecutionDescriptionDto',
      ],
    });
  });

  it('names nested paths and missing discriminators', () => {
    const error = inputError(
      withElements({ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', elements: [{ elementTypeDiscriminator: 'PositionDto' }, { shortText: 'x' }] }),
    );
    expect(Object.keys(error.errors)).toEqual(['serviceSpecifications[0].elements[0].elements[1]']);
    expect(error.message).toMatch(/elementTypeDiscriminator is missing/);
  });

  it.each([
    ['a string body', 'not a project', 'avaProject'],
    ['an array body', [], 'avaProject'],
    ['null', null, 'avaProject'],
    ['serviceSpecifications not an array', { serviceSpecifications: {} }, 'serviceSpecifications'],
    ['elements not an array', { serviceSpecifications: [{ elements: 'x' }] }, 'serviceSpecifications[0].elements'],
    ['an element not an object', withElements(5), 'serviceSpecifications[0].elements[0]'],
    ['a non-numeric quantityOverride', withElements({ elementTypeDiscriminator: 'PositionDto', quantityOverride: 'abc' }), 'serviceSpecifications[0].elements[0].quantityOverride'],
    ['an object as unitPriceOverride', withElements({ elementTypeDiscriminator: 'PositionDto', unitPriceOverride: {} }), 'serviceSpecifications[0].elements[0].unitPriceOverride'],
    ['a boolean as taxRate', withElements({ elementTypeDiscriminator: 'PositionDto', taxRate: true }), 'serviceSpecifications[0].elements[0].taxRate'],
    ['an unknown enum value', withElements({ elementTypeDiscriminator: 'PositionDto', priceType: 'Sometimes' }), 'serviceSpecifications[0].elements[0].priceType'],
    ['an unknown addendum status', withElements({ elementTypeDiscriminator: 'PositionDto', addendumNumber: '3', addendumStatus: 'Maybe' }), 'serviceSpecifications[0].elements[0].addendumStatus'],
    ['a non-boolean flag', withElements({ elementTypeDiscriminator: 'PositionDto', isLumpSum: 'yes' }), 'serviceSpecifications[0].elements[0].isLumpSum'],
    ['quantityComponents not an array', withElements({ elementTypeDiscriminator: 'PositionDto', quantityComponents: '10' }), 'serviceSpecifications[0].elements[0].quantityComponents'],
    ['a fractional priceAccuracy', { priceAccuracy: 2.5 }, 'priceAccuracy'],
    ['a tier without length', { projectInformation: { itemNumberSchema: { tiers: [{ tierType: 'Group' }] } } }, 'projectInformation.itemNumberSchema.tiers[0].length'],
    ['a wrong block discriminator', withElements({ elementTypeDiscriminator: 'ExecutionDescriptionDto', blocks: [{ elementTypeDiscriminator: 'PositionDto' }] }), 'serviceSpecifications[0].elements[0].blocks[0]'],
  ])('rejects %s', (_name, input, key) => {
    const error = inputError(input);
    expect(error.statusCode).toBe(400);
    expect(Object.keys(error.errors)).toEqual([key]);
  });

  it('rejects absurdly deep group nesting with a 400, not a stack overflow', () => {
    let element: Record<string, unknown> = { elementTypeDiscriminator: 'PositionDto' };
    for (let i = 0; i < 100; i++) element = { elementTypeDiscriminator: 'ServiceSpecificationGroupDto', elements: [element] };
    expect(inputError(withElements(element)).statusCode).toBe(400);
  });
});

describe('normalizeProject: completePositions (positions a reader built complete)', () => {
  const input = () =>
    withElements({
      elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
      elements: [
        { elementTypeDiscriminator: 'PositionDto', id: 'p1', htmlLongText: '<p>Mauerwerk <b>MW 25</b></p>', taxRate: 'x' },
        { elementTypeDiscriminator: 'NoteText', longText: 'Hinweis' },
      ],
    });

  it('only derives the plain long text of such a position; groups and other elements are normalised', () => {
    const spec = normalizeProject(input(), { completePositions: true }).serviceSpecifications![0];
    const group = spec.elements![0] as ServiceSpecificationGroupDto;
    expect(group).toMatchObject({ elementType: 'ServiceSpecificationGroupDto', comissionStatus: 'Undefined' });
    expect(group.id).toMatch(UUID);
    // taken as it is: no defaults added, nothing checked (the reader's promise)
    expect(group.elements![0]).toEqual({
      elementTypeDiscriminator: 'PositionDto', id: 'p1', htmlLongText: '<p>Mauerwerk <b>MW 25</b></p>', taxRate: 'x', longText: 'Mauerwerk MW 25',
    });
    expect(group.elements![1]).toMatchObject({ elementTypeDiscriminator: 'NoteTextDto', htmlLongText: '<p><span>Hinweis</span></p>', isOpeningText: false });
  });

  it('without it, the same position is checked field by field (400 naming the field)', () => {
    expect(Object.keys(inputError(input()).errors)).toEqual(['serviceSpecifications[0].elements[0].elements[0].taxRate']);
  });
});
