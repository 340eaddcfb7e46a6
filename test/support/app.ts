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
