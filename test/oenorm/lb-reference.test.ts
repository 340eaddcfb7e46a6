/**
 * The LBs an LV was written from (`lb`, and the supplementary LB `erglb` whose texts are marked `+`; 2009
 * `ontypdef.xsd` `lv-ogheader.group`, both `lb-kenndaten.type`), with their publishers as contacts, on the 2009
 * fixture (test/fixtures/oenorm/angebot-2009-lg.onlv) with its free-text LB replaced here by a standard LB and a
 * supplementary one: kept on reading and written back (valid against the 2009 XSD where the corpus holds it); and
 * content the reader does not know at the document, LV or outline level is reported, not passed over.
 */
import { describe, expect, it } from 'vitest';
import { fixtureText, read } from './support.js';
import { hasOenormXsd, validateOnlv, write } from './writer-support.js';

const FIXTURE_LB = `<lb>
        <bezeichnung>frei formuliert</bezeichnung>
        <herausgeber><firma><name>frei formuliert</name></firma></herausgeber>
        <lbkennung>FF</lbkennung>
        <versionsnummer>999</versionsnummer>
        <versionsdatum>2009-06-01</versionsdatum>
        <status>freigegeben</status>
      </lb>`;
const publisher = (name: string, city: string) =>
  `<herausgeber><firma><name>${name}</name><kommunikation><adresse><strasse>Stubenring 1</strasse><ort>${city}</ort><plz>1010</plz><land>AUT</land></adresse><email>lb@example.at</email></kommunikation></firma></herausgeber>`;
const LB = `<lb><bezeichnung>Standardisierte LB Hochbau</bezeichnung>${publisher('Bundesministerium für Arbeit und Wirtschaft', 'Wien')}` +
  '<lbkennung>HB</lbkennung><versionsnummer>22</versionsnummer><versionsdatum>2023-09-01</versionsdatum><status>freigegeben</status></lb>';
const ERGLB = `<erglb><bezeichnung>Ergänzungs-LB Holzbau</bezeichnung>${publisher('Holzbau Austria', 'Graz')}` +
  '<lbkennung>EHB</lbkennung><versionsnummer>3</versionsnummer><versionsdatum>2024-02-15</versionsdatum><status>freigegeben</status></erglb>';

function withLbs(extra = ''): Buffer {
  const t = fixtureText('angebot-2009-lg.onlv');
  expect(t.split(FIXTURE_LB)).toHaveLength(2);
  return Buffer.from(t.replace(FIXTURE_LB, LB + ERGLB + extra));
}

describe('ÖNORM LV: the LBs it was written from', () => {
  it('keeps both LBs and their publishers', () => {
    const lv = read(withLbs());
    expect(lv.project.serviceSpecifications![0].oenormProperties).toMatchObject({
      lb: { bezeichnung: 'Standardisierte LB Hochbau', lbkennung: 'HB', versionsnummer: '22', versionsdatum: '2023-09-01', status: 'freigegeben' },
      herausgeber: { name: 'Bundesministerium für Arbeit und Wirtschaft', street: 'Stubenring 1', city: 'Wien', zipCode: '1010', email: 'lb@example.at' },
      erglb: {
        bezeichnung: 'Ergänzungs-LB Holzbau', lbkennung: 'EHB', versionsnummer: '3', versionsdatum: '2024-02-15', status: 'freigegeben',
        herausgeber: { name: 'Holzbau Austria', city: 'Graz' },
      },
    });
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
  });

  it('writes both back, publishers included (valid), and reads them back the same', () => {
    const lv = read(withLbs());
    for (const edition of ['Lv2009', 'Lv2015']) {
      const written = write(lv.project, { DestinationOenormType: edition });
      expect(written.text, edition).toContain('<lb><bezeichnung>Standardisierte LB Hochbau</bezeichnung><herausgeber><firma><name>Bundesministerium für Arbeit und Wirtschaft</name>');
      expect(written.text, edition).toMatch(/<\/lb><erglb><bezeichnung>Ergänzungs-LB Holzbau<\/bezeichnung><herausgeber><firma><name>Holzbau Austria<\/name>.*<lbkennung>EHB<\/lbkennung><versionsnummer>3<\/versionsnummer>.*<\/erglb><svb>/);
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      const keys = ['lb', 'herausgeber', 'erglb'];
      const pick = (p: unknown) => Object.fromEntries(keys.map((k) => [k, (p as Record<string, unknown>)[k]]));
      expect(pick(read(written.xml).project.serviceSpecifications![0].oenormProperties), edition).toEqual(pick(lv.project.serviceSpecifications![0].oenormProperties));
    }
  });

  it('a posted project whose kept LB or publisher holds other types than texts is written with what is usable (valid)', () => {
    const lv = read(withLbs());
    const kept = lv.project.serviceSpecifications![0].oenormProperties as Record<string, Record<string, unknown>>;
    kept.lb.bezeichnung = { elements: null };
    kept.lb.versionsnummer = 22;
    kept.herausgeber.name = ['Bundesministerium'];
    kept.herausgeber.city = { name: 'Wien' };
    kept.erglb.herausgeber = { name: false, city: 'Graz', zipCode: 8010 };
    const written = write(lv.project, { DestinationOenormType: 'Lv2009' });
    // a number is taken as its text; other members that are not texts count as absent: the free-text LB's name,
    // the filled-in place, the rest as kept
    expect(written.text).toContain(
      '<lb><bezeichnung>frei formuliert</bezeichnung><herausgeber><firma><name>frei formuliert</name><kommunikation><adresse><strasse>Stubenring 1</strasse>' +
      '<ort>-</ort><plz>1010</plz><land>AUT</land></adresse><email>lb@example.at</email></kommunikation></firma></herausgeber><lbkennung>HB</lbkennung><versionsnummer>22</versionsnummer>',
    );
    expect(written.text).toContain('<erglb><bezeichnung>Ergänzungs-LB Holzbau</bezeichnung><herausgeber><firma><name>frei formuliert</name><kommunikation><adresse><ort>Graz</ort><plz>8010</plz>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
  });

  it('keeps an LB\'s other identifications (supplementary LB, previous versions) and writes them back (valid)', () => {
    const block = (element: string, name: string, kennung: string, version: string) =>
      `<${element}><bezeichnung>${name}</bezeichnung>${publisher('Verlag', 'Wien')}<lbkennung>${kennung}</lbkennung>` +
      `<versionsnummer>${version}</versionsnummer><versionsdatum>2020-01-01</versionsdatum><status>freigegeben</status></${element}>`;
    const blocks = block('erglbkenndaten', 'Ergänzung', 'ETL', '2') + block('lbkenndaten-vorversion', 'Test-LB', 'TLB', '2') + block('erglbkenndaten-vorversion', 'Ergänzung', 'ETL', '1');
    const lb = `<?xml version="1.0" encoding="utf-8"?>
<onlb xmlns="http://www.oenorm.at/schema/A2063/2009-06-01">
  <metadaten><erstelltam>2026-01-01T00:00:00Z</erstelltam><dateiname>x.onlb</dateiname><programmsystem>t</programmsystem><programmversion>1</programmversion></metadaten>
  <lbkenndaten><bezeichnung>Test-LB</bezeichnung>${publisher('Verlag', 'Wien')}<lbkennung>TLB</lbkennung><versionsnummer>3</versionsnummer><versionsdatum>2026-01-01</versionsdatum><status>freigegeben</status></lbkenndaten>
  ${blocks}<grafiktabelle/>
  <svb><vorbemerkung><p>Ständige Vorbemerkung.</p></vorbemerkung><aenderungskennzeichnungen><lbversion>3</lbversion></aenderungskennzeichnungen></svb>
  <lg-liste><lg nr="02"><lg-eigenschaften><ueberschrift>Mauerwerk</ueberschrift><aenderungskennzeichnungen><lbversion>3</lbversion></aenderungskennzeichnungen></lg-eigenschaften>
    <ulg-liste><ulg nr="10"><ulg-eigenschaften><ueberschrift>Ziegel</ueberschrift><aenderungskennzeichnungen><lbversion>3</lbversion></aenderungskennzeichnungen></ulg-eigenschaften>
      <positionen><grundtextnr nr="01"><ungeteilteposition><pos-eigenschaften><stichwort>25 cm</stichwort><aenderungskennzeichnungen><lbversion>3</lbversion></aenderungskennzeichnungen><einheit>m²</einheit></pos-eigenschaften></ungeteilteposition>
      </grundtextnr></positionen>
    </ulg></ulg-liste></lg></lg-liste>
</onlb>`;
    if (hasOenormXsd) expect(validateOnlv(lb).errors).toEqual([]);
    const read1 = read(Buffer.from(lb));
    expect(read1.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
    expect(read1.project.serviceSpecifications![0].oenormProperties).toMatchObject({
      erglbkenndaten: { lbkennung: 'ETL', versionsnummer: '2', herausgeber: { name: 'Verlag', city: 'Wien' } },
      'lbkenndaten-vorversion': { lbkennung: 'TLB', versionsnummer: '2' },
      'erglbkenndaten-vorversion': { lbkennung: 'ETL', versionsnummer: '1' },
    });
    const written = write(read1.project, { DestinationOenormType: 'Lb2009' });
    expect(written.text.replace(/\s*\n\s*/g, '')).toContain(`</lbkenndaten>${blocks}<grafiktabelle`);
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
  });

  it('reports what it does not know at the document, LV and outline level', () => {
    let t = withLbs('<lbfeld>x</lbfeld>').toString('utf8');
    t = t.replace('<metadaten>', '<dokumentfeld/><metadaten>').replace('<kenndaten>', '<lvfeld/><kenndaten>');
    const lv = read(Buffer.from(t));
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED').map((m) => m.message)).toEqual([
      'ÖNORM content without an equivalent in the model was not read: <dokumentfeld>, <lvfeld>, <lbfeld>.',
    ]);
  });
});
