/**
 * The Leistungsteile of an ONLV (`leistungsteiltabelle`: the price conversion of each part — fixed prices, an index
 * or a basket of goods, for the whole price or per price share), on the 2009 Angebots-LV fixture
 * (test/fixtures/oenorm/angebot-2009-lg.onlv, whose positions are in part 1) with the table replaced here: kept on
 * reading, written back as read (valid against the 2009 XSD where the corpus holds it).
 */
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { fixtureText, read } from './support.js';
import { hasOenormXsd, validateOnlv, write } from './writer-support.js';

const FIXTURE_TABLE = '<leistungsteiltabelle>\n    <leistungsteil nr="1"><bezeichnung>Ganzes LV</bezeichnung></leistungsteil>\n  </leistungsteiltabelle>';
const TABLE = '<leistungsteiltabelle>' +
  '<leistungsteil nr="1"><definition-preisanteil1><index><bezeichnung>Baukostenindex Hochbau</bezeichnung><kategorie>Baumeisterarbeiten</kategorie></index></definition-preisanteil1>' +
  '<definition-preisanteil2><warenkorb><bezeichnung>Warenkorb Ziegel</bezeichnung></warenkorb></definition-preisanteil2></leistungsteil>' +
  '<leistungsteil nr="2"><definition><festpreise/></definition></leistungsteil>' +
  '</leistungsteiltabelle>';

function withTable(table: string): Buffer {
  const t = fixtureText('angebot-2009-lg.onlv');
  expect(t.split(FIXTURE_TABLE)).toHaveLength(2);
  return Buffer.from(t.replace(FIXTURE_TABLE, table));
}

const kept = (project: ProjectDto) => (project.serviceSpecifications![0].oenormProperties as Record<string, unknown>).leistungsteile;

describe('ÖNORM Leistungsteile', () => {
  it('keeps the table as read: each part\'s definitions with their kind, index and basket names', () => {
    const lv = read(withTable(TABLE));
    expect(kept(lv.project)).toEqual([
      { nr: '1', definitions: [
        { element: 'definition-preisanteil1', kind: 'index', bezeichnung: 'Baukostenindex Hochbau', kategorie: 'Baumeisterarbeiten' },
        { element: 'definition-preisanteil2', kind: 'warenkorb', bezeichnung: 'Warenkorb Ziegel' },
      ] },
      { nr: '2', definitions: [{ element: 'definition', kind: 'festpreise' }] },
    ]);
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
  });

  it('writes it back as read in every edition (valid), and reads it back the same', () => {
    const lv = read(withTable(TABLE));
    for (const edition of ['Lv2009', 'Lv2015', 'Lv2021']) {
      const written = write(lv.project, { DestinationOenormType: edition });
      expect(written.text, edition).toContain(TABLE);
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      expect(written.messages.filter((m) => m.severity !== 'info'), edition).toEqual([]);
      expect(kept(read(written.xml).project), edition).toEqual(kept(lv.project));
    }
  });

  it('writes fixed prices for parts of another source, and reports what it cannot write as read', () => {
    const lv = read(withTable(TABLE));
    const other: ProjectDto = structuredClone(lv.project);
    delete (other.serviceSpecifications![0].oenormProperties as Record<string, unknown>).leistungsteile;
    expect(write(other, { DestinationOenormType: 'Lv2009' }).text).toContain('<leistungsteiltabelle><leistungsteil nr="1"><definition><festpreise/></definition></leistungsteil></leistungsteiltabelle>');
    // an index without its name, and a part's name (2015): the part is written with fixed prices, both reported
    const broken = read(withTable(TABLE.replace('<bezeichnung>Baukostenindex Hochbau</bezeichnung>', '').replace('<leistungsteil nr="2">', '<leistungsteil nr="2"><bezeichnung>Regie</bezeichnung>')));
    const written = write(broken.project, { DestinationOenormType: 'Lv2009' });
    expect(written.text).toContain('<leistungsteil nr="1"><definition><festpreise/></definition></leistungsteil><leistungsteil nr="2"><definition><festpreise/></definition></leistungsteil>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.messages.filter((m) => m.code.startsWith('OENORM_ELEMENT_NOT_WRITTEN') || m.code === 'OENORM_LEISTUNGSTEIL_NAME_NOT_WRITTEN').map((m) => [m.severity, m.message])).toEqual([
      ['warning', 'The price conversion of Leistungsteil 1 was not written as read (its definitions do not fit the schema); the part was written with fixed prices.'],
      ['info', 'The names (bezeichnung) of 1 Leistungsteil(e) were not written: the 2009 edition has no place for them.'],
    ]);
    // in 2015 and 2021 a part's name goes first in the part, as the public 2015 file has it
    for (const edition of ['Lv2015', 'Lv2021']) {
      const later = write(broken.project, { DestinationOenormType: edition });
      expect(later.text, edition).toContain('<leistungsteil nr="2"><bezeichnung>Regie</bezeichnung><definition><festpreise/></definition></leistungsteil>');
      expect(later.messages.map((m) => m.code), edition).not.toContain('OENORM_LEISTUNGSTEIL_NAME_NOT_WRITTEN');
      if (hasOenormXsd) expect(validateOnlv(later.xml).errors, edition).toEqual([]);
      expect((kept(read(later.xml).project) as { bezeichnung?: string }[])[1].bezeichnung, edition).toBe('Regie');
    }
  });
});
