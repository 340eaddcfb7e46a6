/**
 * Content sniffing for SIA 451 (`.01S`; never the file name): the first record is an A header whose interface
 * version (cols 8–13) starts with `451` (real files: `451-92`), or an A header followed by B, C or G records
 * with a 3-digit number after the kind letter. Layout: `records.ts`.
 */
import { sliceColumns, splitRecordLines } from '../../core/text/records.js';
import { A_COLUMNS } from './records.js';

/** Whether the head of a file (a few KiB are plenty) is a SIA 451 file. */
export function detectSia(head: Buffer): boolean {
  const lines = splitRecordLines(head.subarray(0, 8192).toString('latin1')).filter((l) => l.trim() !== '');
  const first = lines[0];
  if (!first || !/^A\d{6}/.test(first)) return false;
  if (sliceColumns(first, A_COLUMNS.interfaceVersion).startsWith('451')) return true;
  return lines.slice(1, 4).some((l) => /^[BCG]\d{3}/.test(l));
}
