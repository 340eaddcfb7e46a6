/** Test helpers: an app over its own child container, built from the embedded defaults plus overrides. */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/load.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { buildApp } from '../../gateway/app.js';

export async function testApp(overrides: Record<string, unknown> = {}): Promise<FastifyInstance> {
  const config = loadConfig({}, { logLevel: 'silent', ...overrides });
  const container = await createGatewayContainer(config);
  return buildApp({ container, logger: false });
}

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, fileName: string, data: Buffer | string, extra: Record<string, string> = {}) {
  const boundary = '----avagatewaytest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(extra)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  chunks.push(Buffer.isBuffer(data) ? data : Buffer.from(data));
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A bearer token of the documented local client (client_credentials, scope `avacloud`), for the conversion routes. */
export async function localClientToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}` },
    payload: 'grant_type=client_credentials&scope=avacloud',
  });
  return res.json().access_token as string;
}

/** POSTs one file as multipart/form-data with a bearer token. */
export function postFile(app: FastifyInstance, token: string, url: string, field: string, fileName: string, data: Buffer | string) {
  const body = multipartBody(field, fileName, data);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
}
