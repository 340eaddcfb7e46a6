/**
 * GAEB DA XML writer: RemoveUnprintableCharactersFromTexts both ways, length facets (shortened with messages),
 * ID generation, and the 400s for targets and values GAEB cannot hold.
 */
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import type { ElementDto, PositionDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { findInvalidXmlChar } from '../../core/xml/escape.js';
import { writeGaebXml, type GaebXmlTarget } from '../../plugins/gaeb/xml/writer/index.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { all, at, itemByNumber, parseXml, plainOf, val, words, type XNode } from './xml-writer-support.js';

const T83: GaebXmlTarget = { version: '3.3', phase: '83' };

function position(overrides: Partial<PositionDto> = {}): PositionDto {
  return {
    elementTypeDiscriminator: 'PositionDto',
    id: '3f1c4e4e-6a64-4c55-9d55-0c2a51a8a001',
    itemNumber: { stringRepresentation: '01.02.0010', identifiers: ['01', '02', '0010'] },
    shortText: 'Mauerwerk',
    htmlLongText: '<p>Mauerwerk aus Kalksandstein</p>',
    quantity: 12,
    unitTag: 'm2',
    unitPrice: 55,
    totalPrice: 660,
    ...overrides,
  };
}

function project(pos: PositionDto | PositionDto[], extra: Partial<ProjectDto> = {}): ProjectDto {
  return {
    projectInformation: {
      name: 'Projekt',
      itemNumberSchema: {
        tiers: [
          { tierType: 'Group', length: 2 },
          { tierType: 'Group', length: 2 },
          { tierType: 'Position', length: 4 },
        ],
      },
    },
    serviceSpecifications: [
      {
        name: 'LV',
        elements: [
          {
            elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
            itemNumber: { stringRepresentation: '01.', identifiers: ['01'] },
            shortText: 'Rohbau',
            elements: [
              {
                elementTypeDiscriminator: 'ServiceSpecificationGroupDto',
                itemNumber: { stringRepresentation: '01.02.', identifiers: ['01', '02'] },
                shortText: 'Mauerarbeiten',
                elements: Array.isArray(pos) ? pos : [pos],
              },
            ],
          },
        ],
      },
    ],
    ...extra,
  };
}

function expect400(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GatewayError);
    const err = e as GatewayError;
    expect(err.statusCode).toBe(400);
    expect(err.code).toBe('GW_ERR_TARGET_CONSTRAINT');
    return err;
  }
  throw new Error('expected a GatewayError 400');
}

describe('RemoveUnprintableCharactersFromTexts', () => {
  it('false (default): a forbidden character in a long text is a 400 naming the item and the character', () => {
    const p = project(position({ htmlLongText: '<p>Mauer\u000Bwerk</p>' }));
    const err = expect400(() => writeGaebXml(p, defaultOptions(), new MessageCollector(), T83));
    expect(err.message).toBe(
      'Item 01.02.0010: the long text holds the character U+000B, which XML does not allow; set RemoveUnprintableCharactersFromTexts=true to remove it',
    );
    expect(err.errors).toEqual({ '01.02.0010': [err.message] });
  });

  it('false: catches characters in short texts, in HTML character references and in project fields', () => {
    expect400(() => writeGaebXml(project(position({ shortText: 'a\u0001b' })), defaultOptions(), new MessageCollector(), T83));
    const viaEntity = expect400(() => writeGaebXml(project(position({ htmlLongText: '<p>a&#12;b</p>' })), defaultOptions(), new MessageCollector(), T83));
    expect(viaEntity.message).toContain('U+000C');
    const p = project(position());
    p.projectInformation!.name = 'Projekt\u001F';
    const err = expect400(() => writeGaebXml(p, defaultOptions(), new MessageCollector(), T83));
    expect(err.errors['projectInformation.name']).toHaveLength(1);
    expect(err.message).toMatch(/^projectInformation\.name: .*U\+001F/);
    const unit = expect400(() => writeGaebXml(project(position({ unitTag: 'm\u0002' })), defaultOptions(), new MessageCollector(), T83));
    expect(unit.message).toContain('unit');
  });

  it('true: removes them everywhere, reports it, and the output is valid and keeps the words', () => {
    const html = '<p>Mauer\u000Bwerk aus <b>Kalk\u0000sandstein</b>&#11;</p><p>zweite Zeile</p>';
    const p = project(position({ htmlLongText: html, shortText: 'Mauer\u0008werk', unitTag: 'm\uFFFF2' }));
    p.projectInformation!.name = 'Pro\u0007jekt';
    const sink = new MessageCollector();
    const xml = writeGaebXml(p, defaultOptions({ RemoveUnprintableCharactersFromTexts: true }), sink, T83);
    const text = xml.toString('utf8');
    expect(findInvalidXmlChar(text)).toBeUndefined();
    const doc = parseXml(xml);
    const item = itemByNumber(doc, '01.02.0010') as XNode;
    expect(words(plainOf(at(item, 'Description/CompleteText/DetailTxt') as XNode))).toEqual(words('Mauerwerk aus Kalksandstein zweite Zeile'));
    expect(val(item, 'QU')).toBe('m2');
    expect(val(doc, 'PrjInfo/NamePrj')).toBe('Projekt');
    const m = sink.messages.find((x) => x.code === 'GAEB_XML_CHARACTERS_REMOVED');
    expect(m?.message).toMatch(/removed from texts: \d+ occurrences/);
    if (hasGaebSchema('3.3', '83')) expect(validateGaebXml(xml, '3.3', '83').errors).toEqual([]);
  });
});

describe('length facets', () => {
  it('shortens NamePrj, BoQ name, QU, LblUPComp, PerfLbl and address fields to the schema maximum, one message each', () => {
    const p = project(position({ unitTag: 'Stück' }));
    p.projectInformation!.name = 'N'.repeat(75);
    p.projectInformation!.priceComponents = ['Lohnanteil inklusive Zuschläge', 'Material'];
    p.projectInformation!.buyer = { name: 'B'.repeat(45), street: 'S', zipCode: '1', city: 'C' };
    p.serviceSpecifications![0].name = 'Leistungsverzeichnis Rohbau';
    p.serviceSpecifications![0].elements!.push({
      elementTypeDiscriminator: 'ExecutionDescriptionDto', identifier: '1', label: 'L'.repeat(70), blocks: [],
    });
    const sink = new MessageCollector();
    const xml = writeGaebXml(p, defaultOptions(), sink, { version: '3.3', phase: '86' });
    const doc = parseXml(xml);
    expect(val(doc, 'PrjInfo/NamePrj')).toBe('N'.repeat(60));
    expect(val(doc, 'Award/BoQ/BoQInfo/Name')).toBe('Leistungsverzeichnis');
    expect(val(itemByNumber(doc, '01.02.0010') as XNode, 'QU')).toBe('Stüc');
    expect(val(doc, 'Award/BoQ/BoQInfo/LblUPComp1')).toBe('Lohnanteil inklusive');
    expect(val(doc, 'Award/OWN/Address/Name1')).toBe('B'.repeat(40));
    expect(val(all(doc, 'PerfDescr')[0], 'PerfLbl')).toBe('L'.repeat(55));
    const shortened = sink.messages.filter((m) => m.code === 'GAEB_XML_VALUE_SHORTENED').map((m) => m.message.split(' ')[0]);
    expect(shortened.sort()).toEqual(['BoQInfo/Name', 'LblUPComp1', 'NamePrj', 'OWN/Address/Name1', 'PerfLbl', 'QU'].sort());
    if (hasGaebSchema('3.3', '86')) expect(validateGaebXml(xml, '3.3', '86').errors).toEqual([]);
  });
});

describe('IDs and item numbers', () => {
  it('keeps valid unique gaebXmlIds, replaces invalid or duplicate ones with ID_<uuid>', () => {
    const a = position({ gaebXmlId: 'POS_A' });
    const b = position({ id: 'not-a-uuid', gaebXmlId: 'POS_A', itemNumber: { stringRepresentation: '01.02.0020', identifiers: ['01', '02', '0020'] } });
    const c = position({ id: undefined, gaebXmlId: '9 starts with a digit', itemNumber: { stringRepresentation: '01.02.0030', identifiers: ['01', '02', '0030'] } });
    const p = project([a, b, c]);
    const sink = new MessageCollector();
    const doc = parseXml(writeGaebXml(p, defaultOptions(), sink, T83));
    const ids = all(doc, 'Item').map((i) => i.attrs.ID);
    expect(ids[0]).toBe('POS_A');
    expect(ids[1]).toMatch(/^ID_[0-9a-f]{32}$/);
    expect(ids[2]).toMatch(/^ID_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
    expect(sink.messages.find((m) => m.code === 'GAEB_XML_ID_GENERATED')?.message).toMatch(/^\d+ element/);
  });

  it('pads RNoParts from the item number when identifiers are missing and cleans characters RNoPart forbids', () => {
    const p = project(position({ itemNumber: { stringRepresentation: '1.2.1-0' } }));
    const group = (p.serviceSpecifications![0].elements![0] as { elements: { itemNumber: unknown }[] }).elements[0];
    group.itemNumber = { stringRepresentation: '1.2.' };
    const sink = new MessageCollector();
    const doc = parseXml(writeGaebXml(p, defaultOptions(), sink, T83));
    expect(all(doc, 'BoQCtgy').map((c) => c.attrs.RNoPart)).toEqual(['01', '02']);
    expect(all(doc, 'Item')[0].attrs.RNoPart).toBe('010');
    expect(sink.messages.some((m) => m.code === 'GAEB_XML_ITEM_NUMBER_CHANGED')).toBe(true);
  });
});

describe('what GAEB DA XML cannot hold', () => {
  it('unknown version or phase, or no service specification, is a 400', () => {
    const p = project(position());
    expect400(() => writeGaebXml(p, defaultOptions(), new MessageCollector(), { version: '3.4' as never, phase: '83' }));
    expect400(() => writeGaebXml(p, defaultOptions(), new MessageCollector(), { version: '3.3', phase: '89' as never }));
    expect400(() => writeGaebXml(p, defaultOptions(), new MessageCollector(), { version: '3.1', phase: '80' })); // 3.1's DP enumerates 81–87
    expect400(() => writeGaebXml({ serviceSpecifications: [] }, defaultOptions(), new MessageCollector(), T83));
  });

  it('a quantity with more than 8 integer digits is a 400 keyed by the item number', () => {
    const err = expect400(() => writeGaebXml(project(position({ quantity: 123456789 })), defaultOptions(), new MessageCollector(), T83));
    expect(err.errors['01.02.0010'][0]).toContain('Qty 123456789.000');
  });
});

describe('structure edge cases', () => {
  const group = (n: string, isLot: boolean, elements: ElementDto[]): ElementDto => ({
    elementTypeDiscriminator: 'ServiceSpecificationGroupDto' as const,
    itemNumber: { stringRepresentation: `${n}.`, identifiers: n.split('.') },
    shortText: `Gruppe ${n}`,
    isLot,
    elements,
  });
  const item = (n: string): PositionDto => position({ id: undefined, itemNumber: { stringRepresentation: n, identifiers: n.split('.') } });

  it.each(['83', '84', '86'] as const)('an empty BoQ, a Lot schema and a missing schema all give valid phase %s documents', (phase) => {
    const empty: ProjectDto = { serviceSpecifications: [{ name: 'Leer' }] };
    const lots: ProjectDto = {
      projectInformation: { itemNumberSchema: { tiers: [{ tierType: 'Lot', length: 1 }, { tierType: 'Group', length: 2 }, { tierType: 'Position', length: 4 }] } },
      serviceSpecifications: [{ name: 'Lose', elements: [group('1', true, [group('1.01', false, [item('1.01.0010')])]), group('2', true, [group('2.01', false, [item('2.01.0010')])])] }],
    };
    const noSchema: ProjectDto = { serviceSpecifications: [{ name: 'Ohne', elements: [group('5', false, [item('5.12')])] }] };
    for (const p of [empty, lots, noSchema]) {
      const sink = new MessageCollector();
      const xml = writeGaebXml(p, defaultOptions(), sink, { version: '3.3', phase });
      const doc = parseXml(xml);
      if (p === lots) {
        expect(all(doc, 'BoQBkdn').map((b) => val(b, 'Type'))).toEqual(['Lot', 'BoQLevel', 'Item']);
        expect(all(doc, 'Item').map((i) => i.attrs.RNoPart)).toEqual(['0010', '0010']);
      }
      if (p === noSchema) {
        expect(all(doc, 'BoQBkdn').map((b) => `${val(b, 'Type')}:${val(b, 'Length')}`)).toEqual(['BoQLevel:1', 'Item:2']);
        expect(sink.messages.some((m) => m.code === 'GAEB_XML_SCHEMA_DERIVED')).toBe(true);
      }
      if (hasGaebSchema('3.3', phase)) expect(validateGaebXml(xml, '3.3', phase).errors).toEqual([]);
    }
  });
});
