/** NPK nesting by digits (reader and writer share it) and the writer's choice between kept and fresh numbers. */
import { describe, expect, it } from 'vitest';
import { npkParents } from '../../plugins/sia/hierarchy.js';
import { fixture, read, siaRecords, viaJson, write } from './support.js';

describe('NPK hierarchy', () => {
  it('nests numbers under the headings whose digits before the trailing zeros they start with', () => {
    const entries = [
      ['000100', true], ['090000', true], ['091000', true], ['091100', true], ['991111', false], ['990000', true],
      ['991000', true], ['991100', true], ['991110', true], ['991111', false], ['991121', false], ['992000', true], ['992111', false],
      ['111100', false],
    ].map(([number, heading]) => ({ number: number as string, heading: heading as boolean }));
    expect(npkParents(entries)).toEqual([-1, -1, 1, 2, -1, -1, 5, 6, 7, 8, 7, 5, 11, -1]);
  });

  it('renumbers a chapter whose numbers no longer read back as its tree, and says so', () => {
    const project = viaJson(read(fixture('schulhaus.01s')).project);
    const chapter = project.serviceSpecifications![0].elements![0] as { elements: { itemNumber?: { stringRepresentation?: string } }[] };
    // move position 211.200001 into the first heading's group: its number no longer fits that place
    const position = chapter.elements.pop()!;
    (chapter.elements[0] as { elements: unknown[] }).elements.push(position);
    const { bytes, messages } = write(project);
    expect(messages.filter((m) => m.code === 'SIA_ITEM_NUMBER_CHANGED').map((m) => m.message)).toEqual([
      "The item number '211.000100.' does not map onto an NPK chapter and position number; it was written as '211.010000.'.",
      "The item number '211.200001' does not map onto an NPK chapter and position number; it was written as '211.010001'.",
      "The item number '211.100000.' does not map onto an NPK chapter and position number; it was written as '211.020000.'.",
      "The item number '211.110000.' does not map onto an NPK chapter and position number; it was written as '211.020100.'.",
      "The item number '211.111100' does not map onto an NPK chapter and position number; it was written as '211.020101'.",
      "The item number '211.112101' does not map onto an NPK chapter and position number; it was written as '211.020102'.",
    ]);
    // chapter 241 keeps its numbers
    expect(siaRecords(bytes).filter((r) => r.startsWith('G241   ')).map((r) => r.slice(7, 13))).toEqual(['311101', '311101', '311101', '311101']);
    const back = read(bytes);
    expect(back.position('211.010001').shortText).toBe('Regiearbeiten Bagger');
    expect(back.position('211.020101').quantity).toBe(570.5);
  });
});
