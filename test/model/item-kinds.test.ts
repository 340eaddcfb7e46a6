/**
 * Item kinds a format has no mark for (`core/model/item-kinds.ts`): lump sums, hourly paid work, quantities the
 * bidder enters, positions not offered, optional and alternative positions. GAEB 2000 keeps the first four in
 * `_GAEBXML_` vendor tags (read back as they were); ÖNORM A 2063, SIA 451 and GAEB 90 write such positions as
 * ordinary ones and say so once per file, naming kinds and positions.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateProject } from '../../core/model/calculate.js';
import { itemKindsMessage } from '../../core/model/item-kinds.js';
import { positionsOf, type PositionDto, type ProjectDto } from '../../core/model/types.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { write as writeOnlv } from '../oenorm/writer-support.js';
import { read as readOnlv } from '../oenorm/support.js';
import { read as readSia, write as writeSia } from '../sia/support.js';

/** Our fixture with 01.0010 a lump sum, 01.0020 hourly paid work, 01.0030 a quantity the bidder enters, 01.0040 not offered, 02.0010 optional. */
function kinds(): ProjectDto {
  const project = readGaeb(readFileSync(new URL('../fixtures/gaeb/lump-sum-discounts-v33.x86', import.meta.url)));
  const at = (n: string) => positionsOf(project.serviceSpecifications![0].elements).find((p) => p.itemNumber?.stringRepresentation === n)!;
  // 01.0010, 01.0020 and 02.0010 are lump sums in the fixture (unit psch); 01.0010 gets the unit LE
  Object.assign(at('01.0010'), { unitTag: 'LE' });
  Object.assign(at('01.0020'), { isLumpSum: false, serviceType: 'HourlyPaidWork' });
  Object.assign(at('01.0030'), { amountToBeEnteredByBidder: true });
  Object.assign(at('01.0040'), { notOffered: true });
  Object.assign(at('02.0010'), { isLumpSum: false, positionType: 'Optional', priceType: 'WithTotal' });
  return calculateProject(project);
}
const flags = (p: PositionDto | undefined) => [p?.isLumpSum === true, p?.serviceType === 'HourlyPaidWork', p?.amountToBeEnteredByBidder === true, p?.notOffered === true];

describe('item kinds a format has no mark for', () => {
  it('names each kind with its count and first positions, in the order asked', () => {
    const spec = kinds().serviceSpecifications![0];
    expect(itemKindsMessage('SIA 451', spec, ['optional', 'lumpSum', 'hourly', 'quantityByBidder', 'notOffered', 'alternative'])).toBe(
      'SIA 451 has no mark for these item kinds; their positions were written as ordinary ones: optional position (Provis): 1 (02.0010); '
      + 'lump sum (LumpSumItem): 1 (01.0010); hourly paid work (HourIt): 1 (01.0020); quantity to be entered by the bidder (QtyTBD): 1 (01.0030); '
      + 'not offered by the bidder (NotOffered): 1 (01.0040).',
    );
    expect(itemKindsMessage('SIA 451', spec, ['alternative'])).toBeUndefined();
  });

  it('GAEB 2000 keeps lump sum, hourly paid work and a quantity the bidder enters in _GAEBXML_ vendor tags', () => {
    const written = writeGaeb(kinds(), 'Gaeb2000');
    const text = written.bytes.toString('latin1');
    for (const tag of ['[_GAEBXML_LumpSumItem]Yes[end]', '[_GAEBXML_HourIt]Yes[end]', '[_GAEBXML_QtyTBD]Yes[end]', '[_GAEBXML_NotOffered]Yes[end]']) expect(text).toContain(tag);
    const back = positionsOf(readGaeb(written.bytes).serviceSpecifications![0].elements);
    const at = (n: string) => back.find((p) => p.itemNumber?.stringRepresentation === n);
    expect([flags(at('01.0010')), flags(at('01.0020')), flags(at('01.0030')), flags(at('01.0040')), flags(at('01.0050'))]).toEqual([
      [true, false, false, false], [false, true, false, false], [false, false, true, false], [false, false, false, true], [false, false, false, false],
    ]);
  });

  it('ÖNORM A 2063, SIA 451 and GAEB 90 report the kinds they write as ordinary positions, once per file', () => {
    const project = kinds();
    // a second lump sum with the unit psch: ÖNORM writes it as PA (Pauschale), SIA as gl (global), GAEB 90 has no such unit
    const psch = positionsOf(project.serviceSpecifications![0].elements).find((p) => p.itemNumber?.stringRepresentation === '01.0040')!;
    Object.assign(psch, { isLumpSum: true, unitTag: 'psch', notOffered: false });
    const onlv = writeOnlv(project, { TryRepairProjectStructure: true }).messages.filter((m) => m.code === 'OENORM_ITEM_KIND_DROPPED');
    expect(onlv.map((m) => [m.severity, m.message])).toEqual([['warning', expect.stringMatching(/^ÖNORM A 2063 has no mark .*lump sum \(LumpSumItem\): 1 \(01\.0010\); hourly paid work \(HourIt\): 1 \(01\.0020\); quantity to be entered by the bidder \(QtyTBD\): 1 \(01\.0030\)\.$/)]]);
    const sia = writeSia(project).messages.filter((m) => m.code === 'SIA_ITEM_KIND_DROPPED');
    expect(sia.map((m) => m.message)).toEqual([expect.stringMatching(/: lump sum \(LumpSumItem\): 1 \(01\.0010\); .*QtyTBD\): 1 \(01\.0030\); optional position \(Provis\): 1 \(02\.0010\)\.$/)]);
    const gaeb90 = writeGaeb(project, 'Gaeb90').messages;
    expect(gaeb90.filter((m) => m.code === 'GAEB90_ITEM_KIND_DROPPED').map((m) => m.message)).toEqual([
      'GAEB 90 has no mark for these item kinds; their positions were written as ordinary ones: lump sum (LumpSumItem): 2 (01.0010, 01.0040); '
      + 'quantity to be entered by the bidder (QtyTBD): 1 (01.0030).',
    ]);
    expect(gaeb90.filter((m) => m.code === 'GAEB90_ITEM_TYPE_DROPPED').map((m) => m.itemNumber)).toEqual(['02.0010']);
  });

  it('ÖNORM (PA, Pauschale) and SIA 451 (gl, global) carry a lump sum in its unit and read it back as one', () => {
    const project = kinds(); // lump sum 01.0010 has the unit LE; 01.0020 and 02.0010 have the unit psch
    const lumpSums = (positions: PositionDto[]) => positions.filter((p) => p.isLumpSum === true).map((p) => p.unitTag);
    const onlv = readOnlv(writeOnlv(project, { TryRepairProjectStructure: true }).xml).positions;
    const sia = readSia(writeSia(project).bytes).positions;
    // psch is written as PA / gl, which say lump sum, and read back as such; 01.0010's LE says nothing (reported)
    expect(onlv.map((p) => p.unitTag)).toEqual(['VE', 'PA', 'm²', 'm', 'Stk', 'PA']); // the markup item without unit: Stk (filled)
    expect([lumpSums(onlv), lumpSums(sia)]).toEqual([['PA', 'PA'], ['gl', 'gl']]);
  });
});
