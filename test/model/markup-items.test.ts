/**
 * Markup items written to formats without them (`core/model/markup-items.ts`): GAEB 90, GAEB 2000, ÖNORM A 2063
 * and SIA 451 write our fixture's markup item (lump-sum-discounts-v33.x86: 01.0050, 5 % of the marked positions'
 * 200.00 → unit price 10.00, before its own 10 % discount) as an ordinary position, keep its unit price, and say so once.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markupItems, markupItemsMessage } from '../../core/model/markup-items.js';
import { positionsOf, type ProjectDto } from '../../core/model/types.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { write as writeOnlv } from '../oenorm/writer-support.js';
import { read as readOnlv } from '../oenorm/support.js';
import { read as readSia, write as writeSia } from '../sia/support.js';

const source = (): ProjectDto => readGaeb(readFileSync(new URL('../fixtures/gaeb/lump-sum-discounts-v33.x86', import.meta.url)));
const MESSAGE = /has no markup item: 1 markup item\(s\) were written as ordinary positions with their unit price: Item 01\.0050 \(unit price (\d+\.\d\d); 5 % of (\d+\.\d\d)\)\. Totals are unchanged/;

describe('markup items written as ordinary positions', () => {
  it('finds the markup items and names each with its unit price, percentage and base', () => {
    const spec = source().serviceSpecifications![0];
    expect(markupItems(spec).map((p) => p.itemNumber?.stringRepresentation)).toEqual(['01.0050']);
    const [, unitPrice, base] = MESSAGE.exec(markupItemsMessage('GAEB 90', spec)!)!;
    expect([Number(unitPrice), Number(base)]).toEqual([markupItems(spec)[0].unitPrice, markupItems(spec)[0].complementingBasePrice]);
    expect(markupItemsMessage('GAEB 90', { elements: [] })).toBeUndefined();
  });

  it.each([['Gaeb90', 'GAEB90_MARKUP_ITEM_FIXED'], ['Gaeb2000', 'GAEB2000_MARKUP_ITEM_FIXED']])('%s: reported once, the unit price kept', (destination, code) => {
    const project = source();
    const written = writeGaeb(project, destination, { DestinationGaebType: destination });
    const reported = written.messages.filter((m) => m.code === code);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ severity: 'info', message: expect.stringMatching(MESSAGE) });
    const back = positionsOf(readGaeb(written.bytes).serviceSpecifications![0].elements).find((p) => p.itemNumber?.stringRepresentation === '01.0050');
    // written as an ordinary position with the markup item's unit price
    expect(back?.isComplementingPosition).not.toBe(true);
    expect(back).toMatchObject({ unitPrice: markupItems(project.serviceSpecifications![0])[0].unitPrice });
  });

  it('ÖNORM A 2063 and SIA 451: reported once, the unit price kept', () => {
    const project = source();
    const unitPrice = markupItems(project.serviceSpecifications![0])[0].unitPrice;
    const onlv = writeOnlv(project, { TryRepairProjectStructure: true });
    expect(onlv.messages.filter((m) => m.code === 'OENORM_MARKUP_ITEM_FIXED').map((m) => m.message)).toEqual([expect.stringMatching(MESSAGE)]);
    expect(readOnlv(onlv.xml).positions.some((p) => p.unitPrice === unitPrice)).toBe(true);
    const sia = writeSia(project);
    expect(sia.messages.filter((m) => m.code === 'SIA_MARKUP_ITEM_FIXED').map((m) => m.message)).toEqual([expect.stringMatching(MESSAGE)]);
    expect(readSia(sia.bytes).positions.some((p) => p.unitPrice === unitPrice)).toBe(true);
  });
});
