/**
 * ÖNORM graphics (`grafiktabelle` + `grafiklinks`) ↔ images of the model's long texts, on the 2009 Angebots-LV
 * fixture (test/fixtures/oenorm/angebot-2009-lg.onlv) with a graphics table and links added here: read into
 * `<img>` elements after the linking element's text, written back as the document's table and the elements' links
 * (valid against the 2009 XSDs where the corpus holds them), and images of other sources (GAEB, the ava model)
 * written as graphics.
 */
import { describe, expect, it } from 'vitest';
import { isNoteText, type NoteTextDto, type PositionDto, type ProjectDto } from '../../core/model/types.js';
import { htmlToPlainText } from '../../core/text/plain-text.js';
import { projectDiff } from '../support/project-diff.js';
import { flatten } from '../gaeb/xml-reader-support.js';
import { fixtureText, imagesOf, preparedBothWays, read, type Read } from './support.js';
import { hasOenormXsd, prepared, validateOnlv, write } from './writer-support.js';

const G1 = 'a1b2c3d4-0000-4000-8000-000000000001';
const G2 = 'a1b2c3d4-0000-4000-8000-000000000002';
const G3 = 'a1b2c3d4-0000-4000-8000-000000000003';
const MISSING = 'a1b2c3d4-0000-4000-8000-000000000009';
/** A 1 × 1 PNG and a 1 × 1 JPEG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHR8eHR0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

const img = (format: string, data: string, alt: string, id: string): string =>
  `<img src="data:${format};base64,${data}" alt="${alt}" data-grafikid="${id}">`;
const links = (...ids: string[]): string => `<grafiklinks>${ids.map((id) => `<grafiklink linkid="${id}"/>`).join('')}</grafiklinks>`;

/** Replaces `find` (which must occur exactly once) in `text`. */
function once(text: string, find: string, replace: string): string {
  expect(text.split(find)).toHaveLength(2);
  return text.replace(find, replace);
}

/** The fixture with a graphics table (a PNG, a JPEG over two lines, a BMP), linked by the svb, LG 01, ULG 01.01 and three positions. */
function withGraphics(): string {
  let t = fixtureText('angebot-2009-lg.onlv');
  t = once(t, '  <leistungsteiltabelle>', `  <grafiktabelle>
    <grafikelement id="${G1}"><bezeichnung>Schnitt &amp; Ansicht</bezeichnung><format>image/png</format><daten>${PNG}</daten></grafikelement>
    <grafikelement id="${G2}"><bezeichnung>Foto</bezeichnung><format>image/jpeg</format>
      <daten>${JPEG.slice(0, 40)}
        ${JPEG.slice(40)}</daten></grafikelement>
    <grafikelement id="${G3}"><bezeichnung>Skizze</bezeichnung><format>image/bmp</format><daten>${PNG}</daten></grafikelement>
  </grafiktabelle>
  <leistungsteiltabelle>`);
  t = once(t, `<herkunftskennzeichen>Z</herkunftskennzeichen>
      </svb>`, `<herkunftskennzeichen>Z</herkunftskennzeichen>
        ${links(G1)}
      </svb>`);
  t = once(t, `<p>Vorbemerkung der LG 01.</p>
            </vorbemerkung>`, `<p>Vorbemerkung der LG 01.</p>
            </vorbemerkung>
            ${links(G2)}`);
  t = once(t, `<ueberschrift>Aushub</ueberschrift>
                <herkunftskennzeichen>Z</herkunftskennzeichen>`, `<ueberschrift>Aushub</ueberschrift>
                <herkunftskennzeichen>Z</herkunftskennzeichen>
                ${links(G1)}`);
  t = once(t, `<p>Ausführung Kunststoff.</p>
                      </langtext>`, `<p>Ausführung Kunststoff.</p>
                      </langtext>
                      ${links(G1, MISSING, G3, G2)}`);
  t = once(t, `<stichwort>Schachtabdeckung bei Bedarf</stichwort>`, `<stichwort>Schachtabdeckung bei Bedarf</stichwort>
                      ${links(G2)}`);
  return t;
}

const plainLv = read(Buffer.from(fixtureText('angebot-2009-lg.onlv')));
const lv = read(Buffer.from(withGraphics()));
const PNG_IMG = img('image/png', PNG, 'Schnitt &amp; Ansicht', G1);
const JPEG_IMG = img('image/jpeg', JPEG, 'Foto', G2);
const svbNote = (r: Read): NoteTextDto => r.notes.find((n) => n.oenormNoteTextProperties?.svb === true)!;
/** The preliminary remarks (`vorbemerkung`) of a group. */
const groupNotes = (r: Read, nr: string): NoteTextDto[] =>
  (r.group(nr).elements ?? []).filter(isNoteText).filter((n) => n.oenormNoteTextProperties?.vorbemerkung === true);

describe('ÖNORM graphics: reading', () => {
  it('puts each linked picture after the text of the position that links it, in the order of the links', () => {
    const p = lv.position('01.01.02.B');
    const before = plainLv.position('01.01.02.B');
    expect(p.htmlLongText).toBe(before.htmlLongText + PNG_IMG + JPEG_IMG);
    // an image adds nothing to the plain text
    expect(p.longText).toBe(before.longText);
    expect(p.oenormPositionProperties?.grundtextHtmlLongText).toBe(before.oenormPositionProperties?.grundtextHtmlLongText);
  });

  it('gives a position without text of its own its Grundtext and the picture', () => {
    const p = lv.position('01.01.02.C');
    expect(p.htmlLongText).toBe(plainLv.position('01.01.02.C').htmlLongText + JPEG_IMG);
  });

  it('adds the pictures of the svb and of an LG to their preliminary remarks, and gives a ULG without one a remark of its own', () => {
    expect(svbNote(lv).htmlLongText).toBe(svbNote(plainLv).htmlLongText + PNG_IMG);
    expect(svbNote(lv).longText).toBe(svbNote(plainLv).longText);
    const lg = groupNotes(lv, '01.');
    expect(lg.map((n) => n.htmlLongText)).toEqual(groupNotes(plainLv, '01.').map((n) => n.htmlLongText + JPEG_IMG));
    expect(groupNotes(plainLv, '01.01.')).toEqual([]);
    const ulg = groupNotes(lv, '01.01.');
    expect(ulg.map((n) => [n.htmlLongText, n.oenormNoteTextProperties?.vorbemerkung])).toEqual([[PNG_IMG, true]]);
    expect(lv.group('01.01.').elements?.[0]).toBe(ulg[0]);
  });

  it('reports a graphic it cannot show and links to no readable graphic, and no longer drops the graphics', () => {
    const graphic = lv.messages.filter((m) => m.code.startsWith('OENORM_GRAPHIC'));
    expect(graphic.map((m) => [m.code, m.itemNumber, m.message])).toEqual([
      ['OENORM_GRAPHIC_DROPPED', undefined, `The graphic ${G3} (Skizze) has the format 'image/bmp', not one of image/jpeg, image/gif, image/png; it was not read.`],
      ['OENORM_GRAPHIC_MISSING', '01.01.02.B', `A link to the graphic ${MISSING} was passed over: the document's grafiktabelle holds no readable graphic with that id.`],
    ]);
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED').map((m) => m.message).join()).not.toContain('grafik');
  });

  it('derives every plain long text exactly as the normalisation would from the HTML with its pictures', () => {
    const described = lv.all.filter((e) => (e as { htmlLongText?: string }).htmlLongText?.includes('<img')) as { htmlLongText: string; longText?: string }[];
    expect(described).toHaveLength(5);
    for (const d of described) expect(d.longText ?? '', d.htmlLongText).toBe(htmlToPlainText(d.htmlLongText));
  });

  it('builds positions with pictures complete: the prepared project is the one the normalisation gives', () => {
    const { complete, normalised } = preparedBothWays(Buffer.from(withGraphics()));
    expect(projectDiff(complete, normalised)).toEqual([]);
  });
});

describe('ÖNORM graphics: writing', () => {
  it.skipIf(!hasOenormXsd)('writes the pictures read as the same graphics, linked by the same elements, valid in every edition of LV and LB', () => {
    for (const edition of ['Lv2009', 'Lv2015', 'Lv2021', 'Lb2009', 'Lb2021']) {
      const written = write(lv.project, { DestinationOenormType: edition });
      expect(validateOnlv(written.xml).errors, edition).toEqual([]);
      expect(imagesOf(read(written.xml).project), edition).toEqual(imagesOf(lv.project));
      // (the fixture's headings and tt are reported apart: writer.test.ts)
      expect(written.messages.filter((m) => m.code === 'OENORM_TEXT_CONTENT_CHANGED' && !m.message.includes('headings')), edition).toEqual([]);
    }
  });

  it('reads back the texts it wrote: a picture is no paragraph of the text (no empty <p> grows with each pass)', () => {
    const html = (p: ProjectDto) => flatten(p.serviceSpecifications![0].elements).map((e) => (e as { htmlLongText?: string }).htmlLongText);
    const once = read(write(lv.project, { DestinationOenormType: 'Lv2015' }).xml);
    const twice = read(write(once.project, { DestinationOenormType: 'Lv2015' }).xml);
    expect(html(twice.project)).toEqual(html(once.project));
    expect(html(once.project).filter((h) => h?.includes('<img')).every((h) => !h!.includes('<p></p>'))).toBe(true);
    expect(write(lv.project, { DestinationOenormType: 'Lv2015' }).text).not.toContain('<p></p>');
  });

  it('writes each picture once in grafiktabelle, and the links in the order of the schema', () => {
    const { text } = write(lv.project, { DestinationOenormType: 'Lv2009' });
    expect(text.match(/<grafikelement [^>]*>/g)).toEqual([`<grafikelement id="${G1}">`, `<grafikelement id="${G2}">`]);
    expect(text).toContain(`<grafikelement id="${G1}"><bezeichnung>Schnitt &amp; Ansicht</bezeichnung><format>image/png</format><daten>${PNG}</daten></grafikelement>`);
    // an LV element: herkunftskennzeichen, then grafiklinks
    expect(text).toContain(`<herkunftskennzeichen>Z</herkunftskennzeichen><grafiklinks><grafiklink linkid="${G1}"/></grafiklinks></svb>`);
    expect(text).toContain(`<grafiklinks><grafiklink linkid="${G1}"/><grafiklink linkid="${G2}"/></grafiklinks><einheit>`);
    const lb = write(lv.project, { DestinationOenormType: 'Lb2009' }).text;
    // an LB element: grafiklinks, then aenderungskennzeichnungen
    expect(lb).toContain(`<grafiklinks><grafiklink linkid="${G1}"/></grafiklinks><aenderungskennzeichnungen>`);
  });

  it('links the images of other sources under a name-based id of the picture, and leaves out what ÖNORM cannot hold', () => {
    const big = 'A'.repeat(90_000);
    const position = (nr: string, html: string): PositionDto => ({
      elementTypeDiscriminator: 'PositionDto', itemNumber: { stringRepresentation: nr }, shortText: `Position ${nr}`, htmlLongText: html,
      unitTag: 'Stk', quantityOverride: 1, unitPriceOverride: 10,
    });
    const project = (): ProjectDto => prepared({
      projectInformation: { itemNumberSchema: { tiers: [{ length: 2, tierType: 'Group' }, { length: 2, tierType: 'Group' }, { length: 2, tierType: 'Position' }] } },
      serviceSpecifications: [{
        elements: [{
          elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.' }, shortText: 'LG',
          elements: [{
            elementTypeDiscriminator: 'ServiceSpecificationGroupDto', itemNumber: { stringRepresentation: '01.01.' }, shortText: 'ULG',
            elements: [
              position('01.01.01', `<p>Erste <img src="data:image/PNG;base64,${PNG}" alt="Detail"></p>`),
              position('01.01.02', `<p>Zweite</p><img src="data:image/png;base64,${PNG}"><img src="https://example.com/plan.png" alt="Plan">`),
              position('01.01.03', `<p>Dritte</p><img src="data:image/gif;base64,${big}" alt="Groß">`),
            ],
          }],
        }],
      }],
    } as ProjectDto);
    const first = write(project(), { DestinationOenormType: 'Lv2009' });
    const again = write(project(), { DestinationOenormType: 'Lv2009' });
    const ids = first.text.match(/<grafikelement id="([^"]+)">/g)!;
    expect(ids).toHaveLength(1);
    const id = /id="([^"]+)"/.exec(ids[0])![1];
    // RFC 4122 version 5 (name-based, SHA-1), the same for the same picture in every file
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again.text).toContain(`<grafikelement id="${id}">`);
    expect(first.text).toContain(`<grafikelement id="${id}"><bezeichnung>Detail</bezeichnung><format>image/png</format>`);
    expect(first.text.match(/<grafiklink linkid="[^"]+"\/>/g)).toEqual([`<grafiklink linkid="${id}"/>`, `<grafiklink linkid="${id}"/>`]);
    // the picture ÖNORM cannot link: its alt text stays in the text, and the change is reported
    expect(first.text).toContain('<p>Zweite</p><p>Plan</p>');
    // one message for both: the web address and the picture over 64 KiB
    const changed = first.messages.filter((m) => m.code === 'OENORM_TEXT_CONTENT_CHANGED').map((m) => m.message);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('images ÖNORM cannot link as a graphic (not a PNG, JPEG or GIF data URI, or over 64 KiB) were left out');
    expect(changed[0]).toMatch(/01\.01\.02.*01\.01\.03/);
    expect(first.text).toContain('<p>Dritte</p><p>Groß</p>');
    if (hasOenormXsd) expect(validateOnlv(first.xml).errors).toEqual([]);
    // writing what the model holds: the large picture too
    const unchecked = write(project(), { DestinationOenormType: 'Lv2009', SkipTryEnforceSchemaCompliantXmlOutput: true });
    expect(unchecked.text.match(/<grafikelement /g)).toHaveLength(2);
  });
});
