/**
 * The two long-text forms of a description (`longText` plain, `htmlLongText` HTML), kept in sync by the
 * normalisation (AVACloud 1.27.4 API conventions (Dangl-IT/avacloud-client-python, API_README.md, docs) "Long texts … mutually synchronised").
 *
 * Both directions are single forward passes over the input with no regular expressions on untrusted text, so a
 * 20 MB project with tens of thousands of texts converts in linear time.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'",
  auml: 'ä', ouml: 'ö', uuml: 'ü', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü', szlig: 'ß',
  euro: '€', cent: '¢', pound: '£', yen: '¥', sect: '§', para: '¶', deg: '°', sup1: '¹', sup2: '²', sup3: '³',
  micro: 'µ', middot: '·', times: '×', divide: '÷', plusmn: '±', permil: '‰', frac12: '½', frac14: '¼', frac34: '¾',
  copy: '©', reg: '®', trade: '™', ordf: 'ª', ordm: 'º', iexcl: '¡', iquest: '¿',
  ndash: '–', mdash: '—', hellip: '…', bull: '•', prime: '′', Prime: '″',
  laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„',
  ensp: ' ', emsp: ' ', thinsp: ' ', shy: '', zwnj: '', zwj: '',
  le: '≤', ge: '≥', ne: '≠', asymp: '≈', infin: '∞', minus: '−', larr: '←', rarr: '→', uarr: '↑', darr: '↓',
  agrave: 'à', aacute: 'á', acirc: 'â', atilde: 'ã', aring: 'å', aelig: 'æ', ccedil: 'ç',
  egrave: 'è', eacute: 'é', ecirc: 'ê', euml: 'ë', igrave: 'ì', iacute: 'í', icirc: 'î', iuml: 'ï',
  ntilde: 'ñ', ograve: 'ò', oacute: 'ó', ocirc: 'ô', otilde: 'õ', oslash: 'ø',
  ugrave: 'ù', uacute: 'ú', ucirc: 'û', yacute: 'ý', yuml: 'ÿ',
  Agrave: 'À', Aacute: 'Á', Acirc: 'Â', Aring: 'Å', AElig: 'Æ', Ccedil: 'Ç', Egrave: 'È', Eacute: 'É', Ecirc: 'Ê',
  Ntilde: 'Ñ', Oacute: 'Ó', Ocirc: 'Ô', Oslash: 'Ø', Uacute: 'Ú', Ucirc: 'Û',
};

/** Elements that form lines of their own: an empty one is an empty line. */
const LINE_BLOCKS = new Set([
  'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'dt', 'dd', 'address', 'center',
  'section', 'article', 'header', 'footer', 'caption', 'figcaption', 'summary', 'details', 'legend', 'main', 'nav',
]);
/** Elements that only separate lines. */
const CONTAINER_BLOCKS = new Set(['table', 'thead', 'tbody', 'tfoot', 'ul', 'ol', 'dl', 'hr', 'figure', 'fieldset', 'form']);
/** Elements whose content is never text. */
const SKIPPED_CONTENT = new Set(['script', 'style', 'head', 'title', 'template', 'noscript']);

const isUnicodeSpace = (c: number): boolean =>
  c === 0xa0 || c === 0x85 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
  c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number): boolean => isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 45 || c === 58;

/**
 * True when `s[from..to)` has none of the whitespace the sink collapses: no tab, line feed, form feed, carriage
 * return, and spaces only singly between other characters (none leading, trailing or doubled). The sink keeps
 * such text as it is (other characters below U+0020 count as content). Found with `indexOf`, much faster than a
 * loop over the characters.
 */
function isSimpleText(s: string, from: number, to: number): boolean {
  if (s.charCodeAt(from) === 32 || s.charCodeAt(to - 1) === 32) return false;
  return !contains(s, '  ', from, to) && !contains(s, '\n', from, to) && !contains(s, '\t', from, to) &&
    !contains(s, '\r', from, to) && !contains(s, '\f', from, to);
}

/** Whether `part` occurs within `s[from..to)`. */
function contains(s: string, part: string, from: number, to: number): boolean {
  const at = s.indexOf(part, from);
  return at >= 0 && at + part.length <= to;
}

/**
 * Accumulates plain text line by line. Whitespace runs collapse to one space written lazily before the next
 * visible character (so no line ends in a collapsed space and none starts with one). Besides
 * {@link htmlToPlainText}, a reader that builds HTML from structured events drives one directly (text with
 * {@link PlainTextSink.text}, tags with {@link applyTag}), which gives the same text as converting that HTML.
 */
export class PlainTextSink {
  /** The output so far, in pieces (joined once by `finish`, so the result is one flat string). */
  private readonly out: string[] = [];
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
    if (this.out.length > 0) this.pendingNewlines++;
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

  /** Characters `s[start..end)` of decoded text. */
  text(s: string, start: number, end: number): void {
    if (start === 0 && end === s.length) {
      // A run of content with at most one space before and after it: what the loop below does with it.
      const from = s.charCodeAt(0) === 32 ? 1 : 0;
      const to = s.charCodeAt(end - 1) === 32 ? end - 1 : end;
      if (to > from && isSimpleText(s, from, to)) {
        if (from > 0) this.softSpace();
        this.beforeContent();
        this.out.push(from === 0 && to === end ? s : s.slice(from, to));
        const last = s.charCodeAt(to - 1);
        this.endsWithSpace = last >= 0x80 && isUnicodeSpace(last);
        if (to < end) this.softSpace();
        return;
      }
    }
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

  finish(): string {
    const out = this.out.length === 1 ? this.out[0] : this.out.join('');
    return this.needsTidy || this.endsWithSpace ? tidyLines(out) : out;
  }

  endTable(): void {
    this.inCell = false;
    this.containerBoundary();
  }
}

/** Searches forward for `>`, `"` or `'`, remembering misses so repeated failing searches stay linear. */
class Finder {
  private missGt = Number.POSITIVE_INFINITY;
  private missDouble = Number.POSITIVE_INFINITY;
  private missSingle = Number.POSITIVE_INFINITY;
  /** Quote-aware tag scans that started at or after this index are known to run off the end. */
  quoteScanFailsFrom = Number.POSITIVE_INFINITY;
  constructor(private readonly s: string) {}
  find(ch: '>' | '"' | "'", from: number): number {
    const miss = ch === '>' ? this.missGt : ch === '"' ? this.missDouble : this.missSingle;
    if (from >= miss) return -1;
    const at = this.s.indexOf(ch, from);
    if (at < 0) {
      if (ch === '>') this.missGt = from;
      else if (ch === '"') this.missDouble = from;
      else this.missSingle = from;
    }
    return at;
  }
}

/**
 * Index just after the `>` closing the tag whose attributes start at `from`, or -1 when there is none. Quoted
 * attribute values (`="…"`, `='…'`) may contain `>`; when quotes never balance, the first `>` ends the tag.
 */
function tagEnd(s: string, from: number, finder: Finder): number {
  if (from < finder.quoteScanFailsFrom) {
    let afterEquals = false;
    for (let i = from; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 62) return i + 1;
      if ((c === 34 || c === 39) && afterEquals) {
        const close = finder.find(c === 34 ? '"' : "'", i + 1);
        if (close < 0) break;
        i = close;
        afterEquals = false;
      } else if (c === 61) afterEquals = true;
      else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) afterEquals = false;
    }
    finder.quoteScanFailsFrom = from;
  }
  const gt = finder.find('>', from);
  return gt < 0 ? -1 : gt + 1;
}

/** Decodes the entity at `s[at] === '&'`; returns its text and length, or undefined when it is not one. */
function decodeEntity(s: string, at: number): { text: string; length: number } | undefined {
  const limit = Math.min(s.length, at + 34);
  let i = at + 1;
  if (s.charCodeAt(i) === 35) {
    i++;
    const hex = s.charCodeAt(i) === 120 || s.charCodeAt(i) === 88;
    if (hex) i++;
    const digitsStart = i;
    while (i < limit) {
      const c = s.charCodeAt(i);
      const ok = (c >= 48 && c <= 57) || (hex && ((c >= 97 && c <= 102) || (c >= 65 && c <= 70)));
      if (!ok) break;
      i++;
    }
    if (i === digitsStart || s.charCodeAt(i) !== 59) return undefined;
    const code = parseInt(s.slice(digitsStart, i), hex ? 16 : 10);
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return { text: valid ? String.fromCodePoint(code) : '\ufffd', length: i + 1 - at };
  }
  const nameStart = i;
  while (i < limit && isNameChar(s.charCodeAt(i))) i++;
  if (i === nameStart || s.charCodeAt(i) !== 59) return undefined;
  const text = NAMED_ENTITIES[s.slice(nameStart, i)];
  return text === undefined ? undefined : { text, length: i + 1 - at };
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

/**
 * Converts an HTML long text to plain text: `p`, `div`, `li`, `tr`, headings and `br` end lines (an empty
 * paragraph is an empty line), table cells are separated by a tab, entities (numeric and the common named ones,
 * `&nbsp;` as a plain space) are decoded, all tags are dropped, `script`/`style` content is skipped, whitespace
 * runs collapse to one space as in HTML (input without any `<` keeps its line breaks), trailing whitespace of
 * each line and leading/trailing empty lines are removed. Tolerates unclosed and stray tags and a literal `<`.
 * Never throws.
 *
 * Source: AVACloud 1.27.4 API conventions (Dangl-IT/avacloud-client-python, API_README.md, docs) "Long texts".
 */
export function htmlToPlainText(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  const s = html;
  const sink = new PlainTextSink(s.indexOf('<') < 0);
  const finder = new Finder(s);
  let i = 0;
  let textStart = 0;
  let lt = s.indexOf('<');
  let amp = s.indexOf('&');
  while (i < s.length) {
    if (lt !== -1 && lt < i) lt = s.indexOf('<', i);
    if (amp !== -1 && amp < i) amp = s.indexOf('&', i);
    const special = lt === -1 ? amp : amp === -1 || lt < amp ? lt : amp;
    if (special === -1) break;
    i = special;
    if (i === amp) {
      const entity = decodeEntity(s, i);
      if (!entity) {
        i++;
        continue;
      }
      sink.text(s, textStart, i);
      sink.decoded(entity.text);
      i += entity.length;
      textStart = i;
      continue;
    }
    const next = s.charCodeAt(i + 1);
    const closing = next === 47;
    const nameAt = closing ? i + 2 : i + 1;
    if (next === 33 || next === 63) {
      sink.text(s, textStart, i);
      if (s.startsWith('<!--', i)) {
        const end = s.indexOf('-->', i + 4);
        i = end < 0 ? s.length : end + 3;
      } else if (s.startsWith('<![CDATA[', i)) {
        const end = s.indexOf(']]>', i + 9);
        const stop = end < 0 ? s.length : end;
        sink.text(s, i + 9, stop);
        i = end < 0 ? s.length : end + 3;
      } else {
        const end = finder.find('>', i + 2);
        i = end < 0 ? s.length : end + 1;
      }
      textStart = i;
      continue;
    }
    if (!isAsciiLetter(s.charCodeAt(nameAt))) {
      i++;
      continue;
    }
    let nameEnd = nameAt;
    while (nameEnd < s.length && isNameChar(s.charCodeAt(nameEnd))) nameEnd++;
    const end = tagEnd(s, nameEnd, finder);
    if (end < 0) {
      i++;
      continue;
    }
    sink.text(s, textStart, i);
    const name = s.slice(nameAt, nameEnd).toLowerCase();
    i = end;
    if (!closing && SKIPPED_CONTENT.has(name)) i = skipElementContent(s, name, i);
    else applyTag(sink, name, closing);
    textStart = i;
  }
  sink.text(s, textStart, s.length);
  return sink.finish();
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

function skipElementContent(s: string, name: string, from: number): number {
  let i = from;
  for (;;) {
    const at = s.indexOf('</', i);
    if (at < 0) return s.length;
    if (s.slice(at + 2, at + 2 + name.length).toLowerCase() === name) {
      const gt = s.indexOf('>', at + 2 + name.length);
      return gt < 0 ? s.length : gt + 1;
    }
    i = at + 2;
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
