/**
 * GAEB 90 writer: record format (80 columns, CRLF, CP850, renumbered cols 75–80), prices only in priced phases,
 * messages for what GAEB 90 cannot hold, price component labels (06) and amounts (22), kept sub-item text (27),
 * and read → write → read of the fixtures `test/fixtures/gaeb90/schulhof.d83` and `preisanteile.d86`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaeb90 } from '../../plugins/gaeb/gaeb90/reader.js';
import { wrapWords } from '../../core/text/records.js';
import { type Gaeb90Phase, writeGaeb90 } from '../../plugins/gaeb/gaeb90/writer.js';
import { positionsOf } from '../support/model.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb90');


const schema = { itemNumberSchema: { tiers: [{ length: 2, tierType: 'Group' as const }, { length: 3, tierType: 'Position' as const }] } };

function project(position: Partial<PositionDto>, extra: Partial<ProjectDto> = {}): ProjectDto {
  return prepareProject({
    projectInformation: schema,
    serviceSpecifications: [{
      exchangePhase: 'Grant',
      projectTaxRate: 0.19,
      elements: [{
        elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.' }, shortText: 'Los',
        elements: [{ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.001' }, shortText: 'Pflaster', ...position }],
      }],
    }],
    ...extra,
  }, {});
}

function write(p: ProjectDto, phase: Gaeb90Phase = '86', overrides: Record<string, boolean | string> = {}) {
  const sink = new MessageCollector();
  const bytes = writeGaeb90(p, defaultOptions(overrides), sink, phase);
  const text = iconv.decode(bytes, 'cp850');
  return { bytes, text, lines: text.split('\r\n').slice(0, -1), messages: sink.messages };
}

describe('writeGaeb90 record format', () => {
  it('writes CP850, CRLF, 80-column records numbered from 000001', () => {
    const { bytes, text, lines } = write(project({ quantityOverride: 2.5, unitTag: 'm³', unitPriceOverride: 12.34 }));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.every((l) => l.length === 80)).toBe(true);
    expect(lines.map((l) => l.slice(74))).toEqual(lines.map((_, i) => String(i + 1).padStart(6, '0')));
    expect(bytes.includes(Buffer.from([0x6d, 0xfc]))).toBe(true); // "m³" with ³ = 0xFC in CP850
    expect(lines.map((l) => l.slice(0, 2))).toEqual(['00', '01', '02', '03', '11', '12', '21', '23', '25', '31', '32', '99']);
    expect(lines[0].slice(10, 12)).toBe('86');
    expect(lines[0].slice(62, 71)).toBe('11PPP0000');
    expect(lines[6].slice(0, 36)).toBe('2101001    NNN         00000002500m³');
    expect(lines[7].slice(0, 36)).toBe('2301001     0000001234  000000003085');
    expect(lines[11].slice(0, 37)).toBe('99000000003085       1900000000003671');
    expect(lines[11].slice(69, 74)).toBe('00001');
  });

  it('writes no prices or totals in phases 81 and 83', () => {
    for (const phase of ['81', '83'] as const) {
      const { lines } = write(project({ quantityOverride: 1, unitPriceOverride: 5 }), phase);
      expect(lines.some((l) => l.startsWith('23') || l.startsWith('32'))).toBe(false);
      expect(lines.at(-1)!.slice(2, 14).trim()).toBe('');
    }
  });

  it('shortens short text > 70, unit > 4 with messages naming the item', () => {
    const { lines, messages } = write(project({ shortText: 'x'.repeat(71), unitTag: 'Stück' }));
    expect(lines.find((l) => l.startsWith('25'))!.slice(2, 73)).toBe(`${'x'.repeat(70)} `);
    expect(lines.find((l) => l.startsWith('21'))!.slice(34, 38)).toBe('Stüc');
    const codes = messages.map((m) => [m.code, m.itemNumber]);
    expect(codes).toContainEqual(['GAEB90_SHORT_TEXT_TRUNCATED', '01.001']);
    expect(codes).toContainEqual(['GAEB90_UNIT_TRUNCATED', '01.001']);
  });

  it('also writes a short text cut to 70 whole as the first lines of the long text, unless that begins with it', () => {
    const short = 'Dachabdichtung Flüssigkunststoff 2K-PMMA Einlage 110g/m2 D 2mm, Stützen DU 35 cm';
    const { lines, messages } = write(project({ shortText: short, htmlLongText: '<p>Dachabdichtung mit Flüssigkunststoff.</p>' }));
    expect(lines.find((l) => l.startsWith('25'))!.slice(2, 72)).toBe(short.slice(0, 70));
    const text = lines.filter((l) => l.startsWith('26')).map((l) => l.slice(5, 60).trimEnd());
    expect(text).toEqual(['Dachabdichtung Flüssigkunststoff 2K-PMMA Einlage', '110g/m2 D 2mm, Stützen DU 35 cm', 'Dachabdichtung mit Flüssigkunststoff.']);
    expect(messages.map((m) => [m.code, m.itemNumber])).toEqual([['GAEB90_SHORT_TEXT_TRUNCATED', '01.001'], ['GAEB90_TEXT_KEPT_WHOLE', '01.001']]);
    // a long text that begins with it (white space aside) is written as it is; so is a short text that fits
    const begins = write(project({ shortText: short, htmlLongText: `<p>${short.replace(', ', ',  ')}</p><p>Weiter.</p>` }));
    expect(begins.messages.map((m) => m.code)).toEqual(['GAEB90_SHORT_TEXT_TRUNCATED']);
    expect(begins.lines.filter((l) => l.startsWith('26'))).toHaveLength(3);
    expect(write(project({ shortText: 'Kurz', htmlLongText: '<p>Lang.</p>' })).lines.filter((l) => l.startsWith('26'))).toHaveLength(1);
  });

  it('wraps long text at 55 at word boundaries without a message; splits an over-long word with one', () => {
    const words = 'Boden lösen und laden, Abfuhr zur Deponie nach Wahl des Auftragnehmers einschließlich Gebühren.';
    const { lines, messages } = write(project({ htmlLongText: `<p>${words}</p>` }));
    const text = lines.filter((l) => l.startsWith('26')).map((l) => l.slice(5, 60).trimEnd());
    expect(text.every((t) => t.length <= 55)).toBe(true);
    expect(text.join(' ')).toBe(words);
    expect(messages).toEqual([]);
    const long = write(project({ longText: 'a'.repeat(60) }));
    expect(long.lines.filter((l) => l.startsWith('26')).map((l) => l.slice(5, 60).trimEnd())).toEqual(['a'.repeat(55), 'a'.repeat(5)]);
    expect(long.messages.map((m) => [m.code, m.itemNumber])).toEqual([['GAEB90_LONG_TEXT_WORD_SPLIT', '01.001']]);
  });

  it('replaces characters CP850 cannot encode, with a message', () => {
    const { lines, messages } = write(project({ shortText: 'Preis 5 € – netto ✓' }));
    expect(lines.find((l) => l.startsWith('25'))!.slice(2).trimEnd().slice(0, -6).trimEnd()).toBe('Preis 5 EUR - netto ?');
    expect(messages.map((m) => [m.code, m.itemNumber])).toEqual([['GAEB90_CHARACTER_REPLACED', '01.001']]);
  });

  it('writes text complements as marked 26 lines', () => {
    const html = '<p>Fabrikat:</p><p><span class="TextComplement" data-kind="Bidder" data-marklbl="7"><span class="ComplBody">....</span></span></p>';
    const { lines } = write(project({ htmlLongText: html }));
    expect(lines.filter((l) => l.startsWith('26')).map((l) => l.slice(0, 14))).toEqual(['26   Fabrikat:', '26 7B....     ']);
  });

  it('drops zero padding when the schema is wider than the 9 OZ characters; fails when the numbers cannot fit', () => {
    const wide = (number: string, g1 = '01.', g2 = '01.02.') => prepareProject({
      projectInformation: { itemNumberSchema: { tiers: [{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }, { length: 6, tierType: 'Position' }] } },
      serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: g1 }, elements: [
        { elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: g2 }, elements: [
          { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: number }, shortText: 'A' }] }] }] }],
    }, {});
    const ok = write(wide('01.02.000010'), '83');
    expect(ok.lines[0].slice(62, 71)).toBe('12PP00000');
    expect(ok.lines.find((l) => l.startsWith('21'))!.slice(2, 11)).toBe('1210     ');
    expect(ok.messages.map((m) => m.code)).toContain('GAEB90_ITEM_NUMBER_PADDING');
    expect(() => write(wide('12.34.123456', '12.', '12.34.'), '83')).toThrow(/9 OZ characters/);
  });

  it('writes the labels (06) and, in priced phases only, the amounts (22) of price components', () => {
    const components = [{ label: 'Lohn', values: [{ formula: '10.5' }] }, { label: 'Stoffe', values: [{ formula: '-1.25' }] }];
    const p = project({ quantityOverride: 2, priceComponents: components }, {
      projectInformation: { ...schema, labourTimeLabel: 'Stunden', priceComponents: ['Lohn', 'Stoffe', 'Geräte'] },
    });
    const { lines, messages } = write(p);
    expect(lines.map((l) => l.slice(0, 2))).toEqual(['00', '01', '02', '03', '06', '11', '12', '21', '22', '23', '25', '31', '32', '99']);
    expect(lines[4].slice(0, 74)).toBe('063Stunden       Lohn          Stoffe        Geräte'.padEnd(74));
    // Field i: sign in col 12 + 11i, 10 digits with 2 implied decimals after it; the third (no values) blank.
    expect(lines[8].slice(0, 74)).toBe('2201001     0000001050-0000000125'.padEnd(74));
    expect(lines[9].slice(0, 22)).toBe('2301001     0000000925');
    expect(messages).toEqual([]);
    const unpriced = write(p, '83');
    expect(unpriced.lines.map((l) => l.slice(0, 2))).toEqual(['00', '01', '02', '03', '06', '11', '12', '21', '25', '31', '99']);
  });

  it('reports what records 06 and 22 cannot hold: a fifth component, 3 decimals, more than 10 digits, labour', () => {
    const labels = ['A', 'B', 'C', 'D', 'E'];
    const values = ['100000000.00', '-99999990.00', '1.005', '2', '3'];
    const p = project({
      quantityOverride: 1,
      priceComponents: labels.map((label, i) => ({ label, values: [{ formula: values[i] }] })),
      labourComponents: { values: [{ formula: '2' }], hourlyWage: 10, useOwnHourlyWage: true },
    }, { projectInformation: { ...schema, priceComponents: labels } });
    const { lines, messages } = write(p);
    expect(lines.find((l) => l.startsWith('06'))!.slice(0, 74)).toBe(['064'.padEnd(17), 'A'.padEnd(14), 'B'.padEnd(14), 'C'.padEnd(14), 'D'].join('').padEnd(74));
    // A does not fit 10 digits: blank; B, C (rounded half up), D in their fields; E has no field.
    expect(lines.find((l) => l.startsWith('22'))!.slice(0, 74)).toBe('2201001               -9999999000 0000000101 0000000200'.padEnd(74));
    expect(lines.find((l) => l.startsWith('23'))!.slice(12, 22)).toBe('0000003601');
    expect(messages.map((m) => [m.code, m.itemNumber ?? null])).toEqual([
      ['GAEB90_PRICE_COMPONENTS_DROPPED', null],
      ['GAEB90_LABOUR_COMPONENT_DROPPED', '01.001'],
      ['GAEB90_PRICE_COMPONENTS_DROPPED', '01.001'],
      ['GAEB90_PRICE_COMPONENT_ROUNDED', '01.001'],
      ['GAEB90_PRICE_COMPONENT_OVERFLOW', '01.001'],
      ['GAEB90_UNIT_PRICE_ROUNDED', '01.001'],
    ]);
    expect(messages[0].message).toMatch(/'E' and their amounts were not written/);
    expect(messages[2].message).toMatch(/'E' have no field in record 22/);
  });

  it('writes kept record 27 lines back verbatim after the long text, in every phase', () => {
    for (const phase of ['83', '86'] as const) {
      const { lines } = write(project({ htmlLongText: '<p>Text</p>', gaeb90SubText: ['   Teil A', '02 Teil B'] }), phase);
      const item = lines.filter((l) => ['25', '26', '27'].includes(l.slice(0, 2))).map((l) => l.slice(0, 74).trimEnd());
      expect(item).toEqual(['25Pflaster', '26   Text', '27   Teil A', '2702 Teil B']);
    }
  });

  it('writes every opening note text into the one preamble (T0–T9), each with its title, and says so', () => {
    const p = project({ quantityOverride: 1, unitPriceOverride: 5 });
    p.serviceSpecifications![0].elements!.unshift(
      { elementTypeDiscriminator: 'NoteTextDto', isOpeningText: true, shortText: 'Bewerbungsbedingungen', htmlLongText: '<p>Angebote bis Montag</p>' },
      { elementTypeDiscriminator: 'NoteTextDto', isOpeningText: true, shortText: 'Adressen', htmlLongText: '<p>Bauamt Sigmaringen</p>' },
    );
    const { lines, messages, bytes } = write(p, '83');
    expect(lines.filter((l) => l.startsWith('T')).map((l) => l.slice(0, 74).trimEnd()))
      .toEqual(['T0', 'T1Bewerbungsbedingungen', 'T1Angebote bis Montag', 'T1', 'T1Adressen', 'T1Bauamt Sigmaringen', 'T9']);
    expect(messages.filter((m) => m.code === 'GAEB90_PREAMBLE_JOINED').map((m) => [m.severity, m.message]))
      .toEqual([['info', '2 opening note texts were written as the one preamble (records T0–T9) GAEB 90 holds, each after a blank line and its title.']]);
    const [preamble] = prepareProject(readGaeb90(bytes, defaultOptions({}), new MessageCollector()), {}).serviceSpecifications![0].elements!;
    expect((preamble as { longText?: string }).longText?.split(/\s+/)).toEqual(['Bewerbungsbedingungen', 'Angebote', 'bis', 'Montag', 'Adressen', 'Bauamt', 'Sigmaringen']);
  });

  it("opens a remark's text with its title, once: not again where the text starts with it", () => {
    const p = project({ quantityOverride: 1, unitPriceOverride: 5 });
    const los = p.serviceSpecifications![0].elements![0] as { elements: unknown[] };
    los.elements.unshift(
      { elementTypeDiscriminator: 'NoteTextDto', shortText: 'Hinweis', longText: 'Baustelle sichern', htmlLongText: '<p>Baustelle sichern</p>' },
      { elementTypeDiscriminator: 'NoteTextDto', shortText: 'Schutz', longText: 'Schutz der Bauteile', htmlLongText: '<p>Schutz der Bauteile</p>' },
    );
    const { lines } = write(p, '83');
    expect(lines.filter((l) => l.startsWith('20') || l.startsWith('26')).map((l) => l.slice(0, 74).trimEnd()))
      .toEqual(['20', '26   Hinweis', '26   Baustelle sichern', '20', '26   Schutz der Bauteile']);
  });

  it('writes phase 84 as the reduced bid: OZ, prices, components, complements and category totals, no texts, quantities or units', () => {
    const html = '<p>Fabrikat:</p><p><span class="TextComplement" data-kind="Bidder" data-marklbl="7"><span class="ComplBody">Muster</span></span></p>';
    const p = project({ quantityOverride: 2.5, unitTag: 'm³', unitPriceOverride: 12.34, htmlLongText: html, gaeb90SubText: ['   Teil A'] });
    p.serviceSpecifications![0].elements!.unshift({ elementTypeDiscriminator: 'NoteTextDto', shortText: 'Vorbemerkung', htmlLongText: '<p>Allgemein</p>' });
    const { lines, messages } = write(p, '84');
    expect(lines.map((l) => l.slice(0, 2))).toEqual(['00', '01', '02', '03', '11', '21', '23', '26', '31', '32', '99']);
    expect(lines[0].slice(10, 12)).toBe('84');
    expect(lines[5].slice(0, 40).trimEnd()).toBe('2101001    NNN');
    expect(lines[6].slice(0, 36)).toBe('2301001     0000001234  000000003085');
    expect(lines[7].slice(0, 14)).toBe('26 7BMuster   ');
    expect(messages.map((m) => [m.code, m.severity])).toEqual([['GAEB90_OFFER_PHASE_REDUCED', 'info']]);
    expect(messages[0].message).toMatch(/texts, quantities and units of 3 element\(s\)/);

    // Read back: no quantity in the file, so it is derived from record 23 (total / unit price) and reported.
    const readMessages = new MessageCollector();
    const back = readGaeb90(write(p, '84').bytes, defaultOptions({}), readMessages);
    const [pos] = positionsOf(prepareProject(back, {}));
    expect(pos.itemNumber?.stringRepresentation).toBe('01.001');
    expect(pos.unitPrice).toBe(12.34);
    expect(pos.quantityOverride).toBe(2.5);
    expect(pos.totalPrice).toBe(30.85);
    expect(readMessages.messages.map((m) => m.code)).toContain('GAEB_QTY_DERIVED');
    expect(pos.shortText ?? '').toBe('');
    expect(pos.htmlLongText).toContain('Muster');
    expect(pos.htmlLongText).not.toContain('Fabrikat');
  });

  it('wrapWords keeps every word and the width', () => {
    expect(wrapWords('aa bb cc', 5)).toEqual({ lines: ['aa bb', 'cc'], split: false });
  });
});

describe('GAEB 90 round trip of the fixture', () => {
  it('read → write → read gives the same project (ids aside)', () => {
    const bytes = readFileSync(join(FIXTURES, 'schulhof.d83'));
    const first = prepareProject(readGaeb90(bytes, defaultOptions(), new MessageCollector()), {});
    const written = writeGaeb90(first, defaultOptions(), new MessageCollector(), '83');
    const second = prepareProject(readGaeb90(written, defaultOptions(), new MessageCollector()), {});
    // ids differ; the skipped-level item 1.20 is not schema compliant and keeps its string as read (padding differs),
    // its identifiers are compared instead.
    const strip = (p: ProjectDto) => JSON.parse(JSON.stringify(p, (k, v) => (k === 'id' || k === 'stringRepresentation' ? undefined : v)));
    expect(strip(second)).toEqual(strip(first));
    expect(positionsOf(first).map((p) => p.itemNumber?.stringRepresentation)).toEqual(['01.01.0010', '01.01.0010.a', '1.20']);
    expect(positionsOf(second).map((p) => p.itemNumber?.stringRepresentation)).toEqual(['01.01.0010', '01.01.0010.a', '01.0020']);
    expect(positionsOf(second).map((p) => p.itemNumber?.identifiers)).toEqual(positionsOf(first).map((p) => p.itemNumber?.identifiers));
  });
});

describe('GAEB 90 round trip of price components and sub-item text', () => {
  const bytes = () => readFileSync(join(FIXTURES, 'preisanteile.d86'));

  it('read → write → read keeps the components with labels and values; the file comes back byte for byte', () => {
    const first = prepareProject(readGaeb90(bytes(), defaultOptions(), new MessageCollector()), {});
    const sink = new MessageCollector();
    const written = writeGaeb90(first, defaultOptions(), sink, '86');
    expect(sink.messages).toEqual([]);
    expect(iconv.decode(written, 'cp850')).toBe(iconv.decode(bytes(), 'cp850'));
    const second = prepareProject(readGaeb90(written, defaultOptions(), new MessageCollector()), {});
    const strip = (p: ProjectDto) => JSON.parse(JSON.stringify(p, (k, v) => (k === 'id' ? undefined : v)));
    expect(strip(second)).toEqual(strip(first));
    const components = (p: ProjectDto) => positionsOf(p).map((x) => x.priceComponents!.map((c) => [c.label, c.values!.map((v) => v.formula), c.price]));
    expect(components(second)).toEqual([
      [['Lohn', ['18.40'], 18.4], ['Stoffe', ['25.10'], 25.1], ['Geräte', ['3.75'], 3.75]],
      [['Lohn', ['120.00'], 120], ['Stoffe', [], 0], ['Geräte', ['-5.00'], -5]],
    ]);
    expect(positionsOf(second).map((p) => p.gaeb90SubText)).toEqual([['   Teilleistung A: Randbereich', '02 Teilleistung B: Fläche'], undefined]);
  });

  it('totals recalculate from the components once the unit prices are not overridden', () => {
    const first = prepareProject(readGaeb90(bytes(), defaultOptions(), new MessageCollector()), {});
    const again = readGaeb90(writeGaeb90(first, defaultOptions(), new MessageCollector(), '86'), defaultOptions(), new MessageCollector());
    for (const p of positionsOf(again)) delete p.unitPriceOverride;
    const second = prepareProject(again, {});
    expect(positionsOf(second).map((p) => [p.unitPrice, p.totalPrice])).toEqual([[47.25, 590.63], [115, 345]]);
    expect(positionsOf(second).map((p) => p.unitPrice)).toEqual(positionsOf(second).map((p) => p.priceComponents!.reduce((s, c) => s + c.price!, 0)));
    const spec = second.serviceSpecifications![0];
    expect([spec.totalPrice, spec.totalPriceGross]).toEqual([935.63, 1113.4]);
    expect(spec.totalPrice).toBe(first.serviceSpecifications![0].totalPrice);
  });
});
