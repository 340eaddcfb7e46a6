/**
 * The type of a price component (`LblUPComp/@Type`: Wages, Materials, Plant, Miscellaneous, Unknown; GAEB DA XML
 * 3.2/3.3 Lib tgLblUPComp) has no place in a GAEB DA XML 3.1 document (its `LblUPComp1..6` are plain strings): the
 * 3.1 writer says it left the types out (GAEB_XML_ELEMENT_DROPPED, info), the 3.2/3.3 writers keep them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';

const x86 = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb', 'award-v33-lots.x86'));
const typeMessages = (destination: string) =>
  writeGaeb(readGaeb(x86), destination).messages.filter((m) => m.code === 'GAEB_XML_ELEMENT_DROPPED' && /LblUPComp\/@Type/.test(m.message));

describe('price component types by GAEB DA XML version', () => {
  it('3.1 reports the types it cannot write', () => {
    const found = typeMessages('GaebXml_V3_1');
    expect(found).toHaveLength(1);
    expect(found[0].severity).toBe('info');
    expect(found[0].message).toMatch(/'Lohn', 'Stoffe'/);
  });

  it('3.3 writes them, with no message', () => {
    expect(typeMessages('GaebXml_V3_3')).toEqual([]);
    expect(readGaeb(writeGaeb(readGaeb(x86), 'GaebXml_V3_3').bytes).projectInformation?.priceComponentTypes).toEqual({ Lohn: 'Wages', Stoffe: 'Materials' });
  });
});
