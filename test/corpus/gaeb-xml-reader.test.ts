/**
 * GAEB DA XML reader on every real `.X8x` file of the shared corpus: element counts against an independent count
 * of the file text, item numbers, version/phase, and item totals (IT) against quantity × unit price.
 * X84 is a reduced phase without quantities (GAEB DA XML 3.3 XSDs, bambamboole/gaeb-php, docs/gaeb/3.3): its quantities come from a sibling file of
 * the same LV (same base name, .X81/.X83/.X86) by item number. Skipped, with a notice, when the corpus is absent.
 */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_PHASE_BY_DP, type ElementDto, type PositionDto, type ProjectDto, type ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { detectGaebGeneration } from '../../plugins/gaeb/detect.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';

const files = corpusFiles('gaeb', /\.x8\d$/i);

function flatten(elements: readonly ElementDto[] | undefined, out: ElementDto[] = []): ElementDto[] {
  for (const e of elements ?? []) {
    out.push(e);
    flatten((e as { elements?: ElementDto[] }).elements, out);
  }
  return out;
}

const isPosition = (e: ElementDto): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto';
const isGroup = (e: ElementDto): e is ServiceSpecificationGroupDto => e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto';
const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

function readFile(name: string): { project: ProjectDto; text: string; messages: MessageCollector['messages'] } {
  const bytes = readCorpus('gaeb', name);
  const sink = new MessageCollector();
  const project = readGaebXml(bytes, defaultOptions(), sink);
  return { project, text: new TextDecoder().decode(bytes), messages: sink.messages };
}

/** Quantities by item number from a sibling of an X84 (same LV in another phase), when there is one. */
function siblingQuantities(name: string): Map<string, number> {
  const base = name.replace(/\.x8\d$/i, '');
  const sibling = files.find((f) => f !== name && f.replace(/\.x8\d$/i, '') === base && !/\.x84$/i.test(f));
  const out = new Map<string, number>();
  if (!sibling) return out;
  for (const e of flatten(readFile(sibling).project.serviceSpecifications![0].elements)) {
    if (isPosition(e) && e.quantityOverride !== undefined && !e.amountToBeEnteredByBidder) out.set(e.itemNumber!.stringRepresentation!, e.quantityOverride);
  }
  return out;
}

describe.skipIf(!hasCorpus)('GAEB DA XML reader on the corpus', () => {
  it('has corpus files to read', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  describe.each(files)('%s', (name) => {
    const { project, text, messages } = readFile(name);
    const spec = project.serviceSpecifications![0];
    const all = flatten(spec.elements);
    const positions = all.filter(isPosition);

    it('is detected as GAEB DA XML and holds every Item, MarkupItem and BoQCtgy of the file', () => {
      expect(detectGaebGeneration(readCorpus('gaeb', name).subarray(0, 8192))).toBe('xml');
      // Items and markup items (MarkupItem → complementing position) both become positions.
      expect(positions).toHaveLength(count(text, /<(?:Item|MarkupItem)[\s>]/g));
      expect(all.filter(isGroup)).toHaveLength(count(text, /<BoQCtgy[\s>]/g));
      expect(messages.filter((m) => m.severity === 'error')).toEqual([]);
    });

    it('gives every item a non-empty, unique item number', () => {
      const numbers = positions.map((p) => p.itemNumber?.stringRepresentation ?? '');
      expect(numbers.filter((n) => n === '')).toEqual([]);
      expect(new Set(numbers).size).toBe(numbers.length);
    });

    it('recognises version and exchange phase', () => {
      const version = /<Version>\s*([\d.]+)\s*<\/Version>/.exec(text)![1];
      const dp = /<DP>\s*(\w+)\s*<\/DP>/.exec(text)![1];
      expect(spec.originDetail).toBe(`GAEB XML V${version}`);
      expect(spec.exchangePhase).toBe(EXCHANGE_PHASE_BY_DP[dp]);
      expect(spec.origin).toBe('GaebXml');
    });

    const priced = positions.filter((p) => typeof p.gaebTotal === 'number');
    // Only files that state item totals (IT) get this check.
    if (priced.length > 0) it('has IT = quantity × UP (× (1 − discount), 0 when not applicable) for ≥ 99 % of the items', () => {
      const sibling = /\.x84$/i.test(name) ? siblingQuantities(name) : new Map<string, number>();
      const mismatches: string[] = [];
      let compared = 0;
      for (const p of priced) {
        const number = p.itemNumber!.stringRepresentation!;
        const quantity = p.quantityOverride ?? sibling.get(number);
        if (quantity === undefined || p.unitPriceOverride === undefined) continue;
        compared++;
        let expected = new Decimal(quantity).mul(p.unitPriceOverride);
        if (p.deductionFactor) expected = expected.mul(new Decimal(1).minus(p.deductionFactor));
        if (p.comissionStatus === 'Removed') expected = new Decimal(0);
        const rounded = expected.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        if (!rounded.equals(p.gaebTotal as number)) mismatches.push(`${number}: ${quantity} × ${p.unitPriceOverride} = ${rounded}, IT ${p.gaebTotal}`);
      }
      expect(compared, 'items with quantity, UP and IT').toBeGreaterThanOrEqual(Math.min(priced.length, 3));
      expect((compared - mismatches.length) / compared, mismatches.join('; ')).toBeGreaterThanOrEqual(0.99);
    });
  });
});
