/**
 * The parameter lists of ÖNORM A 2063:2021 (`parameterlisten`: the parameters `rw` text gaps name, with formatted
 * descriptions and SVG pictograms), which the model has no place for: kept as XML text in `oenormProperties` and
 * written back, as read, into an LB of the 2021 edition after its `grafiktabelle` (where the public NEVARIS LB
 * `LB-SCHOKO_V2021.onlb` has them); reported where they are not written; dropped (reported) when they use a prefix
 * declared outside them. The corpus LB runs when `../shared/corpus` is there, and is skipped, saying so, when not.
 */
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { hasCorpus, readCorpus } from '../support/corpus.js';
import { read } from './support.js';
import { hasOenormXsd, validateOnlv, write } from './writer-support.js';

const NS = 'http://www.oenorm.at/schema/A2063/2021-03-01';
const LISTS = `<parameterlisten>
    <parameterliste>
      <kenndaten><bezeichnung>Parameter &amp; Werte</bezeichnung><kennung>TEST</kennung>
        <beschreibung><p>Die <b>Liste</b> der Parameter &lt;TEST&gt;.</p></beschreibung></kenndaten>
      <piktogrammtabelle><piktogramm id="p-1"><bezeichnung>Kreis</bezeichnung><daten>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink"><title>"Kreis"</title><circle cx="5" cy="5" r="4"/><use xlink:href="#c"/></svg>
      </daten></piktogramm></piktogrammtabelle>
      <parameter><parameterkennung>DICKE</parameterkennung><typ><zahl><nachkomma>1</nachkomma></zahl></typ><einheit>cm</einheit></parameter>
    </parameterliste>
  </parameterlisten>`;

/** A 2021 LB with one position whose text has an `rw` gap naming the list; `rootExtra` goes on the root element. */
function lb(lists: string, rootExtra = ''): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="utf-8"?>
<onlb xmlns="${NS}"${rootExtra}>
  <metadaten><erstelltam>2026-01-01T00:00:00Z</erstelltam><dateiname>p.onlb</dateiname><programmsystem>t</programmsystem><programmversion>1</programmversion></metadaten>
  <lbkenndaten><bezeichnung>Test-LB</bezeichnung><herausgeber><firma><name>Verlag</name></firma></herausgeber><lbkennung>TLB</lbkennung><versionsnummer>1</versionsnummer><versionsdatum>2026-01-01</versionsdatum><status>freigegeben</status></lbkenndaten>
  <grafiktabelle/>
  ${lists}
  <svb><vorbemerkung><p>Vorbemerkung.</p></vorbemerkung></svb>
  <lg-liste><lg nr="01"><lg-eigenschaften><ueberschrift>Wände</ueberschrift></lg-eigenschaften>
    <ulg-liste><ulg nr="01"><ulg-eigenschaften><ueberschrift>Ziegel</ueberschrift></ulg-eigenschaften>
      <positionen><grundtextnr nr="01"><grundtext><langtext><p>Mauerwerk.</p></langtext></grundtext>
        <folgeposition ftnr="A"><pos-eigenschaften><stichwort>Wand</stichwort><langtext><p>Dicke <rw kennung="DICKE" parameterlistenkennung="TEST">25</rw> cm.</p></langtext><einheit>m²</einheit></pos-eigenschaften></folgeposition>
      </grundtextnr></positionen>
    </ulg></ulg-liste></lg></lg-liste>
</onlb>`, 'utf8');
}

/**
 * The events of the first `element` subtree of `xml` (start tags with their attributes sorted, text with white
 * space between elements left out), to compare two documents' subtrees whatever their serialisation.
 */
function subtree(xml: string, element: string): string[] {
  const events: string[] = [];
  let depth = 0;
  let done = false;
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (t) => {
    if (done) return;
    if (depth > 0 || t.name === element) {
      depth++;
      events.push(`<${t.name} ${Object.entries(t.attributes).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ')}>`);
    }
  });
  parser.on('text', (t) => { if (depth > 0 && !done && t.trim() !== '') events.push(t); });
  parser.on('closetag', (t) => {
    if (depth === 0 || done) return;
    events.push(`</${t.name}>`);
    if (--depth === 0) done = true;
  });
  parser.write(xml).close();
  return events;
}

/** The names of the root's children of a document, in order. */
function rootChildren(xml: string): string[] {
  const names: string[] = [];
  let depth = 0;
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (t) => { if (depth++ === 1) names.push(t.name); });
  parser.on('closetag', () => void depth--);
  parser.write(xml).close();
  return names;
}

describe('ÖNORM 2021 parameter lists', () => {
  it('keeps them as read and writes them back into a 2021 LB after the grafiktabelle', () => {
    const source = lb(LISTS);
    const { project, messages } = read(source);
    expect(messages.map((m) => m.code)).not.toContain('OENORM_ELEMENT_DROPPED');
    const kept = (project.serviceSpecifications![0].oenormProperties as Record<string, unknown>).parameterlisten as string;
    expect(kept.startsWith('<parameterlisten>')).toBe(true);
    expect(subtree(kept, 'parameterlisten')).toEqual(subtree(source.toString('utf8'), 'parameterlisten'));

    const written = write(project, { DestinationOenormType: 'Lb2021' });
    expect(written.messages.map((m) => m.code)).not.toContain('OENORM_PARAMETER_LISTS_NOT_WRITTEN');
    expect(subtree(written.text, 'parameterlisten')).toEqual(subtree(source.toString('utf8'), 'parameterlisten'));
    expect(rootChildren(written.text)).toEqual(['metadaten', 'lbkenndaten', 'grafiktabelle', 'parameterlisten', 'svb', 'lg-liste']);
    // the Rechenwert keeps the parameter it names (2021 gap attributes)
    expect(written.text).toContain('<rw kennung="DICKE" parameterlistenkennung="TEST">25</rw>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    // the SVG stays in its own namespace, the lists in the document's
    const svg = new SaxesParser({ xmlns: true });
    const namespaces = new Map<string, string>();
    svg.on('opentag', (t) => { if (!namespaces.has(t.local)) namespaces.set(t.local, t.uri); });
    svg.write(written.text).close();
    expect([namespaces.get('parameterliste'), namespaces.get('svg'), namespaces.get('circle')]).toEqual([NS, 'http://www.w3.org/2000/svg', 'http://www.w3.org/2000/svg']);

    // read back, written again: the same lists
    const again = read(written.xml);
    expect((again.project.serviceSpecifications![0].oenormProperties as Record<string, unknown>).parameterlisten).toBe(kept);
    expect(again.position("01.01.01.A").htmlLongText).toMatch(/data-oenorm="rw"[^>]*data-kennung="DICKE"/);
  });

  it('reports them where they are not written: an LB of 2015, an LV of 2021', () => {
    const { project } = read(lb(LISTS));
    for (const type of ['Lb2015', 'Lv2021']) {
      const written = write(project, { DestinationOenormType: type });
      expect(written.text, type).not.toContain('<parameterliste');
      expect(written.messages.filter((m) => m.code === 'OENORM_PARAMETER_LISTS_NOT_WRITTEN'), type).toHaveLength(1);
    }
  });

  it('drops lists that use a prefix declared outside them (reported), as they cannot stand in another document', () => {
    const lists = '<parameterlisten><parameterliste><x:extra>1</x:extra></parameterliste></parameterlisten>';
    const { project, messages } = read(lb(lists, ' xmlns:x="urn:x"'));
    expect((project.serviceSpecifications![0].oenormProperties as Record<string, unknown>).parameterlisten).toBeUndefined();
    expect(messages.find((m) => m.code === 'OENORM_ELEMENT_DROPPED')?.message).toContain('<parameterlisten>');
  });

  it('writes kept text from a posted project only when it is one well-formed, portable parameterlisten element', () => {
    const { project } = read(lb(LISTS));
    const props = project.serviceSpecifications![0].oenormProperties as Record<string, unknown>;
    const bad = [
      '<parameterlisten></parameterlisten></onlb><onlb>', '<parameterlisten><parameterliste>', '<lg-liste/>', 42,
      '<!DOCTYPE x [<!ENTITY a "b">]><parameterlisten>&a;</parameterlisten>', '<parameterlisten><y:z/></parameterlisten>',
      'text <parameterlisten/>', '<parameterlisten/><parameterlisten/>',
    ];
    for (const value of bad) {
      props.parameterlisten = value;
      const written = write(project, { DestinationOenormType: 'Lb2021' });
      expect(written.text, String(value)).not.toContain('<parameterlisten');
      expect(written.text.match(/<onlb\b/g), String(value)).toHaveLength(1);
      expect(written.messages.find((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN')?.message, String(value)).toContain('parameterlisten');
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, String(value)).toEqual([]);
    }
    // what is written is serialised anew: a comment and a processing instruction are left out, text escaped again
    props.parameterlisten = '<parameterlisten><!-- c --><?pi x?><parameterliste a="&lt;&quot;">1 &amp; 2 &gt; 0</parameterliste></parameterlisten>';
    const written = write(project, { DestinationOenormType: 'Lb2021' });
    expect(written.text).toContain('<parameterlisten><parameterliste a="&lt;&quot;">1 &amp; 2 &gt; 0</parameterliste></parameterlisten>');
  });

  it.skipIf(!hasCorpus)('LB-SCHOKO_V2021 (NEVARIS): ONLB 2021 → ava JSON → ONLB 2021 keeps its parameter lists as read', () => {
    const source = readCorpus('oenorm', 'LB-SCHOKO_V2021.onlb');
    const { project, messages } = read(source);
    expect(messages.map((m) => m.code)).not.toContain('OENORM_ELEMENT_DROPPED');
    const json = JSON.parse(JSON.stringify(project));
    const written = write(json, { DestinationOenormType: 'Lb2021' });
    const expected = subtree(source.toString('utf8'), 'parameterlisten');
    expect(expected.length).toBeGreaterThan(100);
    expect(subtree(written.text, 'parameterlisten')).toEqual(expected);
    expect(rootChildren(written.text)).toEqual(rootChildren(source.toString('utf8')));
    // every gap keeps its kennung and parameterlistenkennung
    const gaps = (xml: string) => [...xml.matchAll(/<(al|bl|blo|rw)\b[^>]*>/g)].map((m) => m[0].replace(/\/>$/, '>')).sort();
    expect(gaps(written.text)).toEqual(gaps(source.toString('utf8')));
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
  });
});
if (!hasCorpus) console.warn('ÖNORM parameter lists: the LB-SCHOKO corpus run is skipped (no ../shared/corpus)');
