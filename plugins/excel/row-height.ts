/**
 * The height of a row whose wrapped texts (kind, short and long text columns) take several lines, estimated when the
 * workbook is written. A row without a stored height (`<row>` without `ht`) is shown by Excel at the height its
 * wrapped cells need, but LibreOffice Calc opens it one line high and shows (and prints) only the first line of each
 * text (the same is reported for other writers, e.g. EPPlus issue #674). A row is therefore written with the
 * estimated height `ht` but without `customHeight` — ECMA-376 Part 1 §18.3.1.73: `customHeight` "1 if the row height
 * has been manually set" — so the height stays one a spreadsheet program may fit again to the content, while a
 * program that does not fit rows on opening shows every line.
 *
 * The estimate is meant not to fall short: a column width is counted in characters of the default font's widest
 * digit (§18.3.1.13, `col@width`), and the text is wrapped at word boundaries as if each character were as wide as
 * that digit, capitals wider (`M`, `W`, `m`, `w` wider still), narrow letters, punctuation and spaces narrower —
 * the widths of a proportional sans such as Calibri, rounded up for most letters. LibreOffice without Calibri draws
 * a wider sans in a column widened in proportion and fits more of the text on a line than estimated (LibreOffice 7.4
 * with DejaVu Sans: some 95 characters of German text in an 80-wide column, where 80 are counted). Each line takes
 * {@link LINE_HEIGHT_POINTS}. A program that keeps the written height instead of fitting the row again shows every
 * line too, with some room below the last. A text needing more than the highest row Excel allows
 * ({@link MAX_ROW_HEIGHT_POINTS}) is shown up to that height; the cell still holds all of it.
 */

/** Points per line of Calibri 11, the workbook's font: Excel's default row height. */
export const LINE_HEIGHT_POINTS = 15;
/** The highest row Excel allows (Excel specifications and limits: "Row height: 409 points"). */
export const MAX_ROW_HEIGHT_POINTS = 409;
/** Character widths subtracted from a column's width for the cell's margins. */
const CELL_MARGIN = 1;

/**
 * Character widths in tenths of a digit width (an estimate for proportional sans fonts, rounded up), by UTF-16
 * code unit below 256; other characters count as one digit.
 */
const WIDTHS = (() => {
  const w = new Uint8Array(256).fill(10);
  for (const c of ' iljtfrI.,:;!|\'"()[]-') w[c.charCodeAt(0)] = 6;
  for (let c = 65; c <= 90; c++) w[c] = 13;
  for (const c of 'ÄÖÜ') w[c.charCodeAt(0)] = 13;
  w['w'.charCodeAt(0)] = 15;
  w['m'.charCodeAt(0)] = 16;
  for (const c of 'MW') w[c.charCodeAt(0)] = 18;
  return w;
})();
/** The widest character of {@link WIDTHS}, and any beyond it. */
const MAX_WIDTH = 18;
const SPACE = 32;
const LINE_FEED = 10;

/**
 * Lines `text` takes when wrapped in a column `widthChars` wide (its `col@width`): each line break starts a line (an
 * empty paragraph takes one), words wrap at spaces, a word longer than a line is broken. One pass over the text,
 * nothing allocated (it runs for every short and long text of a workbook).
 *
 * @param text the cell text, line breaks as `\n`
 * @param widthChars the column width in characters of the default font's widest digit
 * @returns the number of lines, at least 1
 */
export function wrappedLineCount(text: string, widthChars: number): number {
  const capacity = Math.max(10, (widthChars - CELL_MARGIN) * 10);
  // most short texts: one line however wide their characters are
  if (text.length * MAX_WIDTH <= capacity && !text.includes('\n')) return 1;
  const space = WIDTHS[SPACE];
  let lines = 1;
  let used = 0; // width of the current line before the current word, its trailing space included
  let word = 0; // width of the current word
  const endWord = (): void => {
    if (used > 0 && used + word > capacity) {
      lines++;
      used = 0;
    }
    // a word wider than a line is broken over as many lines as it fills
    while (word > capacity) {
      lines++;
      word -= capacity;
    }
    used += word;
    word = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === SPACE) {
      endWord();
      used += space;
    } else if (c === LINE_FEED) {
      endWord();
      lines++;
      used = 0;
    } else word += c < 256 ? WIDTHS[c] : 10;
  }
  endWord();
  return lines;
}

/**
 * The row height in points for a row whose tallest wrapped cell takes `lines` lines; undefined for a single line
 * (the default height already fits it).
 */
export function rowHeightPoints(lines: number): number | undefined {
  return lines > 1 ? Math.min(lines * LINE_HEIGHT_POINTS, MAX_ROW_HEIGHT_POINTS) : undefined;
}
