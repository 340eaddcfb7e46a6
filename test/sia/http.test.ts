/**
 * The `sia` plugin over HTTP: sia → ava, sia → gaeb (DA XML 3.3 that validates), ava → sia and back, and 400
 * answers for bad input.
 */
import 'reflect-metadata';
import iconv from 'iconv-lite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClientToken, postFile, testApp } from '../support/app.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { fixture } from './support.js';

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await testApp();
  token = await localClientToken(app);
});
afterAll(() => app.close());

const authed = (url: string, data: Buffer | string) => postFile(app, token, url, 'siaFile', 'schulhaus.01s', data);

describe('POST /conversion/sia/* and /conversion/ava/sia', () => {
  it('sia → ava answers the recalculated project; ava → sia writes it back', async () => {
    const res = await authed('/conversion/sia/ava', fixture('schulhaus.01s'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const project = res.json();
    const spec = project.serviceSpecifications[0];
    expect(spec).toMatchObject({ origin: 'Sia', exchangePhase: 'OfferRequest', totalPrice: 16259.25 });
    const back = await app.inject({
      method: 'POST', url: '/conversion/ava/sia', payload: project,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(back.statusCode, back.body.slice(0, 300)).toBe(200);
    const records = iconv.decode(back.rawPayload, 'cp850').split('\r\n');
    expect(records).toContain('G211   111100    01Haus                  6 A+0000000450500   +000000002850');
  });

  it('sia → gaeb writes GAEB DA XML 3.3 that validates', async () => {
    const res = await authed('/conversion/sia/gaeb?DestinationGaebType=GaebXml_V3_3', fixture('schulhaus.01s'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toContain('Aushub Baugrube maschinell in Klasse I');
    if (hasGaebSchema('3.3', '83')) expect(validateGaebXml(res.body, '3.3', '83').errors).toEqual([]);
  });

  it('answers 400 naming the problem for a GAEB file and a truncated file', async () => {
    const gaeb = await authed('/conversion/sia/ava', '<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"/>');
    expect(gaeb.statusCode).toBe(400);
    expect(gaeb.body).toContain('GAEB DA XML file; send it as gaebFile');
    const truncated = await authed('/conversion/sia/ava', fixture('schulhaus.01s').subarray(0, 900));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.body).toContain('truncated');
  });
});
