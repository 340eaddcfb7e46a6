/**
 * The ava reader takes a ProjectDto JSON file in UTF-8, with or without a byte order mark, and one saved as
 * UTF-16 (LE or BE) with its mark (what Windows editors write as "Unicode"); detection sees all of them.
 */
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { defaultOptions } from '../../core/options/catalog.js';
import type { ConversionContext } from '../../core/plugin/contract.js';
import { avaPlugin } from '../../plugins/ava/index.js';

const json = JSON.stringify({ projectInformation: { name: 'Schulhof Größe 😀' }, serviceSpecifications: [{ elements: [] }] }, null, 2);
const ENCODED: Record<string, Buffer> = {
  'UTF-8': Buffer.from(json, 'utf8'),
  'UTF-8 with BOM': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json, 'utf8')]),
  'UTF-16LE with BOM': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]),
  'UTF-16BE with BOM': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(json, 'utf16le').swap16()]),
};

const ctx = { messages: [], report: () => undefined } as unknown as ConversionContext;
const read = (bytes: Buffer) => avaPlugin.reader!.read({ bytes }, defaultOptions(), ctx) as { projectInformation?: { name?: string } };

describe('ava reader: encodings of a JSON file', () => {
  it.each(Object.keys(ENCODED))('reads %s', (name) => {
    expect(read(ENCODED[name]).projectInformation?.name).toBe('Schulhof Größe 😀');
  });

  it.each(Object.keys(ENCODED))('detects %s as ava', (name) => {
    expect(avaPlugin.reader!.detect!(ENCODED[name])).toBe(true);
  });

  it('does not detect a GAEB DA XML or GAEB 2000 file as ava, with or without BOM', () => {
    for (const text of ['<?xml version="1.0"?><GAEB/>', '#begin[GAEB]']) {
      expect(avaPlugin.reader!.detect!(Buffer.from(text))).toBe(false);
      expect(avaPlugin.reader!.detect!(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe(false);
    }
  });

  it('refuses a file that is only a byte order mark as empty (400)', () => {
    expect(() => read(Buffer.from([0xff, 0xfe]))).toThrow(GatewayError);
    expect(() => read(Buffer.from([0xef, 0xbb, 0xbf]))).toThrow(/The project is empty/);
  });

  it('refuses UTF-16 without a mark as not JSON (400), naming the problem', () => {
    let error: unknown;
    try { read(Buffer.from(json, 'utf16le')); } catch (err) { error = err; }
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).statusCode).toBe(400);
    expect((error as Error).message).toMatch(/^The project is not valid JSON/);
  });
});
