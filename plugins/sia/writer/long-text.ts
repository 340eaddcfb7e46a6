/**
 * A long text → the variables of SIA 451 type-3 records: one paragraph a variable (01–99), each as lines of 30
 * characters (line numbers 01–99), words wrapped (`wrapWords`). A SIA 451 reader joins the lines of a variable with a
 * blank and the variables with a line break, so that a text too long for that layout can still be written whole by
 * giving up paragraph breaks only: a paragraph needing more than 99 lines continues in the next variable, and when
 * there are more than 99 variables, neighbouring ones are joined (their lines one after the other) as far as needed,
 * from the first on, each up to 99 lines. Only what exceeds 99 × 99 lines is not written.
 * Record layout: ItsWasteD/npk-tools `src/types/npk_types.ts` (variable and line number, 2 digits each), text width
 * janhajk/451 `lib/sia451.js`.
 */
import { wrapWords } from '../../../core/text/records.js';

/** Variables (01–99) and lines per variable (01–99) of SIA 451. */
export const MAX_VARIABLES = 99;
export const MAX_LINES = 99;

export interface LongTextLayout {
  /** The lines of each variable, in order (variable 01 first). */
  variables: string[][];
  /** A word longer than the width was split over two records. */
  split: boolean;
  /** Paragraphs longer than 99 lines, continued in the next variable. */
  continued: number;
  /** Paragraph breaks given up (a piece joined to the variable before), to fit 99 variables. */
  joined: number;
  /** Lines not written (beyond 99 × 99). */
  cutLines: number;
}

/**
 * Lays out `paragraphs` (non-empty, in order) as variables of lines of `width` characters.
 * @param paragraphs the long text's paragraphs, plain text
 * @param width characters per text record (30)
 */
export function layoutLongText(paragraphs: readonly string[], width: number): LongTextLayout {
  let split = false;
  let continued = 0;
  const pieces: string[][] = [];
  for (const paragraph of paragraphs) {
    const wrapped = wrapWords(paragraph, width);
    split ||= wrapped.split;
    if (wrapped.lines.length > MAX_LINES) continued++;
    for (let i = 0; i < wrapped.lines.length; i += MAX_LINES) pieces.push(wrapped.lines.slice(i, i + MAX_LINES));
  }
  const variables: string[][] = [];
  let joined = 0;
  pieces.forEach((piece, i) => {
    const last = variables[variables.length - 1];
    const mustJoin = pieces.length - i > MAX_VARIABLES - variables.length;
    if (last !== undefined && mustJoin && last.length + piece.length <= MAX_LINES) {
      last.push(...piece);
      joined++;
    } else {
      variables.push([...piece]);
    }
  });
  const cutLines = variables.slice(MAX_VARIABLES).reduce((n, v) => n + v.length, 0);
  return { variables: variables.slice(0, MAX_VARIABLES), split, continued, joined, cutLines };
}
