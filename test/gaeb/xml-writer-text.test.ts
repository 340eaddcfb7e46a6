/**
 * Long texts: the tolerant HTML parser, HTML → GAEB text blocks, and written long texts that stay schema-valid
 * and keep every word for hostile or sloppy HTML.
 */
import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../../core/text/plain-text.js';
import type { PositionDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { writeGaebXml, type GaebPhase, type GaebXmlVersion } from '../../plugins/gaeb/xml/writer/index.js';
import { formToBlocks, type Block } from '../../plugins/gaeb/xml/writer/text.js';
import { parseLongText } from '../../core/text/long-text.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { all, at, parseXml, plainOf, words, type XNode } from './xml-writer-support.js';

const id = (x: string) => x;
/** The writer's blocks of an HTML text, without the emphasis flags (core/text tests check those). */
const blocks = (html: string, dropped: string[] = []): Block[] =>
  JSON.parse(JSON.stringify(formToBlocks(parseLongText(html), id, (w) => dropped.push(w)), (k, v: unknown) => (k === 'fmt' ? undefined : v)));

describe('HTML → GAEB text blocks', () => {
  const spans = (b: Block) => (b.t === 'p' || b.t === 'div' ? b.inl : []);

  it('maps b/strong, i/em, u to span styles and unwraps unknown tags', () => {
    const [p] = blocks('<p><strong>A</strong><em>B</em><u>C</u><custom-tag>D</custom-tag><b><i>E</i></b></p>');
    expect(spans(p)).toEqual([
      { t: 'span', text: 'A', style: 'font-weight:bold' },
      { t: 'span', text: 'B', style: 'font-style:italic' },
      { t: 'span', text: 'C', style: 'text-decoration:underline' },
      { t: 'span', text: 'D', style: undefined },
      { t: 'span', text: 'E', style: 'font-weight:bold;font-style:italic' },
    ]);
  });

  it('puts loose text into paragraphs, unwraps divs holding blocks, recognises page breaks', () => {
    const out = blocks('loose <b>text</b><div><p>one</p><p>two</p></div><div style="page-break-after: always"></div><div>inline</div>');
    expect(out.map((b) => b.t)).toEqual(['p', 'p', 'p', 'page', 'div']);
  });

  it('keeps only attributes the XSD allows, with valid values', () => {
    const [table] = blocks('<table border="2px" align="middle" onclick="x" width="50%"><tr valign="baseline" align="CENTER"><th colspan="2">H</th></tr><tr><td rowspan="x" valign="bottom">c</td></tr></table>');
    expect(table.t).toBe('table');
    if (table.t !== 'table') return;
    expect(table.attrs).toEqual({ border: '2', width: '50%' });
    expect(table.rows[0].attrs).toEqual({ align: 'center' });
    // th has no colspan in tgth: such a header cell becomes a bold td
    expect(table.rows[0].cells[0]).toMatchObject({ th: false, attrs: { colspan: '2' } });
    expect(table.rows[1].cells[0].attrs).toEqual({ valign: 'bottom' });
  });

  it('embeds data-URI images and reports others, keeping their alt text', () => {
    const dropped: string[] = [];
    const [p] = blocks('<p><img src="data:image/jpg;base64,AAAA BBBB"><img src="https://example.org/x.png" alt="Lageplan"></p>', dropped);
    expect(spans(p)).toEqual([
      { t: 'img', mime: 'image/jpeg', data: 'AAAABBBB', attrs: {} },
      { t: 'span', text: 'Lageplan', style: undefined },
    ]);
    expect(dropped).toHaveLength(1);
  });

  it('reads TextComplement spans with kind, MarkLbl, caption, body value, body and tail', () => {
    const [p] = blocks(
      '<p>x <span class="TextComplement" data-kind="Owner" data-marklbl="7"><span class="ComplCaption">Dicke</span>' +
        '<span class="ComplBody" data-body="Dec" data-value="12.5">12,5<br>cm</span><span class="ComplTail">mm</span></span></p>',
    );
    const tc = spans(p).find((i) => i.t === 'tc');
    expect(tc).toEqual({
      t: 'tc',
      tc: {
        kind: 'Owner', markLbl: 7, empty: false,
        caption: [{ t: 'span', text: 'Dicke', style: undefined }],
        bodyValue: { type: 'Dec', value: '12.5' },
        body: [{ t: 'span', text: '12,5', style: undefined }, { t: 'br' }, { t: 'span', text: 'cm', style: undefined }],
        tail: [{ t: 'span', text: 'mm', style: undefined }],
      },
    });
  });
});

const NASTY = [
  '<h1>Titel</h1><p>Absatz <b>fett <i>kursiv</i></b> &amp; mehr</p><hr><blockquote><p>Zitat eins</p>zwei</blockquote>',
  '<div><div><p>tief</p><span>verschachtelt</span></div></div><pre>  vor\nformatiert</pre>',
  '<ul><li>a<ul><li>b<table><tr><td>in Liste</td></tr></table></li></ul></li><li><p>c</p><img src="data:image/gif;base64,R0lGOD"></li></ul>',
  '<table><caption>Tabelle</caption><thead><tr><th>K <span class="TextComplement" data-kind="Bidder" data-marklbl="3"><span class="ComplBody">im Kopf</span></span></th></tr></thead><tbody><tr><td><ul><li>L</li></ul><div>D<img src="data:image/png;base64,iVBO"></div></td></tr></tbody></table>',
  '<p>Vor <span class="TextComplement" data-kind="Bidder"><span class="ComplBody">Lücke</span></span> nach</p><ol><li><span class="TextComplement" data-kind="Owner" data-marklbl="4"><span class="ComplCaption">Typ</span><span class="ComplBody">X</span></span> in Liste</li></ol>',
  'nur Text ohne Tags, mit < und > und "Anführung"',
  '<p></p><p><br></p><span>   </span><font face="Arial" size="3">Schrift</font><dl><dt>Begriff</dt><dd>Erklärung</dd></dl>',
];

function projectWith(htmls: string[]): ProjectDto {
  const elements: PositionDto[] = htmls.map((html, i) => ({
    elementTypeDiscriminator: 'PositionDto',
    itemNumber: { stringRepresentation: String((i + 1) * 10), identifiers: [String((i + 1) * 10).padStart(4, '0')] },
    shortText: `Position ${i + 1}`,
    htmlLongText: html,
    quantity: 1,
    unitTag: 'St',
  }));
  return {
    projectInformation: { itemNumberSchema: { tiers: [{ tierType: 'Position', length: 4 }] } },
    serviceSpecifications: [{ name: 'Texte', elements }],
  };
}

describe.each<[GaebXmlVersion, GaebPhase]>([
  ['3.3', '83'],
  ['3.3', '81'],
  ['3.1', '83'],
])('sloppy HTML written as GAEB DA XML %s phase %s', (version, phase) => {
  const sink = new MessageCollector();
  const xml = writeGaebXml(projectWith(NASTY), defaultOptions(), sink, { version, phase });
  const doc = parseXml(xml);

  it.skipIf(!hasGaebSchema(version, phase))('validates against the XSD', () => {
    expect(validateGaebXml(xml, version, phase).errors).toEqual([]);
  });

  it('keeps every word of every long text', () => {
    const items = all(doc, 'Item');
    expect(items).toHaveLength(NASTY.length);
    NASTY.forEach((html, i) => {
      const detail = at(items[i], 'Description/CompleteText/DetailTxt') as XNode;
      expect(words(plainOf(detail).replace(/\u00a0/g, ' '))).toEqual(words(htmlToPlainText(html).replace(/\u00a0/g, ' ')));
    });
  });

  it('writes complements as TextComplement where the schema allows them and as text elsewhere', () => {
    const tcs = all(doc, 'TextComplement');
    // 3.3: the one in the table header cell (tgth) becomes text; 3.1: only the one directly in a top-level paragraph stays
    expect(tcs.length).toBe(version === '3.1' ? 1 : 2);
    expect(sink.messages.some((m) => m.code === 'GAEB_XML_COMPLEMENT_AS_TEXT')).toBe(true);
    if (version === '3.1') for (const tc of tcs) expect(tc.parent?.name).toBe('DetailTxt');
  });
});
