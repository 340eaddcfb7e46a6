/**
 * Option group O of the ÖNORM writer: TryRepairProjectStructure (map deeper/shallower hierarchies and numbers that
 * do not fit onto LG/ULG, one message per change; without it 400 naming the first element),
 * SkipTryEnforceSchemaCompliantXmlOutput (defaults, units, shortening, rounding, each reported; true writes what the
 * model holds), RemoveUnprintableCharactersFromTexts; and the routes ending at `oenorm` over HTTP.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { isGroup, isPosition, type ElementDto, type NoteTextDto } from '../../core/model/types.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';
import { localClientToken, postFile, testApp } from '../support/app.js';
import { fixture, read } from './support.js';
import { group, note, position, project, twoLevel } from './writer-model.js';
import { hasOenormXsd, validateOnlv, write } from './writer-support.js';

const valid = (xml: Buffer | string) => {
  if (hasOenormXsd) expect(validateOnlv(xml).errors).toEqual([]);
};
const refused = (fn: () => unknown): GatewayError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GatewayError);
    expect((e as GatewayError).statusCode).toBe(400);
    return e as GatewayError;
  }
  throw new Error('expected a 400');
};
const texts = (messages: ConversionMessage[], code: string) => messages.filter((m) => m.code === code).map((m) => m.message);
const REPAIR = { TryRepairProjectStructure: true };
const readFileFixture = (): Buffer => readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb', 'request-v32.x83'));

describe('TryRepairProjectStructure', () => {
  it('positions numbered beyond two characters: 400 naming the first, else renumbered one Grundtextnummer each', () => {
    const p = project([group('01.', [group('01.01.', [position('01.01.0010'), position('01.01.0020')])])], 'CostEstimate', [2, 2, 'P4']);
    expect(refused(() => write(p)).message).toMatch(/^01\.01\.0010: .*TryRepairProjectStructure=true/);
    const w = write(p, REPAIR);
    expect(texts(w.messages, 'OENORM_STRUCTURE_REPAIRED')).toEqual(['Position 01.01.0010 was renumbered 01.01.01.', 'Position 01.01.0020 was renumbered 01.01.02.']);
    valid(w.xml);
    expect(read(w.xml).positions.map((q) => [q.itemNumber?.stringRepresentation, q.shortText])).toEqual([['01.01.01', 'Position 01.01.0010'], ['01.01.02', 'Position 01.01.0020']]);
  });

  it('a single group level gets an added ULG; positions outside groups an added LG and ULG', () => {
    const p = project([position('0001'), group('01.', [position('01.0010'), position('01.0020')])], 'CostEstimate', [2, 'P4']);
    expect(refused(() => write(p)).message).toMatch(/^0001 lies 0 group levels deep, and the positions of the project lie 0, 1 levels deep.*2 \(LG, ULG\)/);
    const w = write(p, REPAIR);
    const repaired = texts(w.messages, 'OENORM_STRUCTURE_REPAIRED');
    expect(repaired).toContain('LG 02 was added for the positions outside any group.');
    expect(repaired).toContain('ULG 02.01 was added for the positions outside any group.');
    expect(repaired).toContain('ULG 01.01 was added for the positions directly in group 01..');
    valid(w.xml);
    const back = read(w.xml);
    expect(back.groups.map((g) => g.itemNumber?.stringRepresentation)).toEqual(['02.', '02.01.', '01.', '01.01.']);
    expect(back.positions.map((q) => q.shortText)).toEqual(['Position 0001', 'Position 01.0010', 'Position 01.0020']);
  });

  it('note texts between positions in an added ULG stay at their place; those among subgroups stay the group\'s', () => {
    const titled = (title: string, html: string) => ({ ...note(html), shortText: title } as ElementDto);
    const p = project([
      note('<p>Vorweg</p>'), position('0010'), note('<p>Lose dazwischen</p>'), position('0020'),
      group('01.', [
        note('<p>Für die LG</p>'), position('01.0010'), titled('Pflanzenlieferung', '<p>Normen</p>'), position('01.0020'),
        note('<p>Vor der Untergruppe</p>'), group('01.01.', [position('01.01.10')]), note('<p>Nach der Untergruppe</p>'),
      ]),
      group('02.', [position('02.0010'), note('<p>Am Ende der Gruppe</p>')]),
      note('<p>Am Ende</p>'),
    ], 'CostEstimate', [2, 'P4']);
    const w = write(p, REPAIR);
    valid(w.xml);
    expect(texts(w.messages, 'OENORM_NOTES_AS_WVB')).toEqual([
      '1 note text(s) between the positions of ULG 03.01 were written as wählbare Vorbemerkungen at their place: 03.01.02.',
      '1 note text(s) between the positions of ULG 01.02 were written as wählbare Vorbemerkungen at their place: 01.02.02.',
      '1 note text(s) between the positions of ULG 02.01 were written as wählbare Vorbemerkungen at their place: 02.01.02.',
    ]);
    const back = read(w.xml);
    const list = (elements: ElementDto[] | undefined): string[] => (elements ?? []).flatMap((e) => isGroup(e) ? [`${e.itemNumber?.stringRepresentation}`, ...list(e.elements).map((x) => `  ${x}`)]
      : isPosition(e) ? [`${e.itemNumber?.stringRepresentation} ${e.shortText}`] : [`${(e as NoteTextDto).oenormNoteTextProperties?.itemNumber ?? 'remark'} ${(e as NoteTextDto).longText}`]);
    expect(list(back.project.serviceSpecifications?.[0].elements)).toEqual([
      'remark Vorweg\nAm Ende',
      '03.', '  03.01.', '    03.01.01 Position 0010', '    03.01.02 Lose dazwischen', '    03.01.03 Position 0020',
      '01.', '  remark Für die LG\nVor der Untergruppe\nNach der Untergruppe',
      '  01.02.', '    01.02.01 Position 01.0010', '    01.02.02 Normen', '    01.02.03 Position 01.0020',
      '  01.01.', '    01.01.01 Position 01.01.10',
      '02.', '  02.01.', '    02.01.01 Position 02.0010', '    02.01.02 Am Ende der Gruppe',
    ]);
    // kept numbers: the note takes the next free Grundtextnummer between its neighbours
    const kept = write(project([group('01.', [position('01.10'), note('<p>Dazwischen</p>'), position('01.20')])], 'CostEstimate', [2, 'P2']), REPAIR);
    valid(kept.xml);
    expect(texts(kept.messages, 'OENORM_NOTES_AS_WVB')).toEqual(['1 note text(s) between the positions of ULG 01.01 were written as wählbare Vorbemerkungen at their place: 01.01.11.']);
  });

  it('groups deeper than two levels are merged into the ULG of their deepest group; long group numbers are renumbered', () => {
    const p = project([group('001.', [group('001.01.', [group('001.01.01.', [group('001.01.01.01.', [group('001.01.01.01.01.', [position('001.01.01.01.01.01')])])])])])], 'CostEstimate', [3, 2, 2, 2, 2, 'P2']);
    expect(refused(() => write(p)).message).toContain('lies 5 group levels deep');
    const w = write(p, REPAIR);
    const repaired = texts(w.messages, 'OENORM_STRUCTURE_REPAIRED');
    expect(repaired).toContain('Group 001. was renumbered LG 01 (ÖNORM group numbers have two characters A–Z/0–9, unique per level).');
    expect(repaired).toContain('ULG 01.01 was merged from group 001.01.01.01.01. (5 levels deep; ÖNORM has LG and ULG).');
    valid(w.xml);
    expect(read(w.xml).position('01.01.01').shortText).toBe('Position 001.01.01.01.01.01');
    const threeChars = project([group('001.', [group('001.01.', [position('001.01.01')])])], 'CostEstimate', [3, 2, 'P2']);
    expect(refused(() => write(threeChars)).message).toContain("Group 001.: its number '001' is not two characters");
  });

  it('a structure that fits is written unchanged with the option on', () => {
    const w = write(twoLevel(), REPAIR);
    expect(texts(w.messages, 'OENORM_STRUCTURE_REPAIRED')).toEqual([]);
    expect(read(w.xml).positions.map((q) => q.itemNumber?.stringRepresentation)).toEqual(['01.01.01', '01.01.02', '02.01.01']);
  });

  it('a project without positions answers 400', () => {
    expect(refused(() => write(project([group('01.', [group('01.01.', [])])]))).message).toContain('holds no position');
  });
});

describe('SkipTryEnforceSchemaCompliantXmlOutput', () => {
  const messy = () => project([group('01.', [group('01.01.', [
    position('01.01.01', { unitTag: 'm2', quantityOverride: 1.234, unitPriceOverride: 10.005 }),
    position('01.01.02', { unitTag: 'Sack', shortText: 'S'.repeat(70) }),
    position('01.01.03', { unitTag: 'Stck', shortText: '', htmlLongText: '<p>Kurztext aus dem Langtext</p>' }),
  ], 'U'.repeat(61))])]);

  it('false (default): maps units, rounds to two decimals, shortens, fills required fields — each reported', () => {
    const w = write(messy());
    expect(w.text).toContain('<einheit>m²</einheit>');
    expect(w.text).toContain('<einheit>VE</einheit>');
    expect(w.text).toContain('<einheit>Stk</einheit>');
    expect(w.text).toContain('<lvmenge>1.23</lvmenge><preis><gesamt>10.01</gesamt></preis><pospreis>12.31</pospreis>');
    expect(w.text).toContain(`<stichwort>${'S'.repeat(60)}</stichwort>`);
    expect(w.text).toContain(`<ueberschrift>${'U'.repeat(60)}</ueberschrift>`);
    expect(w.text).toContain('<stichwort>Kurztext aus dem Langtext</stichwort>');
    expect(texts(w.messages, 'OENORM_VALUE_ROUNDED')).toEqual([
      'lvmenge of 01.01.01 was rounded to the two decimals ÖNORM allows: 1.234 → 1.23',
      'preis/gesamt of 01.01.01 was rounded to the two decimals ÖNORM allows: 10.005 → 10.01',
    ]);
    expect(texts(w.messages, 'OENORM_UNIT_MAPPED').join('\n')).toContain('unit m2 was written as m²');
    expect(texts(w.messages, 'OENORM_UNIT_UNKNOWN')).toEqual(['unit Sack is not on the ÖNORM unit list and was written as VE']);
    expect(texts(w.messages, 'OENORM_VALUE_SHORTENED').length).toBe(2);
    expect(texts(w.messages, 'OENORM_DEFAULT_FILLED').join('\n')).toContain('auftraggeber/firma/name');
    valid(w.xml);
  });

  it('true: writes what the model holds (units, digits, lengths as they are)', () => {
    const w = write(messy(), { SkipTryEnforceSchemaCompliantXmlOutput: true });
    expect(w.text).toContain('<einheit>m2</einheit>');
    expect(w.text).toContain('<einheit>Sack</einheit>');
    expect(w.text).toContain('<lvmenge>1.234</lvmenge>');
    expect(w.text).toContain(`<stichwort>${'S'.repeat(70)}</stichwort>`);
    expect(w.text).toContain('<stichwort/>');
    for (const code of ['OENORM_VALUE_ROUNDED', 'OENORM_UNIT_MAPPED', 'OENORM_UNIT_UNKNOWN', 'OENORM_VALUE_SHORTENED', 'OENORM_DEFAULT_FILLED']) {
      expect(texts(w.messages, code), code).toEqual([]);
    }
    if (hasOenormXsd) expect(validateOnlv(w.xml).valid).toBe(false);
  });
});

describe('RemoveUnprintableCharactersFromTexts', () => {
  it('false: 400 naming the element and the character; true: removed and reported', () => {
    const p = project([group('01.', [group('01.01.', [position('01.01.01', { shortText: 'Bad\u0001Text' })])])]);
    const e = refused(() => write(p));
    expect(e.message).toContain('01.01.01');
    expect(e.message).toContain('RemoveUnprintableCharactersFromTexts=true');
    const w = write(p, { RemoveUnprintableCharactersFromTexts: true });
    expect(w.text).toContain('<stichwort>BadText</stichwort>');
    expect(w.messages.map((m) => m.code)).toContain('OENORM_CHARACTERS_REMOVED');
  });
});

describe('routes ending at oenorm', () => {
  let app: FastifyInstance;
  let token = '';
  beforeAll(() => testApp().then(async (started) => {
    [app, token] = [started, await localClientToken(started)];
  }));
  afterAll(() => app.close());

  it('oenorm → oenorm migrates the edition (2009 → 2021)', async () => {
    const res = await postFile(app, token, '/conversion/oenorm/oenorm?DestinationOenormType=Lv2021', 'oenormFile', 'a.onlv', fixture('angebot-2009-lg.onlv'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toContain('xmlns="http://www.oenorm.at/schema/A2063/2021-03-01"');
    expect(res.body).toContain('<angebots-lv>');
    valid(res.body);
  });

  it('gaeb → oenorm needs TryRepairProjectStructure for GAEB numbering, and answers 400 without it', async () => {
    const gaeb = readFileFixture();
    const bad = await postFile(app, token, '/conversion/gaeb/oenorm', 'gaebFile', 'x.X83', gaeb);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('TryRepairProjectStructure');
    const ok = await postFile(app, token, '/conversion/gaeb/oenorm?TryRepairProjectStructure=true', 'gaebFile', 'x.X83', gaeb);
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(ok.body).toContain('<ausschreibungs-lv>');
    valid(ok.body);
  });

  it('ava → oenorm writes the project; B2063 answers 400 naming the writable types', async () => {
    const payload = JSON.stringify(twoLevel());
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const ok = await app.inject({ method: 'POST', url: '/conversion/ava/oenorm?DestinationOenormType=Lv2009', headers, payload });
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(ok.body).toContain('<kostenschaetzungs-lv>');
    const b2063 = await app.inject({ method: 'POST', url: '/conversion/ava/oenorm?DestinationOenormType=B2063', headers, payload });
    expect(b2063.statusCode).toBe(400);
    expect(b2063.body).toContain('Lv2009, Lv2015, Lv2021');
  });
});
