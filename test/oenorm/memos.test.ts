/**
 * Comments and notes of ÖNORM elements: an LB's `kommentar` (`lb-kommentar.type`, on the `svb`, LG, ULG, Grundtext
 * and positions) and an LV's `notiz` (`notiz.type`, only in an `entwurfs-lv` or `kostenschaetzungs-lv`), read as
 * HTML into the ÖNORM properties and written back where the document has a place for them (valid against the 2009
 * XSDs where the corpus holds them), reported where it has none.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { fixtureText, read } from './support.js';
import { hasOenormXsd, validateOnlv, write } from './writer-support.js';

const LB = `<?xml version="1.0" encoding="utf-8"?>
<onlb xmlns="http://www.oenorm.at/schema/A2063/2009-06-01">
  <metadaten><erstelltam>2026-01-01T00:00:00Z</erstelltam><dateiname>x.onlb</dateiname><programmsystem>t</programmsystem><programmversion>1</programmversion></metadaten>
  <lbkenndaten><bezeichnung>Test-LB</bezeichnung><herausgeber><firma><name>Verlag</name></firma></herausgeber><lbkennung>TLB</lbkennung><versionsnummer>3</versionsnummer><versionsdatum>2026-01-01</versionsdatum><status>freigegeben</status></lbkenndaten>
  <svb><vorbemerkung><p>Ständige Vorbemerkung.</p></vorbemerkung><kommentar><p>Zur SVB.</p></kommentar><aenderungskennzeichnungen><lbversion>3</lbversion></aenderungskennzeichnungen></svb>
  <lg-liste><lg nr="02"><lg-eigenschaften><ueberschrift>Mauerwerk</ueberschrift><kommentar><p>Zur <b>LG</b>.</p></kommentar><aenderungskennzeichnungen><lbversion>3</lbversion></aenderungskennzeichnungen></lg-eigenschaften>
    <ulg-liste><ulg nr="10"><ulg-eigenschaften><ueberschrift>Ziegel</ueberschrift><kommentar><p>Zur ULG.</p></kommentar><aenderungskennzeichnungen><lbversion>3</lbversion></aenderungskennzeichnungen></ulg-eigenschaften>
      <positionen><grundtextnr nr="01"><grundtext><langtext><p>Ziegelmauerwerk.</p></langtext><kommentar><p>Zum Grundtext.</p></kommentar></grundtext>
        <folgeposition ftnr="B"><pos-eigenschaften><stichwort>25 cm</stichwort><langtext><p>Dicke 25 cm.</p></langtext><kommentar><p>Zur Position.</p><p>Zweiter Absatz.</p></kommentar><aenderungskennzeichnungen><lbversion>3</lbversion></aenderungskennzeichnungen><einheit>m²</einheit></pos-eigenschaften></folgeposition>
        <folgeposition ftnr="C"><pos-eigenschaften><stichwort>30 cm</stichwort><langtext><p>Dicke 30 cm.</p></langtext><aenderungskennzeichnungen><lbversion>3</lbversion></aenderungskennzeichnungen><einheit>m²</einheit></pos-eigenschaften></folgeposition>
      </grundtextnr></positionen>
    </ulg></ulg-liste></lg></lg-liste>
</onlb>`;

/** The comments as read: element number (or `svb`) → HTML. */
function kommentare(project: ProjectDto): Record<string, unknown> {
  const spec = project.serviceSpecifications![0];
  const out: Record<string, unknown> = { svb: (spec.oenormProperties as Record<string, unknown>).svbKommentar };
  const walk = (elements: readonly Record<string, unknown>[] | undefined): void => {
    for (const e of elements ?? []) {
      const props = (e.oenormPositionProperties ?? e.oenormProperties) as Record<string, unknown> | undefined;
      const n = (e.itemNumber as { stringRepresentation?: string } | undefined)?.stringRepresentation ?? '?';
      if (props?.kommentar !== undefined) out[n] = props.kommentar;
      if (props?.grundtextKommentar !== undefined) out[`${n} Grundtext`] = props.grundtextKommentar;
      walk(e.elements as Record<string, unknown>[] | undefined);
    }
  };
  walk(spec.elements as unknown as Record<string, unknown>[]);
  return out;
}

const EXPECTED_KOMMENTARE = {
  svb: '<p>Zur SVB.</p>',
  '02.': '<p>Zur <b>LG</b>.</p>',
  '02.10.': '<p>Zur ULG.</p>',
  '02.10.01.B': '<p>Zur Position.</p><p>Zweiter Absatz.</p>',
  '02.10.01.B Grundtext': '<p>Zum Grundtext.</p>',
  '02.10.01.C Grundtext': '<p>Zum Grundtext.</p>',
};
const notWritten = (messages: { code: string; message: string; severity: string }[]) =>
  messages.filter((m) => m.code === 'OENORM_MEMO_NOT_WRITTEN' || m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => `${m.code} ${m.severity}: ${m.message}`);

describe('ÖNORM comments (kommentar) of an LB', () => {
  it('reads the comments of the svb, groups, Grundtext and positions as HTML', () => {
    const lb = read(Buffer.from(LB));
    expect(kommentare(lb.project)).toEqual(EXPECTED_KOMMENTARE);
    expect(lb.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
    // the comment is not part of the long text
    expect(lb.position('02.10.01.B').longText).toBe('Ziegelmauerwerk.\nDicke 25 cm.');
  });

  it('writes them back into an LB of each edition, in schema order, and reads them back the same', () => {
    const lb = read(Buffer.from(LB));
    for (const edition of ['Lb2009', 'Lb2015', 'Lb2021']) {
      const written = write(lb.project, { DestinationOenormType: edition });
      expect(written.text, edition).toContain('<grundtext><langtext><p>Ziegelmauerwerk.</p></langtext><kommentar><p>Zum Grundtext.</p></kommentar></grundtext>');
      expect(written.text, edition).toContain('<langtext><p>Dicke 25 cm.</p></langtext><kommentar><p>Zur Position.</p><p>Zweiter Absatz.</p></kommentar><aenderungskennzeichnungen>');
      expect(written.text, edition).toContain('<ueberschrift>Mauerwerk</ueberschrift><kommentar><p>Zur <b>LG</b>.</p></kommentar><aenderungskennzeichnungen>');
      expect(written.text, edition).toContain('<vorbemerkung><p>Ständige Vorbemerkung.</p></vorbemerkung><kommentar><p>Zur SVB.</p></kommentar>');
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      expect(notWritten(written.messages), edition).toEqual([]);
      expect(kommentare(read(written.xml).project), edition).toEqual(EXPECTED_KOMMENTARE);
    }
  });

  it('reports the comments an LV has no place for', () => {
    const written = write(read(Buffer.from(LB)).project, { DestinationOenormType: 'Lv2015' });
    expect(written.text).not.toContain('<kommentar>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(notWritten(written.messages)).toEqual([
      'OENORM_MEMO_NOT_WRITTEN info: comments (kommentar) of LB elements were not written: an LV has no place for them: 5 occurrences (e.g. svb, 02., 02.10., 02.10.01, 02.10.01.B)',
    ]);
  });
});

describe('ÖNORM notes (notiz) of a draft LV', () => {
  /** The 2009 Angebots-LV fixture as an `entwurfs-lv` with notes on LG 01 and position 01.01.01.A. */
  const draft = (): Buffer => {
    let t = fixtureText('angebot-2009-lg.onlv').replace('<angebots-lv>', '<entwurfs-lv>').replace('</angebots-lv>', '</entwurfs-lv>');
    const position = '<herkunftskennzeichen>Z</herkunftskennzeichen>\n                      <einheit>m²</einheit>';
    const lg = '<p>Vorbemerkung der LG 01.</p>\n            </vorbemerkung>';
    const svb = '<herkunftskennzeichen>Z</herkunftskennzeichen>\n      </svb>';
    for (const anchor of [position, lg, svb]) expect(t.split(anchor)).toHaveLength(2);
    t = t.replace(svb, '<herkunftskennzeichen>Z</herkunftskennzeichen><notiz><p>Zur SVB.</p></notiz></svb>');
    t = t.replace(position, '<herkunftskennzeichen>Z</herkunftskennzeichen><notiz><p>Menge <i>prüfen</i>.</p></notiz>\n<einheit>m²</einheit>');
    t = t.replace(lg, `${lg}<notiz><p>Offen: Bodengutachten.</p></notiz>`);
    return Buffer.from(t);
  };

  it('reads them as HTML and writes them back into a draft LV, valid and read back the same', () => {
    const lv = read(draft());
    expect(lv.position('01.01.01.A').oenormPositionProperties?.notiz).toBe('<p>Menge <i>prüfen</i>.</p>');
    expect(lv.group('01.').oenormProperties?.notiz).toBe('<p>Offen: Bodengutachten.</p>');
    expect((lv.project.serviceSpecifications![0].oenormProperties as Record<string, unknown>).svbNotiz).toBe('<p>Zur SVB.</p>');
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED').map((m) => m.message).join()).not.toContain('notiz');
    const written = write(lv.project, { DestinationOenormType: 'Lv2009' });
    expect(written.text).toContain('<entwurfs-lv>');
    expect(written.text).toContain('<herkunftskennzeichen>Z</herkunftskennzeichen><notiz><p>Menge <i>prüfen</i>.</p></notiz><einheit>');
    expect(written.text).toContain('<vorbemerkung><p>Vorbemerkung der LG 01.</p></vorbemerkung><notiz><p>Offen: Bodengutachten.</p></notiz></lg-eigenschaften>');
    expect(written.text).toContain('<herkunftskennzeichen>Z</herkunftskennzeichen><notiz><p>Zur SVB.</p></notiz></svb>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    const back = read(written.xml);
    expect(back.position('01.01.01.A').oenormPositionProperties?.notiz).toBe('<p>Menge <i>prüfen</i>.</p>');
    expect(back.group('01.').oenormProperties?.notiz).toBe('<p>Offen: Bodengutachten.</p>');
    expect((back.project.serviceSpecifications![0].oenormProperties as Record<string, unknown>).svbNotiz).toBe('<p>Zur SVB.</p>');
  });

  it('reports them for an LV type without notes and for an LB', () => {
    const project: ProjectDto = structuredClone(read(draft()).project);
    const spec = project.serviceSpecifications![0];
    spec.exchangePhase = 'Offer';
    delete (spec.oenormProperties as Record<string, unknown>).lvType;
    const offer = write(project, { DestinationOenormType: 'Lv2009' });
    expect(offer.text).toContain('<angebots-lv>');
    expect(offer.text).not.toContain('<notiz>');
    if (hasOenormXsd) expect(validateOnlv(offer.xml).errors).toEqual([]);
    expect(notWritten(offer.messages)).toEqual(['OENORM_MEMO_NOT_WRITTEN info: notes (notiz) were not written: only an entwurfs-lv or kostenschaetzungs-lv holds them: 3 occurrences (e.g. svb, 01., 01.01.01.A)']);
    const lb = write(project, { DestinationOenormType: 'Lb2009' });
    expect(lb.text).not.toContain('<notiz>');
    expect(notWritten(lb.messages)).toContain('OENORM_MEMO_NOT_WRITTEN info: notes (notiz) of LV elements were not written: an LB has no place for them: 3 occurrences (e.g. svb, 01., 01.01.01.A)');
  });
});
