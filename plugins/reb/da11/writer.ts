/**
 * REB DA11 writer, 2009 edition (REB-VB 23.003; layout as dazi-web/reb-da11 `src/Da11Writer.php` writes it): a
 * `00` header (order number, `23.003`, `2009`, heading, OZ mask), the `11` take-off lines of every position
 * (takeoff/write.ts), a `99` end record; 80 columns, CRLF, CP850.
 */
import iconv from 'iconv-lite';
import type { ProjectDto } from '../../../core/model/types.js';
import { RecordBuilder, toCodePage } from '../../../core/text/records.js';
import type { RebReport } from '../report.js';
import { AddressAllocator } from '../takeoff/address.js';
import { formatLine, LINE_WIDTH } from '../takeoff/line.js';
import { type NumberedPosition, numberedPositions, ozMaskFor } from '../takeoff/numbering.js';
import { positionLines } from '../takeoff/write.js';
import { HEADER_COLUMNS } from './reader.js';
import { formatOz } from './oz-mask.js';

/** Reports, once per file, that texts, units and prices have no place in a take-off. */
export function reportDropped(items: readonly NumberedPosition[], report: RebReport): void {
  if (items.some(({ position: p }) => p.shortText || p.longText || p.unitTag || p.unitPrice)) {
    report.report('REB_ELEMENT_DROPPED', 'info', 'Texts, units and prices were not written: a REB take-off holds item numbers and quantity calculations only.');
  }
}

/**
 * Writes the project as a DA11 file.
 * @param lastRowAddress option `LastRowAddress`: the new rows continue after it
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) for an item number that does not fit the OZ mask, a formula
 *   longer than 20 lines, addresses running out; GW_ERR_OPTION for a `LastRowAddress` that is no address
 */
export function writeDa11(project: ProjectDto, lastRowAddress: string | undefined, report: RebReport): Buffer {
  const addresses = new AddressAllocator(lastRowAddress);
  const items = numberedPositions(project);
  const mask = ozMaskFor(project, items);
  const spec = project.serviceSpecifications?.[0];
  const heading = toCodePage(String(spec?.name ?? project.projectInformation?.name ?? '').replace(/\s+/g, ' ').trim(), 'cp850').text;
  if (heading.length > 51) report.report('REB_TEXT_TRUNCATED', 'warning', `The heading '${heading}' was cut to the 51 characters of the 00 header.`);
  const order = typeof spec?.rebOrderNumber === 'string' ? spec.rebOrderNumber : '';
  const header = new RecordBuilder(HEADER_COLUMNS, LINE_WIDTH)
    .put('recordType', '00').put('orderNumber', order).put('procedure', '23.003').put('edition', '2009')
    .put('heading', heading).put('ozMask', mask.text);
  const records = [header.toString()];
  for (const item of items) {
    const oz = formatOz(item.parts, mask)!;
    for (const line of positionLines(item.position, item.itemNumber, { addresses, report })) {
      records.push(formatLine({ ...line, recordType: '11', oz }));
    }
  }
  if (addresses.reallocated > 0) {
    report.report('REB_ADDRESS_REALLOCATED', 'info', `${addresses.reallocated} row addresses did not ascend (or were not after LastRowAddress) and were allocated anew.`);
  }
  reportDropped(items, report);
  records.push('99'.padEnd(LINE_WIDTH, ' '));
  return iconv.encode(`${records.join('\r\n')}\r\n`, 'cp850');
}
