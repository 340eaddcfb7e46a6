/** The `oenorm` source over HTTP: oenorm → ava and oenorm → GAEB DA XML, and 400 answers for bad input. */
import 'reflect-metadata';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClientToken, postFile, testApp } from '../support/app.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { discounted, fixture, withSums } from './support.js';

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await testApp();
  token = await localClientToken(app);
});
afterAll(() => app.close());

const authed = (url: string, name: string, data: Buffer | string) => postFile(app, token, url, 'oenormFile', name, data);

describe('POST /conversion/oenorm/*', () => {
  it('oenorm → ava answers the recalculated project', async () => {
    const res = await authed('/conversion/oenorm/ava', 'angebot.onlv', fixture('angebot-2009-lg.onlv'));
    expect(res.statusCode).toBe(200);
    const spec = res.json().serviceSpecifications[0];
    expect(spec).toMatchObject({ exchangePhase: 'Offer', origin: 'Oenorm', totalPrice: 1080 });
    const ulg = spec.elements[1].elements[1];
    expect(ulg.itemNumber.stringRepresentation).toBe('01.01.');
    expect(ulg.elements[0]).toMatchObject({ shortText: 'Aushub bis 2 m Tiefe', quantity: 12.5, unitTag: 'm²', unitPrice: 30.4 });
    expect(ulg.elements[0].oenormPositionProperties).toMatchObject({ grundtextnr: '01', ftnr: 'A' });
  });

  it('oenorm → ava → oenorm keeps a quantity take-off with its ÖNORM rows (the JSON carries them)', async () => {
    const res = await authed('/conversion/oenorm/ava', 'entwurf.onlv', fixture('entwurf-2009-mengen.onlv'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const wall = res.json().serviceSpecifications[0].elements[1].elements[0].elements[0];
    expect(wall.quantityComponents[2]).toMatchObject({ oenormRow: 'a', formula: '2*(4.4*3)', oenormFormel: { name: 'Formel2' }, result: 26.4 });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const back = await app.inject({ method: 'POST', url: '/conversion/ava/oenorm?DestinationOenormType=Lv2009', headers, payload: res.body });
    expect(back.statusCode, back.body.slice(0, 300)).toBe(200);
    const section = (xml: string) => xml.replace(/>\s+</g, '><').match(/<berechnetemengen>.*?<\/berechnetemengen>/gs);
    expect(section(back.body)).toEqual(section(fixture('entwurf-2009-mengen.onlv').toString('utf8')));
  });

  it('oenorm → gaeb carries the VAT rate of summenormalausfuehrung as the BoQ\'s VAT', async () => {
    const summe = '<lv-summe><summe><gesamt>1080.00</gesamt></summe><summe-inkl-na><gesamt>1080.00</gesamt></summe-inkl-na></lv-summe>';
    const vat = '<summenormalausfuehrung><summe-des-lv>1080.00</summe-des-lv><summe-nachlaesse>0.00</summe-nachlaesse><gesamtpreis>1080.00</gesamtpreis>' +
      '<ust><ustsatz>20.00</ustsatz><ustbetrag>216.00</ustbetrag></ust><angebotspreis>1296.00</angebotspreis></summenormalausfuehrung>';
    const text = fixture('angebot-2009-lg.onlv').toString('utf8');
    expect(text).toContain(summe);
    const res = await authed('/conversion/oenorm/gaeb?DestinationGaebType=GaebXml_V3_3', 'angebot.onlv', text.replace(summe, summe + vat));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body.match(/<VAT>[^<]*<\/VAT>/g)).toEqual(['<VAT>20.00</VAT>']);
  });

  it('oenorm → gaeb → oenorm carries the discounts of the LG and LV sums (GAEB DiscountPcnt, ÖNORM nachlass)', async () => {
    const lg = discounted('lg-summe', '1080.00', '-5.00', '-54.00', '1026.00');
    const lv = discounted('lv-summe', '1026.00', '-2.00', '-20.52', '1005.48');
    // X86 (a contract) holds the whole BoQ; an X84 offer holds the prices alone
    const gaeb = await authed('/conversion/oenorm/gaeb?DestinationGaebType=GaebXml_V3_3&TargetExchangePhaseTransform=Grant', 'angebot.onlv', withSums(lg, lv));
    expect(gaeb.statusCode, gaeb.body.slice(0, 300)).toBe(200);
    // the BoQ's totals (LV, 2 %) and the LG's (5 %)
    expect(gaeb.body.match(/<DiscountPcnt>[^<]*<\/DiscountPcnt>/g)?.map((d) => Number(/>([^<]*)</.exec(d)![1]))).toEqual([2, 5]);
    expect(gaeb.body).toContain('<TotAfterDisc>1005.48</TotAfterDisc>');
    expect(gaeb.body).toContain('http://www.gaeb.de/GAEB_DA_XML/DA86/3.3');
    if (hasGaebSchema('3.3', '86')) expect(validateGaebXml(gaeb.body, '3.3', '86').errors).toEqual([]);
    const back = await postFile(app, token, '/conversion/gaeb/oenorm?DestinationOenormType=Lv2009', 'gaebFile', 'angebot.X86', gaeb.body);
    expect(back.statusCode, back.body.slice(0, 300)).toBe(200);
    expect(back.body).toContain(`</ulg-liste>${lg}</lg>`);
    expect(back.body.match(/<summe-prozent>[^<]*<\/summe-prozent>/g)).toEqual(['<summe-prozent>-5.00</summe-prozent>', '<summe-prozent>-2.00</summe-prozent>']);
    expect(back.body).toContain('<summe-inkl-na><gesamt>1005.48</gesamt></summe-inkl-na></lv-summe>');
  });

  it('oenorm → gaeb writes GAEB DA XML 3.3 that validates (X86 and X83)', async () => {
    for (const [phase, transform] of [['86', 'Grant'], ['83', 'OfferRequest']]) {
      const res = await authed(`/conversion/oenorm/gaeb?DestinationGaebType=GaebXml_V3_3&TargetExchangePhaseTransform=${transform}`, 'angebot.onlv', fixture('angebot-2009-lg.onlv'));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.body).toContain(`http://www.gaeb.de/GAEB_DA_XML/DA${phase}/3.3`);
      expect(res.body).toContain('RNoPart="01" RNoIndex="A"');
      if (hasGaebSchema('3.3', phase)) expect(validateGaebXml(res.body, '3.3', phase).errors).toEqual([]);
    }
  });

  it('answers 400 naming what was expected for a GAEB file, an invoice and truncated XML', async () => {
    const gaeb = await authed('/conversion/oenorm/ava', 'x.X83', '<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"/>');
    expect(gaeb.statusCode).toBe(400);
    expect(gaeb.body).toContain('GAEB DA XML document');
    const onre = await authed('/conversion/oenorm/gaeb', 'x.onre', '<onre xmlns="http://www.oenorm.at/schema/A2063/2021-03-01"/>');
    expect(onre.statusCode).toBe(400);
    expect(onre.body).toContain('invoice (ONRE');
    const truncated = await authed('/conversion/oenorm/ava', 'x.onlv', fixture('angebot-2009-lg.onlv').subarray(0, 3000));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.body).toContain('Malformed ÖNORM XML');
  });
});
