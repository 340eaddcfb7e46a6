/**
 * Index items ("Indexpositionen") keep their index through every writer (issue 10, item 1).
 *
 * Our own fixtures (test/fixtures/gaeb-index) hold items with an index (digit, upper- and lower-case letter) beside
 * items without one, under a two-level and a three-level item number schema, at the full depth and under skipped
 * levels, in all three generations: GAEB DA XML 3.1/3.2/3.3 (`Item/@RNoIndex`, the `Index` level of `BoQBkdn`),
 * GAEB 90 (the `I` of the OZ mask in record 00, the index column of the OZ in records 21/23) and GAEB 2000 (`[OZ]`
 * with a `LVGlied` of `[Typ]Index`). Each goes through every `DestinationGaebType` and is read back: the item
 * numbers (index included), their identifiers and schema compliance, the schema's tiers, quantities, unit prices
 * and totals are identical. DA XML output is validated against the official XSD of its version when the shared
 * corpus has it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import { readResultParts, type ReadResult } from '../../core/plugin/contract.js';
import { isGroup, isPosition, type ElementDto, type ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { writeGaeb } from '../support/gaeb-round-trip.js';
import { hasGaebSchema, validateGaebXml, type GaebSchemaVersion } from '../support/xsd.js';

const DESTINATIONS = ['Gaeb90', 'Gaeb2000', 'GaebXml_V3_1', 'GaebXml_V3_2', 'GaebXml_V3_3'] as const;
const XML_VERSION: Record<string, GaebSchemaVersion> = { GaebXml_V3_1: '3.1', GaebXml_V3_2: '3.2', GaebXml_V3_3: '3.3' };

const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/gaeb-index/${name}`, import.meta.url));

/** Reads any generation as the pipeline does; `skipped` sets SupportSkippedItemNumberLevelsInPositions. */
function read(bytes: Buffer, skipped = false): ProjectDto {
  const sink = new MessageCollector();
  const ctx = { sourceId: 'gaeb', targetId: 'gaeb', messages: sink.messages, report: (m: never) => sink.report({ source: 'gaeb', ...(m as object) } as never) };
  const options = defaultOptions({ SupportSkippedItemNumberLevelsInPositions: skipped });
  const read = readResultParts(gaebPlugin.reader!.read({ bytes, fileName: 'index-items' }, options, ctx as never) as ReadResult);
  return prepareProject(read.project, { supportSkippedItemNumberLevels: skipped, derivedPlainTexts: read.derivedPlainTexts });
}

interface ItemRow { number?: string; identifiers?: string[]; compliant?: boolean; quantity?: number; unitPrice?: number; total?: number }

function items(project: ProjectDto): ItemRow[] {
  const rows: ItemRow[] = [];
  const walk = (list: readonly ElementDto[]) => {
    for (const e of list) {
      if (isGroup(e)) walk(e.elements ?? []);
      else if (isPosition(e)) {
        rows.push({
          number: e.itemNumber?.stringRepresentation, identifiers: e.itemNumber?.identifiers, compliant: e.itemNumber?.isSchemaCompliant,
          quantity: e.quantity, unitPrice: e.unitPrice, total: e.totalPrice,
        });
      }
    }
  };
  walk(project.serviceSpecifications?.[0]?.elements ?? []);
  return rows;
}

const tiers = (project: ProjectDto) =>
  (project.projectInformation?.itemNumberSchema?.tiers ?? []).map((t) => `${t.tierType}:${t.length}`);
const total = (project: ProjectDto) => project.serviceSpecifications?.[0]?.totalPrice;

/** GAEB 90 has 9 OZ characters (the OZ mask of record 00). */
const tooWideForGaeb90 = (project: ProjectDto) =>
  (project.projectInformation?.itemNumberSchema?.tiers ?? []).reduce((n, t) => n + (t.length ?? 0), 0) > 9;
/** An item number without the padding of its parts ("01.__.0040.1" → "1._.40.1"). */
const unpadded = (n: string | undefined) =>
  n?.split('.').map((p) => (/^\d+$/.test(p) ? String(Number(p)) : /^_+$/.test(p) ? '_' : p)).join('.');

// What each fixture states: item numbers as the file gives them, quantity, unit price, total.
const TWO_LEVELS: [string, number, number, number][] = [
  ['01.02.0040', 10, 12.5, 125], ['01.02.0040.1', 4, 15, 60], ['01.02.0040.A', 2.5, 18, 45], ['01.02.0050', 1, 181.5, 181.5],
  ['02.0010', 1, 100, 100], ['02.0010.2', 2, 5.25, 10.5], ['02.0020.B', 3, 7, 21],
];
const THREE_LEVELS: [string, number, number, number][] = [
  ['01.01.01.010', 10, 2, 20], ['01.01.01.010.a', 4, 2.5, 10], ['01.01.01.020.9', 1, 99.99, 99.99],
  ['01.02.030.1', 2, 3, 6], ['01.02.030', 1, 4, 4], ['02.040.Z', 3, 1.5, 4.5], ['02.040', 5, 1, 5],
];
// The item's own part and index as DA XML writes them (`RNoPart` or `RNoPart.RNoIndex`).
const TWO_LEVELS_RNO = ['0040', '0040.1', '0040.A', '0050', '0010', '0010.2', '0020.B'];
const THREE_LEVELS_RNO = ['010', '010.a', '020.9', '030.1', '030', '040.Z', '040'];
// GAEB 90 / GAEB 2000 fixtures of the three-level BoQ have a 1-character first level.
const THREE_LEVELS_LEGACY = THREE_LEVELS.map(([n, ...rest]): [string, number, number, number] => [n.replace(/^0/, ''), ...rest]);

const FIXTURES: { file: string; expected: [string, number, number, number][]; tiers: string[]; rno: string[] }[] = [
  { file: 'two-levels-v33.x86', expected: TWO_LEVELS, tiers: ['Group:2', 'Group:2', 'Position:4', 'Index:1'], rno: TWO_LEVELS_RNO },
  { file: 'three-levels-v32.x86', expected: THREE_LEVELS, tiers: ['Group:2', 'Group:2', 'Group:2', 'Position:3', 'Index:1'], rno: THREE_LEVELS_RNO },
  { file: 'three-levels-v31.x86', expected: THREE_LEVELS, tiers: ['Group:2', 'Group:2', 'Group:2', 'Position:3', 'Index:1'], rno: THREE_LEVELS_RNO },
  { file: 'index-2.d86', expected: TWO_LEVELS, tiers: ['Group:2', 'Group:2', 'Position:4', 'Index:1'], rno: TWO_LEVELS_RNO },
  { file: 'index-3.d86', expected: THREE_LEVELS_LEGACY, tiers: ['Group:1', 'Group:2', 'Group:2', 'Position:3', 'Index:1'], rno: THREE_LEVELS_RNO },
  { file: 'index-2.p86', expected: TWO_LEVELS, tiers: ['Group:2', 'Group:2', 'Position:4', 'Index:1'], rno: TWO_LEVELS_RNO },
  { file: 'index-3.p86', expected: THREE_LEVELS_LEGACY, tiers: ['Group:1', 'Group:2', 'Group:2', 'Position:3', 'Index:1'], rno: THREE_LEVELS_RNO },
];

describe.each(FIXTURES)('$file', ({ file, expected, tiers: expectedTiers, rno }) => {
  const source = read(fixture(file));

  it('is read with its index items and the schema Index tier', () => {
    expect(items(source).map((r) => [r.number, r.quantity, r.unitPrice, r.total])).toEqual(expected);
    expect(tiers(source)).toEqual(expectedTiers);
    // Items at the full depth are schema-compliant; the index is their last identifier, one tier after the item.
    const rows = items(source);
    const full = rows.filter((r) => r.compliant);
    const groupTiers = expectedTiers.filter((t) => t.startsWith('Group')).length;
    expect(full.map((r) => r.number)).toEqual(expected.filter(([n], i) => n.split('.').length - rno[i].split('.').length === groupTiers).map(([n]) => n));
    for (const r of full) {
      const own = rno[rows.indexOf(r)].split('.');
      expect(r.identifiers?.slice(-own.length)).toEqual(own);
      expect(r.identifiers?.length).toBe(expectedTiers.length - (own.length === 2 ? 0 : 1));
    }
  });

  it.each(DESTINATIONS)('→ %s → read: item numbers (index included), quantities, prices and totals identical', (destination) => {
    const { bytes, messages } = writeGaeb(source, destination);
    const back = read(bytes);
    if (destination === 'Gaeb90' && tooWideForGaeb90(source)) {
      // 2+2+2+3+1 characters do not fit the 9 OZ characters: the numbers lose their zero padding, reported; the
      // index stays.
      expect(messages.map((m) => m.code)).toContain('GAEB90_ITEM_NUMBER_PADDING');
      expect(items(back).map((r) => ({ ...r, identifiers: undefined, number: unpadded(r.number) })))
        .toEqual(items(source).map((r) => ({ ...r, identifiers: undefined, number: unpadded(r.number) })));
      expect(total(back)).toBe(total(source));
      return;
    }
    expect(messages.map((m) => m.code)).not.toContain('GAEB90_ITEM_NUMBER_PADDING');
    expect(items(back)).toEqual(items(source));
    expect(tiers(back)).toEqual(tiers(source));
    expect(total(back)).toBe(total(source));
    const version = XML_VERSION[destination];
    if (version) {
      const xml = bytes.toString('utf8');
      // Every item with an index is written with RNoIndex, never as RNoPart.
      const written = [...xml.matchAll(/<Item [^>]*?RNoPart="([^"]*)"(?: RNoIndex="([^"]*)")?/g)].map((m) => (m[2] ? `${m[1]}.${m[2]}` : m[1]));
      expect(written).toEqual(rno);
      if (hasGaebSchema(version, '86')) expect(validateGaebXml(bytes, version, '86').errors).toEqual([]);
    }
  });

  it.each(DESTINATIONS)('→ %s → read with SupportSkippedItemNumberLevelsInPositions: every item number fits the schema', (destination) => {
    const filled = read(fixture(file), true);
    expect(items(filled).every((r) => r.compliant)).toBe(true);
    const back = read(writeGaeb(filled, destination).bytes, true);
    if (destination === 'Gaeb90' && tooWideForGaeb90(filled)) {
      expect(items(back).map((r) => unpadded(r.number))).toEqual(items(filled).map((r) => unpadded(r.number)));
      return;
    }
    expect(items(back)).toEqual(items(filled));
    expect(total(back)).toBe(total(filled));
  });
});

describe('a BoQ whose items all sit under a skipped level', () => {
  // Only category 02 of two-levels-v33.x86 (items 02.0010, 02.0010.2, 02.0020.B directly in a level-1 category):
  // no group fills the second level, yet the schema keeps it and the index stays the index.
  const full = read(fixture('two-levels-v33.x86'));
  const spec = full.serviceSpecifications![0];
  spec.elements = spec.elements!.slice(1);
  const source = prepareProject(full, {});

  it.each(DESTINATIONS)('→ %s → read keeps the schema and the item numbers', (destination) => {
    expect(items(source).map((r) => r.number)).toEqual(['02.0010', '02.0010.2', '02.0020.B']);
    const back = read(writeGaeb(source, destination).bytes);
    expect(tiers(back)).toEqual(['Group:2', 'Group:2', 'Position:4', 'Index:1']);
    expect(items(back)).toEqual(items(source));
  });
});
