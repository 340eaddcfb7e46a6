import { describe, expect, it } from 'vitest';
import { DerivedPlainTexts } from '../../core/model/derived-plain-texts.js';
import { htmlToPlainText, plainTextToHtml } from '../../core/text/plain-text.js';
import { PlainTextSink, applyTag } from '../../core/text/plain-text-sink.js';
import { Pieces, appendText, escapeHtmlText } from '../../core/text/html-output.js';
import { isIndentation } from '../../core/xml/sax-input.js';

describe('htmlToPlainText', () => {
  it.each([
    ['<span>Einrichtung der Baustelle inkl. Kran</span>', 'Einrichtung der Baustelle inkl. Kran'],
    ['<p><span>a</span></p><p></p><p><span>b</span></p>', 'a\n\nb'],
    ['<div><p>a</p><p>b</p></div>', 'a\nb'],
    ['<p>a<br>b<br/>c</p>', 'a\nb\nc'],
    ['<p>a<br></p><p><br></p><p>c</p>', 'a\n\nc'],
    ['<P>upper<BR>case</P>', 'upper\ncase'],
    ['<ul><li>one</li><li>two</li></ul>after', 'one\ntwo\nafter'],
    ['<h1>Title</h1>text', 'Title\ntext'],
    ['<p>\n   Hello\n   world  \n</p>\n<p>next</p>', 'Hello world\nnext'],
    ['<span>a</span> <span>b</span>', 'a b'],
    ['<b>bold</b><i>italic</i>', 'bolditalic'],
  ])('%j → %j', (html, text) => {
    expect(htmlToPlainText(html)).toBe(text);
  });

  it('separates table cells by tabs and rows by lines', () => {
    const html =
      '<table><tbody><tr><th>Pos</th><th>Menge</th></tr><tr><td><p>Beton</p></td><td>12,5</td></tr>' +
      '<tr><td></td><td>x</td></tr></tbody></table><p>Ende</p>';
    expect(htmlToPlainText(html)).toBe('Pos\tMenge\nBeton\t12,5\n\tx\nEnde');
  });

  it('decodes numeric and named entities', () => {
    expect(htmlToPlainText('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;')).toBe('a & b <c> "d" \'e\'');
    expect(htmlToPlainText('&auml;&ouml;&uuml;&Auml;&Ouml;&Uuml;&szlig; &euro; &deg; &sup2;')).toBe('äöüÄÖÜß € ° ²');
    expect(htmlToPlainText('&#228;&#xE4;&#XE4;&#x1F600;')).toBe('äää😀');
    expect(htmlToPlainText('20&nbsp;cm')).toBe('20 cm');
    expect(htmlToPlainText('&#0; &#xD800;')).toBe('\ufffd \ufffd');
  });

  it('keeps what is not an entity or a tag', () => {
    expect(htmlToPlainText('AT&T &unknown; & x')).toBe('AT&T &unknown; & x');
    // HTML5 decodes the legacy names without `;` (WHATWG HTML §13.2.5.73, named character reference state)
    expect(htmlToPlainText('x &amp y &copy 2')).toBe('x & y © 2');
    expect(htmlToPlainText('a < b and c <3')).toBe('a < b and c <3');
  });

  it('tolerates malformed HTML', () => {
    expect(htmlToPlainText('<p>unclosed<p>second<li>third')).toBe('unclosed\nsecond\nthird');
    expect(htmlToPlainText('</p></div>stray<p>')).toBe('stray');
    expect(htmlToPlainText('<span title="a>b">t</span>')).toBe('t');
    expect(htmlToPlainText("<a title=don't>x</a>y")).toBe('xy');
    // an attribute quote that never closes swallows the rest, as in a browser (WHATWG HTML §13.2.5.36)
    expect(htmlToPlainText('<span title="open>t</span>')).toBe('');
    expect(htmlToPlainText('<tr><td>a<td>b</tr>')).toBe('a\tb');
  });

  it('drops comments, scripts, styles and declarations', () => {
    expect(htmlToPlainText('<!DOCTYPE html><!-- note --><style>p{}</style><script>x("<p>")</script>text<?xml ?>')).toBe('text');
    expect(htmlToPlainText('<![CDATA[raw <text>]]>')).toBe('raw <text>');
  });

  it('trims trailing whitespace per line and blank lines at both ends', () => {
    expect(htmlToPlainText('<p></p><p>&nbsp;</p><p>a&nbsp;</p><p>b</p><p></p>')).toBe('a\nb');
    expect(htmlToPlainText('')).toBe('');
    expect(htmlToPlainText('<p></p>')).toBe('');
  });

  it('keeps line breaks of input without any tag', () => {
    expect(htmlToPlainText('line 1\nline 2\r\nline 3')).toBe('line 1\nline 2\nline 3');
  });

  it('stays linear on pathological input', () => {
    const nasty = '<a "'.repeat(20000) + '<'.repeat(20000) + '&'.repeat(20000) + '<p title="'.repeat(20000);
    const started = performance.now();
    htmlToPlainText(nasty);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('plainTextToHtml', () => {
  it('wraps each line in <p><span>', () => {
    expect(plainTextToHtml('Einrichtung der Baustelle')).toBe('<p><span>Einrichtung der Baustelle</span></p>');
    expect(plainTextToHtml('a\n\nb')).toBe('<p><span>a</span></p><p></p><p><span>b</span></p>');
    expect(plainTextToHtml('a\r\nb\rc')).toBe('<p><span>a</span></p><p><span>b</span></p><p><span>c</span></p>');
  });

  it('escapes markup characters and keeps spacing', () => {
    expect(plainTextToHtml('a < b & c > d')).toBe('<p><span>a &lt; b &amp; c &gt; d</span></p>');
    expect(plainTextToHtml('  x  y\tz')).toBe('<p><span>&nbsp;&nbsp;x &nbsp;y&#9;z</span></p>');
  });

  it('gives an empty string for empty text', () => {
    expect(plainTextToHtml('')).toBe('');
    expect(plainTextToHtml('\n \n')).toBe('');
  });

  it('round-trips through htmlToPlainText', () => {
    const texts = [
      'Beton C25/30 liefern & einbauen\n\nDicke 20 cm, <Sichtbeton>',
      '  eingerückt\nSpalte 1\tSpalte 2\nviele     Leerzeichen',
      'Umlaute äöü ß €',
    ];
    for (const text of texts) expect(htmlToPlainText(plainTextToHtml(text))).toBe(text);
  });
});

describe('DerivedPlainTexts', () => {
  it('gives the recorded plain text for the same description and HTML, in or out of order, else converts', () => {
    const [a, b, c] = [{}, {}, {}];
    const derived = new DerivedPlainTexts();
    derived.add(a, '<p>a</p>', 'recorded a');
    derived.add(b, '<p>b</p>', 'recorded b');
    derived.add(c, '<p>c</p>', 'recorded c');
    expect(derived.plainTextFor(a, '<p>a</p>')).toBe('recorded a');
    expect(derived.plainTextFor(c, '<p>c</p>')).toBe('recorded c');
    expect(derived.plainTextFor(b, '<p>B</p>')).toBe('B');
    expect(derived.plainTextFor({}, '<p>x</p>')).toBe('x');
  });
});

describe('PlainTextSink', () => {
  it('treats a whole text the same on its fast path as character by character', () => {
    const pieces = ['a', 'Wort', 'ä', '\u00a0', '\u2003', ' ', '  ', '\n', '\r', '\t', '\f', '\u0001', '😀', '.'];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let n = 0; n < 5000; n++) {
      let s = '';
      for (let i = Math.floor(next() * 8); i >= 0; i--) s += pieces[Math.floor(next() * pieces.length)];
      for (const keepNewlines of [false, true]) {
        for (const after of ['', 'x', 'br']) {
          const sinks = [new PlainTextSink(keepNewlines), new PlainTextSink(keepNewlines)];
          for (const sink of sinks) {
            sink.openLineBlock();
            if (sink === sinks[0]) sink.text(s, 0, s.length);
            else sink.text(`<${s}`, 1, s.length + 1); // a range, so never the fast path
            if (after === 'br') sink.lineBreak();
            if (after !== '') sink.text('x', 0, 1);
          }
          expect(sinks[0].finish(), JSON.stringify(s)).toBe(sinks[1].finish());
        }
      }
    }
  });

  it('appendText gives the escaped HTML and the plain text of any text, on its one-test path as on the long one', () => {
    const pieces = ['a', 'Wort', 'ä', '&', '<', '>', '"', '\u00a0', '\u2003', ' ', '  ', '\n', '\r', '\t', '\f', '😀', '.'];
    const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    let verbatim = 0;
    for (let n = 0; n < 5000; n++) {
      let s = '';
      for (let i = Math.floor(next() * 6); i >= 0; i--) s += pieces[Math.floor(next() * pieces.length)];
      expect(escapeHtmlText(s)).toBe(escaped(s));
      const parts = new Pieces();
      const sink = new PlainTextSink(false);
      const reference = new PlainTextSink(false);
      for (const x of [sink, reference]) x.openLineBlock();
      appendText(s, parts, sink);
      reference.text(`<${s}`, 1, s.length + 1); // a range: never a fast path
      for (const x of [sink, reference]) x.text('x', 0, 1);
      expect(parts.take(), JSON.stringify(s)).toBe(escaped(s));
      expect(sink.finish(), JSON.stringify(s)).toBe(reference.finish());
      if (!/[&<>\s]/.test(s)) verbatim++;
    }
    expect(verbatim).toBeGreaterThan(300);
  });

  it('tells the indentation between elements from text', () => {
    for (const t of ['\n', '\r\n', '  \n    ', '\t\n\t\t', '\n\n  \r\n ']) expect(isIndentation(t), JSON.stringify(t)).toBe(true);
    for (const t of ['', ' ', '\t', '   ', 'x', ' x\n', '\nx', '\n \u00a0', '\u00a0\n', '\n\f', ' \n x ']) {
      expect(isIndentation(t), JSON.stringify(t)).toBe(false);
    }
  });

  it('goes on from a saved state exactly as from the events that led to it, and can be reset and reused', () => {
    type Step = (sink: PlainTextSink) => void;
    const texts = ['Wort', ' zwei  Worte ', '\n', 'ä\u00a0', ' ', 'x\ty'];
    const steps: Step[] = [
      ...texts.map((t): Step => (sink) => sink.text(t, 0, t.length)),
      (sink) => applyTag(sink, 'p', false), (sink) => applyTag(sink, 'p', true), (sink) => applyTag(sink, 'br', false),
      (sink) => applyTag(sink, 'tr', false), (sink) => applyTag(sink, 'td', false), (sink) => applyTag(sink, 'td', true),
      (sink) => applyTag(sink, 'tr', true), (sink) => applyTag(sink, 'table', true), (sink) => applyTag(sink, 'ul', false),
      (sink) => applyTag(sink, 'li', false), (sink) => applyTag(sink, 'li', true), (sink) => sink.decoded(' '),
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pick = (n: number) => Array.from({ length: n }, () => steps[Math.floor(next() * steps.length)]);
    const reused = new PlainTextSink(false);
    let checked = 0;
    for (let n = 0; n < 3000; n++) {
      const first = pick(Math.floor(next() * 10));
      const second = pick(Math.floor(next() * 10));
      const whole = new PlainTextSink(false);
      for (const step of [...first, ...second]) step(whole);
      reused.reset();
      for (const step of first) step(reused);
      const firstAlone = reused.finish();
      const state = reused.state();
      reused.reset(state);
      for (const step of second) step(reused);
      const expected = whole.finish();
      expect(reused.finish()).toBe(expected);
      // the first text alone is unchanged by saving its state
      const alone = new PlainTextSink(false);
      for (const step of first) step(alone);
      expect(firstAlone).toBe(alone.finish());
      if (expected.includes('\n') || expected.includes('\t')) checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });
});
