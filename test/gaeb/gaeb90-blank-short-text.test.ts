/**
 * A blank short text record 25 (the GAEB 90 writer writes one for every item, as real files do) states no short
 * text: an item without one keeps none through GAEB 90, instead of coming back with an empty string.
 */
import { describe, expect, it } from 'vitest';
import type { PositionDto } from '../../core/model/types.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';

const x86 = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA86/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo>' +
    '<Award><DP>86</DP><BoQ ID="B"><BoQInfo><Name>T</Name><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo><BoQBody><Itemlist>' +
    '<Item ID="I1" RNoPart="1"><Qty>2</Qty><QU>St</QU><UP>10</UP></Item>' +
    '<Item ID="I2" RNoPart="2"><Qty>1</Qty><QU>St</QU><UP>5</UP><Description><CompleteText><OutlineText><OutlTxt><TextOutlTxt><p><span>Schalter</span></p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>' +
    '</Itemlist></BoQBody></BoQ></Award></GAEB>',
);

describe('GAEB 90 record 25 without text', () => {
  it('reads back as no short text', () => {
    const d86 = writeGaeb(readGaeb(x86), 'Gaeb90').bytes;
    expect(d86.toString('latin1')).toMatch(/\r?\n25 {72}\d{6}\r?\n/);
    const positions = readGaeb(d86).serviceSpecifications![0].elements as PositionDto[];
    expect(positions.map((p) => p.shortText)).toEqual([undefined, 'Schalter']);
  });
});
