/**
 * core/text: the HTML tree (htmlparser2), the intermediate long-text form, its plain text and the per-conversion
 * cache.
 */
import { describe, expect, it } from 'vitest';
import { parseHtmlTree, type HtmlElement } from '../../core/text/html-tree.js';
import { parseLongText } from '../../core/text/long-text.js';
import { LongTextCache } from '../../core/text/long-text-cache.js';
import { namedReference, namedReferenceTable } from '../../core/text/entities.js';
import { htmlToPlainText, plainTextOfLines, plainTextToHtml } from '../../core/text/plain-text.js';
import { seededRandom } from '../support/random.js';

const el = (n: unknown) => n as HtmlElement;

describe('parseHtmlTree', () => {
  it('closes implied paragraphs, list items and cells', () => {
    const nodes = parseHtmlTree('<p>a<p>b<ul><li>c<li>d</ul><table><tr><td>e<td>f<tr><td>g</table>');
    expect(nodes.map((n) => (n.kind === 'el' ? n.tag : '#text'))).toEqual(['p', 'p', 'ul', 'table']);
    expect(el(nodes[2]).children.map((n) => el(n).tag)).toEqual(['li', 'li']);
    const rows = el(nodes[3]).children;
    expect(rows.map((r) => el(r).children.length)).toEqual([2, 1]);
  });

  it('decodes the HTML5 entities, keeps stray "<", drops comments and scripts, lower-cases tags and attributes', () => {
    const nodes = parseHtmlTree('<P CLASS="x" data-A=\'1\'>1 &lt; 2 &amp;&amp; 3 > 2 &auml;&#246;&#xFC; &unknown; x <- y &hearts;&Ograve;&radic;<!-- c --><script>alert(1)</script></P>');
    const p = el(nodes[0]);
    expect(p.tag).toBe('p');
    expect(p.attrs).toEqual({ class: 'x', 'data-a': '1' });
    expect(p.children.map((c) => (c.kind === 'text' ? c.text : `<${c.tag}>`)).join('')).toBe('1 < 2 && 3 > 2 äöü &unknown; x <- y ♥Ò√');
  });

  it('marks whitespace written as a character reference as kept', () => {
    const nodes = parseHtmlTree('<p>a&nbsp;&#9;b c&#32;d</p>');
    expect(el(nodes[0]).children).toEqual([
      { kind: 'text', text: 'a' }, { kind: 'text', text: '\u00a0\t', kept: true }, { kind: 'text', text: 'b c' },
      { kind: 'text', text: ' ', kept: true }, { kind: 'text', text: 'd' },
    ]);
  });

  it('never throws on truncated markup', () => {
    for (const s of ['<', '<p', '<p class="x', '</', '<!--', '<![CDATA[x', '<td><tr></table></p></div>', '<br/><br></br>', '&', '&#', '&#x;']) {
      expect(() => parseHtmlTree(s)).not.toThrow();
    }
  });
});

describe('the named reference table for XML readers', () => {
  it('knows every HTML5 name, and nothing else', () => {
    expect(namedReference('hearts')).toBe('♥');
    expect(namedReference('Ograve')).toBe('Ò');
    expect(namedReference('NotNestedGreaterGreater')).toBe('⪢̸');
    expect(namedReference('unknown')).toBeUndefined();
    expect(namedReference('constructor')).toBeUndefined();
    const table = namedReferenceTable();
    expect(table.sup2).toBe('²');
    expect(table.sup2).toBe('²'); // from the table's cache
    expect(table.toString).toBeUndefined();
    expect(table.constructor).toBeUndefined();
    expect(table.__proto__).toBeUndefined();
    expect([table.amp, table.lt, table.gt, table.quot, table.apos]).toEqual(['&', '<', '>', '"', "'"]);
    expect(table.nosuchname).toBeUndefined();
    expect(table.nosuchname).toBeUndefined();
  });
});

describe('parseLongText', () => {
  it('gives spans their emphasis from tags and styles', () => {
    const { blocks } = parseLongText('<p><b>B</b><i>I</i><u>U</u><sup>2</sup><sub>x</sub><span style="font-weight:700">W</span></p>');
    const p = blocks[0];
    if (p.t !== 'p') throw new Error('expected a paragraph');
    const flags = p.inl.map((i) => (i.t === 'span' ? Object.entries(i.fmt).filter(([, v]) => v).map(([k]) => k).join('+') : i.t));
    expect(flags).toEqual(['bold', 'italic', 'underline', 'superscript', 'subscript', 'bold']);
  });

  it('reads text complements with kind, label, caption, body and tail', () => {
    const { blocks } = parseLongText('<p>Fabrikat <span class="TextComplement" data-kind="Owner" data-marklbl="3"><span class="ComplCaption">Typ:</span><span class="ComplBody">X&nbsp;1</span></span></p>');
    const p = blocks[0];
    if (p.t !== 'p') throw new Error('expected a paragraph');
    const tc = p.inl[1];
    expect(tc.t === 'tc' && { kind: tc.tc.kind, mark: tc.tc.markLbl, caption: tc.tc.caption?.map((x) => (x.t === 'span' ? x.text : '')).join('') }).toEqual({ kind: 'Owner', mark: 3, caption: 'Typ:' });
  });

  it('treats a tagless text as plain text, one paragraph per line', () => {
    expect(parseLongText('a &amp; b\n\nc').blocks.map((b) => (b.t === 'p' ? b.inl.map((i) => (i.t === 'span' ? i.text : '')).join('') : b.t))).toEqual(['a & b', '', 'c']);
  });

  it('drops the line breaks and indentation of pretty-printed HTML, keeps spaces and tabs', () => {
    const { blocks } = parseLongText('<p>\n   <span>\tA  B</span>\n   C\n</p>');
    expect(blocks[0].t === 'p' && blocks[0].inl.map((i) => (i.t === 'span' ? i.text : '')).join('|')).toBe('\tA  B C');
  });
});

describe('plain text of an HTML long text', () => {
  it('decodes every HTML5 entity the same way (the issue\'s text)', () => {
    expect(htmlToPlainText('<p>Beton &Ograve; 12&times;3 m&sup2; 20&deg;C &auml;</p>')).toBe('Beton Ò 12×3 m² 20°C ä');
    expect(htmlToPlainText('a&hearts;b &Ograve; &shy;x &radic;')).toBe('a♥b Ò \u00adx √');
  });

  it('keeps entity whitespace, collapses literal whitespace', () => {
    expect(htmlToPlainText('<p>a&nbsp;&nbsp;b  c&#9;d</p><p>e&#10;f</p>')).toBe('a  b c\td\ne\nf');
  });
});

describe('LongTextCache', () => {
  it('parses each HTML once per conversion and gives its plain text', () => {
    const cache = new LongTextCache();
    const html = '<p>x <b>y</b></p>';
    expect(cache.form(html)).toBe(cache.form(html));
    expect(cache.plain(html)).toBe('x y');
    expect(cache.plain('')).toBe('');
  });
});

describe('plainTextOfLines', () => {
  const PIECES = ['a', 'Beton', ' ', '  ', '\t', '\u00a0', '&', '<b>', 'ä', '€', '\u2003', ''];
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  it('equals htmlToPlainText of the paragraphs it stands for, literal or kept', () => {
    const next = seededRandom(20261125);
    for (let n = 0; n < 500; n++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 5) }, () =>
        Array.from({ length: Math.floor(next() * 6) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(''));
      // literal: `<p>line</p>` per line, as the GAEB 90 reader writes them
      expect(plainTextOfLines(lines, false), JSON.stringify(lines)).toBe(htmlToPlainText(lines.map((l) => `<p>${escape(l)}</p>`).join('')));
      // kept: plainTextToHtml of trimmed lines, as the GAEB 2000 reader writes plain value lines
      const trimmed = lines.map((l) => l.trim());
      while (trimmed.length > 0 && trimmed[0] === '') trimmed.shift();
      while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
      const html = plainTextToHtml(trimmed.join('\n'));
      if (html !== '') expect(plainTextOfLines(trimmed, true), JSON.stringify(trimmed)).toBe(htmlToPlainText(html));
    }
  });
});
