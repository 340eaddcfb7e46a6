/**
 * The DI container does real work: the format registry, the conversion service and the app's routes are built
 * from the FORMAT_PLUGIN registrations of the container they are resolved from. A child container that replaces
 * the `ava` format plugin's registration with a stand-in changes what a conversion writes and what the OpenAPI
 * document says the route answers (and, with `pool.threads: 0`, what the HTTP route converts), while the parent
 * container keeps the real plugin.
 */
import 'reflect-metadata';
import type { DependencyContainer } from 'tsyringe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { FORMAT_PLUGIN, GATEWAY_CONFIG } from '../../core/di/tokens.js';
import { resolveOptions } from '../../core/options/resolve.js';
import type { FormatPlugin } from '../../core/plugin/contract.js';
import { assertFormatPlugin } from '../../core/plugin/load.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { buildApp } from '../../gateway/app.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { OPENAPI_DOCUMENT_PATH } from '../../gateway/openapi/document.js';
import { runConversion } from '../../gateway/pool/run-conversion.js';
import { PROJECT_MEDIA_TYPE, avaPlugin } from '../../plugins/ava/index.js';

const STAND_IN_TYPE = 'application/vnd.example.stand-in+json';
const PROJECT = JSON.stringify({ serviceSpecifications: [] });

let parent: DependencyContainer;
let child: DependencyContainer;

beforeAll(async () => {
  parent = await createGatewayContainer(loadConfig({}, { logLevel: 'silent' }));
  const real = parent.resolveAll<FormatPlugin>(FORMAT_PLUGIN);
  const ava = real.find((p) => p.id === 'ava')!;
  const standIn: FormatPlugin = {
    ...ava,
    writer: {
      ...ava.writer!,
      output: { mediaType: STAND_IN_TYPE },
      write: (project) => ({ data: Buffer.from(`stand-in of ${project.serviceSpecifications?.length ?? 0} specifications`), contentType: STAND_IN_TYPE, fileExtension: '.txt' }),
    },
  };
  child = parent.createChildContainer();
  // tsyringe: registrations of a token in a child replace the parent's whole list for resolutions from the child.
  for (const p of real) child.register(FORMAT_PLUGIN, { useValue: p.id === 'ava' ? standIn : p });
});

const convertAvaToAva = (c: DependencyContainer) => {
  const route = c.resolve(FormatRegistry).route('ava', 'ava');
  return runConversion(c, { id: 1, sourceId: 'ava', targetId: 'ava', input: { json: PROJECT }, options: resolveOptions(route.optionGroups) });
};

describe('composition root: format plugins are resolved from the container', () => {
  it('a conversion resolved from the child uses the replaced writer; the parent keeps the real one', async () => {
    const replaced = await convertAvaToAva(child);
    expect(replaced).toMatchObject({ ok: true, contentType: STAND_IN_TYPE, fileExtension: '.txt' });
    expect(replaced.ok && replaced.data.toString()).toBe('stand-in of 0 specifications');
    const real = await convertAvaToAva(parent);
    expect(real).toMatchObject({ ok: true, contentType: PROJECT_MEDIA_TYPE, fileExtension: '.ava.json' });
    expect(real.ok && JSON.parse(real.data.toString())).toMatchObject({ serviceSpecifications: [] });
  });

  describe('the app built over each container documents its own ava writer', () => {
    const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
    afterAll(async () => {
      await Promise.all(apps.map((a) => a.close()));
    });

    const okContentTypes = async (c: DependencyContainer) => {
      const app = await buildApp({ container: c, logger: false });
      apps.push(app);
      const doc = (await app.inject(OPENAPI_DOCUMENT_PATH)).json() as { paths: Record<string, { post: { responses: Record<string, { content: Record<string, unknown> }> } }> };
      return Object.keys(doc.paths['/conversion/gaeb/ava']!.post.responses['200']!.content);
    };

    it('child: the stand-in media type, parent: the ProjectDto media type', async () => {
      expect(await okContentTypes(child)).toEqual([STAND_IN_TYPE]);
      expect(await okContentTypes(parent)).toEqual([PROJECT_MEDIA_TYPE]);
    });

    it('with pool.threads 0 the app converts in its own container: the stand-in answers the HTTP route', async () => {
      const inline = child.createChildContainer();
      inline.register(GATEWAY_CONFIG, { useValue: loadConfig({}, { logLevel: 'silent', pool: { threads: 0 } }) });
      const app = await buildApp({ container: inline, logger: false });
      apps.push(app);
      const token = (await app.inject({
        method: 'POST', url: '/connect/token', payload: 'grant_type=client_credentials&scope=avacloud',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}` },
      })).json().access_token as string;
      const res = await app.inject({ method: 'POST', url: '/conversion/ava/ava', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: PROJECT });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(STAND_IN_TYPE);
      expect(res.body).toBe('stand-in of 0 specifications');
    });
  });
});

describe("a writer's declared output is checked when its plugin loads", () => {
  const withOutput = (output: unknown) => () => assertFormatPlugin({ ...avaPlugin, writer: { ...avaPlugin.writer!, output } } as FormatPlugin, 'test');

  it('accepts a media type, with or without the ProjectDto schema', () => {
    expect(withOutput({ mediaType: 'text/csv' })().writer?.output).toEqual({ mediaType: 'text/csv' });
    expect(withOutput({ mediaType: PROJECT_MEDIA_TYPE, schema: 'ProjectDto' })().writer?.output?.schema).toBe('ProjectDto');
  });

  it('refuses a media type that is not type/subtype, or an unknown schema, naming the field', () => {
    expect(withOutput({ mediaType: 'json' })).toThrow(/writer\.output\.mediaType must be a media type/);
    expect(withOutput({})).toThrow(/writer\.output\.mediaType/);
    expect(withOutput({ mediaType: 'application/json', schema: 'Other' })).toThrow(/writer\.output\.schema must be 'ProjectDto'/);
  });
});
