import 'reflect-metadata';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, testApp } from '../support/app.js';

const X83 = `<?xml version="1.0" encoding="utf-8"?>
<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">
  <GAEBInfo><Version>3.3</Version><VersDate>2021-05</VersDate><Date>2026-01-01</Date></GAEBInfo>
  <PrjInfo><NamePrj>Route test</NamePrj></PrjInfo>
  <Award><DP>83</DP><BoQ ID="B1"><BoQInfo><Name>LV</Name><LblBoQ>Route test LV</LblBoQ>
    <BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn>
    <BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo>
    <BoQBody><BoQCtgy ID="C1" RNoPart="01"><LblTx><p><span>Erdarbeiten</span></p></LblTx><BoQBody><Itemlist>
      <Item ID="I1" RNoPart="0010"><Qty>12.500</Qty><QU>m3</QU><Description><CompleteText>
        <DetailTxt><Text><p><span>Boden lösen und laden</span></p></Text></DetailTxt>
        <OutlineText><OutlTxt><TextOutlTxt><p><span>Aushub</span></p></TextOutlTxt></OutlTxt></OutlineText>
      </CompleteText></Description></Item>
    </Itemlist></BoQBody></BoQCtgy></BoQBody></BoQ></Award>
</GAEB>`;

const minimalProject = {
  serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'PositionDto', shortText: 'Concrete Wall', unitTag: 'm²', quantityComponents: [{ formula: '10' }], priceComponents: [{ values: [{ formula: '80' }] }] }] }],
};

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await testApp({ limits: { uploadBytes: 64 * 1024 } });
  // The conversion routes need a bearer token: the documented local client's client_credentials token.
  const res = await app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}` },
    payload: 'grant_type=client_credentials&scope=avacloud',
  });
  token = res.json().access_token;
});
afterAll(() => app.close());

/** `app.inject` with the bearer token added to the request's headers. */
const authed = (opts: InjectOptions) => app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });

const problem = (res: { headers: Record<string, unknown>; json: () => unknown }) => {
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  return (res.json() as { errors: Record<string, string[]> }).errors;
};

describe('GET /status', () => {
  it('reports health, version and environment', async () => {
    const res = await app.inject('/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isHealthy: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/), environment: 'Development' });
  });
});

describe('POST /conversion/ava/ava', () => {
  it('recalculates a partial project and answers the ProjectDto media type', async () => {
    const res = await authed({ method: 'POST', url: '/conversion/ava/ava', payload: minimalProject });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.com.dangl-it.ProjectDto.v1+json');
    const p = res.json().serviceSpecifications[0].elements[0];
    expect(p).toMatchObject({ elementTypeDiscriminator: 'PositionDto', elementType: 'PositionDto', quantity: 10, unitPrice: 80, totalPrice: 800 });
    expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts text/json and application/*+json bodies', async () => {
    for (const type of ['text/json', 'application/vnd.com.dangl-it.ProjectDto.v1+json', 'application/json-patch+json']) {
      const res = await authed({ method: 'POST', url: '/conversion/ava/ava', headers: { 'content-type': type }, payload: JSON.stringify(minimalProject) });
      expect(res.statusCode, type).toBe(200);
    }
  });

  it('answers 400 for an empty or malformed body, naming the problem', async () => {
    const empty = await authed({ method: 'POST', url: '/conversion/ava/ava', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.values(problem(empty)).flat().join(' ')).toMatch(/empty/i);
    const broken = await authed({ method: 'POST', url: '/conversion/ava/ava', headers: { 'content-type': 'application/json' }, payload: '{"serviceSpecifications": [' });
    expect(broken.statusCode).toBe(400);
    problem(broken);
    const wrongShape = await authed({ method: 'POST', url: '/conversion/ava/ava', payload: { serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'Wall' }] }] } });
    expect(wrongShape.statusCode).toBe(400);
    expect(JSON.stringify(problem(wrongShape))).toContain('Wall');
  });

  it('removes long texts with the L options', async () => {
    const project = { serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'Position', longText: 'Line one' }] }] };
    const both = (await authed({ method: 'POST', url: '/conversion/ava/ava', payload: project })).json().serviceSpecifications[0].elements[0];
    expect(both.longText).toBe('Line one');
    expect(both.htmlLongText).toContain('Line one');
    const res = await authed({ method: 'POST', url: '/conversion/ava/ava?RemoveHtmlLongTexts=TRUE', payload: project });
    const p = res.json().serviceSpecifications[0].elements[0];
    expect(p.longText).toBe('Line one');
    expect(p).not.toHaveProperty('htmlLongText');
  });
});

describe('POST /conversion/gaeb/*', () => {
  it('converts a GAEB DA XML upload to ava', async () => {
    const res = await authed({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'lv.X83', X83) });
    expect(res.statusCode).toBe(200);
    const spec = res.json().serviceSpecifications[0];
    expect(spec.exchangePhase).toBe('OfferRequest');
    const group = spec.elements[0];
    expect(group.itemNumber.stringRepresentation).toBe('01.');
    expect(group.elements[0]).toMatchObject({ shortText: 'Aushub', quantity: 12.5, unitTag: 'm3' });
    expect(group.elements[0].itemNumber.stringRepresentation).toBe('01.0010');
  });

  it('writes GAEB DA XML with a file name and the phase extension', async () => {
    const res = await authed({ method: 'POST', url: '/conversion/gaeb/gaeb?DestinationGaebType=GaebXml_V3_3', ...multipartBody('gaebFile', 'tender.X83', X83) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('tender.X83');
    expect(res.body).toContain('http://www.gaeb.de/GAEB_DA_XML/DA83/3.3');
    expect(res.body).toContain('RNoPart="0010"');
  });

  it('answers 400 for malformed XML, a non-GAEB file, a misnamed or missing field, and a non-multipart request', async () => {
    const malformed = await authed({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'x.X83', X83.slice(0, 400)) });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(problem(malformed))).toMatch(/XML|GAEB/);
    const other = await authed({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'x.txt', 'hello world') });
    expect(other.statusCode).toBe(400);
    expect(JSON.stringify(problem(other))).toContain('Expected a GAEB file');
    const misnamed = await authed({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('oenormFile', 'x.X83', X83) });
    expect(misnamed.statusCode).toBe(400);
    expect(problem(misnamed).gaebFile[0]).toContain('oenormFile');
    const empty = await authed({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'x.X83', '') });
    expect(empty.statusCode).toBe(400);
    const json = await authed({ method: 'POST', url: '/conversion/gaeb/ava', payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
    expect(problem(json).gaebFile[0]).toContain('multipart/form-data');
  });

  it('answers 413 for an upload larger than the configured limit', async () => {
    const big = X83.replace('<PrjInfo>', `<PrjInfo><!--${'x'.repeat(70 * 1024)}-->`);
    const res = await authed({ method: 'POST', url: '/conversion/gaeb/ava', ...multipartBody('gaebFile', 'big.X83', big) });
    expect(res.statusCode).toBe(413);
    problem(res);
  });

  it('answers 400 naming the option for an unknown enum value', async () => {
    const res = await authed({ method: 'POST', url: '/conversion/gaeb/gaeb?DestinationGaebType=Gaeb95', ...multipartBody('gaebFile', 'x.X83', X83) });
    expect(res.statusCode).toBe(400);
    expect(problem(res).DestinationGaebType[0]).toContain('allowed: Gaeb90');
  });
});

describe('authorization', () => {
  it('answers 401 without a bearer token and keeps /status anonymous', async () => {
    const res = await app.inject({ method: 'POST', url: '/conversion/ava/ava', payload: minimalProject });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm=/);
    problem(res);
  });
});

describe('routing', () => {
  it('answers 404 for a pair that is not in the matrix', async () => {
    const res = await authed({ method: 'POST', url: '/conversion/gaeb/sia', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('publishes an OpenAPI document with every route, its options and responses', async () => {
    const res = await app.inject('/swagger/v1/swagger.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const op = doc.paths['/conversion/gaeb/gaeb'].post;
    expect(op.operationId).toBe('GaebConversion_ConvertToGaeb');
    const params = op.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(['SupportSkippedItemNumberLevelsInPositions', 'DestinationGaebType', 'TargetExchangePhaseTransform', 'EnforceStrictOfferPhaseLongTextOutput', 'ExportQuantityDetermination', 'RemoveUnprintableCharactersFromTexts']);
    expect(op.parameters.find((p: { name: string }) => p.name === 'DestinationGaebType').description).toBe('Target GAEB type. Default: GAEB XML V3.2.');
    expect(Object.keys(op.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400']));
    expect(doc.paths['/conversion/ava/ava'].post.operationId).toBe('AvaConversion_ConvertToAva');
    expect(doc.paths['/status'].get.operationId).toBe('Status_GetStatus');
    expect(op.security).toEqual([{ 'Dangl.Identity': ['avacloud'] }]);
    expect(doc.components.securitySchemes['Dangl.Identity'].flows.clientCredentials.tokenUrl).toBe('/connect/token');
    expect(doc.paths['/status'].get.security).toEqual([]);
    const ui = await app.inject('/swagger/');
    expect(ui.statusCode).toBe(200);
  });
});
