/**
 * Text complements (DA XML `TextComplement`, Textergänzungen: the owner's or bidder's entries in a long text) have
 * no markup in GAEB 2000: the writer keeps their words as plain long text, and says so — the receiver no longer
 * knows which parts the bidder fills in. The reduced bid (DP 84), whose reader takes a position's long text for the
 * bidder's entry, is not such a loss.
 */
import { describe, expect, it } from 'vitest';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';

const x83 = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA86/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo>' +
    '<Award><DP>86</DP><BoQ ID="B"><BoQInfo><Name>T</Name><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo><BoQBody><Itemlist>' +
    '<Item ID="I1" RNoPart="1"><Qty>2</Qty><QU>St</QU><UP>10</UP><Description><CompleteText><ComplTSB>Yes</ComplTSB><DetailTxt>' +
    '<Text><p><span>Fabrikat</span></p></Text><TextComplement Kind="Bidder" MarkLbl="1"><ComplBody><span>....</span></ComplBody></TextComplement>' +
    '</DetailTxt><OutlineText><OutlTxt><TextOutlTxt><p><span>Leuchte</span></p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>' +
    '<Item ID="I2" RNoPart="2"><Qty>1</Qty><QU>St</QU><UP>5</UP><Description><CompleteText><DetailTxt><Text><p><span>Ohne Lücke</span></p></Text></DetailTxt>' +
    '<OutlineText><OutlTxt><TextOutlTxt><p><span>Schalter</span></p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>' +
    '</Itemlist></BoQBody></BoQ></Award></GAEB>',
);

describe('GAEB 2000 writer and text complements', () => {
  const project = readGaeb(x83);

  it('reports the positions whose complements became plain text, and keeps their words', () => {
    const { bytes, messages } = writeGaeb(project, 'Gaeb2000');
    const found = messages.filter((m) => m.code === 'GAEB2000_TEXT_COMPLEMENTS_AS_TEXT');
    expect(found).toHaveLength(1);
    expect(found[0].severity).toBe('warning');
    expect(found[0].message).toMatch(/1 element\(s\).*: 0001\.$/);
    expect(bytes.toString('latin1')).toMatch(/Fabrikat[\s\S]*\.\.\.\./);
  });

  it('says nothing for the reduced bid, which keeps such long texts as the bidder\'s entries', () => {
    const { messages } = writeGaeb(project, 'Gaeb2000', { TargetExchangePhaseTransform: 'Offer' });
    expect(messages.map((m) => m.code)).not.toContain('GAEB2000_TEXT_COMPLEMENTS_AS_TEXT');
  });
});
