/**
 * Generates a synthetic ÖNORM A 2063 (2015 edition, namespace `http://www.oenorm.at/schema/A2063/2015-07-15`)
 * ONLV of about the requested size, laid out like the files AVA programs export (indented, one element a line):
 * an `angebots-lv` with `kenndaten` (parties, `preisanteilmodell` Lohn/Sonstiges, `wkz`), `gliederung-lg` with
 * `svb`, LGs of 10 ULGs each (`ueberschrift`, a `vorbemerkung` on each LG), and per ULG 20 `grundtextnr`: most
 * with a `grundtext` and 1–4 `folgeposition`s (`ftnr` A…D), every fifth an `ungeteilteposition`. Each position has
 * `stichwort`, a `langtext` of paragraphs with `b`, `i`, `br`, umlauts, `&amp;` and `&lt;`, `einheit`, `pzzv`
 * (`normalposition`), `lvmenge`, `preis` (`preisanteil1` + `preisanteil2` = `gesamt`) and `pospreis`; the ULGs,
 * LGs and the LV state `ulg-summe`, `lg-summe`, `lv-summe`. Quantities are quarters and unit prices multiples of
 * 4 cents, so every `pospreis` and sum is exact to the cent and equals the reader's recalculation (no message).
 * Element order: ÖNORM A 2063:2009 `onlv.xsd`/`ontypdef.xsd`, kept in 2015. Deterministic (no randomness).
 */
const UNITS = ['m²', 'm³', 'm', 'Stk', 'kg', 'PA', 'h'];
const STICHWORT = ['Mauerwerk Außenwand', 'Stahlbetondecke', 'Estrich schwimmend', 'Wärmedämmung Fassade', 'Fenster Holz-Alu', 'Schalung Wände'];

const pad2 = (n: number) => String(n).padStart(2, '0');
const money = (cents: number) => `${Math.floor(cents / 100)}.${pad2(cents % 100)}`;
const sum = (indent: string, name: string, cents: number) =>
  `${indent}<${name}>\n${indent}  <summe>\n${indent}    <gesamt>${money(cents)}</gesamt>\n${indent}  </summe>\n${indent}</${name}>\n`;

/** One position's `pos-eigenschaften`; returns the XML and its `pospreis` in cents. */
function properties(id: number, indent: string): { xml: string; cents: number } {
  const quarters = 4 + ((id * 37) % 4000); // 1.00 … 1000.75
  const unitCents = 4 * (25 + ((id * 53) % 5000)); // 1.00 … 200.96, a multiple of 4 cents
  const lohn = 4 * Math.floor(unitCents / 8); // half, still a multiple of 4
  const cents = quarters * (unitCents / 4);
  const i = indent;
  const xml =
    `${i}<pos-eigenschaften>\n` +
    `${i}  <stichwort>${STICHWORT[id % STICHWORT.length]} ${id}</stichwort>\n` +
    `${i}  <langtext>\n` +
    `${i}    <p>Herstellen von ${STICHWORT[id % STICHWORT.length]} nach ÖNORM B 2206, Wanddicke ${(id % 30) + 11},5 cm, ` +
    `Mörtelgruppe M10, Fugen &lt; 10 mm &amp; vollfugig, einschließlich aller Nebenarbeiten und Gerüstungen bis 3,20 m.</p>\n` +
    `${i}    <p><b>Ausführung:</b> gemäß Planunterlagen und statischer Berechnung,<br/>Öffnungen über 0,50 m² werden abgezogen.</p>\n` +
    `${i}    <p>Abrechnung nach ÖNORM B 2206, <i>Position ${id}</i>; Erzeugnis: Fabrikat des Bieters.</p>\n` +
    `${i}  </langtext>\n` +
    `${i}  <einheit>${UNITS[id % UNITS.length]}</einheit>\n` +
    `${i}  <pzzv>\n${i}    <normalposition></normalposition>\n${i}  </pzzv>\n` +
    `${i}  <lvmenge>${money(quarters * 25)}</lvmenge>\n` +
    `${i}  <preis>\n${i}    <preisanteil1>${money(lohn)}</preisanteil1>\n${i}    <preisanteil2>${money(unitCents - lohn)}</preisanteil2>\n` +
    `${i}    <gesamt>${money(unitCents)}</gesamt>\n${i}  </preis>\n` +
    `${i}  <pospreis>${money(cents)}</pospreis>\n` +
    `${i}</pos-eigenschaften>\n`;
  return { xml, cents };
}

const HEAD = `<?xml version="1.0" encoding="utf-8"?>
<onlv xmlns="http://www.oenorm.at/schema/A2063/2015-07-15">
  <metadaten>
    <erstelltam>2026-11-25T12:00:00Z</erstelltam>
    <dateiname>generated.onlv</dateiname>
    <programmsystem>ava-gateway bench</programmsystem>
    <programmversion>1</programmversion>
  </metadaten>
  <angebots-lv>
    <kenndaten>
      <lvcode>BENCH-2015</lvcode>
      <vorhaben>Wohnanlage Benchmark</vorhaben>
      <lvbezeichnung>Baumeisterarbeiten</lvbezeichnung>
      <auftraggeber>
        <firma>
          <name>Gemeinnützige Wohnbau GmbH</name>
          <kommunikation>
            <adresse><strasse>Hauptplatz 1</strasse><ort>Graz</ort><plz>8010</plz><land>AUT</land></adresse>
          </kommunikation>
        </firma>
      </auftraggeber>
      <preisanteilmodell>
        <preisanteile>
          <preisanteilbez><preisanteil1bez>Lohn</preisanteil1bez><preisanteil2bez>Sonstiges</preisanteil2bez></preisanteilbez>
        </preisanteile>
      </preisanteilmodell>
      <wkz>EUR</wkz>
    </kenndaten>
    <gliederung-lg>
      <preiserstellungsverfahren>Preisangebotsverfahren</preiserstellungsverfahren>
      <svb>
        <vorbemerkung>
          <p>Es gelten die <b>ständigen Vorbemerkungen</b> der Leistungsbeschreibung Hochbau.</p>
        </vorbemerkung>
      </svb>
      <lg-liste>
`;

/** An ONLV of about `targetBytes` bytes (UTF-8), at least one LG. */
export function generateOnlv(targetBytes: number): Buffer {
  const parts: string[] = [HEAD];
  let size = HEAD.length;
  let id = 0;
  let lvCents = 0;
  const gi = ' '.repeat(16); // inside <positionen>
  for (let lg = 1; lg <= 99 && (lg === 1 || size < targetBytes); lg++) {
    parts.push(`        <lg nr="${pad2(lg)}">\n          <lg-eigenschaften>\n            <ueberschrift>Leistungsgruppe ${lg} Mauer- und Versetzarbeiten</ueberschrift>\n` +
      `            <vorbemerkung>\n              <p>Vorbemerkung der LG ${pad2(lg)}: Preise gelten für alle Geschoße &amp; Bauteile.</p>\n            </vorbemerkung>\n` +
      `          </lg-eigenschaften>\n          <ulg-liste>\n`);
    let lgCents = 0;
    for (let ulg = 1; ulg <= 10 && (ulg === 1 || size < targetBytes); ulg++) {
      parts.push(`            <ulg nr="${pad2(ulg)}">\n              <ulg-eigenschaften>\n                <ueberschrift>Unterleistungsgruppe ${lg}.${ulg} Außenwände</ueberschrift>\n` +
        `              </ulg-eigenschaften>\n              <positionen>\n`);
      let ulgCents = 0;
      for (let gt = 1; gt <= 20; gt++) {
        let xml = `${gi}<grundtextnr nr="${pad2(gt)}">\n`;
        if (gt % 5 === 0) {
          const p = properties(++id, `${gi}    `);
          xml += `${gi}  <ungeteilteposition mfv="">\n${p.xml}${gi}  </ungeteilteposition>\n`;
          ulgCents += p.cents;
        } else {
          xml += `${gi}  <grundtext>\n${gi}    <langtext>\n${gi}      <p>Grundtext ${lg}.${ulg}.${gt}: Mauerwerk aus Hochlochziegeln, ` +
            `Druckfestigkeitsklasse 10, einschließlich Lieferung, Verarbeitung und Materialtransport.</p>\n${gi}    </langtext>\n${gi}  </grundtext>\n`;
          for (let f = 0; f <= gt % 4; f++) {
            const p = properties(++id, `${gi}    `);
            xml += `${gi}  <folgeposition ftnr="${'ABCD'[f]}" mfv="">\n${p.xml}${gi}  </folgeposition>\n`;
            ulgCents += p.cents;
          }
        }
        xml += `${gi}</grundtextnr>\n`;
        parts.push(xml);
        size += xml.length;
      }
      parts.push(`              </positionen>\n${sum('              ', 'ulg-summe', ulgCents)}            </ulg>\n`);
      lgCents += ulgCents;
    }
    parts.push(`          </ulg-liste>\n${sum('          ', 'lg-summe', lgCents)}        </lg>\n`);
    lvCents += lgCents;
  }
  parts.push(`      </lg-liste>\n    </gliederung-lg>\n${sum('    ', 'lv-summe', lvCents)}  </angebots-lv>\n</onlv>\n`);
  return Buffer.from(parts.join(''), 'utf8');
}
