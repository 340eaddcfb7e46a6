import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type {
  PositionDto, PriceRoundingModeDto, ProjectDto, ServiceSpecificationDto, ServiceSpecificationGroupDto,
} from '../../core/model/types.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/model/${name}`, import.meta.url), 'utf8'));

type Input = Record<string, unknown>;
const position = (fields: Input = {}): Input => ({ elementTypeDiscriminator: 'PositionDto', ...fields });
const group = (elements: Input[], fields: Input = {}): Input => ({ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', elements, ...fields });
const priced = (quantity: number, unitPrice: number, fields: Input = {}): Input =>
  position({ quantityOverride: quantity, unitPriceOverride: unitPrice, ...fields });

function calc(elements: Input[], spec: Input = {}, project: Input = {}, opts = {}): ServiceSpecificationDto {
  return prepareProject({ ...project, serviceSpecifications: [{ ...spec, elements }] }, opts).serviceSpecifications![0];
}
const schema = (tiers: Input[]) => ({ projectInformation: { itemNumberSchema: { tiers } } });
const first = (spec: ServiceSpecificationDto) => spec.elements![0] as PositionDto;
const byPath = (spec: { elements?: unknown[] }, ...path: number[]): any =>
  path.reduce<any>((node, i) => node.elements[i], spec);

describe('calculateProject: positions', () => {
  it('prices the minimal demo payload: 10 × 80 = 800', () => {
    const spec = calc([
      position({
        shortText: 'Concrete Wall',
        unitTag: 'm²',
        quantityComponents: [{ formula: '10' }],
        priceComponents: [{ values: [{ formula: '80' }] }],
      }),
    ]);
    const p = first(spec);
    expect(p).toMatchObject({ quantity: 10, unitPrice: 80, totalPrice: 800, deductedPrice: 800, totalPriceGross: 800, hierarchyLevel: 0 });
    expect(p.quantityComponents![0]).toMatchObject({ result: 10, valid: true, errorPositionInLine: -1 });
    expect(p.priceComponents![0]).toMatchObject({ price: 80, values: [{ result: 80, valid: true, errorPositionInLine: -1 }] });
    expect(spec).toMatchObject({ totalPrice: 800, deductedPrice: 800, totalPriceGross: 800 });
  });

  it('sums quantity components, skipping invalid lines', () => {
    const p = first(calc([position({ quantityComponents: [{ formula: '2,5*4' }, { formula: '3*(2' }, { formula: '1/3' }, {}] })]));
    expect(p.quantity).toBe(10.333);
    expect(p.quantityComponents!.map((c) => [c.result, c.valid, c.errorPositionInLine])).toEqual([
      [10, true, -1],
      [0, false, 4],
      [0.333, true, -1],
      [0, true, -1],
    ]);
  });

  it('computes sub-description quantities from their components', () => {
    const p = first(calc([position({ subDescriptions: [{ quantityComponents: [{ formula: '2*3' }, { formula: '1,5' }] }] })]));
    expect(p.subDescriptions![0].quantity).toBe(7.5);
    expect(p.quantity).toBe(0);
  });

  it('lets overrides win over components, which are still evaluated', () => {
    const p = first(
      calc([position({ quantityOverride: 7, quantityComponents: [{ formula: '10' }], unitPriceOverride: 5, priceComponents: [{ values: [{ formula: '80' }] }] })]),
    );
    expect(p).toMatchObject({ quantity: 7, unitPrice: 5, totalPrice: 35 });
    expect(p.quantityComponents![0].result).toBe(10);
    expect(p.priceComponents![0].price).toBe(80);
  });

  it('rounds overrides to quantity and price precision', () => {
    const p = first(calc([priced(1.23456, 2.34567)], {}, { priceAccuracy: 2 }));
    expect(p).toMatchObject({ quantity: 1.235, unitPrice: 2.35, totalPrice: 2.9 });
  });

  it('adds price components and labour (own or project hourly wage)', () => {
    const spec = calc(
      [
        position({
          quantityOverride: 2,
          priceComponents: [{ label: 'Stoffe', values: [{ formula: '10' }, { formula: '2,5' }] }, { label: 'Geräte', values: [{ formula: '3' }] }],
          labourComponents: { values: [{ formula: '2' }, { formula: '0,5' }] },
        }),
        position({ quantityOverride: 1, labourComponents: { useOwnHourlyWage: true, hourlyWage: 50, values: [{ formula: '2,5' }] } }),
      ],
      { projectHourlyWage: 40 },
    );
    const [a, b] = spec.elements as PositionDto[];
    expect(a.priceComponents!.map((c) => c.price)).toEqual([12.5, 3]);
    expect(a.labourComponents).toMatchObject({ totalTime: 2.5, hourlyWage: 40, price: 100 });
    expect(a).toMatchObject({ unitPrice: 115.5, totalPrice: 231 });
    expect(b.labourComponents).toMatchObject({ totalTime: 2.5, hourlyWage: 50, price: 125 });
    expect(b.unitPrice).toBe(125);
  });

  it('uses the position tax rate only with useDifferentTaxRate', () => {
    const spec = calc([priced(1, 100, { taxRate: 0.07 }), priced(1, 100, { taxRate: 0.07, useDifferentTaxRate: true })], { projectTaxRate: 0.19 });
    const [a, b] = spec.elements as PositionDto[];
    expect(a).toMatchObject({ taxRate: 0.19, totalPriceGross: 119 });
    expect(b).toMatchObject({ taxRate: 0.07, totalPriceGross: 107 });
  });

  it('takes the tax rate and wage from priceInformation when the service specification has none', () => {
    const spec = calc([position({ quantityOverride: 1, labourComponents: { values: [{ formula: '1' }] } })], {
      priceInformation: { taxRate: 0.2, hourlyWage: 30 },
    });
    expect(first(spec)).toMatchObject({ unitPrice: 30, taxRate: 0.2, totalPriceGross: 36 });
  });
});

describe('calculateProject: rounding modes', () => {
  const unitPriceFor = (formula: string, mode: PriceRoundingModeDto) =>
    first(calc([position({ quantityOverride: 1, priceComponents: [{ values: [{ formula }] }] })], {}, { priceAccuracy: 2, priceRoundingMode: mode })).unitPrice;

  it.each([
    ['1.005', 'Normal', 1.01],
    ['1.005', 'Floor', 1],
    ['1.005', 'Ceiling', 1.01],
    ['1.004', 'Normal', 1],
    ['-1.005', 'Normal', -1.01],
    ['-1.005', 'Floor', -1.01],
    ['-1.005', 'Ceiling', -1],
    ['-1.001', 'Floor', -1.01],
    ['2.675', 'Normal', 2.68],
  ] as const)('unit price %s in %s → %d', (formula, mode, expected) => {
    expect(unitPriceFor(formula, mode)).toBe(expected);
  });

  const totalFor = (quantity: number, mode: PriceRoundingModeDto) =>
    first(calc([priced(quantity, 1.5)], {}, { priceAccuracy: 3, priceRoundingMode: mode })).totalPrice;

  it.each([
    [0.333, 'Normal', 0.5],
    [0.333, 'Floor', 0.499],
    [0.333, 'Ceiling', 0.5],
    [-0.333, 'Normal', -0.5],
    [-0.333, 'Floor', -0.5],
    [-0.333, 'Ceiling', -0.499],
  ] as const)('total of %d × 1.5 in %s → %d', (quantity, mode, expected) => {
    expect(totalFor(quantity, mode)).toBe(expected);
  });

  it('never accumulates binary floating point error', () => {
    const spec = calc(Array.from({ length: 10 }, () => priced(1, 0.1)));
    expect(spec.totalPrice).toBe(1);
    const p = first(calc([priced(3, 1.1)]));
    expect(p.totalPrice).toBe(3.3);
  });
});

describe('calculateProject: container totals', () => {
  it('excludes WithoutTotal, alternative and removed positions but counts optional and hourly ones', () => {
    const spec = calc([
      priced(1, 100),
      priced(1, 1000, { priceType: 'WithoutTotal' }),
      priced(1, 2000, { positionType: 'Alternative', alternativeTo: 'x' }),
      priced(1, 4000, { comissionStatus: 'Removed' }),
      priced(1, 10, { positionType: 'Optional' }),
      priced(1, 1, { serviceType: 'HourlyPaidWork' }),
    ]);
    expect(spec.totalPrice).toBe(111);
    expect((spec.elements as PositionDto[]).map((p) => p.totalPrice)).toEqual([100, 1000, 2000, 4000, 10, 1]);
  });

  it('excludes removed, WithoutTotal and alternative groups from their parent', () => {
    const spec = calc([
      group([priced(1, 1)]),
      group([priced(1, 20)], { comissionStatus: 'Removed' }),
      group([priced(1, 300)], { priceType: 'WithoutTotal' }),
      group([priced(1, 4000)], { alternativeTo: 'other-group-id' }),
    ]);
    expect(spec.totalPrice).toBe(1);
    expect((spec.elements as ServiceSpecificationGroupDto[]).map((g) => g.totalPrice)).toEqual([1, 20, 300, 4000]);
  });

  it('sums nested groups once per level', () => {
    const spec = calc([group([group([priced(2, 10), priced(1, 5)]), priced(1, 100)]), priced(1, 1000)]);
    expect(byPath(spec, 0, 0).totalPrice).toBe(25);
    expect(byPath(spec, 0).totalPrice).toBe(125);
    expect(spec.totalPrice).toBe(1125);
  });

  it('splits gross totals by tax rate, sorted, with tax rounded per rate', () => {
    const spec = calc(
      [
        group([priced(1, 10.01), priced(1, 10.01, { useDifferentTaxRate: true, taxRate: 0.07 })]),
        priced(1, 20.02, { useDifferentTaxRate: true, taxRate: 0.07 }),
      ],
      { projectTaxRate: 0.19 },
      { priceAccuracy: 2 },
    );
    expect(spec.totalPrice).toBe(40.04);
    expect(spec.totalPriceGrossByTaxRate).toEqual([
      { taxRate: 0.07, deductionFactor: 0, totalNet: 30.03, totalDeducted: 30.03, totalTax: 2.1, totalGross: 32.13, totalGrossDeducted: 32.13, totalTaxDeducted: 2.1 },
      { taxRate: 0.19, deductionFactor: 0, totalNet: 10.01, totalDeducted: 10.01, totalTax: 1.9, totalGross: 11.91, totalGrossDeducted: 11.91, totalTaxDeducted: 1.9 },
    ]);
    expect(spec).toMatchObject({ totalPriceGross: 44.04, totalPriceGrossDeducted: 44.04 });
    expect(byPath(spec, 0).totalPriceGrossByTaxRate.map((r: { taxRate: number }) => r.taxRate)).toEqual([0.07, 0.19]);
  });

  it('applies deductions on positions, groups and the service specification', () => {
    const spec = calc(
      [group([priced(1, 100, { deductionFactor: 0.1 }), priced(1, 200)], { deductionFactor: 0.05 })],
      { projectTaxRate: 0.19, deductionFactor: 0.02 },
      { priceAccuracy: 2 },
    );
    const g = byPath(spec, 0);
    expect(byPath(spec, 0, 0)).toMatchObject({ totalPrice: 100, deductedPrice: 90, totalPriceGross: 119, totalPriceGrossDeducted: 107.1 });
    // A container's totalPrice sums its children after their own deductions (GAEB Totals/Total): 90 + 200.
    expect(g).toMatchObject({ totalPrice: 290, deductedPrice: 275.5 });
    expect(g.totalPriceGrossByTaxRate).toEqual([
      { taxRate: 0.19, deductionFactor: 0.05, totalNet: 290, totalDeducted: 275.5, totalTax: 55.1, totalGross: 345.1, totalGrossDeducted: 327.85, totalTaxDeducted: 52.35 },
    ]);
    expect(spec).toMatchObject({ totalPrice: 275.5, deductedPrice: 269.99, totalPriceGross: 327.85, totalPriceGrossDeducted: 321.29 });
    expect(spec.totalPriceGrossByTaxRate![0]).toMatchObject({ deductionFactor: 0.02, totalDeducted: 269.99, totalTaxDeducted: 51.3 });
  });

  it('subtracts an absolute deduction after the factor and lets a flat sum replace the deducted price', () => {
    const spec = calc(
      [
        group([priced(1, 1000)], { deductionFactor: 0.1, absoluteDeduction: 50 }),
        group([priced(1, 23705.51)], { flatSum: 20000 }),
        group([priced(1, 10)], { alternativeTo: 'x' }),
      ],
      { absoluteDeduction: 100 },
      { priceAccuracy: 2 },
    );
    expect(byPath(spec, 0)).toMatchObject({ totalPrice: 1000, deductedPrice: 850 });
    expect(byPath(spec, 1)).toMatchObject({ totalPrice: 23705.51, deductedPrice: 20000, flatSum: 20000 });
    expect(spec).toMatchObject({ totalPrice: 20850, deductedPrice: 20750 });
    expect(spec.totalPriceGrossByTaxRate![0]).toMatchObject({ totalNet: 20850, totalDeducted: 20750 });
  });

  it('prices complementing (markup) positions from their base', () => {
    const marked = priced(2, 50, { complemented: true, deductionFactor: 0.1 });
    const ref = priced(1, 400, { id: 'r' });
    const markup = (type: string, extra: object = {}) =>
      ({ elementTypeDiscriminator: 'PositionDto', isComplementingPosition: true, gaebComplementingType: type, complementingPricePercentage: 10, ...extra });
    const spec = calc(
      [
        group([
          marked, priced(1, 1000), markup('AllPreviousMarkedPositions'), markup('AllPreviousPositions'),
          markup('ReferencedPositions', { complementsPositions: ['r'] }),
        ]),
        group([ref]),
      ],
      {},
      { priceAccuracy: 2 },
    );
    const [, , m1, m2, m3] = byPath(spec, 0).elements as PositionDto[];
    expect(m1).toMatchObject({ quantity: 1, unitPrice: 9, totalPrice: 9 }); // 10 % of IT 90
    expect(m2).toMatchObject({ unitPrice: 109, totalPrice: 109 }); // 10 % of 90 + 1000, markups excluded
    expect(m3).toMatchObject({ unitPrice: 40, totalPrice: 40 }); // a later position by id
    expect(byPath(spec, 0).totalPrice).toBe(90 + 1000 + 9 + 109 + 40);
  });

  it('prices a markup on referenced positions before and after it, also one referenced twice', () => {
    const markup = (ids: string[]) => ({
      elementTypeDiscriminator: 'PositionDto', isComplementingPosition: true, gaebComplementingType: 'ReferencedPositions',
      complementingPricePercentage: 10, complementsPositions: ids,
    });
    const spec = calc(
      [
        group([priced(2, 100, { id: 'a', deductionFactor: 0.5 })]),
        group([markup(['a', 'b']), markup(['b']), priced(3, 10, { id: 'b' })]),
      ],
      {},
      { priceAccuracy: 2 },
    );
    const [m1, m2] = byPath(spec, 1).elements as PositionDto[];
    expect(m1).toMatchObject({ complementingBasePrice: 100 + 30, unitPrice: 13, totalPrice: 13 }); // deducted prices: a 200 × 0.5, b 30
    expect(m2).toMatchObject({ complementingBasePrice: 30, unitPrice: 3, totalPrice: 3 });
    expect(byPath(spec, 1, 2)).toMatchObject({ quantity: 3, unitPrice: 10, totalPrice: 30, deductedPrice: 30 });
    expect(byPath(spec, 1).totalPrice).toBe(13 + 3 + 30);
  });

  it('propagates project values down to groups', () => {
    const project = prepareProject({
      projectInformation: { priceComponents: ['Lohn', 'Stoffe'], labourTimeLabel: 'Stunden', itemNumberSchema: { tiers: [{ length: 4, tierType: 'Position' }] } },
      serviceSpecifications: [{ projectTaxRate: 0.19, projectHourlyWage: 45, elements: [group([group([])], { projectTaxRate: 0.5 })] }],
    });
    const spec = project.serviceSpecifications![0];
    for (const container of [spec, byPath(spec, 0), byPath(spec, 0, 0)]) {
      expect(container).toMatchObject({ projectTaxRate: 0.19, projectHourlyWage: 45, projectPriceComponents: ['Lohn', 'Stoffe'], projectLabourTimeLabel: 'Stunden' });
      expect(container.projectItemNumberSchema).toBe(project.projectInformation!.itemNumberSchema);
    }
  });

  it('is idempotent', () => {
    const project = prepareProject(fixture('demo-python-structured.json'));
    const once = JSON.stringify(project);
    expect(JSON.stringify(prepareProject(project))).toBe(once);
  });
});

describe('calculateProject: item numbers', () => {
  it('handles the structured demo: identifiers, levels, 50 net / 59.5 gross', () => {
    const project: ProjectDto = prepareProject(fixture('demo-python-structured.json'));
    const spec = project.serviceSpecifications![0];
    const g1 = byPath(spec, 0);
    const g2 = byPath(spec, 0, 0);
    const p = byPath(spec, 0, 0, 0) as PositionDto;
    expect(g1.itemNumber).toMatchObject({ stringRepresentation: '01.', identifiers: ['01'], isSchemaCompliant: true, hierarchyLevel: 0, isAttachedToPosition: false });
    expect(g2.itemNumber).toMatchObject({ stringRepresentation: '01.02.', identifiers: ['01', '02'], isSchemaCompliant: true, hierarchyLevel: 1 });
    expect(p.itemNumber).toMatchObject({ stringRepresentation: '01.02.0500', identifiers: ['01', '02', '0500'], isSchemaCompliant: true, hierarchyLevel: 2, isAttachedToPosition: true, isLot: false });
    expect([g1.hierarchyLevel, g2.hierarchyLevel, p.hierarchyLevel]).toEqual([0, 1, 2]);
    expect(p).toMatchObject({ quantity: 10, unitPrice: 5, totalPrice: 50, totalPriceGross: 59.5, taxRate: 0.19 });
    for (const container of [spec, g1, g2]) expect(container).toMatchObject({ totalPrice: 50, totalPriceGross: 59.5 });
    expect(project.projectInformation!.itemNumberSchema).toMatchObject({ totalLength: 8, schemaIsCorrectlyDefined: true, skipNonExistingLevelsInPositionItemNumbers: false });
    expect(p.itemNumber!.itemNumberSchema).toBeUndefined();
  });

  const ggp = schema([{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }, { length: 4, tierType: 'Position' }]);

  it('pads short identifiers and keeps non-compliant numbers as given', () => {
    const spec = calc(
      [group([group([position({ itemNumber: { stringRepresentation: '1.2.30' } }), position({ itemNumber: { stringRepresentation: '1.2.ABC' } })], { itemNumber: { stringRepresentation: '1.2' } })], { itemNumber: { stringRepresentation: '1' } })],
      {},
      ggp,
    );
    expect(byPath(spec, 0).itemNumber).toMatchObject({ stringRepresentation: '01.', isSchemaCompliant: true });
    expect(byPath(spec, 0, 0).itemNumber).toMatchObject({ stringRepresentation: '01.02.', isSchemaCompliant: true });
    expect(byPath(spec, 0, 0, 0).itemNumber).toMatchObject({ stringRepresentation: '01.02.0030', identifiers: ['01', '02', '0030'], isSchemaCompliant: true });
    expect(byPath(spec, 0, 0, 1).itemNumber).toMatchObject({ stringRepresentation: '1.2.ABC', isSchemaCompliant: false });
  });

  it('keeps numbers written as the schema formats them, and formats near misses', () => {
    const spec = calc(
      [group([group([
        position({ itemNumber: { stringRepresentation: '01.02.0030' } }),
        position({ itemNumber: { stringRepresentation: ' 01.02.0040 ' } }),
        position({ itemNumber: { stringRepresentation: '01. 02.0050' } }),
        position({ itemNumber: { stringRepresentation: '01.02.006' } }),
        position({ itemNumber: { stringRepresentation: '01.02.0070.' } }),
      ], { itemNumber: { stringRepresentation: '01.02' } })], { itemNumber: { stringRepresentation: '01.' } })],
      {},
      ggp,
    );
    expect(byPath(spec, 0).itemNumber!.stringRepresentation).toBe('01.');
    expect(byPath(spec, 0, 0).itemNumber!.stringRepresentation).toBe('01.02.');
    const numbers = [0, 1, 2, 3, 4].map((i) => byPath(spec, 0, 0, i).itemNumber);
    expect(numbers.map((n) => n!.stringRepresentation)).toEqual(['01.02.0030', '01.02.0040', '01.02.0050', '01.02.0006', '01.02.0070']);
    expect(numbers.every((n) => n!.isSchemaCompliant)).toBe(true);
  });

  it('accepts skipped group levels only with supportSkippedItemNumberLevels', () => {
    const elements = [group([position({ itemNumber: { stringRepresentation: '01.0010' } })], { itemNumber: { stringRepresentation: '01.' } })];
    const strict = calc(elements, {}, ggp);
    expect(byPath(strict, 0, 0).itemNumber).toMatchObject({ stringRepresentation: '01.0010', isSchemaCompliant: false, hierarchyLevel: 1 });

    const project = prepareProject({ ...ggp, serviceSpecifications: [{ elements: structuredClone(elements) }] }, { supportSkippedItemNumberLevels: true });
    const spec = project.serviceSpecifications![0];
    expect(byPath(spec, 0, 0).itemNumber).toMatchObject({ identifiers: ['01', '__', '0010'], isSchemaCompliant: true, stringRepresentation: '01.__.0010' });
    expect(project.projectInformation!.itemNumberSchema!.skipNonExistingLevelsInPositionItemNumbers).toBe(true);
  });

  it('marks lots from a Lot tier', () => {
    const spec = calc(
      [group([position({ itemNumber: { stringRepresentation: '1.0010' } })], { itemNumber: { stringRepresentation: '1.' } })],
      {},
      schema([{ length: 1, tierType: 'Lot' }, { length: 4, tierType: 'Position' }]),
    );
    expect(byPath(spec, 0)).toMatchObject({ isLot: true, itemNumber: { isLot: true, identifiers: ['1'], isSchemaCompliant: true } });
    expect(byPath(spec, 0, 0).itemNumber).toMatchObject({ isLot: false, identifiers: ['1', '0010'] });
  });

  it('flags an incorrectly defined schema', () => {
    const project = prepareProject({ ...schema([{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }]), serviceSpecifications: [] });
    expect(project.projectInformation!.itemNumberSchema).toMatchObject({ totalLength: 4, schemaIsCorrectlyDefined: false });
  });

  it('flags duplicate item numbers on the containers holding both', () => {
    const spec = calc(
      [
        group([position({ itemNumber: { stringRepresentation: '01.0010' } }), position({ itemNumber: { stringRepresentation: '01.10' } })], { itemNumber: { stringRepresentation: '01.' } }),
        group([position({ itemNumber: { stringRepresentation: '02.0010' } })], { itemNumber: { stringRepresentation: '02.' } }),
        group([group([]), group([position({ itemNumber: { stringRepresentation: '01.0010' } })])], { itemNumber: { stringRepresentation: '03.' } }),
      ],
      {},
      schema([{ length: 2, tierType: 'Group' }, { length: 4, tierType: 'Position' }]),
    );
    expect(byPath(spec, 0).containsDuplicateItemNumbers).toBe(true);
    expect(byPath(spec, 1).containsDuplicateItemNumbers).toBe(false);
    expect(byPath(spec, 2).containsDuplicateItemNumbers).toBe(false);
    expect(spec.containsDuplicateItemNumbers).toBe(true);
  });

  it('computes levels and raw identifiers without a schema', () => {
    const spec = calc([group([position({ itemNumber: { stringRepresentation: '1.2' } })], { itemNumber: { stringRepresentation: '1.' } })]);
    expect(byPath(spec, 0, 0)).toMatchObject({ hierarchyLevel: 1, itemNumber: { identifiers: ['1', '2'], isSchemaCompliant: false, stringRepresentation: '1.2' } });
  });
});

describe('calculateProject: size', () => {
  it('computes 40,000 positions', () => {
    const groups = Array.from({ length: 40 }, (_, g) =>
      group(
        Array.from({ length: 1000 }, (_, i) =>
          position({
            itemNumber: { stringRepresentation: `${g + 1}.${(i + 1) * 10}` },
            quantityComponents: [{ formula: `${i % 17},5*2` }],
            priceComponents: [{ values: [{ formula: `${(i % 100) + 1}.25` }] }],
          }),
        ),
        { itemNumber: { stringRepresentation: `${g + 1}.` } },
      ),
    );
    const project = prepareProject({
      ...schema([{ length: 2, tierType: 'Group' }, { length: 5, tierType: 'Position' }]),
      serviceSpecifications: [{ projectTaxRate: 0.19, elements: groups }],
    });
    const spec = project.serviceSpecifications![0];
    let expected = 0n;
    for (let i = 0; i < 1000; i++) expected += BigInt((i % 17) * 2 + 1) * BigInt((i % 100) * 100 + 125);
    expect(spec.totalPrice).toBe(Number(expected * 40n) / 100);
    expect(byPath(spec, 39, 999).itemNumber).toMatchObject({ stringRepresentation: '40.10000', isSchemaCompliant: true });
    expect(spec.containsDuplicateItemNumbers).toBe(false);
  });
});
