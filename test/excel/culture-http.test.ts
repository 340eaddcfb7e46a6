/**
 * `ConversionCulture` over HTTP: any culture name is taken, as AVACloud does; the five localised languages (also
 * with a region, `de-AT`) give their sheet names and headers, anything else falls back to English — never a 400.
 */
import 'reflect-metadata';
import type { FastifyInstance } from 'fastify';
import XlsxPopulate from 'xlsx-populate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, testApp } from '../support/app.js';
import { sampleX83 } from '../support/sample-x83.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ auth: { requireTokenForConversions: false } });
});
afterAll(() => app.close());

/** The header row of the first sheet of the workbook the gateway writes for `culture`. */
async function headers(culture: string): Promise<{ status: number; cells: string[] }> {
  const res = await app.inject({
    method: 'POST', url: `/conversion/gaeb/excel?ConversionCulture=${encodeURIComponent(culture)}`,
    ...multipartBody('gaebFile', 'tender.X83', Buffer.from(sampleX83())),
  });
  if (res.statusCode !== 200) return { status: res.statusCode, cells: [] };
  const book = await XlsxPopulate.fromDataAsync(res.rawPayload);
  const sheet = book.sheets().find((s) => s.hidden() === false);
  if (sheet === undefined) throw new Error('no visible sheet');
  for (let row = 1; row <= 30; row++) {
    const cells = Array.from({ length: 12 }, (_, k) => sheet.cell(row, k + 1).value()).filter((v): v is string => typeof v === 'string' && v !== '');
    if (cells.length >= 3) return { status: 200, cells };
  }
  return { status: 200, cells: [] };
}

describe('ConversionCulture over HTTP', () => {
  it('localises German, also with a region, and falls back to English for any other culture', async () => {
    const en = await headers('en');
    const de = await headers('de');
    expect(en.status).toBe(200);
    expect(de.cells).not.toEqual(en.cells);
    expect((await headers('de-AT')).cells).toEqual(de.cells);
    for (const other of ['pt', 'xx-YY', 'EN']) {
      const res = await headers(other);
      expect(res.status, other).toBe(200);
      expect(res.cells, other).toEqual(en.cells);
    }
  });
});
