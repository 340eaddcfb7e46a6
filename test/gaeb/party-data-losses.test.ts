/**
 * Party data the legacy generations have no place for is reported, never dropped silently: GAEB 90 holds the
 * client's name in one line (record 03) and no address or bidder (GAEB90_PARTY_DATA_DROPPED); the GAEB 2000
 * writer knows no block for the bidder, the contractor of a bid or award (GAEB2000_ELEMENT_DROPPED).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';

const x86 = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb', 'lump-sum-discounts-v33.x86'));

describe('party data in GAEB 90 and GAEB 2000', () => {
  const project = readGaeb(x86);
  project.projectInformation!.buyer = { name: 'Stadt Musterhausen\nBauamt', street: 'Markt 1', zipCode: '12345', city: 'Musterhausen' };

  it('GAEB 90 names the client lines and fields and the bidder it could not write', () => {
    expect(project.serviceSpecifications![0].bidder?.name).toBe('Bau GmbH');
    const found = writeGaeb(project, 'Gaeb90').messages.filter((m) => m.code === 'GAEB90_PARTY_DATA_DROPPED');
    expect(found).toHaveLength(1);
    expect(found[0].severity).toBe('warning');
    expect(found[0].message).toMatch(/client name line 'Bauamt'; client street, zipCode, city; bidder 'Bau GmbH'/);
  });

  it('GAEB 2000 reports the bidder, and keeps the client', () => {
    const { bytes, messages } = writeGaeb(project, 'Gaeb2000');
    expect(messages.filter((m) => m.code === 'GAEB2000_ELEMENT_DROPPED' && /bidder.*Bau GmbH/.test(m.message))).toHaveLength(1);
    expect(readGaeb(bytes).projectInformation?.buyer).toMatchObject({ name: 'Stadt Musterhausen\nBauamt', street: 'Markt 1', city: 'Musterhausen' });
  });

  it('says nothing when the project has no more than GAEB 90 holds', () => {
    const plain = structuredClone(project);
    plain.projectInformation!.buyer = { name: 'Stadt Musterhausen' };
    delete plain.serviceSpecifications![0].bidder;
    expect(writeGaeb(plain, 'Gaeb90').messages.map((m) => m.code)).not.toContain('GAEB90_PARTY_DATA_DROPPED');
  });
});
