/**
 * G records → NPK chapters and their entries (one per 6-digit Leistungsposition, in file order): the type-1
 * chapter title (both its text fields), the type-2 short text, the type-3 text lines by variable and line number,
 * the type-5 unit and the type-6 quantities (and prices) per object outline. Layout: `records.ts`.
 */
import { parseImplied, sliceColumns } from '../../../core/text/records.js';
import { G_COLUMNS, G_TYPE, PRICE_DECIMALS, QUANTITY_DECIMALS } from '../records.js';
import type { SiaReport } from '../report.js';
import type { SiaLine } from './lines.js';

/** One type-6 record: the quantity (and unit price) of a position for one object outline. */
export interface OutlineQuantity {
  /** Objektgliederung code (`01Aesc`), '' when none. */
  outline: string;
  /** Mengenart (col 44), e.g. `A`. */
  kind: string;
  /** KAG code (col 82–86; the real BauPlus tender holds the BKP code of a B001 outline there), '' when none. */
  kag: string;
  quantity?: number;
  unitPrice?: number;
}

/** One NPK number of a chapter with everything its records say. */
export interface SiaEntry {
  chapter: string;
  /** 6-digit Leistungsposition. */
  number: string;
  /** Type-2 text (30 characters at most). */
  title?: string;
  /** Type-3 lines: variable number → line number → text (untrimmed). */
  variables: Map<number, Map<number, string>>;
  /** Type-5 record seen: the entry is a position (its unit may be blank). */
  hasUnit: boolean;
  unit: string;
  quantities: OutlineQuantity[];
}

/** An NPK chapter (type-1 record) and its entries in file order. */
export interface SiaChapter {
  chapter: string;
  /** NPK edition (Ausgabejahr, 2 digits). */
  edition: string;
  title: string;
  entries: SiaEntry[];
}

const field = (text: string, c: keyof typeof G_COLUMNS) => sliceColumns(text, G_COLUMNS[c]);

/** Collects the chapters of the G records; other record types are reported (`SIA_RECORD_DROPPED`) and skipped. */
export function collectChapters(lines: readonly SiaLine[], report: SiaReport): SiaChapter[] {
  const chapters: SiaChapter[] = [];
  const byChapter = new Map<string, SiaChapter>();
  const entries = new Map<string, SiaEntry>();
  const chapterOf = (code: string, edition = ''): SiaChapter => {
    let c = byChapter.get(code);
    if (!c) {
      c = { chapter: code, edition, title: '', entries: [] };
      byChapter.set(code, c);
      chapters.push(c);
    }
    return c;
  };
  for (const { text, line } of lines) {
    if (text[0] !== 'G') continue;
    const chapterCode = field(text, 'chapter').trim();
    const type = field(text, 'recordType');
    const number = field(text, 'position').trim();
    if (type === G_TYPE.chapterTitle && number === '') {
      const c = chapterOf(chapterCode, field(text, 'edition').trim());
      c.edition ||= field(text, 'edition').trim();
      c.title ||= `${field(text, 'text')} ${field(text, 'text2')}`.replace(/\s+/g, ' ').trim();
      continue;
    }
    const chapter = chapterOf(chapterCode);
    const key = `${chapterCode}\u0000${number}`;
    let entry = entries.get(key);
    if (!entry) {
      entry = { chapter: chapterCode, number, variables: new Map(), hasUnit: false, unit: '', quantities: [] };
      entries.set(key, entry);
      chapter.entries.push(entry);
    }
    const itemNumber = `${chapterCode}.${number}`;
    switch (type) {
      case G_TYPE.shortText:
        entry.title ??= field(text, 'text').trim();
        break;
      case G_TYPE.longText: {
        const variable = Number(field(text, 'variable').trim() || '0');
        const lineNo = Number(field(text, 'line').trim() || '0');
        let lines = entry.variables.get(variable);
        if (!lines) entry.variables.set(variable, (lines = new Map()));
        lines.set(lineNo, field(text, 'text'));
        break;
      }
      case G_TYPE.unit:
        entry.hasUnit = true;
        entry.unit ||= field(text, 'unit').trim();
        break;
      case G_TYPE.quantity:
        entry.quantities.push(outlineQuantity(text, line, itemNumber, report));
        break;
      default:
        report.report('SIA_RECORD_DROPPED', 'warning', `G records of type '${type}' (first on line ${line}) have no place in the model and were not read.`, itemNumber);
    }
  }
  return chapters;
}

/** A type-6 record's fields; a quantity or price that is not digits is reported and left out. */
function outlineQuantity(text: string, line: number, itemNumber: string, report: SiaReport): OutlineQuantity {
  const number = (c: 'quantity' | 'price', sign: 'quantitySign' | 'priceSign', decimals: number, what: string) => {
    const v = parseImplied(field(text, c), decimals, field(text, sign));
    if (v !== undefined && Number.isNaN(v)) {
      report.report('SIA_INVALID_NUMBER', 'warning', `The ${what} '${field(text, c).trim()}' on line ${line} is not a number and was ignored.`, itemNumber);
      return undefined;
    }
    return v;
  };
  return {
    outline: field(text, 'objectOutline').trim(),
    kind: field(text, 'quantityKind').trim(),
    kag: field(text, 'kag').trim(),
    quantity: number('quantity', 'quantitySign', QUANTITY_DECIMALS, 'quantity'),
    unitPrice: number('price', 'priceSign', PRICE_DECIMALS, 'unit price'),
  };
}
