/**
 * The `gaeb` plugin over all three generations: the reader picks GAEB 90, GAEB 2000 or DA XML from the content
 * (the file name plays no part), and `DestinationGaebType` picks the writer; read → write → read keeps the items.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, testApp } from '../support/app.js';

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url));
const SOURCES = { gaeb90: fixture('gaeb90/schulhof.d83'), gaeb2000: fixture('gaeb2000/features.P83'), xml: fixture('gaeb/award-v33-lots.x86') };

interface Item { number: string; quantity?: number; unit?: string; shortText?: string }

function items(project: { serviceSpecifications: { elements: unknown[] }[] }): Item[] {
  const out: Item[] = [];
  const walk = (elements: Record<string, unknown>[] = []) => {
    for (const e of elements) {
      if (e.elementTypeDiscriminator === 'PositionDto') {
        out.push({ number: (e.itemNumber as { stringRepresentation: string }).stringRepresentation, quantity: e.quantity as number, unit: e.unitTag as string, shortText: e.shortText as string });
      }
      walk(e.elements as Record<string, unknown>[]);
    }
  };
  walk(project.serviceSpecifications[0].elements as Record<string, unknown>[]);
  return out;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ auth: { requireTokenForConversions: false } });
});
afterAll(() => app.close());

const toAva = async (bytes: Buffer, name: string) => {
  const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', name, bytes) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('gaeb plugin: generations by content', () => {
  it.each(Object.entries(SOURCES))('reads %s whatever the file name says', async (generation, bytes) => {
    const project = await toAva(bytes, 'misleading-name.X83');
    const expected = { gaeb90: 'Gaeb90', gaeb2000: 'Gaeb2000', xml: 'GaebXml' }[generation];
    expect(project.serviceSpecifications[0].origin).toBe(expected);
    expect(items(project).length).toBeGreaterThan(0);
  });

  it.each([
    ['Gaeb90', /^\.D8\d$/, (b: Buffer) => b.subarray(0, 2).toString('latin1') !== '<?'],
    ['Gaeb2000', /^\.P8\d$/, (b: Buffer) => /#begin\[GAEB\]/i.test(b.toString('latin1', 0, 200))],
    ['GaebXml_V3_3', /^\.X8\d$/, (b: Buffer) => b.toString('utf8', 0, 200).includes('GAEB_DA_XML/DA')],
  ])('writes DestinationGaebType=%s and reads it back with the same items', async (type, extension, looksRight) => {
    const original = await toAva(SOURCES.xml, 'award.x86');
    const res = await app.inject({ method: 'POST', url: `/conversion/ava/gaeb?DestinationGaebType=${type}`, payload: original });
    expect(res.statusCode, res.body).toBe(200);
    const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))![1];
    expect(name.slice(name.lastIndexOf('.'))).toMatch(extension);
    expect(looksRight(res.rawPayload)).toBe(true);
    const back = await toAva(res.rawPayload, name);
    // Tier widths may differ between generations (GAEB 90 lot numbers are two digits): compare tier by tier
    // without leading zeros.
    const tiers = (n: string) => n.split('.').map((p) => p.replace(/^0+(?=.)/, '')).join('.');
    const strip = (list: Item[]) => list.map(({ number, quantity, unit }) => ({ number: tiers(number), quantity, unit }));
    expect(strip(items(back))).toEqual(strip(items(original)));
  });

  it('answers 400 for a commerce type it cannot write yet, naming the available ones', async () => {
    const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/gaeb?DestinationGaebType=Gaeb2000Commerce', ...multipartBody('gaebFile', 'a.x86', SOURCES.xml) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.DestinationGaebType[0]).toContain('Gaeb90, Gaeb2000');
  });
});
