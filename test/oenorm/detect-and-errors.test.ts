/**
 * Recognition from the content (root and namespace of the three editions; UTF-8 with and without BOM, UTF-16
 * with BOM) and bad input: each a GW_ERR_PARSE (400) naming what was expected.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { detectOenorm } from '../../plugins/oenorm/detect.js';
import { readOenormResult } from '../../plugins/oenorm/reader/index.js';
import { fixture, fixtureText, read } from './support.js';

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 'utf16le')]);
const utf16be = (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 'utf16le').swap16()]);

function parseFailure(bytes: Buffer | string): GatewayError {
  try {
    readOenormResult(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), defaultOptions(), new MessageCollector());
  } catch (e) {
    expect(e).toBeInstanceOf(GatewayError);
    const err = e as GatewayError;
    expect(err.code).toBe('GW_ERR_PARSE');
    expect(err.statusCode).toBe(400);
    return err;
  }
  throw new Error('expected a parse error');
}

describe('ÖNORM detection', () => {
  it('recognises ONLV and ONLB of the three editions, with or without BOM, in UTF-16', () => {
    for (const name of ['angebot-2009-lg.onlv', 'kostenschaetzung-2021-posfrei.onlv', 'vertrag-2015-hg.onlv']) {
      expect(detectOenorm(fixture(name)), name).toBe(true);
    }
    const text = fixtureText('angebot-2009-lg.onlv');
    expect(detectOenorm(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(true);
    expect(detectOenorm(utf16le(text))).toBe(true);
    expect(detectOenorm(utf16be(text))).toBe(true);
    expect(detectOenorm(Buffer.from('<onlb xmlns:on="x" xmlns="http://www.oenorm.at/schema/A2063/2021-03-01"/>'))).toBe(true);
  });

  it('does not claim GAEB, other XML or text', () => {
    expect(detectOenorm(Buffer.from('<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"/>'))).toBe(false);
    expect(detectOenorm(Buffer.from('<onlv/>'))).toBe(false);
    expect(detectOenorm(Buffer.from('hello world'))).toBe(false);
    expect(detectOenorm(Buffer.alloc(0))).toBe(false);
  });

  it('reads UTF-8 with BOM and UTF-16 with BOM like UTF-8', () => {
    const text = fixtureText('angebot-2009-lg.onlv');
    const plain = read(Buffer.from(text));
    for (const bytes of [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), utf16le(text), utf16be(text)]) {
      const other = read(bytes);
      expect(other.positions.map((p) => [p.itemNumber?.stringRepresentation, p.shortText, p.longText, p.unitTag])).toEqual(
        plain.positions.map((p) => [p.itemNumber?.stringRepresentation, p.shortText, p.longText, p.unitTag]),
      );
      expect(other.project.projectInformation?.name).toBe('Schulzubau Pinkafeld');
    }
  });
});

describe('ÖNORM encodings', () => {
  it('reads an ONLV declared UTF-8 but written in Windows-1252 as Windows-1252, with OENORM_ENCODING_ASSUMED', () => {
    const text = fixtureText('angebot-2009-lg.onlv');
    expect(text).toMatch(/encoding="UTF-8"/);
    expect(text).toMatch(/[äöüß]/);
    const plain = read(Buffer.from(text));
    const other = read(iconv.encode(text, 'win1252'));
    expect(other.positions.map((p) => [p.itemNumber?.stringRepresentation, p.shortText, p.longText, p.unitTag])).toEqual(
      plain.positions.map((p) => [p.itemNumber?.stringRepresentation, p.shortText, p.longText, p.unitTag]),
    );
    expect(other.messages.filter((m) => m.code === 'OENORM_ENCODING_ASSUMED' || m.code === 'OENORM_INVALID_UTF8').map((m) => m.code)).toEqual(['OENORM_ENCODING_ASSUMED']);
    expect(plain.messages.map((m) => m.code)).not.toContain('OENORM_ENCODING_ASSUMED');
  });
});

describe('ÖNORM bad input', () => {
  it('refuses other A 2063 documents naming what they are', () => {
    const onre = parseFailure('<?xml version="1.0"?><onre xmlns="http://www.oenorm.at/schema/A2063/2015-07-15"><metadaten/></onre>');
    expect(onre.message).toContain('found an invoice (ONRE, Abrechnung) (root element <onre>)');
    expect(onre.message).toContain('root element onlv');
    expect(parseFailure('<onpr xmlns="http://www.oenorm.at/schema/A2063/2021-03-01"/>').message).toContain('a price list (ONPR)');
  });

  it('refuses a GAEB file sent as oenormFile, pointing to the GAEB routes', () => {
    const err = parseFailure('<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo/></GAEB>');
    expect(err.message).toContain('found a GAEB DA XML document');
    expect(err.message).toContain('gaebFile');
  });

  it('refuses an unknown or missing namespace', () => {
    expect(parseFailure('<onlv xmlns="http://www.oenorm.at/schema/A2063/2030-01-01"/>').message)
      .toContain('found <onlv> with the namespace http://www.oenorm.at/schema/A2063/2030-01-01');
    expect(parseFailure('<onlv/>').message).toContain('found <onlv> with no namespace');
  });

  it('refuses truncated and malformed XML with line and column', () => {
    const text = fixtureText('angebot-2009-lg.onlv');
    const err = parseFailure(text.slice(0, Math.floor(text.length / 2)));
    expect(err.message).toMatch(/^Malformed ÖNORM XML at line \d+, column \d+: /);
    expect(parseFailure('hello world').message).toMatch(/Malformed ÖNORM XML|holds no XML element/);
  });

  it('refuses a DOCTYPE (entity expansion, external entities) before expanding anything', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE onlv [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<onlv xmlns="http://www.oenorm.at/schema/A2063/2009-06-01">&b;</onlv>';
    expect(parseFailure(bomb).message).toContain('document type declaration');
    const xxe = '<?xml version="1.0"?><!DOCTYPE onlv [<!ENTITY x SYSTEM "file:///etc/passwd">]><onlv xmlns="http://www.oenorm.at/schema/A2063/2009-06-01">&x;</onlv>';
    expect(parseFailure(xxe).message).toContain('document type declaration');
  });

  it('refuses an empty file and an ONLV without LV type', () => {
    expect(parseFailure('').message).toBe('The ÖNORM file is empty');
    expect(parseFailure('<onlv xmlns="http://www.oenorm.at/schema/A2063/2009-06-01"><metadaten/></onlv>').message).toContain('holds none of the LV types');
    for (const name of ['constructor', '__proto__', 'toString']) {
      expect(parseFailure(`<onlv xmlns="http://www.oenorm.at/schema/A2063/2009-06-01"><${name}/></onlv>`).message).toContain('holds none of the LV types');
    }
  });

  it('reports a value that is not a number, keeping the rest', () => {
    const lv = read(Buffer.from(fixtureText('angebot-2009-lg.onlv').replace('<lvmenge>12.50</lvmenge>', '<lvmenge>12,5</lvmenge>')));
    const m = lv.messages.find((x) => x.code === 'OENORM_INVALID_NUMBER');
    expect(m).toMatchObject({ itemNumber: '01.01.01.A', severity: 'warning' });
    expect(m!.message).toContain("lvmenge '12,5'");
    expect(lv.position('01.01.01.A').quantity).toBe(0);
  });

  it('takes decimals as ÖNORM writes them (sign, digits, a point and digits) and nothing else', () => {
    const quantity = (text: string) => {
      const lv = read(Buffer.from(fixtureText('angebot-2009-lg.onlv').replace('<lvmenge>12.50</lvmenge>', `<lvmenge>${text}</lvmenge>`)));
      const reported = lv.messages.some((x) => x.code === 'OENORM_INVALID_NUMBER');
      return reported ? 'reported' : lv.position('01.01.01.A').quantity;
    };
    expect([quantity('12.5'), quantity('+12.50'), quantity('-3'), quantity('007.250'), quantity('0')]).toEqual([12.5, 12.5, -3, 7.25, 0]);
    for (const bad of ['12.', '.5', '+', '-', '1e3', '0x10', '12.5.1', '1 000', '+-1', '١٢', 'Infinity', '12.5a']) {
      expect(quantity(bad), bad).toBe('reported');
    }
  });
});
