import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_SCHEMAS_FILE, generateProjectSchemas, projectSchemasText } from '../../gateway/docs/project-schemas.js';
import { PROJECT_SCHEMAS } from '../../gateway/openapi/components.js';
import { OPENAPI_DOCUMENT_PATH } from '../../gateway/openapi/document.js';
import { PROJECT_MEDIA_TYPE } from '../../plugins/ava/index.js';
import { testApp } from '../support/app.js';

type Operation = { operationId?: string; security?: unknown; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Document = { openapi: string; servers?: { url: string }[]; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const run = promisify(execFile);
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const REDOCLY_CONFIG = fileURLToPath(new URL('../../gateway/openapi/redocly.yaml', import.meta.url));

let app: FastifyInstance;
let doc: Document;
let dir: string;
beforeAll(async () => {
  app = await testApp({ auth: { issuer: 'https://ava.example.org/gateway/' } });
  const res = await app.inject(OPENAPI_DOCUMENT_PATH);
  expect(res.statusCode).toBe(200);
  doc = res.json();
  dir = mkdtempSync(join(tmpdir(), 'ava-openapi-'));
});
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('carries ProjectDto and every nested DTO as component schemas, as generated', () => {
    expect(Object.keys(PROJECT_SCHEMAS)).toEqual(expect.arrayContaining(['ProjectDto', 'ServiceSpecificationDto', 'ElementDto', 'PositionDto', 'ServiceSpecificationGroupDto', 'ItemNumberDto']));
    for (const [name, schema] of Object.entries(PROJECT_SCHEMAS)) expect(doc.components.schemas[name], name).toEqual(schema);
    // every reference in the document points at a component that exists
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const name = /#\/components\/schemas\/([^"]+)"/.exec(ref)?.[1];
      expect(name && doc.components.schemas[name], ref).toBeTruthy();
    }
  });

  it('references ProjectDto for project bodies and ava responses', () => {
    const conversions = operations().filter((o) => o.path.startsWith('/conversion/'));
    expect(conversions.length).toBeGreaterThanOrEqual(4);
    for (const { path, op } of conversions) {
      const [, , source, target] = path.split('/');
      const body = op.requestBody!.content;
      if (source === 'ava') {
        expect(Object.keys(body), path).toEqual(['application/json', 'text/json', 'application/*+json']);
        for (const media of Object.values(body)) expect(media.schema, path).toEqual({ $ref: '#/components/schemas/ProjectDto' });
      } else {
        expect(Object.keys(body), path).toEqual(['multipart/form-data']);
      }
      const ok = op.responses['200'].content!;
      expect(ok, path).toEqual(target === 'ava'
        ? { [PROJECT_MEDIA_TYPE]: { schema: { $ref: '#/components/schemas/ProjectDto' } } }
        : { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } });
    }
  });

  it('references ProblemDetails (OAuthError on /connect/*, TokenResponseGet on /identity/token-*) from every 4xx, 5xx and default response', () => {
    let checked = 0;
    for (const { path, method, op } of operations()) {
      const expected = path.startsWith('/connect/') ? 'OAuthError' : path.startsWith('/identity/token-') ? 'TokenResponseGet' : 'ProblemDetails';
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^[45]|^default$/.test(status)) continue;
        const schemas = Object.values(response.content ?? {}).map((m) => m.schema);
        expect(schemas, `${method} ${path} ${status}`).toEqual([{ $ref: `#/components/schemas/${expected}` }]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(doc.components.schemas.ProblemDetails).toMatchObject({ required: ['type', 'title', 'status', 'code', 'errors'] });
  });

  it('names every operation, /connect/* and discovery included, with unique ids; conversion ids as before', () => {
    const ids = operations().map(({ path, method, op }) => {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[A-Z][A-Za-z]+_[A-Z][A-Za-z]+$/);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/connect/token'].post.operationId).toBe('Connect_Token');
    expect(doc.paths['/connect/introspect'].post.operationId).toBe('Connect_Introspect');
    expect(doc.paths['/connect/userinfo'].get.operationId).toBe('Connect_UserInfo');
    expect(doc.paths['/connect/userinfo'].post.operationId).toBe('Connect_UserInfoPost');
    expect(doc.paths['/.well-known/openid-configuration'].get.operationId).toBe('Discovery_GetConfiguration');
    expect(doc.paths['/.well-known/openid-configuration/jwks'].get.operationId).toBe('Discovery_GetJwks');
    expect(doc.paths[OPENAPI_DOCUMENT_PATH].get.operationId).toBe('Swagger_GetDocument');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/connect/')).length).toBeGreaterThanOrEqual(5);
    for (const { path, op } of operations().filter((o) => o.path.startsWith('/conversion/'))) {
      const [, , source, target] = path.split('/');
      const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
      expect(op.operationId).toBe(`${cap(source)}Conversion_ConvertTo${cap(target)}`);
    }
  });

  it('names the configured issuer as its server', async () => {
    expect(doc.servers).toEqual([{ url: 'https://ava.example.org/gateway' }]);
    const local = await testApp({ port: 5123 });
    try {
      expect((await local.inject(OPENAPI_DOCUMENT_PATH)).json().servers).toEqual([{ url: 'http://localhost:5123' }]);
    } finally {
      await local.close();
    }
  });

  it('holds the component schemas of the current model (run `npm run docs:schema` when this fails)', () => {
    const committed = readFileSync(PROJECT_SCHEMAS_FILE, 'utf8');
    expect(committed).toBe(projectSchemasText(generateProjectSchemas()));
  });

  it('passes `redocly lint` without errors', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout } = await run(process.execPath, [REDOCLY, 'lint', file, '--config', REDOCLY_CONFIG, '--format=json'], { env }).catch((err) => err);
    const report = JSON.parse(stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('generates a TypeScript client (openapi-typescript) in which serviceSpecifications[0].elements[0] type-checks', async () => {
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(JSON.stringify(doc))));
    const prelude = [
      "import type { paths } from './api.js';",
      `type Project = paths['/conversion/gaeb/ava']['post']['responses'][200]['content']['${PROJECT_MEDIA_TYPE}'];`,
      'declare const project: Project;',
      'const element = project.serviceSpecifications![0].elements![0];',
    ].join('\n');
    const check = (name: string, body: string) => {
      const file = join(dir, `${name}.ts`);
      writeFileSync(file, `${prelude}\n${body}\nexport {};\n`);
      const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: [] });
      return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };
    expect(check('good', [
      'const kind: string = element.elementTypeDiscriminator;',
      "if (element.elementTypeDiscriminator === 'PositionDto') { const quantity: number | undefined = element.quantity; void quantity; }",
      "const upload: NonNullable<paths['/conversion/ava/gaeb']['post']['requestBody']>['content']['application/json'] = project;",
      'void kind; void upload;',
    ].join('\n'))).toEqual([]);
    // negative controls: a wrong property and a wrong type do not type-check
    expect(check('bad-property', "if (element.elementTypeDiscriminator === 'PositionDto') { void element.quantityy; }").join(' ')).toMatch(/quantityy/);
    expect(check('bad-type', 'const n: number = element.elementTypeDiscriminator; void n;').join(' ')).toMatch(/not assignable to type 'number'/);
  });
});
