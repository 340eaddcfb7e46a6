/**
 * Long text lines of GAEB 90 (records 26, T1) from the intermediate long-text form (core/text/long-text.ts):
 * paragraphs of runs, each run plain text or the whole text of one text complement (record 26 marks a complement
 * line with its label and kind, cols 74–76).
 */
import { cellParagraphs, type Block, type Inline, type LongText } from '../../../core/text/long-text.js';
import type { Run } from './records.js';

/**
 * Paragraphs of runs: every paragraph, list item paragraph and table row is one (an empty one an empty line), `br`
 * starts a new one, table cells — and the paragraphs and lines inside one cell — are separated by a blank, a
 * non-breaking space is a blank (GAEB 90 has no other space), a text complement is one run of its caption, body and
 * tail (line breaks inside it become blanks) with its kind and label; a page break is an empty line, images give
 * nothing.
 */
export function longTextParagraphs(form: LongText): Run[][] {
  const paragraphs: Run[][] = [];
  const blocks = (list: readonly Block[]) => {
    for (const b of list) {
      if (b.t === 'p' || b.t === 'div') paragraphs.push(...lines(b.inl));
      else if (b.t === 'page') paragraphs.push([]); // an empty line, as in the plain text
      else if (b.t === 'list') for (const item of b.items) blocks(item.blocks);
      else if (b.t === 'table') {
        for (const row of b.rows) {
          const runs: Run[] = [];
          row.cells.forEach((cell, k) => {
            if (k > 0) runs.push({ text: ' ' });
            // the paragraphs and lines of one cell are separated by a blank, as in the plain text
            cellParagraphs(cell).flatMap(lines).forEach((line, i) => {
              if (i > 0) runs.push({ text: ' ' });
              runs.push(...line);
            });
          });
          paragraphs.push(runs);
        }
      }
    }
  };
  blocks(form.blocks);
  return paragraphs;
}

/** The inlines of one paragraph as lines of runs (a `br` ends a line). */
function lines(list: readonly Inline[]): Run[][] {
  const out: Run[][] = [[]];
  for (const i of list) {
    if (i.t === 'span') out[out.length - 1].push({ text: i.text.replace(/\u00a0/g, ' ') });
    else if (i.t === 'br') out.push([]);
    else if (i.t === 'tc') {
      const text = [...(i.tc.caption ?? []), ...i.tc.body, ...(i.tc.tail ?? [])]
        .map((x) => (x.t === 'span' ? x.text.replace(/\u00a0/g, ' ') : x.t === 'br' ? ' ' : ''))
        .join('');
      out[out.length - 1].push({ text, kind: i.tc.kind, label: i.tc.markLbl === undefined ? '' : String(i.tc.markLbl) });
    }
  }
  return out;
}
