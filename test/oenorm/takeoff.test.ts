/**
 * Quantity take-off (berechnetemengen/mengenermittlung), evaluation marks (akztabelle) and global helper
 * calculations (hilfsberechnungen) of a draft LV: read into quantity components with the ÖNORM fields kept, written
 * back as read (valid against the 2009 XSDs), to GAEB DA XML as QtyDeterm rows, and from a GAEB take-off into a
 * cost-estimate LV. Fixture: test/fixtures/oenorm/entwurf-2009-mengen.onlv (own, valid against the 2009 XSDs).
 */
import { describe, expect, it } from 'vitest';
import { isPosition, type CalculationDto, type ProjectDto } from '../../core/model/types.js';
import { formelArithmetic, rowFormula } from '../../plugins/oenorm/formel.js';
import { fixture, fixtureText, flatten, read } from './support.js';
import { hasOenormXsd, prepared, roundTrip, validateOnlv, write } from './writer-support.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { fixture as rebFixture, read as readReb } from '../reb/support.js';

const FILE = 'entwurf-2009-mengen.onlv';
const rows = (components: readonly CalculationDto[] | undefined) => (components ?? []).map((c) => [c.oenormRow, c.formula, c.result, c.description]);

describe('ÖNORM quantity take-off: reading', () => {
  const lv = read(fixture(FILE));

  it('reads every row of a whole-position calculation as a quantity component, counting only the formula rows', () => {
    const p = lv.position('02.01.01');
    expect(rows(p.quantityComponents)).toEqual([
      ['k', '', 0, 'Nordwand und Südwand'],
      ['a', '2*12.50*3.00', 75, undefined],
      ['a', '2*(4.4*3)', 26.4, undefined], // Formel2 (product) × Multi, which gives the stated 26.400
      ['t', '', 0, 'Wände brutto = 101.4'],
      ['h', '', 0, 'FE: 1.1*1.5 = 1.65'],
      ['k', '', 0, 'abzüglich 4 Fenster'],
      ['a', '-6.6', -6.6, '-4*FE'], // names a variable: the stated result, the formula said in the description
    ]);
    // the stated calculated quantity equals the sum of the counted rows; the LV quantity stays lvmenge
    expect(p.oenormPositionProperties?.berechnetemenge).toBe(94.8);
    expect(p.quantityComponents!.reduce((s, c) => s + (c.result ?? 0), 0)).toBeCloseTo(94.8, 9);
    expect(p.quantity).toBe(95);
    expect(p.quantityComponents![2].oenormFormel).toEqual({
      name: 'Formel2', children: [{ name: 'X1', text: '4.40' }, { name: 'X2', attrs: { varref: 'RH' }, text: '3.00' }, { name: 'Multi', text: '2' }],
    });
    expect(p.quantityComponents![3]).toMatchObject({ oenormKommentar: 'Wände brutto', oenormErgebnis: 101.4, oenormVariable: 'WB' });
    expect(lv.messages.filter((m) => m.code === 'OENORM_TAKEOFF_AS_RESULT').map((m) => m.itemNumber)).toEqual(['02.01.01', '02.01.02']);
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
  });

  it('reads a calculation per evaluation mark, the LV\'s marks and its global helper calculations', () => {
    const p = lv.position('02.01.02');
    expect(p.quantityComponents!.map((c) => [c.oenormAkz, c.formula, c.result])).toEqual([['EG', '1.5+1.5+3.5', 6.5], ['OG', '4.5', 4.5]]);
    expect(p.quantityComponents![1].description).toBe('Formel 120'); // Gauß-Elling: not evaluated here
    expect(p.oenormPositionProperties?.berechnetemengenJeAkz).toEqual([{ akz: 'EG', berechnetemenge: 6.5 }, { akz: 'OG', berechnetemenge: 4.5 }]);
    const kept = lv.project.serviceSpecifications![0].oenormProperties as Record<string, unknown>;
    expect(kept.akztabelle).toEqual([{ nr: 'EG', bezeichnung: 'Erdgeschoß' }, { nr: 'OG', bezeichnung: 'Obergeschoß' }]);
    expect((kept.hilfsberechnungen as CalculationDto[]).map((c) => [c.oenormRow, c.description])).toEqual([
      ['k', 'Raumhöhe aus dem Schnitt'], ['h', 'RH: 2.80+0.20 = 3'],
    ]);
  });

  it('says a catalogue formula as arithmetic only where the rule is plain, and takes the stated result when it disagrees', () => {
    expect(formelArithmetic({ name: 'Formel3', children: [{ name: 'X1', text: '1' }, { name: 'X2', text: '2' }, { name: 'X3', text: '3' }] })).toBe('(1+2)*(3)');
    expect(formelArithmetic({ name: 'Formel20', children: [{ name: 'a', text: '2' }, { name: 'c', text: '4' }, { name: 'h', text: '1.5E0' }] })).toBe('(2+4)/2*1.5');
    expect(formelArithmetic({ name: 'Formel5', children: [{ name: 'a', text: '3' }, { name: 'b', text: '4' }] })).toBeUndefined();
    expect(rowFormula('2*3', undefined, 6)).toEqual({ formula: '2*3', asResult: false });
    expect(rowFormula('2*3', undefined, 7)).toEqual({ formula: '7', asResult: true });
    expect(rowFormula('2,5*2', undefined, undefined)).toEqual({ formula: '2,5*2', asResult: false });
  });
});

describe('ÖNORM quantity take-off: writing', () => {
  it('writes the take-off, the marks and the helper calculations back as read (valid 2009 XSD)', () => {
    const { written, back } = roundTrip(read(fixture(FILE)).project, { DestinationOenormType: 'Lv2009' });
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    const source = read(fixture(FILE));
    for (const n of ['02.01.01', '02.01.02']) {
      const strip = (cs: CalculationDto[] | undefined) => cs?.map(({ result: _r, valid: _v, errorPositionInLine: _e, ...c }) => c);
      expect(strip(back.position(n).quantityComponents), n).toEqual(strip(source.position(n).quantityComponents));
    }
    // the source's take-off rows, element for element
    const section = (xml: string) => xml.replace(/>\s+</g, '><').match(/<berechnetemengen>.*?<\/berechnetemengen>/gs);
    expect(section(written.text)).toEqual(section(fixtureText(FILE)));
    expect(written.text.replace(/>\s+</g, '><')).toContain('<akztabelle><akzelement nr="EG"><bezeichnung>Erdgeschoß</bezeichnung></akzelement>');
    expect(written.text.replace(/>\s+</g, '><')).toContain('<hilfsberechnungen><k>Raumhöhe aus dem Schnitt</k><h><rechenansatz>2.80+0.20</rechenansatz><ergebnis>3.000</ergebnis><variable>RH</variable></h></hilfsberechnungen>');
    expect(written.messages.filter((m) => m.code === 'OENORM_TAKEOFF_NOT_WRITTEN')).toEqual([]);
  });

  it('writes a changed formula row as the model now has it, and reports a take-off an LV type cannot hold', () => {
    const source = read(fixture(FILE));
    source.position('02.01.01').quantityComponents![1].formula = '2*12.50*2.90';
    const { written, back } = roundTrip(prepared(source.project), { DestinationOenormType: 'Lv2009' });
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.text).toContain('<a><rechenansatz>2*12.50*2.90</rechenansatz><ergebnis>72.500</ergebnis></a>');
    expect(back.position('02.01.01').oenormPositionProperties?.berechnetemenge).toBe(92.3);

    const tender: ProjectDto = read(fixture(FILE)).project;
    tender.serviceSpecifications![0].exchangePhase = 'OfferRequest';
    delete (tender.serviceSpecifications![0].oenormProperties as Record<string, unknown>).lvType;
    const out = write(prepared(tender), { DestinationOenormType: 'Lv2009' });
    if (hasOenormXsd) expect(validateOnlv(out.xml).errors).toEqual([]);
    expect(out.text).toContain('<ausschreibungs-lv>');
    expect(out.text).not.toMatch(/berechnetemengen|akztabelle|hilfsberechnungen/);
    expect(out.messages.filter((m) => m.code === 'OENORM_TAKEOFF_NOT_WRITTEN').map((m) => m.message)).toEqual([
      expect.stringContaining('3 occurrences'),
    ]);
  });

  it('fits an evaluation mark to akz.type and leaves out a variable name ÖNORM does not allow, reporting both', () => {
    const source = read(fixture(FILE));
    source.position('02.01.02').quantityComponents![0].oenormAkz = 'eg süd';
    source.position('02.01.01').quantityComponents![3].oenormVariable = '1WB';
    const written = write(prepared(source.project), { DestinationOenormType: 'Lv2009' });
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.text).toContain('<akz akz="EGSD">');
    expect(written.text).toContain('<t><kommentar>Wände brutto</kommentar><ergebnis>101.400</ergebnis></t>');
    expect(written.messages.filter((m) => m.code === 'OENORM_AKZ_ADJUSTED' || m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => [m.code, m.itemNumber])).toEqual([
      ['OENORM_ELEMENT_NOT_WRITTEN', '02.01.01'], ['OENORM_AKZ_ADJUSTED', '02.01.02'],
    ]);
  });

  it('writes quantity components of another source as comment and free formula rows', () => {
    const project = prepared({
      projectInformation: { itemNumberSchema: { tiers: [{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }, { length: 2, tierType: 'Position' }] } },
      serviceSpecifications: [{
        exchangePhase: 'CostEstimate',
        elements: [{
          elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.' }, shortText: 'Erdbau',
          elements: [{
            elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.02.' }, shortText: 'Aushub',
            elements: [{
              elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.02.03' }, shortText: 'Aushub', unitTag: 'm3',
              quantityComponents: [{ description: 'Baugrube laut Plan A-12, Achsen 1 bis 4, einschließlich Arbeitsraum von 60 cm je Seite', formula: '12,5*8*2,4' }, { formula: '-3*1,2' }],
            }],
          }],
        }],
      }],
    } as ProjectDto);
    const { written, back } = roundTrip(project, { DestinationOenormType: 'Lv2009' });
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.text).toContain('<kostenschaetzungs-lv>');
    const p = back.position('01.02.03');
    expect(p.quantityComponents!.map((c) => [c.oenormRow, c.formula, c.result])).toEqual([
      ['k', '', 0], ['a', '12,5*8*2,4', 240], ['a', '-3*1,2', -3.6],
    ]);
    expect(p.oenormPositionProperties?.berechnetemenge).toBe(236.4);
    expect(p.quantity).toBe(236.4);
    expect(written.messages.filter((m) => m.code === 'OENORM_VALUE_SHORTENED').length).toBe(1); // the comment's 60 characters
  });
});

describe('ÖNORM quantity take-off across formats', () => {
  it('goes to GAEB DA XML as QtyDeterm rows (formula, description, result) and from there into a cost-estimate LV', () => {
    const source = read(fixture(FILE));
    const gaeb = writeGaeb(source.project, 'GaebXml_V3_3', { TargetExchangePhaseTransform: 'CostEstimate', ExportQuantityDetermination: true });
    if (hasGaebSchema('3.3', '82')) expect(validateGaebXml(gaeb.bytes, '3.3', '82').errors).toEqual([]);
    const fromGaeb = readGaeb(gaeb.bytes);
    const positions = flatten(fromGaeb.serviceSpecifications![0].elements).filter(isPosition).map((p) => p.quantityComponents ?? []);
    const said = (cs: readonly CalculationDto[]) => cs.filter((c) => c.formula || c.description).map((c) => [c.formula ?? '', c.description ?? '', c.result]);
    expect(positions.filter((cs) => cs.length > 0).map(said)).toEqual(['02.01.01', '02.01.02'].map((n) => said(source.position(n).quantityComponents!)));

    const { written, back } = roundTrip(fromGaeb, { DestinationOenormType: 'Lv2009' });
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.text).toContain('<kostenschaetzungs-lv>');
    // the counted rows keep formula and result, so the calculated quantity is the source's
    expect(back.position('02.01.01').oenormPositionProperties?.berechnetemenge).toBe(94.8);
    expect(back.position('02.01.02').oenormPositionProperties?.berechnetemenge).toBe(11);
  });
});

describe('REB take-off into an ÖNORM cost estimate', () => {
  it('writes the lines that do not count in the REB quantity (comment, helper, subtotal, total) as k, h and t rows', async () => {
    const reb = await readReb(rebFixture('musterbau-2009.d11'));
    reb.project.serviceSpecifications![0].exchangePhase = 'CostEstimate';
    const { written, back } = roundTrip(reb.project, { DestinationOenormType: 'Lv2009', TryRepairProjectStructure: true });
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    const source = reb.position('01.04.0020');
    const target = back.positions.find((p) => p.quantityComponents?.some((c) => c.description === 'Wand Flur, EG, Raum 1.04'))!;
    // the calculated quantity is the REB quantity: helper, subtotal and total lines are not counted again
    expect(target.oenormPositionProperties?.berechnetemenge).toBe(source.quantity);
    expect(target.quantityComponents!.map((c) => c.oenormRow)).toEqual(['k', 'k', 'a', 'k', 'a', 'k', 'a', 'k', 'h', 'k', 'a', 't', 'k', 'a', 'k', 'a', 'k', 'a', 'k', 'a', 't']);
    expect(target.quantityComponents!.filter((c) => c.oenormRow === 't').map((c) => [c.oenormKommentar, c.oenormErgebnis])).toEqual([
      ['Zwischensumme', 46.783], ['Positionssumme', -5153510.373],
    ]);
    expect(target.quantityComponents!.find((c) => c.oenormRow === 'h')).toMatchObject({ oenormRechenansatz: '10', oenormErgebnis: 10 });
  });
});
