/**
 * GAEB DA XML trade writer (DP 93/94/96/97): fixture projects → documents that re-parse, validate against the
 * official 3.3 trade XSD of their phase (shared corpus `xsd/gaeb-3.3-trade/`) and carry the items, quantities and
 * prices. No 3.2 trade XSD exists in the corpus; 3.2 output is checked against a stand-in phase schema built from
 * the 3.3 trade phase XSD text (same redefine of tgDP and tgGAEB) over the official 3.2 Lib.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlBufferInputProvider, XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { defaultOptions } from '../../core/options/catalog.js';
import type { ProjectDto } from '../../core/model/types.js';
import type { ConversionContext } from '../../core/plugin/contract.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { priceWithBasis } from '../../plugins/gaeb/xml/trade/items.js';
import { tradePhaseFor, writeGaebTradeXml, type TradePhase, type TradeXmlVersion } from '../../plugins/gaeb/xml/trade/writer.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { all, at, kids, loadFixture, parseXml, textOf, val, type XNode } from './xml-writer-support.js';

const PHASES: TradePhase[] = ['93', '94', '96', '97'];

function write(project: ProjectDto, phase: TradePhase, version: TradeXmlVersion = '3.3') {
  const sink = new MessageCollector();
  const xml = writeGaebTradeXml(structuredClone(project), defaultOptions({}), sink, { version, phase });
  return { xml, doc: parseXml(xml), messages: sink.messages };
}

const itemByRef = (doc: XNode, no: string) => all(doc, 'OrderItem').find((i) => val(i, 'RefItems/Customer') === no);

/** The official XSDs live in the shared corpus, never in this repository: without it, validation tests skip. */
const hasTradeXsd = PHASES.every((phase) => hasGaebSchema('3.3', phase));
const hasLib32 = existsSync(join(CORPUS_DIR, 'xsd', 'gaeb-3.2', 'GAEB_DA_XML_Lib_3.2_2013-10.xsd'));
if (!hasTradeXsd || !hasLib32) console.warn(`XSD validation of trade documents skipped: the official schemas are not in ${join(CORPUS_DIR, 'xsd')}`);

describe.each(['rich', 'flat'])('fixture %s', (fixture) => {
  it.each(PHASES)('trade phase %s writes the 3.3 namespace, its DP and the items', async (phase) => {
    const { xml, doc } = write(await loadFixture(fixture), phase);
    expect(xml.subarray(0, 38).toString()).toBe('<?xml version="1.0" encoding="utf-8"?>');
    expect(doc.ns).toBe(`http://www.gaeb.de/GAEB_DA_XML/DA${phase}/3.3`);
    expect(val(doc, 'Order/DP')).toBe(phase);
    expect(all(doc, 'OrderItem').length).toBeGreaterThan(0);
  });

  it.skipIf(!hasTradeXsd).each(PHASES)('trade phase %s is valid against the official 3.3 trade XSD', async (phase) => {
    const { xml } = write(await loadFixture(fixture), phase);
    const result = validateGaebXml(xml, '3.3', phase);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe('rich fixture as an order (96)', async () => {
  const { doc, messages } = write(await loadFixture('rich'), '96');
  const order = at(doc, 'Order') as XNode;

  it('writes every position that is not removed, flat, with its item number', () => {
    const refs = kids(order, 'OrderItem').map((i) => val(i, 'RefItems/Customer'));
    expect(refs).toEqual(['01.01.0010', '01.01.0020', '01.01.0030.A', '01.01.0040', '01.02.0010', '01.02.0020', '01.02.0040', '01.02.0050', '02.01.0010', '02.__.0020']);
    expect(messages.some((m) => m.message.includes('removed positions'))).toBe(true);
    expect(messages.some((m) => m.message.includes('group(s) were flattened'))).toBe(true);
  });

  it('writes quantity, unit, texts and prices (a 3-decimal unit price exactly, per 10 units)', () => {
    const item = itemByRef(doc, '01.01.0010') as XNode;
    expect(val(item, 'Qty')).toBe('120.50');
    expect(val(item, 'QU')).toBe('m3');
    expect(textOf(at(item, 'Description') as XNode)).toContain('Oberboden abtragen');
    expect(val(item, 'NetPrice')).toBe('123.45');
    expect(val(item, 'PriceBasis')).toBe('10.00');
    const lump = itemByRef(doc, '01.02.0020') as XNode;
    expect(val(lump, 'ItemType')).toBe('lump');
    expect(val(lump, 'NetPrice')).toBe('2500.00');
    expect(at(lump, 'PriceBasis')).toBeUndefined();
    expect(val(itemByRef(doc, '01.01.0020') as XNode, 'ItemChara')).toBe('provis');
    expect(val(itemByRef(doc, '01.01.0040') as XNode, 'ItemChara')).toBe('alternate');
    expect(val(itemByRef(doc, '01.02.0040') as XNode, 'Service')).toBe('Yes');
  });

  it('maps buyer → CustomerInfo, bidder → SupplierInfo, currency, VAT and the item number schema', () => {
    expect(val(order, 'CustomerInfo/Address/Name1')).toBe('Stadt Musterstadt');
    expect(val(order, 'CustomerInfo/Address/Name2')).toBe('Hochbauamt');
    expect(val(order, 'SupplierInfo/Address/Name1')).toBe('Bau GmbH');
    expect(val(order, 'OrderInfo/Cur')).toBe('EUR');
    expect(val(order, 'OrderInfo/VAT')).toBe('19.00');
    expect(kids(at(order, 'OrderInfo') as XNode, 'CustomerBoQBkdn').map((l) => val(l, 'Type'))).toEqual(['BoQLevel', 'BoQLevel', 'Item', 'Index']);
    expect(val(doc, 'PrjInfo/NamePrj')).toBe('Neubau Kita Sonnenschein');
  });

  it('reports that totals have no place in a trade document', () => {
    expect(messages.some((m) => m.message.includes('no item or order totals'))).toBe(true);
  });
});

describe('rich fixture as a price request (93)', async () => {
  const { doc, messages } = write(await loadFixture('rich'), '93');

  it('carries quantities but no prices, and the offer due date', () => {
    const items = all(doc, 'OrderItem');
    expect(items.every((i) => at(i, 'NetPrice') === undefined && at(i, 'DeliveryChara') === undefined)).toBe(true);
    expect(val(itemByRef(doc, '02.01.0010') as XNode, 'Qty')).toBe('3.00');
    expect(val(doc, 'Order/OrderInfo/OfferFixedPriceDate')).toBe('2024-04-15');
    expect(messages.some((m) => m.code === 'GAEB_XML_PRICES_DROPPED')).toBe(true);
  });
});

describe('mapping helpers', () => {
  it('maps award phases to trade phases', () => {
    expect(['81', '82', '83', '84', '85', '86'].map(tradePhaseFor)).toEqual(['93', '93', '93', '94', '94', '96']);
  });

  it('finds the smallest exact price basis', () => {
    expect(priceWithBasis(8.5)).toEqual({ price: 8.5, basis: 1, exact: true });
    expect(priceWithBasis(12.345)).toEqual({ price: 123.45, basis: 10, exact: true });
    expect(priceWithBasis(0.12345)).toEqual({ price: 123.45, basis: 1000, exact: true });
    expect(priceWithBasis(1.1234567).exact).toBe(false);
  });

  it('refuses unknown targets', async () => {
    const project = await loadFixture('flat');
    expect(() => writeGaebTradeXml(project, defaultOptions({}), new MessageCollector(), { version: '3.3', phase: '86' as TradePhase })).toThrow(/93, 94, 96 or 97/);
  });
});

/** A conversion context for calling the plugin's writer directly. */
function context(): ConversionContext {
  const sink = new MessageCollector();
  return { sourceId: 'gaeb', targetId: 'gaeb', messages: sink.messages, report: (m) => sink.report(m) };
}

describe('gaeb plugin: DestinationGaebType commerce variants', async () => {
  const project = await loadFixture('rich');
  const run = (type: string, transform = 'None') =>
    gaebPlugin.writer!.write(structuredClone(project), defaultOptions({ DestinationGaebType: type, TargetExchangePhaseTransform: transform }), context());

  const commerce33 = [['None', '93'], ['Offer', '94'], ['SideOffer', '94'], ['Grant', '96'], ['Base', '93']];
  it.each(commerce33)('GaebXml_V3_3_Commerce with %s writes an X%s in the 3.3 namespace', async (transform, phase) => {
    const out = await run('GaebXml_V3_3_Commerce', transform);
    expect(out.fileExtension).toBe(`.X${phase}`);
    expect(parseXml(out.data as Buffer).ns).toBe(`http://www.gaeb.de/GAEB_DA_XML/DA${phase}/3.3`);
  });

  it.skipIf(!hasTradeXsd).each(commerce33)('GaebXml_V3_3_Commerce with %s writes a valid X%s', async (transform, phase) => {
    const out = await run('GaebXml_V3_3_Commerce', transform);
    expect(validateGaebXml(out.data as Buffer, '3.3', phase).errors).toEqual([]);
  });

  it('GaebXml_V3_2_Commerce writes the 3.2 namespace', async () => {
    const out = await run('GaebXml_V3_2_Commerce', 'Grant');
    expect(out.fileExtension).toBe('.X96');
    const doc = parseXml(out.data as Buffer);
    expect(doc.ns).toBe('http://www.gaeb.de/GAEB_DA_XML/DA96/3.2');
    expect(val(doc, 'GAEBInfo/VersDate')).toBe('2013-10');
  });

  it.skipIf(!hasTradeXsd || !hasLib32)('GaebXml_V3_2_Commerce is valid against the 3.2 Lib', async () => {
    const out = await run('GaebXml_V3_2_Commerce', 'Grant');
    expect(validate32(out.data as Buffer, '96')).toEqual([]);
  });
});

/**
 * A 3.2 trade phase schema: the official 3.3 phase XSD's text with its namespace and Lib location switched to 3.2
 * (the corpus has the 3.2 Lib, whose tgDP lists 93–99 and whose tgGAEB/tgOrder match 3.3's), served to libxml2
 * under its own virtual folder.
 */
function validate32(xml: Buffer, phase: TradePhase): string[] {
  const lib = join(CORPUS_DIR, 'xsd', 'gaeb-3.2', 'GAEB_DA_XML_Lib_3.2_2013-10.xsd');
  const phaseXsd = join(CORPUS_DIR, 'xsd', 'gaeb-3.3-trade', `GAEB_DA_XML_${phase}_3.3_2021-05.xsd`);
  const text = readFileSync(phaseXsd, 'utf8').replace(/DA(\d\d)\/3\.3/g, 'DA$1/3.2').replaceAll('GAEB_DA_XML_Lib_3.3_2021-05.xsd', 'GAEB_DA_XML_Lib_3.2_2013-10.xsd');
  const root = '/gaeb-trade-32';
  xmlRegisterInputProvider(new XmlBufferInputProvider({ [`${root}/GAEB_DA_XML_Lib_3.2_2013-10.xsd`]: readFileSync(lib) }));
  const schemaDoc = XmlDocument.fromString(text, { url: `${root}/phase.xsd` });
  const validator = XsdValidator.fromDoc(schemaDoc);
  schemaDoc.dispose();
  const doc = XmlDocument.fromBuffer(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (e) {
    return (e as { details?: { line: number; message: string }[] }).details?.map((d) => `${d.line}: ${d.message.trim()}`) ?? [String(e)];
  } finally {
    doc.dispose();
    validator.dispose();
  }
}
