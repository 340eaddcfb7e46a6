/**
 * core/xml: the escaping module (characters XML 1.0 forbids, text and attribute escaping) and the string
 * builder the GAEB writer (and later ÖNORM) uses. Output is re-parsed with saxes, which rejects any character
 * XML does not allow.
 */
import { describe, expect, it } from 'vitest';
import { XmlBuilder } from '../../core/xml/builder.js';
import {
  codePointLabel, escapeAttr, escapeText, findInvalidXmlChar, hasInvalidXmlChars, removeInvalidXmlChars,
} from '../../core/xml/escape.js';
import { parseXml, textOf } from './xml-writer-support.js';

describe('escape', () => {
  it('finds the first character XML 1.0 forbids, with its code point label', () => {
    expect(findInvalidXmlChar('ok\tline\nend\r')).toBeUndefined();
    expect(findInvalidXmlChar('a\u000Bb\u0001')).toEqual({ index: 1, codePoint: 0x0b, label: 'U+000B' });
    expect(findInvalidXmlChar('x\uFFFE')?.label).toBe('U+FFFE');
    expect(findInvalidXmlChar('lone \uD800 high')?.label).toBe('U+D800');
    expect(findInvalidXmlChar('lone \uDC00 low')?.label).toBe('U+DC00');
    expect(findInvalidXmlChar('pair \uD83D\uDE00 ok')).toBeUndefined();
    expect(hasInvalidXmlChars('\u0000')).toBe(true);
    expect(codePointLabel(0x1f)).toBe('U+001F');
  });

  it('removes every forbidden character and keeps everything else', () => {
    const all = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join('');
    expect(removeInvalidXmlChars(`${all}x\uFFFF\uD800\uD83D\uDE00`)).toBe('\t\n\rx\uD83D\uDE00');
    const clean = 'schon sauber';
    expect(removeInvalidXmlChars(clean)).toBe(clean);
  });

  it('escapes text and attribute values so they read back unchanged', () => {
    const value = 'a & b < c > d " e \' f\tg\nh\ri';
    expect(escapeText('a & b < c > d')).toBe('a &amp; b &lt; c &gt; d');
    expect(escapeAttr('"x"\t')).toBe('&quot;x&quot;&#9;');
    const doc = parseXml(`<r a="${escapeAttr(value)}">${escapeText(value)}</r>`);
    expect(doc.attrs.a).toBe(value);
    expect(doc.text).toBe(value);
  });

  it('strips forbidden characters as a last safety net', () => {
    expect(escapeText('a\u000Bb')).toBe('ab');
    expect(escapeAttr('a\u0000b')).toBe('ab');
  });
});

describe('XmlBuilder', () => {
  it('builds elements, leaves, empty elements and escaped text', () => {
    const b = new XmlBuilder();
    b.declaration().open('root', { xmlns: 'urn:x', skip: undefined, n: 3 }).leaf('a', 'x & y').leaf('e', '').empty('f', { k: '"' }).open('m').text('t<').close().close();
    expect(b.toString()).toBe('<?xml version="1.0" encoding="utf-8"?><root xmlns="urn:x" n="3"><a>x &amp; y</a><e/><f k="&quot;"/><m>t&lt;</m></root>');
    expect(b.toBuffer().toString('utf8')).toBe(b.toString());
  });

  it('indents element-only content but never mixed content', () => {
    const b = new XmlBuilder({ indent: '  ' });
    b.open('r').open('p').text('a').leaf('span', 'b').close().open('q').leaf('x', 1).close().close();
    expect(b.toString()).toBe('<r>\n  <p>a<span>b</span></p>\n  <q>\n    <x>1</x>\n  </q>\n</r>');
    expect(textOf(parseXml(b.toString()))).toContain('ab');
  });

  it('writes a document over many output chunks byte for byte, multi-byte characters and long texts included', () => {
    const b = new XmlBuilder({ indent: ' ' });
    const expected: string[] = ['<?xml version="1.0" encoding="utf-8"?>', '<lv>'];
    b.declaration().open('lv');
    // 3 MB and more: past the first 64 KiB chunk and several 1 MiB ones; a text of 400,000 characters is longer
    // than a chunk (its piece gets a chunk of its own); "€" takes 3 UTF-8 bytes, "😀" a surrogate pair (4 bytes)
    for (let i = 0; i < 30_000; i++) {
      const text = i === 12_345 ? '€'.repeat(400_000) : `Position ${i}: Stahlbeton C25/30 – 2,5 m³ à 118 € 😀 & <Zulage>`;
      b.leaf('text', text, { nr: i });
      expected.push(` <text nr="${i}">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</text>`);
    }
    b.close();
    expected.push('</lv>');
    const bytes = b.toBuffer();
    expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(bytes.equals(Buffer.from(expected.join('\n'), 'utf8'))).toBe(true);
    expect(b.toString()).toBe(expected.join('\n'));
  });

  it('refuses to serialise unclosed elements and unbalanced closes', () => {
    const b = new XmlBuilder().open('r');
    expect(() => b.toBuffer()).toThrow(/not closed/);
    expect(() => new XmlBuilder().close()).toThrow(/no open element/);
  });
});
