/**
 * GAEB 2000 tokenizer, RTF conversion and reader on the hand-written fixture test/fixtures/gaeb2000/features.P83
 * (Windows-1252, CRLF; vendor block and tags, tag names in mixed case, depth counters, multi-line values,
 * decimal comma and point, blank-filled `[OZ]` with a skipped level and an index, RTF short and long texts).
 * Rules: GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83; Microsoft RTF 1.9.1 specification.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { prepareProject } from '../../core/model/index.js';
import type { ElementDto, NoteTextDto, PositionDto, ProjectDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaeb2000 } from '../../plugins/gaeb/gaeb2000/reader.js';
import { parseGaeb2000Date, parseGaeb2000Number } from '../../plugins/gaeb/gaeb2000/values.js';
import { isRtf, rtfToHtml } from '../../plugins/gaeb/gaeb2000/rtf.js';
import { tokenizeGaeb2000, valueOf } from '../../plugins/gaeb/gaeb2000/tokenizer.js';

const FIXTURE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb2000', 'features.P83'));

function flatten(elements: readonly ElementDto[] | undefined, out: ElementDto[] = []): ElementDto[] {
  for (const e of elements ?? []) {
    out.push(e);
    flatten((e as { elements?: ElementDto[] }).elements, out);
  }
  return out;
}

function read(bytes: Buffer, overrides: Record<string, boolean> = {}) {
  const sink = new MessageCollector();
  const project: ProjectDto = readGaeb2000(bytes, defaultOptions(overrides), sink);
  const all = flatten(project.serviceSpecifications![0].elements);
  const position = (n: string) => all.find((e) => e.elementTypeDiscriminator === 'PositionDto' && (e as PositionDto).itemNumber?.stringRepresentation === n) as PositionDto;
  return { project, all, position, messages: sink.messages };
}

describe('GAEB 2000 tokenizer', () => {
  it('reads blocks and values in any letter case, multi-line values, depth counters and a trailer', () => {
    const doc = tokenizeGaeb2000('#begin[GAEB]\r\n #BEGIN[Info]3\r\n  [Tag]a\r\n    b[END]\r\n  [x]1[end]\r\n #end[info]3\r\n#end[GAEB]2|2\r\n');
    expect(doc.problems).toEqual([]);
    expect(doc.checksum).toBe('2|2');
    expect(doc.counted).toEqual({ begins: 2, ends: 2 });
    const info = doc.root.children[0];
    expect(info.kind === 'block' && info.key).toBe('info');
    expect(info.kind === 'block' && valueOf(info, 'tag')!.lines).toEqual(['a', 'b']);
  });

  it('does not count vendor blocks in the checksum and lists structural problems', () => {
    const doc = tokenizeGaeb2000('#begin[GAEB]\n#begin[_V]\n[a]1[end]\n#end[_V]\n[_b]2[end]\n#begin[X]\n[c]open\n');
    expect(doc.counted).toEqual({ begins: 2, ends: 1 + 1 });
    expect(doc.problems.join('; ')).toMatch(/\[c\] has no \[end\].*unclosed block/);
  });
});

describe('GAEB 2000 RTF', () => {
  it('converts paragraphs, bold/italic/underline, \\\'xx, \\u and line breaks to HTML and plain text', () => {
    const { html, plain } = rtfToHtml("{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}{\\*\\generator X;}A {\\b B}\\par C\\'e4\\uc1\\u8364?{\\i I}\\ul U\\ulnone\\line D\\par}");
    expect(html).toBe('<p><span>A </span><span style="font-weight:bold;">B</span></p><p><span>Cä€</span><span style="font-style:italic;">I</span><span style="text-decoration:underline;">U</span><br /><span>D</span></p>');
    expect(plain).toBe('A B\nCä€IU\nD');
  });

  it('reads the control word right after \\rtf1 (Dangl) and recognises RTF values', () => {
    expect(rtfToHtml('{\\rtf1Aushub}').plain).toBe('Aushub');
    expect(isRtf(' {\\rtf1 x}')).toBe(true);
    expect(isRtf('plain {\\rtf')).toBe(false);
    expect(rtfToHtml('{\\rtf1{\\fonttbl{\\f0 Arial;}}}').html).toBe('');
  });
});

describe('GAEB 2000 numbers and dates', () => {
  it('parses decimal comma (points as thousands separators) and decimal point', () => {
    expect(parseGaeb2000Number('1.234,500')).toBe(1234.5);
    expect(parseGaeb2000Number('19,00')).toBe(19);
    expect(parseGaeb2000Number('68484.5')).toBe(68484.5);
    expect(parseGaeb2000Number('')).toBeUndefined();
    expect(parseGaeb2000Number('abc')).toBeUndefined();
    expect(parseGaeb2000Date('02.03.2026')).toBe('2026-03-02');
    expect(parseGaeb2000Date('30.12.1899')).toBeUndefined();
  });
});

describe('GAEB 2000 reader on features.P83', () => {
  const { project, all, position, messages } = read(FIXTURE, { SupportSkippedItemNumberLevelsInPositions: true });
  const spec = project.serviceSpecifications![0];

  it('reads the header, phase, schema and buyer', () => {
    expect(spec.origin).toBe('Gaeb2000');
    expect(spec.originDetail).toBe('GAEB 2000 V1.2');
    expect(spec.exchangePhase).toBe('OfferRequest');
    expect(spec.name).toBe('LV 1');
    expect(spec.creationDate).toBe('2026-03-02');
    expect(spec.projectTaxRate).toBe(0.19);
    const info = project.projectInformation!;
    expect(info.currencyShort).toBe('€');
    expect(info.descriptionShort).toBe('Schule Süd');
    expect(info.upFracDig).toBe(2);
    expect(project.unitPriceAccuracy).toBe(2);
    expect(info.buyer).toEqual({ name: 'Stadt Musterhausen\nBauamt', street: 'Marktplatz 1', zipCode: '12345', city: 'Musterhausen' });
    expect(info.itemNumberSchema!.tiers!.map((t) => `${t.tierType}:${t.length}`)).toEqual(['Group:2', 'Group:2', 'Position:4', 'Index:1']);
  });

  it('skips the vendor block (its Position is not read) and the vendor tags without error', () => {
    expect(all.filter((e) => e.elementTypeDiscriminator === 'PositionDto')).toHaveLength(2);
    expect(messages.filter((m) => m.severity !== 'info')).toEqual([]);
  });

  it('slices [OZ] by the tier widths: skipped level as placeholder, index as an extra part', () => {
    expect(all.map((e) => (e as PositionDto).itemNumber?.stringRepresentation).filter(Boolean)).toEqual(['1.', '1.__.10', '1.2.', '1.2.20.a']);
    expect(messages.map((m) => m.code)).toContain('GAEB2000_SKIPPED_LEVEL');
    const short = read(FIXTURE).position('1.10');
    expect(short).toBeDefined();
  });

  it('reads quantities, units, prices, Bedarf and alternatives', () => {
    const p = position('1.__.10');
    expect([p.quantityOverride, p.unitTag, p.unitPriceOverride, p.positionType, p.priceType]).toEqual([1234.5, 'm³', 12.5, 'Optional', 'WithoutTotal']);
    const a = position('1.2.20.a');
    expect([a.quantityOverride, a.unitTag, a.alternativeGroupIdentifier, a.alternativeIdentifier, a.positionType]).toEqual([20.5, 'm²', 1, 1, 'Alternative']);
  });

  it('reads plain multi-line and RTF long texts into HTML with their plain text', () => {
    const prepared = prepareProject(structuredClone(project), {});
    const ps = flatten(prepared.serviceSpecifications![0].elements).filter((e): e is PositionDto => e.elementTypeDiscriminator === 'PositionDto');
    expect(ps[0].longText).toBe('Boden lösen und laden,\nKlasse 3-5.\n\nAbrechnung nach Aufmaß.');
    expect(ps[1].shortText).toBe('Verbau ändern');
    expect(ps[1].htmlLongText).toContain('<span style="font-weight:bold;">fett</span>');
    expect(ps[1].longText).toBe('Normal fett und kursiv\nGröße €5 unter Ende\nneue Zeile');
    const note = all[0] as NoteTextDto;
    expect([note.isOpeningText, note.shortText, note.htmlLongText]).toEqual([true, 'Vorbemerkungen', '<p><span>Erste Zeile</span></p><p><span>Zweite Zeile</span></p>']);
    expect((all[1] as ServiceSpecificationGroupDto).shortText).toBe('Erdarbeiten');
  });

  it('tolerates a missing checksum, accepts a matching one and warns about a wrong one', () => {
    const body = FIXTURE.toString('latin1').replace(/\r\n$/, '');
    const withTrailer = (t: string) => Buffer.from(`${body}${t}\r\n`, 'latin1');
    expect(read(withTrailer('19|46')).messages.map((m) => m.code)).not.toContain('GAEB2000_CHECKSUM_MISMATCH');
    expect(read(withTrailer('19|45')).messages.map((m) => m.code)).toContain('GAEB2000_CHECKSUM_MISMATCH');
  });

  it('reads control characters of an ANSI file as the punctuation a writer cut to their low byte (NEVARIS 25.2)', () => {
    // „Erdarbeiten“ – as NEVARIS writes it: U+201E, U+201C, U+2013 cut to 0x1E, 0x1C, 0x13
    const cut = Buffer.from(FIXTURE.toString('latin1').replace('[Bez]Erdarbeiten[end]', '[Bez]\x1eErdarbeiten\x1c \x13 Aushub[end]'), 'latin1');
    const r = read(cut);
    expect((r.all[1] as ServiceSpecificationGroupDto).shortText).toBe('„Erdarbeiten“ – Aushub');
    const restored = r.messages.filter((m) => m.code === 'GAEB2000_PUNCTUATION_RESTORED');
    expect(restored.map((m) => [m.severity, m.message.includes('(„ “ –)')])).toEqual([['info', true]]);
    // a file without them: no message; one with a byte order mark is not Windows-1252: left as it is
    expect(read(FIXTURE).messages.map((m) => m.code)).not.toContain('GAEB2000_PUNCTUATION_RESTORED');
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(cut.toString('latin1'), 'utf8')]);
    expect((read(utf8).all[1] as ServiceSpecificationGroupDto).shortText).toBe('\x1eErdarbeiten\x1c \x13 Aushub');
  });

  it('answers 400 for an empty file or one that is not GAEB 2000', () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from('#begin[Other]\r\n#end[Other]\r\n')]) {
      let error: unknown;
      try { read(bytes); } catch (e) { error = e; }
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).statusCode).toBe(400);
    }
  });
});
