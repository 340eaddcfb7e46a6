/**
 * A GAEB 90 file cut short: every GAEB 90 file ends with the end record 99 (totals, item count; the layout in
 * plugins/gaeb/gaeb90/records.ts). A file without it — a transfer broken off, an upload truncated — is read as far
 * as it goes, with the warning GAEB90_END_RECORD_MISSING, never silently as if it were the whole tender.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaeb90 } from '../../plugins/gaeb/gaeb90/reader.js';

const fixture = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb90', 'schulhof.d83'));

function codes(bytes: Buffer): { code: string; severity: string; message: string }[] {
  const sink = new MessageCollector();
  readGaeb90(bytes, defaultOptions(), sink);
  return sink.messages.filter((m) => m.code === 'GAEB90_END_RECORD_MISSING');
}

describe('GAEB 90 end record 99', () => {
  it('a complete file (ending with record 99) reads without the warning', () => {
    expect(codes(fixture)).toEqual([]);
  });

  it('a file cut before record 99 (even mid-record) is read with a warning naming the items read', () => {
    const text = fixture.toString('latin1');
    const cut = Buffer.from(text.slice(0, text.indexOf('\n25Baustelle') + 20), 'latin1');
    const found = codes(cut);
    expect(found).toHaveLength(1);
    expect(found[0].severity).toBe('warning');
    expect(found[0].message).toMatch(/no end record 99.*cut short.*3 item/);
  });
});
