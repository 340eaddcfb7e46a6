import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { evaluateFormula, prepareProject } from '../../core/model/index.js';
import type { PositionDto } from '../../core/model/types.js';

type Input = Record<string, unknown>;
const project = (position: Input, spec: Input = {}): Input => ({
  serviceSpecifications: [{ ...spec, elements: [{ elementTypeDiscriminator: 'PositionDto', ...position }] }],
});
const inputError = (input: Input): GatewayError => {
  try {
    prepareProject(input);
  } catch (err) {
    return err as GatewayError;
  }
  throw new Error('expected a GW_ERR_INPUT');
};

/** The largest .NET decimal, the range of AVACloud's model numbers. */
const MAX = '79228162514264337593543950335';

describe('numbers beyond the range of the model', () => {
  it.each([
    ['quantityOverride', 1e300],
    ['unitPriceOverride', -1e300],
    ['deductionFactor', 1e308],
    ['quantityOverride', '1e400'],
    ['unitPriceOverride', '1,5e400'],
  ])('answers 400 for %s %s instead of a null total', (key, value) => {
    const err = inputError(project({ quantityOverride: 2, unitPriceOverride: 3, [key]: value }));
    expect(err).toBeInstanceOf(GatewayError);
    expect(err.code).toBe('GW_ERR_INPUT');
    expect(err.message).toContain(`${key} must be a number from -${MAX} to ${MAX}`);
  });

  it('answers 400 for a group flatSum given as "1e400"', () => {
    const err = inputError({
      serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', flatSum: '1e400' }] }],
    });
    expect(err.code).toBe('GW_ERR_INPUT');
    expect(err.message).toContain('flatSum must be a number from');
  });

  it('keeps numbers up to the largest decimal, and their products finite', () => {
    const p = prepareProject(project({ quantityOverride: 1e28, unitPriceOverride: 7e28 }, { projectTaxRate: 0.19 }));
    const position = p.serviceSpecifications![0].elements![0] as PositionDto;
    expect(position.totalPrice).toBe(7e56);
    expect(JSON.stringify(p)).not.toContain(':null');
  });

  it('marks a formula whose result leaves the range invalid, at its first character', () => {
    expect(evaluateFormula(' 99999999*99999999*99999999*99999999')).toEqual({ result: 0, valid: false, errorPositionInLine: 1 });
    expect(evaluateFormula(`${'9'.repeat(400)}*2`)).toMatchObject({ result: 0, valid: false });
    expect(evaluateFormula(`-${MAX}`)).toEqual({ result: -Number(MAX), valid: true, errorPositionInLine: -1 });
  });

  it('gives a quantity of 0, not null, for such a formula (and the same again on a second pass)', () => {
    const formula = Array(5000).fill('99999999').join('*');
    const p = prepareProject(project({ quantityComponents: [{ formula }], unitPriceOverride: 5 }));
    const position = p.serviceSpecifications![0].elements![0] as PositionDto;
    expect(position).toMatchObject({ quantity: 0, totalPrice: 0 });
    expect(position.quantityComponents![0]).toMatchObject({ result: 0, valid: false, errorPositionInLine: 0 });
    const json = JSON.stringify(p);
    expect(json).not.toContain(':null');
    expect(JSON.stringify(prepareProject(JSON.parse(json)))).toBe(json);
  });
});

describe('totals beyond the range of a JSON number from a reader (positions complete, not range-checked)', () => {
  const read = (elements: Input[]) =>
    () => prepareProject({ serviceSpecifications: [{ elements: elements.map((e) => ({ elementTypeDiscriminator: 'PositionDto', ...e })) }] }, { completePositions: true });

  it('a position whose quantity × unit price leaves the range answers 400 naming it, not a null total', () => {
    const err = (() => { try { read([{ itemNumber: { stringRepresentation: '01.0010' }, quantityOverride: 1e300, unitPriceOverride: 1e300 }])(); } catch (e) { return e as GatewayError; } })();
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ code: 'GW_ERR_INPUT', errors: { '01.0010': [expect.stringContaining('The total of position 01.0010 (quantity × unit price) is beyond the range')] } });
  });

  it('a BoQ whose positions are each in range but whose sum is not answers 400 too', () => {
    const big = { quantityOverride: 1, unitPriceOverride: 1.5e308 };
    expect(read([{ itemNumber: { stringRepresentation: '1' }, ...big }, { itemNumber: { stringRepresentation: '2' }, ...big }])).toThrow(/The sum of the BoQ is beyond the range/);
  });

  it('large totals within the range are kept', () => {
    const project = read([{ itemNumber: { stringRepresentation: '1' }, quantityOverride: 1e20, unitPriceOverride: 1e20 }])();
    expect((project.serviceSpecifications![0].elements![0] as PositionDto).totalPrice).toBe(1e40);
  });
});
