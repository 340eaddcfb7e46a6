/**
 * Text whitespace through the GAEB DA XML writer and reader: tabs and spaces at a paragraph's edges are content
 * (tab-aligned tender texts) and come back; the line breaks and indentation of pretty-printed HTML do not.
 */
import { describe, expect, it } from 'vitest';
import { parseLongText } from '../../core/text/long-text.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { positionsOf } from '../support/model.js';
import { canonicalHtml } from '../support/project-diff.js';

describe('the long-text form of pretty-printed HTML', () => {
  it('keeps tabs and spaces at the edges and drops line-break indentation', () => {
    const { blocks } = parseLongText('<p>\n    <span>\tBAUVORHABEN: </span><b>Wohnheim  </b>\n  </p>');
    const p = blocks[0];
    expect(blocks).toHaveLength(1);
    expect(p.t === 'p' && p.inl.map((i) => (i.t === 'span' ? i.text : i.t))).toEqual(['\tBAUVORHABEN: ', 'Wohnheim  ']);
  });
});

describe('DA XML round trip of a tab-aligned text', () => {
  it('reads back the leading tab and the trailing blank of each paragraph', () => {
    const project = readGaeb(Buffer.from(
      '<?xml version="1.0" encoding="utf-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo>' +
      '<Award><DP>83</DP><BoQ ID="B"><BoQInfo><Name>T</Name><LblBoQ>T</LblBoQ><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo>' +
      '<BoQBody><Itemlist><Item ID="I1" RNoPart="0010"><Qty>1.000</Qty><QU>St</QU><Description><CompleteText><DetailTxt><Text>' +
      '<p><span>\tBAUVORHABEN:\t</span><span>Wohnheim </span></p><p><span>Leitfabrikat:  Dörken</span></p>' +
      '</Text></DetailTxt><OutlineText><OutlTxt><TextOutlTxt><p><span>Kurz</span></p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item></Itemlist></BoQBody></BoQ></Award></GAEB>',
    ));
    const before = positionsOf(project)[0].htmlLongText;
    expect(before).toContain('\tBAUVORHABEN:\t');
    const back = positionsOf(readGaeb(writeGaeb(project, 'GaebXml_V3_3').bytes))[0];
    // the writer merges adjacent spans of the same style: compared as styled runs
    expect(canonicalHtml(back.htmlLongText ?? '')).toBe(canonicalHtml(before ?? ''));
    expect(back.htmlLongText).toContain('\tBAUVORHABEN:\tWohnheim </span>');
    expect(back.longText).toBe(positionsOf(project)[0].longText);
  });
});
