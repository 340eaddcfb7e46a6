/**
 * One long text through every GAEB writer and back (issue: one text foundation): entities, emphasis, a table and
 * a text complement come back the same from GAEB 90, GAEB 2000 and every DA XML version. Every character a
 * target's code page holds comes back as itself; one it cannot hold is replaced and reported, never written as an
 * entity name.
 */
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto, ProjectDto } from '../../core/model/types.js';
import { readGaeb, writeGaeb, DESTINATIONS } from '../support/gaeb-round-trip.js';
import { positionsOf } from '../support/model.js';

const ENTITIES = '<p>Beton &Ograve; 12&times;3 m&sup2; 20&deg;C &auml;</p>';
const RICH = ENTITIES +
  '<p><b>fett</b> <i>kursiv</i> <u>unterstrichen</u></p>' +
  '<table><tr><td>Pos</td><td>Menge</td></tr><tr><td>Beton</td><td>12,5</td></tr></table>' +
  '<p>Fabrikat: <span class="TextComplement" data-kind="Bidder" data-marklbl="1"><span class="ComplBody">Typ A</span></span></p>';

function project(html: string): ProjectDto {
  return prepareProject({
    serviceSpecifications: [{
      name: 'LV',
      elements: [{
        elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01' }, shortText: 'Titel',
        elements: [{ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.0010' }, shortText: 'Pos', quantity: 1, unitTag: 'St', htmlLongText: html }],
      }],
    }],
  });
}

/** The long text of the one position after writing `html` as `destination` and reading the file back. */
function roundTrip(html: string, destination: string): { back: PositionDto; codes: string[] } {
  const { bytes, messages } = writeGaeb(project(html), destination);
  return { back: positionsOf(readGaeb(bytes))[0], codes: messages.map((m) => m.code) };
}

describe('one long text through every GAEB writer', () => {
  it.each(DESTINATIONS)('%s gives the characters back, not entity names', (destination) => {
    const { back } = roundTrip(ENTITIES, destination);
    expect(back.longText).toBe('Beton Ò 12×3 m² 20°C ä');
    expect(back.htmlLongText).not.toMatch(/&(Ograve|times|sup2|deg|auml);/);
  });

  it.each(DESTINATIONS)('%s keeps words, lines, table rows and the complement of a rich text', (destination) => {
    const { back } = roundTrip(RICH, destination);
    const lines = (back.longText ?? '').split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l !== '');
    // GAEB 90 (record 26) and DA XML 3.1 (tgBoQText) hold a complement only as a line of its own
    const ownLine = destination === 'Gaeb90' || destination === 'GaebXml_V3_1';
    expect(lines).toEqual(['Beton Ò 12×3 m² 20°C ä', 'fett kursiv unterstrichen', 'Pos Menge', 'Beton 12,5', ...(ownLine ? ['Fabrikat:', 'Typ A'] : ['Fabrikat: Typ A'])]);
  });

  // a table cell of two paragraphs (BVBS Prüfdatei X86: "Refiner / Produktion / Endfertigung" + "Schnitte")
  it.each(DESTINATIONS)('%s keeps the paragraphs of a table cell apart', (destination) => {
    const { back } = roundTrip('<table><tr><td><p>Endfertigung</p><span>Schnitte</span></td><td>9.9.98</td></tr></table>', destination);
    expect((back.longText ?? '').replace(/\s+/g, ' ').trim()).toBe('Endfertigung Schnitte 9.9.98');
  });

  // GAEB 90 text records have no emphasis: only GAEB 2000 (RTF) and DA XML carry it
  it('Gaeb2000 keeps bold, italic and underline', () => {
    const { back } = roundTrip(RICH, 'Gaeb2000');
    expect(back.htmlLongText).toMatch(/font-weight:\s*bold[^>]*>fett/);
    expect(back.htmlLongText).toMatch(/font-style:\s*italic[^>]*>kursiv/);
    expect(back.htmlLongText).toMatch(/underline[^>]*>unterstrichen/);
  });

  it.each(DESTINATIONS.filter((d) => d.startsWith('GaebXml')))('%s keeps emphasis and the table as markup', (destination) => {
    const { back } = roundTrip(RICH, destination);
    expect(back.htmlLongText).toMatch(/font-weight:bold[^>]*>fett/);
    expect(back.htmlLongText).toMatch(/<table[^>]*><tr[^>]*><td[^>]*>(<p[^>]*>)?<span[^>]*>Pos/);
    expect(back.htmlLongText).toContain('class="TextComplement"');
  });

  it.each([['Gaeb90', 'GAEB90_CHARACTER_REPLACED'], ['Gaeb2000', 'GAEB2000_CHARACTER_REPLACED']])(
    '%s replaces and reports a character its code page cannot hold (&hearts;)', (destination, code) => {
      const { back, codes } = roundTrip('<p>a&hearts;b &Ograve;</p>', destination);
      expect(back.longText).not.toContain('&hearts;');
      expect(back.longText).not.toContain('♥');
      expect(back.longText).toMatch(/^a.b Ò$/);
      expect(codes).toContain(code);
    },
  );

  it('DA XML keeps a character outside Latin-1 as itself (UTF-8)', () => {
    expect(roundTrip('<p>a&hearts;b &radic;</p>', 'GaebXml_V3_3').back.longText).toBe('a♥b √');
  });
});
