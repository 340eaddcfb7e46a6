/**
 * What the reader makes of input a real file may hold but the fixtures did not: numbers read twice (the keys of
 * onlv.xsd), a number beyond a double's range, an empty number, a second LV type, a word break between two character
 * formats of a pretty-printed text, and an unknown element in a group list.
 */
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { htmlToPlainText } from '../../core/text/plain-text.js';
import { readOenormResult } from '../../plugins/oenorm/reader/index.js';
import { fixtureText, read } from './support.js';

const angebot = fixtureText('angebot-2009-lg.onlv');

/** The fixture with `from` replaced by `to` (each exactly once). */
function changed(...pairs: [string, string][]): Buffer {
  let text = angebot;
  for (const [from, to] of pairs) {
    expect(text.split(from), from).toHaveLength(2);
    text = text.replace(from, to);
  }
  return Buffer.from(text);
}

const codes = (lv: ReturnType<typeof read>) => lv.messages.map((m) => m.code);

describe('numbers ÖNORM allows once per level', () => {
  it('reports a Folgeposition, an ungeteilte Position and a ULG read again, keeping every element', () => {
    const ulg = angebot.slice(angebot.indexOf('            <ulg nr="01">'), angebot.indexOf('          </ulg-liste>'));
    const lv = read(changed(
      // folgeposition B of Grundtext 02 once more, as C
      ['<folgeposition ftnr="C" mfv="">', '<folgeposition ftnr="B" mfv="">'],
      // Grundtext 03 (an ungeteilte Position) once more, after 04
      ['</grundtextnr>\n              </positionen>', '</grundtextnr>\n<grundtextnr nr="03"><ungeteilteposition mfv=""><pos-eigenschaften><stichwort>Zweite 03</stichwort><einheit>m</einheit><pzzv><normalposition/></pzzv><leistungsteil>1</leistungsteil><lvmenge>1.00</lvmenge><preis><gesamt>1.00</gesamt></preis><pospreis>1.00</pospreis></pos-eigenschaften></ungeteilteposition></grundtextnr>\n              </positionen>'],
      // ULG 01 twice
      ['          </ulg-liste>', `${ulg}          </ulg-liste>`],
    ));
    const found = lv.messages.filter((m) => m.code === 'OENORM_DUPLICATE_NUMBER');
    expect(found).toHaveLength(1);
    expect(found[0].severity).toBe('warning');
    // the positions of the second ULG 01 are those of a group of their own: the group's number is named
    expect(found[0].message).toContain('read again (01.01.02.B, 01.01.03, ULG 01.01.): each element was read as its own');
    expect(lv.positions.filter((p) => p.itemNumber?.stringRepresentation === '01.01.02.B')).toHaveLength(3);
    expect(lv.positions.find((p) => p.shortText === 'Zweite 03')?.itemNumber?.stringRepresentation).toBe('01.01.03');
  });

  it('reports a position number of an LV without outline read again', () => {
    const lv = read(Buffer.from(fixtureText('kostenschaetzung-2021-posfrei.onlv').replace('<position nr="2.1">', '<position nr="1">')));
    expect(lv.messages.find((m) => m.code === 'OENORM_DUPLICATE_NUMBER')?.message).toContain('read again (1):');
  });

  it('says nothing of numbers out of order that are unique', () => {
    // Grundtext 04 before 01 (numbers out of order), LG 01 before a second LG 00
    const gt04 = angebot.slice(angebot.indexOf('                <grundtextnr nr="04">'), angebot.indexOf('              </positionen>'));
    const lg = angebot.slice(angebot.indexOf('        <lg nr="01">'), angebot.indexOf('      </lg-liste>'));
    const lv = read(changed(
      [gt04, ''],
      ['              <positionen>\n', `              <positionen>\n${gt04}`],
      ['      </lg-liste>', `${lg.replace('<lg nr="01">', '<lg nr="00">')}      </lg-liste>`],
    ));
    expect(lv.notes.some((n) => n.oenormNoteTextProperties?.itemNumber === '01.01.04')).toBe(true);
    expect(lv.groups.map((g) => g.itemNumber?.stringRepresentation)).toEqual(['01.', '01.01.', '00.', '00.01.']);
    expect(codes(lv)).not.toContain('OENORM_DUPLICATE_NUMBER');
  });
});

describe('values the reader cannot take', () => {
  it('reports a quantity too large for a double instead of reading it as nothing', () => {
    const lv = read(changed(['<lvmenge>12.50</lvmenge>', `<lvmenge>${'9'.repeat(400)}</lvmenge>`]));
    const m = lv.messages.find((x) => x.code === 'OENORM_INVALID_NUMBER');
    expect(m).toMatchObject({ itemNumber: '01.01.01.A', severity: 'warning' });
    expect(m!.message).toContain(`lvmenge '${'9'.repeat(40)}…' (400 characters) is too large to be read as a number`);
    expect(lv.position('01.01.01.A').quantity).toBe(0);
  });

  it('reports an empty quantity instead of reading it as 0 without a word', () => {
    const lv = read(changed(['<lvmenge>12.50</lvmenge>', '<lvmenge/>']));
    expect(lv.messages.find((x) => x.code === 'OENORM_INVALID_NUMBER')).toMatchObject({
      itemNumber: '01.01.01.A', severity: 'warning', message: 'lvmenge is empty and was ignored.',
    });
    expect(lv.position('01.01.01.A').quantity).toBe(0);
  });

  it('refuses a file with two LV types (onlv.xsd: one), naming both', () => {
    const bytes = changed(['</angebots-lv>', '</angebots-lv>\n  <ausschreibungs-lv/>']);
    let error: unknown;
    try {
      readOenormResult(bytes, defaultOptions(), new MessageCollector());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'GW_ERR_PARSE', statusCode: 400 });
    expect((error as GatewayError).message).toContain('more than one LV type (angebots-lv, then ausschreibungs-lv)');
  });

  it('says what was expected when a file is not XML before its root (a fixed-column ÖNORM B 2063 text, say)', () => {
    let error: unknown;
    try {
      readOenormResult(Buffer.from('LV   Schulzubau Pinkafeld\r\n01  Erdarbeiten\r\n'), defaultOptions(), new MessageCollector());
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'GW_ERR_PARSE', statusCode: 400 });
    expect((error as GatewayError).message).toMatch(/^Malformed ÖNORM XML at line \d+, column \d+: text data outside of root node\. No root element was read before it: expected an ÖNORM A 2063 LV \(\.onlv, root element onlv\)/);
  });

  it('names an element a group list does not hold', () => {
    const lv = read(changed(['<ulg-liste>', '<ulg-liste><ulg-neu nr="09"><ueberschrift>?</ueberschrift></ulg-neu>']));
    expect(lv.messages.find((m) => m.code === 'OENORM_ELEMENT_DROPPED')?.message).toContain('<ulg-neu>');
  });
});

describe('white space of a pretty-printed long text', () => {
  const text = (langtext: string) =>
    read(changed(['<p>Ausführung Beton.</p>', langtext])).position('01.01.02.A');

  it('keeps the word break between two character formats or a format and a gap on lines of their own', () => {
    const p = text('<p>\n  <b>Achtung</b>\n  <i>Frist</i>\n  <u>beachten</u>\n  <bl></bl>\n  Ende\n</p>');
    expect(p.longText).toBe('Schacht herstellen.\nAchtung Frist beachten Ende');
    expect(p.htmlLongText).toContain('<p><b>Achtung</b> <i>Frist</i> <u>beachten</u> <span class="TextComplement"');
    expect(p.htmlLongText).toContain('</span></span>\n  Ende\n</p>');
    // the plain text derived in the same pass is the one of the HTML
    expect(p.longText).toBe(htmlToPlainText(p.htmlLongText!));
  });

  it('drops it at the edges of a paragraph and around line breaks and blocks', () => {
    const p = text('<p>\n  <b>Achtung</b>\n</p>\n<p><i>Frist</i>\n  <br/>\n  <b>x</b>\n</p>\n<ul>\n  <li><b>a</b>\n  </li>\n</ul>');
    expect(p.htmlLongText).toBe('<p>Schacht herstellen.</p><p><b>Achtung</b></p><p><i>Frist</i><br><b>x</b></p><ul><li><b>a</b></li></ul>');
  });
});

describe('many numbers read again', () => {
  it('names the first ten and counts the rest in one message', () => {
    const twice = Array.from({ length: 12 }, (_, i) => `<position nr="${i}"><pos-eigenschaften><stichwort>x</stichwort></pos-eigenschaften></position>`).join('');
    const lv = read(Buffer.from(fixtureText('kostenschaetzung-2021-posfrei.onlv').replace('<position nr="2.1">', `${twice}${twice}<position nr="2.1">`)));
    const found = lv.messages.filter((m) => m.code === 'OENORM_DUPLICATE_NUMBER');
    expect(found).toHaveLength(1);
    // "1" is the fixture's own first position: 13 numbers in all
    expect(found[0].message).toContain('read again (1, 0, 1, 2, 3, 4, 5, 6, 7, 8 and 3 more)');
  });
});
