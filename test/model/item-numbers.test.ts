/**
 * Item number parsing (`item-numbers.ts`) against a straightforward reference implementation (the array-method
 * formulation it was first written in) on random numbers and schemas: the loop-based code must agree exactly.
 */
import { describe, expect, it } from 'vitest';
import {
  formatItemNumber, isExactPositionNumber, padIdentifier, parseGroupItemNumber, parsePositionAfterGroup,
  parsePositionItemNumber, schemaLayout, splitItemNumber, type ParsedItemNumber, type SchemaLayout,
} from '../../core/model/item-numbers.js';
import type { ItemNumberSchemaDto, ItemNumberSchemaTierDto, ItemNumberSchemaTierTypeDto } from '../../core/model/types.js';
import { seededRandom } from '../support/random.js';

const reference = {
  padIdentifier(id: string, tier: ItemNumberSchemaTierDto | undefined, layout: SchemaLayout): string {
    const length = tier?.length ?? id.length;
    if (id.length >= length) return id;
    if (id.length > 0 && [...id].every((c) => c === layout.skippedFiller)) return layout.skippedFiller.repeat(length);
    return layout.filler.repeat(length - id.length) + id;
  },
  splitItemNumber(value: string, separator = '.'): string[] {
    const trimmed = value.trim();
    if (trimmed === '') return [];
    const parts = trimmed.split(separator).map((p) => p.trim());
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    return parts;
  },
  fitsTier(id: string, tier: ItemNumberSchemaTierDto | undefined, layout: SchemaLayout): boolean {
    if (!tier) return false;
    if (id.length === 0 || id.length > tier.length) return false;
    if ([...id].every((c) => c === layout.skippedFiller)) return true;
    return (tier.type ?? 'Numeric') === 'Alphanumeric' ? /^[0-9A-Za-z_]+$/.test(id) : /^[0-9]+$/.test(id.trim());
  },
  parseGroupItemNumber(value: string, level: number, layout: SchemaLayout): ParsedItemNumber {
    const parts = reference.splitItemNumber(value, layout.separator);
    const identifiers = parts.map((p, i) => reference.padIdentifier(p, layout.tiers[layout.groupTiers[i]], layout));
    const isSchemaCompliant =
      parts.length === level + 1 && parts.every((p, i) => reference.fitsTier(p, layout.tiers[layout.groupTiers[i]], layout));
    return { identifiers, isSchemaCompliant };
  },
  parsePositionItemNumber(value: string, groupLevels: number, layout: SchemaLayout, allowSkipped: boolean): ParsedItemNumber {
    let parts = reference.splitItemNumber(value, layout.separator);
    const hasIndexTier = layout.indexTier >= 0;
    const groupCount = layout.groupTiers.length;
    const plainCount = (n: number) => n === groupCount + 1 || (allowSkipped && n <= groupCount + 1);
    let indexPart: string | undefined;
    // The index of an item under a skipped level: one part per ancestor group, item, index (`01.0040.1` at depth 1).
    const last = parts[parts.length - 1] ?? '';
    const underSkippedLevel =
      groupLevels < groupCount && parts.length - 2 === groupLevels && parts[parts.length - 2] !== '' &&
      ![...last].every((c) => c === layout.skippedFiller) && reference.fitsTier(last, layout.tiers[layout.indexTier], layout);
    if (hasIndexTier && parts.length >= 2 && ((!plainCount(parts.length) && plainCount(parts.length - 1)) || underSkippedLevel)) {
      indexPart = parts[parts.length - 1];
      parts = parts.slice(0, -1);
    }
    const positionPart = parts[parts.length - 1] ?? '';
    let groupParts = parts.slice(0, -1);
    let compliant = groupParts.length === groupCount;
    if (groupParts.length < groupCount && allowSkipped) {
      const given = Math.min(groupParts.length, groupLevels);
      const missing = groupCount - groupParts.length;
      groupParts = [...groupParts.slice(0, given), ...Array(missing).fill(layout.skippedFiller), ...groupParts.slice(given)];
      compliant = true;
    }
    const identifiers = groupParts.map((p, i) => reference.padIdentifier(p, layout.tiers[layout.groupTiers[i]], layout));
    const positionTier = layout.tiers[layout.positionTier];
    identifiers.push(reference.padIdentifier(positionPart, positionTier, layout));
    compliant = compliant && groupParts.every((p, i) => reference.fitsTier(p, layout.tiers[layout.groupTiers[i]], layout));
    compliant = compliant && layout.positionTier >= 0 && reference.fitsTier(positionPart, positionTier, layout);
    if (indexPart !== undefined) {
      identifiers.push(indexPart);
      compliant = compliant && reference.fitsTier(indexPart, layout.tiers[layout.indexTier], layout);
    }
    return { identifiers, isSchemaCompliant: compliant };
  },
};


describe('item number parsing agrees with the reference implementation', () => {
  const next = seededRandom(4711);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const separators = ['.', '.', '.', '-', '/', '::', ' '];
  const fillers = [undefined, '_', '#', '__', '\ud83d\ude00', '\ud800'];
  const partPieces = ['', '0', '1', '01', '001', '0010', '9999', 'A', 'a1', 'X_', ' 1', '2 ', '_', '__', '___', '#', '##', 'é', '\ud83d\ude00', '\ud800', ' '];
  const tierTypes: ItemNumberSchemaTierTypeDto[] = ['Lot', 'Group', 'Group', 'Position', 'Index', 'Undefined'];

  function schema(): ItemNumberSchemaDto {
    const tiers: ItemNumberSchemaTierDto[] = [];
    const n = Math.floor(next() * 6);
    for (let i = 0; i < n; i++) {
      tiers.push({ length: 1 + Math.floor(next() * 4), type: next() < 0.3 ? 'Alphanumeric' : next() < 0.5 ? undefined : 'Numeric', tierType: pick(tierTypes) });
    }
    return { tiers, separator: pick(separators), filler: next() < 0.8 ? '0' : ' ', skippedTiersFiller: pick(fillers) };
  }

  function itemNumber(separator: string): string {
    const parts: string[] = [];
    const n = Math.floor(next() * 6);
    for (let i = 0; i < n; i++) parts.push(pick(partPieces) + (next() < 0.2 ? pick(partPieces) : ''));
    return (next() < 0.2 ? ' ' : '') + parts.join(separator) + (next() < 0.2 ? separator : '') + (next() < 0.1 ? ' ' : '');
  }

  it('on 20,000 random numbers and schemas', () => {
    for (let n = 0; n < 20_000; n++) {
      const layout = schemaLayout(schema());
      const value = itemNumber(next() < 0.9 ? layout.separator : pick(separators));
      const level = Math.floor(next() * 5);
      const allowSkipped = next() < 0.5;
      const where = `${JSON.stringify(value)} ${JSON.stringify(layout)} level ${level} skipped ${allowSkipped}`;
      expect(splitItemNumber(value, layout.separator), where).toEqual(reference.splitItemNumber(value, layout.separator));
      expect(parseGroupItemNumber(value, level, layout), where).toEqual(reference.parseGroupItemNumber(value, level, layout));
      expect(parsePositionItemNumber(value, level, layout, allowSkipped), where)
        .toEqual(reference.parsePositionItemNumber(value, level, layout, allowSkipped));
      const id = pick(partPieces) + pick(partPieces);
      const tier = layout.tiers[Math.floor(next() * (layout.tiers.length + 1))];
      expect(padIdentifier(id, tier, layout), where).toBe(reference.padIdentifier(id, tier, layout));
    }
  });

  it('parses a position after its group\'s number as the full parse does, on 20,000 random numbers and schemas', () => {
    let taken = 0;
    let compliant = 0;
    for (let n = 0; n < 20_000; n++) {
      const layout = schemaLayout(schema());
      const groupCount = layout.groupTiers.length;
      if (groupCount === 0 || layout.separator === '') continue;
      const groupParts = Array.from({ length: groupCount }, () => pick(['1', '01', '2', 'A', '_', ' 1', '#', '001']));
      const group = parseGroupItemNumber(groupParts.join(layout.separator), groupCount - 1, layout);
      if (!group.isSchemaCompliant) continue;
      const prefix = formatItemNumber(group.identifiers, layout.separator, true);
      const fitting = ['1', '01', 'A', '9'];
      const tail = Array.from({ length: Math.floor(next() * 3) }, () => pick(next() < 0.5 ? fitting : partPieces));
      const rest = (next() < 0.5 ? pick(fitting) : pick(partPieces) + pick(partPieces)) + tail.map((t) => (next() < 0.9 ? layout.separator : pick(separators)) + t).join('');
      const value = (prefix + rest).trim();
      if (!value.startsWith(prefix)) continue;
      const fast = parsePositionAfterGroup(value, prefix.length, group.identifiers, layout);
      if (fast === undefined) continue;
      taken++;
      if (fast.isSchemaCompliant) compliant++;
      for (const allowSkipped of [false, true]) {
        const where = `${JSON.stringify(value)} ${JSON.stringify(layout)} skipped ${allowSkipped}`;
        expect(fast, where).toEqual(parsePositionItemNumber(value, groupCount, layout, allowSkipped));
      }
    }
    // the comparison ran on many numbers, compliant ones and others
    expect(taken).toBeGreaterThan(1000);
    expect(compliant).toBeGreaterThan(100);
    expect(taken - compliant).toBeGreaterThan(100);
  });

  it('takes given identifiers only where they are what the full parse gives, on 20,000 random numbers and schemas', () => {
    let taken = 0;
    let refused = 0;
    const pieces = ['1', '01', '001', '0010', 'A', 'AB', 'a1', 'X_', '_', '__', '#', ' 1', '1.', '', '9'];
    for (let n = 0; n < 20_000; n++) {
      const layout = schemaLayout(schema());
      // now and then a separator that identifiers may hold
      if (next() < 0.1) layout.separator = pick(['1', 'A', '_']);
      const groupCount = layout.groupTiers.length;
      // one identifier per group tier and the Position tier, then maybe an index; most padded to their tier
      const tiers = [...layout.groupTiers, layout.positionTier, ...(next() < 0.6 ? [layout.indexTier] : [])];
      const identifiers: unknown[] = tiers.map((t) => {
        const tier = layout.tiers[t];
        if (tier === undefined || next() < 0.15) return pick(pieces);
        const digits = (tier.type ?? 'Numeric') !== 'Alphanumeric' || next() < 0.5;
        const id = digits ? String(Math.floor(next() * 10 ** tier.length)) : pick(['A', 'B1', 'x_', 'Z']).slice(0, tier.length);
        return t === layout.indexTier ? id : id.padStart(tier.length, '0');
      });
      if (next() < 0.05) identifiers[Math.floor(next() * identifiers.length)] = 7;
      const joined = identifiers.map(String).join(layout.separator);
      const value = next() < 0.85 ? joined : next() < 0.5 ? joined + layout.separator : `${joined}${layout.separator}${pick(pieces)}`;
      if (!isExactPositionNumber(value, identifiers, layout)) {
        refused++;
        continue;
      }
      taken++;
      for (const allowSkipped of [false, true]) {
        const where = `${JSON.stringify(value)} ${JSON.stringify(identifiers)} ${JSON.stringify(layout)} skipped ${allowSkipped}`;
        expect(parsePositionItemNumber(value, groupCount, layout, allowSkipped), where).toEqual({ identifiers, isSchemaCompliant: true });
      }
    }
    // the comparison ran on many numbers, and many other shapes were refused
    expect(taken).toBeGreaterThan(2000);
    expect(refused).toBeGreaterThan(2000);
  });

  it('takes given identifiers of an ÖNORM number and refuses those parsing would change', () => {
    const layout = schemaLayout({
      tiers: [{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }, { length: 2, tierType: 'Position' }, { length: 1, tierType: 'Index', type: 'Alphanumeric' }],
      separator: '.',
    });
    expect(isExactPositionNumber('01.02.03.A', ['01', '02', '03', 'A'], layout)).toBe(true);
    expect(isExactPositionNumber('01.02.03', ['01', '02', '03'], layout)).toBe(true);
    // unpadded (parsing pads), an index too long, not the number's parts, not an array
    expect(isExactPositionNumber('01.02.3.A', ['01', '02', '3', 'A'], layout)).toBe(false);
    expect(isExactPositionNumber('01.02.03.A1', ['01', '02', '03', 'A1'], layout)).toBe(false);
    expect(isExactPositionNumber('01.02.03.B', ['01', '02', '03', 'A'], layout)).toBe(false);
    expect(isExactPositionNumber('01.02.03.A', '01.02.03.A', layout)).toBe(false);
  });

  it('takes a position number after its group\'s apart without parsing the group part again', () => {
    const layout = schemaLayout({
      tiers: [{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }, { length: 2, tierType: 'Position' }, { length: 1, tierType: 'Index', type: 'Alphanumeric' }],
      separator: '.',
    });
    const group = ['01', '02'];
    const plain = parsePositionAfterGroup('01.02.03', 6, group, layout)!;
    expect(plain).toEqual({ identifiers: ['01', '02', '03'], isSchemaCompliant: true });
    expect(plain.identifiers[0]).toBe(group[0]);
    expect(parsePositionAfterGroup('01.02.3.A', 6, group, layout)).toEqual({ identifiers: ['01', '02', '03', 'A'], isSchemaCompliant: true });
    expect(parsePositionAfterGroup('01.02.03.AB', 6, group, layout)).toEqual({ identifiers: ['01', '02', '03', 'AB'], isSchemaCompliant: false });
    // other shapes are left to the full parse
    for (const value of ['01.02.', '01.02..A', '01.02.03.', '01.02.03.A.1', '01.02. 03']) {
      expect(parsePositionAfterGroup(value, 6, group, layout), value).toBeUndefined();
    }
    expect(parsePositionAfterGroup('01.02.03', 3, ['01'], layout)).toBeUndefined();
  });

  it('splits with the default separator and with an empty one as String.prototype.split does', () => {
    for (const value of ['01.02.0010', ' 01 . 02 .', '..', '.', 'a', '', '  ', '1..2', '.1']) {
      expect(splitItemNumber(value)).toEqual(reference.splitItemNumber(value));
      expect(splitItemNumber(value, '')).toEqual(reference.splitItemNumber(value, ''));
    }
  });
});
