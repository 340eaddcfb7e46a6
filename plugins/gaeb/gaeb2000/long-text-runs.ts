/**
 * A long text as the GAEB 2000 writer sees it: paragraphs of runs with bold/italic/underline, made from the
 * intermediate long-text form (core/text/long-text.ts), and a key of what they show, to tell whether two long
 * texts read back the same.
 *
 * Whitespace is of two kinds, because the model's plain text (core/text/plain-text.ts) treats them differently:
 * literal blanks and tabs collapse to one space (HTML rules), while whitespace written as a character reference is
 * text that is kept (the form's `kept` spans: `&nbsp;`, `&#9;`, `&#32;`). A run with `kept` holds only such
 * whitespace, so that the RTF writer can carry the difference (rtf.ts `runsToRtf`).
 */
import { cellParagraphs, type Block, type Inline, type LongText } from '../../../core/text/long-text.js';
import type { RtfRun } from './rtf.js';

/**
 * Paragraphs of runs: each paragraph, list item paragraph and table row is a paragraph (an empty one an empty
 * line), `br` a run '\n', table cells separated by a kept tab (the paragraphs inside one cell by a blank), a text
 * complement its caption, body and tail, a page break an empty line; images give nothing.
 * @returns the paragraphs and whether any visible text is bold, italic or underlined
 */
export function longTextRuns(form: LongText): { paragraphs: RtfRun[][]; formatted: boolean } {
  const paragraphs: RtfRun[][] = [];
  const state = { formatted: false };
  const blocks = (list: readonly Block[]) => {
    for (const b of list) {
      if (b.t === 'p' || b.t === 'div') {
        const runs: RtfRun[] = [];
        inlines(b.inl, runs, state);
        paragraphs.push(runs);
      } else if (b.t === 'page') paragraphs.push([]); // an empty line, as in the plain text
      else if (b.t === 'list') for (const item of b.items) blocks(item.blocks);
      else if (b.t === 'table') {
        for (const row of b.rows) {
          const runs: RtfRun[] = [];
          row.cells.forEach((cell, k) => {
            if (k > 0) runs.push({ text: '\t', bold: false, italic: false, underline: false, kept: true });
            // the paragraphs of one cell are separated by a blank, as in the plain text
            cellParagraphs(cell).forEach((inl, i) => {
              if (i > 0) runs.push({ text: ' ', bold: false, italic: false, underline: false });
              inlines(inl, runs, state);
            });
          });
          paragraphs.push(runs);
        }
      }
    }
  };
  blocks(form.blocks);
  return { paragraphs, formatted: state.formatted };
}

function inlines(list: readonly Inline[], runs: RtfRun[], state: { formatted: boolean }): void {
  for (const i of list) {
    if (i.t === 'span') {
      const { bold, italic, underline } = i.fmt;
      const run: RtfRun = { text: i.text, bold, italic, underline };
      if (i.kept) run.kept = true;
      runs.push(run);
      if ((bold || italic || underline) && i.text.trim() !== '') state.formatted = true;
    } else if (i.t === 'br') runs.push({ text: '\n' });
    else if (i.t === 'tc') {
      inlines(i.tc.caption ?? [], runs, state);
      inlines(i.tc.body, runs, state);
      inlines(i.tc.tail ?? [], runs, state);
    }
  }
}

/** True when the form holds what GAEB 2000 text cannot: tables, images, fonts, font sizes or colours. */
export function hasDroppedFormatting(form: LongText): boolean {
  const styled = (style: string | undefined) => style !== undefined && /font-family|font-size|color\s*:/i.test(style);
  const inl = (list: readonly Inline[]): boolean =>
    list.some((i) => i.t === 'img' || (i.t === 'span' && styled(i.style)) || (i.t === 'tc' && inl(i.tc.body)));
  const blocks = (list: readonly Block[]): boolean => list.some((b) => {
    if (b.t === 'table' || b.t === 'img') return true;
    if (b.t === 'list') return b.items.some((item) => blocks(item.blocks));
    return (b.t === 'p' || b.t === 'div') && (styled(b.style) || inl(b.inl));
  });
  return blocks(form.blocks);
}

/** A paragraph that the readers drop at the edges of a text: only line breaks and literal whitespace. */
const isBlank = (p: readonly RtfRun[]): boolean => p.every((r) => r.text === '\n' || (!r.kept && r.text.trim() === ''));

/**
 * What paragraphs of runs show, as one string: per paragraph its runs, adjacent runs of the same kind (bold,
 * italic, underline, kept, line break) merged, blank paragraphs at the start and end left out (no GAEB 2000 reader
 * keeps them). Two long texts with the same key have the same text, whitespace kinds, breaks and b/i/u.
 */
export function runsKey(paragraphs: readonly (readonly RtfRun[])[]): string {
  let first = 0;
  let last = paragraphs.length - 1;
  while (first <= last && isBlank(paragraphs[first])) first++;
  while (last >= first && isBlank(paragraphs[last])) last--;
  return paragraphs.slice(first, last + 1).map((p) => {
    let out = '';
    let kind: string | undefined;
    for (const r of p) {
      if (r.text === '') continue;
      const k = r.text === '\n' && r.bold === undefined ? 'n' : `${r.bold ? 'b' : ''}${r.italic ? 'i' : ''}${r.underline ? 'u' : ''}${r.kept ? 'k' : ''}`;
      if (k !== kind) out += `\u0001${k}\u0002`;
      kind = k;
      out += r.text;
    }
    return out;
  }).join('\u0003');
}
