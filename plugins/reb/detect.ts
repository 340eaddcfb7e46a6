/**
 * Content sniffing for REB take-offs (never the file name): a DA11 file of the 2009 edition opens with a `00`
 * header naming procedure `23.003` in columns 11–16; one of the 1979 edition has only `11` lines of at most 80
 * columns whose address columns 70–75 hold a row address or are blank; a GAEB DA XML X31 document has the
 * namespace `http://www.gaeb.de/GAEB_DA_XML/DA31/…` (GAEB DA XML 3.2/3.3 phase 31 XSD target namespace).
 */
import { splitRecordLines } from '../../core/text/records.js';

export const X31_NAMESPACE_PREFIX = 'http://www.gaeb.de/GAEB_DA_XML/DA31/';

/** Whether the head of a file is an X31 document. */
export const isX31 = (head: string): boolean => head.includes(X31_NAMESPACE_PREFIX);

/** Whether the head of a file (a few KiB are plenty) is a REB take-off, DA11 or X31. */
export function detectReb(head: Buffer): boolean {
  const text = head.subarray(0, 8192).toString('latin1');
  if (/^\s*(\xef\xbb\xbf)?\s*</.test(text)) return isX31(text);
  const lines = splitRecordLines(text).filter((l) => l.trim() !== '');
  const first = lines[0];
  if (!first) return false;
  if (first.startsWith('00')) return first.slice(10, 16) === '23.003';
  const sample = lines.slice(0, 20);
  if (lines.length > 20) sample.pop(); // the head may cut the last line
  return sample.length > 0 && sample.every((l) => /^11[ -~\x80-\xff]{0,78}$/.test(l.trimEnd()) && /^(\d{4}[A-Z]\d)?$/.test(l.slice(69, 75).trim()));
}
