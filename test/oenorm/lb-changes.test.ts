/**
 * The change marks of LB elements (`aenderungskennzeichnungen`: the LB version an element was added or last changed
 * in, the scope and description of a change, the number before a renumbering) and `nichtinteilausgabe`: read into the
 * ÖNORM properties and written back as read (valid against the 2009 `onlb.xsd` where the corpus holds it), instead
 * of stamping every element with the LB's own version.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { read } from './support.js';
import { hasOenormXsd, validateOnlv, write } from './writer-support.js';

const aek = (inner: string) => `<aenderungskennzeichnungen>${inner}</aenderungskennzeichnungen>`;
const LG_MARKS = aek('<lbversion>2</lbversion><aenderungsumfang>geändert</aenderungsumfang><aenderungsbeschreibung><p>Neu <b>gegliedert</b>.</p></aenderungsbeschreibung><vorherigeposition><lg>01</lg></vorherigeposition>');
const B_MARKS = aek('<lbversion>1</lbversion><vorherigeposition><lg>02</lg><ulg>09</ulg><gtnr>05</gtnr><ftnr>A</ftnr></vorherigeposition>');
const C_MARKS = aek('<lbversion>3</lbversion><aenderungsumfang>geringfügig geändert</aenderungsumfang>');

const LB = `<?xml version="1.0" encoding="utf-8"?>
<onlb xmlns="http://www.oenorm.at/schema/A2063/2009-06-01">
  <metadaten><erstelltam>2026-01-01T00:00:00Z</erstelltam><dateiname>x.onlb</dateiname><programmsystem>t</programmsystem><programmversion>1</programmversion></metadaten>
  <lbkenndaten><bezeichnung>Test-LB</bezeichnung><herausgeber><firma><name>Verlag</name></firma></herausgeber><lbkennung>TLB</lbkennung><versionsnummer>3</versionsnummer><versionsdatum>2026-01-01</versionsdatum><status>freigegeben</status></lbkenndaten><grafiktabelle/>
  <svb><vorbemerkung><p>Ständige Vorbemerkung.</p></vorbemerkung>${aek('<lbversion>1</lbversion>')}<nichtinteilausgabe/></svb>
  <lg-liste><lg nr="02"><lg-eigenschaften><ueberschrift>Mauerwerk</ueberschrift>${LG_MARKS}</lg-eigenschaften>
    <ulg-liste><ulg nr="10"><ulg-eigenschaften><ueberschrift>Ziegel</ueberschrift>${aek('<lbversion>3</lbversion>')}<nichtinteilausgabe/></ulg-eigenschaften>
      <positionen><grundtextnr nr="01"><grundtext><langtext><p>Ziegelmauerwerk.</p></langtext></grundtext>
        <folgeposition ftnr="B"><pos-eigenschaften><stichwort>25 cm</stichwort><langtext><p>Dicke 25 cm.</p></langtext>${B_MARKS}<einheit>m²</einheit></pos-eigenschaften></folgeposition>
        <folgeposition ftnr="C"><pos-eigenschaften><stichwort>30 cm</stichwort><langtext><p>Dicke 30 cm.</p></langtext>${C_MARKS}<herkunftskennzeichen>+</herkunftskennzeichen><nichtinteilausgabe/><einheit>m²</einheit></pos-eigenschaften></folgeposition>
      </grundtextnr></positionen>
    </ulg></ulg-liste></lg></lg-liste>
</onlb>`;

/** The marks as read: element number (or `svb`) → [aenderungskennzeichnungen, nichtinteilausgabe]. */
function marks(project: ProjectDto): Record<string, unknown> {
  const spec = project.serviceSpecifications![0];
  const kept = spec.oenormProperties as Record<string, unknown>;
  const out: Record<string, unknown> = { svb: [kept.svbAenderungskennzeichnungen, kept.svbNichtinteilausgabe] };
  const walk = (elements: readonly Record<string, unknown>[] | undefined): void => {
    for (const e of elements ?? []) {
      const props = (e.oenormPositionProperties ?? e.oenormProperties) as Record<string, unknown> | undefined;
      const n = (e.itemNumber as { stringRepresentation?: string } | undefined)?.stringRepresentation;
      if (n !== undefined) out[n] = [props?.aenderungskennzeichnungen, props?.nichtinteilausgabe];
      walk(e.elements as Record<string, unknown>[] | undefined);
    }
  };
  walk(spec.elements as unknown as Record<string, unknown>[]);
  return out;
}

const EXPECTED = {
  svb: [{ lbversion: '1' }, true],
  '02.': [{ lbversion: '2', aenderungsumfang: 'geändert', aenderungsbeschreibung: '<p>Neu <b>gegliedert</b>.</p>', vorherigeposition: { lg: '01' } }, undefined],
  '02.10.': [{ lbversion: '3' }, true],
  '02.10.01.B': [{ lbversion: '1', vorherigeposition: { lg: '02', ulg: '09', gtnr: '05', ftnr: 'A' } }, undefined],
  '02.10.01.C': [{ lbversion: '3', aenderungsumfang: 'geringfügig geändert' }, true],
};

describe('ÖNORM LB change marks (aenderungskennzeichnungen)', () => {
  it('reads each element\'s marks and nichtinteilausgabe', () => {
    if (hasOenormXsd) expect(validateOnlv(LB).errors).toEqual([]);
    const lb = read(Buffer.from(LB));
    expect(marks(lb.project)).toEqual(EXPECTED);
    expect(lb.messages.filter((m) => m.severity !== 'info' || m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
  });

  it('writes them back as read into an LB of each edition (valid) and reads them back the same', () => {
    const lb = read(Buffer.from(LB));
    for (const edition of ['Lb2009', 'Lb2015', 'Lb2021']) {
      const written = write(lb.project, { DestinationOenormType: edition });
      for (const part of [LG_MARKS, B_MARKS, C_MARKS + '<herkunftskennzeichen>+</herkunftskennzeichen><nichtinteilausgabe/>']) expect(written.text, edition).toContain(part);
      expect(written.text, edition).toContain('<versionsnummer>3</versionsnummer>');
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      expect(written.messages.filter((m) => m.severity !== 'info'), edition).toEqual([]);
      expect(marks(read(written.xml).project), edition).toEqual(EXPECTED);
    }
  });

  it('writes the LB\'s version where a kept one does not fit, and says so', () => {
    const project: ProjectDto = structuredClone(read(Buffer.from(LB)).project);
    // the LB is now version 2: the marks of version 3 cannot stay
    (project.serviceSpecifications![0].oenormProperties as Record<string, unknown>).versionsnummer = '2';
    const written = write(project, { DestinationOenormType: 'Lb2009' });
    expect(written.text).toContain(LG_MARKS);
    expect(written.text).toContain(`<ulg-eigenschaften><ueberschrift>Ziegel</ueberschrift>${aek('<lbversion>2</lbversion>')}<nichtinteilausgabe/>`);
    // a version that does not fit drops the change it describes with it
    expect(written.text).toContain(`<langtext><p>Dicke 30 cm.</p></langtext>${aek('<lbversion>2</lbversion>')}<herkunftskennzeichen>`);
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => m.message)).toEqual([
      "change marks (lbversion) that are not a version from 1 to the LB's 2 were written as 2: 2 occurrences (e.g. 02.10., 02.10.01.C)",
    ]);
  });
});
