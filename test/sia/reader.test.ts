/**
 * The SIA 451 reader on a fixture of ours (test/fixtures/sia/schulhaus.01s, CP850, CRLF): header, object
 * outlines, conditions, chapters, headings nested by NPK digits, positions with unit, quantity per object outline,
 * unit price (2 implied decimals), short text from variable 00 and long text by variable and line number.
 */
import { describe, expect, it } from 'vitest';
import { isGroup, isNoteText, isPosition, type ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { detectSia } from '../../plugins/sia/detect.js';
import { fixture, read } from './support.js';

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

  it('detects SIA 451 from the content, not other formats', () => {
    expect(detectSia(fixture('schulhaus.01s'))).toBe(true);
    expect(detectSia(Buffer.from('<?xml version="1.0"?><GAEB/>'))).toBe(false);
    expect(detectSia(Buffer.from('A text file\r\nwith lines\r\n'))).toBe(false);
    expect(detectSia(Buffer.from('A260315000000\r\nG211 20                                  1\r\n'))).toBe(true);
  });
});
