/** Small projects for the ÖNORM writer tests, built like a GAEB or ava source would give them (then prepared). */
import type { ElementDto, ExchangePhaseDto, ItemNumberSchemaTierDto, ProjectDto } from '../../core/model/types.js';
import { prepared } from './writer-support.js';

export const position = (n: string, extra: Record<string, unknown> = {}): ElementDto => ({
  elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: n }, shortText: `Position ${n}`,
  htmlLongText: `<p>Langtext der Position ${n}</p>`, unitTag: 'm²', quantityOverride: 2.5, unitPriceOverride: 10, ...extra,
} as ElementDto);

export const group = (n: string, elements: ElementDto[], title = `Gruppe ${n}`): ElementDto => ({
  elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: n }, shortText: title, elements,
} as ElementDto);

export const note = (html: string): ElementDto => ({ elementTypeDiscriminator: 'NoteTextDto', htmlLongText: html } as ElementDto);

const tier = (length: number, tierType: 'Group' | 'Position' | 'Index'): ItemNumberSchemaTierDto => ({ length, type: 'Numeric', tierType });

/** A prepared project; `tiers` like [2, 2, 'P2', 'I1'] (group lengths, the position tier, an index tier). */
export function project(elements: ElementDto[], phase: ExchangePhaseDto = 'CostEstimate', tiers: (number | string)[] = [2, 2, 'P2'], extra: Partial<ProjectDto> = {}): ProjectDto {
  return prepared({
    projectInformation: {
      name: 'Testvorhaben', currencyShort: 'EUR',
      itemNumberSchema: { separator: '.', tiers: tiers.map((t) => (typeof t === 'number' ? tier(t, 'Group') : tier(Number(t.slice(1)), t[0] === 'I' ? 'Index' : 'Position'))) },
      ...(extra.projectInformation ?? {}),
    },
    serviceSpecifications: [{ name: 'Baumeisterarbeiten', exchangePhase: phase, elements }],
  });
}

/** The two-level LV used by most tests: LG 01 / ULG 01 with positions 01 and 02, LG 02 / ULG 01 with 01. */
export const twoLevel = (phase: ExchangePhaseDto = 'CostEstimate'): ProjectDto => project([
  group('01.', [group('01.01.', [position('01.01.01'), position('01.01.02', { unitTag: 'St', quantityOverride: 3 })])]),
  group('02.', [group('02.01.', [position('02.01.01', { unitTag: 'psch', quantityOverride: 1, unitPriceOverride: 500 })])]),
], phase);
