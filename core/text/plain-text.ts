/**
 * The model's two long-text forms (`longText` plain, `htmlLongText` HTML) from each other (AVACloud 1.27.4 API
 * conventions, Dangl-IT/avacloud-client-python API_README.md "Long texts … mutually synchronised"): the plain text
 * of an HTML long text is a walk over its intermediate form (long-text.ts) into a `PlainTextSink`; the HTML of a
 * plain text is one `<p><span>…</span></p>` per line.
 */
import { parseLongText, type Block, type Inline, type LongText } from './long-text.js';
import { PlainTextSink } from './plain-text-sink.js';

/**
 * The plain text of a parsed long text: paragraphs, list items and table rows end lines (an empty paragraph is an
 * empty line; inside a table cell a space), `br` ends a line, table cells are separated by a tab, a text complement
 * reads as its caption, body and tail, a page break is an empty line, images give nothing; whitespace collapses as in HTML except whitespace written as a
 * character reference (`&nbsp;` a space, `&#9;` a tab, `&#10;` a line break). Lines are trimmed at the end, and
 * empty lines at the start and end dropped.
 */
export function longTextToPlain(text: LongText): string {
  const sink = new PlainTextSink(false);
  blocks(sink, text.blocks);
  return sink.finish();
}

/** {@link longTextToPlain} of {@link parseLongText}: the plain text of an HTML long text. Never throws. */
export function htmlToPlainText(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  return longTextToPlain(parseLongText(html));
}

/**
 * The plain text of a long text that is one paragraph per line (`<p>line</p>…`, the line's text escaped, optionally
 * inside spans), without building or parsing the HTML: what {@link htmlToPlainText} gives for it.
 * @param lines the paragraphs' texts, unescaped
 * @param kept  true when the HTML writes the lines' blanks and tabs as character references (`plainTextToHtml`):
 *   they are kept; false when they are literal and collapse
 */
export function plainTextOfLines(lines: readonly string[], kept: boolean): string {
  const sink = new PlainTextSink(false);
  for (const line of lines) {
    sink.openLineBlock();
    if (kept) sink.decoded(line.trimEnd());
    else sink.text(line, 0, line.length);
    sink.closeLineBlock();
  }
  return sink.finish();
}

function blocks(sink: PlainTextSink, list: readonly Block[]): void {
  for (const b of list) {
    switch (b.t) {
      case 'p':
      case 'div':
        if (b.implicit) inlines(sink, b.inl);
        else {
          sink.openLineBlock();
          inlines(sink, b.inl);
          sink.closeLineBlock();
        }
        break;
      case 'page':
        // the page-break `div` of the HTML: a line block of its own, as the readers derive it
        sink.openLineBlock();
        sink.closeLineBlock();
        break;
      case 'list':
        sink.containerBoundary();
        for (const item of b.items) {
          sink.openLineBlock();
          blocks(sink, item.blocks);
          sink.closeLineBlock();
        }
        sink.containerBoundary();
        break;
      case 'table':
        sink.containerBoundary();
        for (const row of b.rows) {
          sink.row(true);
          for (const cell of row.cells) {
            sink.cell(true);
            blocks(sink, cell.blocks);
            sink.cell(false);
          }
          sink.row(false);
        }
        sink.endTable();
        break;
      default:
        break;
    }
  }
}

/** Whitespace written as character references: kept as it is (`&nbsp;` as a space), `&#10;` ends a line. */
function keptText(sink: PlainTextSink, text: string): void {
  const lines = text.replace(/\u00a0/g, ' ').split('\n');
  lines.forEach((line, k) => {
    if (k > 0) sink.lineBreak();
    sink.decoded(line);
  });
}

function inlines(sink: PlainTextSink, list: readonly Inline[]): void {
  for (const i of list) {
    if (i.t === 'span') {
      if (i.kept) keptText(sink, i.text);
      else sink.text(i.text, 0, i.text.length);
    } else if (i.t === 'br') sink.lineBreak();
    else if (i.t === 'tc') {
      if (i.tc.caption) inlines(sink, i.tc.caption);
      inlines(sink, i.tc.body);
      if (i.tc.tail) inlines(sink, i.tc.tail);
    }
  }
}

function escapeLine(line: string): string {
  let out = '';
  let run = 0;
  let previousVisible = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    let rep: string | undefined;
    if (c === 32) {
      if (!previousVisible) rep = '&nbsp;';
      previousVisible = false;
    } else {
      previousVisible = true;
      if (c === 38) rep = '&amp;';
      else if (c === 60) rep = '&lt;';
      else if (c === 62) rep = '&gt;';
      else if (c === 9) rep = '&#9;';
    }
    if (rep !== undefined) {
      out += line.slice(run, i) + rep;
      run = i + 1;
    }
  }
  return run === 0 ? line : out + line.slice(run);
}

/**
 * Converts a plain long text to HTML: one `<p><span>…</span></p>` per line, `<p></p>` for an empty line; `& < >`
 * are escaped, leading spaces and every space after another become `&nbsp;` and tabs `&#9;`, so that
 * {@link htmlToPlainText} gives the text back (up to trailing whitespace and leading/trailing empty lines, which
 * are dropped). Empty text gives `""`.
 *
 * Source: AVACloud 1.27.4 API conventions (Dangl-IT/avacloud-client-python, API_README.md, docs) "Long texts" (server HTML wraps text in `<span>`).
 */
export function plainTextToHtml(text: string): string {
  if (typeof text !== 'string' || text === '') return '';
  const lines = text.split(/\r\n?|\n/);
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && lines[first].trim() === '') first++;
  while (last >= first && lines[last].trim() === '') last--;
  let html = '';
  for (let i = first; i <= last; i++) {
    const line = lines[i].trimEnd();
    html += line === '' ? '<p></p>' : `<p><span>${escapeLine(line)}</span></p>`;
  }
  return html;
}