/**
 * GAEB total semantics on the real corpus: for every `.X8x` file that states totals, EVERY category's
 * `Totals/Total` (and `TotAfterDisc` when stated), the `BoQInfo/Totals/Total` and every item's / markup item's `IT`
 * equal the recalculated `totalPrice` / `deductedPrice` of the group, service specification or position, to the
 * cent. The expected values are parsed from the file text independently (a regex pass keyed by the element's
 * `ID`), not from the reader's extra fields. Plus a round trip X86 → ava → GAEB 3.3 X86 → ava that keeps the totals.
 *
 * Rule (GAEB DA XML 3.3 Lib tgTotals; BVBS Prüfdatei AVA X86 arithmetic): a Total sums the counted children after
 * their own discounts (item IT, sub-category TotAfterDisc / TotalLSUM); TotAfterDisc = Total × (1 − DiscountPcnt)
 * or Total − DiscountAmt. Skipped, with a notice, when the corpus is absent.
 */
import { describe, expect, it } from 'vitest';
import type { ElementDto, PositionDto, ProjectDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { prepareProject } from '../../core/model/index.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { writeGaebXml } from '../../plugins/gaeb/xml/writer/index.js';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { statedTotals } from '../support/gaeb-stated-totals.js';

const files = corpusFiles('gaeb', /\.x8\d$/i).filter((f) => /<Totals>\s*<Total>/.test(new TextDecoder().decode(readCorpus('gaeb', f))));

function flatten(elements: readonly ElementDto[] | undefined, out: ElementDto[] = []): ElementDto[] {
  for (const e of elements ?? []) {
    out.push(e);
    flatten((e as { elements?: ElementDto[] }).elements, out);
  }
  return out;
}

function read(bytes: Buffer): ProjectDto {
  const project = readGaebXml(bytes, defaultOptions(), new MessageCollector());
  // The reader sets priceAccuracy 2 (GAEB IT/Totals are tgDecimal_13_2) and unitPriceAccuracy per UPFracDig.
  return prepareProject(project, {});
}

const numberOf = (e: ElementDto) => (e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation ?? '';

/**
 * X84 is a reduced phase: no Qty (derived by the reader from IT / UP) and no item or category kinds (Provis, ALN,
 * NotAppl, ALNB, MarkupType). Its stated totals count only what the tender (a sibling of the same LV) marks as
 * counting, so the kinds are taken from the sibling by item number, as a bid is merged into its tender.
 */
function mergeTenderKinds(bid: ProjectDto, tender: ProjectDto): void {
  const tenderElements = flatten(tender.serviceSpecifications![0].elements);
  const bidByNumber = new Map(flatten(bid.serviceSpecifications![0].elements).map((e) => [numberOf(e), e]));
  const tenderNumberById = new Map(tenderElements.map((e) => [e.id, numberOf(e)]));
  const mapId = (id: string | undefined) => {
    const target = id === undefined ? undefined : bidByNumber.get(tenderNumberById.get(id) ?? '');
    return target ? (target.id ??= `bid-${numberOf(target)}`) : undefined;
  };
  for (const t of tenderElements) {
    const b = bidByNumber.get(numberOf(t)) as Record<string, unknown> | undefined;
    if (!b || b.elementTypeDiscriminator !== t.elementTypeDiscriminator) continue;
    for (const key of ['positionType', 'priceType', 'comissionStatus', 'complemented', 'gaebComplementingType', 'alternativeGroupIdentifier', 'alternativeIdentifier']) {
      if ((t as Record<string, unknown>)[key] !== undefined) b[key] = (t as Record<string, unknown>)[key];
    }
    const tt = t as PositionDto;
    if (tt.alternativeTo) b.alternativeTo = mapId(tt.alternativeTo);
    if (tt.complementsPositions) b.complementsPositions = tt.complementsPositions.map(mapId);
    if (tt.gaebComplementingType) delete b.unitPriceOverride; // computed from the base again
  }
}

const cents = (v: number | undefined) => (v === undefined ? undefined : Math.round(v * 100));

/** Mismatches of the recalculated project against the stated values, and the number of values compared. */
function compare(project: ProjectDto, text: string): { mismatches: string[]; compared: number } {
  const { byId, boq } = statedTotals(text);
  const spec = project.serviceSpecifications![0];
  const mismatches: string[] = [];
  let compared = 0;
  const check = (what: string, actual: number | undefined, expected: number | undefined) => {
    if (expected === undefined) return;
    compared++;
    if (cents(actual) !== cents(expected)) mismatches.push(`${what}: recalculated ${actual}, file ${expected}`);
  };
  check('BoQInfo Total', spec.totalPrice, boq);
  for (const e of flatten(spec.elements)) {
    const stated = typeof e.gaebXmlId === 'string' ? byId.get(e.gaebXmlId) : undefined;
    if (!stated) continue;
    const g = e as ServiceSpecificationGroupDto;
    const no = (e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation;
    if (e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto') {
      check(`${no} Total`, g.totalPrice, stated.total);
      check(`${no} TotAfterDisc`, g.deductedPrice, stated.afterDiscount);
    } else {
      const p = e as PositionDto;
      // A not-applicable item (NotAppl) states IT 0 in X86 (its quantity × UP in X84, which has no NotAppl); the
      // model keeps quantity × UP and does not count it.
      const removed = p.comissionStatus === 'Removed' && stated.it === 0;
      check(`${no} IT`, removed ? 0 : p.deductedPrice, stated.it);
    }
  }
  return { mismatches, compared };
}

describe.skipIf(!hasCorpus)('GAEB totals on the corpus', () => {
  it('has files that state totals', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  describe.each(files)('%s', (name) => {
    it('recalculates every stated Total, TotAfterDisc, BoQ total and IT to the cent', () => {
      const bytes = readCorpus('gaeb', name);
      const text = new TextDecoder().decode(bytes);
      let project = read(bytes);
      const tender = /\.x84$/i.test(name) ? corpusFiles('gaeb', /\.x8[0-3]$/i).find((f) => f.replace(/\.x8\d$/i, '') === name.replace(/\.x8\d$/i, '')) : undefined;
      if (tender) {
        const raw = readGaebXml(bytes, defaultOptions(), new MessageCollector());
        mergeTenderKinds(raw, readGaebXml(readCorpus('gaeb', tender), defaultOptions(), new MessageCollector()));
        project = prepareProject(raw, {});
      }
      const { mismatches, compared } = compare(project, text);
      expect(compared).toBeGreaterThan(0);
      expect(mismatches).toEqual([]);
    });
  });

  const x86 = files.filter((f) => /\.x86$/i.test(f));
  it.each(x86)('keeps the totals through X86 → ava → GAEB 3.3 X86 → ava: %s', (name) => {
    const first = read(readCorpus('gaeb', name));
    const bytes = writeGaebXml(structuredClone(first), defaultOptions(), new MessageCollector(), { version: '3.3', phase: '86' });
    const again = read(bytes);
    const a = first.serviceSpecifications![0];
    const b = again.serviceSpecifications![0];
    expect(cents(b.totalPrice)).toBe(cents(a.totalPrice));
    expect(cents(b.deductedPrice)).toBe(cents(a.deductedPrice));
    const groups = (p: ProjectDto) =>
      flatten(p.serviceSpecifications![0].elements)
        .filter((e): e is ServiceSpecificationGroupDto => e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto')
        .map((g) => `${g.itemNumber?.stringRepresentation} ${cents(g.totalPrice)} ${cents(g.deductedPrice)}`);
    expect(groups(again)).toEqual(groups(first));
    // The written file states the same totals the model computes.
    const { mismatches } = compare(again, new TextDecoder().decode(bytes));
    expect(mismatches).toEqual([]);
  });
});
