import { describe, expect, it } from 'vitest';
import { NameTable } from '../../core/xml/name-table.js';

/** A name as a streaming parser hands it over: cut out of a larger chunk of text, not a literal of this file. */
const cut = (name: string): string => `<${name} nr="1">`.slice(1, 1 + name.length);

describe('NameTable', () => {
  const names = ['lg', 'ulg', 'hg', 'og', 'p', 'br', 'position', 'folgeposition', 'pos-eigenschaften', 'garantierteangebotssumme'];
  const table = new NameTable(names.map((n, i): [string, number] => [n, i]));

  it('finds every name it holds, also as a fresh string cut from a chunk', () => {
    names.forEach((n, i) => {
      expect(table.get(n)).toBe(i);
      expect(table.get(cut(n))).toBe(i);
    });
  });

  it('answers undefined for names it does not hold, the empty name among them', () => {
    for (const n of ['', 'l', 'lgx', 'LG', 'positionen', 'pos-eigenschaftenx', 'ulg-liste', 'b']) {
      expect(table.get(n), n).toBeUndefined();
    }
  });

  it('tells apart names of the same length, first and last character (the same slot, then the next ones)', () => {
    // same length, same first and last character: the slot holds all three and the comparison decides
    const same = new NameTable<string>([['abcz', 'one'], ['axxz', 'two'], ['a--z', 'three']]);
    expect(same.get(cut('abcz'))).toBe('one');
    expect(same.get(cut('axxz'))).toBe('two');
    expect(same.get(cut('a--z'))).toBe('three');
    expect(same.get('abbz')).toBeUndefined();
    // 'a-b' and 'amb' share length, first and last character; then one character repeated, short and long
    const folded = new NameTable<number>([['a-b', 1], ['amb', 2], ['x'.repeat(2), 3], ['x'.repeat(34), 4]]);
    expect(folded.get('a-b')).toBe(1);
    expect(folded.get('amb')).toBe(2);
    expect(folded.get('xx')).toBe(3);
    expect(folded.get('x'.repeat(34))).toBe(4);
    expect(folded.get('x'.repeat(66))).toBeUndefined();
  });

  it('keeps the first value of a name given twice and refuses an empty name', () => {
    expect(new NameTable([['a', 1], ['a', 2]]).get('a')).toBe(1);
    expect(() => new NameTable([['', 1]])).toThrow(/must not be empty/);
  });

  it('holds values that are objects (the formatting elements of a text reader)', () => {
    const tag = { start: '<p>' };
    expect(new NameTable([['p', tag]]).get(cut('p'))).toBe(tag);
  });
});
