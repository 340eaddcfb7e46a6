/**
 * GAEB DA XML 3.1 holds a text complement only beside `Text` (tgBoQText), so the writer splits a long text around
 * each complement. Text that stood outside any paragraph in the source (bare spans and breaks in `Text`, as in the
 * BVBS Prüfdatei Texterstellung X82: "Breite von … cm." between lines) is written bare again (3.1 tgFText holds
 * `span` and `br`), not wrapped in a `p` each: read back, the long text has the same lines, no empty line added
 * after a complement.
 */
import { describe, expect, it } from 'vitest';
import type { PositionDto } from '../../core/model/types.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';

const x83 = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo>' +
    '<Award><DP>83</DP><BoQ ID="B"><BoQInfo><Name>T</Name><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo><BoQBody><Itemlist>' +
    '<Item ID="I1" RNoPart="1"><Qty>2</Qty><QU>St</QU><Description><CompleteText><ComplTSB>Yes</ComplTSB><DetailTxt>' +
    '<Text><p><span>Fenster</span></p><span>Angeboten werden Fenster mit einer</span><br/></Text>' +
    '<TextComplement Kind="Bidder" MarkLbl="60"><ComplCaption><span>Breite von </span></ComplCaption><ComplBody><span>....</span></ComplBody><ComplTail><span> cm.</span></ComplTail></TextComplement>' +
    '<Text><br/><span>und einer</span><br/></Text>' +
    '<TextComplement Kind="Bidder" MarkLbl="61"><ComplCaption><span>Höhe von </span></ComplCaption><ComplBody><span>....</span></ComplBody><ComplTail><span> cm.</span></ComplTail></TextComplement>' +
    '</DetailTxt><OutlineText><OutlTxt><TextOutlTxt><p><span>Fenster</span></p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>' +
    '</Itemlist></BoQBody></BoQ></Award></GAEB>',
);

const longText = (bytes: Buffer) => (readGaeb(bytes).serviceSpecifications![0].elements![0] as PositionDto).longText;

describe('GAEB DA XML 3.1: lines around text complements', () => {
  it('keeps the lines of text outside paragraphs around complements', () => {
    const source = longText(x83);
    expect(source).toBe('Fenster\nAngeboten werden Fenster mit einer\nBreite von .... cm.\nund einer\nHöhe von .... cm.');
    const { bytes } = writeGaeb(readGaeb(x83), 'GaebXml_V3_1');
    expect(longText(bytes)).toBe(source);
    if (hasGaebSchema('3.1', '83')) expect(validateGaebXml(bytes, '3.1', '83').errors).toEqual([]);
  });
});
