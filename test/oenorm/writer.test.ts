/**
 * The ÖNORM writer (plugins/oenorm/writer): destination types, LV types from the exchange phase, element order
 * (validated against the 2009 XSDs when the corpus holds them), outlines, positions, texts, variants, price shares,
 * sums, and write → read round trips of our own fixtures.
 */
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { isPosition, type ElementDto, type NoteTextDto } from '../../core/model/types.js';
import { fixture, read, type Read } from './support.js';
import { group, note, position, project, twoLevel } from './writer-model.js';
import { hasOenormXsd, validateOnlv, write, words } from './writer-support.js';

const valid = (xml: Buffer | string) => {
  if (hasOenormXsd) expect(validateOnlv(xml).errors).toEqual([]);
};
const shares = (p: { priceComponents?: { price?: number }[] }) => (p.priceComponents ?? []).map((c) => c.price);

describe('ÖNORM writer: destination types and editions', () => {
  it('writes Lv2009, Lv2015 (default) and Lv2021 in the edition namespace, naming this program', () => {
    const p = twoLevel();
    for (const [type, ns] of [['Lv2009', '2009-06-01'], ['Lv2015', '2015-07-15'], ['Lv2021', '2021-03-01']]) {
      const { text, xml } = write(p, { DestinationOenormType: type });
      expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?><onlv xmlns="http://www.oenorm.at/schema/A2063/' + ns + '">')).toBe(true);
      expect(text).toContain('<programmsystem>ava-gateway</programmsystem>');
      expect(text).toContain('<erstelltam>2026-01-02T03:04:05Z</erstelltam>');
      valid(xml);
    }
    expect(write(p).text).toContain('2015-07-15');
  });

  it('answers 400 for B2063 and unknown types, naming the types that can be written', () => {
    const messages: string[] = [];
    for (const type of ['B2063', 'Nonsense']) {
      let error: unknown;
      try {
        write(twoLevel(), { DestinationOenormType: type });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).statusCode).toBe(400);
      expect((error as GatewayError).message).toContain('Lv2009, Lv2015, Lv2021, Lb2009, Lb2015, Lb2021');
      messages.push((error as GatewayError).message);
    }
    expect(messages[0]).toContain('ÖNORM B 2063 (the 1996 fixed-column format) cannot be written: its record layout is not public');
  });

  it('writes an LB (Lb2009/2015/2021): texts and units, no quantities or prices (reported), per onlb.xsd', () => {
    const source = read(fixture('angebot-2009-lg.onlv'));
    for (const type of ['Lb2009', 'Lb2015', 'Lb2021']) {
      const w = write(source.project, { DestinationOenormType: type });
      expect(w.text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><onlb xmlns="http:\/\/www.oenorm.at\/schema\/A2063\/20..-..-.."><metadaten>.*<\/metadaten><lbkenndaten><bezeichnung>/);
      expect(w.text).toContain('<aenderungskennzeichnungen><lbversion>999</lbversion></aenderungskennzeichnungen>');
      expect(w.text).not.toContain('<lvmenge>');
      expect(w.text).toContain('<ungeteilteposition><pos-eigenschaften>');
      expect(w.messages.map((m) => m.message)).toContain('An ÖNORM LB holds no quantities or prices; those of 5 position(s) were not written.');
      valid(w.xml);
      const back = read(w.xml);
      expect(back.positions.map((p) => [p.itemNumber?.stringRepresentation, p.unitTag, p.shortText, words(p.longText).join(' ')]))
        .toEqual(source.positions.map((p) => [p.itemNumber?.stringRepresentation, p.unitTag, p.shortText, words(p.longText).join(' ')]));
    }
  });

  it('an LB has only LG/ULG: other outlines need TryRepairProjectStructure', () => {
    const hg = read(fixture('vertrag-2015-hg.onlv')).project;
    expect(() => write(hg, { DestinationOenormType: 'Lb2015' })).toThrow(/an ÖNORM LB has 2 group levels \(LG, ULG\)/);
    const w = write(hg, { DestinationOenormType: 'Lb2015', TryRepairProjectStructure: true });
    expect(w.messages.some((m) => m.code === 'OENORM_STRUCTURE_REPAIRED')).toBe(true);
    valid(w.xml);
  });
});

describe('ÖNORM writer: LV type from the exchange phase', () => {
  const cases: [string, string, boolean][] = [
    ['CostEstimate', 'kostenschaetzungs-lv', true], ['OfferRequest', 'ausschreibungs-lv', false], ['Offer', 'angebots-lv', true],
    ['SideOffer', 'alternativangebots-lv', true], ['Grant', 'vertrags-lv', true], ['Base', 'entwurfs-lv', false],
  ];
  for (const [phase, lvType, sums] of cases) {
    it(`${phase} → ${lvType}${sums ? ' with sums' : ' without sums'}`, () => {
      const { text, xml } = write(twoLevel(phase as never));
      expect(text).toContain(`<${lvType}`);
      expect(text.includes('<lv-summe>')).toBe(sums);
      expect(text.includes('<ulg-summe>')).toBe(sums);
      valid(xml);
      const back = read(xml);
      expect(back.project.serviceSpecifications![0].exchangePhase).toBe(phase);
    });
  }

  it('a tender without prices has nichtangeboten; a priced cost estimate has preis, pospreis and the sums', () => {
    const tender = project([group('01.', [group('01.01.', [position('01.01.01', { unitPriceOverride: undefined })])])], 'OfferRequest');
    const t = write(tender).text;
    expect(t).toContain('<lvmenge>2.50</lvmenge><nichtangeboten/>');
    expect(t).not.toContain('<preis>');
    const c = write(twoLevel()).text;
    expect(c).toContain('<lvmenge>2.50</lvmenge><preis><gesamt>10.00</gesamt></preis><pospreis>25.00</pospreis>');
    expect(c).toContain('<lv-summe><summe><gesamt>555.00</gesamt></summe><summe-inkl-na><gesamt>555.00</gesamt></summe-inkl-na></lv-summe>');
    expect(read(write(twoLevel()).xml).project.serviceSpecifications![0].totalPrice).toBe(555);
  });

  it('keeps the LV type read from ÖNORM while the phase fits (abrechnungs-lv stays one)', () => {
    const p = twoLevel('Grant');
    p.serviceSpecifications![0].oenormProperties = { lvType: 'abrechnungs-lv' };
    const { text, xml } = write(p);
    expect(text).toContain('<abrechnungs-lv>');
    valid(xml);
    p.serviceSpecifications![0].exchangePhase = 'Offer';
    expect(write(p).text).toContain('<angebots-lv>');
  });
});

describe('ÖNORM writer: contacts', () => {
  it('writes a contact\'s web address and contact person back (kommunikation/www, kontaktperson), valid, and reads them the same', () => {
    const text = fixture('angebot-2009-lg.onlv').toString('utf8');
    const email = '<email>amt@pinkafeld.example</email>';
    expect(text.split(email)).toHaveLength(2);
    const lv = read(Buffer.from(text.replace(email, `${email}\n            <www>https://www.pinkafeld.example</www>`)));
    expect(lv.project.projectInformation!.buyer).toMatchObject({ www: 'https://www.pinkafeld.example', contactPersonName: 'Anna Huber' });
    const { text: written, xml } = write(lv.project, { DestinationOenormType: 'Lv2009' });
    expect(written).toContain('<email>amt@pinkafeld.example</email><www>https://www.pinkafeld.example</www></kommunikation>' +
      '<kontaktperson><nachname>Huber</nachname><vorname>Anna</vorname></kontaktperson></firma></auftraggeber>');
    valid(xml);
    expect(read(xml).project.projectInformation!.buyer).toMatchObject({ www: 'https://www.pinkafeld.example', contactPersonName: 'Anna Huber' });
  });
});

describe('ÖNORM writer: our fixtures round trip', () => {
  for (const name of ['angebot-2009-lg.onlv', 'vertrag-2015-hg.onlv', 'kostenschaetzung-2021-posfrei.onlv']) {
    for (const type of ['Lv2009', 'Lv2015', 'Lv2021']) {
      it(`${name} → ${type} validates and reads back the same`, () => {
        const source = read(fixture(name));
        const { xml, messages } = write(source.project, { DestinationOenormType: type });
        valid(xml);
        const back = read(xml);
        const key = (r: typeof source) => r.positions.map((p) => [
          p.itemNumber?.stringRepresentation, p.shortText, p.quantity, p.unitTag, p.unitPrice, p.totalPrice, shares(p),
          p.positionType, p.priceType ?? 'Standard', p.notOffered ?? false, p.alternativeTo !== undefined, words(p.longText).join(' '),
        ]);
        expect(key(back)).toEqual(key(source));
        expect(back.groups.map((g) => [g.itemNumber?.stringRepresentation, g.shortText])).toEqual(source.groups.map((g) => [g.itemNumber?.stringRepresentation, g.shortText]));
        expect(back.notes.map((n) => words(n.longText).join(' '))).toEqual(source.notes.map((n) => words(n.longText).join(' ')));
        expect(back.project.serviceSpecifications![0].totalPrice).toBe(source.project.serviceSpecifications![0].totalPrice);
        const kept = (r: Read) => (r.project.serviceSpecifications![0].oenormProperties as Record<string, unknown> | undefined)?.gliederung;
        expect(kept(back)).toBe(kept(source));
        expect(messages.filter((m) => m.severity !== 'info')).toEqual([]);
      });
    }
  }

  it('the 2021 gaps rw and blo stay in Lv2021 and become al and bl in earlier editions', () => {
    const source = read(fixture('kostenschaetzung-2021-posfrei.onlv')).project;
    const t2021 = write(source, { DestinationOenormType: 'Lv2021' }).text;
    expect(t2021).toContain('<rw kennung="DICKE" parameterlistenkennung="P1">20</rw>');
    expect(t2021).toContain('<blo/>');
    const t2015 = write(source, { DestinationOenormType: 'Lv2015' }).text;
    expect(t2015).toContain('<al>20</al>');
    expect(t2015).toContain('<bl/>');
  });
});

describe('ÖNORM writer: outlines and positions', () => {
  it('three and four group levels become gliederung-og and gliederung-hg; no groups gliederung-posfrei', () => {
    const og = project([group('01.', [group('01.02.', [group('01.02.03.', [position('01.02.03.04')])])])], 'CostEstimate', [2, 2, 2, 'P2']);
    const t = write(og);
    expect(t.text).toContain('<gliederung-og><og-liste><og nr="01"><og-eigenschaften><ueberschrift>Gruppe 01.</ueberschrift></og-eigenschaften><preiserstellungsverfahren>');
    valid(t.xml);
    const hg = project([group('01.', [group('01.02.', [group('01.02.03.', [group('01.02.03.04.', [position('01.02.03.04.05')])])])])], 'CostEstimate', [2, 2, 2, 2, 'P2']);
    valid(write(hg).xml);
    expect(write(hg).text).toContain('<gliederung-hg><hg-liste><hg nr="01">');
    expect(read(write(hg).xml).position('01.02.03.04.05').quantity).toBe(2.5);
    const free = project([position('10'), position('20.A')], 'CostEstimate', ['P4']);
    const f = write(free);
    expect(f.text).toContain('<gliederung-posfrei><preiserstellungsverfahren>Preisangebotsverfahren</preiserstellungsverfahren><positionen><position nr="0010">');
    valid(f.xml);
  });

  it('positions sharing LG.ULG.GT become Folgepositionen; the kept Grundtext is split off again', () => {
    const source = read(fixture('angebot-2009-lg.onlv'));
    const text = write(source.project).text;
    expect(text).toMatch(/<grundtextnr nr="01"><grundtext><langtext><p>[^<]/);
    expect(text).toContain('<folgeposition ftnr="A" mfv="">');
    const folge = project([group('01.', [group('01.01.', [
      position('01.01.05.A', { htmlLongText: '<p>Erster</p>' }), position('01.01.05.B', { htmlLongText: '<p>Zweiter</p>' }), position('01.01.06'),
    ])])], 'CostEstimate', [2, 2, 'P2', 'I1']);
    const w = write(folge);
    expect(w.text).toContain('<grundtextnr nr="05"><grundtext/><folgeposition ftnr="A" mfv="">');
    expect(w.text).toContain('<grundtextnr nr="06"><ungeteilteposition mfv="">');
    valid(w.xml);
    expect(read(w.xml).positions.map((p) => [p.itemNumber?.stringRepresentation, p.longText])).toEqual([
      ['01.01.05.A', 'Erster'], ['01.01.05.B', 'Zweiter'], ['01.01.06', 'Langtext der Position 01.01.06'],
    ]);
  });

  it('alternatives become wahlposition of a variant whose base is normalposition_einer_variante; optional ones eventualposition', () => {
    const p = project([group('01.', [group('01.01.', [
      position('01.01.01', { id: 'base', alternativeGroupIdentifier: 3, alternativeIdentifier: 0 }),
      position('01.01.02', { positionType: 'Alternative', alternativeTo: 'base', alternativeGroupIdentifier: 3, alternativeIdentifier: 1 }),
      position('01.01.03', { positionType: 'Optional', priceType: 'WithoutTotal' }),
    ])])]);
    const w = write(p);
    expect(w.text).toContain('<pzzv><normalposition_einer_variante><zz>03</zz><variantennummer>0</variantennummer></normalposition_einer_variante></pzzv>');
    expect(w.text).toContain('<pzzv><wahlposition><zz>03</zz><variantennummer>1</variantennummer></wahlposition></pzzv>');
    expect(w.text).toContain('<pzzv><eventualposition/></pzzv>');
    valid(w.xml);
    const back = read(w.xml);
    expect(back.position('01.01.02')).toMatchObject({ positionType: 'Alternative', alternativeTo: back.position('01.01.01').id });
    expect(back.position('01.01.03')).toMatchObject({ positionType: 'Optional', priceType: 'WithoutTotal' });
    // only the normal position counts: ulg-summe and lv-summe are 25.00
    expect(w.text).toContain('<ulg-summe><summe><gesamt>25.00</gesamt>');
    expect(back.project.serviceSpecifications![0].totalPrice).toBe(25);
    // an optional position without total counts in neither: nothing to report
    expect(w.messages.map((m) => m.code)).not.toContain('OENORM_COUNTING_CHANGED');
  });

  it('a position without total (unit price only) is an eventualposition: priced, and counted by no sum, as a receiver reads it', () => {
    const p = project([group('01.', [group('01.01.', [position('01.01.01'), position('01.01.02', { priceType: 'WithoutTotal' })])])], 'Offer');
    expect(p.serviceSpecifications![0].totalPrice).toBe(25);
    const w = write(p);
    valid(w.xml);
    expect(w.text).toMatch(/<grundtextnr nr="02">(?:(?!<\/grundtextnr>).)*<pzzv><eventualposition\/><\/pzzv>(?:(?!<\/grundtextnr>).)*<pospreis>25.00<\/pospreis>/);
    const back = read(w.xml);
    expect(back.project.serviceSpecifications![0].totalPrice).toBe(25);
    expect(back.messages.map((m) => m.code)).not.toContain('OENORM_TOTAL_MISMATCH');
    expect(back.position('01.01.02')).toMatchObject({ priceType: 'WithoutTotal', unitPrice: 10 });
  });

  it('marks an ONLV cannot hold (optional with total, not applicable) are reported with the total a receiver computes', () => {
    const p = project([group('01.', [group('01.01.', [
      position('01.01.01'),
      position('01.01.02', { positionType: 'Optional', priceType: 'WithTotal' }),
      position('01.01.03', { comissionStatus: 'Removed', quantityOverride: 4 }),
    ])])], 'Offer');
    // the project counts 01.01.01 and the optional position with total: 50.00
    expect(p.serviceSpecifications![0].totalPrice).toBe(50);
    const w = write(p);
    expect(w.text).toContain('<pzzv><eventualposition/></pzzv>');
    valid(w.xml);
    // ÖNORM counts normal positions only: 01.01.01 (25.00) and the removed 01.01.03 (40.00)
    const back = read(w.xml);
    expect(back.project.serviceSpecifications![0].totalPrice).toBe(65);
    expect(w.text).toContain('<lv-summe><summe><gesamt>65.00</gesamt>');
    const reported = w.messages.filter((m) => m.code === 'OENORM_COUNTING_CHANGED');
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ severity: 'warning', itemNumber: '01.01.02' });
    expect(reported[0].message).toContain('Item 01.01.02 (25.00; optional position with total');
    expect(reported[0].message).toContain('Item 01.01.03 (40.00; not applicable');
    expect(reported[0].message).toContain('computes the BoQ total as 65.00 instead of 50.00 (difference 15.00)');
    // and the total as written, whatever the cause
    expect(w.messages.filter((m) => m.code === 'OENORM_TOTAL_CHANGED').map((m) => m.message)).toEqual([
      expect.stringContaining('The LV total written (lv-summe after its discount) is 65.00; the project\'s is 50.00 (difference 15.00).'),
    ]);
  });

  it('an alternative group and its base group become variants of their positions, counted as the project counts them', () => {
    const p = project([group('01.', [
      { ...group('01.01.', [position('01.01.01'), position('01.01.02', { quantityOverride: 4 })]), id: 'base-group', alternativeGroupIdentifier: 7, alternativeIdentifier: 0 } as ElementDto,
      { ...group('01.02.', [position('01.02.01', { quantityOverride: 10 })]), alternativeTo: 'base-group', alternativeGroupIdentifier: 7, alternativeIdentifier: 2 } as ElementDto,
      group('01.03.', [position('01.03.01')]),
    ])], 'Offer');
    // the alternative group does not count: 25.00 + 40.00 + 25.00
    expect(p.serviceSpecifications![0].totalPrice).toBe(90);
    const w = write(p);
    valid(w.xml);
    const pzzv = (n: string) => new RegExp(`<grundtextnr nr="${n}">(?:(?!</grundtextnr>).)*?<pzzv>(.*?)</pzzv>`).exec(w.text)?.[1];
    expect(pzzv('01')).toBe('<normalposition_einer_variante><zz>07</zz><variantennummer>0</variantennummer></normalposition_einer_variante>');
    expect(pzzv('02')).toBe('<normalposition_einer_variante><zz>07</zz><variantennummer>0</variantennummer></normalposition_einer_variante>');
    expect(w.text).toContain('<pzzv><wahlposition><zz>07</zz><variantennummer>2</variantennummer></wahlposition></pzzv>');
    expect(w.text).toContain('<lv-summe><summe><gesamt>90.00</gesamt>');
    expect(w.messages.map((m) => m.code)).not.toContain('OENORM_COUNTING_CHANGED');
    const back = read(w.xml);
    expect(back.project.serviceSpecifications![0].totalPrice).toBe(90);
    expect(back.position('01.02.01')).toMatchObject({ positionType: 'Alternative', alternativeIdentifier: 2 });
  });

  it('an alternative group with numbers ÖNORM cannot take gets a free zz and variant 1, and stays valid', () => {
    const p = project([group('01.', [
      { ...group('01.01.', [position('01.01.01')]), id: 'base-group' } as ElementDto,
      { ...group('01.02.', [position('01.02.01')]), alternativeTo: 'base-group', alternativeGroupIdentifier: 150, alternativeIdentifier: 12 } as ElementDto,
    ])], 'Offer');
    const w = write(p);
    valid(w.xml);
    expect(w.text).toContain('<pzzv><wahlposition><zz>01</zz><variantennummer>1</variantennummer></wahlposition></pzzv>');
    expect(w.text).toContain('<pzzv><normalposition_einer_variante><zz>01</zz><variantennummer>0</variantennummer></normalposition_einer_variante></pzzv>');
  });

  it('unit price components map onto preisanteil1/2 by the documented rule', () => {
    const comps = (...v: number[]) => v.map((x, i) => ({ label: ['Lohn', 'Stoff', 'Gerät'][i], values: [{ formula: String(x) }] }));
    const two = project([group('01.', [group('01.01.', [position('01.01.01', { unitPriceOverride: undefined, priceComponents: comps(4, 6) })])])], 'Offer', [2, 2, 'P2'], { projectInformation: { priceComponents: ['Lohn', 'Stoff'] } });
    const t = write(two);
    expect(t.text).toContain('<preisanteilbez><preisanteil1bez>Lohn</preisanteil1bez><preisanteil2bez>Stoff</preisanteil2bez></preisanteilbez>');
    expect(t.text).toContain('<preis><preisanteil1>4.00</preisanteil1><preisanteil2>6.00</preisanteil2><gesamt>10.00</gesamt></preis>');
    valid(t.xml);
    const three = project([group('01.', [group('01.01.', [position('01.01.01', { unitPriceOverride: undefined, priceComponents: comps(1, 2, 3) })])])], 'Offer', [2, 2, 'P2'],
      { projectInformation: { priceComponents: ['Lohn', 'Stoff', 'Gerät'], priceComponentTypes: { Stoff: 'Wages' } } });
    expect(write(three).text).toContain('<preis><preisanteil1>2.00</preisanteil1><preisanteil2>4.00</preisanteil2><gesamt>6.00</gesamt></preis>');
    const untyped = project([group('01.', [group('01.01.', [position('01.01.01', { unitPriceOverride: undefined, priceComponents: comps(1, 2, 3) })])])], 'Offer');
    expect(write(untyped).text).toContain('<preisanteil1>1.00</preisanteil1><preisanteil2>5.00</preisanteil2>');
    const back = read(write(untyped).xml).position('01.01.01');
    expect([back.unitPrice, shares(back)]).toEqual([6, [1, 5]]);
  });

  it('note texts become the group vorbemerkung and the svb; several are joined and reported', () => {
    const p = project([
      note('<p>Allgemeine Vorbemerkung</p>'),
      group('01.', [note('<p>Vorbemerkung LG</p>'), group('01.01.', [note('<p>Erste</p>'), note('<p>Zweite</p>'), position('01.01.01')])]),
    ]);
    const w = write(p);
    expect(w.text).toContain('<svb><vorbemerkung><p>Allgemeine Vorbemerkung</p></vorbemerkung></svb>');
    expect(w.text).toContain('<ueberschrift>Gruppe 01.</ueberschrift><vorbemerkung><p>Vorbemerkung LG</p></vorbemerkung>');
    expect(w.text).toContain('<vorbemerkung><p>Erste</p><p>Zweite</p></vorbemerkung>');
    expect(w.messages.map((m) => m.code)).toContain('OENORM_NOTES_MERGED');
    valid(w.xml);
    expect(read(w.xml).notes.map((n) => n.longText)).toEqual(['Allgemeine Vorbemerkung', 'Vorbemerkung LG', 'Erste\nZweite']);
  });

  it('a group without positions is not written as a group; its title and note texts go to the remark above, reported', () => {
    const p = project([
      group('00.', [group('00.12.', [note('<p>Vertragsbedingungen</p>'), note('<p>Normen</p>')])], 'Allgemeines'),
      group('01.', [group('01.00.', [note('<p>Einzukalkulieren</p>')], 'Hinweise'), group('01.01.', [position('01.01.01')])]),
    ]);
    const w = write(p);
    valid(w.xml);
    expect(w.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => [m.itemNumber, m.message])).toEqual([
      ['00.', '2 groups hold no position and were not written as groups (an ÖNORM ULG holds at least one): 00., 00.12.; their titles and 2 note text(s) were written to the standing preliminary remarks (svb).'],
      ['01.00.', 'Group 01.00. holds no position and was not written as a group (an ÖNORM ULG holds at least one); its title and 1 note text(s) were written to the vorbemerkung of LG 01.'],
    ]);
    expect(w.text).toContain('<svb><vorbemerkung><p><b>Allgemeines</b></p><p><b>Gruppe 00.12.</b></p><p>Vertragsbedingungen</p><p>Normen</p></vorbemerkung></svb>');
    // the titles are not note texts of the project: nothing to report as joined beyond the two notes of 00.12.
    expect(w.messages.filter((m) => m.code === 'OENORM_NOTES_MERGED').map((m) => m.message)).toEqual(['2 note texts of svb were joined into one standing preliminary remark (svb).']);
    expect(read(w.xml).notes.map((n) => n.longText)).toEqual(['Allgemeines\nGruppe 00.12.\nVertragsbedingungen\nNormen', 'Hinweise\nEinzukalkulieren']);
  });

  it('headings without positions and merged group levels keep their titles in document order (a SIA 451 chapter of NPK headings)', () => {
    // chapter 111 with NPK headings that hold no position (text only) and a heading level above the ULG of positions
    const p = project([
      group('111.', [
        group('111.000100.', [], 'Kurztext-Leistungsverzeichnis'),
        group('111.219000.', [group('111.219100.', [], 'Regiestunden werden nach der ausgeübten Funktion entschädigt.')], 'Zusätzliche Regiebestimmungen:'),
        group('111.211300.', [note('<p>Unveränderliche Regieansätze: Es gilt der Regietarif.</p>')], 'Unveränderliche Regieansätze:'),
        group('111.220000.', [note('<p>Lohn nach Aufwand</p>'), group('111.222000.', [group('111.222100.', [position('111.222100.01')], 'Lohnsumme')], 'Löhne')], 'Regielöhne'),
        position('111.233001'),
      ], 'Regiearbeiten'),
    ], 'CostEstimate', [3, 6, 6, 6, 'P2']);
    expect(() => write(p, { TryRepairProjectStructure: false })).toThrow(/TryRepairProjectStructure/);
    const w = write(p, { TryRepairProjectStructure: true });
    valid(w.xml);
    // in document order, each title once (the text under "Unveränderliche Regieansätze:" starts with it)
    expect(w.text).toContain('<ueberschrift>Regiearbeiten</ueberschrift><vorbemerkung><p><b>Kurztext-Leistungsverzeichnis</b></p>' +
      '<p><b>Zusätzliche Regiebestimmungen:</b></p><p><b>Regiestunden werden nach der ausgeübten Funktion entschädigt.</b></p>' +
      '<p>Unveränderliche Regieansätze: Es gilt der Regietarif.</p><p><b>Regielöhne</b></p><p>Lohn nach Aufwand</p><p><b>Löhne</b></p></vorbemerkung>');
    expect(w.text).toContain('<ueberschrift>Lohnsumme</ueberschrift>');
    expect(w.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => m.message)).toEqual([
      '4 groups hold no position and were not written as groups (an ÖNORM ULG holds at least one): 111.000100., 111.219000., 111.219100., 111.211300.; their titles and 1 note text(s) were written to the vorbemerkung of LG 01.',
      '2 groups lie between the LG and the ULG of their positions and were not written as groups (ÖNORM has LG and ULG): 111.220000., 111.222000.; their titles and 1 note text(s) were written to the vorbemerkung of LG 01.',
    ]);
    const back = read(w.xml);
    expect(back.notes.map((n) => n.longText)).toEqual([[
      'Kurztext-Leistungsverzeichnis', 'Zusätzliche Regiebestimmungen:', 'Regiestunden werden nach der ausgeübten Funktion entschädigt.',
      'Unveränderliche Regieansätze: Es gilt der Regietarif.', 'Regielöhne', 'Lohn nach Aufwand', 'Löhne',
    ].join('\n')]);
    expect(back.positions.map((q) => q.shortText)).toEqual(['Position 111.222100.01', 'Position 111.233001']);
    // without the position directly in the chapter the levels fit gliederung-hg: an HG has no vorbemerkung, so the
    // headings go to the svb under it
    const hg = project([group('11.', [group('11.00.', [], 'Kurztext-Leistungsverzeichnis'),
      group('11.22.', [group('11.22.20.', [group('11.22.20.10.', [position('11.22.20.10.01')])])])], 'Regiearbeiten')], 'CostEstimate', [2, 2, 2, 2, 'P2']);
    const fit = write(hg);
    valid(fit.xml);
    expect(fit.text).toContain('<svb><vorbemerkung><p><b>Kurztext-Leistungsverzeichnis</b></p></vorbemerkung></svb>');
    expect(fit.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => m.message)).toEqual([
      'Group 11.00. holds no position and was not written as a group (an ÖNORM ULG holds at least one); its title was written to the standing preliminary remarks (svb) under HG 11.',
    ]);
  });

  it('a short text or group title over 60 characters is shortened and also kept whole in the langtext or remark', () => {
    const long = 'Standsicherheit Baugrube gewährleisten: Falls beim Aushub die Gefahr des Einbruchs der Grabenwände besteht';
    const title = 'Zuschlag für Arbeiten im Bereich bestehender Banketthalterungen bei den Masten M47 / 49 / 51';
    const p = project([group('01.', [group('01.01.', [
      position('01.01.01', { shortText: long, htmlLongText: undefined }),
      position('01.01.02', { shortText: long, htmlLongText: `<p>${long}, erfolgt der Aushub mit Rohrnachtrieb.</p>` }),
      position('01.01.03', { shortText: long, htmlLongText: '<p>Mit Rohrnachtrieb.</p>' }),
    ], title)])]);
    const w = write(p);
    valid(w.xml);
    const cut = (s: string) => s.slice(0, 60).trimEnd();
    expect(w.text).toContain(`<stichwort>${cut(long)}</stichwort><langtext><p>${long}</p></langtext>`);
    // the long text begins with the short text already: not repeated
    expect(w.text).toContain(`<stichwort>${cut(long)}</stichwort><langtext><p>${long}, erfolgt der Aushub mit Rohrnachtrieb.</p></langtext>`);
    expect(w.text).toContain(`<stichwort>${cut(long)}</stichwort><langtext><p>${long}</p><p>Mit Rohrnachtrieb.</p></langtext>`);
    expect(w.text).toContain(`<ueberschrift>${cut(title)}</ueberschrift><vorbemerkung><p><b>${title}</b></p></vorbemerkung>`);
    expect(w.messages.filter((m) => m.code === 'OENORM_VALUE_SHORTENED')).toHaveLength(4);
    expect(w.messages.filter((m) => m.code === 'OENORM_TEXT_KEPT_WHOLE').map((m) => m.message)).toEqual([
      'group titles longer than the 60 characters of ueberschrift were written whole as the first, bold paragraph of their preliminary remark',
      'short texts longer than the 60 characters of stichwort were written whole as the first paragraph of their langtext: 2 occurrences (e.g. 01.01.01, 01.01.03)',
    ]);
    const back = read(w.xml);
    expect(back.positions.map((q) => [q.shortText, q.longText])).toEqual([
      [cut(long), long], [cut(long), `${long}, erfolgt der Aushub mit Rohrnachtrieb.`], [cut(long), `${long}\nMit Rohrnachtrieb.`],
    ]);
    expect(back.notes.map((n) => n.longText)).toEqual([title]);
    // "begins with" collapses white space on both sides and reads only the leading paragraphs
    const spaced = project([group('01.', [group('01.01.', [
      position('01.01.01', { shortText: long.replace(': ', ':   '), htmlLongText: `<p>${long.slice(0, 40)}</p><p>  ${long.slice(40)}</p>` }),
      position('01.01.02', { shortText: long, htmlLongText: `<table><tr><td>${long}</td></tr></table>` }),
    ])])]);
    const sw = write(spaced);
    expect(sw.text).toContain(`<langtext><p>${long.slice(0, 40)}</p><p>  ${long.slice(40)}</p></langtext>`);
    expect(sw.text).toContain(`<langtext><p>${long}</p><table>`);
    // writing what the model holds (no enforcing): nothing shortened, nothing added
    const raw = write(p, { SkipTryEnforceSchemaCompliantXmlOutput: true });
    expect(raw.text).toContain(`<stichwort>${long}</stichwort><langtext><p>Mit Rohrnachtrieb.</p></langtext>`);
    expect(raw.messages.filter((m) => m.code === 'OENORM_TEXT_KEPT_WHOLE')).toEqual([]);
  });

  const titled = (title: string, html: string): ElementDto => ({ ...note(html), shortText: title } as ElementDto);
  const entryNumberOf = (n: NoteTextDto) => n.oenormNoteTextProperties?.itemNumber;

  it('note texts between positions become wählbare Vorbemerkungen at their place, numbered between their neighbours', () => {
    const p = project([group('01.', [group('01.01.', [
      note('<p>Für die ganze ULG</p>'),
      position('01.01.10'), titled('Pflanzenlieferung', '<p>Normen und Richtlinien</p>'), position('01.01.20'),
      note('<p>Kein Platz</p>'), position('01.01.21'), titled('Pflege', '<p>Fertigstellungspflege</p>'),
    ])])]);
    const w = write(p);
    valid(w.xml);
    expect(w.text).toContain('<ulg-eigenschaften><ueberschrift>Gruppe 01.01.</ueberschrift><vorbemerkung><p>Für die ganze ULG</p><p>Kein Platz</p></vorbemerkung></ulg-eigenschaften>');
    expect(w.text).toContain('<grundtextnr nr="11"><ungeteilteposition mfv=""><pos-eigenschaften><stichwort>Pflanzenlieferung</stichwort><langtext><p>Normen und Richtlinien</p></langtext>');
    expect(w.messages.filter((m) => m.code === 'OENORM_NOTES_AS_WVB' || m.code === 'OENORM_NOTES_MERGED').map((m) => [m.code, m.message])).toEqual([
      ['OENORM_NOTES_AS_WVB', '2 note text(s) between the positions of ULG 01.01 were written as wählbare Vorbemerkungen at their place: 01.01.11, 01.01.22.'],
      ['OENORM_NOTES_MERGED', '1 note text(s) between the positions of ULG 01.01 have no free Grundtextnummer between their neighbours and were joined into its vorbemerkung.'],
      ['OENORM_NOTES_MERGED', '2 note texts of 01.01. were joined into one preliminary remark (vorbemerkung).'],
    ]);
    const back = read(w.xml);
    // in document order: positions keep their numbers, the notes sit where they stood
    expect(back.group('01.01.').elements!.map((e) => (isPosition(e) ? e.itemNumber?.stringRepresentation : `${entryNumberOf(e as NoteTextDto) ?? 'vorbemerkung'} ${(e as NoteTextDto).longText}`))).toEqual([
      'vorbemerkung Für die ganze ULG\nKein Platz', '01.01.10', '01.01.11 Normen und Richtlinien', '01.01.20', '01.01.21', '01.01.22 Fertigstellungspflege',
    ]);
  });

  it('with TryRepairProjectStructure a ULG numbered anew numbers the notes between its positions with them; a note inside a Grundtext joins the vorbemerkung', () => {
    const p = project([group('01.', [group('01.01.', [
      position('01.01.0010'), titled('Pflanzenlieferung', '<p>Normen</p>'), position('01.01.0020'), position('01.01.0030'),
    ])])], 'CostEstimate', [2, 2, 'P4']);
    expect(() => write(p, { TryRepairProjectStructure: false })).toThrow(/TryRepairProjectStructure/);
    const w = write(p, { TryRepairProjectStructure: true });
    valid(w.xml);
    expect(w.messages.filter((m) => m.code === 'OENORM_STRUCTURE_REPAIRED').map((m) => m.message)).toEqual([
      'Position 01.01.0010 was renumbered 01.01.01.', 'Position 01.01.0020 was renumbered 01.01.03.', 'Position 01.01.0030 was renumbered 01.01.04.',
    ]);
    expect(w.messages.find((m) => m.code === 'OENORM_NOTES_AS_WVB')?.message).toBe('1 note text(s) between the positions of ULG 01.01 were written as wählbare Vorbemerkungen at their place: 01.01.02.');
    expect(read(w.xml).group('01.01.').elements!.map((e) => (isPosition(e) ? e.shortText : entryNumberOf(e as NoteTextDto)))).toEqual([
      'Position 01.01.0010', '01.01.02', 'Position 01.01.0020', 'Position 01.01.0030',
    ]);
    // Folgepositionen share their Grundtextnummer: a note between two of them has no number there
    const divided = project([group('01.', [group('01.01.', [
      position('01.01.01.A'), note('<p>Dazwischen</p>'), position('01.01.01.B'), note('<p>Danach</p>'),
    ])])], 'CostEstimate', [2, 2, 'P2', 'I1']);
    const d = write(divided);
    valid(d.xml);
    expect(d.text).toContain('<vorbemerkung><p>Dazwischen</p></vorbemerkung>');
    expect(d.text).toContain('<grundtextnr nr="02"><ungeteilteposition mfv=""><pos-eigenschaften><stichwort>Danach</stichwort>');
  });

  it('a group of note texts with short texts becomes a ULG of wählbare Vorbemerkungen, in order', () => {
    const p = project([
      group('00.', [group('00.12.', [
        note('<p>Es gelten die AVB.</p>'), titled('Projektbeschreibung', '<p>Neubau eines Wohnhauses</p>'),
        note('<p>Ohne Titel</p>'), titled('Verkehrswege', '<p>Zufahrt über die Gemeindestraße</p>'),
      ], 'Allgemeine Bestimmungen')]),
      group('01.', [group('01.01.', [position('01.01.01')])]),
    ]);
    const w = write(p);
    valid(w.xml);
    expect(w.text).toContain('<ulg nr="12"><ulg-eigenschaften><ueberschrift>Allgemeine Bestimmungen</ueberschrift><vorbemerkung><p>Es gelten die AVB.</p></vorbemerkung></ulg-eigenschaften>');
    expect(w.text).toContain('<grundtextnr nr="01"><ungeteilteposition mfv=""><pos-eigenschaften><stichwort>Projektbeschreibung</stichwort><langtext><p>Neubau eines Wohnhauses</p></langtext>');
    expect(w.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN')).toEqual([]);
    expect(w.messages.filter((m) => m.code === 'OENORM_NOTES_AS_WVB').map((m) => [m.severity, m.itemNumber, m.message])).toEqual([
      ['info', '00.12.', '3 note text(s) of group 00.12., which holds no position, were written as its wählbare Vorbemerkungen 00.12.01–00.12.03 (an ÖNORM ULG holds at least one entry).'],
    ]);
    // the untitled note among them gets the stichwort every entry needs from its long text
    expect(w.messages.some((m) => m.code === 'OENORM_DEFAULT_FILLED' && m.message.includes('stichwort'))).toBe(true);
    const back = read(w.xml);
    expect(back.group('00.12.').shortText).toBe('Allgemeine Bestimmungen');
    expect(back.notes.map((n) => [entryNumberOf(n), n.shortText ?? '', n.longText])).toEqual([
      [undefined, '', 'Es gelten die AVB.'],
      ['00.12.01', 'Projektbeschreibung', 'Neubau eines Wohnhauses'],
      ['00.12.02', 'Ohne Titel', 'Ohne Titel'],
      ['00.12.03', 'Verkehrswege', 'Zufahrt über die Gemeindestraße'],
    ]);
    expect(back.positions.map((q) => q.itemNumber?.stringRepresentation)).toEqual(['01.01.01']);
    // an LB holds wählbare Vorbemerkungen too (onlb.xsd lb-wvb-pos.type)
    const lb = write(p, { DestinationOenormType: 'Lb2015' });
    valid(lb.xml);
    expect(read(lb.xml).notes.map(entryNumberOf)).toEqual([undefined, '00.12.01', '00.12.02', '00.12.03']);
  });

  it('a titled note text that becomes a vorbemerkung keeps its title as the bold first line', () => {
    const p = project([
      titled('Allgemeines', '<p>Es gelten die AVB.</p>'),
      group('01.', [group('01.01.', [titled('Hinweis', '<p>Maße am Bau nehmen.</p>'), titled('Schutz', '<p>Schutz der Bauteile</p>'), position('01.01.01')])]),
    ]);
    const w = write(p);
    valid(w.xml);
    expect(w.text).toContain('<svb><vorbemerkung><p><b>Allgemeines</b></p><p>Es gelten die AVB.</p></vorbemerkung></svb>');
    // a text that starts with its title is written as it is
    expect(w.text).toContain('<vorbemerkung><p><b>Hinweis</b></p><p>Maße am Bau nehmen.</p><p>Schutz der Bauteile</p></vorbemerkung>');
    expect(w.messages.filter((m) => m.code === 'OENORM_NOTE_TITLE_IN_TEXT').map((m) => m.severity)).toEqual(['info']);
    expect(w.messages.find((m) => m.code === 'OENORM_NOTE_TITLE_IN_TEXT')?.message).toBe(
      'the short texts (titles) of note texts were written as the bold first line of the preliminary remark they went to, which has no title of its own: 2 occurrences (e.g. svb, 01.01.)',
    );
    expect(read(w.xml).notes.map((n) => n.longText)).toEqual(['Allgemeines\nEs gelten die AVB.', 'Hinweis\nMaße am Bau nehmen.\nSchutz der Bauteile']);
  });

  it('wählbare Vorbemerkungen only where a ULG stands; with TryRepairProjectStructure also an LG of note texts', () => {
    // an LG of note texts in a two-level LV: no ULG to keep, as before
    const lg = project([group('00.', [titled('Vorbemerkung', '<p>Text</p>')]), group('01.', [group('01.01.', [position('01.01.01')])])]);
    const plain = write(lg);
    expect(plain.messages.map((m) => m.code)).toContain('OENORM_ELEMENT_NOT_WRITTEN');
    expect(plain.messages.map((m) => m.code)).not.toContain('OENORM_NOTES_AS_WVB');
    // with the repair the outline is LG → ULG anyway: the LG gets an added ULG that holds them
    const repaired = write(project([group('00.', [titled('Vorbemerkung', '<p>Text</p>')]), group('01.', [position('01.01')])], 'CostEstimate', [2, 'P2']), { TryRepairProjectStructure: true });
    valid(repaired.xml);
    const back = read(repaired.xml);
    expect(back.notes.map((n) => [entryNumberOf(n), n.shortText])).toEqual([['00.01.01', 'Vorbemerkung']]);
    expect(back.positions.map((q) => q.itemNumber?.stringRepresentation)).toEqual(['01.01.01']);
  });
});

describe('ÖNORM writer: formatted text', () => {
  it('reports headings and monospace text, which are written as a bold paragraph and plain text', () => {
    const w = write(project([group('01.', [group('01.01.', [
      position('01.01.01', { htmlLongText: '<h2>Hinweis</h2><p>Typ <tt>A-12</tt></p>' }), position('01.01.02', { htmlLongText: '<p>ohne</p>' }),
    ])])]));
    expect(w.text).toContain('<langtext><p><b>Hinweis</b></p><p>Typ A-12</p></langtext>');
    expect(w.messages.filter((m) => m.code === 'OENORM_TEXT_CONTENT_CHANGED').map((m) => [m.message, m.itemNumber])).toEqual([
      ['headings (h1–h3) were written as bold paragraphs and monospace text (tt) as plain text', '01.01.01'],
    ]);
  });

  it('writes p, br, b, i, u, sup, sub, lists, tables and gaps (owner → al, bidder → bl) per ontext.xsd', () => {
    const html = '<p>Normal <b>fett</b> <i>kursiv</i> <u>unter</u> m<sup>2</sup> H<sub>2</sub>O<br>neue Zeile</p>'
      + '<ul><li>eins</li><li>zwei</li></ul><ol><li><p>drei</p></li></ol>'
      + '<table border="1" width="50%"><tr><th>Kopf</th><td align="right" width="20%">Zelle</td></tr></table>'
      + '<p>Fabrikat <span class="TextComplement" data-kind="Owner"><span class="ComplBody">XY</span></span>, Typ '
      + '<span class="TextComplement" data-kind="Bidder"><span class="ComplBody"></span></span></p>';
    const w = write(project([group('01.', [group('01.01.', [position('01.01.01', { htmlLongText: html })])])]));
    expect(w.text).toContain('<langtext><p>Normal <b>fett</b> <i>kursiv</i> <u>unter</u> m<sup>2</sup> H<sub>2</sub>O<br/>neue Zeile</p>');
    expect(w.text).toContain('<ul><li><p>eins</p></li><li><p>zwei</p></li></ul><ol><li><p>drei</p></li></ol>');
    expect(w.text).toContain('<table width="50%" border="1"><tr><td><b>Kopf</b></td><td align="right"><p>Zelle</p></td></tr></table>');
    expect(w.text).toContain('<p>Fabrikat <al>XY</al>, Typ <bl/></p>');
    expect(w.messages.map((m) => m.code)).toContain('OENORM_TEXT_CONTENT_CHANGED');
    valid(w.xml);
    const back = read(w.xml).position('01.01.01');
    expect(back.htmlLongText).toContain('data-kind="Owner"');
    expect(back.additionType).toBe('ByBidder');
    expect(words(back.longText)).toEqual(words('Normal fett kursiv unter m2 H2O neue Zeile eins zwei drei Kopf Zelle Fabrikat XY, Typ'));
  });
});
