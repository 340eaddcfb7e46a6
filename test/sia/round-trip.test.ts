/**
 * sia → ava → sia → ava on our fixture: the project read back from the written file equals the one read from
 * the fixture (ids and the writing software aside), and the second written file equals the first byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { comparable, fixture, read, viaJson, write } from './support.js';


describe('SIA 451 round trip', () => {
  it('sia → ava → sia → ava keeps the project; the written file is a fixed point', () => {
    const first = read(fixture('schulhaus.01s')).project;
    const once = write(viaJson(first));
    const second = read(once.bytes);
    expect(second.messages).toEqual([]);
    expect(comparable(second.project)).toEqual(comparable(first));
    const twice = write(viaJson(second.project));
    expect(twice.bytes.equals(once.bytes)).toBe(true);
  });
});
