/**
 * What a long text begins with (its leading paragraphs as plain words): used by writers whose short-text field is
 * shorter than the short text, to tell whether the long text already holds the whole short text (ÖNORM `stichwort`,
 * 60 characters; GAEB 90 record 25, 70 characters) or a note text's title.
 */
import type { Inline, LongText } from './long-text.js';

/** The plain words of a paragraph's inline content: text complements with their caption, a line break a blank. */
export function inlineText(list: readonly Inline[]): string {
  let s = '';
  for (const i of list) {
    if (i.t === 'span') s += i.text;
    else if (i.t === 'br') s += ' ';
    else if (i.t === 'tc') s += inlineText([...(i.tc.caption ?? []), ...i.tc.body, ...(i.tc.tail ?? [])]);
  }
  return s;
}

/** The first non-empty paragraph of a form as plain words, '' when it has none (for a short text derived from it). */
export function firstLineOf(form: LongText): string {
  for (const b of form.blocks) {
    if (b.t !== 'p' && b.t !== 'div') continue;
    const text = inlineText(b.inl).trim();
    if (text !== '') return text;
  }
  return '';
}

/**
 * Whether the text of `form` begins with `text`: its leading paragraphs (up to the first list or table), white space
 * collapsed in both.
 * @param form a long text; undefined: empty
 */
export function beginsWith(form: LongText | undefined, text: string): boolean {
  const wanted = text.replace(/\s+/g, ' ').trim();
  let s = '';
  for (const b of form?.blocks ?? []) {
    if (s.length >= wanted.length || (b.t !== 'p' && b.t !== 'div')) break;
    s = `${s} ${inlineText(b.inl)}`.replace(/\s+/g, ' ').trimStart();
  }
  return s.startsWith(wanted);
}
