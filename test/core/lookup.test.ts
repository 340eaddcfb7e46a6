/**
 * Tables looked up with keys from files and requests answer nothing for the names of `Object.prototype`
 * (`constructor`, `toString`, `__proto__`): before, such a key handed a function or an object to the code.
 */
import { describe, expect, it } from 'vitest';
import { lookupTable } from '../../core/lookup.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaebXmlResult } from '../../plugins/gaeb/xml/reader/index.js';
import { checkRoot } from '../../plugins/oenorm/detect.js';
import { oenormUnit } from '../../plugins/oenorm/writer/units.js';
import { exchangePhaseForTrade } from '../../plugins/gaeb/xml/trade/phase.js';

const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('lookup tables', () => {
  it('answer their own keys only, and cannot be changed', () => {
    const table = lookupTable({ a: 1, constructor: 2 });
    expect(table.a).toBe(1);
    expect(table.constructor).toBe(2);
    for (const name of PROTOTYPE_NAMES.filter((n) => n !== 'constructor')) expect(table[name]).toBeUndefined();
    expect(Object.keys(table)).toEqual(['a', 'constructor']);
    expect(() => ((table as Record<string, number>).b = 3)).toThrow(TypeError);
  });

  it('GAEB DA XML: a DP named like a prototype property is an unknown phase, not a function', () => {
    for (const dp of PROTOTYPE_NAMES) {
      const bytes = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo>' +
        `<Award><DP>${dp}</DP><BoQ ID="B"><BoQInfo><Name>T</Name></BoQInfo><BoQBody><Itemlist><Item ID="I" RNoPart="1"><Qty>1</Qty><QU>St</QU></Item></Itemlist></BoQBody></BoQ></Award></GAEB>`);
      const spec = readGaebXmlResult(bytes, defaultOptions(), new MessageCollector()).project.serviceSpecifications![0];
      expect(typeof (spec.exchangePhase ?? 'unset'), dp).toBe('string');
      expect(exchangePhaseForTrade(dp)).toBeUndefined();
    }
  });

  it('ÖNORM: a root or a unit named like a prototype property is refused or unknown', () => {
    for (const name of PROTOTYPE_NAMES) {
      const root = checkRoot(name, { xmlns: 'http://www.oenorm.at/schema/A2063/2015-07-15' });
      expect(root).toEqual({ refused: expect.stringContaining(`found the root element <${name}>`) });
      expect(oenormUnit(name)).toEqual({ unit: 'VE', kind: 'unknown' });
    }
  });
});
