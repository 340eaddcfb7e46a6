/**
 * GAEB 90 writer: record format (80 columns, CRLF, CP850, renumbered cols 75–80), prices only in priced phases,
 * messages for what GAEB 90 cannot hold, and read → write → read of the fixture `test/fixtures/gaeb90/schulhof.d83`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaeb90 } from '../../plugins/gaeb/gaeb90/reader.js';
import { wrapWords } from '../../plugins/gaeb/gaeb90/records.js';
import { type Gaeb90Phase, writeGaeb90 } from '../../plugins/gaeb/gaeb90/writer.js';
import { positionsOf } from '../support/model.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb90');


function project(position: Partial<PositionDto>, extra: Partial<ProjectDto> = {}): ProjectDto {
  return prepareProject({
    projectInformation: { itemNumberSchema: { tiers: [{ length: 2, tierType: 'Group' }, { length: 3, tierType: 'Position' }] } },
    serviceSpecifications: [{
      exchangePhase: 'Grant',
      projectTaxRate: 0.19,
      elements: [{
        elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.' }, shortText: 'Los',
        elements: [{ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.001' }, shortText: 'Pflaster', ...position }],
      }],
    }],
    ...extra,
  }, {});
}

function write(p: ProjectDto, phase: Gaeb90Phase = '86', overrides: Record<string, boolean | string> = {}) {
  const sink = new MessageCollector();
  const bytes = writeGaeb90(p, defaultOptions(overrides), sink, phase);
  const text = iconv.decode(bytes, 'cp850');
  return { bytes, text, lines: text.split('\r\n').slice(0, -1), messages: sink.messages };
}

describe('writeGaeb90 record format', () => {
  it('writes CP850, CRLF, 80-column records numbered from 000001', () => {
    const { bytes, text, lines } = write(project({ quantityOverride: 2.5, unitTag: 'm³', unitPriceOverride: 12.34 }));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.every((l) => l.length === 80)).toBe(true);
    expect(lines.map((l) => l.slice(74))).toEqual(lines.map((_, i) => String(i + 1).padStart(6, '0')));
    expect(bytes.includes(Buffer.from([0x6d, 0xfc]))).toBe(true); // "m³" with ³ = 0xFC in CP850
    expect(lines.map((l) => l.slice(0, 2))).toEqual(['00', '01', '02', '03', '11', '12', '21', '23', '25', '31', '32', '99']);
    expect(lines[0].slice(10, 12)).toBe('86');
    expect(lines[0].slice(62, 71)).toBe('11PPP0000');
    expect(lines[6].slice(0, 36)).toBe('2101001    NNN         00000002500m³');
    expect(lines[7].slice(0, 36)).toBe('2301001     0000001234  000000003085');
    expect(lines[11].slice(0, 37)).toBe('99000000003085       1900000000003671');
    expect(lines[11].slice(69, 74)).toBe('00001');
  });

  it('writes no prices or totals in phases 81 and 83', () => {
    for (const phase of ['81', '83'] as const) {
      const { lines } = write(project({ quantityOverride: 1, unitPriceOverride: 5 }), phase);
      expect(lines.some((l) => l.startsWith('23') || l.startsWith('32'))).toBe(false);
      expect(lines.at(-1)!.slice(2, 14).trim()).toBe('');
    }
  });

  it('shortens short text > 70, unit > 4 with messages naming the item', () => {
    const { lines, messages } = write(project({ shortText: 'x'.repeat(71), unitTag: 'Stück' }));
    expect(lines.find((l) => l.startsWith('25'))!.slice(2, 73)).toBe(`${'x'.repeat(70)} `);
    expect(lines.find((l) => l.startsWith('21'))!.slice(34, 38)).toBe('Stüc');
    const codes = messages.map((m) => [m.code, m.itemNumber]);
    expect(codes).toContainEqual(['GAEB90_SHORT_TEXT_TRUNCATED', '01.001']);
    expect(codes).toContainEqual(['GAEB90_UNIT_TRUNCATED', '01.001']);
  });

  it('wraps long text at 55 at word boundaries without a message; splits an over-long word with one', () => {
    const words = 'Boden lösen und laden, Abfuhr zur Deponie nach Wahl des Auftragnehmers einschließlich Gebühren.';
    const { lines, messages } = write(project({ htmlLongText: `<p>${words}</p>` }));
    const text = lines.filter((l) => l.startsWith('26')).map((l) => l.slice(5, 60).trimEnd());
    expect(text.every((t) => t.length <= 55)).toBe(true);
    expect(text.join(' ')).toBe(words);
    expect(messages).toEqual([]);
    const long = write(project({ longText: 'a'.repeat(60) }));
    expect(long.lines.filter((l) => l.startsWith('26')).map((l) => l.slice(5, 60).trimEnd())).toEqual(['a'.repeat(55), 'a'.repeat(5)]);
    expect(long.messages.map((m) => [m.code, m.itemNumber])).toEqual([['GAEB90_LONG_TEXT_WORD_SPLIT', '01.001']]);
  });

  it('replaces characters CP850 cannot encode, with a message', () => {
    const { lines, messages } = write(project({ shortText: 'Preis 5 € – netto ✓' }));
    expect(lines.find((l) => l.startsWith('25'))!.slice(2).trimEnd().slice(0, -6).trimEnd()).toBe('Preis 5 EUR - netto ?');
    expect(messages.map((m) => [m.code, m.itemNumber])).toEqual([['GAEB90_CHARACTER_REPLACED', '01.001']]);
  });

  it('writes text complements as marked 26 lines', () => {
    const html = '<p>Fabrikat:</p><p><span class="TextComplement" data-kind="Bidder" data-marklbl="7"><span class="ComplBody">....</span></span></p>';
    const { lines } = write(project({ htmlLongText: html }));
    expect(lines.filter((l) => l.startsWith('26')).map((l) => l.slice(0, 14))).toEqual(['26   Fabrikat:', '26 7B....     ']);
  });

  it('drops zero padding when the schema is wider than the 9 OZ characters; fails when the numbers cannot fit', () => {
    const wide = (number: string, g1 = '01.', g2 = '01.02.') => prepareProject({
      projectInformation: { itemNumberSchema: { tiers: [{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }, { length: 6, tierType: 'Position' }] } },
      serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: g1 }, elements: [
        { elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: g2 }, elements: [
          { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: number }, shortText: 'A' }] }] }] }],
    }, {});
    const ok = write(wide('01.02.000010'), '83');
    expect(ok.lines[0].slice(62, 71)).toBe('12PP00000');
    expect(ok.lines.find((l) => l.startsWith('21'))!.slice(2, 11)).toBe('1210     ');
    expect(ok.messages.map((m) => m.code)).toContain('GAEB90_ITEM_NUMBER_PADDING');
    expect(() => write(wide('12.34.123456', '12.', '12.34.'), '83')).toThrow(/9 OZ characters/);
  });

  it('wrapWords keeps every word and the width', () => {
    expect(wrapWords('aa bb cc', 5)).toEqual({ lines: ['aa bb', 'cc'], split: false });
  });
});

describe('GAEB 90 round trip of the fixture', () => {
  it('read → write → read gives the same project (ids aside)', () => {
    const bytes = readFileSync(join(FIXTURES, 'schulhof.d83'));
    const first = prepareProject(readGaeb90(bytes, defaultOptions(), new MessageCollector()), {});
    const written = writeGaeb90(first, defaultOptions(), new MessageCollector(), '83');
    const second = prepareProject(readGaeb90(written, defaultOptions(), new MessageCollector()), {});
    // ids differ; the skipped-level item 1.20 is not schema compliant and keeps its string as read (padding differs),
    // its identifiers are compared instead.
    const strip = (p: ProjectDto) => JSON.parse(JSON.stringify(p, (k, v) => (k === 'id' || k === 'stringRepresentation' ? undefined : v)));
    expect(strip(second)).toEqual(strip(first));
    expect(positionsOf(first).map((p) => p.itemNumber?.stringRepresentation)).toEqual(['01.01.0010', '01.01.0010.a', '1.20']);
    expect(positionsOf(second).map((p) => p.itemNumber?.stringRepresentation)).toEqual(['01.01.0010', '01.01.0010.a', '01.0020']);
    expect(positionsOf(second).map((p) => p.itemNumber?.identifiers)).toEqual(positionsOf(first).map((p) => p.itemNumber?.identifiers));
  });
});
