/**
 * The variant tables of an ONLV: the variants' names (`zztabelle`, 2015+) and the combinations the LV is priced in
 * (`variantenzusammenstellungstabelle`, required when the LV defines variants), on the 2009 Angebots-LV fixture
 * (test/fixtures/oenorm/angebot-2009-lg.onlv, whose 01.01.02A/B are variants 0 and 1 of zz V1) with the tables added
 * here: kept on reading, written back (2015/2021 `zztabelle` in the form of the public 2015 file; the combinations
 * valid against the 2009 XSD where the corpus holds it), a default combination where a project has variants only.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { fixtureText, read } from './support.js';
import { hasOenormXsd, validateOnlv, write } from './writer-support.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';

const ZZ = '<zztabelle><zzgruppe nr="V1"><varianten><variante nr="0"><bezeichnung>Schacht Beton</bezeichnung></variante>' +
  '<variante nr="1"><bezeichnung>Schacht Kunststoff</bezeichnung></variante></varianten></zzgruppe></zztabelle>';
const COMBINATIONS = '<variantenzusammenstellungstabelle>' +
  '<variantenzusammenstellung nr="A"><bezeichnung>Beton</bezeichnung><zuordnungen><zuordnung zz="V1"><variantennummer>0</variantennummer></zuordnung></zuordnungen></variantenzusammenstellung>' +
  '<variantenzusammenstellung nr="B"><bezeichnung>Kunststoff</bezeichnung><zuordnungen><zuordnung zz="V1"><variantennummer>1</variantennummer></zuordnung></zuordnungen></variantenzusammenstellung>' +
  '</variantenzusammenstellungstabelle>';

function withTables(): Buffer {
  let t = fixtureText('angebot-2009-lg.onlv');
  expect(t.split('</leistungsteiltabelle>')).toHaveLength(2);
  t = t.replace('</leistungsteiltabelle>', `</leistungsteiltabelle>${ZZ}`);
  expect(t.split('</lv-summe>\n  </angebots-lv>')).toHaveLength(2);
  return Buffer.from(t.replace('</lv-summe>\n  </angebots-lv>', `</lv-summe>${COMBINATIONS}\n  </angebots-lv>`));
}

const kept = (project: ProjectDto) => project.serviceSpecifications![0].oenormProperties as Record<string, unknown>;
const READ_ZZ = [{ nr: 'V1', varianten: [{ nr: '0', bezeichnung: 'Schacht Beton' }, { nr: '1', bezeichnung: 'Schacht Kunststoff' }] }];
const READ_COMBINATIONS = [
  { nr: 'A', bezeichnung: 'Beton', zuordnungen: [{ zz: 'V1', variantennummer: '0' }] },
  { nr: 'B', bezeichnung: 'Kunststoff', zuordnungen: [{ zz: 'V1', variantennummer: '1' }] },
];

describe('ÖNORM variant tables', () => {
  it('keeps the variants\' names and the combinations as read', () => {
    const lv = read(withTables());
    expect(kept(lv.project).zztabelle).toEqual(READ_ZZ);
    expect(kept(lv.project).variantenzusammenstellungen).toEqual(READ_COMBINATIONS);
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
  });

  it('writes both back in 2015 and 2021, the combinations alone in 2009 (valid), and reads them back the same', () => {
    const lv = read(withTables());
    for (const edition of ['Lv2009', 'Lv2015', 'Lv2021']) {
      const written = write(lv.project, { DestinationOenormType: edition });
      expect(written.text, edition).toContain(`</lv-summe>${COMBINATIONS}</angebots-lv>`);
      if (edition === 'Lv2009') {
        expect(written.text).not.toContain('<zztabelle>');
        expect(written.messages.filter((m) => m.code === 'OENORM_ZZTABELLE_NOT_WRITTEN').map((m) => m.message)).toEqual([
          'The names of the variants of 1 variant group(s) (zztabelle) were not written: the 2009 edition has no place for them.',
        ]);
      } else expect(written.text, edition).toMatch(new RegExp(`</leistungsteiltabelle>${ZZ.replace(/[()*]/g, '\\$&')}<zugelassenenachlaesse>`));
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      expect(written.messages.filter((m) => m.severity !== 'info' || m.code === 'OENORM_DEFAULT_FILLED'), edition).toEqual([]);
      const back = kept(read(written.xml).project);
      expect(back.zztabelle, edition).toEqual(edition === 'Lv2009' ? undefined : READ_ZZ);
      expect(back.variantenzusammenstellungen, edition).toEqual(READ_COMBINATIONS);
    }
  });

  it('gives an LV with variants and no combinations the base combination when enforcing, and reports it', () => {
    const project: ProjectDto = structuredClone(read(withTables()).project);
    delete kept(project).variantenzusammenstellungen;
    const written = write(project, { DestinationOenormType: 'Lv2015' });
    expect(written.text).toContain('<variantenzusammenstellungstabelle><variantenzusammenstellung nr="A"><bezeichnung>Grundvariante</bezeichnung>' +
      '<zuordnungen><zuordnung zz="V1"><variantennummer>0</variantennummer></zuordnung></zuordnungen></variantenzusammenstellung></variantenzusammenstellungstabelle>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.messages.filter((m) => m.code === 'OENORM_DEFAULT_FILLED').map((m) => m.message)).toEqual([
      'the required field variantenzusammenstellungstabelle had no data and was written as "A "Grundvariante" (each variant group at its base variant)"',
    ]);
    // writing what the model holds: no table
    expect(write(project, { DestinationOenormType: 'Lv2015', SkipTryEnforceSchemaCompliantXmlOutput: true }).text).not.toContain('variantenzusammenstellungstabelle');
  });

  it('finds the base of a variant group from its numbers when no position points to it (a GAEB 2000 round trip)', () => {
    // GAEB 2000 states an alternative's group and serial number (ALNGroupNo/ALNSerNo) and no link to its base
    const lv = read(Buffer.from(fixtureText('angebot-2009-lg.onlv'))).project;
    lv.serviceSpecifications![0].exchangePhase = 'Grant';
    const back = readGaeb(writeGaeb(lv, 'Gaeb2000').bytes);
    const pzzv = (text: string, nr: string) => new RegExp(`<(?:ungeteilteposition|folgeposition) ftnr="${nr}"[^]*?<pzzv>(.*?)</pzzv>`).exec(text)?.[1];
    const written = write(back, { DestinationOenormType: 'Lv2009' });
    const grundtext = written.text.split('<grundtextnr nr="02">')[1];
    expect([pzzv(grundtext, 'A'), pzzv(grundtext, 'B')]).toEqual([
      '<normalposition_einer_variante><zz>01</zz><variantennummer>0</variantennummer></normalposition_einer_variante>',
      '<wahlposition><zz>01</zz><variantennummer>1</variantennummer></wahlposition>',
    ]);
    expect(written.text).toContain('<bezeichnung>Grundvariante</bezeichnung><zuordnungen><zuordnung zz="01"><variantennummer>0</variantennummer>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
  });

  it('leaves out kept combinations that do not fit the schema, and says so', () => {
    const project: ProjectDto = structuredClone(read(withTables()).project);
    kept(project).variantenzusammenstellungen = [
      { nr: 'AA', bezeichnung: 'Zwei Buchstaben', zuordnungen: [{ zz: 'V1', variantennummer: '0' }] },
      { nr: 'B', bezeichnung: '', zuordnungen: [{ zz: 'V1', variantennummer: '1' }, { zz: 'V1x', variantennummer: '1' }] },
    ];
    const written = write(project, { DestinationOenormType: 'Lv2009' });
    expect(written.text).toContain('<variantenzusammenstellungstabelle><variantenzusammenstellung nr="B"><bezeichnung>Variantenzusammenstellung B</bezeichnung>' +
      '<zuordnungen><zuordnung zz="V1"><variantennummer>1</variantennummer></zuordnung></zuordnungen></variantenzusammenstellung></variantenzusammenstellungstabelle>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => m.message)).toEqual([
      'variant combinations (variantenzusammenstellung) without a letter A–Z of their own or a valid assignment were not written',
      'assignments (zuordnung) of variant combinations whose zz or variantennummer does not fit the schema were not written',
    ]);
  });
});
