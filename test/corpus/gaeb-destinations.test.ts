/**
 * Every corpus GAEB file (`.D8x`, `.P8x`, `.X8x`) through every `DestinationGaebType` that can hold a tender —
 * GAEB 90, GAEB 2000, DA XML 3.1/3.2/3.3 — as a user converts it (ConversionService, `gaeb` → `gaeb`, the source
 * phase kept: `TargetExchangePhaseTransform` None), read back, and compared item by item (matched by item number)
 * on what a tender is priced by: item numbers (same set, same order), quantity, unit (`unitTag`), unit price,
 * total (`totalPrice`), total after discount (`deductedPrice`) and short text.
 *
 * Each field is identical, or the conversion's messages explain the difference: EXPLAINED_BY maps each kind of
 * difference to the message codes that report it; a message explains a difference of its item (`itemNumber`, zero
 * padding aside) or, without an item number, of every item. GAEB 90 may refuse a file whose item numbers do not
 * fit its 9 OZ characters even unpadded: then the case expects that 400 (and checks the numbers indeed need more).
 * A failure names the file, the destination, the first item and field that differ unexplained, and both values.
 *
 * Silent losses the check found in writers that other work is changing are listed in KNOWN_LOSSES with the
 * reason: such a case passes while its unexplained differences are exactly those losses, and turns red (the entry
 * must go) once the loss is fixed or reported, or when any other difference appears.
 * Skipped, with a notice, when the corpus is absent.
 */
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import type { ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { outputBytes } from '../../core/plugin/contract.js';
import type { ConversionRoute } from '../../core/registry/format-registry.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { readGaeb } from '../support/gaeb-round-trip.js';
import { isShortened } from '../support/project-diff.js';
import { positionDifferences, positionsOf, unpadded, type PositionDifference } from '../support/position-compare.js';

const files = corpusFiles('gaeb', /\.[dpx]8\d$/i);
const DESTINATIONS = ['Gaeb90', 'Gaeb2000', 'GaebXml_V3_1', 'GaebXml_V3_2', 'GaebXml_V3_3'] as const;

const route = { source: gaebPlugin, target: gaebPlugin, optionGroups: [], operationId: 'GaebConversion_ConvertToGaeb', path: '/conversion/gaeb/gaeb' } as unknown as ConversionRoute;
const service = new ConversionService();

/** What kind of difference it is; `unexplained` is a difference no message can account for. */
type Kind =
  | 'itemNumberList' | 'itemNumberPadding' | 'shortTextShortened' | 'shortTextOneLine' | 'unitShortened' | 'charactersReplaced'
  | 'quantityDropped' | 'markupPriceRecalculated' | 'unexplained';

/**
 * Difference kind → the message codes that explain it (what the writer or reader says when it makes that change).
 * - itemNumberPadding: the same item (parts equal without zero padding) written with other padding — GAEB 90
 *   drops the padding to fit 9 OZ characters, and pads an item under a skipped level to the schema's width (the
 *   reader reported that the item's number does not follow the schema).
 * - shortTextShortened / unitShortened: a value cut to the target's limit (GAEB 90 short text 70 characters;
 *   unit 4 characters, tgQU and GAEB 90 record 21).
 * - shortTextOneLine: a short text's line breaks or tabs written as spaces (GAEB 90 record 25 and GAEB 2000
 *   `[Kurztext]` hold one line).
 * - charactersReplaced: characters outside the target's code page written as `?` (GAEB 90 CP850, GAEB 2000
 *   Windows-1252).
 * - quantityDropped: a phase without quantities (bid 84: a reader derives them as IT / UP).
 * - markupPriceRecalculated: a markup item of an X84 (no MarkupType) written with MarkupType AllInCat, so its
 *   base — and price — are recalculated from its category.
 */
const EXPLAINED_BY: Record<Exclude<Kind, 'unexplained'>, readonly string[]> = {
  itemNumberList: [],
  itemNumberPadding: ['GAEB90_ITEM_NUMBER_PADDING', 'GAEB_SKIPPED_LEVEL', 'GAEB2000_SKIPPED_LEVEL'],
  shortTextShortened: ['GAEB90_SHORT_TEXT_TRUNCATED'],
  shortTextOneLine: ['GAEB90_SHORT_TEXT_ONE_LINE', 'GAEB2000_SHORT_TEXT_ONE_LINE'],
  unitShortened: ['GAEB90_UNIT_TRUNCATED', 'GAEB_XML_VALUE_SHORTENED'],
  charactersReplaced: ['GAEB90_CHARACTER_REPLACED', 'GAEB2000_CHARACTER_REPLACED'],
  quantityDropped: ['GAEB90_OFFER_PHASE_REDUCED', 'GAEB2000_OFFER_PHASE_REDUCED', 'GAEB_XML_QTY_DROPPED'],
  markupPriceRecalculated: ['GAEB_XML_MARKUP_TYPE_ASSUMED'],
};

/**
 * Silent losses found by this check, left to the work on those writers (issue 10): file pattern, destination,
 * reason and the difference it makes. Such a case passes only while every unexplained difference is this loss
 * (and there is one): it turns red when the loss is fixed or reported (remove the entry) or when another appears.
 */
const KNOWN_LOSSES: readonly { file: RegExp; destination: string; reason: string; is: (d: PositionDifference, source: ProjectDto) => boolean }[] = [];

/** A short text on one line as the GAEB 90 and GAEB 2000 writers write it (line breaks and tabs → one space). */
const oneLine = (v: string) => v.replace(/[ \t]*[\r\n]+[ \t]*/g, ' ').replace(/\t/g, ' ');

const positionOf = (project: ProjectDto, itemNumber: string | undefined) =>
  positionsOf(project).find((x) => x.itemNumber?.stringRepresentation === itemNumber);

/** `after` is `before` with some characters written as `?`. */
const charactersReplaced = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.length === b.length && [...b].every((c, i) => c === a[i] || c === '?');

function kindOf(d: PositionDifference, source: ProjectDto): Kind {
  switch (d.field) {
    case 'itemNumbers': return 'itemNumberList';
    case 'itemNumber': return 'itemNumberPadding';
    case 'shortText':
    case 'unitTag':
      if (charactersReplaced(d.before, d.after)) return 'charactersReplaced';
      if (isShortened(d.before, d.after)) return d.field === 'unitTag' ? 'unitShortened' : 'shortTextShortened';
      if (d.field === 'shortText' && typeof d.before === 'string' && oneLine(d.before) !== d.before && oneLine(d.before) === d.after) return 'shortTextOneLine';
      return 'unexplained';
    case 'quantity':
      return d.after === undefined || d.after === 0 ? 'quantityDropped' : 'unexplained';
    default: {
      const p = positionOf(source, d.itemNumber);
      return p?.isComplementingPosition ? 'markupPriceRecalculated' : 'unexplained';
    }
  }
}

/** Whether a message of `messages` explains the difference (its kind's codes; its item, or no item). */
function explained(d: PositionDifference, kind: Kind, messages: readonly ConversionMessage[]): boolean {
  if (kind === 'unexplained') return false;
  const codes = EXPLAINED_BY[kind];
  return messages.some((m) => codes.includes(m.code) && (m.itemNumber === undefined || m.itemNumber === '' || unpadded(m.itemNumber) === unpadded(d.itemNumber ?? '')));
}

const show = (v: unknown): string => (v === undefined ? 'absent' : JSON.stringify(v));

/** The differences no message explains, in document order. */
function unexplained(source: ProjectDto, back: ProjectDto, messages: readonly ConversionMessage[]): PositionDifference[] {
  return positionDifferences(source, back).filter((d) => !explained(d, kindOf(d, source), messages));
}

/** `item 01.0010 quantity: 12 ≠ absent (quantityDropped, no message explains it)`. */
const describeDifference = (d: PositionDifference, source: ProjectDto): string =>
  `item ${d.itemNumber} ${d.field}: ${show(d.before)} ≠ ${show(d.after)} (${kindOf(d, source)}, no message explains it)`;

/** Sum over the item number levels of the widest unpadded part: what GAEB 90's 9 OZ characters must hold. */
function unpaddedOzWidth(project: ProjectDto): number {
  const widths: number[] = [];
  for (const p of positionsOf(project)) {
    unpadded(p.itemNumber?.stringRepresentation ?? '').split('.').forEach((part, i) => (widths[i] = Math.max(widths[i] ?? 0, part.length)));
  }
  return widths.reduce((s, w) => s + w, 0);
}

describe.skipIf(!hasCorpus)('every corpus GAEB file through every destination type: items identical or reported', () => {
  it('has every generation', () => {
    expect(files.filter((f) => /\.d8/i.test(f)).length).toBeGreaterThanOrEqual(5);
    expect(files.filter((f) => /\.p8/i.test(f)).length).toBeGreaterThanOrEqual(8);
    expect(files.filter((f) => /\.x8/i.test(f)).length).toBeGreaterThanOrEqual(17);
  });

  describe.each(files)('%s', (name) => {
    let cached: { bytes: Buffer; project: ProjectDto } | undefined;
    const source = () => (cached ??= (() => { const bytes = readCorpus('gaeb', name); return { bytes, project: readGaeb(bytes) }; })());

    for (const destination of DESTINATIONS) {
      const known = KNOWN_LOSSES.filter((k) => k.destination === destination && k.file.test(name));
      const title = `→ ${destination} → read: items identical or reported${known.map((k) => `; known loss: ${k.reason}`).join('')}`;
      it(title, async () => {
        const { bytes, project } = source();
        expect(positionsOf(project).length, `${name}: the source has items`).toBeGreaterThan(0);
        let result;
        try {
          result = await service.convert(route, { bytes, fileName: name }, defaultOptions({
            DestinationGaebType: destination,
            TargetExchangePhaseTransform: 'None',
          }));
        } catch (err) {
          // GAEB 90 refuses item numbers that need more than its 9 OZ characters even without their padding.
          expect(err, `${name} → ${destination}: ${(err as Error).message}`).toBeInstanceOf(GatewayError);
          expect((err as GatewayError).statusCode).toBe(400);
          expect(destination).toBe('Gaeb90');
          expect((err as Error).message).toMatch(/GAEB 90 has 9 OZ characters/);
          expect(unpaddedOzWidth(project)).toBeGreaterThan(9);
          return;
        }
        const back = readGaeb(Buffer.from(outputBytes(result.output)));
        const left = unexplained(project, back, result.messages);
        const other = left.find((d) => !known.some((k) => k.is(d, project)));
        expect(other && `${name} → ${destination}: ${describeDifference(other, project)}`).toBeUndefined();
        // A known loss is still there (when fixed or reported, its KNOWN_LOSSES entry goes).
        for (const k of known) expect(left.some((d) => k.is(d, project)), `${name} → ${destination}: no longer shows: ${k.reason}`).toBe(true);
      });
    }
  });
});
