/**
 * Marks of LV elements the reader used to pass over without a word: `vorbemerkungskennzeichen` (V: the element sits
 * under a freely worded preliminary remark of a group above it; AVACloud `openingTextIsFreeText`) of the `svb`, an
 * ULG and a position; a position's lot (`teilangebotskennzeichen`) and partial sum (`teilsummenkennzeichen`); the
 * LV's list of lots (`teilangebotssummen`). On the 2009 Angebots-LV fixture (test/fixtures/oenorm/angebot-2009-lg.onlv)
 * with the marks added here in schema order.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { fixture, fixtureText, read } from './support.js';
import { hasOenormXsd, validateOnlv, write } from './writer-support.js';

/** Replaces `from` (which must occur exactly once) by `to`. */
function once(text: string, from: string, to: string): string {
  expect(text.split(from), from).toHaveLength(2);
  return text.replace(from, to);
}

const LOTS =
  '<teilangebotssummen>' +
  '<teilangebot teilangebotskennzeichen="1"><summenormalausfuehrung><summe-des-lv>380.00</summe-des-lv><summe-nachlaesse>0.00</summe-nachlaesse>' +
  '<gesamtpreis>380.00</gesamtpreis><ust><ustsatz>20.00</ustsatz><ustbetrag>76.00</ustbetrag></ust><angebotspreis>456.00</angebotspreis></summenormalausfuehrung></teilangebot>' +
  '<teilangebot teilangebotskennzeichen="2"><summenormalausfuehrung><summe-des-lv>499.00</summe-des-lv><summe-nachlaesse>0.00</summe-nachlaesse>' +
  '<gesamtpreis>499.00</gesamtpreis><ust><ustsatz>20.00</ustsatz><ustbetrag>99.80</ustbetrag></ust><angebotspreis>598.80</angebotspreis></summenormalausfuehrung></teilangebot>' +
  '<teilangebot teilangebotskennzeichen="3"><nichtangeboten/></teilangebot>' +
  '</teilangebotssummen>';

/** The fixture with the marks: svb and ULG 01 V; position 01.01.01A V, lot 1, partial sum 7; position 01.01.03 lot 2. */
function marked(): Buffer {
  let t = fixtureText('angebot-2009-lg.onlv');
  t = once(t, '<herkunftskennzeichen>Z</herkunftskennzeichen>\n      </svb>', '<herkunftskennzeichen>Z</herkunftskennzeichen><vorbemerkungskennzeichen>V</vorbemerkungskennzeichen>\n      </svb>');
  t = once(t, '<ueberschrift>Aushub</ueberschrift>\n                <herkunftskennzeichen>Z</herkunftskennzeichen>',
    '<ueberschrift>Aushub</ueberschrift>\n                <herkunftskennzeichen>Z</herkunftskennzeichen><vorbemerkungskennzeichen>V</vorbemerkungskennzeichen>');
  t = once(t, '<herkunftskennzeichen>Z</herkunftskennzeichen>\n                      <einheit>m²</einheit>\n                      <pzzv><normalposition/></pzzv>\n                      <leistungsteil>1</leistungsteil>',
    '<herkunftskennzeichen>Z</herkunftskennzeichen><vorbemerkungskennzeichen>V</vorbemerkungskennzeichen>\n                      <einheit>m²</einheit>\n' +
    '                      <pzzv><normalposition/></pzzv><teilangebotskennzeichen>1</teilangebotskennzeichen>\n                      <leistungsteil>1</leistungsteil><teilsummenkennzeichen>7</teilsummenkennzeichen>');
  t = once(t, '<garantierteangebotssumme>G</garantierteangebotssumme>', '<garantierteangebotssumme>G</garantierteangebotssumme><teilangebotskennzeichen>2</teilangebotskennzeichen>');
  t = once(t, '</lv-summe>\n  </angebots-lv>', `</lv-summe>${LOTS}\n  </angebots-lv>`);
  return Buffer.from(t);
}

const props = (e: { oenormProperties?: unknown; oenormPositionProperties?: unknown; oenormNoteTextProperties?: unknown }) =>
  (e.oenormProperties ?? e.oenormPositionProperties ?? e.oenormNoteTextProperties) as Record<string, unknown>;
const lotsOf = (project: ProjectDto) => (project.serviceSpecifications![0].oenormProperties as Record<string, unknown>).teilangebote;

/** What the marks read as: [element, openingTextIsFreeText, teilangebotskennzeichen, teilsummenkennzeichen]. */
function marksOf(lv: ReturnType<typeof read>): unknown[] {
  const svb = lv.notes.find((n) => props(n).svb === true)!;
  return [
    ['svb', props(svb).openingTextIsFreeText],
    ...lv.groups.map((g) => [g.itemNumber?.stringRepresentation, props(g).openingTextIsFreeText]),
    ...lv.positions.map((p) => {
      const k = props(p);
      return [p.itemNumber?.stringRepresentation, k.openingTextIsFreeText, k.teilangebotskennzeichen, k.teilsummenkennzeichen];
    }),
  ];
}

const EXPECTED_MARKS = [
  ['svb', true], ['01.', undefined], ['01.01.', true],
  ['01.01.01.A', true, '1', '7'], ['01.01.02.A', undefined, undefined, undefined], ['01.01.02.B', undefined, undefined, undefined],
  ['01.01.02.C', undefined, undefined, undefined], ['01.01.03', undefined, '2', undefined],
];

describe('ÖNORM element marks and partial offers', () => {
  it('reads the marks and the lots, and checks each lot\'s stated sum against its positions', () => {
    const lv = read(marked());
    expect(marksOf(lv)).toEqual(EXPECTED_MARKS);
    expect(lotsOf(lv.project)).toEqual([
      { teilangebotskennzeichen: '1', oenormTotal: 380, oenormDeductedTotal: 380 },
      { teilangebotskennzeichen: '2', oenormTotal: 499, oenormDeductedTotal: 499 },
      { teilangebotskennzeichen: '3', nichtangeboten: true },
    ]);
    // lot 1 meets its position (380.00); lot 2 states 499.00 for a position of 500.00
    expect(lv.messages.filter((m) => m.code === 'OENORM_TOTAL_MISMATCH').map((m) => m.message)).toEqual([
      'Teilangebot 2 (summe-des-lv): the file states 499.00, the recalculated amount is 500.00; the recalculated amount is kept.',
    ]);
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
  });

  it('writes them back in every edition in schema order (valid) and reads them back the same', () => {
    const lv = read(marked());
    for (const edition of ['Lv2009', 'Lv2015', 'Lv2021']) {
      const written = write(lv.project, { DestinationOenormType: edition });
      expect(written.text, edition).toContain('<herkunftskennzeichen>Z</herkunftskennzeichen><vorbemerkungskennzeichen>V</vorbemerkungskennzeichen></svb>');
      expect(written.text, edition).toContain('<pzzv><normalposition/></pzzv><teilangebotskennzeichen>1</teilangebotskennzeichen><leistungsteil>1</leistungsteil><teilsummenkennzeichen>7</teilsummenkennzeichen><lvmenge>');
      expect(written.text, edition).toContain('<teilangebotssummen><teilangebot teilangebotskennzeichen="1"/><teilangebot teilangebotskennzeichen="2"/>' +
        '<teilangebot teilangebotskennzeichen="3"><nichtangeboten/></teilangebot></teilangebotssummen>');
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      expect(written.messages.filter((m) => m.severity !== 'info'), edition).toEqual([]);
      expect(written.messages.filter((m) => m.code === 'OENORM_LOT_SUMS_NOT_WRITTEN').map((m) => m.message), edition).toEqual([
        'The sums of the partial offers 1, 2 (teilangebot/summenormalausfuehrung) were not written; each lot is listed, and its sum follows from its positions.',
      ]);
      const back = read(written.xml);
      expect(marksOf(back), edition).toEqual(EXPECTED_MARKS);
      expect(lotsOf(back.project), edition).toEqual([
        { teilangebotskennzeichen: '1' }, { teilangebotskennzeichen: '2' }, { teilangebotskennzeichen: '3', nichtangeboten: true },
      ]);
    }
  });

  it('lists the lots its positions name when none were kept, without "not offered" in a tender, and reports what it cannot write', () => {
    const project: ProjectDto = structuredClone(read(marked()).project);
    const spec = project.serviceSpecifications![0];
    delete (spec.oenormProperties as Record<string, unknown>).teilangebote;
    const lv = write(project, { DestinationOenormType: 'Lv2015' });
    expect(lv.text).toContain('<teilangebotssummen><teilangebot teilangebotskennzeichen="1"/><teilangebot teilangebotskennzeichen="2"/></teilangebotssummen>');
    expect(lv.messages.filter((m) => m.code === 'OENORM_LOT_SUMS_NOT_WRITTEN')).toEqual([]);

    const tender: ProjectDto = structuredClone(read(marked()).project);
    tender.serviceSpecifications![0].exchangePhase = 'OfferRequest';
    const written = write(tender, { DestinationOenormType: 'Lv2009' });
    expect(written.text).toContain('<ausschreibungs-lv>');
    expect(written.text).toContain('<teilangebot teilangebotskennzeichen="3"/></teilangebotssummen>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);

    // marks that are no lot or partial-sum number are not written, and said so
    const broken: ProjectDto = structuredClone(read(marked()).project);
    const position = read(marked()).positions[0];
    expect(position.itemNumber?.stringRepresentation).toBe('01.01.01.A');
    const find = (elements: unknown[] | undefined): Record<string, unknown> | undefined => {
      for (const e of (elements ?? []) as { itemNumber?: { stringRepresentation?: string }; elements?: unknown[]; oenormPositionProperties?: Record<string, unknown> }[]) {
        if (e.itemNumber?.stringRepresentation === '01.01.01.A' && e.oenormPositionProperties) return e.oenormPositionProperties;
        const inner = find(e.elements);
        if (inner) return inner;
      }
      return undefined;
    };
    const kept = find(broken.serviceSpecifications![0].elements)!;
    kept.teilangebotskennzeichen = '100';
    kept.teilsummenkennzeichen = 'x';
    const bad = write(broken, { DestinationOenormType: 'Lv2015' });
    expect(bad.text).not.toContain('<teilangebotskennzeichen>100<');
    expect(bad.text).not.toContain('<teilsummenkennzeichen>');
    expect(bad.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => m.message)).toEqual([
      'partial offer marks (teilangebotskennzeichen) that are not a number from 1 to 99 were not written',
      'partial sum marks (teilsummenkennzeichen) that are not a number from 1 to 9999 were not written',
    ]);
  });

  it('reports content it does not know inside positions, Grundtexte and group properties instead of passing over it', () => {
    let t = fixtureText('angebot-2009-lg.onlv');
    t = once(t, '<stichwort>Baustelleneinrichtung</stichwort>', '<stichwort>Baustelleneinrichtung</stichwort><zusatzfeld>1</zusatzfeld>');
    t = once(t, '<p>Schacht herstellen.</p>\n                    </langtext>', '<p>Schacht herstellen.</p>\n                    </langtext><grundtextfeld/>');
    t = once(t, '<ueberschrift>Erdarbeiten</ueberschrift>', '<ueberschrift>Erdarbeiten</ueberschrift><gruppenfeld>x</gruppenfeld>');
    t = once(t, '<grundtextnr nr="04">', '<grundtextnr nr="04"><nrfeld/>');
    const lv = read(Buffer.from(t));
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED').map((m) => m.message)).toEqual([
      'ÖNORM content without an equivalent in the model was not read: <gruppenfeld>, <grundtextfeld>, <zusatzfeld>, <nrfeld>.',
    ]);
    expect(lv.positions).toHaveLength(5);
  });

  it('keeps everything a billing LV adds through an ONLV round trip (the billing fixture, valid 2009 output)', () => {
    const lv = read(fixture('abrechnung-2009-lg.onlv'));
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
    const written = write(lv.project, { DestinationOenormType: 'Lv2009' });
    for (const part of [
      '<abrechnungs-lv>', '<vorbemerkungskennzeichen>V</vorbemerkungskennzeichen>', '<teilangebotskennzeichen>1</teilangebotskennzeichen>',
      '<teilsummenkennzeichen>7</teilsummenkennzeichen>', '<zusatzangebotslvnummer>3</zusatzangebotslvnummer><status>Genehmigt</status>',
      '<erglb><bezeichnung>Ergänzungs-LB Tiefbau</bezeichnung>', '<variantenzusammenstellung nr="A"><bezeichnung>Beton</bezeichnung>',
      '<teilangebotssummen><teilangebot teilangebotskennzeichen="1"/><teilangebot teilangebotskennzeichen="2"/></teilangebotssummen>',
    ]) expect(written.text).toContain(part);
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.messages.filter((m) => m.severity !== 'info')).toEqual([]);
  });

  it('reports the V marks when writing an LB, which has no place for them', () => {
    const lb = write(read(marked()).project, { DestinationOenormType: 'Lb2015' });
    expect(lb.text).not.toContain('vorbemerkungskennzeichen');
    expect(lb.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => m.message)).toContainEqual(
      'marks of elements under a freely worded preliminary remark (vorbemerkungskennzeichen V) were not written: an LB has no place for them: 3 occurrences (e.g. svb, 01.01., 01.01.01.A)',
    );
  });
});
