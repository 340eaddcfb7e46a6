/**
 * The conversion pool's API on worker threads against the same conversions on the main thread (threads 0) and
 * against ConversionService itself: same output, same errors, bytes moved not copied, customer plugins in workers,
 * a worker that dies or loops is replaced. HTTP behaviour (503, 504, /status during a conversion):
 * pool-routes.test.ts.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { GatewayError } from '../../core/errors.js';
import { createConversionContainer } from '../../gateway/composition-root.js';
import { resolveOptions } from '../../core/options/resolve.js';
import { outputBytes } from '../../core/plugin/contract.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { ConversionPool, type PoolConvertRequest } from '../../gateway/pool/conversion-pool.js';
import { ConversionTimeoutError } from '../../gateway/pool/errors.js';
import { reviveGatewayError, serializeGatewayError } from '../../gateway/pool/protocol.js';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const config = loadConfig({}, {
  logLevel: 'silent',
  plugins: [fixture('customer-plugin/lv-csv.mjs'), fixture('slow-plugin/slow.mjs')],
  pool: { threads: 2, maxQueue: 8, timeoutSeconds: 1 },
});

const X83 = `<?xml version="1.0" encoding="utf-8"?>
<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">
  <GAEBInfo><Version>3.3</Version><VersDate>2021-05</VersDate><Date>2026-01-01</Date></GAEBInfo>
  <PrjInfo><NamePrj>Pool test</NamePrj></PrjInfo>
  <Award><DP>83</DP><BoQ ID="B1"><BoQInfo><Name>LV</Name><LblBoQ>Pool test LV</LblBoQ>
    <BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn>
    <BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo>
    <BoQBody><BoQCtgy ID="C1" RNoPart="01"><LblTx><p><span>Erdarbeiten</span></p></LblTx><BoQBody><Itemlist>
      <Item ID="I1" RNoPart="0010"><Qty>12.500</Qty><QU>m3</QU><Description><CompleteText>
        <DetailTxt><Text><p><span>Boden lösen &amp; laden, ${'Ü'.repeat(6000)}</span></p></Text></DetailTxt>
        <OutlineText><OutlTxt><TextOutlTxt><p><span>Aushub</span></p></TextOutlTxt></OutlTxt></OutlineText>
      </CompleteText></Description></Item>
    </Itemlist></BoQBody></BoQCtgy></BoQBody></BoQ></Award>
</GAEB>`;

const CSV = 'itemNumber;shortText;quantity;unit;unitPrice\n01.0010;Aushub;12.5;m3;8\n01.0020;Beton;3;m3;120\n';
const project = {
  serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'PositionDto', shortText: 'Wand', unitTag: 'm²', quantityComponents: [{ formula: '10' }], priceComponents: [{ values: [{ formula: '80' }] }] }] }],
};

let workers: ConversionPool;
let inline: ConversionPool;
let service: ConversionService;
let registry: FormatRegistry;
beforeAll(async () => {
  workers = await ConversionPool.create(config);
  inline = await ConversionPool.create(config, { threads: 0 });
  const container = await createConversionContainer(config);
  service = container.resolve(ConversionService);
  registry = container.resolve(FormatRegistry);
});
afterAll(async () => {
  await workers.close();
  await inline.close();
});

const request = (sourceId: string, targetId: string, input: PoolConvertRequest['input'], query: Record<string, string> = {}): PoolConvertRequest => ({
  sourceId,
  targetId,
  input,
  options: resolveOptions(registry.route(sourceId, targetId).optionGroups, query),
});

/** What the conversion gives in-process through ConversionService, as the routes did before the pool. */
async function inProcess(req: PoolConvertRequest) {
  const input = req.input.json !== undefined ? { value: JSON.parse(req.input.json) } : { bytes: Buffer.from(req.input.bytes!), fileName: req.input.fileName };
  const { output, messages } = await service.convert(registry.route(req.sourceId, req.targetId), input, req.options);
  return { data: outputBytes(output), contentType: output.contentType, fileExtension: output.fileExtension, messages: [...messages] };
}

/** The bytes as latin1 text with GAEB DA XML's creation time of day masked (conversions a second apart differ there). */
const withoutClock = (data: Buffer) => data.toString('latin1').replace(/<Time>[^<]*<\/Time>/, '<Time/>');

/** Project JSON with the generated ids replaced (every conversion gives new ones). */
const withoutIds = (data: Buffer) => JSON.parse(data.toString('utf8').replace(/"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/g, '"<id>"'));

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the conversion to fail');
}

describe('ConversionPool', () => {
  it('reports its size: the configured threads, or 0 on the main thread', () => {
    expect(workers.threads).toBe(2);
    expect(inline.threads).toBe(0);
    expect(workers.queueSize).toBe(0);
    expect(workers.running).toBe(0);
  });

  it('gives the same bytes as the in-process conversion (GAEB XML, GAEB 90, CSV from a customer plugin)', async () => {
    const cases = [
      request('gaeb', 'gaeb', { bytes: Buffer.from(X83), fileName: 'lv.X83' }, { DestinationGaebType: 'GaebXml_V3_2' }),
      request('gaeb', 'gaeb', { bytes: Buffer.from(X83), fileName: 'lv.X83' }, { DestinationGaebType: 'Gaeb90' }),
      request('lv-csv', 'lv-csv', { bytes: Buffer.from(CSV), fileName: 'lv.csv' }),
    ];
    for (const req of cases) {
      const expected = await inProcess(req);
      for (const pool of [workers, inline]) {
        const got = await pool.convert({ ...req, input: { ...req.input, bytes: Buffer.from(req.input.bytes!) } });
        expect(withoutClock(got.data), `${req.targetId} ${String(req.options.DestinationGaebType)} threads ${pool.threads}`).toBe(withoutClock(expected.data));
        expect(got).toMatchObject({ contentType: expected.contentType, fileExtension: expected.fileExtension, messages: expected.messages });
      }
    }
  });

  it('parses a JSON input in the worker and gives the same project', async () => {
    const req = request('ava', 'ava', { json: JSON.stringify(project) });
    const expected = withoutIds((await inProcess(req)).data);
    expect(expected.serviceSpecifications[0].elements[0]).toMatchObject({ quantity: 10, unitPrice: 80, totalPrice: 800 });
    expect(withoutIds((await workers.convert(req)).data)).toEqual(expected);
    expect(withoutIds((await inline.convert(req)).data)).toEqual(expected);
    const fromCsv = await workers.convert(request('lv-csv', 'ava', { bytes: Buffer.from(CSV), fileName: 'lv.csv' }));
    expect(withoutIds(fromCsv.data)).toEqual(withoutIds((await inProcess(request('lv-csv', 'ava', { bytes: Buffer.from(CSV) }))).data));
  });

  it('moves input bytes that own their ArrayBuffer to the worker and copies others', async () => {
    const owned = Buffer.from(new TextEncoder().encode(X83).buffer);
    expect(owned.byteLength).toBeGreaterThan(8192);
    await workers.convert(request('gaeb', 'ava', { bytes: owned }));
    expect(owned.byteLength).toBe(0); // detached: transferred, not copied
    const slab = Buffer.from(X83 + X83);
    const slice = slab.subarray(0, Buffer.byteLength(X83));
    await workers.convert(request('gaeb', 'ava', { bytes: slice }));
    expect(slab.byteLength).toBe(Buffer.byteLength(X83) * 2);
    expect(slice.toString('utf8')).toBe(X83);
  });

  it('gives a GatewayError from the worker back with the same code, status and errors', async () => {
    const broken = request('gaeb', 'ava', { bytes: Buffer.from(X83.slice(0, 300)), fileName: 'x.X83' });
    const expected = (await rejection(inProcess(broken))) as GatewayError;
    expect(expected).toBeInstanceOf(GatewayError);
    for (const pool of [workers, inline]) {
      const err = await rejection(pool.convert({ ...broken, input: { bytes: Buffer.from(X83.slice(0, 300)) } }));
      expect(err).toBeInstanceOf(GatewayError);
      expect(err).toMatchObject({ code: 'GW_ERR_PARSE', statusCode: 400, message: expected.message, errors: expected.errors });
    }
    const unsupported = (await rejection(workers.convert({ ...request('gaeb', 'ava', { bytes: Buffer.from(X83) }), targetId: 'pdf' }))) as GatewayError;
    expect(unsupported).toBeInstanceOf(GatewayError);
    expect(unsupported).toMatchObject({ code: 'GW_ERR_UNSUPPORTED_CONVERSION', statusCode: 404 });
    expect(unsupported.errors.conversion[0]).toContain('There is no conversion from gaeb to pdf');
  });

  it('keeps every key of a GatewayError across the thread boundary', () => {
    const err = new GatewayError('GW_ERR_TARGET_CONSTRAINT', 'two problems', '01.0010');
    (err as { errors: Record<string, string[]> }).errors = { '01.0010': ['too long'], '01.0020': ['no unit', 'no price'] };
    const back = reviveGatewayError(structuredClone(serializeGatewayError(err)));
    expect(back).toBeInstanceOf(GatewayError);
    expect(back).toMatchObject({ code: err.code, statusCode: 400, expose: true, message: 'two problems', errors: err.errors });
  });

  it('refuses malformed JSON and a __proto__ member with a 400 keyed body, in the worker', async () => {
    for (const json of ['{"serviceSpecifications": [', '   ', '{"a": {"__proto__": {"x": 1}}}', '{"\\u005f_proto__": 1}']) {
      const err = (await rejection(workers.convert(request('ava', 'ava', { json })))) as GatewayError;
      expect(err, json).toBeInstanceOf(GatewayError);
      expect(err.statusCode).toBe(400);
      expect(err.errors.body[0], json).toMatch(/^The body is not valid JSON/);
    }
    const withBom = await workers.convert(request('ava', 'ava', { json: '\uFEFF' + JSON.stringify(project) }));
    expect(withBom.data.length).toBeGreaterThan(0);
  });

  it('reports a reader exception of a customer plugin as the 400 the service makes, and passes it for logging', async () => {
    const faults: string[] = [];
    const err = (await rejection(
      workers.convert({ ...request('lv-csv', 'ava', { bytes: Buffer.from([0xff]) }), sourceId: 'slow', onPluginError: (e, stage) => faults.push(`${stage}: ${e.message}`) }),
    )) as GatewayError;
    expect(err).toMatchObject({ code: 'GW_ERR_PARSE', statusCode: 400 });
    expect(err.errors.slowFile[0]).toContain('The slow input could not be read');
    expect(faults).toEqual([expect.stringMatching(/^read: .*JSON/)]);
  });

  it('stops a conversion at the time limit, and the pool converts again afterwards', async () => {
    const err = await rejection(workers.convert(request('slow', 'ava', { bytes: Buffer.from('{"forever": true}') })));
    expect(err).toBeInstanceOf(ConversionTimeoutError);
    expect(err).toMatchObject({ statusCode: 504 });
    expect(err.message).toContain('pool.timeoutSeconds');
    expect(workers.running).toBe(0);
    const next = await workers.convert(request('slow', 'ava', { bytes: Buffer.from('{}') }));
    expect(JSON.parse(next.data.toString()).serviceSpecifications[0].elements[0].shortText).toBe('Slow');
  });

  it('answers 400 when a plugin ends its worker thread, and the pool converts again afterwards', async () => {
    const err = (await rejection(workers.convert(request('slow', 'ava', { bytes: Buffer.from('{"exit": 3}') })))) as GatewayError;
    expect(err).toBeInstanceOf(GatewayError);
    expect(err.statusCode).toBe(400);
    expect(err.errors.conversion[0]).toContain('the conversion thread ended unexpectedly');
    const next = await workers.convert(request('lv-csv', 'lv-csv', { bytes: Buffer.from(CSV) }));
    expect(next.data.toString()).toBe(CSV);
  });

  it('refuses conversions once closed', async () => {
    const pool = await ConversionPool.create(config, { threads: 1 });
    await pool.close();
    const err = await rejection(pool.convert(request('lv-csv', 'lv-csv', { bytes: Buffer.from(CSV) })));
    expect(err).toMatchObject({ statusCode: 503 });
  });

  it('refuses a thread count that is not a whole number', async () => {
    await expect(ConversionPool.create(config, { threads: 1.5 })).rejects.toMatchObject({ code: 'GW_ERR_CONFIG' });
  });
});
