/**
 * The SIA 451 writer: golden records for our fixture (read → write gives the fixture's records again, the A and Z
 * records aside: they name this software and the export date), and a project from another format (GAEB-style
 * item numbers, long texts, characters outside CP850, quantity formulas) with what had to change reported.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import type { ProjectDto } from '../../core/model/types.js';
import { siaPlugin } from '../../plugins/sia/index.js';
import { describeProject, fixture, read, siaRecords, viaJson, write } from './support.js';

const fixtureRecords = (): string[] => iconv.decode(fixture('schulhaus.01s'), 'cp850').split('\r\n').filter((l) => l !== '');

/** A project as a GAEB file gives it: lots of things SIA 451 numbers or writes differently. */
const gaebLike = (): ProjectDto => ({
  projectInformation: {
    name: 'Straße Nord',
    itemNumberSchema: { separator: '.', tiers: [{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }, { length: 4, tierType: 'Position' }] },
  },
  serviceSpecifications: [{
    name: 'Straße Nord', exchangePhase: 'Offer', creationDate: '2025-11-03',
    elements: [{
      elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.' }, shortText: 'Erdarbeiten – Los 1',
      elements: [
        { elementTypeDiscriminator: 'NoteTextDto', longText: 'Vorbemerkung zum Los.' },
        {
          elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.01.' }, shortText: 'Aushub',
          elements: [
            {
              elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.01.0010' }, shortText: 'Oberboden abtragen und seitlich lagern, Stärke 20 cm',
              longText: 'Oberboden abtragen, Kosten 5 € je m² (Richtwert).\nDonaudampfschifffahrtsgesellschaftskapitänsmütze liefern.',
              unitTag: 'm2', unitPriceOverride: 4.25, quantityComponents: [{ formula: '12*3,5' }, { formula: '8' }],
            },
            { elementTypeDiscriminator: 'NoteTextDto', shortText: 'Hinweis', longText: 'Zwischentext' },
            { elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.01.0020' }, shortText: 'Pauschale', unitTag: 'psch', quantityOverride: 1 },
          ],
        },
      ],
    }],
  }],
});

describe('SIA 451 writer', () => {
  it('writes our fixture back record for record (golden), CRLF, CP850, Z count right', () => {
    const { bytes, messages } = write(viaJson(read(fixture('schulhaus.01s')).project));
    expect(messages).toEqual([]);
    const text = iconv.decode(bytes, 'cp850');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const written = siaRecords(bytes);
    const expected = fixtureRecords();
    expect(written.slice(1, -1)).toEqual(expected.slice(1, -1));
    expect(written[0]).toBe(`${expected[0].slice(0, 167)}ava-gateway`);
    expect(written.at(-1)).toBe(`Z020126${expected.at(-1)!.slice(7)}`);
    expect(bytes.includes(Buffer.from([0x84]))).toBe(true); // ä of Hauptgebäude as CP850
  });

  it('maps other item numbers onto chapter and position numbers, reporting each change', () => {
    const { bytes, messages } = write(gaebLike());
    const records = siaRecords(bytes);
    expect(records.filter((r) => r.startsWith('G')).map((r) => r.slice(0, 17).trimEnd() + '|' + r[41] + '|' + r.slice(92))).toEqual([
      'G001|1|Erdarbeiten - Los 1',
      'G001   010000|2|Aushub',
      'G001   010001|2|Oberboden abtragen und seitlic',
      'G001   0100010001|3|Oberboden abtragen und',
      'G001   0100010002|3|seitlich lagern, Stärke 20 cm',
      'G001   0100010101|3|Oberboden abtragen, Kosten 5',
      'G001   0100010102|3|EUR je m² (Richtwert).',
      'G001   0100010201|3|Donaudampfschifffahrtsgesellsc',
      'G001   0100010202|3|haftskapitänsmütze liefern.',
      'G001   010001|5|',
      'G001   010001|6|',
      'G001   010002|2|Pauschale',
      'G001   010002|5|',
      'G001   010002|6|',
    ]);
    const q = records.filter((r) => r.startsWith('G001   010001') && r[41] === '6')[0];
    expect(q.slice(43, 74)).toBe('A+0000000050000   +000000000425');
    expect(records.filter((r) => r.startsWith('G001   010001') && r[41] === '5')[0].slice(58, 60)).toBe('m2');
    expect(records[0].slice(43, 45)).toBe('CC');
    expect(records.at(-1)!.slice(45, 58)).toBe(String(records.length).padStart(13, '0'));
    expect(messages.map((m) => [m.code, m.itemNumber])).toEqual(expect.arrayContaining([
      ['SIA_ITEM_NUMBER_CHANGED', '01.01.'], ['SIA_ITEM_NUMBER_CHANGED', '01.01.0010'],
      ['SIA_ITEM_NUMBER_CHANGED', '01.01.0020'], ['SIA_CHARACTER_REPLACED', '01.'], ['SIA_CHARACTER_REPLACED', '001.010001'],
      ['SIA_TEXT_TRUNCATED', '001.010001'], ['SIA_TEXT_TRUNCATED', '001.010002'], ['SIA_ELEMENT_DROPPED', '01.'],
      ['SIA_ELEMENT_DROPPED', '01.01.'], ['SIA_QUANTITY_COMPONENTS_SUMMED', '001.010001'],
    ]));
    expect(messages).toHaveLength(10); // chapter 01 → 001 is the same number: not a change
    expect(messages.find((m) => m.itemNumber === '01.01.0010')?.message).toBe("The item number '01.01.0010' does not map onto an NPK chapter and position number; it was written as '001.010001'.");
    // read back: the same tree, quantities, prices and texts (with what was reported changed)
    const back = describeProject(read(bytes).project);
    expect(back.groups.map((g) => g.itemNumber?.stringRepresentation)).toEqual(['001.', '001.010000.']);
    const p = back.position('001.010001');
    expect([p.quantity, p.unitPrice, p.unitTag]).toEqual([50, 4.25, 'm2']);
    expect(p.shortText).toBe('Oberboden abtragen und seitlich lagern, Stärke 20 cm');
    expect(p.longText).toBe('Oberboden abtragen, Kosten 5 EUR je m² (Richtwert).\nDonaudampfschifffahrtsgesellsc haftskapitänsmütze liefern.');
    expect(back.position('001.010002').unitTag).toBe('ps');
  });

  it('answers 400 for a quantity that does not fit 13 digits with 3 decimals', () => {
    const project = gaebLike();
    const group = project.serviceSpecifications![0].elements![0] as { elements: { elements: { quantityOverride?: number; quantityComponents?: unknown[] }[] }[] };
    const p = group.elements[1].elements[0];
    p.quantityComponents = [];
    p.quantityOverride = 1e11;
    let error: unknown;
    try {
      write(project);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).code).toBe('GW_ERR_TARGET_CONSTRAINT');
    expect((error as GatewayError).message).toMatch(/quantity 100000000000 of 001.010001 does not fit the 13 digits/);
  });

  it('is a target from ava only (the seed: reb and sia targets only from ava)', () => {
    expect(siaPlugin.writer!.acceptsSource!('ava')).toBe(true);
    for (const source of ['gaeb', 'oenorm', 'sia', 'excel']) expect(siaPlugin.writer!.acceptsSource!(source)).toBe(false);
  });
});
