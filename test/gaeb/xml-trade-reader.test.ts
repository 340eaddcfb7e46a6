/**
 * GAEB DA XML trade reader (DP 93/94/96/97, 3.2 and 3.3): projects written with `writeGaebTradeXml` and read back
 * with `readGaebXml` + `prepareProject` keep what a trade document can hold — checked field by field against the
 * project that was written, per phase and version; re-writing the read project gives the same document; the
 * detection goes by content; odd and unknown elements are skipped and reported.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readResultParts, type ConversionContext } from '../../core/plugin/contract.js';
import { describeGaebXml, detectGaebGeneration } from '../../plugins/gaeb/detect.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { writeGaebXml } from '../../plugins/gaeb/xml/writer/index.js';
import { writeGaebTradeXml, type TradePhase, type TradeXmlVersion } from '../../plugins/gaeb/xml/trade/writer.js';
import { multipartBody, testApp } from '../support/app.js';
import { positionsOf } from '../support/model.js';
import { loadFixture } from './xml-writer-support.js';

const PHASES: TradePhase[] = ['93', '94', '96', '97'];
const VERSIONS: TradeXmlVersion[] = ['3.2', '3.3'];
const CASES = VERSIONS.flatMap((version) => PHASES.map((phase) => [version, phase] as const));
const EXCHANGE_PHASE = { 93: 'OfferRequest', 94: 'Offer', 96: 'Grant', 97: 'Grant' } as const;

/**
 * The rich writer fixture plus what it lacks for trade documents: a unit price with five decimals (written as
 * NetPrice 123.45 per PriceBasis 1000), a position not offered, position deductions, a delivery place, party
 * identifiers and an order-level deduction.
 */
async function tradeProject(): Promise<ProjectDto> {
  const project = structuredClone(await loadFixture('rich'));
  project.unitPriceAccuracy = 5;
  const byNumber = (n: string) => positionsOf(project).find((p) => p.itemNumber?.stringRepresentation === n)!;
  byNumber('01.02.0050').unitPriceOverride = 0.12345;
  byNumber('02.01.0010').notOffered = true;
  byNumber('01.01.0030.A').deductionFactor = 0.05;
  byNumber('02.__.0020').deductionFactor = 0.125;
  const info = project.projectInformation!;
  info.buyer!.identifier = 'K-4711';
  info.site = { name: 'Baustelle Kita\nSonnenweg', street: 'Sonnenweg 3', zipCode: '12345', city: 'Musterstadt', identifier: 'BS-1' };
  const spec = project.serviceSpecifications![0];
  spec.bidder = { ...spec.bidder, identifier: 'L-0815', email: 'info@bau.example', vatId: 'DE123456789' };
  spec.deductionFactor = 0.02;
  spec.absoluteDeduction = 10.5;
  return prepareProject(project);
}

const written = await tradeProject();
/** The positions a trade document holds: all but the removed one, in document order. */
const source = positionsOf(written).filter((p) => p.comissionStatus !== 'Removed');
const NUMBERS = source.map((p) => p.itemNumber!.stringRepresentation!);

interface Read {
  xml: Buffer;
  project: ProjectDto;
  messages: MessageCollector['messages'];
  position(n: string): PositionDto;
}

function write(project: ProjectDto, version: TradeXmlVersion, phase: TradePhase): Buffer {
  return writeGaebTradeXml(structuredClone(project), defaultOptions({}), new MessageCollector(), { version, phase });
}

function read(xml: Buffer): Read {
  const sink = new MessageCollector();
  const project = prepareProject(readGaebXml(xml, defaultOptions({}), sink));
  const positions = positionsOf(project);
  const position = (n: string) => {
    const found = positions.find((p) => p.itemNumber?.stringRepresentation === n);
    if (!found) throw new Error(`no position ${n}; have ${positions.map((p) => p.itemNumber?.stringRepresentation).join(', ')}`);
    return found;
  };
  return { xml, project, messages: sink.messages, position };
}

const roundTrip = (version: TradeXmlVersion, phase: TradePhase): Read => read(write(written, version, phase));

/** The same project through the award writer and reader (X86): the texts the one description reader gives. */
const award = read(writeGaebXml(structuredClone(written), defaultOptions({}), new MessageCollector(), { version: '3.3', phase: '86' }));

describe.each(CASES)('GAEB DA XML %s trade phase %s read back', (version, phase) => {
  const r = roundTrip(version, phase);
  const spec = r.project.serviceSpecifications![0];
  const priced = phase !== '93';
  const src = (n: string) => source.find((p) => p.itemNumber!.stringRepresentation === n)!;

  it('gives the exchange phase, origin and no complaint about a missing BoQ or phase', () => {
    expect(r.xml.toString('utf8', 0, 200)).toContain(`http://www.gaeb.de/GAEB_DA_XML/DA${phase}/${version}`);
    expect(spec.exchangePhase).toBe(EXCHANGE_PHASE[phase]);
    expect(spec.origin).toBe('GaebXml');
    expect(spec.originDetail).toBe(`GAEB XML V${version}`);
    const codes = r.messages.map((m) => m.code);
    expect(codes).not.toContain('GAEB_NO_BOQ');
    expect(codes).not.toContain('GAEB_PHASE_UNMAPPED');
    expect(codes.includes('GAEB_TRADE_PHASE_MERGED')).toBe(phase === '97');
  });

  it('reads one flat list of positions with the item numbers verbatim and schema compliant', () => {
    const elements = spec.elements!;
    expect(elements.map((e) => e.elementTypeDiscriminator)).toEqual(['NoteTextDto', ...NUMBERS.map(() => 'PositionDto'), 'NoteTextDto']);
    const positions = positionsOf(r.project);
    expect(positions.map((p) => p.itemNumber!.stringRepresentation)).toEqual(NUMBERS);
    expect(NUMBERS).toContain('01.01.0030.A');
    expect(NUMBERS).toContain('02.__.0020');
    for (const p of positions) {
      expect(p.hierarchyLevel).toBe(0);
      expect(p.itemNumber!.isSchemaCompliant).toBe(true);
      expect(p.itemNumber!.identifiers).toEqual(src(p.itemNumber!.stringRepresentation!).itemNumber!.identifiers);
      expect(p.gaebXmlId).toMatch(/^[A-Za-z_][\w.-]*$/);
    }
    expect(r.position('01.01.0010').gaebXmlId).toBe('ITEM_0010');
    const schema = r.project.projectInformation!.itemNumberSchema!;
    const tiers = (s: typeof schema) => s.tiers!.map((t) => [t.tierType, t.length, t.type, t.tierName]);
    expect(tiers(schema)).toEqual(tiers(written.projectInformation!.itemNumberSchema!));
    expect(schema.separator).toBe('.');
    expect(schema.schemaIsCorrectlyDefined).toBe(true);
  });

  it('keeps quantities, units and short texts', () => {
    for (const n of NUMBERS) {
      const p = r.position(n);
      expect(p.quantity, n).toBe(src(n).quantity);
      expect(p.shortText, n).toBe(src(n).shortText);
      expect(p.unitTag, n).toBe(n === '01.02.0050' ? 'Tonn' : src(n).unitTag); // QU has at most 4 characters
    }
    expect(r.position('01.01.0010').quantity).toBe(120.5);
    expect(r.position('01.02.0050').quantity).toBe(1.25);
    expect(r.position('01.02.0010').amountToBeEnteredByBidder).toBe(true);
    expect(r.position('01.02.0010').quantity).toBe(0);
    expect(r.position('01.01.0010').amountToBeEnteredByBidder).toBe(false);
  });

  it('keeps long texts as HTML and plain text, as the award reader gives them', () => {
    const withLongText = source.filter((p) => (p.htmlLongText ?? '') !== '').map((p) => p.itemNumber!.stringRepresentation!);
    expect(withLongText).toEqual(['01.01.0010', '01.01.0020', '01.01.0030.A']);
    for (const n of withLongText) {
      expect(r.position(n).htmlLongText, n).toBe(award.position(n).htmlLongText);
      expect(r.position(n).longText, n).toBe(award.position(n).longText);
    }
    const rich = r.position('01.01.0010');
    expect(rich.htmlLongText).toContain('<span style="font-weight:bold">abtragen</span>');
    expect(rich.htmlLongText).toContain('<span class="TextComplement" data-kind="Bidder" data-marklbl="1">');
    expect(rich.longText).toContain('Oberboden abtragen und seitlich lagern, Stärke & Tiefe < 30\u00a0cm.');
    expect(rich.additionType).toBe('ByBidder');
    expect(r.position('01.01.0030.A').longText).toBe('Zeile eins\nZeile zwei');
    expect(r.position('01.01.0030.A').htmlLongText).toBe('<p><span>Zeile eins</span></p><p><span>Zeile zwei</span></p>');
    expect(r.position('01.01.0040').htmlLongText ?? '').toBe('');
  });

  it(priced ? 'keeps unit prices exactly (NetPrice / PriceBasis)' : 'carries no prices', () => {
    const expected: Record<string, number> = {
      '01.01.0010': 12.345, '01.01.0020': 8.5, '01.01.0030.A': 100, '01.01.0040': 90, '01.02.0010': 45.6,
      '01.02.0020': 2500, '01.02.0040': 3.5, '01.02.0050': 0.12345, '02.01.0010': 0, '02.__.0020': 15,
    };
    for (const n of NUMBERS) {
      const p = r.position(n);
      if (priced && n !== '02.01.0010') {
        expect(p.unitPriceOverride, n).toBe(expected[n]);
        expect(p.unitPrice, n).toBe(expected[n]);
      } else {
        expect(p.unitPriceOverride, n).toBeUndefined();
        expect(p.unitPrice, n).toBe(0);
      }
    }
    if (priced) {
      expect(r.xml.toString()).toContain('<NetPrice>123.45</NetPrice><PriceBasis>1000.00</PriceBasis>');
      expect(r.project.unitPriceAccuracy).toBe(5);
      expect(r.position('01.01.0010').totalPrice).toBe(1487.57); // 120.5 × 12.345
      expect(r.position('01.02.0050').totalPrice).toBe(0.15); // 1.25 × 0.12345
    }
  });

  it('keeps position kinds, lump sum, hourly work, not offered, deductions and VAT', () => {
    expect(r.position('01.01.0020').positionType).toBe('Optional');
    expect(r.position('01.01.0020').priceType).toBe('WithoutTotal');
    expect(r.position('01.01.0040').positionType).toBe('Alternative');
    expect(r.position('01.01.0010').positionType).toBe('Regular');
    expect(r.position('01.02.0020').isLumpSum).toBe(true);
    expect(r.position('01.01.0010').isLumpSum).toBe(false);
    expect(r.position('01.02.0040').serviceType).toBe('HourlyPaidWork');
    expect(r.position('01.02.0050').serviceType).toBe('Regular');
    // 93 has no DeliveryChara ("LiefKennZ darf nicht in D93 existieren") and no prices, hence no deductions.
    expect(r.position('02.01.0010').notOffered).toBe(priced);
    expect(r.position('01.01.0030.A').deductionFactor).toBe(priced ? 0.05 : 0);
    expect(r.position('02.__.0020').deductionFactor).toBe(priced ? 0.125 : 0);
    if (priced) expect(r.position('02.__.0020').deductedPrice).toBe(13.13); // 15 × 0.875
    expect(r.position('01.02.0020').taxRate).toBe(0.07);
    expect(r.position('01.02.0020').useDifferentTaxRate).toBe(true);
    expect(r.position('01.01.0010').taxRate).toBe(0.19);
    expect(r.position('01.01.0010').useDifferentTaxRate).toBe(false);
  });

  it('keeps the parties, the order information and the project head', () => {
    const info = r.project.projectInformation!;
    const party = (p: object | undefined) => {
      const { id: _id, isInEuropeanEconomicArea: _eea, ...rest } = (p ?? {}) as Record<string, unknown>;
      return rest;
    };
    expect(party(info.buyer)).toEqual(party(written.projectInformation!.buyer));
    expect(info.buyer!.identifier).toBe('K-4711');
    expect(party(info.site)).toEqual(party(written.projectInformation!.site));
    expect(party(spec.bidder)).toEqual(party(written.serviceSpecifications![0].bidder));
    expect(spec.bidder!.vatId).toBe('DE123456789');
    expect(info.currencyShort).toBe('EUR');
    expect(info.currencyLong).toBe('Euro');
    expect(spec.projectTaxRate).toBe(0.19);
    expect(spec.deductionFactor).toBe(priced ? 0.02 : 0);
    expect(spec.absoluteDeduction).toBe(priced ? 10.5 : undefined);
    expect(spec.contractIdentifier).toBe(phase === '96' || phase === '97' ? 'V-2024-17' : undefined);
    expect(spec.offerByDate).toBe(phase === '93' ? '2024-04-15' : undefined);
    expect(info.name).toBe('Neubau Kita Sonnenschein');
    expect(spec.name).toBe('Neubau Kita Sonnenschein');
    expect(info.descriptionShort).toBe('Kita Sonnenschein, Rohbau');
    expect(info.description).toBe('Neubau einer Kindertagesstätte\nmit drei Gruppenräumen');
    const [opening, closing] = [spec.elements![0], spec.elements![spec.elements!.length - 1]] as { shortText?: string; isOpeningText?: boolean; isClosingText?: boolean; longText?: string }[];
    expect([opening.shortText, opening.isOpeningText, opening.longText]).toEqual(['Vorbemerkungen', true, 'Die Vorbemerkungen gelten für alle Titel.']);
    expect([closing.shortText, closing.isClosingText]).toEqual(['Schlussbemerkung', true]);
  });

  it('writes the read project as the same document again', () => {
    const strip = (xml: Buffer) => xml.toString('utf8').replace(/<Date>[^<]*<\/Date><Time>[^<]*<\/Time>/, '');
    const again = write(r.project, version, phase);
    expect(strip(again)).toBe(strip(r.xml));
  });
});

describe('the flat fixture (no group levels)', () => {
  it.each(PHASES)('phase %s keeps the three-digit item numbers; NamePrj names project and specification', async (phase) => {
    const r = read(write(await loadFixture('flat'), '3.2', phase));
    const positions = positionsOf(r.project);
    expect(positions.map((p) => [p.itemNumber!.stringRepresentation, p.itemNumber!.isSchemaCompliant, p.quantity, p.unitTag])).toEqual([['010', true, 10.5, 'm2'], ['020', true, 1, 'psch']]);
    expect(positions[0].longText).toBe('Wandflächen zweimal streichen.');
    expect(positions.map((p) => p.unitPrice)).toEqual(phase === '93' ? [0, 0] : [15.5, 7.5]);
    expect(r.project.projectInformation!.itemNumberSchema!.tiers).toMatchObject([{ tierType: 'Position', length: 3, type: 'Numeric' }]);
    // PrjInfo/NamePrj is projectInformation.name ?? serviceSpecifications[0].name: the specification's own name is not in the file.
    expect(r.project.projectInformation!.name).toBe('Kleinauftrag');
    expect(r.project.serviceSpecifications![0].name).toBe('Kleinauftrag');
  });

  it('reads positions without a schema when the project had none', async () => {
    const project = structuredClone(await loadFixture('flat'));
    delete project.projectInformation!.itemNumberSchema;
    delete project.serviceSpecifications![0].projectItemNumberSchema;
    const r = read(write(prepareProject(project), '3.3', '96'));
    expect(r.project.projectInformation!.itemNumberSchema).toBeUndefined();
    const numbers = positionsOf(r.project).map((p) => [p.itemNumber!.stringRepresentation, p.itemNumber!.isSchemaCompliant]);
    expect(numbers).toEqual([['010', false], ['020', false]]);
    expect(positionsOf(r.project).map((p) => p.unitPrice)).toEqual([15.5, 7.5]);
  });
});

/** A conversion context for calling the plugin directly. */
function context(): ConversionContext {
  const sink = new MessageCollector();
  return { sourceId: 'gaeb', targetId: 'ava', messages: sink.messages, report: (m) => sink.report(m) };
}

describe('detection by content', () => {
  const x94 = write(written, '3.3', '94');
  const x97 = write(written, '3.2', '97');

  it('recognises trade documents as GAEB DA XML with version and phase from the content', () => {
    expect(detectGaebGeneration(x94)).toBe('xml');
    expect(describeGaebXml(x94)).toEqual({ version: '3.3', phase: '94' });
    expect(describeGaebXml(x97)).toEqual({ version: '3.2', phase: '97' });
    expect(gaebPlugin.reader!.detect!(x94.subarray(0, 4096))).toBe(true);
  });

  it('reads a trade document given a misleading file name through the plugin', async () => {
    const project = readResultParts(await gaebPlugin.reader!.read({ bytes: x94, fileName: 'leistungsverzeichnis.D83' }, defaultOptions({}), context())).project as ProjectDto;
    expect(project.serviceSpecifications![0].exchangePhase).toBe('Offer');
    expect(positionsOf(project).length).toBe(NUMBERS.length);
  });

  it('converts an .X97 uploaded as tender.P86 over HTTP, judged by its content', async () => {
    const app = await testApp();
    try {
      const auth = await app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}` },
        payload: 'grant_type=client_credentials&scope=avacloud',
      });
      const body = multipartBody('gaebFile', 'tender.P86', x97);
      const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${auth.json().access_token}` } });
      expect(res.statusCode).toBe(200);
      const project = res.json() as ProjectDto & { conversionMessages?: { code: string }[] };
      expect(project.serviceSpecifications![0].exchangePhase).toBe('Grant');
      expect(project.serviceSpecifications![0].originDetail).toBe('GAEB XML V3.2');
      expect(positionsOf(project).map((p) => p.itemNumber!.stringRepresentation)).toEqual(NUMBERS);
      expect(project.conversionMessages?.map((m) => m.code)).toContain('GAEB_TRADE_PHASE_MERGED');
    } finally {
      await app.close();
    }
  });
});

/** A hand-made X96 (3.3) around `items`, with `order` after OrderInfo and `head` inside OrderInfo. */
function x96(items: string, { order = '', head = '', ns = 'http://www.gaeb.de/GAEB_DA_XML/DA96/3.3', version = '3.3' } = {}): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="${ns}"><GAEBInfo><Version>${version}</Version></GAEBInfo>` +
      `<Order><DP>96</DP><OrderInfo>${head}</OrderInfo>${order}${items}</Order></GAEB>`,
  );
}

const item = (no: string, body: string, id = `I${no.replace(/\W/g, '')}`) =>
  `<OrderItem ID="${id}"><RefItems><Customer>${no}</Customer></RefItems><Qty>2</Qty><QU>St</QU>${body}</OrderItem>`;

describe('odd and unknown elements', () => {
  it('skips unknown elements anywhere in the order without error and reports them with the dropped ones', () => {
    const r = read(x96(
      item('10', '<Foo><Bar>x</Bar><p>not a text</p></Foo><NetPrice>5.00</NetPrice><Vendor:Ext xmlns:Vendor="urn:v"><Deep/></Vendor:Ext>') +
        item('20', '<StorageGoods>Yes</StorageGoods><NetPrice>7.00</NetPrice>', 'I20').replace('<RefItems>', '<EAN>4006381333931</EAN><ArtNo>A-1</ArtNo><RefItems>'),
      {
        head: '<InquiryNo>A-77</InquiryNo><Cur ISO="EUR">EUR</Cur><OdditY/>',
        order: '<PlannerInfo><Address><Name1>Planer</Name1><Street>S</Street><PCode>1</PCode><City>C</City></Address></PlannerInfo><Unknown>1</Unknown>' +
          '<SupplierInfo><Address><Name1>Händler</Name1><Street>S</Street><PCode>1</PCode><City>C</City><Bank><BankName>B</BankName></Bank></Address><TaxNo>12/345</TaxNo><RegNo/></SupplierInfo>',
      },
    ));
    expect(positionsOf(r.project).map((p) => [p.itemNumber!.stringRepresentation, p.quantity, p.unitPrice])).toEqual([['10', 2, 5], ['20', 2, 7]]);
    expect(r.project.serviceSpecifications![0].bidder!.name).toBe('Händler');
    expect(r.project.projectInformation!.currencyShort).toBe('EUR');
    const dropped = r.messages.find((m) => m.code === 'GAEB_TRADE_ELEMENT_DROPPED')!;
    expect(dropped.severity).toBe('info');
    for (const what of ['OrderItem/Foo (1×, first at 10)', 'OrderItem/Ext (1×, first at 10)', 'OrderItem/EAN (1×, first at 20)', 'OrderItem/ArtNo', 'OrderItem/StorageGoods',
      'OrderInfo/InquiryNo', 'OrderInfo/OdditY', 'Order/PlannerInfo', 'Order/Unknown', 'SupplierInfo/TaxNo', 'SupplierInfo/Address/Bank']) {
      expect(dropped.message).toContain(what);
    }
    expect(r.messages.filter((m) => m.code === 'GAEB_TRADE_ELEMENT_DROPPED')).toHaveLength(1);
  });

  it('reports price details the model cannot hold and combines percentage discounts', () => {
    const r = read(x96(
      item('10', '<NetPrice>10.00</NetPrice><PriceBasis>3</PriceBasis><AQU>kg</AQU>' +
        '<PriceModification><DiscountPcnt>5</DiscountPcnt></PriceModification><PriceModification><DiscountPcnt>10</DiscountPcnt></PriceModification>' +
        '<PriceModification><MarkupPcnt>2</MarkupPcnt></PriceModification><PriceModification><Type>info</Type><DiscountPcnt>50</DiscountPcnt></PriceModification>') +
        item('20', '<ItemType>jumbo-main</ItemType><DeliveryChara>change</DeliveryChara><NetPrice>1.00</NetPrice><PriceBasis>0</PriceBasis><BidComm><p>Hinweis</p></BidComm><CtlgAssign><CtlgID>1</CtlgID><CtlgCode>x</CtlgCode></CtlgAssign>')
          .replace('<RefItems>', '<ItemChara>odd</ItemChara><RefItems>'),
      { head: '<PriceModification><Threshold>10</Threshold><DiscountPcnt>3</DiscountPcnt></PriceModification><PriceModification><DiscountPcnt>2</DiscountPcnt></PriceModification>' },
    ));
    const ten = r.position('10');
    expect(ten.unitPriceOverride).toBe(3.333333);
    expect(ten.deductionFactor).toBe(0.145); // 1 − 0.95 × 0.90
    expect(r.project.serviceSpecifications![0].deductionFactor).toBe(0.02);
    const twenty = r.position('20');
    expect(twenty.unitPriceOverride).toBe(1);
    expect(twenty.positionType).toBe('Regular');
    const codes = (n?: string) => r.messages.filter((m) => m.itemNumber === n).map((m) => m.code).sort();
    expect(codes('10')).toEqual(['GAEB_TRADE_BILLING_UNIT', 'GAEB_TRADE_PRICE_MODIFICATION_DROPPED', 'GAEB_TRADE_UNIT_PRICE_ROUNDED']);
    expect(codes('20')).toEqual(['GAEB_BIDDER_COMMENT_DROPPED', 'GAEB_CATALOG_ASSIGNMENT_DROPPED', 'GAEB_INVALID_NUMBER', 'GAEB_INVALID_VALUE']);
    expect(codes(undefined)).toContain('GAEB_TRADE_PRICE_MODIFICATION_DROPPED'); // the Threshold discount of OrderInfo
    const dropped = r.messages.find((m) => m.code === 'GAEB_TRADE_ELEMENT_DROPPED')!.message;
    expect(dropped).toContain("OrderItem/DeliveryChara 'change'");
    expect(dropped).toContain('OrderItem/ItemType jumbo-main');
  });

  it('reports an item without a number, and reads the 3.1 trade namespace and another item number separator', () => {
    const bkdn = (type: string, length: number) => `<CustomerBoQBkdn><Type>${type}</Type><Length>${length}</Length><Num>Yes</Num></CustomerBoQBkdn>`;
    const r = read(x96(
      item('01-0010', '<NetPrice>1.00</NetPrice>') + '<OrderItem ID="X"><Qty>1</Qty><QU>St</QU></OrderItem>',
      { head: bkdn('BoQLevel', 2) + bkdn('Item', 4), ns: 'http://www.gaeb.de/GAEB_DA_XML/200706', version: '3.1' },
    ));
    const spec = r.project.serviceSpecifications![0];
    expect(spec.exchangePhase).toBe('Grant');
    expect(spec.originDetail).toBe('GAEB XML V3.1');
    expect(r.project.projectInformation!.itemNumberSchema!.separator).toBe('-');
    const numbered = r.position('01-0010');
    expect(numbered.itemNumber!.isSchemaCompliant).toBe(true);
    expect(numbered.itemNumber!.identifiers).toEqual(['01', '0010']);
    expect(r.messages.some((m) => m.code === 'GAEB_ITEM_WITHOUT_NUMBER' && m.itemNumber === 'X')).toBe(true);
    expect(positionsOf(r.project)).toHaveLength(2);
  });

  it('reports trade phases the model has no exchange phase for', () => {
    const r = read(Buffer.from(x96('').toString().replaceAll('DA96', 'DA98').replace('<DP>96</DP>', '<DP>98</DP>')));
    expect(r.project.serviceSpecifications![0].exchangePhase).toBe('Undefined');
    expect(r.messages.find((m) => m.code === 'GAEB_PHASE_UNMAPPED')?.message).toContain('93, 94, 96 and 97');
  });
});
