/**
 * The ÖNORM reader on the real files of the shared corpus (`oenorm/`: the 2015 ABK Ausschreibungs-LV
 * `onlv_2015_zimmermann.onlv` of enapetschnig/groismaier and the 2021 NEVARIS demo LB `LB-SCHOKO_V2021.onlb` of
 * NEVARISBausoftwareGmbH/http-api-client-libs): every file reads; group, position and note counts equal an
 * independent count of the XML; selected item numbers, texts, quantities and the total; oenorm → ava and
 * oenorm → GAEB DA XML 3.3 X83/X86 over HTTP succeed and the GAEB output validates against the official XSD.
 * Skipped, with a notice, when the corpus is absent.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGroup, isNoteText, isPosition, type ElementDto, type PositionDto } from '../../core/model/types.js';
import { localClientToken, postFile, testApp } from '../support/app.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { flatten, imagesOf, preparedBothWays, read, type Read } from '../oenorm/support.js';
import { projectDiff } from '../support/project-diff.js';

const FILES = corpusFiles('oenorm', /\.onl[vb]$/i);
if (hasCorpus && FILES.length === 0) console.warn('oenorm corpus suite: no .onlv/.onlb in the corpus folder');

/** Reads and prepares a corpus file as the pipeline does (`read` of the ÖNORM tests). */
const load = (name: string): Read => read(readCorpus('oenorm', name));

/** An independent count of the XML text: groups, position entries with a unit, entries without, remarks. */
function countXml(xml: string) {
  const entries = xml.match(/<pos-eigenschaften>[\s\S]*?<\/pos-eigenschaften>/g) ?? [];
  const remarks = (xml.match(/<vorbemerkung>[\s\S]*?<\/vorbemerkung>/g) ?? []).filter((v) => /<p>[^<\s]|<p>\s*<[a-z]/.test(v));
  return {
    groups: (xml.match(/<(?:hg|og|lg|ulg) nr=/g) ?? []).length,
    positions: entries.filter((e) => e.includes('<einheit>')).length,
    notes: entries.filter((e) => !e.includes('<einheit>')).length + remarks.length,
  };
}

const position = (all: ElementDto[], n: string): PositionDto => {
  const p = all.filter(isPosition).find((e) => e.itemNumber?.stringRepresentation === n);
  if (!p) throw new Error(`no position ${n}`);
  return p;
};

describe.skipIf(!hasCorpus || FILES.length === 0)('ÖNORM corpus', () => {
  it.each(FILES)('%s reads; groups, positions and notes equal an independent count of the XML', (name) => {
    const { all, messages } = load(name);
    const expected = countXml(readCorpus('oenorm', name).toString('utf8'));
    expect({
      groups: all.filter(isGroup).length,
      positions: all.filter(isPosition).length,
      notes: all.filter(isNoteText).length,
    }).toEqual(expected);
    expect(messages.filter((m) => m.code === 'OENORM_TOTAL_MISMATCH')).toEqual([]);
    expect(all.filter(isPosition).every((p) => p.itemNumber?.isSchemaCompliant)).toBe(true);
  });

  it.each(FILES)('%s: every grafiklink of the XML is an image of its element, with the picture of grafiktabelle', (name) => {
    const xml = readCorpus('oenorm', name).toString('utf8');
    const table = new Map([...xml.matchAll(/<grafikelement id="([^"]+)">[\s\S]*?<format>([^<]+)<\/format>\s*<daten>([^<]+)<\/daten>/g)]
      .map((m) => [m[1], `src="data:${m[2]};base64,${m[3].replace(/\s+/g, '')}"`]));
    const linked = [...xml.matchAll(/<grafiklink linkid="([^"]+)"/g)].map((m) => table.get(m[1]));
    expect(linked.length).toBeGreaterThan(0);
    const images = Object.values(imagesOf(load(name).project)).flat();
    expect(images.map((i) => /src="[^"]*"/.exec(i)![0])).toEqual(linked);
  });

  it.each(FILES)('%s: prepared with the positions taken as complete equals normalised field by field', (name) => {
    const { complete, normalised, positions } = preparedBothWays(readCorpus('oenorm', name));
    expect(positions.length).toBeGreaterThan(0);
    expect(projectDiff(complete, normalised)).toEqual([]);
  });

  it.skipIf(!FILES.includes('onlv_2015_zimmermann.onlv'))('onlv_2015_zimmermann: item numbers, texts, quantities, variants, total', () => {
    const { project, all } = load('onlv_2015_zimmermann.onlv');
    const spec = project.serviceSpecifications![0];
    expect(spec).toMatchObject({ exchangePhase: 'OfferRequest', name: 'Zimmermann', originDetail: 'ÖNORM A 2063:2015 ONLV' });
    expect(project.projectInformation).toMatchObject({ name: 'Wohnhaus Nesper-Adelhelm Bach', currencyShort: 'EUR', buyer: { name: 'STEKAT GmbH', city: 'Bach' } });
    expect(all.filter(isGroup).map((g) => g.itemNumber?.stringRepresentation).slice(0, 4)).toEqual(['00.', '00.12.', '00.14.', '00.50.']);
    const fassade = position(all, '36.19.05.L');
    expect([fassade.shortText, fassade.quantity, fassade.unitTag]).toEqual(['Schindelfassade', 130, 'm²']);
    expect(fassade.longText!.startsWith('Lattung, Konterlattung und Traglattung.\nHerstellen, Liefern und Montieren einer Schindelfassade')).toBe(true);
    const wahl = position(all, '36.18.01.C');
    expect(wahl.positionType).toBe('Alternative');
    expect(wahl.alternativeTo).toBe(position(all, '36.18.01.A').id);
    expect(position(all, '36.65.02.R')).toMatchObject({ positionType: 'Optional', priceType: 'WithoutTotal', quantity: 40, unitTag: 'm' });
    expect(position(all, '36.90.51')).toMatchObject({ shortText: 'Materiallieferungen f.Regieleistungen', quantity: 1000, unitTag: 'VE' });
    const gaps = all.filter(isNoteText).find((n) => n.oenormNoteTextProperties?.itemNumber === '00.14.03.G');
    expect(gaps?.additionType).toBe('ByBidder');
    expect(gaps?.htmlLongText).toContain('data-oenorm="bl"');
    expect(spec.totalPrice).toBe(0);
    // the tender's header: discounts allowed on the price shares of the LV sum; one Leistungsteil at fixed prices per share
    expect(spec.oenormProperties).toMatchObject({
      zugelassenenachlaesse: ['aufpreisanteile', 'auflvsumme'],
      leistungsteile: [{ nr: '1', bezeichnung: 'Festpreis, ganzes LV', definitions: [
        { element: 'definition-preisanteil1', kind: 'festpreise' }, { element: 'definition-preisanteil2', kind: 'festpreise' },
      ] }],
    });
    // the variants' names: one group per zzgruppe of the file (counted in the XML), among them every zz the positions use
    const xml = readCorpus('oenorm', 'onlv_2015_zimmermann.onlv').toString('utf8');
    const zzTable = (spec.oenormProperties as Record<string, unknown>).zztabelle as { nr: string; varianten: { nr: string; bezeichnung?: string }[] }[];
    expect(zzTable.map((g) => g.nr)).toEqual([...xml.matchAll(/<zzgruppe nr="([^"]*)">/g)].map((m) => m[1]));
    expect(zzTable[0]).toEqual({ nr: 'MZ', varianten: [{ nr: '0', bezeichnung: 'Montagezylinder WDVS 70*70' }, { nr: '1', bezeichnung: 'Montagezylinder WDVS 98*98' }] });
    const used = [...new Set(all.filter(isPosition).map((p) => p.oenormPositionProperties?.zz).filter((zz) => zz !== undefined))];
    expect(used.sort()).toEqual(['TR', 'TT']);
    expect(used.filter((zz) => !zzTable.some((g) => g.nr === zz))).toEqual([]);
    expect((spec.oenormProperties as Record<string, unknown>).variantenzusammenstellungen).toEqual([
      { nr: 'A', bezeichnung: 'Kellertrennwände', zuordnungen: [{ zz: 'TR', variantennummer: '1' }, { zz: 'TT', variantennummer: '0' }] },
    ]);
  });

  it.skipIf(!FILES.includes('LB-SCHOKO_V2021.onlb'))('LB-SCHOKO_V2021: the LB as a catalogue with every gap kind', () => {
    const { project, all, messages } = load('LB-SCHOKO_V2021.onlb');
    const spec = project.serviceSpecifications![0];
    expect(spec).toMatchObject({ exchangePhase: 'Base', name: 'Schokolade', originDetail: 'ÖNORM A 2063:2021 ONLB' });
    expect(spec.oenormProperties).toMatchObject({ document: 'onlb', lbkennung: 'SCHOKO', versionsnummer: '2' });
    expect(all.filter(isPosition).map((p) => p.itemNumber?.stringRepresentation)).toEqual(['01.01.01.A', '01.01.01.B', '01.01.01.C', '01.02.01.A', '01.02.01.B']);
    const chilli = position(all, '01.01.01.A');
    expect([chilli.shortText, chilli.unitTag, chilli.quantity]).toEqual(['Trinkschokolade Chilli', 'kg', 0]);
    expect(chilli.longText!.split('\n').slice(0, 3)).toEqual(['Trinkschokolade: Variation Klassik', 'Bird´s Eye Chili', 'Nährwert:']);
    const kakao = position(all, '01.02.01.A');
    expect(kakao.htmlLongText).toContain('data-oenorm="rw" data-kennung="PROZKAKAO" data-parameterlistenkennung="SCHOKO"><span class="ComplBody">40</span>');
    expect(kakao.additionType).toBe('ByBuyer');
    expect(position(all, '01.01.01.B').htmlLongText).toContain('data-oenorm="blo" data-kennung="Energie"');
    // the parameter lists, which the model has no place for, are kept as read (XML text; `test/oenorm/parameterlisten.test.ts`)
    expect(messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
    expect(String((spec.oenormProperties as Record<string, unknown>).parameterlisten)).toMatch(/^<parameterlisten>[\s\S]*<\/parameterlisten>$/);
    // every comment outside the parameter lists (kept as they are, not read into positions) is kept with its position, as HTML
    const text = readCorpus('oenorm', 'LB-SCHOKO_V2021.onlb').toString('utf8');
    const comments = all.filter(isPosition).filter((p) => p.oenormPositionProperties?.kommentar !== undefined);
    expect(comments.length).toBe(text.slice(text.indexOf('</parameterlisten>')).match(/<kommentar>/g)?.length);
    expect(position(all, '01.01.01.C').oenormPositionProperties?.kommentar).toBe('<p>Mit echten Bieterlücken und Parameter ANGERZ und MEMO</p>');
  });

  describe('over HTTP', () => {
    let app: FastifyInstance;
    let token: string;
    beforeAll(async () => {
      app = await testApp();
      token = await localClientToken(app);
    });
    afterAll(() => app?.close());

    const convert = (url: string, name: string) => postFile(app, token, url, 'oenormFile', name, readCorpus('oenorm', name));

    it.each(FILES)('%s → ava', async (name) => {
      const res = await convert('/conversion/oenorm/ava', name);
      expect(res.statusCode).toBe(200);
      const positions = flatten(res.json().serviceSpecifications[0].elements).filter(isPosition);
      expect(positions.length).toBe(countXml(readCorpus('oenorm', name).toString('utf8')).positions);
    });

    it.each(FILES.flatMap((name) => [[name, '83', 'OfferRequest'], [name, '86', 'Grant']]))('%s → GAEB DA XML 3.3 X%s validates', async (name, phase, transform) => {
      const res = await convert(`/conversion/oenorm/gaeb?DestinationGaebType=GaebXml_V3_3&TargetExchangePhaseTransform=${transform}`, name);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.body).toContain(`http://www.gaeb.de/GAEB_DA_XML/DA${phase}/3.3`);
      const xml = readCorpus('oenorm', name).toString('utf8');
      const items = (res.body.match(/<Item /g) ?? []).length;
      expect(items).toBe(countXml(xml).positions);
      // every picture a position or remark links becomes an image of its GAEB text
      expect((res.body.match(/<image Type="image\/(?:png|jpeg|gif)">/g) ?? []).length).toBe((xml.match(/<grafiklink /g) ?? []).length);
      if (!hasGaebSchema('3.3', phase)) {
        console.warn(`GAEB 3.3 X${phase} schema not in the corpus: validation skipped`);
        return;
      }
      expect(validateGaebXml(res.body, '3.3', phase).errors).toEqual([]);
    });
  });
});
