/**
 * The real SIA 451 file of the shared corpus (`sia/sia451.sample.01s`: a BauPlus 10.26.22.0 tender from
 * janhajk/451 `lib/sia451.sample.01s`, restored to its CP850 bytes): 139 positions with units and quantities,
 * the Z record count checked, agreement with the public reader janhajk/451, and sia → ava → sia → ava keeping
 * every position number, quantity, unit and text. Skipped, with a notice, when the corpus is absent.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { corpusFiles, hasCorpus, readCorpus } from '../support/corpus.js';
import { readGaeb } from '../support/gaeb-round-trip.js';
import { isNoteText, positionsOf, type NoteTextDto } from '../../core/model/types.js';
import { toCodePage } from '../../core/text/records.js';
import { flatten } from '../gaeb/xml-reader-support.js';
import { comparable, read, viaJson, write } from '../sia/support.js';
import { siaUnit } from '../../plugins/sia/writer/units.js';
import { D, round } from '../../core/model/decimal.js';

/**
 * What the public reader janhajk/451 (`lib/sia451.js`, commit 11cfc559c4adc985979fbda385adc5a3a1c7e756, GPL-2.0)
 * finds in this file, run once outside this repository on the CP850-decoded file: G records of type 5 (units),
 * type-6 records (quantity per object outline), their positions and the sum of their `Menge`, and the Z record's
 * `Anz-Austauschrecords`. Its first and last positions' summed quantities: 111.222001 20600, 241.992502 1.
 */
const JANHAJK_451 = { positions: 139, positionsWithQuantity: 139, quantityRecords: 194, quantitySum: 55618, recordCount: 2892 };

const key = (p: { itemNumber?: { stringRepresentation?: string } }) => p.itemNumber?.stringRepresentation;

describe.skipIf(!hasCorpus)('SIA 451 corpus file', () => {
  const file = hasCorpus ? readCorpus('sia', 'sia451.sample.01s') : Buffer.alloc(0);

  it('reads 139 positions with units and quantities; the Z count checks (no message)', () => {
    const r = read(file);
    expect(r.messages).toEqual([]);
    expect(r.positions).toHaveLength(139);
    expect(r.positions.every((p) => p.unitTag !== '' && (p.quantity ?? 0) > 0)).toBe(true);
    const spec = r.project.serviceSpecifications![0];
    expect(spec).toMatchObject({ name: 'FL-Mastfundamente Aesch', exchangePhase: 'OfferRequest', creationDate: '2015-08-25', origin: 'Sia' });
    expect(spec.projectTaxRate).toBe(0.08); // C003203 … +000800 Mehrwertsteuer (Swiss VAT in 2015)
    expect(r.groups.filter((g) => g.hierarchyLevel === 0).map((g) => key(g)?.slice(0, 3))).toContain('241');
    expect(r.position('111.222001')).toMatchObject({ quantity: 20600, unitTag: 'LE' });
    expect(r.position('241.992502')).toMatchObject({ quantity: 1, unitTag: 'St', shortText: 'Einbau der Fundamente als Maue' });
  });

  it('reads the type-2 record as the short text and variable 00 as the first paragraph of a long text it does not begin', () => {
    const r = read(file);
    // type-2 and variable 00 differ: both kept, the type-2 text as the short text
    expect(r.position('241.991112')).toMatchObject({ shortText: 'Fundament Typ DP1/1.5', longText: expect.stringMatching(/^Mastfundament Typ DP1\/1\.7\n/) });
    expect(r.position('241.992502').longText).toMatch(/^Mauerersatz beim Mast M32\.\n/);
    expect(r.position('113.212191')).toMatchObject({ shortText: 'Auf- und Entgleisanlage', longText: expect.stringMatching(/^Haupteingleisstelle aus Magerbeton\. Siehe Beispiel/) });
    // a variable 00 of 637 characters beginning with the type-2 text is the long text's first paragraph, not a short text
    // (the longest short texts: two headings whose variable 00 goes on from a type-2 text that is its first line, 83 and 88)
    const lengths = flatten(r.project.serviceSpecifications![0].elements).map((e) => Array.from((e as { shortText?: string }).shortText ?? '').length);
    expect(Math.max(...lengths)).toBe(88);
  });

  it('agrees with janhajk/451 on positions, quantity records and quantities', () => {
    const r = read(file);
    expect(r.positions.length).toBe(JANHAJK_451.positions);
    expect(r.positions.filter((p) => (p.quantityComponents?.length ?? 0) > 0).length).toBe(JANHAJK_451.positionsWithQuantity);
    expect(r.positions.reduce((n, p) => n + (p.quantityComponents?.length ?? 0), 0)).toBe(JANHAJK_451.quantityRecords);
    expect(r.positions.reduce((s, p) => s + (p.quantity ?? 0), 0)).toBeCloseTo(JANHAJK_451.quantitySum, 6);
  });

  it('says so when the Z count is wrong', () => {
    const text = file.toString('latin1').replace(/^(Z.{44})0000000002892/m, '$10000000002899');
    expect(read(Buffer.from(text, 'latin1')).messages.map((m) => m.message)).toEqual([
      `The Z trailer states 2899 records, the file holds ${JANHAJK_451.recordCount} (A and Z included).`,
    ]);
  });

  it('sia → ava → sia → ava keeps every position number, quantity, unit and text', () => {
    const first = read(file);
    const written = write(viaJson(first.project));
    expect(written.messages).toEqual([]);
    const second = read(written.bytes);
    expect(second.messages).toEqual([]);
    const facts = (r: typeof first) => r.positions.map((p) => ({
      number: key(p), quantity: p.quantity, unit: p.unitTag, shortText: p.shortText, longText: p.longText ?? '',
      components: p.quantityComponents?.map((c) => [c.siaObjectOutline, c.result]),
    }));
    expect(facts(second)).toEqual(facts(first));
    expect(second.groups.map(key)).toEqual(first.groups.map(key));
    expect(second.groups.map((g) => g.shortText)).toEqual(first.groups.map((g) => g.shortText));
    expect(second.notes.map((n) => n.longText)).toEqual(first.notes.map((n) => n.longText));
    expect(comparable(second.project)).toEqual(comparable(first.project));
    // and once more: the written file is a fixed point
    expect(write(viaJson(second.project)).bytes.equals(written.bytes)).toBe(true);
  });

  it('reads a chapter title from both its text fields and writes B001 texts and chapter titles into the same two fields', () => {
    const first = read(file);
    expect(first.groups.find((g) => key(g) === '237.')?.shortText).toBe('Kanalisationen und Entwässerungen');
    // columns 93–122 and 138–167 of the B001 records and the chapter titles, as the file has them and as written back
    const titles = (bytes: Buffer) => iconv.decode(bytes, 'cp850').split(/\r?\n/).filter((r) => r.startsWith('B001') || (r.startsWith('G') && r[41] === '1'))
      .map((r) => `${r.slice(0, 4)}|${r.slice(81, 87).trim()}|${r.slice(92, 122).trimEnd()}|${r.slice(137, 167).trimEnd()}`);
    const original = titles(file);
    expect(original).toContain('B001|110|Vorbereitungs-, Rodungs- und|Abbrucharbeiten');
    expect(original).toContain('G237||Kanalisationen und|Entwässerungen');
    expect(titles(write(viaJson(first.project)).bytes)).toEqual(original);
  });

  it('writes every long-text paragraph back in the variable it was read from (numbers the file skips, variable 00)', () => {
    // entry|variable of the type-3 records with text, in order
    const variables = (bytes: Buffer) => [...new Set(iconv.decode(bytes, 'cp850').split(/\r?\n/)
      .filter((r) => r.startsWith('G') && r[41] === '3' && r.slice(92).trim() !== '').map((r) => `${r.slice(1, 4)}.${r.slice(7, 13)}|${r.slice(13, 15)}`))];
    const original = variables(file);
    const written = variables(write(viaJson(read(file).project)).bytes);
    expect(original).toContain('111.212110|06'); // after variable 01, as the file numbers it
    expect(written.filter((k) => !original.includes(k))).toEqual([]);
    // only a variable 00 that is the whole short text (as short as its type-2 text, which holds it) is not written again
    const dropped = original.filter((k) => !written.includes(k));
    expect(dropped.every((k) => k.endsWith('|00'))).toBe(true);
    expect(dropped).toHaveLength(18);
  });

  it('keeps the KAG code of every quantity record (the BKP code of a B001 outline in this file)', () => {
    const quantities = (bytes: Buffer) => iconv.decode(bytes, 'cp850').split(/\r?\n/).filter((r) => r.startsWith('G') && r[41] === '6')
      .map((r) => `${r.slice(1, 4)}.${r.slice(7, 13)}|${r.slice(17, 23).trim()}|${r.slice(81, 86).trim()}`);
    const original = quantities(file);
    expect(original).toHaveLength(194);
    expect(original.every((q) => /\|\d{3}$/.test(q))).toBe(true);
    expect(quantities(write(viaJson(read(file).project)).bytes)).toEqual(original);
  });
});

/** The last BoQ total the messages name as the one a receiver computes, else undefined. */
function receiverTotal(messages: readonly { code: string; message: string }[]): number | undefined {
  const counted = messages.find((m) => m.code === 'SIA_COUNTING_CHANGED')?.message.match(/computes the BoQ total as (-?[\d.]+)/);
  const discounted = messages.find((m) => m.code === 'SIA_DISCOUNT_DROPPED')?.message.match(/the BoQ total is (-?[\d.]+)/);
  const found = counted ?? discounted;
  return found ? Number(found[1]) : undefined;
}

/**
 * Every corpus GAEB file as an ava project (`gaeb` → `ava` → `sia`, the route the seed gives SIA 451) written to
 * SIA 451 and read back: the file reads (its code page sniffed right, whatever characters it holds), every position
 * comes back in order with its quantity, unit (in its SIA spelling) and unit price (rounded to two decimals where a
 * message says so), and the BoQ total is the project's or, where discounts or counting marks were lost, the one the
 * messages name.
 */
describe.skipIf(!hasCorpus)('corpus GAEB files written to SIA 451', () => {
  const gaebFiles = corpusFiles('gaeb', /\.[dpx]8\d$/i);
  it.each(gaebFiles)('%s', (name) => {
    const project = readGaeb(readCorpus('gaeb', name));
    const written = write(viaJson(project));
    const back = read(written.bytes);
    const before = positionsOf(project.serviceSpecifications![0].elements);
    expect(back.positions).toHaveLength(before.length);
    const rounded = new Set(written.messages.filter((m) => m.code === 'SIA_UNIT_PRICE_ROUNDED').map((m) => m.itemNumber));
    before.forEach((p, i) => {
      const got = back.positions[i];
      expect([got.quantity ?? 0, got.unitTag]).toEqual([p.quantity ?? 0, Array.from(siaUnit(p.unitTag ?? '').unit).slice(0, 2).join('')]);
      const price = p.unitPrice ?? 0;
      // the writer's messages name the item numbers as written
      expect(got.unitPrice ?? 0).toBe(rounded.has(got.itemNumber?.stringRepresentation) ? round(new D(price), 2) : price);
    });
    // every note text comes back as one, in order, with every character of its title and text: as a heading's long
    // text or a text entry (white space aside: 30-character records split words longer than a record; characters
    // CP850 cannot hold replaced as reported)
    const noteText = (n: NoteTextDto): string => {
      const title = n.shortText ?? '';
      const text = n.longText ?? '';
      return toCodePage((text.startsWith(title) ? text : `${title}${text}`), 'cp850').text.replace(/\s+/g, '');
    };
    expect(back.notes.map(noteText)).toEqual(flatten(project.serviceSpecifications![0].elements).filter(isNoteText).map(noteText));
    expect(written.messages.filter((m) => m.code === 'SIA_ELEMENT_DROPPED' && /note text/.test(m.message))).toEqual([]);
    const spec = project.serviceSpecifications![0];
    const expected = receiverTotal(written.messages) ?? spec.deductedPrice ?? spec.totalPrice ?? 0;
    // unit prices rounded to cents move the total by at most half a cent per unit of quantity
    const slack = before.filter((_, i) => rounded.has(back.positions[i].itemNumber?.stringRepresentation)).reduce((s, p) => s + Math.abs(p.quantity ?? 0) * 0.005, 0);
    expect(Math.abs((back.project.serviceSpecifications![0].totalPrice ?? 0) - expected)).toBeLessThanOrEqual(slack + 0.005);
  });
});
