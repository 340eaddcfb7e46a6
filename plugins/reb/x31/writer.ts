/**
 * GAEB DA XML X31 writer (quantity determination, GAEB DA XML 3.2 `GAEB_DA_XML_31_3.2_2013-10.xsd` and 3.3
 * `GAEB_DA_XML_31_3.3_2023-01.xsd`): `GAEB { GAEBInfo, QtyDeterm { QtyDetermInfo { MethodDescription =
 * REB23003-2009, OrdDescr (the DA11 order number), ProjDescr (the name) }, DP = 31, BoQ { BoQBkdn+, BoQBody } } }`; categories `BoQCtgy@RNoPart` per level, items
 * `Item@RNoPart@RNoIndex { QtyDeterm { QDetermItem { QTakeoff@Row }* } }`. Each row is the take-off line of
 * takeoff/line.ts with columns 1–11 blank (`tgQTakeoffRow`: `" {2} {9}.{69}"`).
 */
import type { ProjectDto } from '../../../core/model/types.js';
import { XmlBuilder } from '../../../core/xml/builder.js';
import { reportDropped, reportReallocated } from '../da11/writer.js';
import type { OzMask } from '../da11/oz-mask.js';
import type { RebReport } from '../report.js';
import { AddressAllocator } from '../takeoff/address.js';
import { formatLine } from '../takeoff/line.js';
import { numberedPositions, ozMaskFor, type NumberedPosition } from '../takeoff/numbering.js';
import { positionLines } from '../takeoff/write.js';

export type X31Version = '3.2' | '3.3';

const VERSION_DATE: Readonly<Record<X31Version, string>> = { '3.2': '2013-10', '3.3': '2023-01' };

/** `BoQBkdn` of the mask: one `BoQLevel` per level, `Item`, `Index` (GAEB DA XML Lib `tgBoQBkdn`). */
function breakdown(b: XmlBuilder, mask: OzMask): void {
  const bkdn = (type: string, length: number, numeric: boolean) =>
    b.open('BoQBkdn').leaf('Type', type).leaf('Length', length).leaf('Num', numeric ? 'Yes' : 'No').close();
  for (const length of mask.levels) bkdn('BoQLevel', length, true);
  bkdn('Item', mask.position, true);
  if (mask.index) bkdn('Index', 1, false);
}

/**
 * Nests the items in categories by their level numbers (the items of one category are contiguous in tree order):
 * `BoQBody { BoQCtgy { BoQBody { … Itemlist { Item* } } }* }`, or `BoQBody { Itemlist }` without levels.
 */
function body(b: XmlBuilder, items: readonly NumberedPosition[], mask: OzMask, rows: (item: NumberedPosition) => string[]): void {
  const depth = mask.levels.length;
  const pad = (s: string, w: number) => (/^\d+$/.test(s) ? s.padStart(w, '0') : s);
  const open: string[] = [];
  const closeTo = (keep: number) => {
    if (open.length === depth && depth > 0) b.close(); // Itemlist
    while (open.length > keep) {
      b.close().close(); // BoQBody, BoQCtgy
      open.pop();
    }
  };
  let ids = 0;
  b.open('BoQBody');
  if (depth === 0) b.open('Itemlist');
  for (const item of items) {
    const levels = item.parts.levels.map((l, i) => pad(l, mask.levels[i]));
    let same = 0;
    while (same < open.length && open[same] === levels[same]) same++;
    if (same < open.length) closeTo(same);
    while (open.length < depth) {
      b.open('BoQCtgy', { ID: `C${++ids}`, RNoPart: levels[open.length] }).open('BoQBody');
      open.push(levels[open.length]);
      if (open.length === depth) b.open('Itemlist');
    }
    b.open('Item', { ID: `I${++ids}`, RNoPart: pad(item.parts.position, mask.position), RNoIndex: item.parts.index || undefined });
    const written = rows(item);
    if (written.length > 0) {
      b.open('QtyDeterm');
      for (const Row of written) b.open('QDetermItem').empty('QTakeoff', { Row }).close();
      b.close();
    }
    b.close();
  }
  if (depth === 0) b.close();
  else closeTo(0);
  b.close();
}

/** `text` cut to the `max` characters of the `QtyDetermInfo` element `element` (reported once per element). */
function cut(text: string, max: number, element: string, report: RebReport): string {
  if (Array.from(text).length <= max) return text;
  report.report('REB_TEXT_TRUNCATED', 'warning', `The text '${text}' of QtyDetermInfo/${element} was cut to ${max} characters.`, undefined, element);
  return Array.from(text).slice(0, max).join('');
}

/**
 * Writes the project as an X31 document.
 * @throws GatewayError as {@link writeDa11} does (item numbers, formula length, `LastRowAddress`)
 */
export function writeX31(project: ProjectDto, version: X31Version, lastRowAddress: string | undefined, report: RebReport, now = new Date()): Buffer {
  const addresses = new AddressAllocator(lastRowAddress);
  const items = numberedPositions(project);
  const mask = ozMaskFor(project, items);
  const b = new XmlBuilder({ indent: '  ' }).declaration('UTF-8');
  b.open('GAEB', { xmlns: `http://www.gaeb.de/GAEB_DA_XML/DA31/${version}` });
  b.open('GAEBInfo').leaf('Version', version).leaf('VersDate', VERSION_DATE[version]).leaf('Date', now.toISOString().slice(0, 10)).leaf('ProgSystem', 'ava-gateway').close();
  b.open('QtyDeterm');
  const spec = project.serviceSpecifications?.[0];
  const order = cut(typeof spec?.rebOrderNumber === 'string' ? spec.rebOrderNumber : '', 40, 'OrdDescr', report);
  const name = cut(String(spec?.name ?? project.projectInformation?.name ?? '').replace(/\s+/g, ' ').trim(), 80, 'ProjDescr', report);
  b.open('QtyDetermInfo').leaf('MethodDescription', 'REB23003-2009');
  if (order) b.leaf('OrdDescr', order);
  if (name) b.leaf('ProjDescr', name);
  b.close();
  b.leaf('DP', '31');
  b.open('BoQ', { ID: 'BoQ1' });
  breakdown(b, mask);
  body(b, items, mask, (item) => positionLines(item.position, item.itemNumber, { addresses, report }).map((l) => formatLine({ ...l, recordType: '', oz: '' })));
  b.close().close().close();
  reportReallocated(addresses, report);
  reportDropped(items, report);
  return b.toBuffer();
}
