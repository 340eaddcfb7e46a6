/**
 * Generates a synthetic GAEB DA XML 3.3 X83 of about the requested size: lots of 2-level categories holding
 * items with quantity, unit, short text and a long text of several paragraphs (umlauts, `&amp;`, `&lt;`).
 * Deterministic (no randomness), so runs are comparable.
 */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function generateX83(targetBytes: number): Buffer {
  const parts: string[] = [];
  parts.push('<?xml version="1.0" encoding="utf-8"?>\n<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">');
  parts.push('<GAEBInfo><Version>3.3</Version><VersDate>2021-05</VersDate><Date>2026-11-21</Date><ProgSystem>bench</ProgSystem></GAEBInfo>');
  parts.push('<PrjInfo><NamePrj>Benchmark</NamePrj><LblPrj>Generated benchmark tender</LblPrj><Cur>EUR</Cur><CurLbl>Euro</CurLbl></PrjInfo>');
  parts.push('<Award><DP>83</DP><BoQ ID="BOQ1"><BoQInfo><Name>BENCH</Name><LblBoQ>Benchmark</LblBoQ><OutlCompl>AllTxt</OutlCompl>');
  parts.push('<BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn><BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn>');
  parts.push('</BoQInfo><BoQBody>');
  let size = parts.reduce((n, p) => n + p.length, 0);
  let id = 0;
  outer: for (let a = 1; a <= 99; a++) {
    parts.push(`<BoQCtgy ID="C${a}" RNoPart="${String(a).padStart(2, '0')}"><LblTx><p><span>Abschnitt ${a}: Erdarbeiten &amp; Gründung</span></p></LblTx><BoQBody>`);
    for (let b = 1; b <= 99; b++) {
      parts.push(`<BoQCtgy ID="C${a}_${b}" RNoPart="${String(b).padStart(2, '0')}"><LblTx><p><span>Titel ${a}.${b} Mauerwerk</span></p></LblTx><BoQBody><Itemlist>`);
      for (let i = 1; i <= 30; i++) {
        id++;
        const qty = ((id * 37) % 100000) / 100;
        const item =
          `<Item ID="I${id}" RNoPart="${String(i * 10).padStart(4, '0')}"><Qty>${qty.toFixed(3)}</Qty><QU>m²</QU><Description><CompleteText>` +
          `<DetailTxt><Text><p><span>Mauerwerk aus Kalksandstein KS 20-2,0 nach DIN EN 771-2, Wanddicke ${(id % 30) + 11},5 cm, ` +
          `${esc('Mörtelgruppe IIa, Fugen < 10 mm & vollfugig')} hergestellt, einschließlich aller Nebenarbeiten.</span></p>` +
          `<p><span style="font-weight:bold">Ausführung:</span><span> gemäß Planunterlagen und statischer Berechnung, Öffnungen übermessen.</span></p>` +
          `<p><span>Abrechnung nach VOB/C ATV DIN 18330, Position ${id}.</span></p></Text></DetailTxt>` +
          `<OutlineText><OutlTxt><TextOutlTxt><p><span>KS-Mauerwerk ${id} Außenwand</span></p></TextOutlTxt></OutlTxt></OutlineText>` +
          `</CompleteText></Description></Item>`;
        parts.push(item);
        size += item.length;
      }
      parts.push('</Itemlist></BoQBody></BoQCtgy>');
      if (size >= targetBytes) {
        parts.push('</BoQBody></BoQCtgy>');
        break outer;
      }
    }
    parts.push('</BoQBody></BoQCtgy>');
  }
  parts.push('</BoQBody></BoQ></Award></GAEB>\n');
  return Buffer.from(parts.join(''), 'utf8');
}
