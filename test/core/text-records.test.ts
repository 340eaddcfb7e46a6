/**
 * core/text/records.ts: columns, the record builder, record lines, implied decimals, code-page checks and
 * replacement, word wrap.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  RecordBuilder, chunkColumns, codePageChars, columnWidth, formatImplied, parseImplied, sliceColumns, splitRecordLines,
  toCodePage, wrapWords,
} from '../../core/text/records.js';

describe('columns', () => {
  it('slices 1-based inclusive columns, shorter where the record ends', () => {
    const record = '21 1.2.3  NNN';
    expect(sliceColumns(record, [1, 2])).toBe('21');
    expect(sliceColumns(record, [4, 9])).toBe('1.2.3 ');
    expect(sliceColumns(record, [11, 20])).toBe('NNN');
    expect(sliceColumns(record, [30, 40])).toBe('');
    expect(columnWidth([3, 11])).toBe(9);
  });

  it('counts a character outside the BMP as one column', () => {
    expect(sliceColumns('a😀bc', [2, 3])).toBe('😀b');
    expect(chunkColumns('ab😀cde', 3)).toEqual(['ab😀', 'cde']);
    expect(chunkColumns('', 3)).toEqual([]);
  });
});

describe('RecordBuilder', () => {
  const COLUMNS = { type: [1, 2], name: [4, 8], amount: [9, 12] } as const;

  it('fills fields left-aligned in a blank record of the given length, cutting at the field end', () => {
    const r = new RecordBuilder(COLUMNS, 12).put('type', '21').put('name', 'Beton C20/25').put('amount', '12');
    expect(r.toString()).toBe('21 Beton12  ');
    expect(r.toString()).toHaveLength(12);
  });

  it('cuts at the record end and writes repeated fields by position', () => {
    const r = new RecordBuilder(COLUMNS, 10).put('amount', '123456').putAt(3, 1, 'xyz');
    expect(r.toString()).toBe('  x     12');
  });

  it('puts one character per column, also outside the BMP, and overwrites what was there', () => {
    const r = new RecordBuilder(COLUMNS, 8).put('name', 'a😀bcdef').put('type', 'X');
    expect(r.toString()).toBe('X  a😀bcd');
    expect(Array.from(r.toString())).toHaveLength(8);
  });
});

describe('splitRecordLines', () => {
  it('splits CRLF, LF and CR, stops at a DOS end-of-file mark and drops trailing blank lines', () => {
    expect(splitRecordLines('a\r\nb\nc\rd')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitRecordLines('a\r\nb\r\n\x1a\r\ngarbage')).toEqual(['a', 'b']);
    expect(splitRecordLines('a\r\n\r\n   \r\n')).toEqual(['a']);
    expect(splitRecordLines('a\r\n\r\nb')).toEqual(['a', '', 'b']);
    expect(splitRecordLines('')).toEqual([]);
  });
});

describe('implied decimals', () => {
  it('parses digits with implied decimals and the sign column', () => {
    expect(parseImplied('00012500', 3)).toBe(12.5);
    expect(parseImplied('00012500', 3, '-')).toBe(-12.5);
    expect(parseImplied(' 1234', 2, ' ')).toBe(12.34);
    expect(parseImplied('7', 0)).toBe(7);
    expect(parseImplied('      ', 2)).toBeUndefined();
    expect(parseImplied('12,50', 2)).toBeNaN();
    expect(parseImplied('-1250', 2)).toBeNaN();
  });

  it('is exact where binary floating point is not (0.1 + 0.2)', () => {
    expect(parseImplied('0000030', 2)).toBe(0.3);
    expect(formatImplied(0.1 + 0.2, 6, 2)).toEqual({ sign: ' ', digits: '000030' });
  });

  it('formats zero-filled digits and the sign, rounding half away from zero', () => {
    expect(formatImplied(12.5, 8, 3)).toEqual({ sign: ' ', digits: '00012500' });
    expect(formatImplied(-12.5, 8, 3)).toEqual({ sign: '-', digits: '00012500' });
    expect(formatImplied(1.005, 4, 2)).toEqual({ sign: ' ', digits: '0101' });
    expect(formatImplied(-1.005, 4, 2)).toEqual({ sign: '-', digits: '0101' });
    expect(formatImplied(-0.004, 4, 2)).toEqual({ sign: ' ', digits: '0000' });
    expect(formatImplied(0, 3, 0)).toEqual({ sign: ' ', digits: '000' });
  });

  it('refuses a value that does not fit the width (overflow), also after rounding', () => {
    expect(formatImplied(99.99, 4, 2)).toEqual({ sign: ' ', digits: '9999' });
    expect(formatImplied(100, 4, 2)).toBeUndefined();
    expect(formatImplied(99.995, 4, 2)).toBeUndefined();
    expect(formatImplied(-100, 4, 2)).toBeUndefined();
  });

  it('round-trips through parse', () => {
    for (const value of [0, 1, -1, 12.345, -987.654, 0.001]) {
      const f = formatImplied(value, 11, 3)!;
      expect(parseImplied(f.digits, 3, f.sign)).toBe(value);
    }
  });
});

describe('code pages', () => {
  it('knows what CP850 holds: German and Latin-1 letters, box drawing, not € or typographic quotes', () => {
    const cp850 = codePageChars('cp850');
    expect(cp850.size).toBe(256);
    for (const ch of 'äöüÄÖÜß§³µ½╔░Ø') expect(cp850.has(ch), ch).toBe(true);
    for (const ch of '€„“”–—…•♥Ò‰') expect(cp850.has(ch) && ch !== 'Ò', ch).toBe(false);
    expect(cp850.has('Ò')).toBe(true); // 0xE3 in CP850
  });

  it('knows what Windows-1252 holds: € and typographic punctuation, not its five undefined bytes nor box drawing', () => {
    const w1252 = codePageChars('windows-1252');
    expect(w1252.size).toBe(251);
    for (const ch of 'äöüß€„“”–—…•‰Ò²') expect(w1252.has(ch), ch).toBe(true);
    for (const ch of '\uFFFD\u2212♥╔√') expect(w1252.has(ch), ch).toBe(false);
  });

  it('every character of a code page encodes to one byte and back to itself', () => {
    for (const cp of ['cp850', 'windows-1252'] as const) {
      for (const ch of codePageChars(cp)) {
        const bytes = iconv.encode(ch, cp);
        expect(bytes).toHaveLength(1);
        expect(iconv.decode(bytes, cp)).toBe(ch);
      }
    }
  });

  it('keeps what the code page holds and replaces the rest by the nearest spelling or ?, naming each once', () => {
    expect(toCodePage('Beton – 12×3 m² „gut“ … 5 € ♥ ♥', 'cp850')).toEqual({ text: 'Beton - 12×3 m² "gut" ... 5 EUR ? ?', replaced: '–„“…€♥' });
    expect(toCodePage('Beton – 12×3 m² „gut“ … 5 € ♥ −', 'windows-1252')).toEqual({ text: 'Beton – 12×3 m² „gut“ … 5 € ? -', replaced: '♥−' });
  });

  it('replaces a character outside the BMP by one ? (not one per UTF-16 unit)', () => {
    expect(toCodePage('a😀b', 'windows-1252')).toEqual({ text: 'a?b', replaced: '😀' });
  });

  it('passes ASCII (control characters included) unchanged', () => {
    expect(toCodePage('plain\ttext\x1c', 'cp850')).toEqual({ text: 'plain\ttext\x1c', replaced: '' });
  });
});

describe('wrapWords', () => {
  it('fills lines up to exactly the width', () => {
    expect(wrapWords('aaa bbb ccc', 7)).toEqual({ lines: ['aaa bbb', 'ccc'], split: false });
    expect(wrapWords('aaa bbb ccc', 6)).toEqual({ lines: ['aaa', 'bbb', 'ccc'], split: false });
    expect(wrapWords('aaaaaaa', 7)).toEqual({ lines: ['aaaaaaa'], split: false });
  });

  it('collapses runs of blanks and gives no line for blank text', () => {
    expect(wrapWords('  a   b  ', 10)).toEqual({ lines: ['a b'], split: false });
    expect(wrapWords('   ', 10)).toEqual({ lines: [], split: false });
  });

  it('cuts an over-long word into pieces of the width and goes on after its rest', () => {
    expect(wrapWords('ab abcdefghijk cd', 5)).toEqual({ lines: ['ab', 'abcde', 'fghij', 'k cd'], split: true });
    expect(wrapWords('abcdefgh', 4)).toEqual({ lines: ['abcd', 'efgh'], split: true });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(wrapWords('😀😀 😀😀', 5)).toEqual({ lines: ['😀😀 😀😀'], split: false });
  });
});
