/** A small GAEB DA XML 3.3 request for offer (X83) written for the gateway's route tests: one category, one item. */
export interface SampleX83Options {
  /** `NamePrj`; without it the file has no `PrjInfo`. */
  project?: string;
  /** The item's `Qty` text (a non-number makes the reader report a message). */
  qty?: string;
  /** Whether the item has an outline text ("Aushub"). */
  text?: boolean;
}

export function sampleX83({ project, qty = '12.500', text = true }: SampleX83Options = {}): string {
  const prjInfo = project ? `\n  <PrjInfo><NamePrj>${project}</NamePrj></PrjInfo>` : '';
  const description = text
    ? `<Description><CompleteText>
        <OutlineText><OutlTxt><TextOutlTxt><p><span>Aushub</span></p></TextOutlTxt></OutlTxt></OutlineText>
      </CompleteText></Description>`
    : '';
  return `<?xml version="1.0" encoding="utf-8"?>
<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">
  <GAEBInfo><Version>3.3</Version><VersDate>2021-05</VersDate><Date>2026-01-01</Date></GAEBInfo>${prjInfo}
  <Award><DP>83</DP><BoQ ID="B1"><BoQInfo><Name>LV</Name>
    <BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn>
    <BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn></BoQInfo>
    <BoQBody><BoQCtgy ID="C1" RNoPart="01"><LblTx><p><span>Erdarbeiten</span></p></LblTx><BoQBody><Itemlist>
      <Item ID="I1" RNoPart="0010"><Qty>${qty}</Qty><QU>m3</QU>${description}</Item>
    </Itemlist></BoQBody></BoQCtgy></BoQBody></BoQ></Award>
</GAEB>`;
}
