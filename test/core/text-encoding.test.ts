/**
 * core/text/encoding.ts: byte order mark and XML declaration sniffing, chunked decoding (a character split over
 * two chunks), whole-buffer decoding with a fallback code page.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { assumedWindows1252, decodeText, declaredEncoding, decoderFor, sawInvalidUtf8, sniffBom } from '../../core/text/encoding.js';

const SOURCE = { document: 'test file', key: 'testFile' };
const utf16be = (s: string): Buffer => Buffer.from(s, 'utf16le').swap16();

/** Decodes `bytes` in chunks of `size` bytes. */
function decodeChunked(bytes: Buffer, size: number): string {
  const decoder = decoderFor(bytes, SOURCE);
  let text = '';
  for (let at = 0; at < bytes.length; at += size) text += decoder.write(bytes.subarray(at, at + size));
  return text + decoder.end();
}

describe('sniffBom', () => {
  it('names UTF-8, UTF-16LE and UTF-16BE byte order marks with their lengths', () => {
    expect(sniffBom(Buffer.from([0xef, 0xbb, 0xbf, 0x7b]))).toEqual({ encoding: 'utf-8', length: 3 });
    expect(sniffBom(Buffer.from([0xff, 0xfe, 0x7b, 0x00]))).toEqual({ encoding: 'utf-16le', length: 2 });
    expect(sniffBom(Buffer.from([0xfe, 0xff, 0x00, 0x7b]))).toEqual({ encoding: 'utf-16be', length: 2 });
  });

  it('finds none in plain bytes, a partial mark or an empty buffer', () => {
    expect(sniffBom(Buffer.from('{"a":1}'))).toBeUndefined();
    expect(sniffBom(Buffer.from([0xef, 0xbb]))).toBeUndefined();
    expect(sniffBom(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('declaredEncoding', () => {
  it('takes the byte order mark first, even over a declaration', () => {
    expect(declaredEncoding(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a/>')]))).toBe('utf-8');
    expect(declaredEncoding(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a/>', 'utf16le')]))).toBe('utf-16le');
    expect(declaredEncoding(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be('<a/>')]))).toBe('utf-16be');
  });

  it('recognises UTF-16 without a mark by the first `<` (XML 1.0 Appendix F.1)', () => {
    expect(declaredEncoding(Buffer.from('<?xml version="1.0"?><a/>', 'utf16le'))).toBe('utf-16le');
    expect(declaredEncoding(utf16be('<?xml version="1.0"?><a/>'))).toBe('utf-16be');
  });

  it("reads the declaration's encoding, lower case, with either quote and blanks around `=`", () => {
    expect(declaredEncoding(Buffer.from('<?xml version="1.0" encoding="Windows-1252"?><a/>'))).toBe('windows-1252');
    expect(declaredEncoding(Buffer.from("  <?xml version='1.0' encoding = 'ISO-8859-1' ?><a/>"))).toBe('iso-8859-1');
  });

  it('gives undefined without mark or encoding declaration', () => {
    expect(declaredEncoding(Buffer.from('<?xml version="1.0"?><a/>'))).toBeUndefined();
    expect(declaredEncoding(Buffer.from('<a encoding="latin1"/>'))).toBeUndefined();
  });
});

describe('decoderFor', () => {
  it('keeps a multi-byte UTF-8 character whole when a chunk boundary splits it', () => {
    const text = '<a>Maß € 😀 Ölfass</a>';
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [1, 2, 3, 5, 7]) expect(decodeChunked(bytes, size)).toBe(text);
    const decoder = decoderFor(bytes, SOURCE);
    for (let at = 0; at < bytes.length; at++) decoder.write(bytes.subarray(at, at + 1));
    decoder.end();
    expect(sawInvalidUtf8(decoder), 'a split character is not an invalid one').toBe(false);
  });

  it('decodes UTF-16LE and UTF-16BE with a mark, chunk boundaries splitting code units and surrogate pairs', () => {
    const text = '<a>Maß 😀</a>';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]);
    for (const size of [1, 3, 64]) {
      expect(decodeChunked(le, size)).toBe(text);
      expect(decodeChunked(be, size)).toBe(text);
    }
    expect(decoderFor(le, SOURCE).encoding).toBe('utf-16le');
    expect(decoderFor(be, SOURCE).encoding).toBe('utf-16be');
  });

  it("decodes a declared 8-bit encoding with iconv-lite (Windows-1252: 0x80 is '€')", () => {
    const bytes = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1252"?><a>'), Buffer.from([0x80, 0xe4]), Buffer.from('</a>')]);
    expect(decodeChunked(bytes, 4)).toContain('<a>€ä</a>');
  });

  it('reads a UTF-16 declaration in 8-bit bytes as UTF-8 (the bytes cannot be UTF-16)', () => {
    const bytes = Buffer.from('<?xml version="1.0" encoding="UTF-16"?><a>ü</a>', 'utf8');
    expect(decoderFor(bytes, SOURCE).encoding).toBe('utf-8');
    expect(decodeChunked(bytes, 2)).toContain('<a>ü</a>');
  });

  it('says when UTF-8 input held bytes that are not UTF-8 after its first character beyond ASCII', () => {
    const bytes = Buffer.concat([Buffer.from('<a>Maß '), Buffer.from([0xe4]), Buffer.from('</a>')]);
    const decoder = decoderFor(bytes, SOURCE);
    expect(decoder.write(bytes) + decoder.end()).toBe('<a>Maß \uFFFD</a>');
    expect(sawInvalidUtf8(decoder)).toBe(true);
    expect(assumedWindows1252(decoder)).toBe(false);
    // with a UTF-8 byte order mark the file is UTF-8 whatever follows
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a>'), Buffer.from([0xe4]), Buffer.from('</a>')]);
    const m = decoderFor(marked, SOURCE);
    expect(m.write(marked) + m.end()).toBe('<a>\uFFFD</a>');
    expect(assumedWindows1252(m)).toBe(false);
  });

  it('reads a file declared (or taken) as UTF-8 as Windows-1252 when its first byte beyond ASCII is not UTF-8', () => {
    // "Mörtel für Maß, 5 €" as Windows-1252: ö F6, ü FC, ß DF, € 80 — none starts a UTF-8 sequence here
    const text = 'Mörtel für Maß, 5 €';
    const body = (declaration: string) => Buffer.concat([Buffer.from(`${declaration}<a>${'x'.repeat(40)}`), iconv.encode(text, 'win1252'), Buffer.from('</a>')]);
    for (const declaration of ['<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?>', '']) {
      const bytes = body(declaration);
      for (const size of [1, 7, 16, 4096]) {
        const decoder = decoderFor(bytes, SOURCE);
        let out = '';
        for (let at = 0; at < bytes.length; at += size) out += decoder.write(bytes.subarray(at, at + size));
        out += decoder.end();
        expect(out, `${declaration || 'no declaration'}, chunks of ${size}`).toBe(`${declaration}<a>${'x'.repeat(40)}${text}</a>`);
        expect(assumedWindows1252(decoder)).toBe(true);
        expect(sawInvalidUtf8(decoder)).toBe(false);
        expect(decoder.encoding).toBe('windows-1252');
      }
    }
    // a UTF-8 sequence cut by the end of a chunk still decides for UTF-8 (ä = C3 A4 split between two chunks)
    const utf8 = Buffer.from(`<a>xx${text}</a>`, 'utf8');
    const split = utf8.indexOf(0xc3) + 1;
    const decoder = decoderFor(utf8, SOURCE);
    expect(decoder.write(utf8.subarray(0, split)) + decoder.write(utf8.subarray(split)) + decoder.end()).toBe(`<a>xx${text}</a>`);
    expect(assumedWindows1252(decoder)).toBe(false);
    expect(decoder.encoding).toBe('utf-8');
  });

  it('refuses an unknown declared encoding with a 400 naming the document, the encoding and the field', () => {
    const bytes = Buffer.from('<?xml version="1.0" encoding="x-unknown-42"?><a/>');
    let error: unknown;
    try { decoderFor(bytes, SOURCE); } catch (err) { error = err; }
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).statusCode).toBe(400);
    expect((error as Error).message).toBe("The test file declares the encoding 'x-unknown-42', which is not supported");
    expect((error as GatewayError).errors).toEqual({ testFile: [(error as Error).message] });
  });
});

describe('decodeText', () => {
  it('decodes the fallback encoding without a mark (CP850 0x81 = ü, Windows-1252 0x80 = €)', () => {
    expect(decodeText(Buffer.from([0x81, 0x94, 0xe1]), 'cp850')).toBe('üöß');
    expect(decodeText(Buffer.from([0x80, 0xfc]), 'windows-1252')).toBe('€ü');
  });

  it('lets a byte order mark decide over the fallback and drops it', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Größe', 'utf8')]), 'windows-1252')).toBe('Größe');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a":"ü"}', 'utf16le')]), 'utf-8')).toBe('{"a":"ü"}');
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be('{"a":"😀"}')]), 'cp850')).toBe('{"a":"😀"}');
  });

  it('keeps a second U+FEFF after the mark and one in the middle (only the mark is dropped)', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\uFEFFa\uFEFFb', 'utf8')]);
    expect(decodeText(bytes, 'utf-8')).toBe('\uFEFFa\uFEFFb');
  });

  it('gives the same text as iconv-lite for every byte of CP850 and Windows-1252', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    // 0xEF 0xBB 0xBF / 0xFF 0xFE at the start would be a mark: start at 0x00.
    expect(decodeText(all, 'cp850')).toBe(iconv.decode(all, 'cp850'));
    expect(decodeText(all, 'windows-1252')).toBe(iconv.decode(all, 'windows-1252'));
  });
});
