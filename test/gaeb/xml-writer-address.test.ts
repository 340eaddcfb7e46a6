/**
 * Party names in GAEB DA XML: tgAddress has four name fields of 40 characters (`Name1`–`Name4`, GAEB DA XML 3.3
 * Lib tgAddress, tgNormalizedString40). A name line longer than a field — the 72 characters of GAEB 90 record 03, a
 * GAEB 2000 `[Name1]` — is wrapped at blanks into the fields the other lines leave free, not cut at 40 characters;
 * only what four fields cannot hold is shortened, with GAEB_XML_VALUE_SHORTENED.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';

const d83 = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb90', 'schulhof.d83'));
const LONG = 'Landesbetrieb für Hochwasserschutz und Wasserwirtschaft Sachsen-Anhalt'; // 71 characters

function withBuyer(name: string) {
  const project = readGaeb(d83);
  project.projectInformation!.buyer = { ...project.projectInformation!.buyer, name, street: 'Weg 1', zipCode: '06132', city: 'Halle' };
  return project;
}

const names = (xml: string) => [...xml.matchAll(/<(Name\d)>([^<]*)<\/Name\d>/g)].map((m) => `${m[1]}=${m[2]}`);

describe('GAEB DA XML writer: party names', () => {
  it('wraps a long name line over Name1 and Name2 instead of cutting it, and it reads back whole', () => {
    const { bytes, messages } = writeGaeb(withBuyer(LONG), 'GaebXml_V3_3', { TargetExchangePhaseTransform: 'Grant' });
    const xml = bytes.toString('utf8');
    expect(names(xml)).toEqual(['Name1=Landesbetrieb für Hochwasserschutz und', 'Name2=Wasserwirtschaft Sachsen-Anhalt']);
    expect(messages.filter((m) => m.code === 'GAEB_XML_VALUE_SHORTENED' && /Name/.test(m.message))).toEqual([]);
    expect(readGaeb(bytes).projectInformation?.buyer?.name?.replace(/\n/g, ' ')).toBe(LONG);
    if (hasGaebSchema('3.3', '86')) expect(validateGaebXml(bytes, '3.3', '86').errors).toEqual([]);
  });

  it('keeps the lines a name has, wrapping only into free fields; what four fields cannot hold is shortened with a message', () => {
    const two = writeGaeb(withBuyer(`${LONG}\nVergabestelle Süd`), 'GaebXml_V3_3', { TargetExchangePhaseTransform: 'Grant' });
    expect(names(two.bytes.toString('utf8'))).toEqual(['Name1=Landesbetrieb für Hochwasserschutz und', 'Name2=Wasserwirtschaft Sachsen-Anhalt', 'Name3=Vergabestelle Süd']);
    const full = writeGaeb(withBuyer(`${LONG}\nA\nB\nC`), 'GaebXml_V3_3', { TargetExchangePhaseTransform: 'Grant' });
    expect(names(full.bytes.toString('utf8'))).toEqual(['Name1=Landesbetrieb für Hochwasserschutz und W', 'Name2=A', 'Name3=B', 'Name4=C']);
    expect(full.messages.map((m) => m.code)).toContain('GAEB_XML_VALUE_SHORTENED');
  });
});
