/**
 * The ÖNORM reader on a 2009 Angebots-LV written for these tests (test/fixtures/oenorm/angebot-2009-lg.onlv):
 * outline LG/ULG → groups and item numbers, Grundtext + Folgeposition texts, ungeteilte Positionen, a text entry,
 * short texts, formatted long texts and gaps, variants, an eventual position, prices with price shares, parties,
 * currency, phase and the stated sums.
 */
import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../../core/text/plain-text.js';
import { projectDiff } from '../support/project-diff.js';
import { fixture, fixtureText, read } from './support.js';
import { parseOenormDecimal } from '../../plugins/oenorm/reader/body.js';

const lv = read(fixture('angebot-2009-lg.onlv'));
const spec = lv.project.serviceSpecifications![0];

describe('ÖNORM reader: 2009 Angebots-LV with LG outline', () => {
  it('reads the LV type as the exchange phase and keeps it in the ÖNORM properties', () => {
    expect(spec.exchangePhase).toBe('Offer');
    expect(spec.origin).toBe('Oenorm');
    expect(spec.originDetail).toBe('ÖNORM A 2063:2009 ONLV');
    expect(spec.oenormProperties).toMatchObject({ document: 'onlv', edition: '2009', lvType: 'angebots-lv', gliederung: 'gliederung-lg', lvcode: 'TEST-2009-01' });
  });

  it('reads kenndaten: project and LV name, buyer, bidder, currency, dates, price share labels', () => {
    const info = lv.project.projectInformation!;
    expect(info.name).toBe('Schulzubau Pinkafeld');
    expect(spec.name).toBe('Baumeisterarbeiten');
    expect(info.buyer).toMatchObject({ name: 'Gemeinde Pinkafeld', street: 'Hauptplatz 1', city: 'Pinkafeld', zipCode: '7423', countryCode: 'AUT', contactPersonName: 'Anna Huber' });
    expect(spec.bidder).toMatchObject({ name: 'Max Bauer', city: 'Oberwart' });
    expect(info.currencyShort).toBe('EUR');
    expect(spec.offerByDate).toBe('2026-12-01T10:00:00Z');
    expect(spec.creationDate).toBe('2026-11-20T09:30:00Z');
    expect(info.priceComponents).toEqual(['Lohn', 'Sonst']);
  });

  it('maps the outline to groups and the item number schema LG.ULG.GT.Folgetext', () => {
    expect(lv.groups.map((g) => [g.itemNumber?.stringRepresentation, g.shortText])).toEqual([['01.', 'Erdarbeiten'], ['01.01.', 'Aushub']]);
    expect(lv.group('01.01.').oenormProperties).toMatchObject({ originCode: 'FreeText', gliederungsebene: 'ulg' });
    const tiers = lv.project.projectInformation!.itemNumberSchema!.tiers!;
    expect(tiers.map((t) => [t.tierType, t.length, t.tierName])).toEqual([
      ['Group', 2, 'Leistungsgruppe'], ['Group', 2, 'Unterleistungsgruppe'], ['Position', 2, 'Grundtextnummer'], ['Index', 1, 'Folgetextnummer'],
    ]);
    expect(lv.positions.map((p) => p.itemNumber?.stringRepresentation)).toEqual(['01.01.01.A', '01.01.02.A', '01.01.02.B', '01.01.02.C', '01.01.03']);
    expect(lv.positions.every((p) => p.itemNumber?.isSchemaCompliant)).toBe(true);
  });

  it('reads preliminary remarks and text entries as note texts', () => {
    expect(lv.notes).toHaveLength(3);
    const [svb, lgNote, textEntry] = lv.notes;
    expect(spec.elements![0]).toBe(svb);
    expect(svb.htmlLongText).toBe('<p>Es gelten die <b>ständigen</b> Vorbemerkungen.</p>');
    expect(svb.oenormNoteTextProperties).toMatchObject({ svb: true, originCode: 'FreeText' });
    expect(lv.group('01.').elements![0]).toBe(lgNote);
    expect(lgNote.longText).toBe('Vorbemerkung der LG 01.');
    expect(textEntry.shortText).toBe('Wählbare Vorbemerkung');
    expect(textEntry.longText).toBe('Die Preise gelten für alle Bodenklassen.');
    expect(textEntry.oenormNoteTextProperties).toMatchObject({ itemNumber: '01.01.04', isUndividedPosition: true, grundtextnr: '04' });
  });

  it('gives a Folgeposition the Grundtext followed by its own text, keeping the split', () => {
    const a = lv.position('01.01.02.A');
    expect(a.htmlLongText).toBe('<p>Schacht herstellen.</p><p>Ausführung Beton.</p>');
    expect(a.longText).toBe('Schacht herstellen.\nAusführung Beton.');
    expect(a.oenormPositionProperties).toMatchObject({ grundtextnr: '02', ftnr: 'A', grundtextHtmlLongText: '<p>Schacht herstellen.</p>', isUndividedPosition: false });
    const c = lv.position('01.01.02.C');
    expect(c.longText).toBe('Schacht herstellen.');
    const undivided = lv.position('01.01.03');
    expect(undivided.oenormPositionProperties).toMatchObject({ isUndividedPosition: true, isMainPosition: true, garantierteangebotssumme: true });
    expect(undivided.oenormPositionProperties!.grundtextHtmlLongText).toBeUndefined();
  });

  it('reads stichwort, or stichwort-kurz + stichwort-luecke, as short text', () => {
    expect(lv.position('01.01.01.A').shortText).toBe('Aushub bis 2 m Tiefe');
    expect(lv.position('01.01.01.A').oenormPositionProperties).toMatchObject({ oenormShortText: 'Aushub bis 2 m Tiefe' });
    const b = lv.position('01.01.02.A');
    expect(b.shortText).toBe('Schacht DN 1000');
    expect(b.oenormPositionProperties).toMatchObject({ oenormShortText: 'Schacht DN', oenormShortTextAddition: '1000' });
  });

  it('turns formatted text into HTML and plain text, and gaps into text complements', () => {
    const p = lv.position('01.01.01.A');
    const html = p.htmlLongText!;
    expect(html).toContain('<p>Tiefe bis <b>2</b> m, Fläche in m<sup>2</sup>, CO<sub>2</sub>-arm, <i>kursiv</i>, <u>unterstrichen</u>, <tt>Code</tt>.</p>');
    expect(html).toContain('<h1>Hinweis</h1><ul><li>Punkt eins</li><li>Punkt zwei</li></ul><table border="1"><tr><td>Zelle 1</td><td>Zelle 2</td></tr></table>');
    expect(html).toContain('<span class="TextComplement" data-kind="Owner" data-marklbl="" data-oenorm="al"><span class="ComplBody">Muster</span></span>');
    expect(html).toContain('<span class="TextComplement" data-kind="Bidder" data-marklbl="" data-oenorm="bl"><span class="ComplBody"></span></span><br>Zweite Zeile');
    expect(p.additionType).toBe('ByBidder');
    expect(p.longText).toBe(htmlToPlainText(html));
    expect(p.longText).toContain('Hinweis\nPunkt eins\nPunkt zwei\nZelle 1\tZelle 2\nFabrikat: Muster, angeboten:\nZweite Zeile');
    expect(p.oenormPositionProperties).toMatchObject({ originCode: 'FreeText' });
  });

  it('keeps the attributes ontext.xsd gives table (width, border) and td (width, align, valign), and no others', () => {
    const text = fixtureText('angebot-2009-lg.onlv')
      .replace('<p>Tiefe bis', '<p align="center">Tiefe bis')
      .replace('<table border="1"><tr><td>Zelle 1</td>', '<table width="80" border="1" align="left"><tr><td valign="top" width="30" border="2" align="right">Zelle 1</td>');
    const html = read(Buffer.from(text, 'utf8')).position('01.01.01.A').htmlLongText!;
    expect(html).toContain('<p>Tiefe bis');
    expect(html).toContain('<table width="80" border="1"><tr><td width="30" align="right" valign="top">Zelle 1</td>');
  });

  it('derives every plain long text exactly as the normalisation would from the HTML', () => {
    const described = lv.all.filter((e) => typeof (e as { htmlLongText?: string }).htmlLongText === 'string') as { htmlLongText: string; longText?: string }[];
    expect(described.length).toBe(lv.positions.length + lv.notes.length);
    for (const d of described) expect(d.longText).toBe(htmlToPlainText(d.htmlLongText));
  });

  it('reads unit, quantity, unit price and price shares', () => {
    const p = lv.position('01.01.01.A');
    expect(p.unitTag).toBe('m²');
    expect(p.quantity).toBe(12.5);
    expect(p.unitPrice).toBe(30.4);
    expect(p.totalPrice).toBe(380);
    expect(p.priceComponents!.map((c) => [c.label, c.price])).toEqual([['Lohn', 10], ['Sonst', 20.4]]);
    expect(lv.position('01.01.02.A').priceComponents).toBeUndefined();
  });

  it('maps pzzv: variants linked, wahlposition as alternative, eventualposition as optional without total', () => {
    const base = lv.position('01.01.02.A');
    const wahl = lv.position('01.01.02.B');
    const eventual = lv.position('01.01.02.C');
    expect(base.positionType).toBe('Regular');
    expect(base.oenormPositionProperties).toMatchObject({ pzzv: 'normalposition_einer_variante', zz: 'V1', variantennummer: '0' });
    expect(wahl.positionType).toBe('Alternative');
    expect(wahl.alternativeTo).toBe(base.id);
    expect([wahl.alternativeGroupIdentifier, wahl.alternativeIdentifier]).toEqual([1, 1]);
    expect([base.alternativeGroupIdentifier, base.alternativeIdentifier]).toEqual([1, 0]);
    expect(eventual.positionType).toBe('Optional');
    expect(eventual.priceType).toBe('WithoutTotal');
    expect(eventual.oenormPositionProperties).toMatchObject({ pzzv: 'eventualposition' });
  });

  it('sums only the normal positions, meeting every stated sum', () => {
    expect(spec.totalPrice).toBe(1080);
    expect(lv.group('01.01.').totalPrice).toBe(1080);
    expect(spec.oenormTotal).toBe(1080);
    expect(lv.messages.filter((m) => m.code === 'OENORM_TOTAL_MISMATCH')).toEqual([]);
    expect(lv.project.priceAccuracy).toBe(2);
  });

  it('reads past unknown elements in a long text, also those named like properties of every object', () => {
    const text = fixture('angebot-2009-lg.onlv').toString('utf8')
      .replace('<p>Baugrubenaushub maschinell.</p>', '<p>Baugrubenaushub <constructor>x</constructor><toString/><__proto__>y</__proto__>maschinell.</p>');
    const p = read(Buffer.from(text)).position('01.01.01.A');
    expect(p.htmlLongText!.startsWith('<p>Baugrubenaushub maschinell.</p>')).toBe(true);
    expect(p.additionType).toBe('ByBidder'); // from its own bl, not from a name mistaken for a gap
    expect(p.htmlLongText).not.toContain('TextComplement" data-kind="function');
  });

  it('reads a file whose elements all carry a namespace prefix as it reads the same file without', () => {
    // every start and end tag prefixed (`<o:onlv xmlns:o="…">`, `<o:p>`, `</o:langtext>` …): names are looked up
    // as written first, and only those not found are stripped of a prefix
    const text = fixtureText('angebot-2009-lg.onlv')
      .replace('<onlv xmlns=', '<onlv xmlns:o=')
      .replace(/<(\/?)([a-z][\w-]*)/g, '<$1o:$2');
    expect(text).toContain('<o:folgeposition ftnr=');
    expect(text).toContain('</o:p>');
    const prefixed = read(Buffer.from(text));
    expect(prefixed.messages).toEqual(lv.messages);
    expect(prefixed.positions.length).toBe(lv.positions.length);
    expect(projectDiff(prefixed.project, lv.project)).toEqual([]);
  });

  it('reports a stated sum the recalculation does not meet', () => {
    const text = fixture('angebot-2009-lg.onlv').toString('utf8')
      .replace('<pospreis>380.00</pospreis>', '<pospreis>381.00</pospreis>')
      .replace('<lv-summe><summe><gesamt>1080.00</gesamt>', '<lv-summe><summe><gesamt>1000.00</gesamt>');
    const mismatches = read(Buffer.from(text)).messages.filter((m) => m.code === 'OENORM_TOTAL_MISMATCH');
    expect(mismatches.map((m) => m.message)).toEqual([
      'LV (lv-summe): the file states 1000.00, the recalculated amount is 1080.00; the recalculated amount is kept.',
      'Position 01.01.01.A (pospreis): the file states 381.00, the recalculated amount is 380.00; the recalculated amount is kept.',
    ]);
    expect(mismatches[1].itemNumber).toBe('01.01.01.A');
  });

  it('keeps the Leistungsteil table and reports header elements it does not read (a later edition\'s), once', () => {
    expect((lv.project.serviceSpecifications![0].oenormProperties as Record<string, unknown>).leistungsteile).toEqual([
      { nr: '1', bezeichnung: 'Ganzes LV', definitions: [] },
    ]);
    expect(lv.messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED')).toEqual([]);
    const text = fixture('angebot-2009-lg.onlv').toString('utf8').replace('  <angebots-lv>', '  <parameterlisten/><parameterlisten/>\n  <angebots-lv>');
    const dropped = read(Buffer.from(text)).messages.filter((m) => m.code === 'OENORM_ELEMENT_DROPPED');
    expect(dropped.map((m) => m.message)).toEqual(['ÖNORM content without an equivalent in the model was not read: <parameterlisten>.']);
  });
});

describe('ÖNORM decimals', () => {
  it('are read to the same double as Number, and only in ÖNORM\'s form', () => {
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(next() * 10))).join('');
    const form = /^[+-]?[0-9]+(?:\.[0-9]+)?$/;
    const chars = ['1', '0', '9', '.', '-', '+', 'e', ' ', ',', '٣'];
    let valid = 0;
    for (let k = 0; k < 20000; k++) {
      const sign = ['', '-', '+'][Math.floor(next() * 3)];
      const text = next() < 0.8
        ? `${sign}${digits(1 + Math.floor(next() * 18))}${next() < 0.7 ? `.${digits(1 + Math.floor(next() * 8))}` : ''}`
        : Array.from({ length: 1 + Math.floor(next() * 6) }, () => chars[Math.floor(next() * chars.length)]).join('');
      const value = parseOenormDecimal(text);
      if (form.test(text)) {
        valid++;
        expect(Object.is(value, Number(text)), text).toBe(true);
      } else {
        expect(value, text).toBeNaN();
      }
    }
    expect(valid).toBeGreaterThan(15000);
    expect(Object.is(parseOenormDecimal('-0.00'), -0)).toBe(true);
    expect(parseOenormDecimal('0.1')).toBe(0.1);
    expect(parseOenormDecimal('9007199254740993')).toBe(9007199254740992);
  });
});
