/**
 * Whole-project round trips of our own fixtures (test/fixtures/gaeb-writer: a rich 83 project with groups,
 * notes, alternatives, complements, odd HTML and prices, and a flat one) through every `DestinationGaebType`:
 * the project read back is a fixed point — writing and reading it again gives the same project, every property,
 * ids and the file-stated `gaebTotal` aside. (The fixtures hold on purpose what no GAEB file can: 3-decimal
 * totals, fonts and colours, award info a phase leaves out; those losses are the writer tests' subject. The
 * same-generation "same project" trips run on the real files in test/corpus/gaeb-round-trip.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { ProjectDto } from '../../core/model/types.js';
import { DESTINATIONS, readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { projectDiff } from '../support/project-diff.js';

const fixture = (name: string): ProjectDto =>
  prepareProject(JSON.parse(readFileSync(new URL(`../fixtures/gaeb-writer/${name}`, import.meta.url), 'utf8')), {});

describe.each(['rich.json', 'flat.json'])('%s', (name) => {
  it.each(DESTINATIONS)('→ %s → read is a fixed point', (destination) => {
    const once = readGaeb(writeGaeb(fixture(name), destination).bytes);
    const twice = readGaeb(writeGaeb(once, destination).bytes);
    expect(projectDiff(once, twice, { ignore: (_path, key) => key === 'gaebTotal' })).toEqual([]);
  });
});
