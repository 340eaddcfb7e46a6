/**
 * ÖNORM VAT (`summenormalausfuehrung`: `ust` or `ustanteile`, a position's `ustkennzeichen`) ↔ the model's tax rates,
 * on the 2009 Angebots-LV fixture (test/fixtures/oenorm/angebot-2009-lg.onlv: net sum 1080.00) with the VAT added
 * here: read as the specification's and positions' rates, the stated price with VAT compared with the recalculation;
 * written back for a project at one rate (valid against the 2009 XSD where the corpus holds it), not for several.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { fixtureText, read } from './support.js';
import { hasOenormXsd, prepared, validateOnlv, write, type Written } from './writer-support.js';

const LV_SUMME = '<lv-summe><summe><gesamt>1080.00</gesamt></summe><summe-inkl-na><gesamt>1080.00</gesamt></summe-inkl-na></lv-summe>';

/** The fixture with `summenormalausfuehrung` after its `lv-summe`, and `ustkennzeichen`s after the given `pospreis`es. */
function withVat(vat: string, marks: Record<string, string> = {}): Buffer {
  let t = fixtureText('angebot-2009-lg.onlv');
  expect(t.split(LV_SUMME)).toHaveLength(2);
  t = t.replace(LV_SUMME, `${LV_SUMME}\n    <summenormalausfuehrung>${vat}</summenormalausfuehrung>`);
  for (const [pospreis, mark] of Object.entries(marks)) {
    expect(t.split(`<pospreis>${pospreis}</pospreis>`)).toHaveLength(2);
    t = t.replace(`<pospreis>${pospreis}</pospreis>`, `<pospreis>${pospreis}</pospreis><ustkennzeichen>${mark}</ustkennzeichen>`);
  }
  return Buffer.from(t);
}

const single = (angebotspreis: string) =>
  `<summe-des-lv>1080.00</summe-des-lv><summe-nachlaesse>0.00</summe-nachlaesse><gesamtpreis>1080.00</gesamtpreis>` +
  `<ust><ustsatz>20.00</ustsatz><ustbetrag>216.00</ustbetrag></ust><angebotspreis>${angebotspreis}</angebotspreis>`;
const share = (mark: string, netto: string, satz: string, betrag: string, brutto: string) =>
  `<ustanteil ustkennzeichen="${mark}"><netto>${netto}</netto><ustsatz>${satz}</ustsatz><ustbetrag>${betrag}</ustbetrag><brutto>${brutto}</brutto></ustanteil>`;
const mismatches = (messages: { code: string; message: string }[]) => messages.filter((m) => m.code === 'OENORM_TOTAL_MISMATCH').map((m) => m.message);

describe('ÖNORM VAT: reading', () => {
  it('reads one rate as the LV\'s tax rate and meets the stated price with VAT', () => {
    const lv = read(withVat(single('1296.00')));
    const spec = lv.project.serviceSpecifications![0];
    expect(spec.projectTaxRate).toBe(0.2);
    expect([spec.totalPrice, spec.totalPriceGross, spec.totalPriceGrossDeducted]).toEqual([1080, 1296, 1296]);
    expect(lv.positions.every((p) => p.taxRate === 0.2 && p.useDifferentTaxRate === false)).toBe(true);
    expect(mismatches(lv.messages)).toEqual([]);
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED').map((m) => m.message).join()).not.toContain('summenormalausfuehrung');
  });

  it('reports a stated price with VAT the recalculation does not meet', () => {
    const lv = read(withVat(single('1300.00')));
    expect(mismatches(lv.messages)).toEqual([
      'LV (summenormalausfuehrung/angebotspreis): the file states 1300.00, the recalculated amount is 1296.00; the recalculated amount is kept.',
    ]);
  });

  it('reads VAT shares: a position of another share counts at its rate, an unknown share is reported', () => {
    const vat = `<summe-des-lv>1080.00</summe-des-lv><summe-nachlaesse>0.00</summe-nachlaesse><gesamtpreis>1080.00</gesamtpreis>` +
      `<ustanteile>${share('0', '580.00', '20.00', '116.00', '696.00')}${share('1', '500.00', '10.00', '50.00', '550.00')}</ustanteile>` +
      '<angebotspreis>1246.00</angebotspreis>';
    const lv = read(withVat(vat, { '500.00': '1', '380.00': '0', '200.00': '7' }));
    const spec = lv.project.serviceSpecifications![0];
    expect(spec.projectTaxRate).toBe(0.2);
    expect(lv.position('01.01.03').useDifferentTaxRate).toBe(true);
    expect(lv.position('01.01.03').taxRate).toBe(0.1);
    expect(lv.position('01.01.03').oenormPositionProperties?.ustkennzeichen).toBe('1');
    expect([lv.position('01.01.01.A').useDifferentTaxRate, lv.position('01.01.01.A').taxRate]).toEqual([false, 0.2]);
    expect(spec.totalPriceGrossByTaxRate?.map((r) => [r.taxRate, r.totalNet, r.totalTax, r.totalGross])).toEqual([[0.1, 500, 50, 550], [0.2, 580, 116, 696]]);
    expect(mismatches(lv.messages)).toEqual([]);
    expect(lv.messages.filter((m) => m.code === 'OENORM_VAT_SHARE_MISSING').map((m) => [m.itemNumber, m.message])).toEqual([
      ['01.01.02.A', "The ustkennzeichen 7 names no VAT share of summenormalausfuehrung; the position counts at the LV's rate of 20 %."],
    ]);
  });
});

/**
 * The single-rate fixture (20 %, or `projectRate`) with the one position of ULG 01.01 that `which` picks counting at
 * a rate of its own (`useDifferentTaxRate`), prepared and written as Lv2009.
 */
function writtenWithOwnRate(which: (p: Record<string, unknown>) => boolean, rate: number, projectRate?: number): Written {
  const project: ProjectDto = structuredClone(read(withVat(single('1296.00'))).project);
  const spec = project.serviceSpecifications![0];
  if (projectRate !== undefined) spec.projectTaxRate = projectRate;
  const ulg = (spec.elements![1] as { elements: Record<string, unknown>[] }).elements[1] as { elements: Record<string, unknown>[] };
  const picked = ulg.elements.filter(which);
  expect(picked).toHaveLength(1);
  Object.assign(picked[0], { useDifferentTaxRate: true, taxRate: rate });
  return write(prepared(project), { DestinationOenormType: 'Lv2009' });
}

describe('ÖNORM VAT: writing', () => {
  const expected = '<summenormalausfuehrung><summe-des-lv>1080.00</summe-des-lv><summe-nachlaesse>0.00</summe-nachlaesse>' +
    '<gesamtpreis>1080.00</gesamtpreis><ust><ustsatz>20.00</ustsatz><ustbetrag>216.00</ustbetrag></ust><angebotspreis>1296.00</angebotspreis></summenormalausfuehrung>';

  it('writes the price with VAT of a project at one rate after lv-summe, and reads it back', () => {
    const lv = read(withVat(single('1296.00')));
    for (const edition of ['Lv2009', 'Lv2015', 'Lv2021']) {
      const written = write(lv.project, { DestinationOenormType: edition });
      expect(written.text, edition).toContain(`</lv-summe>${expected}`);
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      const back = read(written.xml);
      expect(back.project.serviceSpecifications![0].projectTaxRate).toBe(0.2);
      expect(mismatches(back.messages)).toEqual([]);
    }
  });

  it('takes the rate of another source (GAEB VAT 19 %) and rounds the VAT to the cent', () => {
    const at = (rate: number): string => {
      const project: ProjectDto = structuredClone(read(withVat(single('1296.00'))).project);
      project.serviceSpecifications![0].projectTaxRate = rate;
      return write(prepared(project), { DestinationOenormType: 'Lv2009' }).text;
    };
    expect(at(0.19)).toContain('<ust><ustsatz>19.00</ustsatz><ustbetrag>205.20</ustbetrag></ust><angebotspreis>1285.20</angebotspreis>');
    // 1080.00 × 3.33 % = 35.964
    expect(at(0.0333)).toContain('<ust><ustsatz>3.33</ustsatz><ustbetrag>35.96</ustbetrag></ust><angebotspreis>1115.96</angebotspreis>');
  });

  it('writes no price with VAT for a tender or for a project without rate', () => {
    const lv = read(withVat(single('1296.00')));
    expect(write(lv.project, { DestinationOenormType: 'Lv2009' }).text).toContain('<summenormalausfuehrung>');
    const tender = structuredClone(lv.project);
    tender.serviceSpecifications![0].exchangePhase = 'OfferRequest';
    delete (tender.serviceSpecifications![0].oenormProperties as Record<string, unknown>).lvType;
    expect(write(tender, { DestinationOenormType: 'Lv2009' }).text).not.toContain('summenormalausfuehrung');
    const plain = read(Buffer.from(fixtureText('angebot-2009-lg.onlv')));
    expect(write(plain.project, { DestinationOenormType: 'Lv2009' }).text).not.toContain('summenormalausfuehrung');
  });

  it('writes VAT shares for several rates: one ustanteil per rate, the marks read, an ustkennzeichen on every priced position', () => {
    const vat = `<summe-des-lv>1080.00</summe-des-lv><summe-nachlaesse>0.00</summe-nachlaesse><gesamtpreis>1080.00</gesamtpreis>` +
      `<ustanteile>${share('0', '580.00', '20.00', '116.00', '696.00')}${share('1', '500.00', '10.00', '50.00', '550.00')}</ustanteile>` +
      '<angebotspreis>1246.00</angebotspreis>';
    const lv = read(withVat(vat, { '500.00': '1', '380.00': '0', '200.00': '0', '300.00': '0', '50.00': '0' }));
    for (const edition of ['Lv2009', 'Lv2015', 'Lv2021']) {
      const written = write(lv.project, { DestinationOenormType: edition });
      expect(written.text, edition).toContain(`</lv-summe><summenormalausfuehrung>${vat}</summenormalausfuehrung>`);
      expect(written.text, edition).toContain('<pospreis>500.00</pospreis><ustkennzeichen>1</ustkennzeichen>');
      expect(written.text, edition).toContain('<pospreis>380.00</pospreis><ustkennzeichen>0</ustkennzeichen>');
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      const back = read(written.xml);
      expect([back.position('01.01.03').taxRate, back.position('01.01.01.A').taxRate], edition).toEqual([0.1, 0.2]);
      expect(back.project.serviceSpecifications![0].totalPriceGrossDeducted, edition).toBe(1246);
      expect(mismatches(back.messages), edition).toEqual([]);
    }
  });

  it('marks the rates of another source 0, 1 … in ascending order (GAEB items at 7 % in a BoQ at 19 %)', () => {
    const written = writtenWithOwnRate((p) => (p.oenormPositionProperties as Record<string, unknown> | undefined)?.grundtextnr === '03', 0.07, 0.19);
    // 500.00 at 7 % (35.00) and 580.00 at 19 % (110.20)
    expect(written.text).toContain('<ustanteile>' + share('0', '500.00', '7.00', '35.00', '535.00') + share('1', '580.00', '19.00', '110.20', '690.20') +
      '</ustanteile><angebotspreis>1225.20</angebotspreis>');
    expect(written.text).toContain('<pospreis>500.00</pospreis><ustkennzeichen>0</ustkennzeichen>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN')).toEqual([]);
  });

  it('gives an alternative at a rate of its own a share of its own, with no amount (it does not count)', () => {
    const written = writtenWithOwnRate((p) => p.positionType === 'Alternative', 0.1);
    expect(written.text).toContain('<ustanteile>' + share('0', '0.00', '10.00', '0.00', '0.00') + share('1', '1080.00', '20.00', '216.00', '1296.00') +
      '</ustanteile><angebotspreis>1296.00</angebotspreis>');
    expect(written.text).toContain('<pospreis>300.00</pospreis><ustkennzeichen>0</ustkennzeichen>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    const back = read(written.xml);
    expect(back.positions.find((p) => p.positionType === 'Alternative')?.taxRate).toBe(0.1);
    expect(back.project.serviceSpecifications![0].projectTaxRate).toBe(0.2);
    expect(mismatches(back.messages)).toEqual([]);
  });

  it('writes no price with VAT for a rate ÖNORM cannot state (reported)', () => {
    // a rate ÖNORM cannot state (three decimals of a percent), shown without the doubles' residue
    const odd = structuredClone(read(withVat(single('1296.00'))).project);
    odd.serviceSpecifications![0].projectTaxRate = 0.07125;
    const skipped = write(prepared(odd), { DestinationOenormType: 'Lv2009' });
    expect(skipped.text).not.toContain('summenormalausfuehrung');
    expect(skipped.messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => m.message)).toEqual([
      "The LV's price with VAT (summenormalausfuehrung) was not written: the tax rate 7.125 % is not a percentage ÖNORM can state (0.01 to 99.99, two decimals).",
    ]);
  });
});
