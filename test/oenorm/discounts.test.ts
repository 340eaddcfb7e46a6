/**
 * ÖNORM discounts and surcharges on sums (`nachlass` of `lv-summe` … `ulg-summe`, `summe-inkl-na`,
 * `zugelassenenachlaesse`) ↔ the model's `deductionFactor` / `absoluteDeduction` of the specification and groups,
 * on the 2009 Angebots-LV fixture (test/fixtures/oenorm/angebot-2009-lg.onlv: one LG 01 with one ULG 01.01, net
 * sum 1080.00) with the discounts added here.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../core/model/types.js';
import { SUM, discounted, read, withSums } from './support.js';
import { hasOenormXsd, prepared, validateOnlv, write } from './writer-support.js';

const mismatches = (messages: { code: string; message: string }[]) => messages.filter((m) => m.code === 'OENORM_TOTAL_MISMATCH').map((m) => m.message);
const ALLOWED = '<zugelassenenachlaesse><aufsummen/><hierarchiestufen><auflvsumme/><auflgsummen/></hierarchiestufen></zugelassenenachlaesse>';

// LG 01: 1080.00 − 5 % = 1026.00; LV: 1026.00 − 2 % (20.52) = 1005.48
const lg = discounted('lg-summe', '1080.00', '-5.00', '-54.00', '1026.00');
const lv = discounted('lv-summe', '1026.00', '-2.00', '-20.52', '1005.48');
const VAT = '<summenormalausfuehrung><summe-des-lv>1080.00</summe-des-lv><summe-nachlaesse>-74.52</summe-nachlaesse>' +
  '<gesamtpreis>1005.48</gesamtpreis><ust><ustsatz>20.00</ustsatz><ustbetrag>201.10</ustbetrag></ust>' +
  '<angebotspreis>1206.58</angebotspreis></summenormalausfuehrung>';
/** LG 01 with a discount per price share: Lohn −2 %, Sonstiges −4 %, stated as −12.50 in all. */
const LG_SHARES = '<lg-summe><summe><gesamt>1080.00</gesamt></summe><nachlass><pa1-prozent>-2.00</pa1-prozent>' +
  '<pa2-prozent>-4.00</pa2-prozent><ergebnis><preisanteil1>-2.50</preisanteil1><preisanteil2>-10.00</preisanteil2>' +
  '<gesamt>-12.50</gesamt></ergebnis></nachlass><summe-inkl-na><gesamt>1067.50</gesamt></summe-inkl-na></lg-summe>';
const notWritten = (messages: { code: string; message: string }[]) => messages.filter((m) => m.code === 'OENORM_ELEMENT_NOT_WRITTEN').map((m) => m.message);

describe('ÖNORM discounts: reading', () => {
  it('reads a discount on a group sum and on the LV sum as deduction factors and meets every stated sum', () => {
    const r = read(withSums(lg, lv, ALLOWED));
    const spec = r.project.serviceSpecifications![0];
    const group = r.group('01.');
    expect([group.deductionFactor, group.totalPrice, group.deductedPrice]).toEqual([0.05, 1080, 1026]);
    expect([spec.deductionFactor, spec.totalPrice, spec.deductedPrice]).toEqual([0.02, 1026, 1005.48]);
    expect(r.group('01.01.').deductionFactor ?? 0).toBe(0);
    expect(mismatches(r.messages)).toEqual([]);
    expect((spec.oenormProperties as Record<string, unknown>).zugelassenenachlaesse).toEqual(['aufsummen', 'auflvsumme', 'auflgsummen']);
    expect(r.messages.filter((m) => m.code.startsWith('OENORM_DISCOUNT'))).toEqual([]);
  });

  it('reads a surcharge (a positive percentage) as a negative deduction factor', () => {
    const r = read(withSums(discounted('lg-summe', '1080.00', '10.00', '108.00', '1188.00'), SUM('lv-summe', '1188.00')));
    expect([r.group('01.').deductionFactor, r.group('01.').deductedPrice]).toEqual([-0.1, 1188]);
    expect(r.project.serviceSpecifications![0].totalPrice).toBe(1188);
    expect(mismatches(r.messages)).toEqual([]);
  });

  it('reports a stated amount after the discount that the recalculation does not meet', () => {
    const r = read(withSums(discounted('lg-summe', '1080.00', '-5.00', '-54.00', '1030.00'), SUM('lv-summe', '1026.00')));
    expect(mismatches(r.messages)).toEqual([
      'LG 01. (lg-summe/summe-inkl-na): the file states 1030.00, the recalculated amount is 1026.00; the recalculated amount is kept.',
    ]);
  });

  it('follows the sign of the amount when a file states a discount as a positive percentage', () => {
    const r = read(withSums(discounted('lg-summe', '1080.00', '5.00', '-54.00', '1026.00'), SUM('lv-summe', '1026.00')));
    expect(r.group('01.').deductionFactor).toBe(0.05);
    expect(mismatches(r.messages)).toEqual([]);
    expect(r.messages.filter((m) => m.code === 'OENORM_DISCOUNT_SIGN').map((m) => [m.itemNumber, m.message])).toEqual([
      ['01.', 'The lg-summe of LG 01. states the percentage 5.00 with the amount -54.00, whose sign differs; it was read as -5.00 % (a discount is negative in ÖNORM A 2063).'],
    ]);
  });

  it('reads a discount per price share as the amount it states, reported', () => {
    const r = read(withSums(LG_SHARES, SUM('lv-summe', '1067.50')));
    expect([r.group('01.').absoluteDeduction, r.group('01.').deductedPrice]).toEqual([12.5, 1067.5]);
    expect(r.group('01.').deductionFactor ?? 0).toBe(0);
    expect(r.group('01.').oenormProperties?.nachlassPreisanteile).toEqual({ pa1: -2, pa2: -4, amount: 12.5 });
    expect(mismatches(r.messages)).toEqual([]);
    expect(r.messages.filter((m) => m.code === 'OENORM_DISCOUNT_AS_AMOUNT').map((m) => [m.severity, m.message])).toEqual([
      ['info', 'The lg-summe of LG 01. states a discount per price share (-2.00 % and -4.00 %), which the model does not hold; it was read as the amount it states, -12.50.'],
    ]);
  });

  it('counts a discounted sum with VAT: the stated price with VAT is met', () => {
    const r = read(withSums(lg, lv + VAT));
    expect(r.project.serviceSpecifications![0].totalPriceGrossDeducted).toBe(1206.58);
    expect(mismatches(r.messages)).toEqual([]);
  });
});

describe('ÖNORM discounts: writing', () => {
  it('writes the discounts of the groups and the LV back, with their permission and the price with VAT, valid and read back the same', () => {
    const r = read(withSums(lg, lv + VAT));
    for (const edition of ['Lv2009', 'Lv2015', 'Lv2021']) {
      const written = write(r.project, { DestinationOenormType: edition });
      expect(written.text, edition).toContain(`</ulg-liste>${lg}</lg>`);
      expect(written.text, edition).toContain(`${lv}${VAT}`);
      expect(written.text, edition).toContain('<zugelassenenachlaesse><aufsummen/><hierarchiestufen><auflvsumme/><auflgsummen/></hierarchiestufen></zugelassenenachlaesse>');
      expect(written.text, edition).toContain('<ulg-summe><summe><gesamt>1080.00</gesamt></summe><summe-inkl-na><gesamt>1080.00</gesamt></summe-inkl-na></ulg-summe>');
      if (hasOenormXsd) expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      expect(notWritten(written.messages), edition).toEqual([]);
      const back = read(written.xml);
      expect([back.group('01.').deductionFactor, back.project.serviceSpecifications![0].deductionFactor]).toEqual([0.05, 0.02]);
      expect(back.project.serviceSpecifications![0].totalPriceGrossDeducted).toBe(1206.58);
      expect(mismatches(back.messages)).toEqual([]);
    }
  });

  it('keeps the levels a tender allows discounts at, and writes no discount without sums (reported)', () => {
    const tender = read(withSums(SUM('lg-summe', '1080.00'), SUM('lv-summe', '1080.00'), ALLOWED.replace('<auflvsumme/>', '')));
    const project: ProjectDto = structuredClone(tender.project);
    const spec = project.serviceSpecifications![0];
    spec.exchangePhase = 'OfferRequest';
    delete (spec.oenormProperties as Record<string, unknown>).lvType;
    let written = write(project, { DestinationOenormType: 'Lv2009' });
    expect(written.text).toContain('<ausschreibungs-lv>');
    expect(written.text).toContain('<zugelassenenachlaesse><aufsummen/><hierarchiestufen><auflgsummen/></hierarchiestufen></zugelassenenachlaesse>');
    spec.deductionFactor = 0.03;
    (spec.elements![1] as Record<string, unknown>).absoluteDeduction = 5; // LG 01. (after the svb note)
    written = write(prepared(project), { DestinationOenormType: 'Lv2009' });
    expect(written.text).not.toContain('<nachlass>');
    expect(notWritten(written.messages)).toEqual([
      'The discount of the LV was not written: this LV type states no sums.',
      'The discount of group 01. was not written: this LV type states no sums.',
    ]);
  });

  it('writes a discount of another source: rounded to two decimals of a percent; what ÖNORM cannot state is reported', () => {
    const project: ProjectDto = structuredClone(read(withSums(SUM('lg-summe', '1080.00'), SUM('lv-summe', '1080.00'))).project);
    const spec = project.serviceSpecifications![0];
    const group = (n: string) => (spec.elements ?? []).flatMap((e) => [e, ...((e as { elements?: unknown[] }).elements ?? [])])
      .find((e) => (e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation === n) as Record<string, unknown>;
    group('01.').deductionFactor = 0.02125; // GAEB DiscountPcnt 2.125
    group('01.01.').absoluteDeduction = 10;
    const position = (group('01.01.').elements as Record<string, unknown>[]).find((e) => e.elementTypeDiscriminator === 'PositionDto')!;
    position.deductionFactor = 0.1;
    const written = write(prepared(project), { DestinationOenormType: 'Lv2009' });
    // 1080.00 (the ULG's 1070.00 after its absolute deduction is not written) − 2.13 % = 1080.00 − 23.00 = 1057.00
    expect(written.text).toContain('<lg-summe><summe><gesamt>1080.00</gesamt></summe><nachlass><summe-prozent>-2.13</summe-prozent><ergebnis><gesamt>-23.00</gesamt></ergebnis></nachlass><summe-inkl-na><gesamt>1057.00</gesamt></summe-inkl-na></lg-summe>');
    expect(written.text).toContain('<lv-summe><summe><gesamt>1057.00</gesamt></summe><summe-inkl-na><gesamt>1057.00</gesamt></summe-inkl-na></lv-summe>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(written.messages.filter((m) => m.code === 'OENORM_VALUE_ROUNDED').map((m) => m.message)).toEqual([
      'The discount of LG 01. was rounded to the two decimals ÖNORM allows: -2.125 % → -2.13 %; its sums follow the written percentage.',
    ]);
    expect(notWritten(written.messages)).toEqual([
      'The absolute discount of ULG 01.01. (10) was not written: ÖNORM A 2063 states discounts as percentages of a sum.',
      "positions' discounts were not written: ÖNORM A 2063 discounts sums only",
    ]);
    expect(read(written.xml).group('01.').deductionFactor).toBe(0.0213);
  });

  it('writes a discount per price share read from ÖNORM back as it was, while its amount is unchanged', () => {
    const r = read(withSums(LG_SHARES, SUM('lv-summe', '1067.50'), ALLOWED.replace('<aufsummen/>', '<aufpreisanteile/>')));
    const written = write(r.project, { DestinationOenormType: 'Lv2009' });
    expect(written.text).toContain('<lg-summe><summe><gesamt>1080.00</gesamt></summe><nachlass><pa1-prozent>-2.00</pa1-prozent><pa2-prozent>-4.00</pa2-prozent>' +
      '<ergebnis><gesamt>-12.50</gesamt></ergebnis></nachlass><summe-inkl-na><gesamt>1067.50</gesamt></summe-inkl-na></lg-summe>');
    expect(written.text).toContain('<zugelassenenachlaesse><aufpreisanteile/><hierarchiestufen><auflvsumme/><auflgsummen/></hierarchiestufen></zugelassenenachlaesse>');
    if (hasOenormXsd) expect(validateOnlv(written.xml).errors).toEqual([]);
    expect(notWritten(written.messages)).toEqual([]);
    const back = read(written.xml);
    expect([back.group('01.').absoluteDeduction, back.project.serviceSpecifications![0].totalPrice]).toEqual([12.5, 1067.5]);
    expect(mismatches(back.messages)).toEqual([]);
    // changed after reading: the percentages no longer describe it
    const changed: ProjectDto = structuredClone(r.project);
    (changed.serviceSpecifications![0].elements![1] as Record<string, unknown>).absoluteDeduction = 20;
    const other = write(prepared(changed), { DestinationOenormType: 'Lv2009' });
    expect(other.text).not.toContain('<nachlass>');
    expect(notWritten(other.messages)).toEqual(['The absolute discount of LG 01. (20) was not written: ÖNORM A 2063 states discounts as percentages of a sum.']);
  });
});
