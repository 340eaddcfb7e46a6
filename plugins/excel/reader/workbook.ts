/**
 * The sheets of an xlsx package, found as Office Open XML finds them: `xl/workbook.xml` lists the sheets in tab
 * order (`<sheet name state r:id>`, ECMA-376 Part 1 §18.2.19), its relationships part
 * (`xl/_rels/workbook.xml.rels`, Part 2 §9.3) names each sheet's part and the shared string table (relationship
 * types `…/worksheet` and `…/sharedStrings`). A sheet's cells are read when asked for (sheet-xml.ts).
 */
import { parseError } from '../../../core/errors.js';
import { workbookParts } from '../guard.js';
import { formatWithCode, readCellFormats } from './number-formats.js';
import { readSharedStrings, readSheetCells, streamPart, type SheetCells, type ShownNumber } from './sheet-xml.js';

const FIELD = 'excelFile';
const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';

export interface WorkbookSheet {
  name: string;
  /** `visible`, `hidden` or `veryHidden` (§18.18.68 ST_SheetState). */
  state: string;
  /** The worksheet part (`xl/worksheets/sheet1.xml`). */
  part: string;
  /** The sheet's cells, read on the first call. */
  cells(): SheetCells;
}

/** A relationship's target as a part name (`worksheets/sheet1.xml` → `xl/worksheets/sheet1.xml`; Part 2 §9.3.3). */
function partName(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') out.pop();
    else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return out.join('/');
}

const damaged = (what: string, cause?: unknown) => parseError(`The .xlsx workbook is damaged: ${what}.`, FIELD, cause);

/** Streams a part, turning malformed XML into a 400 naming the part. */
function stream(xml: Buffer, part: string, h: Parameters<typeof streamPart>[2]): void {
  try {
    streamPart(xml, part, h);
  } catch (err) {
    throw damaged((err as Error).message, err);
  }
}

/**
 * The sheets of a package given as its inflated parts (guard.ts), in tab order.
 * @throws GatewayError GW_ERR_PARSE (400, key `excelFile`) when the workbook part, its relationships or a sheet
 *   part is missing or not well-formed, or (when a sheet's cells are read) a sheet's row or column number is beyond
 *   Excel's limits (sheet-xml.ts)
 */
export function workbookSheets(parts: ReadonlyMap<string, Buffer>): WorkbookSheet[] {
  const relations = new Map<string, { type: string; part: string }>();
  const rels = parts.get(WORKBOOK_RELS);
  if (!rels) throw damaged(`its part ${WORKBOOK_RELS} is missing`);
  stream(rels, WORKBOOK_RELS, {
    open(name, a) {
      if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External') relations.set(a.Id, { type: a.Type ?? '', part: partName(a.Target) });
    },
    text() {},
    close() {},
  });
  const listed: { name: string; state: string; part?: string }[] = [];
  stream(parts.get(WORKBOOK)!, WORKBOOK, {
    open(name, a) {
      if (name !== 'sheet') return;
      // The relationship id is `r:id` in the relationships namespace, whatever its prefix.
      const idKey = Object.keys(a).find((k) => k.endsWith(':id'));
      const rel = idKey ? relations.get(a[idKey]) : undefined;
      listed.push({ name: a.name ?? '', state: a.state ?? 'visible', part: rel && rel.type.endsWith('/worksheet') ? rel.part : undefined });
    },
    text() {},
    close() {},
  });
  /** A part the workbook relates by type (`…/sharedStrings`), read once (at `fallback` when not related). */
  const related = <T>(type: string, fallback: string, read: (xml: Buffer | undefined, part: string) => T): (() => T) => {
    let value: { v: T } | undefined;
    return () => {
      if (value) return value.v;
      const part = [...relations.values()].find((r) => r.type.endsWith(type))?.part ?? fallback;
      try {
        return (value = { v: read(parts.get(part), part) }).v;
      } catch (err) {
        throw damaged((err as Error).message, err);
      }
    };
  };
  const sharedStrings = related('/sharedStrings', 'xl/sharedStrings.xml', readSharedStrings);
  // Number formats only refine how item numbers read: damaged styles are read as none.
  const formats = related('/styles', 'xl/styles.xml', (xml, part) => {
    try {
      return readCellFormats(xml, part);
    } catch {
      return [];
    }
  });
  // Chart sheets and dialog sheets have other relationship types: they hold no cells and are left out.
  return listed.filter((s): s is { name: string; state: string; part: string } => s.part !== undefined).map(({ name, state, part }) => {
    let cells: SheetCells | undefined;
    return {
      name,
      state,
      part,
      cells(): SheetCells {
        if (cells) return cells;
        const xml = parts.get(part);
        if (!xml) throw damaged(`the part ${part} of the sheet "${name}" is missing`);
        // Damaged shared strings answer a GatewayError of their own.
        const strings = sharedStrings();
        const styles = formats();
        const show: ShownNumber = (value, style) => formatWithCode(value, styles[Number(style)]);
        try {
          return (cells = readSheetCells(xml, part, strings, name, show));
        } catch (err) {
          throw damaged((err as Error).message, err);
        }
      },
    };
  });
}

/**
 * The sheets of an xlsx workbook: its bytes checked and inflated natively (guard.ts), the XML of its parts
 * streamed (sheet-xml.ts).
 * @throws GatewayError GW_ERR_PARSE (400, key `excelFile`): see guard.ts and {@link workbookSheets}
 */
export const readWorkbook = (bytes: Buffer): WorkbookSheet[] => workbookSheets(new Map(workbookParts(bytes).map((p) => [p.name, p.data])));
