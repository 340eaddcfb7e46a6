/**
 * GAEB 90 (`.D81`–`.D86`) record layout: fixed 80-character records, CP850, record type in cols 1–2, running
 * record number in cols 75–80, unsigned digit strings with implied decimals and the sign in the column before.
 *
 * Source: GAEB 90 layout as read by ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts and written by sa1961-code/saCsv2Gaeb90, Csv2Gaeb90_Konverter.cs (layout reconstructed from six real files and two writers; checked here on the
 * corpus files `Flechtingen GS AA.d83`, `LV_Los01.D83`, `LV_Los02.D83`, `GAEB90_DE.D86`, `GAEB90_EN.D86`).
 * All column numbers in this module are 1-based and inclusive, as in the reference table.
 */
import { isAnsiText, isUtf8Text } from '../../../core/text/code-page-sniff.js';
import { decodeText, sniffBom } from '../../../core/text/encoding.js';
import { type CodePage, type ColumnRange, RecordBuilder, columnWidth, sliceColumns, splitRecordLines } from '../../../core/text/records.js';

/** Characters per record. */
export const RECORD_LENGTH = 80;
/** Code page of GAEB 90: CP850, not CP437 (0xFC = `³`, 0xF5 = `§` in real files such as Dangl-IT/Dangl.Oenorm.Examples, ExampleFiles/GAEB90_DE.D86; CP437 would read them as `ⁿ`/`⌡`). */
export const GAEB90_ENCODING = 'cp850' satisfies CodePage;

/** Column ranges [from, to] (1-based, inclusive) of the fields this package reads and writes. */
export const COL = {
  type: [1, 2],
  sequence: [75, 80],
  /** Record 00: exchange phase (DP), flag (`L` seen, meaning unverified), award number, OZ mask, `90`, lots flag. */
  dp: [11, 12],
  headerFlag: [13, 13],
  awardNo: [29, 62],
  mask: [63, 71],
  version: [72, 73],
  lotsFlag: [74, 74],
  /** Record 01: LV name and date `DD.MM.YY`. */
  lvName: [3, 42],
  lvDate: [43, 50],
  /** Records 02, 03, 12, T1: free text. */
  text: [3, 74],
  /** Record 06: number of UP components, time label, labels of 14 characters from col 18. */
  compCount: [3, 3],
  timeLabel: [4, 17],
  /** Record 08: currency code and label. */
  currency: [3, 8],
  currencyLabel: [9, 74],
  /** Records 10/33: lot number and label. */
  lotNo: [3, 4],
  lotLabel: [5, 44],
  /** Records 11, 21, 23, 31, 32: the OZ (item number, sliced by the mask). */
  oz: [3, 11],
  /** Record 11: flag (`N` seen) and level label ("Bereich"). */
  ctgyFlag: [12, 12],
  levelLabel: [17, 74],
  /** Record 21: item flags (`NNN`), quantity sign and digits (3 implied decimals), unit, hourly flag (unverified). */
  itemFlags: [12, 14],
  qtySign: [23, 23],
  qty: [24, 34],
  unit: [35, 38],
  hourly: [43, 43],
  /** Record 23: unit price (2 implied decimals) and item total (2 implied decimals), each with a sign before. */
  upSign: [12, 12],
  up: [13, 22],
  itSign: [24, 24],
  it: [25, 36],
  /** Record 25: short text. */
  shortText: [3, 72],
  /** Record 26: text complement marker (`61B`) and long text line. */
  complement: [3, 5],
  longText: [6, 60],
  /** Record 32: category total. */
  ctgySign: [12, 12],
  ctgyTotal: [13, 24],
  /** Record 99: LV total, VAT percent × 100, gross total, number of items. */
  total: [3, 14],
  vat: [22, 25],
  gross: [26, 37],
  itemCount: [70, 74],
} as const satisfies Record<string, ColumnRange>;

export type Column = keyof typeof COL;

/** Width of a field in characters. */
export const width = (c: Column): number => columnWidth(COL[c]);

/** The field `c` of a record (padded to 80 characters by the caller), untrimmed. */
export const field = (record: string, c: Column): string => sliceColumns(record, COL[c]);

/** Columns a record's content may use; 75–80 hold the running number ({@link Gaeb90Record.format}). */
const CONTENT_COLUMNS = 74;

/**
 * A GAEB 90 record being written: 74 columns filled field by field ({@link RecordBuilder}), then the running
 * number in cols 75–80. Values are CP850 text (writer.ts `clean`); a surrogate that slipped through is written
 * as `?`, so a record stays 80 bytes.
 */
export class Gaeb90Record extends RecordBuilder<Column> {
  constructor(type: string) {
    super(COL, CONTENT_COLUMNS);
    this.put('type', type);
  }

  /** {@link RecordBuilder.putAt}, with each surrogate (pair) written as `?` (CP850 has no such character). */
  override putAt(from: number, w: number, value: string): this {
    return super.putAt(from, w, /[\uD800-\uDFFF]/.test(value) ? value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, '?') : value);
  }

  /** The 80-character record with the running number in cols 75–80. */
  format(sequence: number): string {
    return this.toString() + String(sequence).padStart(6, '0').slice(-6);
  }
}

/**
 * The OZ mask of record 00, cols 63–71: digit runs `1`, `2`, … = hierarchy levels and their widths, `P` = item
 * digits, `I` = index, `0` = unused (e.g. `1122PPPPI`). Source: ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts.
 */
export interface OzMask {
  /** Widths of the category levels, outermost first. */
  levels: number[];
  /** Width of the item part (≥ 1). */
  item: number;
  /** Width of the index part (0 = none). */
  index: number;
}

/**
 * Parses an OZ mask.
 * @returns the mask, or a problem text when it holds no `P` or an unknown character
 */
export function parseMask(text: string): OzMask | string {
  const mask: OzMask = { levels: [], item: 0, index: 0 };
  let lastLevel = '';
  for (const ch of text) {
    if (ch >= '1' && ch <= '9') {
      if (ch !== lastLevel) mask.levels.push(0);
      mask.levels[mask.levels.length - 1]++;
      lastLevel = ch;
    } else if (ch === 'P' || ch === 'p') mask.item++;
    else if (ch === 'I' || ch === 'i') mask.index++;
    else if (ch !== '0' && ch !== ' ') return `The OZ mask '${text}' holds the unknown character '${ch}'`;
  }
  if (mask.item === 0) return `The OZ mask '${text}' has no item digits (P)`;
  return mask;
}

/** The mask text (9 characters, `0`-filled) for level widths, item and index width; undefined when > 9. */
export function formatMask(mask: OzMask): string | undefined {
  let s = '';
  mask.levels.forEach((w, i) => { s += String(i + 1).repeat(w); });
  s += 'P'.repeat(mask.item) + 'I'.repeat(mask.index);
  return s.length > width('oz') || mask.levels.length > 9 ? undefined : s.padEnd(width('oz'), '0');
}

/** An OZ sliced by the mask: each segment trimmed ('' = blank segment). */
export interface OzParts {
  levels: string[];
  item: string;
  index: string;
}

/**
 * Slices the 9-character OZ field by the mask. Segments are right-aligned and blank-padded (`" 1  10   "`) or
 * zero-filled (`"01010010"`), so they are cut by position, never split on blanks (ddrews-de/gaeb-converter, app/lib/gaeb/parsers/gaeb90.ts).
 */
export function sliceOz(oz: string, mask: OzMask): OzParts {
  let at = 0;
  const take = (n: number): string => {
    const s = oz.slice(at, at + n).trim();
    at += n;
    return s;
  };
  const levels = mask.levels.map((w) => take(w));
  const item = take(mask.item);
  const index = take(mask.index);
  return { levels, item, index };
}

/** One OZ segment of `w` characters: right-aligned, `0`-filled when all digits, else blank-padded; '' = blank. */
export function formatSegment(value: string, w: number): string {
  return /^\d+$/.test(value) ? value.padStart(w, '0') : value.padStart(w, ' ');
}

/**
 * The code page of a GAEB 90 file that is not CP850 though it has no byte order mark: `utf-8` when its bytes are
 * valid UTF-8 holding characters beyond ASCII, `windows-1252` when its umlauts are Windows-1252 bytes and none a CP850
 * one (`code-page-sniff.ts`) — a file re-saved by an editor; undefined for CP850 (or a byte order mark).
 */
export function gaeb90CodePage(bytes: Buffer): 'utf-8' | 'windows-1252' | undefined {
  if (sniffBom(bytes)) return undefined;
  if (isUtf8Text(bytes)) return 'utf-8';
  return isAnsiText(bytes) ? 'windows-1252' : undefined;
}

/**
 * Bytes → record lines: CP850 unless a byte order mark says otherwise (`decodeText`) or `codePage` is given
 * ({@link gaeb90CodePage}); CRLF, LF or CR; a DOS end-of-file 0x1A and trailing blank lines are dropped
 * (`splitRecordLines`). Decoded in its code page, each character is one column of the 80-column records again.
 */
export const decodeLines = (bytes: Buffer, codePage?: string): string[] => splitRecordLines(decodeText(bytes, codePage ?? GAEB90_ENCODING));

/** A run of long text: plain, or the content of one text complement. */
export interface Run { text: string; kind?: 'Bidder' | 'Owner'; label?: string }
