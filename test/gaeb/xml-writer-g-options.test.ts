/**
 * The G options of the GAEB DA XML writer: `TargetExchangePhaseTransform` (through the plugin's `targetPhase`),
 * `EnforceStrictOfferPhaseLongTextOutput` (what phase 84 keeps of texts marked as holding text additions) and
 * `ExportQuantityDetermination` (`quantityComponents` as `QtyDeterm/QDetermItem/QTakeoff/@Row` REB rows; the
 * reader maps them back). Each test fails when its option is ignored. Sources: the 3.3 phase XSDs and Lib
 * (2021-05; tgQTakeoffRow pattern `" {2,2} {9,9}.{69,69}"`), the query options of the AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger).
 */
import { describe, expect, it } from 'vitest';
import type { PositionDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import type { ConversionContext } from '../../core/plugin/contract.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { writeGaebXml, type GaebPhase, type GaebXmlVersion } from '../../plugins/gaeb/xml/writer/index.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { all, at, itemByNumber, loadFixture, parseXml, textOf, val, type XNode } from './xml-writer-support.js';
import { flatten } from './xml-reader-support.js';

const project = await loadFixture('rich');

function write(p: ProjectDto, version: GaebXmlVersion, phase: GaebPhase, overrides: Record<string, boolean | string> = {}) {
  const sink = new MessageCollector();
  const xml = writeGaebXml(structuredClone(p), defaultOptions(overrides), sink, { version, phase });
  return { xml, doc: parseXml(xml), messages: sink.messages };
}

function expectValid(xml: Buffer, version: GaebXmlVersion, phase: GaebPhase): void {
  if (!hasGaebSchema(version, phase)) return;
  const result = validateGaebXml(xml, version, phase);
  expect(result.errors).toEqual([]);
}

/** An element tree without parent links, for deep comparison. */
function shape(n: XNode | undefined): unknown {
  return n && { name: n.name, attrs: n.attrs, text: n.text, children: n.children.map(shape) };
}

function position(p: ProjectDto, number: string): PositionDto {
  const found = flatten(p.serviceSpecifications?.[0]?.elements).find((e) => (e as PositionDto).itemNumber?.stringRepresentation === number);
  if (!found) throw new Error(`no position ${number}`);
  return found as PositionDto;
}

describe('TargetExchangePhaseTransform', () => {
  // rich.json is an OfferRequest (83) with unit prices: None keeps 83.
  const cases: [string, GaebPhase][] = [
    ['None', '83'], ['Base', '81'], ['CostEstimate', '82'], ['OfferRequest', '83'], ['Offer', '84'], ['SideOffer', '85'], ['Grant', '86'],
  ];
  it.each(cases)('%s writes phase %s: DP, namespace, prices and structure as the 3.3 phase XSD says', async (transform, phase) => {
    const sink = new MessageCollector();
    const ctx: ConversionContext = Object.assign(sink, { sourceId: 'ava', targetId: 'gaeb' });
    const options = defaultOptions({ DestinationGaebType: 'GaebXml_V3_3', TargetExchangePhaseTransform: transform });
    const out = await gaebPlugin.writer!.write(structuredClone(project), options, ctx);
    const xml = out.data as Buffer;
    const doc = parseXml(xml);
    expect(out.fileExtension).toBe(`.X${phase}`);
    expect(doc.ns).toBe(`http://www.gaeb.de/GAEB_DA_XML/DA${phase}/3.3`);
    expect(val(doc, 'Award/DP')).toBe(phase);
    const item = itemByNumber(doc, '01.01.0010') as XNode;
    const priced = phase === '82' || phase === '84' || phase === '85' || phase === '86';
    expect(val(item, 'UP')).toBe(priced ? '12.345' : undefined);
    expect(all(doc, 'IT').length > 0).toBe(priced);
    if (!priced) expect(sink.messages.some((m) => m.code === 'GAEB_XML_PRICES_DROPPED')).toBe(true);
    // 84: the reduced bid structure (CTR required, no QU, no OutlineText, no BoQInfo/LblBoQ, Totals per category)
    const reduced = phase === '84';
    expect(all(doc, 'QU').length === 0).toBe(reduced || false);
    expect(all(doc, 'OutlineText').length === 0).toBe(reduced);
    expect(at(doc, 'Award/BoQ/BoQInfo/LblBoQ') === undefined).toBe(reduced);
    if (reduced) expect(at(doc, 'Award/CTR')).toBeDefined();
    expectValid(xml, '3.3', phase);
  });
});

describe('EnforceStrictOfferPhaseLongTextOutput', () => {
  // 01.01.0020 has a long text without complement markup; marking it as holding an addition is the "misuse".
  const marked = (additionType: 'ByBidder' | 'ByBuyer') => {
    const p = structuredClone(project);
    position(p, '01.01.0020').additionType = additionType;
    return p;
  };

  it('false (default): phase 84 writes a marked text in full, as one text complement of the marked kind, schema-valid', () => {
    const { xml, doc, messages } = write(marked('ByBidder'), '3.3', '84');
    const detail = at(itemByNumber(doc, '01.01.0020') as XNode, 'Description/CompleteText/DetailTxt') as XNode;
    expect(detail.children.map((c) => c.name)).toEqual(['TextComplement']);
    expect(detail.children[0].attrs.Kind).toBe('Bidder');
    const body = at(detail, 'TextComplement/ComplBody') as XNode;
    expect(textOf(body)).toBe('Pflasterverlegenzweiter Absatz rot fett');
    expect(all(body, 'br').length).toBeGreaterThanOrEqual(2);
    expect(messages.some((m) => m.code === 'GAEB_XML_TEXT_ADDITION_KEPT')).toBe(true);
    expectValid(xml, '3.3', '84');
    const owner = write(marked('ByBuyer'), '3.3', '84').doc;
    expect(at(itemByNumber(owner, '01.01.0020') as XNode, 'Description/CompleteText/DetailTxt/TextComplement')?.attrs.Kind).toBe('Owner');
  });

  it('true: phase 84 keeps only complement markup, so the marked text without markup is not written', () => {
    const { xml, doc, messages } = write(marked('ByBidder'), '3.3', '84', { EnforceStrictOfferPhaseLongTextOutput: true });
    expect(at(itemByNumber(doc, '01.01.0020') as XNode, 'Description')).toBeUndefined();
    expect(messages.some((m) => m.code === 'GAEB_XML_TEXT_ADDITION_DROPPED' && m.itemNumber === '01.01.0020')).toBe(true);
    expectValid(xml, '3.3', '84');
  });

  it('texts with complement markup, unmarked texts and other phases are the same in both modes', () => {
    for (const phase of ['84', '83'] as const) {
      const loose = write(marked('ByBidder'), '3.3', phase);
      const strict = write(marked('ByBidder'), '3.3', phase, { EnforceStrictOfferPhaseLongTextOutput: true });
      const description = (d: XNode, n: string) => shape(at(itemByNumber(d, n) as XNode, 'Description'));
      expect(description(loose.doc, '01.01.0010')).toEqual(description(strict.doc, '01.01.0010'));
      if (phase === '83') expect(description(loose.doc, '01.01.0020')).toEqual(description(strict.doc, '01.01.0020'));
    }
    const unmarked = write(project, '3.3', '84').doc;
    expect(at(itemByNumber(unmarked, '01.01.0020') as XNode, 'Description')).toBeUndefined();
  });
});

describe('ExportQuantityDetermination', () => {
  const long = '(12.50 + 3.75) * 2.40 - 0.5 * 0.5 * 4 + 17.125 / 3';
  const components = [
    { description: 'Nordwand EG', formula: '12.5*3.2' },
    { description: 'Zuschlag Fundament Achse 1 bis 4', formula: long },
    { formula: '7' },
  ];
  const withComponents = () => {
    const p = structuredClone(project);
    position(p, '01.01.0010').quantityComponents = structuredClone(components);
    return p;
  };
  const rows = (doc: XNode) => all(itemByNumber(doc, '01.01.0010') as XNode, 'QTakeoff').map((q) => q.attrs.Row);

  it('false (default): no QtyDeterm is written', () => {
    expect(all(write(withComponents(), '3.3', '86').doc, 'QtyDeterm')).toHaveLength(0);
  });

  it('true: quantity components become 80-column REB rows that the XSD pattern accepts', () => {
    const { xml, doc } = write(withComponents(), '3.3', '86', { ExportQuantityDetermination: true });
    const r = rows(doc);
    expect(r).toEqual([
      `${' '.repeat(11)}0001A0 91 ${'12.5*3.2'.padEnd(38)} ${'Nordwand EG'.padEnd(20)}`,
      `${' '.repeat(11)}0001A1 91 ${long.slice(0, 38)} ${'Zuschlag Fundament A'}`,
      `${' '.repeat(11)}0001A2    ${long.slice(38).padEnd(38)} ${'chse 1 bis 4'.padEnd(20)}`,
      `${' '.repeat(11)}0001A3 91 ${'7'.padEnd(38)} ${''.padEnd(20)}`,
    ]);
    for (const row of r) expect(row).toMatch(/^ {2} {9}.{69}$/);
    // QtyDeterm is the last child of the Item (tgItem sequence)
    const item = itemByNumber(doc, '01.01.0010') as XNode;
    expect(item.children[item.children.length - 1].name).toBe('QtyDeterm');
    expectValid(xml, '3.3', '86');
  });

  it.each([['3.3', '81'], ['3.3', '83'], ['3.3', '84'], ['3.3', '85'], ['3.2', '83']] as [GaebXmlVersion, GaebPhase][])(
    'true: %s phase %s output with QtyDeterm is valid', (version, phase) => {
      const { xml, doc } = write(withComponents(), version, phase, { ExportQuantityDetermination: true });
      expect(rows(doc)).toHaveLength(4);
      expectValid(xml, version, phase);
    },
  );

  it('true: 3.1 has no QtyDeterm; the components are left out and reported', () => {
    const { xml, doc, messages } = write(withComponents(), '3.1', '86', { ExportQuantityDetermination: true });
    expect(all(doc, 'QtyDeterm')).toHaveLength(0);
    expect(messages.some((m) => m.code === 'GAEB_XML_QTY_DETERM_DROPPED')).toBe(true);
    expectValid(xml, '3.1', '86');
  });

  it('X → ava → X keeps the rows: the reader maps them back to quantityComponents', () => {
    const first = write(withComponents(), '3.3', '86', { ExportQuantityDetermination: true });
    const read = readGaebXml(first.xml, defaultOptions(), new MessageCollector());
    expect(position(read, '01.01.0010').quantityComponents).toEqual(components);
    const second = write(read, '3.3', '86', { ExportQuantityDetermination: true });
    expect(rows(second.doc)).toEqual(rows(first.doc));
  });
});
