/**
 * GAEB 2000 unit price components (plugins/gaeb/gaeb2000/price-components.ts): labels `LVInfo/[AnzEPAnteile]`
 * `[_GAEBXML_LblUPComp<n>]` (vendor tags; `[BezEPAnteil<n>]` also read), amounts `Position/[EPAnteil<n>]`
 * (decimal comma or point; the older `[EPLohn]`…), written in the priced phases, read back equal; unit price = sum
 * of the components; the sum check against `[EP]`.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto, PriceComponentDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaeb2000 } from '../../plugins/gaeb/gaeb2000/reader.js';
import { writeGaeb2000 } from '../../plugins/gaeb/gaeb2000/writer.js';
import { positionsOf } from '../support/model.js';

function read(text: string) {
  const sink = new MessageCollector();
  const project = prepareProject(readGaeb2000(iconv.encode(text, 'win1252'), defaultOptions(), sink), {});
  return { project, item: positionsOf(project)[0], messages: sink.messages };
}

function write(project: ProjectDto, phase: '83' | '86' = '86') {
  const sink = new MessageCollector();
  const bytes = writeGaeb2000(project, defaultOptions(), sink, phase);
  return { bytes, text: iconv.decode(bytes, 'win1252'), messages: sink.messages };
}

/** A P86 with one position holding `position` lines and `lvInfo` lines in LVInfo. */
const p86 = (position: string, lvInfo = '') => `#begin[GAEB]
#begin[GAEBInfo]
[Version]1.2[end]
#end[GAEBInfo]
#begin[Vergabe]
[DP]86[end]
#begin[LV]
#begin[LVInfo]
[Name]LV[end]
${lvInfo}#begin[LVGlied]
[Typ]Position[end]
[Laenge]4[end]
#end[LVGlied]
#end[LVInfo]
#begin[Position]
[OZ]0010[end]
[Menge]2,000[end]
[ME]m[end]
${position}#end[Position]
#end[LV]
#end[Vergabe]
#end[GAEB]
`;

const components = (p: PositionDto) => (p.priceComponents ?? []).map((c: PriceComponentDto) => [c.label, c.values?.map((v) => v.formula), c.price]);

function project(priceComponents: PriceComponentDto[], labels?: string[]): ProjectDto {
  return prepareProject({
    projectInformation: { itemNumberSchema: { tiers: [{ length: 4, tierType: 'Position' }] }, ...(labels ? { priceComponents: labels } : {}) },
    unitPriceAccuracy: 2,
    serviceSpecifications: [{
      elements: [{
        elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '0010' }, shortText: 'Pflaster',
        quantityOverride: 2, unitTag: 'm²', priceComponents,
      }],
    }],
  }, {});
}

describe('GAEB 2000 price components: writing', () => {
  const source = project([{ label: 'Lohn', values: [{ formula: '10.50' }] }, { label: 'Stoffe', values: [{ formula: '2.25' }] }], ['Lohn', 'Stoffe']);

  it('writes a priced P86 with two components and reads it back equal', () => {
    const { bytes, text, messages } = write(source);
    expect(text).toMatch(/\[AnzEPAnteile\]2\[end\]\r\n\s*\[_GAEBXML_LblUPComp1\]Lohn\[end\]\r\n\s*\[_GAEBXML_LblUPComp2\]Stoffe\[end\]/);
    expect(text).toMatch(/\[EP\]12,75\[end\]\r\n\s*\[EPAnteil1\]10,50\[end\]\r\n\s*\[EPAnteil2\]2,25\[end\]\r\n\s*\[GB\]25,50\[end\]/);
    expect(messages).toEqual([]);
    const back = read(iconv.decode(bytes, 'win1252'));
    expect(back.messages).toEqual([]);
    expect(back.project.projectInformation?.priceComponents).toEqual(['Lohn', 'Stoffe']);
    expect(components(back.item)).toEqual(components(positionsOf(source)[0]));
    expect([back.item.unitPrice, back.item.totalPrice]).toEqual([12.75, 25.5]);
  });

  it('writes the labels but no amounts in an unpriced phase', () => {
    const { text } = write(source, '83');
    expect(text).toContain('[_GAEBXML_LblUPComp2]Stoffe[end]');
    expect(text).not.toMatch(/\[EPAnteil|\[EP\]/);
  });

  it('reports what it cannot write: a component without a label slot, a rounded amount', () => {
    const odd = project([{ label: 'Lohn', values: [{ formula: '1.005' }] }, { label: 'Fremd', values: [{ formula: '3' }] }, { label: 'Stoffe', values: [{ formula: '1' }] }], ['Lohn', 'Stoffe']);
    const { text, messages } = write(odd);
    expect(text).toContain('[EPAnteil2]1,00[end]');
    expect(messages.map((m) => `${m.code}@${m.itemNumber}`)).toEqual(['GAEB2000_PRICE_COMPONENTS_DROPPED@0010', 'GAEB2000_PRICE_COMPONENT_ROUNDED@0010']);
    expect(messages[0].message).toMatch(/'Fremd'/);
  });
});

describe('GAEB 2000 price components: reading', () => {
  it('reads [EPAnteil1]12,50 with a decimal comma (and a decimal point), labelled from LVInfo', () => {
    const { project, item, messages } = read(p86('[EP]16,00[end]\n[EPAnteil1]12,50[end]\n[EPAnteil2]3.5[end]\n', '[AnzEPAnteile]2[end]\n[BezEPAnteil1]Lohn[end]\n[BezEPAnteil2]Stoffe[end]\n'));
    expect(project.projectInformation?.priceComponents).toEqual(['Lohn', 'Stoffe']);
    expect(components(item)).toEqual([['Lohn', ['12.50'], 12.5], ['Stoffe', ['3.5'], 3.5]]);
    expect(messages).toEqual([]);
  });

  it('makes the unit price the sum of the components when the file states none', () => {
    const { item } = read(p86('[EPAnteil1]12,50[end]\n[EPAnteil3]1,25[end]\n', '[AnzEPAnteile]3[end]\n'));
    expect(item.unitPrice).toBe(13.75);
    expect(item.totalPrice).toBe(27.5);
    expect(components(item)).toEqual([['UPComp1', ['12.50'], 12.5], ['UPComp2', [], 0], ['UPComp3', ['1.25'], 1.25]]);
  });

  it('reads the older named tags [EPLohn]…[EPSonst] as components 1–4', () => {
    const { project, item } = read(p86('[EPLohn]45,00[end]\n[EPStoff]80,00[end]\n[EPGeraet]18,50[end]\n[EPSonst]2,00[end]\n'));
    expect(project.projectInformation?.priceComponents).toEqual(['Lohn', 'Stoff', 'Gerät', 'Sonstiges']);
    expect(item.unitPrice).toBe(145.5);
  });

  it('warns when the components do not add up to [EP] and keeps [EP]', () => {
    const { item, messages } = read(p86('[EP]20,00[end]\n[EPAnteil1]12,50[end]\n[EPAnteil2]5,00[end]\n', '[AnzEPAnteile]2[end]\n'));
    expect(item.unitPrice).toBe(20);
    expect(messages.map((m) => [m.code, m.severity, m.itemNumber])).toEqual([['GAEB2000_PRICE_COMPONENTS_SUM_MISMATCH', 'warning', '0010']]);
    expect(messages[0].message).toMatch(/add up to 17\.5.*\[EP\] is 20/);
  });

  it('reports an amount that is not a number', () => {
    const { item, messages } = read(p86('[EPAnteil1]zwölf[end]\n[EPAnteil2]1,00[end]\n', '[AnzEPAnteile]2[end]\n'));
    expect(components(item)).toEqual([['UPComp1', [], 0], ['UPComp2', ['1.00'], 1]]);
    expect(messages.map((m) => m.code)).toEqual(['GAEB2000_INVALID_NUMBER']);
  });
});
