/**
 * Plain text of a long text, line by line: the sink that every plain-text derivation drives (the walk over the
 * intermediate long-text form in plain-text.ts, and readers that build HTML from structured events, such as the GAEB
 * DA XML reader, which feed text and tags to a sink directly and so get the same plain text as converting that HTML).
 *
 * The rules (the model's, AVACloud 1.27.4 API conventions, Dangl-IT/avacloud-client-python API_README.md "Long
 * texts"): `p`, `div`, `li`, `tr`, headings and `br` end lines, an empty paragraph is an empty line, table cells are
 * separated by a tab, whitespace runs collapse to one space as in HTML, whitespace written as a character reference
 * is kept, trailing whitespace of each line and leading/trailing empty lines are removed.
 */
import { Pieces } from './html-output.js';

/** Elements that form lines of their own: an empty one is an empty line. */
const LINE_BLOCKS = new Set([
  'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'dt', 'dd', 'address', 'center',
  'section', 'article', 'header', 'footer', 'caption', 'figcaption', 'summary', 'details', 'legend', 'main', 'nav',
]);
/** Elements that only separate lines. */
const CONTAINER_BLOCKS = new Set(['table', 'thead', 'tbody', 'tfoot', 'ul', 'ol', 'dl', 'hr', 'figure', 'fieldset', 'form']);

const isUnicodeSpace = (c: number): boolean =>
  c === 0xa0 || c === 0x85 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
  c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/** White space the sink collapses, besides single blanks: tab, line feed, form feed, carriage return, two blanks. */
const COLLAPSIBLE = /[\t\n\f\r]| {2}/;

/** A sink's state between two texts ({@link PlainTextSink.state}). */
export interface PlainTextState {
  readonly text: string;
  readonly needsTidy: boolean;
  readonly endsWithSpace: boolean;
  readonly atLineStart: boolean;
  readonly pendingSpace: boolean;
  readonly pendingNewlines: number;
  readonly blockOpenedEmpty: boolean;
  readonly inCell: boolean;
  readonly cellsInRow: number;
}

/**
 * Accumulates plain text line by line. Whitespace runs collapse to one space written lazily before the next
 * visible character (so no line ends in a collapsed space and none starts with one). Besides
 * {@link htmlToPlainText}, a reader that builds HTML from structured events drives one directly (text with
 * {@link PlainTextSink.text}, tags with {@link applyTag}), which gives the same text as converting that HTML.
 */
export class PlainTextSink {
  /** The output so far, in pieces (joined once by `finish`, so the result is one flat string). */
  private readonly out = new Pieces();
  /** Text this one goes on from (a resumed {@link PlainTextState}), not part of `out`. */
  private prefix = '';
  /** Set when a line may end in whitespace that the final tidy-up has to trim. */
  private needsTidy = false;
  /** The last character written is whitespace (a decoded space, a cell tab, a Unicode space). */
  private endsWithSpace = false;
  private atLineStart = true;
  private pendingSpace = false;
  private pendingNewlines = 0;
  private blockOpenedEmpty = false;
  private inCell = false;
  private cellsInRow = 0;

  /** @param keepNewlines treat source line breaks as line breaks (input without any tag) */
  constructor(private readonly keepNewlines: boolean) {}

  private newline(): void {
    if (this.endsWithSpace) this.needsTidy = true;
    if (!this.out.empty || this.prefix !== '') this.pendingNewlines++;
    this.atLineStart = true;
    this.pendingSpace = false;
  }

  private softSpace(): void {
    if (!this.atLineStart) this.pendingSpace = true;
  }

  private beforeContent(): void {
    if (this.pendingNewlines > 0) {
      this.out.push(this.pendingNewlines === 1 ? '\n' : '\n'.repeat(this.pendingNewlines));
      this.pendingNewlines = 0;
    }
    if (this.pendingSpace) {
      this.out.push(' ');
      this.pendingSpace = false;
    }
    this.atLineStart = false;
    this.blockOpenedEmpty = false;
  }

  /**
   * Text whose white space needs no collapsing: not empty, no tab, line break or form feed, no two blanks in a row
   * (one blank at either end is a soft space); what {@link text} does with such text, without looking for them.
   */
  simpleText(s: string): void {
    const end = s.length;
    const from = s.charCodeAt(0) === 32 ? 1 : 0;
    const to = s.charCodeAt(end - 1) === 32 ? end - 1 : end;
    if (from > 0) this.softSpace();
    if (to <= from) return;
    this.beforeContent();
    this.out.push(from === 0 && to === end ? s : s.slice(from, to));
    const last = s.charCodeAt(to - 1);
    this.endsWithSpace = last >= 0x80 && isUnicodeSpace(last);
    if (to < end) this.softSpace();
  }

  /** Characters `s[start..end)` of decoded text. */
  text(s: string, start: number, end: number): void {
    if (start === 0 && end === s.length && end > 0 && !COLLAPSIBLE.test(s)) return this.simpleText(s);
    let run = start;
    let last = -1;
    for (let i = start; i < end; i++) {
      const c = s.charCodeAt(i);
      if (c > 32) {
        if (i === run) this.beforeContent();
        last = c;
        continue;
      }
      if (c === 32 && i > run && i + 1 < end && s.charCodeAt(i + 1) > 32) continue;
      if (c === 32 || c === 10 || c === 13 || c === 9 || c === 12) {
        if (i > run) this.out.push(s.slice(run, i));
        run = i + 1;
        if (last !== -1) this.endsWithSpace = last >= 0x80 && isUnicodeSpace(last);
        last = -1;
        if (this.keepNewlines && (c === 10 || (c === 13 && s.charCodeAt(i + 1) !== 10))) this.lineBreak();
        else this.softSpace();
      } else {
        if (i === run) this.beforeContent();
        last = c;
      }
    }
    if (end > run) this.out.push(s.slice(run, end));
    if (last !== -1) this.endsWithSpace = last >= 0x80 && isUnicodeSpace(last);
  }

  decoded(value: string): void {
    if (value === '') return;
    if (value === '\n') return this.lineBreak();
    this.beforeContent();
    this.out.push(value);
    const c = value.charCodeAt(value.length - 1);
    this.endsWithSpace = c <= 32 || (c >= 0x80 && isUnicodeSpace(c));
  }

  lineBreak(): void {
    if (this.inCell) return this.softSpace();
    this.newline();
    this.blockOpenedEmpty = false;
  }

  openLineBlock(): void {
    if (this.inCell) return this.softSpace();
    if (!this.atLineStart) this.newline();
    this.blockOpenedEmpty = true;
  }

  closeLineBlock(): void {
    if (this.inCell) return this.softSpace();
    if (!this.atLineStart || this.blockOpenedEmpty) this.newline();
    this.blockOpenedEmpty = false;
  }

  containerBoundary(): void {
    if (this.inCell) return this.softSpace();
    if (!this.atLineStart) this.newline();
    this.blockOpenedEmpty = false;
  }

  row(open: boolean): void {
    this.inCell = false;
    this.cellsInRow = 0;
    if (open) this.openLineBlock();
    else this.closeLineBlock();
  }

  cell(open: boolean): void {
    if (!open) {
      this.inCell = false;
      return;
    }
    if (this.cellsInRow++ > 0) {
      this.pendingSpace = false;
      this.beforeContent();
      this.endsWithSpace = true;
      this.out.push('\t');
      this.atLineStart = false;
      this.blockOpenedEmpty = false;
    }
    this.inCell = true;
  }

  /**
   * Where the text fed so far has left the sink: a text that several texts begin with (an ÖNORM Grundtext, followed
   * by each of its Folgepositionen's own) is fed once, and each of the others resumes from its state.
   */
  state(): PlainTextState {
    return {
      text: this.joined(), needsTidy: this.needsTidy, endsWithSpace: this.endsWithSpace, atLineStart: this.atLineStart,
      pendingSpace: this.pendingSpace, pendingNewlines: this.pendingNewlines, blockOpenedEmpty: this.blockOpenedEmpty,
      inCell: this.inCell, cellsInRow: this.cellsInRow,
    };
  }

  /**
   * Empties the sink for the next text, or sets it to `from` (see {@link state}): feeding it then gives exactly
   * what feeding that state's events and the new ones would. The text of `from` is kept as the first part of the
   * result, not copied (the result is a rope of the two).
   */
  reset(from?: PlainTextState): void {
    this.out.clear();
    this.prefix = from?.text ?? '';
    this.needsTidy = from?.needsTidy ?? false;
    this.endsWithSpace = from?.endsWithSpace ?? false;
    this.atLineStart = from?.atLineStart ?? true;
    this.pendingSpace = from?.pendingSpace ?? false;
    this.pendingNewlines = from?.pendingNewlines ?? 0;
    this.blockOpenedEmpty = from?.blockOpenedEmpty ?? false;
    this.inCell = from?.inCell ?? false;
    this.cellsInRow = from?.cellsInRow ?? 0;
  }

  /** The text fed so far, before the tidy-up: the resumed state's text followed by the pieces joined. */
  private joined(): string {
    const own = this.out.joined();
    return this.prefix === '' ? own : own === '' ? this.prefix : this.prefix + own;
  }

  /** The plain text fed so far. */
  finish(): string {
    const out = this.joined();
    return this.needsTidy || this.endsWithSpace ? tidyLines(out) : out;
  }

  endTable(): void {
    this.inCell = false;
    this.containerBoundary();
  }
}

function tidyLines(raw: string): string {
  const lines = raw.split('\n');
  let first = 0;
  let last = lines.length - 1;
  for (let i = 0; i < lines.length; i++) lines[i] = lines[i].trimEnd();
  while (first <= last && lines[first] === '') first++;
  while (last >= first && lines[last] === '') last--;
  return first > last ? '' : lines.slice(first, last + 1).join('\n');
}

/** What a tag does to the plain text ({@link tagKind}). */
export const TAG_NONE = 0;
const TAG_BR = 1;
const TAG_ROW = 2;
const TAG_CELL = 3;
const TAG_TABLE = 4;
const TAG_LINE = 5;
const TAG_CONTAINER = 6;

/** What a tag named `name` (lower case) does to the plain text, for {@link applyTagKind}. */
export function tagKind(name: string): number {
  if (name === 'br') return TAG_BR;
  if (name === 'tr') return TAG_ROW;
  if (name === 'td' || name === 'th') return TAG_CELL;
  if (name === 'table') return TAG_TABLE;
  if (LINE_BLOCKS.has(name)) return TAG_LINE;
  if (CONTAINER_BLOCKS.has(name)) return TAG_CONTAINER;
  return TAG_NONE;
}

/** The effect of a start (`closing` false) or end tag of the given {@link tagKind} on the plain text. */
export function applyTagKind(sink: PlainTextSink, kind: number, closing: boolean): void {
  switch (kind) {
    case TAG_BR: return sink.lineBreak();
    case TAG_ROW: return sink.row(!closing);
    case TAG_CELL: return sink.cell(!closing);
    case TAG_TABLE: return sink.endTable();
    case TAG_LINE: return closing ? sink.closeLineBlock() : sink.openLineBlock();
    case TAG_CONTAINER: return sink.containerBoundary();
    default: return undefined;
  }
}

/** The effect of a start (`closing` false) or end tag named `name` (lower case) on the plain text. */
export function applyTag(sink: PlainTextSink, name: string, closing: boolean): void {
  applyTagKind(sink, tagKind(name), closing);
}
