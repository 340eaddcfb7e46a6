import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { GatewayError } from '../../core/errors.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { multipartBody, testApp } from '../support/app.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/customer-plugin/${name}`, import.meta.url));
const config = (plugins: string[]) => loadConfig({}, { logLevel: 'silent', plugins });

async function startupError(plugins: string[]): Promise<GatewayError> {
  try {
    await createGatewayContainer(config(plugins));
  } catch (err) {
    return err as GatewayError;
  }
  throw new Error('start-up did not fail');
}

describe('customer format plugins', () => {
  it('are loaded from a module outside plugins/ and get their routes', async () => {
    const container = await createGatewayContainer(config([fixture('lv-csv.mjs')]));
    const paths = container.resolve(FormatRegistry).routes.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/conversion/lv-csv/ava', '/conversion/ava/lv-csv', '/conversion/gaeb/lv-csv', '/conversion/lv-csv/gaeb', '/conversion/lv-csv/lv-csv']));
  });

  it('convert through the same pipeline', async () => {
    // Bearer tokens are not the subject here (test/auth/connect-bearer.test.ts covers them).
    const app = await testApp({ plugins: [fixture('lv-csv.mjs')], auth: { requireTokenForConversions: false } });
    const csv = 'itemNumber;shortText;quantity;unit;unitPrice\n0010;Concrete wall;12.5;m2;80\n';
    const res = await app.inject({ method: 'POST', url: '/conversion/lv-csv/ava', ...multipartBody('csvFile', 'lv.csv', csv) });
    expect(res.statusCode).toBe(200);
    const position = res.json().serviceSpecifications[0].elements[0];
    expect(position).toMatchObject({ elementTypeDiscriminator: 'PositionDto', shortText: 'Concrete wall', quantity: 12.5, unitPrice: 80, totalPrice: 1000 });
    const back = await app.inject({ method: 'POST', url: '/conversion/ava/lv-csv', payload: res.json() });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toContain('text/csv');
    expect(back.body.split('\n')[1]).toBe('0010;Concrete wall;12.5;m2;80');
    await app.close();
  });

  it('with a contract version this gateway does not provide stop start-up naming the plugin', async () => {
    const err = await startupError([fixture('wrong-contract.mjs')]);
    expect(err.code).toBe('GW_ERR_PLUGIN_LOAD');
    expect(err.message).toContain('"future-format"');
    expect(err.message).toContain('^2.0.0');
  });

  it('with an id already taken stop start-up naming both', async () => {
    const err = await startupError([fixture('duplicate-gaeb.mjs')]);
    expect(err.message).toMatch(/"gaeb".*duplicate-gaeb\.mjs.*already taken.*built-in/);
  });

  it('with an unknown option group stop start-up', async () => {
    const err = await startupError([fixture('unknown-group.mjs')]);
    expect(err.message).toContain('unknown group "Q"');
  });

  it('that cannot be imported stop start-up with the import error', async () => {
    const err = await startupError([fixture('does-not-exist.mjs')]);
    expect(err.code).toBe('GW_ERR_PLUGIN_LOAD');
    expect(err.message).toContain('does-not-exist.mjs could not be loaded');
  });
});
