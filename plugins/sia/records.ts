/**
 * SIA 451 (`.01S`) record layout: one record per line, the first character the record kind (`A` header, `B`
 * secondary outlines, `C` conditions, `G` NPK record, `Z` trailer; `D`–`F` and `U`–`Y` reserve), CP850, CRLF.
 *
 * The standard (SN 509 451) is not public. The columns below are the layout three independent implementations
 * agree on — ItsWasteD/npk-tools `src/types/npk_types.ts` (commit 47f6c44), janhajk/451 `lib/sia451.js` and
 * RPGAdmin/crbxparser `parse_sia451.py` — checked column by column against the real BauPlus export
 * janhajk/451 `lib/sia451.sample.01s`. Columns are 1-based and inclusive ({@link ColumnRange}); quantities have
 * 3 implied decimals, unit prices 2, condition percentages 2 (`000800` = 8.00 %, inferred from the sample's VAT).
 */
import type { ColumnRange } from '../../core/text/records.js';
import { lookupTable } from '../../core/lookup.js';

/** The code page of SIA 451 files (crbxparser README; the sample's `ü` is byte 0x81, `ä` 0x84). */
export const SIA_ENCODING = 'cp850' as const;

/** Characters of one text record (`G` col 93–122): a text longer than this spans several records. */
export const SIA_TEXT_WIDTH = 30;

/** Interface version written in the A record, as real files state it. */
export const SIA_INTERFACE_VERSION = '451-92';

/** A header record. */
export const A_COLUMNS = {
  kind: [1, 1],
  creationDate: [2, 7],
  interfaceVersion: [8, 13],
  errorLevel: [14, 15],
  checkPerformed: [16, 17],
  clientShortName: [18, 29],
  author: [30, 41],
  language: [42, 42],
  relation: [43, 43],
  documentCode: [44, 44],
  documentStatus: [45, 45],
  awardUnit: [46, 58],
  projectId: [82, 92],
  projectName: [93, 122],
  documentId: [123, 137],
  awardUnitName: [138, 167],
  vendor: [168, 187],
  vendorPhone: [188, 207],
  programVersion: [208, 227],
} as const satisfies Record<string, ColumnRange>;

/** B secondary-outline record (`B001` BKP-like codes, `B002` object outline referenced by G type-6 records). */
export const B_COLUMNS = {
  kind: [1, 4],
  objectOutline: [18, 23],
  recordType: [42, 42],
  code: [82, 87],
  text: [93, 122],
  /**
   * The text's second 30-character field: the real BauPlus tender janhajk/451 `lib/sia451.sample.01s` continues a
   * B001 outline's text and a chapter title (G type 1) there when it needs more than one field
   * (`Vorbereitungs-, Rodungs- und` … `Abbrucharbeiten`, `Kanalisationen und` … `Entwässerungen`).
   */
  text2: [138, 167],
} as const satisfies Record<string, ColumnRange>;

/** C conditions record (discount, cash discount, VAT …). */
export const C_COLUMNS = {
  kind: [1, 1],
  /** Condition number as written (the sample: `001501` Rabatt, `002502` Skonto, `003203` Mehrwertsteuer; `000` opens). */
  number: [2, 7],
  recordType: [42, 42],
  unit: [44, 44],
  percentSign: [75, 75],
  percent: [76, 81],
  text: [93, 122],
} as const satisfies Record<string, ColumnRange>;

/**
 * Whether a C condition is the value added tax: number `…203` or a text naming it (the real BauPlus tender of
 * janhajk/451 `lib/sia451.sample.01s` writes `C003203 … +000800 Mehrwertsteuer` beside `001501` Rabatt and `002502`
 * Skonto).
 */
export const isVatCondition = (c: { number: string; text: string }): boolean => /^\d{3}203$/.test(c.number) || /mehrwertsteuer|\bmwst\b/i.test(c.text);

/** G standard NPK record. */
export const G_COLUMNS = {
  kind: [1, 1],
  chapter: [2, 4],
  language: [5, 5],
  edition: [6, 7],
  position: [8, 13],
  variable: [14, 15],
  line: [16, 17],
  objectOutline: [18, 23],
  location: [24, 29],
  variantGroup: [30, 32],
  variant: [33, 35],
  association: [36, 41],
  recordType: [42, 42],
  quantityKind: [44, 44],
  quantitySign: [45, 45],
  quantity: [46, 58],
  unit: [59, 60],
  priceSign: [62, 62],
  price: [63, 74],
  serial: [75, 81],
  kag: [82, 86],
  elementCode: [87, 92],
  text: [93, 122],
  /** A chapter title's second field (type 1), as `B_COLUMNS.text2`. */
  text2: [138, 167],
} as const satisfies Record<string, ColumnRange>;

/** Z trailer record. */
export const Z_COLUMNS = {
  kind: [1, 1],
  exportDate: [2, 7],
  creationDate: [8, 13],
  recordCount: [46, 58],
  continuation: [62, 62],
  projectId: [82, 92],
  projectName: [93, 122],
} as const satisfies Record<string, ColumnRange>;

/** Length of the records this plugin writes (npk-tools pads every record to 256). */
export const SIA_RECORD_LENGTH = 256;

/** G record types (col 42). */
export const G_TYPE = { chapterTitle: '1', shortText: '2', longText: '3', unit: '5', quantity: '6' } as const;

/** Columns a G record must reach to carry its record type. */
export const G_MIN_LENGTH = G_COLUMNS.recordType[1];

/** Document codes of the A record (npk-tools `headerRecordSchema`): what kind of document the file is. */
export const DOCUMENT_CODES: Readonly<Record<string, string>> = lookupTable({
  A: 'Ausmass', B: 'Ausschreibung', C: 'Angebot', D: 'Vertrag', E: 'Teilrechnung', F: 'Situationsrechnung',
});

/** Quantity digits (13, 3 implied decimals) and price digits (12, 2 implied decimals) of a G record. */
export const QUANTITY_DECIMALS = 3;
export const PRICE_DECIMALS = 2;
