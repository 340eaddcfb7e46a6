/**
 * The SIA 451 writer: golden records for our fixture (read → write gives the fixture's records again, the A and Z
 * records aside: they name this software and the export date), and a project from another format (GAEB-style
 * item numbers, long texts, characters outside CP850, quantity formulas) with what had to change reported.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { isPosition, type ElementDto, type ProjectDto } from '../../core/model/types.js';
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
      // the chapter's note text: a text entry before the heading (no unit record, a number not ending in 0)
      'G001   000001|2|',
      'G001   0000010101|3|Vorbemerkung zum Los.',
      'G001   010000|2|Aushub',
      'G001   010001|2|Oberboden abtragen und', // the short text's first line, words wrapped
      'G001   0100010001|3|Oberboden abtragen und',
      'G001   0100010002|3|seitlich lagern, Stärke 20 cm',
      'G001   0100010101|3|Oberboden abtragen, Kosten 5',
      'G001   0100010102|3|EUR je m² (Richtwert).',
      'G001   0100010201|3|Donaudampfschifffahrtsgesellsc',
      'G001   0100010202|3|haftskapitänsmütze liefern.',
      'G001   010001|5|',
      'G001   010001|6|',
      // the note text between the positions, at its place, its title the short text
      'G001   010002|2|Hinweis',
      'G001   0100020101|3|Zwischentext',
      'G001   010003|2|Pauschale',
      'G001   010003|5|',
      'G001   010003|6|',
    ]);
    const q = records.filter((r) => r.startsWith('G001   010001') && r[41] === '6')[0];
    expect(q.slice(43, 74)).toBe('A+0000000050000   +000000000425');
    expect(records.filter((r) => r.startsWith('G001   010001') && r[41] === '5')[0].slice(58, 60)).toBe('m2');
    expect(records[0].slice(43, 45)).toBe('CC');
    expect(records.at(-1)!.slice(45, 58)).toBe(String(records.length).padStart(13, '0'));
    expect(messages.map((m) => [m.code, m.itemNumber])).toEqual(expect.arrayContaining([
      ['SIA_ITEM_NUMBER_CHANGED', '01.01.'], ['SIA_ITEM_NUMBER_CHANGED', '01.01.0010'],
      ['SIA_ITEM_NUMBER_CHANGED', '01.01.0020'], ['SIA_CHARACTER_REPLACED', '01.'], ['SIA_CHARACTER_REPLACED', '001.010001'],
      ['SIA_TEXT_TRUNCATED', '001.010001'], ['SIA_UNIT_MAPPED', undefined], ['SIA_NOTES_AS_ENTRIES', undefined],
      ['SIA_QUANTITY_COMPONENTS_SUMMED', '001.010001'],
    ]));
    expect(messages).toHaveLength(9); // chapter 01 → 001 is the same number: not a change
    expect(messages.map((m) => m.code)).not.toContain('SIA_ELEMENT_DROPPED');
    expect(messages.find((m) => m.code === 'SIA_NOTES_AS_ENTRIES')?.message).toBe(
      'Note texts were written at their place as text entries (numbers without a unit record, their title as the short text): 2 (001.000001, 001.010002).',
    );
    expect(messages.find((m) => m.itemNumber === '01.01.0010')?.message).toBe("The item number '01.01.0010' does not map onto an NPK chapter and position number; it was written as '001.010001'.");
    // read back: the same tree, quantities, prices and texts (with what was reported changed)
    const back = describeProject(read(bytes).project);
    expect(back.groups.map((g) => g.itemNumber?.stringRepresentation)).toEqual(['001.', '001.010000.']);
    // the note texts read back as note texts at their places, not as headings
    const chapter = read(bytes).project.serviceSpecifications![0].elements![0] as { elements: ElementDto[] };
    const shape = (list: ElementDto[]): unknown[] => list.map((e) => (e.elementTypeDiscriminator === 'NoteTextDto'
      ? `note ${(e as { shortText?: string }).shortText ?? ''}|${(e as { longText?: string }).longText}`
      : e.elementTypeDiscriminator === 'PositionDto' ? (e as { itemNumber: { stringRepresentation: string } }).itemNumber.stringRepresentation
        : shape((e as { elements: ElementDto[] }).elements)));
    expect(shape(chapter.elements)).toEqual(['note |Vorbemerkung zum Los.', ['001.010001', 'note Hinweis|Zwischentext', '001.010003']]);
    const p = back.position('001.010001');
    expect([p.quantity, p.unitPrice, p.unitTag]).toEqual([50, 4.25, 'm2']);
    expect(p.shortText).toBe('Oberboden abtragen und seitlich lagern, Stärke 20 cm');
    expect(p.longText).toBe('Oberboden abtragen, Kosten 5 EUR je m² (Richtwert).\nDonaudampfschifffahrtsgesellsc haftskapitänsmütze liefern.');
    // psch (Pauschale) in its NPK spelling gl (global), not cut to 'ps'
    expect(back.position('001.010003').unitTag).toBe('gl');
    expect(messages.find((m) => m.code === 'SIA_UNIT_MAPPED')?.message).toBe("Units were written in their SIA 451 (NPK) spelling: 'psch' → 'gl' (1 position).");
  });

  it('writes a chapter title in the two text fields of its record (columns 93–122, 138–167) and reads it back whole', () => {
    const project = gaebLike();
    const chapter = project.serviceSpecifications![0].elements![0] as { shortText?: string };
    chapter.shortText = 'Erdarbeiten und Kanalisationen für das Los Nord';
    const { bytes, messages } = write(project);
    const title = siaRecords(bytes).find((r) => r.startsWith('G001') && r[41] === '1')!;
    expect([title.slice(92, 122).trimEnd(), title.slice(122, 137).trim(), title.slice(137, 167).trimEnd()]).toEqual([
      'Erdarbeiten und Kanalisationen', '', 'für das Los Nord',
    ]);
    expect(messages.filter((m) => m.message.includes('chapter title'))).toEqual([]);
    expect(read(bytes).groups[0].shortText).toBe('Erdarbeiten und Kanalisationen für das Los Nord');
    // more than two fields hold: shortened, reported
    chapter.shortText = `${'Erdarbeiten und Kanalisationen '.repeat(3)}Ende`;
    expect(write(project).messages.filter((m) => m.message.includes('chapter title')).map((m) => [m.code, m.message])).toEqual([
      ['SIA_TEXT_TRUNCATED', `The chapter title '${chapter.shortText.trim()}' is longer than its two fields of 30 characters and was shortened.`],
    ]);
  });

  it('writes a quantity set directly (override) that its components per object outline do not add up to as one record, reported', () => {
    const project = gaebLike();
    const aushub = (project.serviceSpecifications![0].elements![0] as { elements: { elements: ElementDto[] }[] }).elements[1];
    Object.assign(aushub.elements[0], {
      quantityComponents: [{ formula: '4', siaObjectOutline: '01Aesc' }, { formula: '6', siaObjectOutline: '02Lies' }], quantityOverride: 100, unitPriceOverride: 10,
    });
    const quantityRecords = (bytes: Buffer) => siaRecords(bytes).filter((r) => r.startsWith('G001   010001') && r[41] === '6').map((r) => `${r.slice(17, 23).trim()}|${r.slice(44, 58)}`);
    const { bytes, messages } = write(project);
    expect(quantityRecords(bytes)).toEqual(['|+0000000100000']);
    expect(messages.filter((m) => m.code === 'SIA_QUANTITY_DIFFERS').map((m) => [m.severity, m.itemNumber, m.message])).toEqual([
      ['warning', '001.010001', "The quantity components per object outline add up to 10, the position's quantity is 100: the quantity was written as one record without object outline."],
    ]);
    expect(read(bytes).position('001.010001')).toMatchObject({ quantity: 100, totalPrice: 1000 });
    // components that add up to the quantity: one record per object outline, as before
    delete (aushub.elements[0] as { quantityOverride?: number }).quantityOverride;
    const split = write(project);
    expect(quantityRecords(split.bytes)).toEqual(['01Aesc|+0000000004000', '02Lies|+0000000006000']);
    expect(split.messages.filter((m) => m.code === 'SIA_QUANTITY_DIFFERS')).toEqual([]);
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

  it('writes a note text between positions at its place, keeping the numbers around it where there is room', () => {
    /** Our fixture with a note text after position 211.111100 (in heading 211.110000), its number set to `number`, and 211.112101's to `next`. */
    const withNote = (number: string, next = '211.112101'): ProjectDto => {
      const project = viaJson(read(fixture('schulhaus.01s')).project);
      const { groups, position } = describeProject(project);
      const aushub = groups.find((g) => g.itemNumber?.stringRepresentation === '211.110000.')!;
      const at = aushub.elements!.indexOf(position('211.111100'));
      aushub.elements!.splice(at + 1, 0, { elementTypeDiscriminator: 'NoteTextDto', shortText: 'Hinweis', longText: 'Leitungen beachten.' } as ElementDto);
      position('211.111100').itemNumber!.stringRepresentation = number;
      position('211.112101').itemNumber!.stringRepresentation = next;
      return project;
    };
    /** Chapter 211's numbers, as records of type 2 with their text, and the tree read back. */
    const written = (project: ProjectDto) => {
      const { bytes, messages } = write(project);
      const numbers = siaRecords(bytes).filter((r) => r.startsWith('G211') && r[41] === '2').map((r) => `${r.slice(7, 13)} ${r.slice(92).trimEnd()}`);
      const back = read(bytes);
      const note = back.notes.find((n) => n.shortText === 'Hinweis');
      const aushub = back.groups.find((g) => g.elements?.includes(note!));
      const around = aushub?.elements?.map((e) => (isPosition(e) ? e.itemNumber?.stringRepresentation : e === note ? 'note' : 'other'));
      return { numbers, messages, around, longText: note?.longText };
    };

    // room after 111100: the note takes 111101, every other number is kept
    const kept = written(withNote('211.111100'));
    expect(kept.numbers).toEqual(['000100 Bedingungen', '100000 Baugruben', '110000 Aushub', '111100 Aushub Baugrube maschinell in', '111101 Hinweis', '112101 Spriessung', '200001 Regiearbeiten Bagger']);
    expect(kept.around).toEqual(['211.111100', 'note', '211.112101']);
    expect(kept.longText).toBe('Leitungen beachten.');
    expect(kept.messages.map((m) => m.code)).toEqual(['SIA_NOTES_AS_ENTRIES']);
    expect(kept.messages[0].message).toContain(': 1 (211.111101).');

    // a number ending in 0 would read back as a heading over the numbers after it: skipped
    const skipped = written(withNote('211.111109'));
    expect(skipped.numbers.slice(3, 5)).toEqual(['111109 Aushub Baugrube maschinell in', '111111 Hinweis']);
    expect(skipped.around).toEqual(['211.111109', 'note', '211.112101']);

    // no number between 111100 and 111101: the chapter is numbered afresh (reported), the note still in place
    const renumbered = written(withNote('211.111100', '211.111101'));
    expect(renumbered.numbers).toEqual(['010000 Bedingungen', '020000 Baugruben', '020100 Aushub', '020101 Aushub Baugrube maschinell in', '020102 Hinweis', '020103 Spriessung', '000001 Regiearbeiten Bagger']);
    expect(renumbered.around).toEqual(['211.020101', 'note', '211.020103']);
    expect(renumbered.messages.filter((m) => m.code === 'SIA_ITEM_NUMBER_CHANGED').length).toBeGreaterThan(0);
  });

  it('does not keep a heading number that ends in another digit than 0 where the heading covers nothing', () => {
    const project = viaJson(read(fixture('schulhaus.01s')).project);
    const bedingungen = describeProject(project).groups.find((g) => g.shortText === 'Bedingungen')!;
    bedingungen.itemNumber!.stringRepresentation = '211.000101.';
    const { bytes, messages } = write(project);
    // read back it is still a heading (with its text), not a text entry: the chapter was numbered afresh
    expect(read(bytes).groups.map((g) => g.shortText)).toContain('Bedingungen');
    expect(messages.find((m) => m.itemNumber === '211.000101.')?.code).toBe('SIA_ITEM_NUMBER_CHANGED');
  });

  it('numbers a text entry afresh never ending in 0, and reads an NPK number without unit that ends in 0 as a heading', () => {
    const project = gaebLike();
    const aushub = (project.serviceSpecifications![0].elements![0] as { elements: { elements: ElementDto[] }[] }).elements[1];
    const positions = Array.from({ length: 6 }, (_, i) => ({
      elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: `01.01.${String(100 + i * 10).padStart(4, '0')}` }, shortText: `P${i}`, unitTag: 'm', quantityOverride: 1,
    }) as ElementDto);
    aushub.elements.push(...positions, { elementTypeDiscriminator: 'NoteTextDto', shortText: 'Schluss', longText: 'Ende der Gruppe.' } as ElementDto);
    const { bytes } = write(project);
    const numbers = siaRecords(bytes).filter((r) => r.startsWith('G001') && r[41] === '2').map((r) => `${r.slice(7, 13)} ${r.slice(92).trimEnd()}`);
    // in sequence: 010001, the note 010002, 010003, P0 … P5 010004 … 010009; the closing note skips 010010
    expect(numbers.slice(-3)).toEqual(['010008 P4', '010009 P5', '010011 Schluss']);
    const back = read(bytes);
    expect(back.notes.map((n) => n.shortText)).toEqual(expect.arrayContaining(['Hinweis', 'Schluss']));
    // numbered 010020 it would cover nothing either, but ends in 0: an NPK number without unit ending in 0 is a heading
    const records = siaRecords(bytes).map((r) => r.replace(/^G001   010011/, 'G001   010020'));
    const heading = read(Buffer.from(iconv.encode(records.map((l) => `${l}\r\n`).join(''), 'cp850')));
    expect(heading.notes.map((n) => n.shortText)).not.toContain('Schluss');
    expect(heading.groups.map((g) => g.shortText)).toContain('Schluss');
  });

  it('writes note texts outside any group as text entries of the next chapter (after the last: of the last)', () => {
    const project = gaebLike();
    const top = project.serviceSpecifications![0].elements!;
    top.unshift({ elementTypeDiscriminator: 'NoteTextDto', shortText: 'Vorbemerkungen', longText: 'Angaben zur Baustelle.' } as ElementDto);
    top.push({ elementTypeDiscriminator: 'NoteTextDto', longText: 'Schlussbemerkung.' } as ElementDto);
    const { bytes, messages } = write(project);
    const entries = siaRecords(bytes).filter((r) => r.startsWith('G001') && (r[41] === '2' || r[41] === '3')).map((r) => `${r.slice(7, 13)}|${r[41]}|${r.slice(92).trimEnd()}`);
    expect(entries.slice(0, 4)).toEqual(['000001|2|Vorbemerkungen', '000001|3|Angaben zur Baustelle.', '000002|2|', '000002|3|Vorbemerkung zum Los.']);
    expect(entries.slice(-2)).toEqual(['000003|2|', '000003|3|Schlussbemerkung.']);
    expect(messages.map((m) => m.code)).not.toContain('SIA_ELEMENT_DROPPED');
    expect(messages.filter((m) => m.code === 'SIA_NOTES_AS_ENTRIES').map((m) => m.message)).toEqual([
      "2 note text(s) outside any group ('Vorbemerkungen', untitled) were written as text entries of chapter 001: SIA 451 numbers text entries inside a chapter only.",
      'Note texts were written at their place as text entries (numbers without a unit record, their title as the short text): 4 (001.000001, 001.000002, 001.010002 and 1 more).',
    ]);
    const back = read(bytes);
    expect(back.notes.map((n) => n.longText)).toEqual(['Angaben zur Baustelle.', 'Vorbemerkung zum Los.', 'Zwischentext', 'Schlussbemerkung.']);
    // no group at all: the note texts join the chapter of the positions, in their order
    const flat = gaebLike();
    const group = (flat.serviceSpecifications![0].elements![0] as { elements: ElementDto[] }).elements[1] as { elements: ElementDto[] };
    flat.serviceSpecifications![0].elements = group.elements;
    const loose = write(flat);
    expect(read(loose.bytes).notes.map((n) => n.longText)).toEqual(['Zwischentext']);
    expect(siaRecords(loose.bytes).filter((r) => r.startsWith('G') && r[41] === '2').map((r) => r.slice(92).trimEnd())).toEqual([
      'Oberboden abtragen und', 'Hinweis', 'Pauschale',
    ]);
  });

  it('writes positions outside any group as chapters of their own at their place, with the note texts among them', () => {
    const project = gaebLike();
    const top = project.serviceSpecifications![0].elements!;
    const loose = (n: string): ElementDto => ({ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: n }, shortText: `Lose ${n}`, unitTag: 'm', quantityOverride: 2 } as ElementDto);
    const noteText = (t: string): ElementDto => ({ elementTypeDiscriminator: 'NoteTextDto', longText: t } as ElementDto);
    top.unshift(loose('0010'), noteText('Zwischen den losen'), loose('0020'));
    top.push(loose('0030'), noteText('Nach der letzten losen'));
    top.push({ elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '02.' }, shortText: 'Los 2', elements: [] } as ElementDto);
    top.push(noteText('Ganz am Ende'));
    const { bytes, messages } = write(project);
    const back = read(bytes);
    // in the file's order: the loose positions before chapter 001, the chapter, the loose ones after it, chapter 002
    expect(back.project.serviceSpecifications![0].elements!.map((e) => `${(e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation} ${e.shortText ?? ''}`)).toEqual([
      '003. ', '001. Erdarbeiten - Los 1', '004. ', '002. Los 2', // the en dash CP850 has not: '-'
    ]);
    const chapterOf = (n: string) => (back.project.serviceSpecifications![0].elements!.find((e) => (e as { itemNumber?: { stringRepresentation?: string } }).itemNumber?.stringRepresentation === n) as { elements: ElementDto[] }).elements;
    expect(chapterOf('003.').map((e) => (isPosition(e) ? e.shortText : e.longText))).toEqual(['Lose 0010', 'Zwischen den losen', 'Lose 0020']);
    expect(chapterOf('004.').map((e) => (isPosition(e) ? e.shortText : e.longText))).toEqual(['Lose 0030', 'Nach der letzten losen']);
    expect(back.notes.map((n) => n.longText).at(-1)).toBe('Ganz am Ende');
    expect(messages.filter((m) => m.code === 'SIA_NOTES_AS_ENTRIES').map((m) => m.message).slice(0, 3)).toEqual([
      "1 note text(s) outside any group (untitled) were written as text entries of chapter 003: SIA 451 numbers text entries inside a chapter only.",
      "1 note text(s) outside any group (untitled) were written as text entries of chapter 004: SIA 451 numbers text entries inside a chapter only.",
      "1 note text(s) outside any group (untitled) were written as text entries of chapter 002: SIA 451 numbers text entries inside a chapter only.",
    ]);
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
