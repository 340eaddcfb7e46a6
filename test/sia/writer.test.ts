/**
 * The SIA 451 writer: golden records for our fixture (read → write gives the fixture's records again, the A and Z
 * records aside: they name this software and the export date), and a project from another format (GAEB-style
 * item numbers, long texts, characters outside CP850, quantity formulas) with what had to change reported.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import type { ElementDto, ProjectDto } from '../../core/model/types.js';
import { siaPlugin } from '../../plugins/sia/index.js';
import { siaUnit } from '../../plugins/sia/writer/units.js';
import { oenormUnit } from '../../plugins/oenorm/writer/units.js';
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
      ['SIA_TEXT_TRUNCATED', '001.010001'], ['SIA_UNIT_MAPPED', undefined], ['SIA_ELEMENT_DROPPED', '01.'],
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
    // psch (Pauschale) in its NPK spelling gl (global), not cut to 'ps'
    expect(back.position('001.010002').unitTag).toBe('gl');
    expect(messages.find((m) => m.code === 'SIA_UNIT_MAPPED')?.message).toBe("Units were written in their SIA 451 (NPK) spelling: 'psch' → 'gl' (1 position).");
  });

  it("writes the title of a heading's note text as the first line of its long text", () => {
    const project = gaebLike();
    const aushub = (project.serviceSpecifications![0].elements![0] as { elements: { elements: ElementDto[] }[] }).elements[1];
    aushub.elements.unshift({ elementTypeDiscriminator: 'NoteTextDto', shortText: 'Hinweis zum Aushub', longText: 'Leitungen beachten.' } as ElementDto);
    const { bytes, messages } = write(project);
    const heading = siaRecords(bytes).filter((r) => r.startsWith('G001   010000') && r[41] === '3').map((r) => r.slice(92).trimEnd());
    expect(heading).toEqual(['Hinweis zum Aushub', 'Leitungen beachten.']);
    expect(messages.filter((m) => m.code === 'SIA_NOTE_TITLE_IN_TEXT').map((m) => [m.severity, m.message])).toEqual([
      ['info', 'The short texts (titles) of the note texts that open 1 (001.010000) heading(s) were written as the first line of their long text, which has no title of its own.'],
    ]);
    // a text that starts with its title is written as it is
    aushub.elements[0] = { elementTypeDiscriminator: 'NoteTextDto', shortText: 'Hinweis', longText: 'Hinweis: Leitungen beachten.' } as ElementDto;
    const again = write(project);
    expect(siaRecords(again.bytes).filter((r) => r.startsWith('G001   010000') && r[41] === '3').map((r) => r.slice(92).trimEnd())).toEqual(['Hinweis: Leitungen beachten.']);
    expect(again.messages.map((m) => m.code)).not.toContain('SIA_NOTE_TITLE_IN_TEXT');
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

  it('reports what a receiver counts differently: discounts, alternatives, items without total, not applicable items, rounded unit prices', () => {
    const item = (n: string, extra: Record<string, unknown> = {}) =>
      ({ elementTypeDiscriminator: 'PositionDto' as const, itemNumber: { stringRepresentation: n }, shortText: `Position ${n}`, unitTag: 'm', quantityOverride: 10, unitPriceOverride: 5, ...extra });
    const project: ProjectDto = {
      projectInformation: { itemNumberSchema: { separator: '.', tiers: [{ length: 2, tierType: 'Group' }, { length: 4, tierType: 'Position' }] } },
      serviceSpecifications: [{
        elements: [
          {
            elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.' }, shortText: 'Rohbau', deductionFactor: 0.1,
            elements: [
              item('01.0010'),
              item('01.0020', { deductionFactor: 0.5 }),
              item('01.0030', { positionType: 'Alternative', alternativeTo: 'x' }),
              item('01.0040', { positionType: 'Optional', priceType: 'WithoutTotal' }),
              item('01.0050', { comissionStatus: 'Removed' }),
              item('01.0060', { positionType: 'Optional', priceType: 'WithTotal' }),
            ],
          },
          {
            elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '02.' }, shortText: 'Ausbau',
            // 1.005 is the double 1.00499…: written (and reported) half up on its decimal form, as 1.01
            elements: [item('02.0010', { unitPriceOverride: 2.345 }), item('02.0020', { unitPriceOverride: 1.005, quantityOverride: 100 })],
          },
        ],
      }],
    };
    const { bytes, messages } = write(project);
    // the project: 01. = (50 + 25 + 50) × 0.9 = 112.50 (01.0030–01.0050 not counted), 02. = 23.45 + 100.50 → 236.45
    const byCode = (code: string) => messages.filter((m) => m.code === code).map((m) => m.message);
    expect(byCode('SIA_DISCOUNT_DROPPED')).toHaveLength(1);
    expect(byCode('SIA_DISCOUNT_DROPPED')[0]).toContain('Category 01. (125.00 → 112.50), Item 01.0020 (50.00 → 25.00)');
    expect(byCode('SIA_DISCOUNT_DROPPED')[0]).toContain('the BoQ total is 273.95 instead of 236.45');
    expect(byCode('SIA_COUNTING_CHANGED')).toHaveLength(1);
    for (const named of ['Item 01.0030 (50.00; alternative position', 'Item 01.0040 (50.00; position without total', 'Item 01.0050 (50.00; not applicable']) {
      expect(byCode('SIA_COUNTING_CHANGED')[0]).toContain(named);
    }
    expect(byCode('SIA_COUNTING_CHANGED')[0]).toContain('computes the BoQ total as 423.95 instead of 273.95');
    expect(byCode('SIA_UNIT_PRICE_ROUNDED')).toEqual([
      'The unit price 2.345 was rounded to the 2 decimals of SIA 451 (2.35).', 'The unit price 1.005 was rounded to the 2 decimals of SIA 451 (1.01).',
    ]);
    // what a receiver computes from the file: the counted total above, 02.0010 and 02.0020 at their written unit
    // prices (23.50, 101.00)
    const back = read(bytes);
    expect([back.position('002.000001').unitPrice, back.position('002.000002').unitPrice]).toEqual([2.35, 1.01]);
    expect(back.project.serviceSpecifications![0].totalPrice).toBe(424.5);
  });

  it('reads back totals to the cent, as the unit prices of G records are (2 decimals)', () => {
    const project = gaebLike();
    Object.assign(project, { priceAccuracy: 2 });
    const first = project.serviceSpecifications![0].elements![0] as { elements: { elements: Record<string, unknown>[] }[] };
    Object.assign(first.elements[1].elements[0], { quantityComponents: undefined, quantityOverride: 1.234, unitPriceOverride: 5.67 });
    const back = read(write(project).bytes);
    expect(back.positions[0]).toMatchObject({ quantity: 1.234, unitPrice: 5.67, totalPrice: 7 }); // 6.99678
    expect(back.project.serviceSpecifications![0].totalPrice).toBe(7);
  });

  it('writes the project\'s tax rate as the VAT condition, as the real BauPlus tender does, and reads it back', () => {
    const project = gaebLike();
    Object.assign(project.serviceSpecifications![0], { projectTaxRate: 0.19 });
    const records = siaRecords(write(project).bytes);
    expect(records.filter((r) => r.startsWith('C')).map((r) => r.trimEnd())).toEqual([
      `C000${' '.repeat(37)}0`,
      `C003203${' '.repeat(34)}1 %${' '.repeat(30)}+001900           Mehrwertsteuer`,
    ]);
    expect(read(write(project).bytes).project.serviceSpecifications![0].projectTaxRate).toBe(0.19);
    // a kept VAT condition takes the project's rate, the others stay as read
    Object.assign(project.serviceSpecifications![0], { siaConditions: [{ number: '001501', text: 'Rabatt', percent: 2 }, { number: '003203', text: 'Mehrwertsteuer', percent: 7.7 }] });
    const kept = siaRecords(write(project).bytes).filter((r) => r.startsWith('C0015') || r.startsWith('C0032')).map((r) => r.slice(74, 81));
    expect(kept).toEqual(['+000200', '+001900']);
  });

  it('checks the records a posted project keeps for SIA: texts taken as texts, anything else a 400 naming its place', () => {
    const project = gaebLike();
    const spec = project.serviceSpecifications![0] as Record<string, unknown>;
    // numbers where texts belong are written as texts, null counts as absent (as the normalisation does)
    Object.assign(spec, { siaObjectOutlines: [{ code: 7, name: 'Haus' }], siaSecondaryOutlines: null, siaConditions: [{ number: '003203', text: null, percent: '8' }] });
    const records = siaRecords(write(project).bytes);
    expect(records.find((r) => r.startsWith('B002') && r.includes('Haus'))?.slice(17, 23).trim()).toBe('7');
    const refused = (kept: Record<string, unknown>): GatewayError => {
      Object.assign(spec, { siaObjectOutlines: undefined, siaSecondaryOutlines: undefined, siaConditions: undefined }, kept);
      try {
        write(project);
      } catch (err) {
        return err as GatewayError;
      }
      throw new Error(`written with ${JSON.stringify(kept)}`);
    };
    for (const [kept, key] of [
      [{ siaObjectOutlines: true }, 'serviceSpecifications[0].siaObjectOutlines'],
      [{ siaObjectOutlines: [false] }, 'serviceSpecifications[0].siaObjectOutlines[0]'],
      [{ siaObjectOutlines: [{ code: {}, name: 'Haus' }] }, 'serviceSpecifications[0].siaObjectOutlines[0].code'],
      [{ siaObjectOutlines: [{ name: 'Haus' }] }, 'serviceSpecifications[0].siaObjectOutlines[0].code'],
      [{ siaSecondaryOutlines: [{ outline: 'B001', code: '1', text: [] }] }, 'serviceSpecifications[0].siaSecondaryOutlines[0].text'],
      [{ siaConditions: [{ number: '001501', text: 'Rabatt', percent: 'zwei' }] }, 'serviceSpecifications[0].siaConditions[0].percent'],
    ] as const) {
      const err = refused(kept);
      expect(err, JSON.stringify(kept)).toBeInstanceOf(GatewayError);
      expect([err.statusCode, err.code, Object.keys(err.errors ?? {})]).toEqual([400, 'GW_ERR_INPUT', [key]]);
    }
  });

  it('spells units as NPK positions do (and ÖNORM takes SIA\'s gl back as PA)', () => {
    const pairs = ['Stk', 'Stck.', 'psch', 'PA', 'Flat', 'm²', 'm³', 'qm', 'lfm', 'Std', 'to', 'VE', 'm', 'St', 'Wo'].map((u) => [u, siaUnit(u).unit]);
    expect(pairs).toEqual([
      ['Stk', 'St'], ['Stck.', 'St'], ['psch', 'gl'], ['PA', 'gl'], ['Flat', 'gl'], ['m²', 'm2'], ['m³', 'm3'], ['qm', 'm2'],
      ['lfm', 'm'], ['Std', 'h'], ['to', 't'], ['VE', 'LE'], ['m', 'm'], ['St', 'St'], ['Wo', 'Wo'],
    ]);
    expect([siaUnit('m').mapped, siaUnit('m²').mapped, siaUnit('Wo').mapped]).toEqual([false, true, false]);
    expect(oenormUnit('gl')).toEqual({ unit: 'PA', kind: 'mapped' });
  });

  it('is a target from ava only (the seed: reb and sia targets only from ava)', () => {
    expect(siaPlugin.writer!.acceptsSource!('ava')).toBe(true);
    for (const source of ['gaeb', 'oenorm', 'sia', 'excel']) expect(siaPlugin.writer!.acceptsSource!(source)).toBe(false);
  });
});
