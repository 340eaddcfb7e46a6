/**
 * SIA 451 bytes → checked record lines: CP850 text (a byte order mark decides otherwise), one record per line
 * (CRLF, LF; blank lines skipped; short lines allowed, as real files trim trailing blanks), the A header first and
 * the Z trailer last, its record count (A and Z included) compared with the records read.
 */
import { parseError } from '../../../core/errors.js';
import { isAnsiText, isUtf8Text } from '../../../core/text/code-page-sniff.js';
import { decodeText } from '../../../core/text/encoding.js';
import { sliceColumns, splitRecordLines } from '../../../core/text/records.js';
import { G_COLUMNS, G_MIN_LENGTH, SIA_ENCODING, Z_COLUMNS } from '../records.js';
import type { SiaReport } from '../report.js';

export const SIA_KEY = 'siaFile';

/** A record and the line it came from (1-based), for messages. */
export interface SiaLine {
  text: string;
  line: number;
}

const EXPECTED = 'a SIA 451 file (.01S: CP850 fixed-column records, an A header record first, G records, a Z trailer record last)';

/** Why a head that is not SIA 451 is refused, when it is recognisably something else. */
function otherFormat(text: string): string | undefined {
  const head = text.trimStart().slice(0, 400);
  if (/^<\?xml|^<GAEB/i.test(head)) {
    return /<GAEB[\s>]/.test(head) || /gaeb/i.test(head)
      ? 'a GAEB DA XML file; send it as gaebFile to a /conversion/gaeb/… route'
      : 'an XML document';
  }
  if (/^#begin\[/i.test(head)) return 'a GAEB 2000 file; send it as gaebFile to a /conversion/gaeb/… route';
  if (/^(T0|00)/.test(head) && /^.{74}\d{6}\s*$/m.test(head)) return 'a GAEB 90 file; send it as gaebFile to a /conversion/gaeb/… route';
  if (/^[{[]/.test(head)) return 'a JSON document; send a project as avaProject to a /conversion/ava/… route';
  return undefined;
}

/**
 * The records of a SIA 451 file, checked.
 * @throws GatewayError GW_ERR_PARSE (400, key `siaFile`) for an empty file, another format (GAEB, XML, JSON), a
 *   UTF-8 or Windows-1252 file (wrong code page), a first record other than A, a G record cut before its record type (col 42), or
 *   a file without Z trailer (truncated)
 */
export function siaLines(bytes: Buffer, report: SiaReport): SiaLine[] {
  if (bytes.length === 0) throw parseError(`The SIA 451 file is empty; expected ${EXPECTED}.`, SIA_KEY);
  const text = decodeText(bytes, SIA_ENCODING);
  const other = otherFormat(text);
  if (other) throw parseError(`Expected ${EXPECTED}, found ${other}.`, SIA_KEY);
  if (bytes[0] !== 0xef && isUtf8Text(bytes)) {
    throw parseError(
      'The SIA 451 file is encoded as UTF-8, but SIA 451 files are CP850 (DOS Latin-1): its umlauts would read wrongly. Export it again in the SIA 451 code page, or convert it to CP850.',
      SIA_KEY,
    );
  }
  if (isAnsiText(bytes)) {
    throw parseError(
      'The SIA 451 file is encoded as Windows-1252 (ANSI), but SIA 451 files are CP850 (DOS Latin-1): its umlauts would read wrongly (ä as õ, ü as ³). Export it again in the SIA 451 code page, or convert it to CP850.',
      SIA_KEY,
    );
  }
  const lines: SiaLine[] = [];
  splitRecordLines(text).forEach((t, i) => {
    if (t.trim() !== '') lines.push({ text: t, line: i + 1 });
  });
  const first = lines[0];
  if (!first || first.text[0] !== 'A') {
    const found = first ? `a line starting '${first.text.slice(0, 12)}' (line ${first.line})` : 'no record';
    throw parseError(`Expected ${EXPECTED}, found ${found}.`, SIA_KEY);
  }
  for (const l of lines) {
    if (l.text[0] === 'G' && l.text.length < G_MIN_LENGTH) {
      throw parseError(
        `The SIA 451 file is truncated: the G record on line ${l.line} ends at column ${l.text.length}, before its record type (column ${G_COLUMNS.recordType[0]}).`,
        SIA_KEY,
      );
    }
  }
  const last = lines[lines.length - 1];
  if (last.text[0] !== 'Z') {
    throw parseError(`The SIA 451 file is truncated: its last record (line ${last.line}) is not the Z trailer record.`, SIA_KEY);
  }
  const stated = sliceColumns(last.text, Z_COLUMNS.recordCount).trim();
  if (!/^\d+$/.test(stated) || Number(stated) !== lines.length) {
    report.report(
      'SIA_RECORD_COUNT_MISMATCH', 'warning',
      `The Z trailer states ${stated === '' ? 'no' : Number(stated) || `'${stated}'`} records, the file holds ${lines.length} (A and Z included).`,
    );
  }
  return lines;
}
