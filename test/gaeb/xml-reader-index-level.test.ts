/**
 * An item index (`Item/@RNoIndex`, GAEB DA XML 3.3 Lib tgRNoIndex) in a BoQ whose `BoQBkdn` declares no Index level:
 * the reader adds an Index level of one character to the item number schema (GAEB_INDEX_LEVEL_ADDED), so that
 * `01.0020.a` stays item 0020 with index a. Before, every writer split the number by the schema and took the index
 * for the item part: item 0020 was written as item `a`, its own number lost.
 */
import { describe, expect, it } from 'vitest';
import type { PositionDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { read } from './xml-reader-support.js';

const x83 = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo>' +
    '<Award><DP>83</DP><BoQ ID="B"><BoQInfo><Name>T</Name><BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn>' +
    '<BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo><BoQBody><BoQCtgy ID="C1" RNoPart="01"><LblTx><p><span>A</span></p></LblTx><BoQBody><Itemlist>' +
    '<Item ID="I1" RNoPart="0010"><Qty>1</Qty><QU>m</QU></Item>' +
    '<Item ID="I2" RNoPart="0020" RNoIndex="a"><Qty>2</Qty><QU>m</QU></Item>' +
    '</Itemlist></BoQBody></BoQCtgy></BoQBody></BoQ></Award></GAEB>',
);

const numbers = (bytes: Buffer) =>
  ((readGaeb(bytes).serviceSpecifications![0].elements![0] as ServiceSpecificationGroupDto).elements as PositionDto[]).map((p) => p.itemNumber?.stringRepresentation);

describe('RNoIndex without an Index level in BoQBkdn', () => {
  it('adds the Index level to the schema, with an info message', () => {
    const { project, messages } = read(x83);
    expect(project.projectInformation?.itemNumberSchema?.tiers?.map((t) => [t.tierType, t.length])).toEqual([['Group', 2], ['Position', 4], ['Index', 1]]);
    expect(messages.filter((m) => m.code === 'GAEB_INDEX_LEVEL_ADDED').map((m) => [m.severity, /first: 01\.0020\.a/.test(m.message)])).toEqual([['info', true]]);
  });

  it.each(['GaebXml_V3_3', 'Gaeb2000', 'Gaeb90'])('keeps item 0020 and its index through %s', (destination) => {
    const { bytes } = writeGaeb(readGaeb(x83), destination);
    if (destination.startsWith('GaebXml')) expect(bytes.toString('utf8')).toContain('RNoPart="0020" RNoIndex="a"');
    expect(numbers(bytes)).toEqual(['01.0010', '01.0020.a']);
  });
});
