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

const HEADER_FIELD_NAMES = { heading: 'heading', orderNumber: 'order number' } as const;

/** A field of the 00 header in CP850, cut to its columns; replacements and cuts reported once per field. */
function headerText(value: string, field: keyof typeof HEADER_FIELD_NAMES, report: RebReport): string {
  const name = HEADER_FIELD_NAMES[field];
  const { text, replaced } = toCodePage(value.replace(/\s+/g, ' ').trim(), 'cp850');
  if (replaced) report.report('REB_CHARACTER_REPLACED', 'warning', `The characters '${replaced}' of the ${name} '${value}' of the 00 header are not in CP850 and were replaced.`, undefined, field);
  const [from, to] = HEADER_COLUMNS[field];
  const width = to - from + 1;
  if (Array.from(text).length <= width) return text;
  report.report('REB_TEXT_TRUNCATED', 'warning', `The ${name} '${text}' was cut to the ${width} characters of the 00 header (columns ${from}–${to}).`, undefined, field);
  return Array.from(text).slice(0, width).join('');
}

/** Reports, once per file, the row addresses read that could not be kept. */
export function reportReallocated(addresses: AddressAllocator, report: RebReport): void {
  if (addresses.reallocated > 0) {
    report.report('REB_ADDRESS_REALLOCATED', 'info', `${addresses.reallocated} row addresses did not ascend (or were not after LastRowAddress) and were allocated anew; the expressions naming them were rewritten to the new addresses.`);
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
  const heading = headerText(String(spec?.name ?? project.projectInformation?.name ?? ''), 'heading', report);
  const order = headerText(typeof spec?.rebOrderNumber === 'string' ? spec.rebOrderNumber : '', 'orderNumber', report);
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
  reportReallocated(addresses, report);
  reportDropped(items, report);
  records.push('99'.padEnd(LINE_WIDTH, ' '));
  return iconv.encode(`${records.join('\r\n')}\r\n`, 'cp850');
}
