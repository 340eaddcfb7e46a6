/**
 * The one internal of xlsx-populate the plugin uses, kept here alone. xlsx-populate 1.21.0 builds its parts into a
 * JSZip object (`_zip`) and packs them with JSZip `generateAsync({ compression: 'DEFLATE' })` (lib/Workbook.js
 * `outputAsync`), offering no way to get the parts themselves; JSZip's deflate is JavaScript (pako) — measured on
 * the 10,000-position benchmark it took a fifth of the writer's time (test/bench/excel.ts) — and so is its CRC-32
 * even when it only stores. So that one call is answered here instead: the parts the library put into the zip are
 * taken from it (JSZip's public `ZipObject.async`), unpacked, and the writer packs them natively (zip.ts). Should a
 * later version of the library drop or rename that object, the public `outputAsync` (deflated by JSZip) is used
 * and its parts read back — slower, with the same content — and test/excel/library-parts.test.ts fails, naming
 * this file.
 */
import type { Workbook } from 'xlsx-populate';
import { centralDirectory, entryContent } from './zip.js';

/** The version whose internals this file relies on. */
export const XLSX_POPULATE_VERSION = '1.21.0';

/** A part of the package: its name (`xl/worksheets/sheet1.xml`) and its bytes, not compressed. */
export interface PackagePart {
  name: string;
  data: Buffer;
}

/** The shapes of JSZip 3 used here (its public API). */
interface ZipEntry {
  dir: boolean;
  async(type: 'nodebuffer'): Promise<Buffer>;
}
interface LibraryZip {
  files: Record<string, ZipEntry>;
  generateAsync(options: Record<string, unknown>): Promise<Buffer>;
}

/**
 * The parts of the workbook as the library writes them, in the order it adds them (folders, which a package does
 * not need, left out).
 */
export async function libraryParts(workbook: Workbook): Promise<PackagePart[]> {
  const zip = (workbook as unknown as { _zip?: Partial<LibraryZip> })._zip;
  if (typeof zip?.generateAsync !== 'function' || typeof zip.files !== 'object' || zip.files === null) return partsOf(await workbook.outputAsync());
  const files = zip.files;
  const generate = zip.generateAsync;
  let parts: Promise<PackagePart[]> | undefined;
  zip.generateAsync = () => {
    const entries = Object.entries(files).filter(([, f]) => !f.dir);
    parts = Promise.all(entries.map(async ([name, f]) => ({ name, data: await f.async('nodebuffer') })));
    return parts.then(() => Buffer.alloc(0));
  };
  try {
    await workbook.outputAsync();
  } finally {
    zip.generateAsync = generate;
  }
  if (parts === undefined) throw new Error('xlsx-populate did not pack its workbook through its zip object');
  return parts;
}

/** The parts of a packed workbook. @throws Error when it is not a readable ZIP */
function partsOf(bytes: Buffer): PackagePart[] {
  const entries = centralDirectory(bytes);
  if (!entries) throw new Error('xlsx-populate wrote no readable package');
  return entries.filter((e) => !e.name.endsWith('/')).map((e) => ({ name: e.name, data: entryContent(bytes, e) }));
}
