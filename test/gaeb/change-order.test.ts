/**
 * Change orders in GAEB DA XML (`CONo` + `COStatus` of an `Item` or `BoQCtgy`, GAEB DA XML 3.1/3.3 `tgCONo`,
 * `tgCOStatus`) ↔ the model's `addendumNumber` / `addendumStatus`: read, written where the phase has them (valid against
 * the corpus XSDs where the corpus has them), reported where it has not; and an ÖNORM Nachtrag
 * (`zusatzangebotslvinfo`) carried to GAEB and back.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { isGroup, isPosition, type ProjectDto } from '../../core/model/types.js';
import { readGaeb, writeGaeb } from '../support/gaeb-round-trip.js';
import { hasGaebSchema, validateGaebXml } from '../support/xsd.js';
import { flatten, read } from './xml-reader-support.js';

const ITEMS =
  '<BoQCtgy RNoPart="01"><LblTx><p>Nachtrag 2</p></LblTx><CONo>2</CONo><COStatus>Offered</COStatus><BoQBody><Itemlist>' +
  '<Item RNoPart="0010"><CONo>2</CONo><COStatus>FormAckn</COStatus><Qty>3</Qty><QU>m</QU>' +
  '<Description><CompleteText><OutlineText><OutlTxt><TextOutlTxt><p>Zusatzleistung</p></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>' +
  '<Item RNoPart="0020"><CONo>1000</CONo><COStatus>Filed</COStatus><Qty>1</Qty><QU>St</QU></Item>' +
  '<Item RNoPart="0030"><CONo>3</CONo><COStatus>Maybe</COStatus><Qty>1</Qty><QU>St</QU></Item>' +
  '</Itemlist></BoQBody></BoQCtgy>';
const BKDN = '<BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn>';
/** An X83 of one category holding the items. */
const DOC = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo>' +
  `<Award><DP>83</DP><BoQ ID="B"><BoQInfo><Name>T</Name>${BKDN}</BoQInfo><BoQBody>${ITEMS}</BoQBody></BoQ></Award></GAEB>`,
);

describe('GAEB DA XML change orders (CONo/COStatus)', () => {
  it('reads them as addendum number and status of items and categories, reporting values the schema does not allow', () => {
    const r = read(DOC);
    const all = flatten(r.project.serviceSpecifications![0].elements);
    expect(all.filter(isGroup).map((g) => [g.addendumNumber, g.addendumStatus])).toEqual([['2', 'Offered']]);
    expect(all.filter(isPosition).map((p) => [p.addendumNumber, p.addendumStatus])).toEqual([['2', 'FormallyAcknowledged'], [undefined, 'Filed'], ['3', undefined]]);
    expect(r.messages.filter((m) => m.code === 'GAEB_INVALID_VALUE').map((m) => m.message)).toEqual([
      "CONo '1000' is not a change order number (0–999) and was ignored.",
      "COStatus 'Maybe' is unknown and was ignored.",
    ]);
  });

  it('writes them after MarkupIt / LblTx where the phase has them (valid), and reports them where it has not', () => {
    const project: ProjectDto = readGaeb(DOC);
    for (const [destination, version, phase] of [['GaebXml_V3_3', '3.3', '86'], ['GaebXml_V3_3', '3.3', '83'], ['GaebXml_V3_1', '3.1', '86']] as const) {
      const written = writeGaeb(project, destination, { TargetExchangePhaseTransform: phase === '86' ? 'Grant' : 'OfferRequest' });
      const xml = written.bytes.toString('utf8');
      expect(xml, `${version} ${phase}`).toContain('<CONo>2</CONo><COStatus>Offered</COStatus>');
      expect(xml, `${version} ${phase}`).toContain('<CONo>2</CONo><COStatus>FormAckn</COStatus>');
      if (hasGaebSchema(version, phase)) expect(validateGaebXml(written.bytes, version, phase).errors, `${version} ${phase}`).toEqual([]);
      // 01.0030 has a number and no status GAEB can state
      expect(written.messages.filter((m) => m.code === 'GAEB_XML_ELEMENT_DROPPED' && (m.message.includes('CONo') || m.message.includes('COStatus'))).map((m) => m.message), `${version} ${phase}`)
        .toEqual(['addendum numbers without a status GAEB can state (COStatus) were left out: 1 occurrence (e.g. 01.0030)']);
      const back = flatten(readGaeb(written.bytes).serviceSpecifications![0].elements);
      expect(back.filter(isPosition)[0], `${version} ${phase}`).toMatchObject({ addendumNumber: '2', addendumStatus: 'FormallyAcknowledged' });
    }
    const bid = writeGaeb(project, 'GaebXml_V3_3', { TargetExchangePhaseTransform: 'Offer' });
    expect(bid.bytes.toString('utf8')).not.toContain('<CONo>');
    expect(bid.messages.filter((m) => m.code === 'GAEB_XML_ELEMENT_DROPPED' && m.message.includes('CONo')).map((m) => m.message)).toEqual([
      'phase 84 has no change orders (CONo/COStatus); addendum numbers were left out: 3 occurrences (e.g. 01., 01.0010, 01.0030)',
    ]);
  });
});
