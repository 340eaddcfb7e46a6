/**
 * GAEB DA XML reader: the plain long text built in the same pass as the HTML long text must be exactly what
 * `htmlToPlainText` gives for that HTML (the normalisation takes it instead of converting the HTML again).
 * Random rich texts (seeded, so failures reproduce; nested as the GAEB schema allows) and the corpus files check
 * this end to end.
 */
import { describe, expect, it } from 'vitest';
import { htmlToPlainText, prepareProject } from '../../core/model/index.js';
import type { NoteTextDto, PositionDto } from '../../core/model/types.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { flatten, x83 } from './xml-reader-support.js';
import { readGaebXmlResult } from '../../plugins/gaeb/xml/reader/index.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { seededRandom } from '../support/random.js';


const TEXTS = [
  'Beton', 'C25/30', 'Fugen', 'ä ö ü ß', ' ', '  ', '   ', '\n', '\n  ', '\t', ' \t ', '&amp;', '&lt;', '&gt;', '&quot;',
  '&apos;', '&nbsp;', '&#160;', '&#xA0;', '&#x2003;', '&#x202F;', '&#13;', '&#10;', '&#9;', '&auml;', '&euro;', '&#x1F600;',
  '\u00a0', 'a&amp;b', 'x &lt; y', '1 > 0', '<![CDATA[ a < b & c ]]>', '<!-- comment -->', 'Ende.', 'm²', '&#xD;&#xA;',
];
const OTHER = ['b', 'sup', 'Foo'];
const ATTRIBUTES = ['style="font-weight:bold"', 'align="center"', 'colspan="2"', 'width="3"', 'style="a:&quot;b&quot;&amp;&lt;&gt;\'"', 'class="x"'];

/**
 * Where a node stands, after the content models of the GAEB DA XML 3.3 Lib (tgFTextTC: p, div, ul/ol, table,
 * span, br, image, page, TextComplement; tgpTC/tgdivTC: span, br, image, TextComplement; tgliTC and tgtdTC also
 * p, div and lists; tables hold rows, rows cells). Any nesting the schema allows is valid HTML nesting too, so the
 * HTML long text the reader builds parses back to the same structure.
 */
type Place = 'text' | 'inline' | 'cell' | 'list' | 'table' | 'body' | 'row';

function richText(next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const attrs = () => (next() < 0.4 ? ` ${pick(ATTRIBUTES)}` : '');
  // lists, tables and rows are never empty (the schema's tgul/tgtable/tgtr require items, rows and cells)
  const container = (place: Place) => place === 'list' || place === 'table' || place === 'body' || place === 'row';
  const element = (name: string, depth: number, inner: Place) =>
    next() < 0.1 && !container(inner) ? `<${name}${attrs()}/>` : `<${name}${attrs()}>${children(depth + 1, inner)}</${name}>`;
  const node = (depth: number, place: Place): string => {
    if (place === 'list') return element('li', depth, 'cell');
    if (place === 'table' && next() < 0.2) return `<tbody>${children(depth + 1, 'body')}</tbody>`;
    if (place === 'table' || place === 'body') return element('tr', depth, 'row');
    if (place === 'row') return element(next() < 0.8 ? 'td' : 'th', depth, 'cell');
    const r = next();
    if (depth > 4 || r < 0.35) return pick(TEXTS);
    if (r < 0.42) return '<br/>';
    if (r < 0.45) return place === 'text' ? '<page/>' : '<br/>';
    if (r < 0.48) return `<Image Type="image/png">iVBO Rw0K\nGgo=</Image>`;
    if (r < 0.5) return pick(['<Style>p{}</Style>', '<attachment><Name>a</Name></attachment>', '<CtlgAssign><CtlgID>1</CtlgID></CtlgAssign>']);
    if (r < 0.56) {
      const kind = pick(['Owner', 'Bidder', 'Other']);
      const parts = [
        next() < 0.6 ? `<ComplCaption>${children(depth + 1, 'inline')}</ComplCaption>` : '',
        next() < 0.3 ? '<ComplBodyDec Value="1.5"/>' : next() < 0.2 ? '<ComplBodyInt/>' : '',
        next() < 0.7 ? `<ComplBody>${children(depth + 1, 'inline')}</ComplBody>` : '',
        next() < 0.5 ? `<ComplTail>${children(depth + 1, 'inline')}</ComplTail>` : '',
      ];
      return `<TextComplement Kind="${kind}" MarkLbl="${Math.floor(next() * 9)}">${parts.join(next() < 0.3 ? '\n  ' : '')}</TextComplement>`;
    }
    if (r < 0.66 || place === 'inline') return next() < 0.85 ? element('span', depth, 'inline') : element(pick(OTHER), depth, 'inline');
    const block = pick(place === 'text' ? ['p', 'p', 'div', 'h1', 'ul', 'ol', 'table'] : ['p', 'div', 'ul', 'ol']);
    if (block === 'ul' || block === 'ol') return element(block, depth, 'list');
    if (block === 'table') return element('table', depth, 'table');
    return element(block, depth, 'inline');
  };
  const children = (depth: number, place: Place): string => {
    const n = Math.floor(next() * 4) || (container(place) ? 1 : 0);
    let out = '';
    for (let i = 0; i < n; i++) out += node(depth, place) + (next() < 0.15 ? '\n    ' : '');
    return out;
  };
  let detail = '';
  const texts = 1 + Math.floor(next() * 2);
  for (let i = 0; i < texts; i++) detail += `<Text>${children(0, 'text')}</Text>${next() < 0.2 ? '\n' : ''}`;
  if (next() < 0.2) detail = `<Style>x</Style>${detail}<attachment><Name>n</Name></attachment>`;
  return detail;
}

/** The text's words line by line, blanks and empty lines left out. */
const words = (text: string): string =>
  text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter((line) => line !== '').join('\n');

/** Positions and notes with their HTML and (after the normalisation) plain long texts. */
function described(bytes: Buffer): { htmlLongText?: string; longText?: string }[] {
  const { project, derivedPlainTexts } = readGaebXmlResult(bytes, defaultOptions(), new MessageCollector());
  const prepared = prepareProject(project, { derivedPlainTexts });
  const out: { htmlLongText?: string; longText?: string }[] = [];
  const add = (d: { htmlLongText?: string; longText?: string }) => {
    if (d.htmlLongText !== undefined) out.push(d);
    else expect(d.longText).toBeUndefined();
  };
  for (const e of flatten(prepared.serviceSpecifications?.[0]?.elements)) {
    const p = e as PositionDto;
    add(p);
    for (const sub of p.subDescriptions ?? []) add(sub);
    for (const block of (e as { blocks?: NoteTextDto[] }).blocks ?? []) add(block);
  }
  return out;
}

describe('plain long text built by the reader', () => {
  // The reader feeds the sink from XML events, htmlToPlainText walks the HTML5 parse of the HTML it wrote: for
  // whitespace-only text next to block boundaries inside list items and cells (which no GAEB writer produces)
  // the two may place a blank or an empty line differently; the corpus files below must agree exactly.
  it('equals htmlToPlainText of the HTML long text, for random rich texts, up to blanks at block edges', () => {
    const next = seededRandom(20261121);
    let compared = 0;
    let whitespaceOnly = 0;
    for (let n = 0; n < 400; n++) {
      const item = `<Item ID="I${n}" RNoPart="1"><Qty>1</Qty><QU>St</QU><Description><CompleteText><DetailTxt>${richText(next)}</DetailTxt></CompleteText></Description>` +
        `<SubDescr><SubDNo>1</SubDNo><Description><CompleteText><DetailTxt>${richText(next)}</DetailTxt></CompleteText></Description></SubDescr></Item>`;
      const remark = `<Remark ID="R${n}"><Description><CompleteText><DetailTxt>${richText(next)}</DetailTxt></CompleteText></Description></Remark>`;
      const bytes = x83(remark + item);
      for (const d of described(bytes)) {
        const form = htmlToPlainText(d.htmlLongText ?? '');
        // the same words, lines and order always; exactly the same text nearly always (see the test's name)
        expect(words(d.longText ?? ''), `case ${n}: ${d.htmlLongText}`).toBe(words(form));
        if (d.longText !== form) whitespaceOnly++;
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(600);
    expect(whitespaceOnly / compared).toBeLessThan(0.05);
  });

  it('equals htmlToPlainText of the HTML long text in text additions (AddText) and performance descriptions', () => {
    const bytes = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><Award><DP>83</DP>' +
        '<AddText><OutlineAddText><p>Vorbemerkung</p></OutlineAddText><DetailAddText><p><span>a  b</span></p><table><tr><td>1</td><td>2</td></tr></table></DetailAddText></AddText>' +
        '<BoQ ID="B"><BoQInfo><Name>T</Name><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo><BoQBody>' +
        '<PerfDescr ID="P"><PerfNo>1</PerfNo><Description><CompleteText><DetailTxt><Text><p>x<br/>y</p><ul><li>z</li></ul></Text></DetailTxt></CompleteText></Description></PerfDescr>' +
        '<Itemlist><Item ID="I" RNoPart="1"><Description><CompleteText><DetailTxt><Text>plain text\nwithout tags</Text></DetailTxt></CompleteText></Description></Item></Itemlist>' +
        '</BoQBody></BoQ></Award></GAEB>',
    );
    const texts = described(bytes);
    expect(texts.length).toBe(3);
    for (const d of texts) expect(d.longText).toBe(htmlToPlainText(d.htmlLongText ?? ''));
  });

  it.skipIf(!hasCorpus)('equals htmlToPlainText of the HTML long text in every corpus GAEB DA XML file', () => {
    let compared = 0;
    for (const file of corpusFiles('gaeb', /\.x8\d$/i)) {
      for (const d of described(readCorpus('gaeb', file))) {
        expect(d.longText, file).toBe(htmlToPlainText(d.htmlLongText ?? ''));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('is recorded for the description and HTML it was built with, and only used for those', () => {
    const item = (id: string, text: string) =>
      `<Item ID="${id}" RNoPart="${id}"><Description><CompleteText><DetailTxt><Text>${text}</Text></DetailTxt></CompleteText></Description></Item>`;
    const { project, derivedPlainTexts: derived } = readGaebXmlResult(
      x83(item('1', '<p>a</p><p>b</p>') + item('2', '<p>c</p>') + item('3', '<p>d</p>')), defaultOptions(), new MessageCollector(),
    );
    const [p1, p2, p3] = flatten(project.serviceSpecifications?.[0]?.elements) as PositionDto[];
    expect(Object.keys(p1)).not.toContain('longText');
    expect(JSON.stringify(p1)).not.toContain('longText');
    // Out of order, for other HTML, for another object: converted as usual.
    expect(derived.plainTextFor(p2, p2.htmlLongText!)).toBe('c');
    expect(derived.plainTextFor(p1, '<p>changed</p>')).toBe('changed');
    expect(derived.plainTextFor({}, '<p>x</p>')).toBe('x');
    expect(derived.plainTextFor(p3, p3.htmlLongText!)).toBe('d');
  });

  it('is what the normalisation takes, in and out of document order', () => {
    const { project, derivedPlainTexts } = readGaebXmlResult(x83(
      '<Item ID="I" RNoPart="1"><Description><CompleteText><DetailTxt><Text><p>x</p></Text></DetailTxt></CompleteText></Description></Item>' +
        '<Item ID="J" RNoPart="2"><Description><CompleteText><DetailTxt><Text><p>y</p></Text></DetailTxt></CompleteText></Description></Item>',
    ), defaultOptions(), new MessageCollector());
    const elements = project.serviceSpecifications![0].elements!;
    elements.reverse();
    const prepared = prepareProject(project, { derivedPlainTexts });
    expect(prepared.serviceSpecifications![0].elements!.map((e) => (e as PositionDto).longText)).toEqual(['y', 'x']);
  });
});
