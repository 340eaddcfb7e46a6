/**
 * GAEB 2000 `AG/Adresse` holds four name lines (`[Name1]`–`[Name4]`): a party name of more lines keeps its fifth and
 * later lines joined into `[Name4]`, as the DA XML writer does with tgAddress, instead of losing them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';

const d83 = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb90', 'schulhof.d83'));

describe('GAEB 2000 writer: name lines of a party', () => {
  it('joins a fifth and later line into Name4', () => {
    const project = readGaeb(d83);
    project.projectInformation!.buyer = { name: 'Stadt Musterhausen\nBauamt\nAbteilung Tiefbau\nSachgebiet 3\nZimmer 12', city: 'Musterhausen' };
    const { bytes } = writeGaeb(project, 'Gaeb2000');
    expect(bytes.toString('latin1')).toContain('[Name4]Sachgebiet 3 Zimmer 12[end]');
    expect(readGaeb(bytes).projectInformation?.buyer?.name).toBe('Stadt Musterhausen\nBauamt\nAbteilung Tiefbau\nSachgebiet 3 Zimmer 12');
  });
});
