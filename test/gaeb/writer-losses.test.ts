/**
 * What the GAEB 90 and GAEB 2000 writers used to lose without a word (issue 10), on our own fixture
 * lump-sum-discounts-v33.x86 (a 10 % item discount 500 → 450, a 10 % markup item discount 10 → 9, a 5 % category
 * discount 2959 → 2811.05; BoQ 3511.05):
 * - GAEB 2000 keeps every discount (vendor tags `[_GAEBXML_DiscountPcnt]`/`…DiscountAmt`/`…TotalLSUM`, `[GB]` after
 *   the item's discount) and reads back equal amounts, without a message;
 * - GAEB 90 has no discount field: one warning per file names the discounted elements and the BoQ difference, and
 *   the file's totals are the ones its quantities and unit prices give (nothing the receiver's recalculation misses);
 * - phase 83 (no prices) reports the unit prices it leaves out, as the DA XML writer does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateProject } from '../../core/model/calculate.js';
import type { PositionDto, ProjectDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { findTotalMismatches } from '../../plugins/gaeb/stated-totals.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { flatten } from './xml-reader-support.js';

const source = (): ProjectDto => readGaeb(readFileSync(new URL('../fixtures/gaeb/lump-sum-discounts-v33.x86', import.meta.url)));
const positions = (p: ProjectDto): PositionDto[] =>
  flatten(p.serviceSpecifications![0].elements).filter((e): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto');
const groups = (p: ProjectDto): ServiceSpecificationGroupDto[] =>
  flatten(p.serviceSpecifications![0].elements).filter((e): e is ServiceSpecificationGroupDto => e.elementTypeDiscriminator === 'ServiceSpecificationGroupDto');
const amounts = (p: ProjectDto) => ({
  items: positions(p).map((e) => [e.itemNumber?.stringRepresentation, e.quantity, e.unitPrice, e.totalPrice, e.deductedPrice, e.deductionFactor ?? 0]),
  groups: groups(p).map((g) => [g.itemNumber?.stringRepresentation, g.totalPrice, g.deductedPrice, g.deductionFactor ?? 0, g.absoluteDeduction ?? 0, g.flatSum]),
  boq: [p.serviceSpecifications![0].totalPrice, p.serviceSpecifications![0].deductedPrice],
});

describe('GAEB 2000 keeps discounts', () => {
  it('writes the item, markup item and category discounts and reads back the same amounts, without a message', () => {
    const project = source();
    const written = writeGaeb(project, 'Gaeb2000');
    const text = written.bytes.toString('latin1');
    // [GB] of item 01.0030 is its total after the 10 % discount, as DA XML IT.
    expect(text).toMatch(/\[OZ\]010030\[end\][\s\S]*?\[GB\]450,00\[end\]\s*\[_GAEBXML_DiscountPcnt\]10,00\[end\]/);
    expect(text).toMatch(/\[Summe\]2959,00\[end\]\s*\[_GAEBXML_DiscountPcnt\]5,00\[end\]\s*\[SummeNachNL\]2811,05\[end\]/);
    expect(written.messages.filter((m) => /DISCOUNT|TOTAL/.test(m.code))).toEqual([]);
    const back = readGaeb(written.bytes);
    expect(amounts(back)).toEqual(amounts(project));
    expect(amounts(back).boq).toEqual([3511.05, 3511.05]);
    expect(findTotalMismatches(back)).toEqual([]);
  });

  it('keeps a BoQ discount, a discount amount and a lump-sum total of a category', () => {
    const project = source();
    const spec = project.serviceSpecifications![0];
    spec.deductionFactor = 0.02;
    const category = groups(project).find((g) => g.itemNumber?.stringRepresentation === '02.')!;
    category.absoluteDeduction = 50;
    const first = groups(project).find((g) => g.itemNumber?.stringRepresentation === '01.')!;
    first.deductionFactor = 0;
    first.flatSum = 2800;
    calculateProject(project);
    expect(spec.deductedPrice).toBe(Math.round((2800 + 650) * 0.98 * 100) / 100);
    const back = readGaeb(writeGaeb(project, 'Gaeb2000').bytes);
    expect(amounts(back)).toEqual(amounts(project));
    expect(back.serviceSpecifications![0].deductionFactor).toBe(0.02);
  });
});

describe('GAEB 90 reports the discounts it cannot hold', () => {
  it('one warning naming the discounted elements and the BoQ difference; the file is consistent', () => {
    const written = writeGaeb(source(), 'Gaeb90');
    const dropped = written.messages.filter((m) => m.code === 'GAEB90_DISCOUNT_DROPPED');
    expect(dropped).toHaveLength(1);
    expect(dropped[0].severity).toBe('warning');
    for (const named of ['Category 01. (2959.00 → 2811.05)', 'Item 01.0030 (500.00 → 450.00)', 'Item 01.0050 (10.00 → 9.00)']) {
      expect(dropped[0].message).toContain(named);
    }
    expect(dropped[0].message).toContain('the BoQ total is 3710.00 instead of 3511.05 (difference 198.95)');
    const back = readGaeb(written.bytes);
    // Record 23 holds quantity × unit price (500), the categories and the LV the sums of what was written.
    expect(positions(back).find((p) => p.itemNumber?.stringRepresentation === '01.0030')).toMatchObject({ totalPrice: 500, deductedPrice: 500 });
    expect(amounts(back).boq).toEqual([3710, 3710]);
    expect(findTotalMismatches(back)).toEqual([]);
  });

  it('says nothing when there is no discount', () => {
    const back = readGaeb(writeGaeb(source(), 'Gaeb90').bytes);
    expect(writeGaeb(back, 'Gaeb90').messages.filter((m) => m.code === 'GAEB90_DISCOUNT_DROPPED')).toEqual([]);
  });
});

describe.each([['Gaeb90', 'GAEB90_PRICES_DROPPED'], ['Gaeb2000', 'GAEB2000_PRICES_DROPPED']])('%s in phase 83', (destination, code) => {
  it('reports the unit prices it does not write', () => {
    const written = writeGaeb(source(), destination, { TargetExchangePhaseTransform: 'OfferRequest' });
    const dropped = written.messages.filter((m) => m.code === code);
    expect(dropped.map((m) => [m.severity, m.message])).toEqual([['info', 'phase 83 carries no prices; unit prices and totals of 6 position(s) were not written']]);
    const back = readGaeb(written.bytes);
    expect(positions(back).every((p) => (p.unitPrice ?? 0) === 0)).toBe(true);
    // Written again as 83, nothing is priced any more: no message.
    expect(writeGaeb(back, destination, { TargetExchangePhaseTransform: 'OfferRequest' }).messages.filter((m) => m.code === code)).toEqual([]);
  });
});

describe('short texts on one line (GAEB 90 record 25, GAEB 2000 [Kurztext])', () => {
  it.each(['Gaeb90', 'Gaeb2000'] as const)('%s keeps runs of spaces and reports line breaks written as spaces', (type) => {
    const project = source();
    const [first, second] = positions(project);
    first.shortText = 'Dämmung  Attika';
    second.shortText = 'Erste Zeile\nzweite Zeile';
    const written = writeGaeb(project, type);
    const back = positions(readGaeb(written.bytes));
    expect(back[0].shortText).toBe('Dämmung  Attika');
    expect(back[1].shortText).toBe('Erste Zeile zweite Zeile');
    const oneLine = written.messages.filter((m) => m.code.endsWith('_SHORT_TEXT_ONE_LINE'));
    expect(oneLine.map((m) => m.itemNumber)).toEqual([second.itemNumber?.stringRepresentation]);
  });
});

describe('marks that decide what counts (alternative group, not applicable)', () => {
  /** The fixture with category 02. as an alternative group to 01. (DA XML ALNBGroupNo 1, ALNBSerNo 1). */
  const withAlternativeGroup = (): ProjectDto => {
    const project = source();
    const [base, alternative] = groups(project).filter((g) => g.hierarchyLevel === 0);
    Object.assign(alternative, { alternativeTo: base.id, alternativeGroupIdentifier: 1, alternativeIdentifier: 1 });
    return calculateProject(project);
  };
  const boqTotal = (p: ProjectDto) => p.serviceSpecifications![0].totalPrice!;
  const categoryTotal = (p: ProjectDto, n: string) => groups(p).find((g) => g.itemNumber?.stringRepresentation === n)!.totalPrice!;

  it('GAEB 2000 marks the positions of an alternative group and of its base ([ZZGruppeNr]/[ZZLfdNr]): a receiver counts what the project counts', () => {
    const project = withAlternativeGroup();
    const written = writeGaeb(project, 'Gaeb2000');
    expect(written.messages.map((m) => m.code).filter((c) => c.includes('COUNTING'))).toEqual([]);
    const text = written.bytes.toString('latin1');
    const marks = [...text.matchAll(/\[OZ\](\S+)\[end\](?:(?!#end\[Position\])[\s\S])*?\[ZZGruppeNr\](\d+)\[end\]\s*\[ZZLfdNr\](\d+)\[end\]/g)].map((m) => [m[1], m[2], m[3]]);
    const inCategory = (n: string) => positions(project).filter((p) => p.itemNumber!.stringRepresentation!.startsWith(n)).length;
    // every position of 01. is a base (serial 0) and every one of 02. an alternative (serial 1) of group 1
    expect([inCategory('01.'), inCategory('02.')].every((n) => n > 0)).toBe(true);
    expect(marks.filter(([, g, s]) => g === '1' && s === '0')).toHaveLength(inCategory('01.'));
    expect(marks.filter(([, g, s]) => g === '1' && s === '1')).toHaveLength(inCategory('02.'));
    const back = readGaeb(written.bytes);
    expect(boqTotal(back)).toBe(boqTotal(project));
    expect(positions(back).filter((p) => p.positionType === 'Alternative')).toHaveLength(inCategory('02.'));
    // no [Summe] for the alternative category, whose positions a receiver does not count: nothing contradicts its recalculation
    expect(findTotalMismatches(back)).toEqual([]);
  });

  it('GAEB 2000 keeps a not applicable item ([Entf]): nothing to report', () => {
    const project = source();
    positions(project)[0].comissionStatus = 'Removed';
    calculateProject(project);
    const written = writeGaeb(project, 'Gaeb2000');
    expect(written.messages.filter((m) => m.code.includes('COUNTING'))).toEqual([]);
    expect(boqTotal(readGaeb(written.bytes))).toBe(boqTotal(project));
  });

  it('GAEB 90 reports an alternative item and an item without total, which a receiver counts', () => {
    const project = source();
    const byNumber = (n: string) => positions(project).find((p) => p.itemNumber?.stringRepresentation === n)!;
    Object.assign(byNumber('01.0040'), { positionType: 'Alternative', alternativeTo: byNumber('01.0020').id, alternativeGroupIdentifier: 1, alternativeIdentifier: 1 });
    Object.assign(byNumber('01.0020'), { alternativeGroupIdentifier: 1, alternativeIdentifier: 0 });
    Object.assign(byNumber('02.0010'), { positionType: 'Optional', priceType: 'WithoutTotal' });
    calculateProject(project);
    // 01. without its alternative 01.0040 (and the markup item's share of it), 02. without its only item
    expect(boqTotal(project)).toBe(2612.5);
    const written = writeGaeb(project, 'Gaeb90');
    const reported = written.messages.filter((m) => m.code === 'GAEB90_COUNTING_CHANGED');
    expect(reported).toHaveLength(1);
    expect(reported[0].message).toContain('Item 01.0040 (200.00; alternative position, not counted: written as an ordinary position, counted)');
    expect(reported[0].message).toContain('Item 02.0010 (700.00; position without total (unit price only), not counted');
    // The discounts go first (reported apart: 2612.50 → 2800.00 without them), then a receiver counts both items
    // (200 + 700), which is what the file states and what it reads back with. The markup item 01.0050 is written as
    // a plain item with its unit price: a receiver does not add 10 % of the alternative to it (the fixture's own
    // total without discounts, 3710.00, does).
    expect(written.messages.find((m) => m.code === 'GAEB90_DISCOUNT_DROPPED')?.message).toContain('the BoQ total is 2800.00 instead of 2612.50');
    expect(reported[0].message).toContain('computes the BoQ total as 3700.00 instead of 2800.00 (difference 900.00)');
    expect(written.messages.filter((m) => m.code === 'GAEB90_ITEM_TYPE_DROPPED').map((m) => m.itemNumber)).toEqual(['01.0040', '02.0010']);
    const back = readGaeb(written.bytes);
    expect(boqTotal(back)).toBe(3700);
    expect(positions(back).find((p) => p.itemNumber?.stringRepresentation === '02.0010')).toMatchObject({ totalPrice: 700 });
    expect(positions(back).find((p) => p.itemNumber?.stringRepresentation === '01.0050')?.unitPrice).toBe(byNumber('01.0050').unitPrice);
    // records 23, 32 and 99 state what the receiver recalculates
    expect(findTotalMismatches(back)).toEqual([]);
  });

  it('GAEB 90 still reports a second service specification it leaves out when it writes the counted copy', () => {
    const project = source();
    project.serviceSpecifications!.push(structuredClone(project.serviceSpecifications![0]));
    Object.assign(positions(project)[3], { positionType: 'Alternative' });
    calculateProject(project);
    const codes = writeGaeb(project, 'Gaeb90').messages.map((m) => m.code);
    expect(codes).toContain('GAEB90_COUNTING_CHANGED');
    expect(codes).toContain('GAEB90_SPECIFICATIONS_DROPPED');
  });

  it('GAEB 90 reports an alternative group and a not applicable item, which a receiver counts', () => {
    const project = withAlternativeGroup();
    const removed = positions(project).find((p) => p.itemNumber?.stringRepresentation === '01.0010')!;
    removed.comissionStatus = 'Removed';
    calculateProject(project);
    const written = writeGaeb(project, 'Gaeb90');
    const reported = written.messages.filter((m) => m.code === 'GAEB90_COUNTING_CHANGED');
    expect(reported).toHaveLength(1);
    expect(reported[0].message).toContain(`Item 01.0010 (${removed.totalPrice!.toFixed(2)}; not applicable (entfällt), not counted`);
    expect(reported[0].message).toContain(`Category 02. (${categoryTotal(project, '02.').toFixed(2)}; alternative group`);
    expect([removed.totalPrice, categoryTotal(project, '02.'), boqTotal(project)]).toEqual([1500, 700, 1386.05]);
    // GAEB 90 holds no discount (1386.05 → 1510.00, reported apart); a receiver then counts 01.0010 and 02.
    expect(written.messages.find((m) => m.code === 'GAEB90_DISCOUNT_DROPPED')?.message).toContain('the BoQ total is 1510.00 instead of 1386.05');
    expect(reported[0].message).toContain('computes the BoQ total as 3710.00 instead of 1510.00 (difference 2200.00)');
    const back = readGaeb(written.bytes);
    expect([boqTotal(back), categoryTotal(back, '01.'), categoryTotal(back, '02.')]).toEqual([3710, 3010, 700]);
    expect(findTotalMismatches(back)).toEqual([]);
  });
});
