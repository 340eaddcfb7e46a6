/**
 * The GAEB 90 and GAEB 2000 readers decode through core/text/encoding.ts `decodeText`: their code page (CP850,
 * Windows-1252) by default, and UTF-8 or UTF-16 when a byte order mark says so (a writer that ignored the
 * format's code page); without one, a file re-saved as UTF-8 (and a GAEB 90 file re-saved as Windows-1252) is
 * recognised and reported. The same file in each encoding reads to the same project.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaeb2000 } from '../../plugins/gaeb/gaeb2000/reader.js';
import { readGaeb90 } from '../../plugins/gaeb/gaeb90/reader.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** The file's text in `codePage`, re-encoded as UTF-8 / UTF-16LE / UTF-16BE with a byte order mark. */
function reEncoded(bytes: Buffer, codePage: string): Record<string, Buffer> {
  const text = iconv.decode(bytes, codePage);
  return {
    'UTF-8 with BOM': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
    'UTF-16LE with BOM': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    'UTF-16BE with BOM': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
  };
}

/** The project as JSON without its generated ids, and the messages. */
function readWith(reader: typeof readGaeb90, bytes: Buffer): { json: string; messages: unknown[] } {
  const sink = new MessageCollector();
  const project = reader(bytes, defaultOptions(), sink);
  return { json: JSON.stringify(project).replace(/"id":"[^"]*"/g, '"id":""'), messages: [...sink.messages] };
}

/** The file's text in `codePage`, saved again without byte order mark in each of `encodings` (an editor's re-save). */
function reSaved(bytes: Buffer, codePage: string, encodings: readonly string[]): Record<string, Buffer> {
  const text = iconv.decode(bytes, codePage);
  return Object.fromEntries(encodings.map((e) => [e, iconv.encode(text, e)]));
}

describe.each([
  { format: 'GAEB 90', reader: readGaeb90, file: join('gaeb90', 'schulhof.d83'), codePage: 'cp850', resaved: ['utf-8', 'windows-1252'], codePageCode: 'GAEB90_CODE_PAGE' },
  { format: 'GAEB 2000', reader: readGaeb2000, file: join('gaeb2000', 'features.P83'), codePage: 'windows-1252', resaved: ['utf-8'], codePageCode: 'GAEB2000_CODE_PAGE' },
])('$format reader: encodings', ({ reader, file, codePage, resaved, codePageCode }) => {
  const original = readFileSync(join(FIXTURES, file));
  const expected = readWith(reader, original);

  it('reads the fixture in its code page with its non-ASCII letters', () => {
    expect(expected.json).toMatch(/[ÄäÖöÜüß]/);
  });

  it.each(Object.entries(reEncoded(original, codePage)))('reads the same project from %s', (_name, bytes) => {
    expect(readWith(reader, bytes)).toEqual(expected);
  });

  it.each(Object.entries(reSaved(original, codePage, resaved)))('reads the same project from %s without byte order mark, saying so', (_name, bytes) => {
    const read = readWith(reader, bytes);
    expect(read.json).toBe(expected.json);
    expect(read.messages).toHaveLength(expected.messages.length + 1);
    expect(read.messages).toEqual(expect.arrayContaining([...expected.messages, expect.objectContaining({ code: codePageCode, severity: 'warning' })]));
  });
});
