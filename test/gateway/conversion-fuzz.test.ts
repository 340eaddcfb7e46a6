/**
 * A hostile or sloppy caller against every conversion route of the matrix: each malformed request answers a 4xx
 * `application/problem+json` naming the problem (never a 5xx), and the gateway converts normally afterwards. Also
 * the file response's `Content-Disposition` (RFC 6266, RFC 8187) for odd upload names.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, outputFileName } from '../../gateway/conversion/file-name.js';
import { multipartBody, testApp } from '../support/app.js';

const X83 = readFileSync(new URL('../../examples/tender.X83', import.meta.url));
const PROJECT = readFileSync(new URL('../../examples/project.json', import.meta.url), 'utf8');

let app: FastifyInstance;
/** path → the multipart field of its source, or undefined for JSON sources. */
let routes: Map<string, string | undefined>;

beforeAll(async () => {
  app = await testApp({ limits: { uploadBytes: 64 * 1024 }, auth: { requireTokenForConversions: false }, pool: { threads: 1 } });
  const doc = (await app.inject('/swagger/v1/swagger.json')).json();
  routes = new Map();
  for (const [path, item] of Object.entries<{ post?: { requestBody: { content: Record<string, { schema: { required?: string[] } }> } } }>(doc.paths)) {
    if (!path.startsWith('/conversion/') || !item.post) continue;
    routes.set(path, item.post.requestBody.content['multipart/form-data']?.schema.required?.[0]);
  }
});
afterAll(() => app.close());

/** The problem body of a 4xx answer, after checking status class and media type. */
function problemOf(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  expect(String(res.headers['content-type']), label).toMatch(/^application\/problem\+json/);
  const body = res.json() as { status: number; code: string; errors: Record<string, string[]> };
  expect(body.status, label).toBe(res.statusCode);
  expect(Object.values(body.errors).flat().join(' ').length, label).toBeGreaterThan(0);
  return body;
}

const raw = (url: string, payload: string | Buffer, contentType?: string) =>
  app.inject({ method: 'POST', url, payload, headers: contentType ? { 'content-type': contentType } : {} });

describe('every conversion route refuses malformed requests with a 4xx problem', () => {
  it('covers the seed matrix (and its file sources)', () => {
    expect(routes.size).toBeGreaterThanOrEqual(26);
    expect(routes.get('/conversion/gaeb/ava')).toBe('gaebFile');
    expect(routes.get('/conversion/ava/sia')).toBeUndefined();
  });

  it('missing, misnamed, empty, text-only and doubled file parts; wrong and cut-off bodies', async () => {
    for (const [url, field] of routes) {
      if (field === undefined) {
        problemOf(await raw(url, '', 'application/json'), `${url} empty JSON`);
        problemOf(await raw(url, '{"serviceSpecifications": [', 'application/json'), `${url} broken JSON`);
        problemOf(await raw(url, '[]', 'application/json'), `${url} JSON array`);
        problemOf(await raw(url, PROJECT, 'application/xml'), `${url} XML content type`);
        problemOf(await raw(url, PROJECT, 'text/plain'), `${url} text/plain`);
        problemOf(await app.inject({ method: 'POST', url, ...multipartBody('avaProject', 'p.json', PROJECT) }), `${url} multipart`);
        continue;
      }
      const missing = problemOf(await app.inject({ method: 'POST', url, ...multipartBody('file', 'x.bin', X83) }), `${url} misnamed`);
      expect(missing.errors[field][0]).toContain(field);
      expect(problemOf(await app.inject({ method: 'POST', url, ...multipartBody(field, 'x.bin', '') }), `${url} empty`).errors[field]).toEqual([`The file in "${field}" is empty.`]);
      const text = problemOf(await raw(url, `--b\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nsome text\r\n--b--\r\n`, 'multipart/form-data; boundary=b'), `${url} text part`);
      expect(text.errors[field][0]).toContain('a text field, not a file');
      const part = `--b\r\nContent-Disposition: form-data; name="${field}"; filename="a.bin"\r\n\r\n${X83}\r\n`;
      expect(problemOf(await raw(url, part + part + '--b--\r\n', 'multipart/form-data; boundary=b'), `${url} two files`).code).toBe('GW_ERR_TOO_LARGE');
      problemOf(await raw(url, part, 'multipart/form-data'), `${url} no boundary`);
      problemOf(await raw(url, part.slice(0, 120), 'multipart/form-data; boundary=b'), `${url} cut off`);
      problemOf(await raw(url, X83, 'application/octet-stream'), `${url} raw bytes`);
      problemOf(await raw(url, '{}', 'application/json'), `${url} JSON`);
      problemOf(await raw(url, ''), `${url} no body`);
    }
  });

  it('a file of another format, and an upload over the limit', async () => {
    for (const [url, field] of routes) {
      if (field === undefined) continue;
      const other = field === 'gaebFile' ? Buffer.from('PK\u0003\u0004 not a workbook') : X83;
      const res = await app.inject({ method: 'POST', url, ...multipartBody(field, 'x.bin', other) });
      expect(problemOf(res, `${url} other format`).code).toMatch(/^GW_ERR_(PARSE|UNSUPPORTED_FORMAT)$/);
      const big = await app.inject({ method: 'POST', url, ...multipartBody(field, 'x.bin', Buffer.alloc(65 * 1024, 0x41)) });
      expect(problemOf(big, `${url} too large`).code).toBe('GW_ERR_TOO_LARGE');
    }
  });

  it('option values of the wrong type, out of range or very long name the option (and quote at most 100 characters of the value)', async () => {
    const [url, field] = ['/conversion/gaeb/gaeb', 'gaebFile'];
    const send = (query: string) => app.inject({ method: 'POST', url: url + query, ...multipartBody(field, 'x.X83', X83) });
    for (const query of ['?ExportQuantityDetermination=1', '?exportquantitydetermination=yes', '?DestinationGaebType=Gaeb95', '?DestinationGaebType=%00', '?destinationgaebtype=nope&DestinationGaebType=Gaeb90']) {
      const body = problemOf(await send(query), query);
      expect(body.code).toBe('GW_ERR_OPTION');
      expect(Object.keys(body.errors)[0]).toMatch(/^(ExportQuantityDetermination|DestinationGaebType)$/);
    }
    const long = problemOf(await send(`?DestinationGaebType=${'x'.repeat(20_000)}`), 'long value');
    const message = long.errors.DestinationGaebType[0];
    expect(message).toContain(`"${'x'.repeat(99)}…"`);
    expect(message.length).toBeLessThan(400);
  });

  it('binds repeated options as AVACloud (ASP.NET Core) does: the first value, names ignoring case; a blank value is the default', async () => {
    for (const query of ['?DestinationGaebType=Gaeb90&DestinationGaebType=Nope', '?destinationgaebtype=gaeb90&DestinationGaebType=Nope&DESTINATIONGAEBTYPE=x']) {
      const res = await app.inject({ method: 'POST', url: `/conversion/gaeb/gaeb${query}`, ...multipartBody('gaebFile', 'x.X83', X83) });
      expect(res.statusCode, query).toBe(200);
      expect(res.headers['content-disposition'], query).toContain('x.D83');
    }
    const blank = await app.inject({ method: 'POST', url: '/conversion/gaeb/gaeb?ExportQuantityDetermination=%20&DestinationGaebType=%20', ...multipartBody('gaebFile', 'x.X83', X83) });
    expect(blank.statusCode).toBe(200);
    expect(blank.headers['content-disposition']).toContain('x.X83');
  });

  it('a body of a content type the route does not read: 415 naming it and what the route reads', async () => {
    const file = problemOf(await raw('/conversion/gaeb/ava', X83, 'application/octet-stream'), 'octet-stream');
    expect(file).toMatchObject({ status: 415, code: 'GW_ERR_UNSUPPORTED_MEDIA_TYPE' });
    expect(file.errors.body).toEqual(['The content type "application/octet-stream" is not read here; send multipart/form-data.']);
    const json = problemOf(await raw('/conversion/ava/ava', '<x/>', 'application/xml; charset=utf-8'), 'xml');
    expect(json.errors.body).toEqual(['The content type "application/xml" is not read here; send application/json or text/json or application/*+json.']);
  });

  it('still converts afterwards', async () => {
    const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'tender.X83', X83) });
    expect(res.statusCode).toBe(200);
  });
});

describe('the file name of a file response', () => {
  const dispositionFor = async (fileName: string) => {
    const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/gaeb', ...multipartBody('gaebFile', fileName, X83) });
    expect(res.statusCode).toBe(200);
    return String(res.headers['content-disposition']);
  };

  it('encodes characters outside RFC 8187 attr-char in filename*, parentheses included', async () => {
    expect(await dispositionFor('LV (2).X83')).toBe(`attachment; filename="LV (2).X83"; filename*=UTF-8''LV%20%282%29.X83`);
    expect(await dispositionFor('Straße.X83')).toBe(`attachment; filename="Stra_e.X83"; filename*=UTF-8''Stra%C3%9Fe.X83`);
  });

  it('cuts a long upload name, so the response headers stay small', async () => {
    const header = await dispositionFor(`${'ä'.repeat(5000)}.X83`);
    expect(header).toBe(`attachment; filename="${'_'.repeat(100)}.X83"; filename*=UTF-8''${'%C3%A4'.repeat(100)}.X83`);
  });

  it("never lets a writer's extension break the header's quoting or add a header", () => {
    const header = contentDisposition(outputFileName('lv.x', 'evil', '".e\\v"\r\nX-Evil: 1'));
    expect(header).toBe(`attachment; filename="lv_.e_v___X-Evil_ "; filename*=UTF-8''lv_.e_v___X-Evil_%20`);
    expect(contentDisposition(outputFileName('lv.x', 'evil', `.${'e'.repeat(10_000)}`))).toBe(`attachment; filename="lv.${'e'.repeat(15)}"; filename*=UTF-8''lv.${'e'.repeat(15)}`);
    expect(outputFileName('lv.x', 'evil', undefined)).toBe('lv');
    expect(outputFileName(undefined, 'ava', '.X86')).toBe('ava.X86');
    expect(outputFileName('.X83', 'gaeb', '.D83')).toBe('gaeb.D83');
  });
});
