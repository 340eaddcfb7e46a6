/**
 * REB DA11 reader (REB-VB 23.003, `.d11`): CP850 lines of 80 columns → the skeleton project of its items.
 *
 * - 2009 edition: a `00` header (order number 3–10, `23.003` 11–16, edition 17–20, heading 21–71, OZ mask
 *   72–80), `11` take-off lines, a `99` end record (dazi-web/reb-da11 `src/Da11Writer.php`, `src/Da11Reader.php`).
 *   Angles in gon.
 * - 1979 edition: `11` lines only (https://de.wikipedia.org/wiki/DA11), the fixed OZ layout `1122PPPPI`. Angles
 *   in degrees (the 2009 edition changed them to gon).
 *
 * Lines may end early (trailing blanks trimmed); a line with characters beyond column 80 is refused. The lines of
 * an item need not be contiguous: they are evaluated in file order (a line may refer to the address of any line
 * before it, of whichever item) and grouped per item number for the project.
 */
import { parseError } from '../../../core/errors.js';
import type { ProjectDto } from '../../../core/model/types.js';
import { isAnsiText, isUtf8Text } from '../../../core/text/code-page-sniff.js';
import { decodeText } from '../../../core/text/encoding.js';
import { type ColumnRange, sliceColumns, splitRecordLines } from '../../../core/text/records.js';
import type { RebReport } from '../report.js';
import type { AngleUnit } from '../formula/expression.js';
import { TakeoffEvaluator } from '../takeoff/evaluate.js';
import { LINE_WIDTH, parseLine } from '../takeoff/line.js';
import { itemNumberOf, takeoffProject, type TakeoffItem } from '../takeoff/project.js';
import { MASK_1979, type OzMask, type OzParts, parseOzMask, splitOz } from './oz-mask.js';

export const REB_KEY = 'rebFile';

/** The `00` header record of the 2009 edition. */
export const HEADER_COLUMNS = {
  recordType: [1, 2],
  orderNumber: [3, 10],
  procedure: [11, 16],
  edition: [17, 20],
  heading: [21, 71],
  ozMask: [72, 80],
} as const satisfies Record<string, ColumnRange>;

export const EXPECTED = 'a REB DA11 file (REB-VB 23.003: 80-column lines, a 00 header record with the OZ mask and 11 take-off lines of the 2009 edition, or 11 lines only of the 1979 edition) or a GAEB DA XML X31 file';

/** The text of a DA11 file: CP850, unless a byte order mark, valid UTF-8 or Windows-1252 umlauts say otherwise. */
function decode(bytes: Buffer, report: RebReport): string {
  if (bytes[0] !== 0xef && isUtf8Text(bytes)) {
    report.report('REB_CODE_PAGE', 'warning', 'The DA11 file is UTF-8, not CP850 (DOS Latin-1); it was read as UTF-8.');
    return bytes.toString('utf8');
  }
  if (isAnsiText(bytes)) {
    report.report('REB_CODE_PAGE', 'warning', 'The DA11 file is Windows-1252 (ANSI), not CP850 (DOS Latin-1): its umlauts would read as õ ³; it was read as Windows-1252.');
    return decodeText(bytes, 'windows-1252');
  }
  return decodeText(bytes, 'cp850');
}

/** The edition, mask and angle unit from the first line. */
function edition(first: string): { mask: OzMask; angle: AngleUnit; heading?: string; orderNumber?: string; edition: string } {
  const h = (c: keyof typeof HEADER_COLUMNS) => sliceColumns(first, HEADER_COLUMNS[c]).trim();
  if (first.startsWith('00') && h('procedure') === '23.003') {
    const raw = h('ozMask');
    const mask = parseOzMask(raw === '' ? MASK_1979 : raw);
    if (!mask) throw parseError(`The OZ mask '${raw}' of the 00 header (columns 72–80) is not an OZ mask: digits 1–4 for the levels, P for the position, I for an index, 0 as filler (e.g. 1122PPPPI).`, REB_KEY);
    const year = h('edition');
    return { mask, angle: year === '1979' ? 'degree' : 'gon', heading: h('heading') || undefined, orderNumber: h('orderNumber') || undefined, edition: year || '2009' };
  }
  if (first.startsWith('11')) return { mask: parseOzMask(MASK_1979)!, angle: 'degree', edition: '1979' };
  const gaeb90 = /^\d\d.{72}\d{6}$/.test(first) ? ' (a GAEB 90 record: send it as gaebFile to a /conversion/gaeb/… route)' : '';
  throw parseError(`Expected ${EXPECTED}, found a first line starting '${first.slice(0, 20).trimEnd()}'${gaeb90}.`, REB_KEY);
}

/**
 * Reads a DA11 file.
 * @throws GatewayError GW_ERR_PARSE (400, key `rebFile`): empty file, a first line neither `00` nor `11`, a
 *   header whose OZ mask is not one, a line longer than 80 columns, a 2009 file cut off before any take-off line
 */
export function readDa11(bytes: Buffer, report: RebReport): ProjectDto {
  const lines = splitRecordLines(decode(bytes, report));
  const numbered = lines.map((text, i) => ({ text: text.trimEnd(), lineNo: i + 1 })).filter((l) => l.text !== '');
  if (numbered.length === 0) throw parseError(`The REB file is empty; expected ${EXPECTED}.`, REB_KEY);
  for (const l of numbered) {
    const width = l.text.length <= LINE_WIDTH ? l.text.length : Array.from(l.text).length;
    if (width > LINE_WIDTH) throw parseError(`Line ${l.lineNo} of the DA11 file has ${width} columns; DA11 lines have 80.`, REB_KEY);
  }
  const head = edition(numbered[0].text);
  const evaluator = new TakeoffEvaluator(head.angle, report);
  const byItem = new Map<string, { parts: OzParts; itemNumber: string }>();
  let ended = false;
  for (const l of numbered.slice(numbered[0].text.startsWith('00') ? 1 : 0)) {
    const type = l.text.slice(0, 2);
    if (type === '99' && !ended) {
      ended = true;
      continue;
    }
    const line = parseLine(l.text);
    if (ended || type !== '11' || line.oz.trim() === '') {
      report.report('REB_LINE_IGNORED', 'warning', `Line ${l.lineNo} ('${l.text.slice(0, 13).trimEnd()}') is ${ended ? 'after the 99 end record' : type !== '11' ? `a record of type '${type}', not 11` : 'a take-off line without item number'} and was not read.`);
      continue;
    }
    let item = byItem.get(line.oz);
    if (!item) {
      const parts = splitOz(line.oz, head.mask);
      byItem.set(line.oz, (item = { parts, itemNumber: itemNumberOf(parts) }));
    }
    evaluator.line(line.oz, item.itemNumber, { line, lineNo: l.lineNo });
  }
  if (head.edition !== '1979' && numbered[0].text.startsWith('00') && !ended) {
    if (byItem.size === 0) throw parseError('The DA11 file is truncated: it ends after the 00 header, without take-off lines or 99 end record.', REB_KEY);
    report.report('REB_END_RECORD_MISSING', 'warning', 'The DA11 file has no 99 end record: it may be truncated.');
  }
  const items: TakeoffItem[] = [];
  for (const [oz, { parts }] of byItem) items.push({ ...parts, takeoff: evaluator.takeoff(oz) });
  const { levels, position, index } = head.mask;
  const project = takeoffProject(items, { levels, position, index }, report, head.heading);
  const spec = project.serviceSpecifications![0];
  spec.originDetail = `REB DA11 ${head.edition}`;
  if (head.orderNumber) spec.rebOrderNumber = head.orderNumber;
  return project;
}
