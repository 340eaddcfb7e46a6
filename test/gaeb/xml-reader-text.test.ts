/**
 * GAEB DA XML reader: rich text (DetailTxt → HTML, OutlTxt → plain), text complements, encodings and entities.
 */
import { describe, expect, it } from 'vitest';
import { fixture, itemWithText, read, x83 } from './xml-reader-support.js';
import { DECODE_CHUNK_BYTES } from '../../core/xml/sax-input.js';

const longText = (detailTxt: string) => read(itemWithText(detailTxt)).position('1').htmlLongText;
const shortText = (outlTxt: string) => read(itemWithText('<Text><p><span>x</span></p></Text>', outlTxt)).position('1').shortText;

describe('long text (DetailTxt → htmlLongText)', () => {
  it('keeps p/span/div/br/lists/tables with the allowed attributes only', () => {
    expect(longText('<Text><p style="a:b" class="c" id="d"><span style="x">A</span><br/>B</p><div align="center">C</div></Text>'))
      .toBe('<p style="a:b"><span style="x">A</span><br>B</p><div align="center">C</div>');
    expect(longText('<Text><ol><li>1</li></ol><table cellpadding="2" org="x"><tr><th rowspan="2">h</th><td width="30" border="0">d</td></tr></table></Text>'))
      .toBe('<ol><li>1</li></ol><table cellpadding="2"><tr><th rowspan="2">h</th><td width="30" border="0">d</td></tr></table>');
  });

  it('concatenates several Text siblings and escapes text and attribute values', () => {
    expect(longText('<Text><p><span>a &amp; &lt;b&gt;</span></p></Text><Text><p style="font-family:&quot;X&quot;">c</p></Text>'))
      .toBe('<p><span>a &amp; &lt;b&gt;</span></p><p style="font-family:&quot;X&quot;">c</p>');
  });

  it('turns images into data URIs and page into a page-break div; skips Style and attachment', () => {
    expect(longText('<Style>p{}</Style><Text><p><Image Type="image/jpeg">/9j/ 4A\nAQ</Image></p><page/></Text><attachment><Name>a</Name></attachment>'))
      .toBe('<p><img src="data:image/jpeg;base64,/9j/4AAQ"></p><div style="page-break-after:always"></div>');
  });

  it('renders complements as spans with kind, mark label, caption, body (Dec/Int value) and tail', () => {
    const html = longText(
      '<Text><p>Breite <TextComplement Kind="Owner" MarkLbl="5"><ComplCaption><span>B </span></ComplCaption>' +
        '<ComplBodyInt Value="80"/><ComplBody><span>\'80\'</span></ComplBody><ComplTail><span> cm</span></ComplTail></TextComplement></p></Text>' +
        '<TextComplement Kind="Bidder" MarkLbl="6"><ComplBody><p><span>\'x</span></p><p><span>y\'</span><br/></p></ComplBody></TextComplement>',
    );
    expect(html).toBe(
      '<p>Breite <span class="TextComplement" data-kind="Owner" data-marklbl="5"><span class="ComplCaption">B </span>' +
        '<span class="ComplBody" data-body="Int" data-value="80">\'80\'</span><span class="ComplTail"> cm</span></span></p>' +
        '<span class="TextComplement" data-kind="Bidder" data-marklbl="6"><span class="ComplBody">\'x<br>y\'<br></span></span>',
    );
  });

  it('reads past unknown complement children, also those named like properties of every object', () => {
    const html = longText(
      '<TextComplement Kind="Owner" MarkLbl="7"><constructor>c</constructor><__proto__/><toString>t</toString>' +
        '<ComplBody><span>b</span></ComplBody></TextComplement>',
    );
    expect(html).toBe('<span class="TextComplement" data-kind="Owner" data-marklbl="7"><span class="ComplBody">b</span></span>');
  });

  it('sets additionType ByBuyer for owner complements only', () => {
    const r = read(itemWithText('<Text><p>a</p></Text><TextComplement Kind="Owner" MarkLbl="1"><ComplBody><span>b</span></ComplBody></TextComplement>'));
    expect(r.position('1').additionType).toBe('ByBuyer');
  });

  it('never reads ComplTSA/ComplTSB/OutlTSA as text', () => {
    const bytes = x83(
      '<Item ID="I" RNoPart="1"><QU>St</QU><Description><CompleteText><ComplTSA>Yes</ComplTSA><ComplTSB>No</ComplTSB>' +
        '<DetailTxt><Text><p>L</p></Text></DetailTxt><OutlineText><OutlTSA>Yes</OutlTSA><OutlTxt><TextOutlTxt><p>S</p></TextOutlTxt></OutlTxt></OutlineText>' +
        '</CompleteText></Description></Item>',
    );
    expect(read(bytes).position('1')).toMatchObject({ htmlLongText: '<p>L</p>', shortText: 'S' });
  });
});

describe('short text (OutlTxt → shortText)', () => {
  it('joins paragraphs and TextOutlTxt siblings with newlines, concatenates spans and trims', () => {
    expect(shortText('<TextOutlTxt><p><span>a</span><span>b</span></p><p>c<br/>d</p></TextOutlTxt><TextOutlTxt><span> e </span></TextOutlTxt>'))
      .toBe('ab\nc\nd\ne');
  });

  it('drops images with one message per item, and inlines complement texts', () => {
    const r = read(itemWithText('<Text><p>x</p></Text>', '<TextOutlTxt><p>Bild<image Type="image/png">AAAA</image><image Type="image/png">BB</image></p></TextOutlTxt>'));
    expect(r.position('1').shortText).toBe('Bild');
    expect(r.messages.filter((m) => m.code === 'GAEB_TEXT_IMAGE_DROPPED')).toEqual([expect.objectContaining({ itemNumber: '1', severity: 'info' })]);
    expect(shortText('<TextOutlTxt><p>Farbe </p></TextOutlTxt><TextComplement Kind="Bidder" MarkLbl="1"><ComplCaption>RAL </ComplCaption><ComplBody>\'...\'</ComplBody></TextComplement>'))
      .toBe("Farbe RAL '...'");
  });
});

describe('encodings and entities', () => {
  it('decodes an ISO-8859-1 declared file', () => {
    const r = read(fixture('latin1-v33.x83'));
    expect(r.project.projectInformation!.name).toBe('Grünfläche Süd');
    expect(r.group('01.').shortText).toBe('Rasenflächen ½');
    const p = r.position('01.0010');
    expect(p).toMatchObject({ unitTag: 'm²', shortText: 'Oberboden über Böschung' });
    expect(p.htmlLongText).toBe('<p><span>Oberboden abtragen, Größe ± 5 °, Maße « geprüft »</span></p>');
  });

  it('decodes Windows-1252 (€ is 0x80) and UTF-8 with BOM', () => {
    const cp1252 = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1252"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><PrjInfo><NamePrj>'),
      Buffer.from([0x80, 0x20, 0xe4]),
      Buffer.from('</NamePrj></PrjInfo><Award><DP>83</DP></Award></GAEB>'),
    ]);
    expect(read(cp1252).project.projectInformation!.name).toBe('€ ä');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture('request-v30-itemlist.x83')]);
    expect(read(bom).position('1').shortText).toBe('Wartung');
  });

  it('decodes multi-byte UTF-8 characters split across decoding chunks', () => {
    const head = Buffer.from(
      '<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><Award><DP>83</DP><BoQ ID="B"><BoQBody><Itemlist>' +
        '<Item ID="U" RNoPart="1"><QU>St</QU><Description><OutlineText><OutlTxt><TextOutlTxt>',
    );
    const boundary = 4 * DECODE_CHUNK_BYTES;
    const spacer = Buffer.from(' '.repeat(boundary - 1 - head.length)); // the 2-byte "ü" starts at the last byte of chunk 4
    const tail = Buffer.from('ü</TextOutlTxt></OutlTxt></OutlineText></Description></Item></Itemlist></BoQBody></BoQ></Award></GAEB>');
    const bytes = Buffer.concat([head, spacer, tail]);
    expect(bytes.indexOf(Buffer.from('ü'))).toBe(boundary - 1);
    expect(read(bytes).position('1').shortText).toBe('ü');
  });

  it('resolves undeclared HTML named entities such as &nbsp; and keeps unknown ones with a warning', () => {
    const r = read(fixture('entities-v33.x83'));
    expect(r.project.projectInformation!.name).toBe('Straße\u00a07');
    const p = r.position('10');
    expect(p.shortText).toBe('Größe\u00a0A');
    expect(p.htmlLongText).toBe('<p><span>Preis\u00a0in\u00a0€ – netto &amp; &lt;brutto&gt;</span></p>');
    expect(r.position('20').shortText).toBe('Marke &madeup; X');
    expect(r.messages.filter((m) => m.code === 'GAEB_UNKNOWN_ENTITY')).toEqual([expect.objectContaining({ severity: 'warning', itemNumber: '20' })]);
  });
});
