/**
 * The other outlines and documents: an LV without outline (`gliederung-posfrei`, 2021), the full outline
 * HG/OG/LG/ULG with alphanumeric numbers and a Mehrfachverwendung (2015), an LB (2021), and every LV type's phase.
 */
import { describe, expect, it } from 'vitest';
import { fixture, fixtureText, read } from './support.js';

describe('ÖNORM reader: outlines and documents', () => {
  it('gliederung-posfrei: positions without groups keep their free numbers, no schema', () => {
    const lv = read(fixture('kostenschaetzung-2021-posfrei.onlv'));
    const spec = lv.project.serviceSpecifications![0];
    expect(spec.exchangePhase).toBe('CostEstimate');
    expect(spec.originDetail).toBe('ÖNORM A 2063:2021 ONLV');
    expect(lv.groups).toEqual([]);
    expect(lv.positions.map((p) => p.itemNumber?.stringRepresentation)).toEqual(['1', '2.1']);
    expect(lv.positions[1].oenormPositionProperties).toMatchObject({ positionsnummer: '2.1' });
    expect(lv.project.projectInformation!.itemNumberSchema).toBeUndefined();
    expect(lv.project.projectInformation!.priceComponents).toBeUndefined();
    expect(lv.project.projectInformation!.buyer?.name).toBe('Eva Gruber');
    expect(spec.totalPrice).toBe(3885);
    expect(lv.messages.filter((m) => m.code === 'OENORM_TOTAL_MISMATCH')).toEqual([]);
  });

  it('2021 gaps: rw is an owner complement with its parameter, blo a bidder complement', () => {
    const p = read(fixture('kostenschaetzung-2021-posfrei.onlv')).position('1');
    expect(p.htmlLongText).toBe(
      '<p>Bodenplatte C25/30, <span class="TextComplement" data-kind="Owner" data-marklbl="" data-oenorm="rw" data-kennung="DICKE" data-parameterlistenkennung="P1"><span class="ComplBody">20</span></span>' +
        ' cm, Oberfläche <span class="TextComplement" data-kind="Bidder" data-marklbl="" data-oenorm="blo"><span class="ComplBody"></span></span>.</p>',
    );
    expect(p.longText).toBe('Bodenplatte C25/30, 20 cm, Oberfläche .');
    expect(p.additionType).toBe('ByBidder');
  });

  it('gliederung-hg: four group levels, alphanumeric tiers, the OG header, group sums', () => {
    const lv = read(fixture('vertrag-2015-hg.onlv'));
    expect(lv.project.serviceSpecifications![0].exchangePhase).toBe('Grant');
    expect(lv.groups.map((g) => g.itemNumber?.stringRepresentation)).toEqual(['01.', '01.02.', '01.02.0A.', '01.02.0A.04.']);
    const tiers = lv.project.projectInformation!.itemNumberSchema!.tiers!;
    expect(tiers.map((t) => `${t.tierName}:${t.type}`)).toEqual([
      'Hauptgruppe:Numeric', 'Obergruppe:Numeric', 'Leistungsgruppe:Alphanumeric', 'Unterleistungsgruppe:Numeric',
      'Grundtextnummer:Numeric', 'Folgetextnummer:Alphanumeric',
    ]);
    expect(lv.position('01.02.0A.04.05.A').itemNumber?.isSchemaCompliant).toBe(true);
    expect(lv.group('01.02.').totalPrice).toBe(6000);
    expect(lv.project.projectInformation!.priceComponents).toEqual(['Lohn', 'Sonstiges']);
    expect(lv.messages.filter((m) => m.code === 'OENORM_TOTAL_MISMATCH')).toEqual([]);
  });

  it('a Mehrfachverwendung is kept in the number and the properties, and reported', () => {
    const lv = read(fixture('vertrag-2015-hg.onlv'));
    const p = lv.position('01.02.0A.04.05.A2');
    expect(p.itemNumber?.isSchemaCompliant).toBe(false);
    expect(p.oenormPositionProperties).toMatchObject({ grundtextnr: '05', ftnr: 'A', mfv: '2' });
    expect(lv.messages.find((m) => m.code === 'OENORM_ITEM_NUMBER_NOT_IN_SCHEMA')?.itemNumber).toBe('01.02.0A.04.05.A2');
  });

  it('an LB reads as a catalogue: phase Base, positions with units and no quantities or prices', () => {
    const lb = `<?xml version="1.0" encoding="utf-8"?>
<onlb xmlns="http://www.oenorm.at/schema/A2063/2021-03-01">
  <metadaten><erstelltam>2026-01-01T00:00:00Z</erstelltam><dateiname>x.onlb</dateiname><programmsystem>t</programmsystem><programmversion>1</programmversion></metadaten>
  <lbkenndaten><bezeichnung>Test-LB</bezeichnung><herausgeber><firma><name>Verlag</name></firma></herausgeber><lbkennung>TLB</lbkennung><versionsnummer>3</versionsnummer><versionsdatum>2026-01-01</versionsdatum><status>freigegeben</status></lbkenndaten>
  <lg-liste><lg nr="02"><lg-eigenschaften><ueberschrift>Mauerwerk</ueberschrift></lg-eigenschaften>
    <ulg-liste><ulg nr="10"><ulg-eigenschaften><ueberschrift>Ziegel</ueberschrift></ulg-eigenschaften>
      <positionen><grundtextnr nr="01"><grundtext><langtext><p>Ziegelmauerwerk.</p></langtext></grundtext>
        <folgeposition ftnr="B"><pos-eigenschaften><stichwort>25 cm</stichwort><langtext><p>Dicke 25 cm.</p></langtext><einheit>m²</einheit></pos-eigenschaften></folgeposition>
      </grundtextnr></positionen>
    </ulg></ulg-liste></lg></lg-liste>
</onlb>`;
    const read1 = read(Buffer.from(lb));
    const spec = read1.project.serviceSpecifications![0];
    expect(spec.exchangePhase).toBe('Base');
    expect(spec.name).toBe('Test-LB');
    expect(spec.originDetail).toBe('ÖNORM A 2063:2021 ONLB');
    expect(spec.oenormProperties).toMatchObject({ document: 'onlb', lbkennung: 'TLB', versionsnummer: '3', herausgeber: { name: 'Verlag' } });
    const p = read1.position('02.10.01.B');
    expect([p.unitTag, p.quantity, p.unitPrice, p.longText]).toEqual(['m²', 0, 0, 'Ziegelmauerwerk.\nDicke 25 cm.']);
  });

  it('maps every LV type to a phase; the approximate ones say so', () => {
    const base = fixtureText('angebot-2009-lg.onlv');
    const expected: Record<string, string> = {
      'entwurfs-lv': 'Base', 'kostenschaetzungs-lv': 'CostEstimate', 'ausschreibungs-lv': 'OfferRequest', 'angebots-lv': 'Offer',
      'alternativangebots-lv': 'SideOffer', 'abaenderungsangebot-lv': 'SideOffer', 'vertrags-lv': 'Grant',
      'abrechnungs-lv': 'Grant', 'zusatzangebots-lv': 'Offer',
    };
    const approximate = new Set(['entwurfs-lv', 'abaenderungsangebot-lv', 'abrechnungs-lv', 'zusatzangebots-lv']);
    for (const [type, phase] of Object.entries(expected)) {
      const lv = read(Buffer.from(base.replace('<angebots-lv>', `<${type} alternativangebotsnummer="2">`).replace('</angebots-lv>', `</${type}>`)));
      const spec = lv.project.serviceSpecifications![0];
      expect(spec.exchangePhase, type).toBe(phase);
      expect(spec.oenormProperties, type).toMatchObject({ lvType: type, alternativangebotsnummer: '2' });
      expect(lv.messages.some((m) => m.code === 'OENORM_PHASE_APPROXIMATED'), type).toBe(approximate.has(type));
    }
  });

  it('nichtangeboten marks a position not offered only in a bidder\'s LV', () => {
    const base = fixtureText('angebot-2009-lg.onlv').replace(
      '<preis><gesamt>100.00</gesamt></preis>\n                      <pospreis>200.00</pospreis>', '<nichtangeboten/>');
    const offer = read(Buffer.from(base)).position('01.01.02.A');
    expect(offer.notOffered).toBe(true);
    expect(offer.oenormPositionProperties).toMatchObject({ nichtangeboten: true });
    const tender = read(Buffer.from(base.replace(/angebots-lv>/g, 'ausschreibungs-lv>'))).position('01.01.02.A');
    expect(tender.notOffered).toBe(false);
  });
});
