/**
 * GAEB 90 reader on the hand-written fixture `test/fixtures/gaeb90/schulhof.d83` (CP850, LF, blank-padded OZ,
 * mask `1122PPPPI`, index, skipped level, text complement `1B`, preamble T0/T1/T9), on the hand-made fixture
 * `preisanteile.d86` (built by `preisanteile.build.mjs`: record 06 with three labels, records 22 with a blank and a
 * negative field, records 27) and on inline records.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { prepareProject } from '../../core/model/index.js';
import type { ElementDto, NoteTextDto, PositionDto, ProjectDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaeb90 } from '../../plugins/gaeb/gaeb90/reader.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb90');
const fixture = () => readFileSync(join(FIXTURES, 'schulhof.d83'));

function flatten(elements: readonly ElementDto[] | undefined, out: ElementDto[] = []): ElementDto[] {
  for (const e of elements ?? []) {
    out.push(e);
    flatten((e as { elements?: ElementDto[] }).elements, out);
  }
  return out;
}

function read(bytes: Buffer, overrides: Record<string, boolean | string> = {}) {
  const sink = new MessageCollector();
  const project: ProjectDto = readGaeb90(bytes, defaultOptions(overrides), sink);
  const all = flatten(project.serviceSpecifications![0].elements);
  const positions = all.filter((e): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto');
  return { project, all, positions, messages: sink.messages };
}

/** A file of records given from col 1 to col 74 (sequence numbers added), CP850. */
function file(records: string[], eol = '\r\n'): Buffer {
  return iconv.encode(records.map((r, i) => r.padEnd(74, ' ') + String(i + 1).padStart(6, '0')).join(eol) + eol, 'cp850');
}

describe('readGaeb90 on the fixture', () => {
  it('reads header, phase, origin and the OZ mask as item number schema', () => {
    const { project } = read(fixture());
    const spec = project.serviceSpecifications![0];
    expect(spec.origin).toBe('Gaeb90');
    expect(spec.originDetail).toBe('GAEB 90');
    expect(spec.exchangePhase).toBe('OfferRequest');
    expect(spec.description).toBe('Fixture Außenanlagen');
    expect(spec.creationDate).toBe('2024-03-05');
    expect(spec.contractIdentifier).toBe('FIX-90-1');
    expect(project.projectInformation?.name).toBe('Schulhof Nord');
    expect(project.projectInformation?.buyer?.name).toBe('Gemeinde Musterdorf');
    expect(project.projectInformation?.currencyShort).toBe('EUR');
    expect(project.projectInformation?.labourTimeLabel).toBe('Stunden');
    expect(project.priceAccuracy).toBe(2);
    expect(project.unitPriceAccuracy).toBe(2);
    expect(project.projectInformation?.itemNumberSchema?.tiers).toEqual([
      { length: 2, type: 'Numeric', tierType: 'Group', tierName: 'Bereich' },
      { length: 2, type: 'Numeric', tierType: 'Group', tierName: 'Abschnitt' },
      { length: 4, type: 'Numeric', tierType: 'Position' },
      { length: 1, type: 'Alphanumeric', tierType: 'Index' },
    ]);
  });

  it('slices blank-padded OZs by the mask: groups, items, index, skipped level', () => {
    const { all, positions, messages } = read(fixture());
    const groups = all.filter((e): e is ServiceSpecificationGroupDto => e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto');
    expect(groups.map((g) => [g.itemNumber?.stringRepresentation, g.shortText])).toEqual([
      ['1.', 'Erdarbeiten'], ['1.1.', 'Aushub und Verfüllung'],
    ]);
    expect(groups[1].elements!.map((e) => (e as PositionDto).itemNumber?.stringRepresentation)).toEqual(['1.1.10', '1.1.10.a']);
    expect(positions.map((p) => p.itemNumber?.stringRepresentation)).toEqual(['1.1.10', '1.1.10.a', '1.20']);
    expect(groups[0].elements!.map((e) => e.elementTypeDiscriminator)).toEqual(['ServiceSpecificationGroupDto', 'PositionDto', 'NoteTextDto']);
    expect(messages.find((m) => m.code === 'GAEB_SKIPPED_LEVEL')?.severity).toBe('warning');
  });

  it('fills skipped levels with placeholders when SupportSkippedItemNumberLevelsInPositions is set', () => {
    const { project, positions } = read(fixture(), { SupportSkippedItemNumberLevelsInPositions: true });
    expect(positions[2].itemNumber?.stringRepresentation).toBe('1.__.20');
    expect(project.projectInformation?.itemNumberSchema?.skipNonExistingLevelsInPositionItemNumbers).toBe(true);
  });

  it('reads quantities (3 implied decimals), units and CP850 texts (³, §, ä, ß)', () => {
    const { positions } = read(fixture());
    expect(positions.map((p) => [p.quantityOverride, p.unitTag])).toEqual([[12.5, 'm³'], [2, 'St'], [1, 'psch']]);
    expect(positions[0].shortText).toBe('Boden lösen, 30 m³ §-konform');
  });

  it('builds htmlLongText and longText; a 26 marker becomes a bidder text complement', () => {
    const { positions } = read(fixture());
    const p = positions[0];
    expect(p.htmlLongText).toBe(
      '<p>Boden der Klasse 3 lösen und laden.</p>' +
        '<p><span class="TextComplement" data-kind="Bidder" data-marklbl="1"><span class="ComplBody">.........................</span></span></p>' +
        '<p>Abfuhr nach Wahl des AN.</p>',
    );
    expect(p.longText).toBe('Boden der Klasse 3 lösen und laden.\n.........................\nAbfuhr nach Wahl des AN.');
    expect(p.additionType).toBe('ByBidder');
    expect(positions[1].additionType).toBe('None');
  });

  it('keeps the preamble (T1) as opening text and remarks (20) as note texts', () => {
    const { project, all } = read(fixture());
    const first = project.serviceSpecifications![0].elements![0] as NoteTextDto;
    expect(first.isOpeningText).toBe(true);
    expect(first.longText).toBe('Baubeschreibung Schulhof\nZufahrt über die Hauptstraße');
    const notes = all.filter((e): e is NoteTextDto => e.elementTypeDiscriminator === 'NoteTextDto');
    expect(notes[1].longText).toBe('Hinweis zu Leitungen');
  });

  it('prepares to padded identifiers per tier', () => {
    const project = prepareProject(read(fixture()).project, {});
    const numbers = flatten(project.serviceSpecifications![0].elements)
      .filter((e): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto')
      .map((p) => p.itemNumber?.identifiers);
    expect(numbers[0]).toEqual(['01', '01', '0010']);
    expect(numbers[1]).toEqual(['01', '01', '0010', 'a']);
  });

  it('reads CRLF and LF files alike', () => {
    const lf = fixture();
    const crlf = Buffer.from(lf.toString('latin1').replace(/\n/g, '\r\n'), 'latin1');
    expect(read(crlf).project).toEqual(read(lf).project);
  });
});

describe('readGaeb90 records', () => {
  const head = ['00        86L                                                 11PPP000090', '08EUR   Euro'];

  it('reads record 23 prices and zero-filled OZs, record 32/99 totals, VAT and the item count', () => {
    const { project, positions, messages } = read(file([
      ...head,
      '1101       N',
      '2101001    NNN         00000002500m2',
      '2301001     0000001234  000000003085',
      '25Pflaster',
      '3101',
      '3201        000000003085',
      '99000000003085       1900000000003671                                00001',
    ]));
    expect(positions[0].itemNumber?.stringRepresentation).toBe('01.001');
    expect(positions[0].quantityOverride).toBe(2.5);
    expect(positions[0].unitPriceOverride).toBe(12.34);
    expect(positions[0].gaebTotal).toBe(30.85);
    const spec = project.serviceSpecifications![0];
    expect(spec.exchangePhase).toBe('Grant');
    expect(spec.gaebTotal).toBe(30.85);
    expect(spec.projectTaxRate).toBe(0.19);
    expect((spec.elements![0] as ServiceSpecificationGroupDto).gaebTotal).toBe(30.85);
    expect(messages.filter((m) => m.severity !== 'info')).toEqual([]);
  });

  it('reports a record 99 item count that differs from the items', () => {
    const { messages } = read(file([...head, '2101001   NNN         00000001000St', '25X', '99                                                                   00002']));
    expect(messages.map((m) => m.code)).toContain('GAEB90_ITEM_COUNT_MISMATCH');
  });

  it('reads lots (10/33) as lot groups and their numbers as the first part', () => {
    const { project, positions } = read(file([
      '00        83L                                                 11PPP000090X',
      '1001Los eins',
      '1101       N',
      '2101001   NNN         00000001000St',
      '25A',
      '3101',
      '3301',
    ]));
    const lot = project.serviceSpecifications![0].elements![0] as ServiceSpecificationGroupDto;
    expect(lot.isLot).toBe(true);
    expect(lot.shortText).toBe('Los eins');
    expect(positions[0].itemNumber?.stringRepresentation).toBe('01.01.001');
    expect(project.projectInformation?.itemNumberSchema?.tiers?.[0]).toEqual({ length: 2, type: 'Numeric', tierType: 'Lot', isLot: true });
  });

  it('fails with a 400 parse error on an empty file, a missing header or a bad mask', () => {
    const expectParse = (bytes: Buffer, text: RegExp) => {
      try {
        readGaeb90(bytes, defaultOptions(), new MessageCollector());
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(GatewayError);
        expect((e as GatewayError).statusCode).toBe(400);
        expect((e as GatewayError).errors.gaebFile?.[0]).toMatch(text);
      }
    };
    expectParse(Buffer.alloc(0), /empty/);
    expectParse(file(['2101001   NNN']), /before the header record 00/);
    expectParse(file(['T0', 'T9']), /no header record 00/);
    expectParse(file(['00        83L                                                 112200000']), /no item digits/);
  });
});

/** A record from col 1 to 74: type and [column (1-based), text] pairs, blanks elsewhere. */
function rec(type: string, ...fields: [number, string][]): string {
  const chars = Array.from({ length: 74 }, () => ' ');
  Array.from(type).forEach((ch, i) => { chars[i] = ch; });
  for (const [col, text] of fields) Array.from(text).forEach((ch, i) => { chars[col - 1 + i] = ch; });
  return chars.join('');
}

describe('readGaeb90 price components (06, 22) and sub-item text (27)', () => {
  const preisanteile = () => readFileSync(join(FIXTURES, 'preisanteile.d86'));
  const head = ['00        86L                                                 11PPP000090', '063Stunden       Lohn          Stoffe        Geräte'];
  const item = (oz: string, up: string) => [rec('21', [3, oz], [12, 'NNN'], [24, '00000001000'], [35, 'St']), rec('23', [3, oz], [13, up]), rec('25', [3, 'X'])];
  // The inline files below stop without their end record 99 (GAEB90_END_RECORD_MISSING, gaeb90-end-record.test.ts).
  const codes = (messages: { code: string; itemNumber?: string; severity: string }[]) =>
    messages.filter((m) => m.code !== 'GAEB90_END_RECORD_MISSING').map((m) => [m.code, m.itemNumber ?? null, m.severity]);

  it('reads the labels of record 06 and the amounts of record 22 as price components, blank field = no values', () => {
    const { project, positions, messages } = read(preisanteile());
    expect(project.projectInformation?.priceComponents).toEqual(['Lohn', 'Stoffe', 'Geräte']);
    expect(project.projectInformation?.labourTimeLabel).toBe('Stunden');
    expect(positions.map((p) => p.priceComponents)).toEqual([
      [{ label: 'Lohn', values: [{ formula: '18.40' }] }, { label: 'Stoffe', values: [{ formula: '25.10' }] }, { label: 'Geräte', values: [{ formula: '3.75' }] }],
      [{ label: 'Lohn', values: [{ formula: '120.00' }] }, { label: 'Stoffe', values: [] }, { label: 'Geräte', values: [{ formula: '-5.00' }] }],
    ]);
    expect(positions.map((p) => p.unitPriceOverride)).toEqual([47.25, 115]);
    // Only the record 27 lines are reported: the components add up to the unit prices of record 23.
    expect(codes(messages)).toEqual([['GAEB90_SUB_TEXT_DROPPED', '01.001', 'warning']]);
  });

  it('recalculates: unit price = sum of the components, totals as records 23, 32 and 99 state', () => {
    const read1 = read(preisanteile());
    // Without the unit price of record 23 the calculation derives it from the components alone.
    for (const p of read1.positions) delete p.unitPriceOverride;
    const project = prepareProject(read1.project, {});
    const positions = flatten(project.serviceSpecifications![0].elements).filter((e): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto');
    expect(positions.map((p) => p.priceComponents!.map((c) => c.price))).toEqual([[18.4, 25.1, 3.75], [120, 0, -5]]);
    expect(positions.map((p) => [p.unitPrice, p.totalPrice, p.gaebTotal])).toEqual([[47.25, 590.63, 590.63], [115, 345, 345]]);
    const spec = project.serviceSpecifications![0];
    expect([spec.totalPrice, spec.totalPriceGross]).toEqual([spec.gaebTotal, 1113.4]);
    expect(spec.totalPrice).toBe(935.63);
  });

  it('keeps record 27 verbatim (cols 3–74) beside the long text and reports it with the item number', () => {
    const { positions, messages } = read(preisanteile());
    expect(positions[0].gaeb90SubText).toEqual(['   Teilleistung A: Randbereich', '02 Teilleistung B: Fläche']);
    expect(positions[0].longText).toBe('Betonsteinpflaster 20/10/8 cm im Splittbett.');
    expect(positions[0].subDescriptions).toBeUndefined();
    expect(positions[1].gaeb90SubText).toBeUndefined();
    expect(messages[0].message).toMatch(/^2 record\(s\) 27 .*no specification or sample gives their columns.*kept verbatim as gaeb90SubText/);
    const orphan = read(file([...head, '20', rec('27', [6, 'lose'])]));
    expect(codes(orphan.messages)).toEqual([['GAEB90_SUB_TEXT_DROPPED', null, 'warning']]);
    expect(orphan.messages[0].message).toMatch(/record 4 follows no item/);
  });

  it('reports components that do not add up to the unit price of record 23, keeping that unit price', () => {
    const { positions, messages } = read(file([...head, ...item('01001', '0000001000'), rec('22', [3, '01001'], [13, '0000000600'], [24, '0000000300'])]));
    expect(positions[0].unitPriceOverride).toBe(10);
    expect(codes(messages)).toEqual([['GAEB90_PRICE_COMPONENTS_SUM_MISMATCH', '01.001', 'warning']]);
    expect(messages[0].message).toMatch(/add up to 9\.00, the unit price of record 23 is 10\.00/);
  });

  it('reads amounts off the columns as blank-separated digits, with a message; drops a record with other characters', () => {
    // Eight-digit amounts one blank apart from col 18 (the synthetic test line of ddrews-de/gaeb-converter).
    const tokens = read(file([...head, ...item('01001', '0000014550'), rec('22', [3, '01001'], [18, '00004500 00008000 00001850 00000200'])]));
    expect(tokens.positions[0].priceComponents!.map((c) => c.values)).toEqual([[{ formula: '45.00' }], [{ formula: '80.00' }], [{ formula: '18.50' }], [{ formula: '2.00' }]]);
    expect(tokens.project.projectInformation?.priceComponents).toEqual(['Lohn', 'Stoffe', 'Geräte', 'UPComp4']);
    expect(codes(tokens.messages)).toEqual([['GAEB90_PRICE_COMPONENTS_LAYOUT', '01.001', 'warning'], ['GAEB90_PRICE_COMPONENT_UNLABELLED', null, 'info']]);
    const letters = read(file([...head, ...item('01001', '0000001000'), rec('22', [3, '01001'], [13, 'Lohn 10,00'])]));
    expect(letters.positions[0].priceComponents).toBeUndefined();
    expect(codes(letters.messages)).toEqual([['GAEB90_PRICE_COMPONENTS_DROPPED', '01.001', 'warning']]);
  });

  it('reports a record 22 without an item and a second one for the same item', () => {
    const { positions, messages } = read(file([
      ...head, rec('22', [13, '0000000100']), ...item('01001', '0000000100'), rec('22', [3, '01001'], [13, '0000000100']), rec('22', [3, '01001'], [13, '0000000999']),
    ]));
    expect(positions[0].priceComponents![0].values).toEqual([{ formula: '1.00' }]);
    expect(codes(messages)).toEqual([['GAEB90_ORPHAN_PRICE_COMPONENTS', null, 'warning'], ['GAEB90_PRICE_COMPONENTS_REPEATED', '01.001', 'warning']]);
  });

  it('labels components beyond the four of record 06 (or without a record 06) UPComp<n>', () => {
    const five = read(file(['00        86L                                                 11PPP000090', rec('06', [3, '5'], [18, 'A'], [32, 'B'], [46, 'C'], [60, 'D'])]));
    expect(five.project.projectInformation?.priceComponents).toEqual(['A', 'B', 'C', 'D', 'UPComp5']);
    expect(codes(five.messages)).toContainEqual(['GAEB90_PRICE_COMPONENT_LABELS_MISSING', null, 'info']);
    const none = read(file(['00        86L                                                 11PPP000090', ...item('01001', '0000000300'), rec('22', [3, '01001'], [13, '0000000100'], [24, '0000000200'])]));
    expect(none.positions[0].priceComponents!.map((c) => c.label)).toEqual(['UPComp1', 'UPComp2']);
    expect(codes(none.messages)).toEqual([['GAEB90_PRICE_COMPONENT_UNLABELLED', null, 'info']]);
  });
});
