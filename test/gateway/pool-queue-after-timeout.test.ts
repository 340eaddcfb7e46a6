/**
 * A conversion waiting in the queue when the running one is stopped at the time limit starts on a new worker: the
 * abort terminates the worker, and piscina (5.x) replaces a terminated worker only up to `minThreads`, so with no
 * thread left the queued conversion would wait until another conversion arrived (its request hanging meanwhile).
 * And a pool closing (SIGTERM) runs the conversions that wait, as it lets running ones finish, instead of refusing
 * them.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { resolveOptions } from '../../core/options/resolve.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { createConversionContainer } from '../../gateway/composition-root.js';
import { ConversionPool, type PoolConvertRequest } from '../../gateway/pool/conversion-pool.js';
import { ConversionTimeoutError } from '../../gateway/pool/errors.js';

const slow = fileURLToPath(new URL('../fixtures/slow-plugin/slow.mjs', import.meta.url));
const config = loadConfig({}, { logLevel: 'silent', plugins: [slow], pool: { threads: 1, maxQueue: 2, timeoutSeconds: 1 } });

let pool: ConversionPool;
let registry: FormatRegistry;
beforeAll(async () => {
  pool = await ConversionPool.create(config);
  registry = (await createConversionContainer(config)).resolve(FormatRegistry);
});
afterAll(() => pool.close());

const request = (body: string): PoolConvertRequest => ({
  sourceId: 'slow', targetId: 'ava', input: { bytes: Buffer.from(body) }, options: resolveOptions(registry.route('slow', 'ava').optionGroups, {}),
});

describe('the queue after a time limit', { timeout: 30_000 }, () => {
  it('runs the conversions that waited behind the stopped one, without another one arriving', async () => {
    const stopped = pool.convert(request('{"forever": true}')).catch((e: unknown) => e);
    const waiting = [pool.convert(request('{}')), pool.convert(request('{}'))];
    expect(await stopped).toBeInstanceOf(ConversionTimeoutError);
    const done = await Promise.race([
      Promise.all(waiting).then((r) => r.map((x) => JSON.parse(x.data.toString()).serviceSpecifications[0].elements[0].shortText)),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 10 s'), 10_000)),
    ]);
    expect(done).toEqual(['Slow', 'Slow']);
  });
});

describe('closing with conversions waiting', { timeout: 30_000 }, () => {
  it('lets the waiting conversions run before the threads stop', async () => {
    const closing = await ConversionPool.create(config);
    const results = [closing.convert(request('{}')), closing.convert(request('{}')), closing.convert(request('{}'))];
    const closed = closing.close();
    const texts = await Promise.all(results.map((r) => r.then((x) => JSON.parse(x.data.toString()).serviceSpecifications[0].elements[0].shortText as string)));
    expect(texts).toEqual(['Slow', 'Slow', 'Slow']);
    await closed;
    await expect(closing.convert(request('{}'))).rejects.toMatchObject({ statusCode: 503 });
  });
});
