/**
 * The one internal of xlsx-populate the plugin uses, kept here alone. xlsx-populate 1.21.0 packs its output with
 * JSZip `generateAsync({ compression: 'DEFLATE' })` (lib/Workbook.js `outputAsync`) and offers no option to store
 * instead; JSZip's deflate is JavaScript (pako), and measured on the 10,000-position benchmark it took a fifth of
 * the writer's time (test/bench/excel.ts). So the workbook's JSZip object (`_zip`) is asked to store its parts,
 * and the package is deflated natively afterwards (zip.ts). Should a later version of the library drop or rename
 * that object, the public `outputAsync` (deflated by JSZip) is used — slower, with the same content — and
 * test/excel/stored-output.test.ts fails, naming this file.
 */
import type { Workbook } from 'xlsx-populate';

/** The version whose internals this file relies on. */
export const XLSX_POPULATE_VERSION = '1.21.0';

interface GeneratingZip {
  generateAsync(options: Record<string, unknown>): Promise<Buffer>;
}

/** The workbook as a ZIP package whose entries are stored, not compressed (or deflated, see above). */
export async function storedPackage(workbook: Workbook): Promise<Buffer> {
  const zip = (workbook as unknown as { _zip?: Partial<GeneratingZip> })._zip;
  if (typeof zip?.generateAsync !== 'function') return workbook.outputAsync();
  const generate = zip.generateAsync.bind(zip);
  zip.generateAsync = (options: Record<string, unknown>) => generate({ ...options, compression: 'STORE' });
  try {
    return await workbook.outputAsync();
  } finally {
    zip.generateAsync = generate;
  }
}
