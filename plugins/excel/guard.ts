/**
 * What the bytes in `excelFile` are, checked before any of them is inflated: an xlsx workbook is a ZIP package
 * (ECMA-376 Part 2) holding `xl/workbook.xml`. Refused with a 400 naming the problem: an empty upload, a legacy
 * `.xls` (BIFF8 in a Compound File Binary container, [MS-CFB] §2.2 header signature D0 CF 11 E0 A1 B1 1A E1), an
 * encrypted workbook (also a CFB container, with an `EncryptionInfo` stream, [MS-OFFCRYPTO] §2.3.4), a CSV or
 * other text (a GAEB or other XML file among them), a ZIP that is not a workbook (an OpenDocument spreadsheet, a
 * Word file …), and a ZIP bomb: the central directory's declared uncompressed sizes (PKWARE APPNOTE.TXT 6.3.10
 * §4.3.12, §4.3.16) are summed before anything is inflated, and a total above {@link MAX_UNCOMPRESSED_BYTES} is
 * refused. A ZIP may lie about its sizes, so every entry is inflated with its declared size as the output limit
 * (zlib `maxOutputLength`): an entry that inflates to more is refused as soon as it passes the limit. The rows of
 * the worksheets are counted on the way (`<row` elements, ECMA-376 Part 1 §18.3.1.73): a workbook of more than
 * {@link MAX_ROWS} rows (a million empty styled rows, say) is refused before any of its cells is read.
 */
import { parseError } from '../../core/errors.js';
import { centralDirectory, entryContent } from './zip.js';

/** The most bytes the parts of one workbook may declare, uncompressed (bounds the reader's memory). */
export const MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

/** The most rows all worksheets together may have (a BoQ of 20,000 positions has about 21,000). */
export const MAX_ROWS = 200_000;

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = 0x04034b50;
const FIELD = 'excelFile';

/** True when the bytes start like a ZIP package (what the CLI uses to pick the `excel` source). */
export const looksLikeXlsx = (head: Buffer): boolean => head.length >= 4 && head.readUInt32LE(0) === ZIP_LOCAL;

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const ROW_TAG = Buffer.from('<row');

/** How often `needle` occurs in `haystack`. */
function occurrences(haystack: Buffer, needle: Buffer): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Whether a CFB container holds an `EncryptionInfo` stream (its directory names are UTF-16LE). */
const isEncryptedPackage = (bytes: Buffer): boolean => bytes.includes(Buffer.from('EncryptionInfo', 'utf16le'));

function describeText(bytes: Buffer): string {
  const head = bytes.subarray(0, 4096).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (/^#begin\[GAEB\]/i.test(head) || /^<\?xml[^>]*>\s*(<!--[\s\S]*?-->\s*)*<GAEB[\s>]/i.test(head) || /^<GAEB[\s>]/.test(head)) {
    return 'a GAEB file (send it as gaebFile to /conversion/gaeb/…)';
  }
  if (head.startsWith('<')) return 'an XML or HTML document';
  if (/[;,\t]/.test(head.split(/\r?\n/)[0] ?? '')) return 'a CSV or other text file (open it in a spreadsheet application and save it as .xlsx)';
  return 'a text file';
}

/**
 * Checks that the bytes are an xlsx workbook small enough to read, and returns its parts inflated.
 * @throws GatewayError GW_ERR_PARSE (400, key `excelFile`) naming what the bytes are instead
 */
export function workbookParts(bytes: Buffer): { name: string; data: Buffer }[] {
  if (bytes.length === 0) throw parseError('The excelFile upload is empty; expected an .xlsx workbook.', FIELD);
  if (bytes.subarray(0, 8).equals(CFB_SIGNATURE)) {
    throw parseError(
      isEncryptedPackage(bytes)
        ? 'The workbook is encrypted (password protected); save it without a password and send it again.'
        : 'This is a legacy Excel 97–2003 workbook (.xls, BIFF); save it as an Excel workbook (.xlsx) and send it again.',
      FIELD,
    );
  }
  if (!looksLikeXlsx(bytes)) {
    const binary = bytes.subarray(0, 1024).includes(0);
    throw parseError(`Expected an .xlsx workbook (a ZIP package); the upload is ${binary ? 'a binary file of another kind' : describeText(bytes)}.`, FIELD);
  }
  const entries = centralDirectory(bytes);
  if (!entries) throw parseError('The .xlsx workbook is damaged: its ZIP central directory is missing or malformed.', FIELD);
  const total = entries.reduce((sum, e) => sum + e.uncompressed, 0);
  if (total > MAX_UNCOMPRESSED_BYTES) {
    throw parseError(
      `The workbook's parts declare ${Number.isFinite(total) ? `${Math.round(total / 1048576)} MiB` : 'more than 4 GiB'} uncompressed, ` +
        `more than the ${MAX_UNCOMPRESSED_BYTES / 1048576} MiB a workbook may hold; it was not unpacked.`,
      FIELD,
    );
  }
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('xl/workbook.xml')) {
    const what = names.has('content.xml') ? 'an OpenDocument file (.ods); save it as .xlsx' : names.has('word/document.xml') ? 'a Word document' : 'a ZIP archive without a workbook (xl/workbook.xml)';
    throw parseError(`Expected an .xlsx workbook; the upload is ${what}.`, FIELD);
  }
  let rows = 0;
  const parts: { name: string; data: Buffer }[] = [];
  for (const e of entries) {
    let content: Buffer;
    try {
      content = entryContent(bytes, e);
    } catch (err) {
      // zlib throws a RangeError when the output passes maxOutputLength, another error on damaged data.
      const lied = err instanceof RangeError;
      throw parseError(
        lied
          ? `The workbook part ${e.name} inflates to more than the ${e.uncompressed} bytes it declares (damaged, or a ZIP bomb); it was not read.`
          : `The .xlsx workbook is damaged: its part ${e.name} cannot be unpacked.`,
        FIELD,
      );
    }
    parts.push({ name: e.name, data: content });
    if (WORKSHEET.test(e.name)) rows += occurrences(content, ROW_TAG);
    if (rows > MAX_ROWS) {
      throw parseError(`The workbook has more than ${MAX_ROWS.toLocaleString('en')} rows (a bill of quantities has far fewer); it was not read.`, FIELD);
    }
  }
  return parts;
}
