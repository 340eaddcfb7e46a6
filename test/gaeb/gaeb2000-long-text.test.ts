/**
 * GAEB 2000 long texts keep their exact whitespace through write → read (plugins/gaeb/gaeb2000/long-text.ts): a
 * leading tab, doubled blanks, blank lines between paragraphs and trailing blanks, both in the literal-whitespace
 * HTML the DA XML, GAEB 90 and RTF readers give and in the entity form `plainTextToHtml` gives a plain `longText`.
 * Each text comes back with the same `htmlLongText` and `longText`, and a second trip changes nothing.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto, ProjectDto } from '../../core/model/types.js';
import { longTextRuns, runsKey } from '../../plugins/gaeb/gaeb2000/long-text-runs.js';
import { parseLongText } from '../../core/text/long-text.js';
import { writeLongText } from '../../plugins/gaeb/gaeb2000/long-text.js';
import { rtfToHtml } from '../../plugins/gaeb/gaeb2000/rtf.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { positionsOf } from '../support/model.js';

/** The GAEB 2000 writer's paragraphs and runs of an HTML long text. */
const htmlToRuns = (html: string) => longTextRuns(parseLongText(html));

/** A prepared one-item project whose position has `text` (an `htmlLongText`, or a `longText` when `plain`). */
function project(text: string, plain = false): ProjectDto {
  return prepareProject({
    projectInformation: { itemNumberSchema: { tiers: [{ length: 4, tierType: 'Position' }] } },
    serviceSpecifications: [{
      elements: [{
        elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '0010' }, shortText: 'Pos',
        quantityOverride: 1, unitTag: 'St', ...(plain ? { longText: text } : { htmlLongText: text }),
      }],
    }],
  }, {});
}

const item = (p: ProjectDto): PositionDto => positionsOf(p)[0];

/** Writes as GAEB 2000 and reads back; returns the position before, after one trip and after two, and the file. */
function trip(source: ProjectDto) {
  const bytes = writeGaeb(source, 'Gaeb2000').bytes;
  const once = readGaeb(bytes);
  const twice = readGaeb(writeGaeb(once, 'Gaeb2000').bytes);
  return { before: item(source), once: item(once), twice: item(twice), file: iconv.decode(bytes, 'win1252') };
}

function expectSameText(source: ProjectDto): string {
  const { before, once, twice, file } = trip(source);
  expect([once.htmlLongText, once.longText]).toEqual([before.htmlLongText, before.longText]);
  expect([twice.htmlLongText, twice.longText]).toEqual([once.htmlLongText, once.longText]);
  return file;
}

describe('GAEB 2000 long text whitespace (write → read)', () => {
  it('keeps a leading tab and tab-aligned columns', () => {
    const file = expectSameText(project('<p><span>\tBAUVORHABEN:\tWohnheim</span></p><p><span>Ort:\tDach</span></p>'));
    expect(file).toContain('\\tab BAUVORHABEN:\\tab Wohnheim');
    // From a plain longText the tab is text the plain text keeps (`&#9;`): it comes back as such.
    const plain = project('\tEinrückung\n\t\tzweite Ebene', true);
    expect(item(plain).htmlLongText).toContain('&#9;Einrückung');
    expectSameText(plain);
  });

  it('keeps doubled blanks and leading blanks', () => {
    expectSameText(project('<p><span>Leitfabrikat:  Dörken</span></p><p><span>   eingerückt</span></p>'));
    expectSameText(project('Maße:  8 cm\n   eingerückt  um drei', true));
  });

  it('keeps a blank line between paragraphs, of blanks or of two line breaks', () => {
    expectSameText(project('<p><span>Erster Absatz</span></p><p><span> </span></p><p><span>Zweiter Absatz</span></p>'));
    expectSameText(project('<p><span>Erster Absatz</span><br /><br /><span>Zweiter Absatz</span></p>'));
  });

  it('keeps trailing blanks of paragraphs, also on the first line of the value', () => {
    const file = expectSameText(project('<p><span>An- und Abtransport, Einrichten, </span></p><p><span>Vorhaltung\t</span></p>'));
    // The tokenizer trims the first line of a value: an empty group closes a line that ends in a blank.
    expect(file).toContain('Einrichten, {}\r\n\\par Vorhaltung');
  });

  it('still writes plain value lines when they read back the same', () => {
    const file = expectSameText(project('Boden lösen,\nKlasse 3-5  (Fels)\n\nAbrechnung\tnach Aufmaß.', true));
    expect(file).toContain('[Langtext]Boden lösen,\r\nKlasse 3-5  (Fels)\r\n\r\nAbrechnung\tnach Aufmaß.[end]');
  });
});

describe('GAEB 2000 whitespace in RTF', () => {
  it('reads literal blanks and \\tab as literal whitespace, \\~ \\\'09 \\\'20 as whitespace the plain text keeps', () => {
    expect(rtfToHtml("{\\rtf1 a  b\\tab c\\par \\~x\\'09y\\'20\\'20z\\par}")).toEqual({
      html: '<p><span>a  b\tc</span></p><p><span>&nbsp;x&#9;y&#32;&#32;z</span></p>',
      plain: 'a b c\n x\ty  z',
    });
  });

  it('writes entity whitespace back as those forms (writeLongText)', () => {
    expect(writeLongText(parseLongText('<p><span>&nbsp;&nbsp;a&#9;b</span></p>'))).toMatch(/\\~\\~a\\'09b\r\n\\par \}$/);
  });

  it('tells literal from entity whitespace in the runs key', () => {
    const key = (html: string) => runsKey(htmlToRuns(html).paragraphs);
    expect(key('<p>a&#9;b</p>')).not.toBe(key('<p>a\tb</p>'));
    expect(key('<p>a</p>')).toBe(key('<p></p><p><span>a</span></p><p> </p>'));
  });
});
