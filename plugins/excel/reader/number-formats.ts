/**
 * The number formats of a workbook's cell styles, as far as the reader needs them: a number typed into an item
 * number cell (`1.10`) is read as its format shows it when the format has fixed digits (`0.00`, `00.000`), so
 * `1.1` and `1.10` stay apart. The styles part (`xl/styles.xml`, ECMA-376 Part 1 §18.8) lists the custom formats
 * (`<numFmts><numFmt numFmtId formatCode>`, §18.8.30/31) and the cell formats (`<cellXfs><xf numFmtId>`, §18.8.10),
 * whose index a cell's `s` attribute names; ids below 164 are built in (§18.8.30: 1 `0`, 2 `0.00`).
 */
import { formatFixed } from '../../../core/model/decimal.js';
import { streamPart } from './sheet-xml.js';

const BUILT_IN: Record<string, string> = { 1: '0', 2: '0.00' };

/** A format code of fixed digits (`0.00`, `00.000`): the least integer digits, and the decimals. */
const FIXED = /^(0+)(?:\.(0+))?$/;

/** The format code of each cell style (index = a cell's `s`), undefined where it has none. */
export function readCellFormats(xml: Buffer | undefined, part: string): (string | undefined)[] {
  const formats: (string | undefined)[] = [];
  if (!xml) return formats;
  const custom = new Map<string, string>();
  let inCellXfs = false;
  streamPart(xml, part, {
    open(name, a) {
      if (name === 'numFmt' && a.numFmtId !== undefined && a.formatCode !== undefined) custom.set(a.numFmtId, a.formatCode);
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formats.push(a.numFmtId === undefined ? undefined : custom.get(a.numFmtId) ?? BUILT_IN[a.numFmtId]);
    },
    text() {},
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats;
}

/** A number as a format code of fixed digits shows it (`1.1` in `0.00` → `1.10`), or undefined for other codes and negative numbers. */
export function formatWithCode(value: number, code: string | undefined): string | undefined {
  const m = code === undefined ? null : FIXED.exec(code);
  if (!m || !(value >= 0)) return undefined;
  const text = formatFixed(value, m[2]?.length ?? 0);
  if (text === undefined) return undefined;
  const dot = text.indexOf('.');
  return text.padStart(m[1].length + (dot < 0 ? 0 : text.length - dot), '0');
}
