/**
 * GAEB 2000 writer: encoding, layout, checksum trailer, phases, long texts (plain or RTF), reported losses, and
 * read → write → read of the hand-written fixture test/fixtures/gaeb2000/features.P83 (GAEB 2000 samples such as systori/systori, scripts/gaeb2000_file.p83).
 */
import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prepareProject } from '../../core/model/index.js';
import type { PositionDto, ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaeb2000 } from '../../plugins/gaeb/gaeb2000/reader.js';
import { longTextRuns } from '../../plugins/gaeb/gaeb2000/long-text-runs.js';
import { parseLongText } from '../../core/text/long-text.js';
import { writeGaeb2000 } from '../../plugins/gaeb/gaeb2000/writer.js';
import { checksumOf, tokenizeGaeb2000 } from '../../plugins/gaeb/gaeb2000/tokenizer.js';
import { positionsOf } from '../support/model.js';

/** The GAEB 2000 writer's paragraphs and runs of an HTML long text. */
const htmlToRuns = (html: string) => longTextRuns(parseLongText(html));

const FIXTURE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb2000', 'features.P83'));


const prepared = (bytes: Buffer, skipped = true) =>
  prepareProject(readGaeb2000(bytes, defaultOptions({ SupportSkippedItemNumberLevelsInPositions: skipped }), new MessageCollector()), { supportSkippedItemNumberLevels: skipped });

function write(project: ProjectDto, phase: '81' | '83' | '84' | '86' = '86') {
  const sink = new MessageCollector();
  const bytes = writeGaeb2000(project, defaultOptions(), sink, phase);
  return { bytes, text: iconv.decode(bytes, 'win1252'), messages: sink.messages };
}

function smallProject(position: Partial<PositionDto>): ProjectDto {
  return prepareProject({
    projectInformation: { itemNumberSchema: { tiers: [{ length: 2, tierType: 'Group' }, { length: 4, tierType: 'Position' }] } },
    serviceSpecifications: [{
      elements: [{
        elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.' }, shortText: 'G',
        elements: [{ elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: '01.0010' }, ...position }],
      }],
    }],
  }, {});
}

describe('GAEB 2000 writer', () => {
  const project = prepared(FIXTURE);
  const { bytes, text, messages } = write(project);

  it('writes Windows-1252 with CRLF and a checksum trailer that matches the blocks and values', () => {
    expect(bytes.includes(Buffer.from([0xfc]))).toBe(true); // ü of "Süd" as one byte
    expect(text.split('\r\n').every((l, i, all) => i === all.length - 1 || !l.includes('\n'))).toBe(true);
    const doc = tokenizeGaeb2000(text);
    expect(doc.problems).toEqual([]);
    expect(doc.checksum).toBe(checksumOf(doc.counted));
    expect(text.trimEnd().split('\r\n').pop()).toBe(`#end[GAEB]${checksumOf(doc.counted)}`);
  });

  it('writes full fixed-width [OZ] values, blank-filled, a skipped level blank', () => {
    // prepareProject pads the parts ("01.", "01.__.0010"); the writer keeps each part as it is, right-aligned.
    const oz = text.split('\r\n').filter((l) => l.includes('[OZ]')).map((l) => l.trim());
    expect(oz).toEqual(['[OZ]01[end]', '[OZ]01  0010[end]', '[OZ]0102[end]', expect.stringMatching(/^\[OZ\][ 0]1[ 0]2[ 0]{2}20a\[end\]$/)]);
    expect(text).toMatch(/\[Typ\]Index\[end\]\r\n\s*\[Laenge\]1\[end\]/);
  });

  it('writes numbers with a decimal comma and prices only in priced phases', () => {
    expect(text).toContain('[Menge]1234,500[end]');
    expect(text).toContain('[EP]12,50[end]');
    const offerRequest = write(project, '83').text;
    expect(offerRequest).toContain('[DP]83[end]');
    expect(offerRequest).not.toMatch(/\[EP\]|\[GB\]/);
  });

  it('writes phase 84 as the reduced bid: [OZ], prices and category sums; texts only where they hold text complements', () => {
    const plain = write(smallProject({ shortText: 'Pflaster', htmlLongText: '<p>Betonpflaster</p>', quantityOverride: 2, unitTag: 'm2', unitPriceOverride: 10, positionType: 'Optional', priceType: 'WithTotal' }), '84');
    const body = plain.text.slice(plain.text.indexOf('#begin[LVBereich]'), plain.text.indexOf('#end[LV]')).split('\r\n').map((l) => l.trim()).filter((l) => l !== '');
    expect(body).toEqual(['#begin[LVBereich]', '[OZ]01[end]', '#begin[Position]', '[OZ]010010[end]', '[EP]10,000[end]', '[GB]20,00[end]', '#end[Position]', '[Summe]20,00[end]', '#end[LVBereich]']);
    expect(plain.text).toContain('[DP]84[end]');
    expect(plain.messages.map((m) => [m.code, m.severity])).toEqual([['GAEB2000_OFFER_PHASE_REDUCED', 'info']]);
    expect(plain.messages[0].message).toMatch(/of 2 element\(s\)/);

    const complement = '<p>Fabrikat: <span class="TextComplement" data-kind="Bidder"><span class="ComplBody">Muster</span></span></p>';
    const withAddition = write(smallProject({ shortText: 'Leuchte', htmlLongText: complement, unitPriceOverride: 5, quantityOverride: 1 }), '84');
    expect(withAddition.text).not.toContain('[Kurztext]');
    expect(withAddition.text).toMatch(/\[Langtext\][^[]*Fabrikat: Muster/);
    const readMessages = new MessageCollector();
    const [back] = positionsOf(prepareProject(readGaeb2000(withAddition.bytes, defaultOptions(), readMessages), {}));
    expect(back.unitPrice).toBe(5);
    expect(back.longText).toBe('Fabrikat: Muster');
    expect(back.additionType).toBe('ByBidder'); // so writing the bid again keeps it
    // No [Menge] in a bid: the quantity is derived as [GB] / [EP], so the total recalculates as stated.
    expect(back.quantityOverride).toBe(1);
    expect(back.totalPrice).toBe(5);
    expect(readMessages.messages.map((m) => m.code)).toContain('GAEB_QTY_DERIVED');
  });

  it('writes plain long texts as plain lines and formatted ones as RTF', () => {
    expect(text).toContain('[Langtext]Boden lösen und laden,\r\nKlasse 3-5.\r\n\r\nAbrechnung nach Aufmaß.[end]');
    expect(text).toMatch(/\[Langtext\]\{\\rtf1\\ansi\\ansicpg1252.*\{\\b fett\}/);
    expect(messages.filter((m) => m.severity === 'warning')).toEqual([]);
  });

  it('reads back the same project (read → write → read)', () => {
    const again = prepared(bytes);
    const key = (p: PositionDto) => [p.itemNumber!.stringRepresentation, p.quantity, p.unitTag, p.unitPrice, p.totalPrice, p.shortText, p.longText, p.htmlLongText, p.positionType, p.priceType, p.alternativeIdentifier];
    expect(positionsOf(again).map(key)).toEqual(positionsOf(project).map(key));
    const { id: _a, ...buyerAgain } = again.projectInformation!.buyer!;
    const { id: _b, ...buyer } = project.projectInformation!.buyer!;
    expect(buyerAgain).toEqual(buyer);
    expect(again.serviceSpecifications![0].elements!.map((e) => e.elementTypeDiscriminator)).toEqual(project.serviceSpecifications![0].elements!.map((e) => e.elementTypeDiscriminator));
    expect(again.serviceSpecifications![0].totalPrice).toBe(project.serviceSpecifications![0].totalPrice);
  });

  it('reports characters outside Windows-1252 and sub descriptions with the item number', () => {
    const out = write(smallProject({ shortText: 'Rohr ∅ 100', quantityOverride: 1, unitTag: 'm', subDescriptions: [{ shortText: 'x' }] }));
    expect(out.text).toContain('[Kurztext]Rohr ? 100[end]');
    expect(out.messages.map((m) => `${m.code}@${m.itemNumber}`)).toEqual(expect.arrayContaining(['GAEB2000_CHARACTER_REPLACED@01.0010', 'GAEB2000_SUBDESCRIPTION_DROPPED@01.0010']));
  });

  it('widens a tier that an item number does not fit and says so', () => {
    const out = write(smallProject({ itemNumber: { stringRepresentation: '01.12345' }, quantityOverride: 2, unitTag: 'St' }));
    expect(out.text).toContain('[OZ]0112345[end]');
    expect(out.messages.map((m) => m.code)).toContain('GAEB2000_SCHEMA_WIDENED');
    expect(positionsOf(prepared(out.bytes, false))[0].quantity).toBe(2);
  });
});

describe('htmlToRuns', () => {
  it('splits paragraphs and keeps bold/italic/underline from tags and styles', () => {
    const { paragraphs, formatted } = htmlToRuns('<p><span>a </span><b>b</b></p><p><span style="font-style:italic;">c</span><br/>d &amp; e</p>');
    expect(formatted).toBe(true);
    expect(paragraphs).toEqual([
      [{ text: 'a ', bold: false, italic: false, underline: false }, { text: 'b', bold: true, italic: false, underline: false }],
      [{ text: 'c', bold: false, italic: true, underline: false }, { text: '\n' }, { text: 'd & e', bold: false, italic: false, underline: false }],
    ]);
  });
});

describe('long text paragraphs (htmlToRuns)', () => {
  it('keeps an empty paragraph as a blank line and the blanks inside a paragraph; source line breaks are formatting', () => {
    const { paragraphs } = htmlToRuns('<p>Ort:\tDach  4.OG</p>\n  <p></p>\n  <p>\n    zweite Zeile\n  </p>');
    expect(paragraphs.map((p) => p.map((r) => r.text).join(''))).toEqual(['Ort:\tDach  4.OG', '', 'zweite Zeile']);
  });
});

describe('GAEB 2000 RTF paragraphs', () => {
  it('never starts a value line with a paragraph\'s own blanks, so indented lines read back', () => {
    const project = prepareProject({
      serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'NoteTextDto', shortText: 'Hinweis', htmlLongText: '<p><b>Maße</b></p><p>   8 cm\tPflaster</p>' }] }],
    }, {});
    const bytes = writeGaeb2000(project, defaultOptions(), new MessageCollector(), '83');
    const back = readGaeb2000(bytes, defaultOptions(), new MessageCollector());
    const note = prepareProject(back, {}).serviceSpecifications![0].elements![0] as { htmlLongText?: string };
    expect(note.htmlLongText).toContain('   8 cm\tPflaster');
  });
});
