/**
 * REB DA11 writer: the worked examples of dazi-web/reb-da11 `tests/Da11WriterTest.php` (written independently:
 * its expected lines checked against ours), address allocation and `LastRowAddress`, the OZ mask from the item
 * number schema, and the 400s for item numbers and formulas REB cannot hold.
 */
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import type { ProjectDto } from '../../core/model/types.js';
import { da11Bytes, da11Lines, header, line, read, takeoffProject, write } from './support.js';

/** The schema of the mask 1122PPPPI. */
const withMask = (p: ProjectDto): ProjectDto => {
  p.projectInformation = { itemNumberSchema: { tiers: [{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }, { length: 4, tierType: 'Position' }, { length: 1, tierType: 'Index' }] } };
  return p;
};

const musterbau = (): ProjectDto => {
  const p = withMask(takeoffProject({ '01.01.0010': [{ formula: '(4,25+2,10+4,25)*2,5', description: 'R 1.01' }] }, 'Musterbau Nord, Gebäude A'));
  p.serviceSpecifications![0].rebOrderNumber = 'A-17';
  return p;
};

describe('DA11 writer: the public worked examples', () => {
  it('header, calculation and end record in the REB columns; CP850; CRLF', async () => {
    const { bytes } = await write(musterbau());
    const lines = da11Lines(bytes);
    expect(lines[0]).toBe('00A-17    23.0032009Musterbau Nord, Gebäude A                          1122PPPPI');
    expect(lines[1]).toBe('1101010010   R 1.01          91(4,25+2,10+4,25)*2,5=                 0001A0     ');
    expect(lines[2]).toBe('99'.padEnd(80));
    expect(lines.every((l) => l.length === 80)).toBe(true);
    expect(bytes.subarray(-2).toString()).toBe('\r\n');
    expect(bytes.includes(0x84)).toBe(true); // ä in CP850
  });

  it('deduction, factor and comment lines; addresses A0, B0, C0', async () => {
    const project = withMask(takeoffProject({
      '01.04.0020': [
        { description: 'Wand Flur, EG, Raum 1.04' },
        { formula: '2*(5,20*2,60)', description: 'Wand' },
        { formula: '1,5', description: '' },
      ],
    }));
    // read from a take-off: factor and sign as REB fields
    const c = project.serviceSpecifications![0].elements![0] as { elements: { elements: { quantityComponents: object[] }[] }[] };
    c.elements[0].elements[0].quantityComponents.push({ formula: '-2*1,01*2,135', description: 'Tür', rebFormulaNumber: '91', rebExpression: '1,01*2,135', rebFactor: '2', rebDeduction: true });
    c.elements[0].elements[0].quantityComponents.push({ formula: '12,345*1,5', description: '', rebFormulaNumber: '91', rebExpression: '1,5', rebFactor: '12,345' });
    const lines = da11Lines((await write(project)).bytes);
    expect(lines[1].trimEnd()).toBe('1101040020  *Wand Flur, EG, Raum 1.04');
    expect(lines[2].slice(0, 31)).toBe('1101040020   Wand            91');
    expect(lines[4].slice(0, 31)).toBe('1101040020   Tür      -  200091');
    expect(lines[5].slice(23, 29)).toBe(' 12345');
    expect(lines.slice(2, 6).map((l) => l.slice(69, 75))).toEqual(['0001A0', '0001B0', '0001C0', '0001D0']);
  });

  it('a component whose REB fields a posted project changed to other types is written from its formula', async () => {
    const project = withMask(takeoffProject({ '01.04.0020': [] }));
    const c = project.serviceSpecifications![0].elements![0] as { elements: { elements: { quantityComponents: object[] }[] }[] };
    c.elements[0].elements[0].quantityComponents.push(
      { formula: '2*3', description: 'Wand', rebFormulaNumber: '04', rebValues: '2000' },
      { formula: '4', description: 'Tür', rebFormulaNumber: true, rebValues: [false] },
      { formula: '5', description: 'Fenster', rebFormulaNumber: '91', rebExpression: '5', rebAddress: 7 },
      { description: 'Notiz', rebFlag: '*', rebAddress: {} },
    );
    const lines = da11Lines((await write(project)).bytes);
    // each a free formula (91) of its project formula, ending with "="; the comment without its (unusable) address
    expect(lines.slice(1, 4).map((l) => [l.slice(13, 22).trim(), l.slice(29, 31), l.slice(31, 69).trim()])).toEqual([
      ['Wand', '91', '2*3='], ['Tür', '91', '4='], ['Fenster', '91', '5='],
    ]);
    expect(lines[4].trimEnd()).toBe('1101040020  *Notiz');
  });

  it('long calculations continue between tokens on formula-91 lines, the last ending with "="', async () => {
    const expression = '(1234,567+2345,678+3456,789+4567,891)*(5678,912-6789,123)/7,5';
    const lines = da11Lines((await write(takeoffProject({ '01.01.0010': [{ formula: expression, description: 'lang' }] }))).bytes).slice(1, -1);
    expect(lines.length).toBe(2);
    expect(lines.map((l) => l.slice(29, 31))).toEqual(['91', '91']);
    expect(lines.map((l) => l.slice(31, 69).trim()).join('')).toBe(`${expression}=`);
    expect(lines[0].slice(31, 69).trim()).toBe('(1234,567+2345,678+3456,789+4567,891)');
    expect(lines.map((l) => l.slice(13, 22).trim())).toEqual(['lang', '']);
    // the continuation line takes the next index digit of its first line's row, leaving 0001B0 to the next row
    expect(lines.map((l) => l.slice(69, 75))).toEqual(['0001A0', '0001A1']);
  });

  it('addresses continue on the next sheet after Z', async () => {
    const components = Array.from({ length: 27 }, (_, i) => ({ formula: String(i + 1) }));
    const lines = da11Lines((await write(takeoffProject({ '01.01.0010': components }))).bytes);
    expect(lines[26].slice(69, 75)).toBe('0001Z0');
    expect(lines[27].slice(69, 75)).toBe('0002A0');
  });
});

describe('DA11 writer: options and limits', () => {
  it('LastRowAddress continues the addresses after the given one', async () => {
    const project = takeoffProject({ '01.01.0010': [{ formula: '1' }, { formula: '2' }] });
    const lines = da11Lines((await write(project, { LastRowAddress: '1234A0' })).bytes);
    expect(lines.slice(1, 3).map((l) => l.slice(69, 75))).toEqual(['1234B0', '1234C0']);
    const afterZ = da11Lines((await write(project, { LastRowAddress: '0007Z9' })).bytes);
    expect(afterZ[1].slice(69, 75)).toBe('0008A0');
  });

  it('a LastRowAddress that is no address answers 400 GW_ERR_OPTION naming it', async () => {
    const err = await write(takeoffProject({ '01.01.0010': [{ formula: '1' }] }), { LastRowAddress: '12A' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ code: 'GW_ERR_OPTION', statusCode: 400, errors: { LastRowAddress: [expect.stringContaining('"12A"')] } });
  });

  it('an item number that does not fit 9 characters answers 400 naming it', async () => {
    const err = await write(takeoffProject({ '01.01.0010': [{ formula: '1' }], '01.0123456789.0020': [{ formula: '2' }] })).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'GW_ERR_TARGET_CONSTRAINT', statusCode: 400, errors: { '01.0123456789.0020': [expect.stringContaining('01.0123456789.0020')] } });
  });

  it('positions at different depths (one under a skipped level) answer 400 naming one of each depth', async () => {
    const err = await write(takeoffProject({ '1.10': [{ formula: '1' }], '2.1.010': [{ formula: '2' }] })).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'GW_ERR_TARGET_CONSTRAINT', statusCode: 400,
      errors: { '1.10': ['The item numbers have different depths (1.10: 1 level, 2.1.010: 2 levels); one REB OZ mask holds positions of one depth only. Renumber the positions under a skipped level.'] },
    });
  });

  it('an item number with letters answers 400 naming it', async () => {
    const err = await write(takeoffProject({ '01.AB.0010': [{ formula: '1' }] })).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'GW_ERR_TARGET_CONSTRAINT', errors: { '01.AB.0010': [expect.stringContaining('does not fit a REB OZ')] } });
  });

  it('without a schema the mask is the widths the item numbers use; a schema wider than 9 characters answers 400', async () => {
    const lines = da11Lines((await write(takeoffProject({ '1.2.10': [{ formula: '1' }] }))).bytes);
    expect(lines[0].slice(71)).toBe('12PP00000');
    expect(lines[1].slice(2, 11)).toBe('121000000');
    expect((await read(Buffer.from(lines.join('\r\n')))).positions.map((p) => p.itemNumber!.stringRepresentation)).toEqual(['1.2.10']);
    const wide = takeoffProject({ '1.2.10': [{ formula: '1' }] });
    wide.projectInformation = { itemNumberSchema: { tiers: [{ length: 4, tierType: 'Group' }, { length: 4, tierType: 'Group' }, { length: 4, tierType: 'Position' }] } };
    await expect(write(wide)).rejects.toMatchObject({ code: 'GW_ERR_TARGET_CONSTRAINT', errors: { '0001.0002.0010': [expect.stringContaining('9 characters')] } });
  });

  it('a formula over 20 lines answers 400; an explanation over 9 characters is cut and reported', async () => {
    const long = Array.from({ length: 200 }, () => '123,456').join('+');
    await expect(write(takeoffProject({ '01.01.0010': [{ formula: long }] }))).rejects.toMatchObject({ code: 'GW_ERR_TARGET_CONSTRAINT' });
    const { bytes, messages } = await write(takeoffProject({ '01.01.0010': [{ formula: '1', description: 'Außenwand Nord' }] }));
    expect(da11Lines(bytes)[1].slice(13, 22)).toBe('Außenwand');
    expect(messages).toContainEqual(expect.objectContaining({ code: 'REB_TEXT_TRUNCATED', itemNumber: '01.01.0010' }));
  });

  it('a position with a quantity and no components is one line holding its quantity; characters outside CP850 are replaced', async () => {
    const project = takeoffProject({ '01.01.0010': [{ formula: '2', description: 'Wand – €' }] });
    const el = project.serviceSpecifications![0].elements![0] as { elements: { elements: object[] }[] };
    el.elements[0].elements.push({ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.01.0020' }, quantityOverride: 12.5, shortText: 'Beton', unitTag: 'm3' });
    const { bytes, messages } = await write(project);
    const lines = da11Lines(bytes);
    expect(lines[2].slice(29, 69).trim()).toBe('9112,5=');
    expect(messages.map((m) => m.code)).toEqual(expect.arrayContaining(['REB_QUANTITY_WITHOUT_COMPONENTS', 'REB_CHARACTER_REPLACED', 'REB_TEXT_TRUNCATED', 'REB_ELEMENT_DROPPED']));
    const back = await read(bytes);
    expect(back.position('01.01.0020').quantity).toBe(12.5);
  });
});

describe('DA11 writer: row addresses read, references, REB notation, texts', () => {
  const oz = '01020010 ';
  /** Rows whose addresses do not ascend (0001C0, then 0001A0), the third naming the second's: quantity 2 + 3 + 30. */
  const descendingRows = () => da11Bytes([
    header(),
    line(oz, { fn: '91', body: '2=', addr: '0001C0' }),
    line(oz, { fn: '91', body: '3=', addr: '0001A0' }),
    line(oz, { fn: '91', body: '0001A0*10=', addr: '0001E0' }),
    '99'.padEnd(80),
  ]);
  const addresses = (bytes: Buffer) => da11Lines(bytes).slice(1, -1).map((l) => l.slice(69, 75));

  it('a formula 91 continued at 0001A1 keeps its addresses: the helper at 0001B0 and its reference stay, the quantity too', async () => {
    const first = await read(da11Bytes([
      header(),
      line(oz, { fn: '91', body: '1,000+2,000+3,000+4,000+5,000+6,000+7', addr: '0001A0' }),
      line(oz, { fn: '91', body: ',000+8,000+9,000=', addr: '0001A1' }),
      line(oz, { flag: 'H', fn: '04', values: ['2000', '3000'], addr: '0001B0' }),
      line(oz, { fn: '91', body: '0001B0*10=', addr: '0001C0' }),
      '99'.padEnd(80),
    ]));
    expect(first.position('01.02.0010').quantity).toBe(105);
    const { bytes, messages } = await write(first.project);
    expect(addresses(bytes)).toEqual(['0001A0', '0001A1', '0001B0', '0001C0']);
    expect(da11Lines(bytes)[4].slice(31, 69).trim()).toBe('0001B0*10=');
    expect(messages.map((m) => m.code)).not.toContain('REB_ADDRESS_REALLOCATED');
    expect((await read(bytes)).position('01.02.0010').quantity).toBe(105);
  });

  it('a row that has to move takes its references along, and the reallocation is reported', async () => {
    const first = await read(descendingRows());
    expect(first.position('01.02.0010').quantity).toBe(35);
    const { bytes, messages } = await write(first.project);
    expect(addresses(bytes)).toEqual(['0001C0', '0001D0', '0001E0']);
    expect(da11Lines(bytes)[3].slice(31, 69).trim()).toBe('0001D0*10=');
    expect(messages).toContainEqual(expect.objectContaining({ code: 'REB_ADDRESS_REALLOCATED' }));
    expect((await read(bytes)).position('01.02.0010').quantity).toBe(35);
  });

  it('a reference to a row written later (lines of two items interleaved) is written as its value and reported', async () => {
    const first = await read(da11Bytes([
      header(),
      line('01010010 ', { fn: '91', body: '1=', addr: '0001A0' }),
      line('01010020 ', { fn: '91', body: '5=', addr: '0001B0' }),
      line('01010010 ', { fn: '91', body: '0001B0*2=', addr: '0001C0' }),
      '99'.padEnd(80),
    ]));
    const { bytes, messages } = await write(first.project);
    expect(messages).toContainEqual(expect.objectContaining({ code: 'REB_FORMULA_NOT_EXPRESSIBLE', itemNumber: '01.01.0010' }));
    const back = await read(bytes);
    expect(back.positions.map((p) => p.quantity)).toEqual([11, 5]);
  });

  it('numbers the project grammar reads and REB does not (.5, 3.) are written in REB notation', async () => {
    const { bytes, messages } = await write(takeoffProject({ '01.01.0010': [{ formula: '.5*2' }, { formula: '3.*2' }, { formula: ',25 + 1,' }] }));
    expect(da11Lines(bytes).slice(1, 4).map((l) => l.slice(29, 69).trim())).toEqual(['910,5*2=', '913*2=', '910,25+1=']);
    expect(messages.map((m) => m.code)).not.toContain('REB_FORMULA_NOT_EXPRESSIBLE');
    const back = await read(bytes);
    expect(back.messages.map((m) => m.code)).not.toContain('REB_FORMULA_NOT_EVALUATED');
    expect(back.position('01.01.0010').quantity).toBe(8.25);
  });

  it('characters replaced and texts cut are reported once per field, naming the item or the 00 header', async () => {
    const project = takeoffProject({ '01.01.0010': [{ description: 'Wand – Süd ≥ 2 m' }, { formula: '1', description: 'Tür – Ost' }] }, 'Bau – Nord € „A“');
    project.serviceSpecifications![0].rebOrderNumber = 'AUFTRAG-2024-0017';
    const { bytes, messages } = await write(project);
    const lines = da11Lines(bytes);
    expect(lines[0].slice(2, 10)).toBe('AUFTRAG-');
    expect(lines[0].slice(20, 71).trim()).toBe('Bau - Nord EUR "A"');
    expect(lines[1].slice(13).trim()).toBe('Wand - Süd ? 2 m');
    const of = (code: string) => messages.filter((m) => m.code === code).map((m) => [m.itemNumber, m.message]);
    expect(of('REB_CHARACTER_REPLACED')).toEqual([
      [undefined, expect.stringContaining('heading')],
      ['01.01.0010', expect.stringContaining('comment')],
      ['01.01.0010', expect.stringContaining('explanation')],
    ]);
    expect(of('REB_TEXT_TRUNCATED')).toEqual([[undefined, expect.stringContaining("order number 'AUFTRAG-2024-0017'")]]);
  });

  it('X31: an order number over 40 characters is cut and reported; a row moved is reported and its references follow', async () => {
    const first = await read(descendingRows());
    first.project.serviceSpecifications![0].rebOrderNumber = 'A'.repeat(45);
    const { bytes, messages } = await write(first.project, { DestinationRebType: 'X31GaebXmlV33' });
    expect(bytes.toString()).toContain(`<OrdDescr>${'A'.repeat(40)}</OrdDescr>`);
    expect(bytes.toString()).toContain('0001D0*10=');
    expect(messages.map((m) => m.code)).toEqual(expect.arrayContaining(['REB_TEXT_TRUNCATED', 'REB_ADDRESS_REALLOCATED']));
    expect((await read(bytes)).position('01.02.0010').quantity).toBe(35);
  });
});
