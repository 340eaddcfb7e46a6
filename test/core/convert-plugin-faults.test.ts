/**
 * What the pipeline makes of a customer plugin's slips (core/pipeline/convert.ts): a message reported without
 * `source` is attributed to the plugin reporting it (the reader while reading, the writer while writing), and a
 * file reader that returns no project object is an internal error naming the plugin, not a 400 about the caller's
 * file or JSON body.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import type { ConversionContext, FormatPlugin } from '../../core/plugin/contract.js';
import type { ConversionRoute } from '../../core/registry/format-registry.js';

const PROJECT = { serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'NoteTextDto', shortText: 'Note' }] }] };

function route(read: (ctx: ConversionContext) => unknown): ConversionRoute {
  const source = {
    id: 'acme-in', name: 'In', version: '1.0.0', apiVersion: '^1.0.0', inputField: 'inFile',
    reader: { optionGroups: [], read: (_i: unknown, _o: unknown, ctx: ConversionContext) => read(ctx) },
  } as unknown as FormatPlugin;
  const target = {
    id: 'acme-out', name: 'Out', version: '1.0.0', apiVersion: '^1.0.0',
    writer: {
      optionGroups: [],
      write: (_p: unknown, _o: unknown, ctx: ConversionContext) => {
        ctx.report({ code: 'ACME_OUT_NOTE', severity: 'info', message: 'written' } as Parameters<ConversionContext['report']>[0]);
        return { data: Buffer.from('x'), contentType: 'text/plain', fileExtension: '.txt' };
      },
    },
  } as unknown as FormatPlugin;
  return { source, target, optionGroups: [], options: [], operationId: 'X', path: '/conversion/acme-in/acme-out' } as unknown as ConversionRoute;
}

describe('a customer plugin slipping', () => {
  it('a message without source is the reporting plugin’s', async () => {
    const r = route((ctx) => {
      ctx.report({ code: 'ACME_IN_NOTE', severity: 'info', message: 'read' } as Parameters<ConversionContext['report']>[0]);
      return PROJECT;
    });
    const { messages } = await new ConversionService().convert(r, { bytes: Buffer.from('x') }, {});
    expect(messages.map((m) => [m.code, m.source])).toEqual([['ACME_IN_NOTE', 'acme-in'], ['ACME_OUT_NOTE', 'acme-out']]);
  });

  it.each([[null], ['text'], [[PROJECT]], [42]])('a file reader returning %j is an internal error naming the plugin', async (value) => {
    const err = await new ConversionService().convert(route(() => value), { bytes: Buffer.from('x') }, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ code: 'GW_ERR_INTERNAL', statusCode: 500, expose: false });
    expect((err as Error).message).toMatch(/^The acme-in reader returned (null|string|an array|number) instead of a project object/);
  });
});
