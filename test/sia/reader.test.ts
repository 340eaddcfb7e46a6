/**
 * The SIA 451 reader on a fixture of ours (test/fixtures/sia/schulhaus.01s, CP850, CRLF): header, object
 * outlines, conditions, chapters, headings nested by NPK digits, positions with unit, quantity per object outline,
 * unit price (2 implied decimals), short text from variable 00 and long text by variable and line number.
 */
import { describe, expect, it } from 'vitest';
import { isGroup, isNoteText, isPosition, type ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { detectSia } from '../../plugins/sia/detect.js';
import iconv from 'iconv-lite';
import { fixture, read, siaBytes, siaRecords, viaJson, write } from './support.js';

const tree = (elements: ServiceSpecificationGroupDto['elements']): unknown[] =>
  (elements ?? []).map((e) => {
    if (isGroup(e)) return { group: e.itemNumber?.stringRepresentation, shortText: e.shortText, elements: tree(e.elements) };
    if (isNoteText(e)) return { note: e.longText };
    return isPosition(e) ? e.itemNumber?.stringRepresentation : e.elementTypeDiscriminator;
  });

describe('SIA 451 reader', () => {
  const r = read(fixture('schulhaus.01s'));
  const spec = r.project.serviceSpecifications![0];

  it('reads the header: date, document code, project id and name, origin', () => {
    expect(r.messages).toEqual([]);
    expect(spec).toMatchObject({
      origin: 'Sia', originDetail: 'SIA 451-92 Ausschreibung', exchangePhase: 'OfferRequest', creationDate: '2015-03-26',
      name: 'Schulhaus Mattenweg', contractIdentifier: 'P-17', siaSoftware: 'Testfirma',
    });
    expect(r.project.projectInformation?.name).toBe('Schulhaus Mattenweg');
  });

  it('keeps the object outlines (CP850 umlauts decoded) and the conditions; the VAT condition is the tax rate', () => {
    expect(spec.siaObjectOutlines).toEqual([{ code: '01Haus', name: 'Hauptgebäude' }, { code: '02Turn', name: 'Turnhalle' }]);
    expect(spec.siaConditions).toEqual([{ number: '003203', text: 'Mehrwertsteuer', percent: 7.7 }]);
    expect(spec.projectTaxRate).toBe(0.077);
    // 211.111100: 570.5 m3 at 28.50 = 16259.25 net, 17511.21 with 7.7 % VAT
    expect(r.position('211.111100')).toMatchObject({ totalPrice: 16259.25, totalPriceGross: 17511.21 });
  });

  it('builds chapters, headings nested by NPK digits and positions, numbered Kapitel.Leistungsposition', () => {
    expect(tree(spec.elements)).toEqual([
      {
        group: '211.', shortText: 'Baugruben und Erdbau', elements: [
          { group: '211.000100.', shortText: 'Bedingungen', elements: [{ note: 'Es gilt die Norm SIA 118.' }] },
          {
            group: '211.100000.', shortText: 'Baugruben', elements: [
              { group: '211.110000.', shortText: 'Aushub', elements: ['211.111100', '211.112101'] },
            ],
          },
          '211.200001',
        ],
      },
      { group: '241.', shortText: 'Ortbetonbau', elements: ['241.311101'] },
    ]);
    expect(spec.elements![0].siaNpkEdition).toBe('20');
    expect(r.positions.every((p) => p.itemNumber?.isSchemaCompliant)).toBe(true);
  });

  it('sums the quantities per object outline into the quantity, keeping the outlines as components', () => {
    const p = r.position('211.111100');
    expect(p.quantity).toBe(570.5);
    expect(p.unitTag).toBe('m3');
    expect(p.quantityComponents?.map((c) => [c.siaObjectOutline, c.description, c.formula, c.result])).toEqual([
      ['01Haus', 'Hauptgebäude', '450.5', 450.5], ['02Turn', 'Turnhalle', '120', 120],
    ]);
    expect(p.unitPrice).toBe(28.5);
    expect(p.totalPrice).toBe(16259.25);
    expect(r.position('211.112101').quantity).toBe(80.25);
    expect(r.position('241.311101').quantity).toBe(47.5);
  });

  it('joins texts by variable and line number: variable 00 is the short text, 01–99 the long text paragraphs', () => {
    const p = r.position('211.111100');
    expect(p.shortText).toBe('Aushub Baugrube maschinell in Klasse I');
    expect(p.longText).toBe('Abtransport und Deponie sind einzurechnen.\nTiefe m bis 3,0.');
    expect(r.position('241.311101').shortText).toBe('Beton C25/30 für Fundamente');
  });

  /**
   * The fixture with the text records of 211.111100 (lines 12–17: type-2, variable 00 lines 01–02, variable 01 lines
   * 01–02, variable 02 line 01) given new variable and line numbers and texts; the record count stays.
   */
  const withTexts = (type2: string, texts: readonly [variable: string, line: string, text: string][]): Buffer => {
    const lines = iconv.decode(fixture('schulhaus.01s'), 'cp850').split('\r\n').filter((l) => l !== '');
    lines[11] = lines[11].slice(0, 92) + type2;
    texts.forEach(([variable, line, text], i) => { lines[12 + i] = lines[12 + i].slice(0, 13) + variable + line + lines[12 + i].slice(17, 92) + text; });
    return siaBytes(lines);
  };

  it('reads variable 00 that the type-2 text does not begin as the long text\'s first paragraph (a BauPlus export)', () => {
    const r = read(withTexts('Aushub Baugrube maschinell in', [
      ['00', '01', 'Maschineller Aushub der'], ['00', '02', 'Baugrube in Klasse I'], ['01', '01', 'Abtransport und Deponie sind'],
      ['01', '02', 'einzurechnen.'], ['02', '01', 'Tiefe m bis 3,0.'],
    ]));
    expect(r.messages).toEqual([]);
    expect(r.position('211.111100')).toMatchObject({
      shortText: 'Aushub Baugrube maschinell in',
      longText: 'Maschineller Aushub der Baugrube in Klasse I\nAbtransport und Deponie sind einzurechnen.\nTiefe m bis 3,0.',
    });
  });

  it('reads variable 00 as the whole short text when it begins with the type-2 text and is short or goes on from it', () => {
    // over 70 characters, beginning with the type-2 text but not as its first line: the long text's first paragraph
    const long = withTexts('Aushub Baugrube', [
      ['00', '01', 'Aushub Baugrube maschinell in'], ['00', '02', 'Klasse I, Tiefe bis 3,0 m, mit'], ['00', '03', 'Abtransport und Deponie.'],
      ['01', '01', 'Zwischenlager nach Wahl des'], ['01', '02', 'Unternehmers.'],
    ]);
    expect(read(long).position('211.111100')).toMatchObject({
      shortText: 'Aushub Baugrube',
      longText: 'Aushub Baugrube maschinell in Klasse I, Tiefe bis 3,0 m, mit Abtransport und Deponie.\nZwischenlager nach Wahl des Unternehmers.',
    });
    // the same text whose first line is the type-2 text (as the writer writes a longer short text): the short text
    const continued = withTexts('Aushub Baugrube maschinell in', [
      ['00', '01', 'Aushub Baugrube maschinell in'], ['00', '02', 'Klasse I, Tiefe bis 3,0 m, mit'], ['00', '03', 'Abtransport und Deponie.'],
      ['01', '01', 'Zwischenlager nach Wahl des'], ['01', '02', 'Unternehmers.'],
    ]);
    expect(read(continued).position('211.111100')).toMatchObject({
      shortText: 'Aushub Baugrube maschinell in Klasse I, Tiefe bis 3,0 m, mit Abtransport und Deponie.',
      longText: 'Zwischenlager nach Wahl des Unternehmers.',
    });
  });

  it('writes each long-text paragraph back in its variable: numbers the file skips, variable 00 as the long text', () => {
    const variablesOf = (bytes: Buffer) => siaRecords(bytes).filter((l) => l.startsWith('G211   111100') && l[41] === '3').map((l) => `${l.slice(13, 17)} ${l.slice(92).trimEnd()}`);
    const skipped = withTexts('Aushub Baugrube maschinell in', [
      ['00', '01', 'Maschineller Aushub der'], ['00', '02', 'Baugrube in Klasse I'], ['01', '01', 'Abtransport und Deponie sind'],
      ['01', '02', 'einzurechnen.'], ['04', '01', 'Tiefe m bis 3,0.'],
    ]);
    const r = read(skipped);
    expect(r.position('211.111100').siaTextVariables).toEqual([0, 1, 4]);
    expect(variablesOf(write(viaJson(r.project)).bytes)).toEqual(variablesOf(skipped));
    // variable 00 of the long text whose first line, wrapped again, would be the type-2 text: one word moves down,
    // so that it does not read as the whole short text
    const ambiguous = withTexts('Aushub Baugrube maschinell in', [
      ['00', '01', 'Aushub Baugrube'], ['00', '02', 'maschinell in Klasse I, Tiefe'], ['00', '03', 'bis 3,0 m, mit Abtransport'], ['00', '04', 'und Deponie.'],
      ['01', '01', 'Zwischenlager.'],
    ]);
    const first = read(ambiguous).position('211.111100');
    expect(first).toMatchObject({ shortText: 'Aushub Baugrube maschinell in', siaTextVariables: [0, 1] });
    const written = write(viaJson(read(ambiguous).project)).bytes;
    expect(variablesOf(written)).toEqual([
      '0001 Aushub Baugrube maschinell', '0002 in Klasse I, Tiefe bis 3,0 m,', '0003 mit Abtransport und Deponie.', '0101 Zwischenlager.',
    ]);
    expect(read(written).position('211.111100')).toMatchObject({ shortText: first.shortText, longText: first.longText, siaTextVariables: [0, 1] });
  });

  it('keeps the KAG code of a quantity record with its quantity component, and the writer writes it back', () => {
    const lines = iconv.decode(fixture('schulhaus.01s'), 'cp850').split('\r\n').filter((l) => l !== '');
    lines[18] = `${lines[18].padEnd(81)}211`; // 211.111100, object outline 01Haus: KAG 211 in columns 82–86
    const r = read(siaBytes(lines));
    expect(r.position('211.111100').quantityComponents?.map((c) => [c.siaObjectOutline, c.siaKag])).toEqual([['01Haus', '211'], ['02Turn', undefined]]);
    const written = siaRecords(write(viaJson(r.project)).bytes).filter((l) => l.startsWith('G211   111100') && l[41] === '6');
    expect(written.map((l) => l.slice(81, 86))).toEqual(['211', '']);
  });

  it('detects SIA 451 from the content, not other formats', () => {
    expect(detectSia(fixture('schulhaus.01s'))).toBe(true);
    expect(detectSia(Buffer.from('<?xml version="1.0"?><GAEB/>'))).toBe(false);
    expect(detectSia(Buffer.from('A text file\r\nwith lines\r\n'))).toBe(false);
    expect(detectSia(Buffer.from('A260315000000\r\nG211 20                                  1\r\n'))).toBe(true);
  });
});
