/**
 * RTF long texts of GAEB 2000 files → the model's HTML long text and its plain text, and paragraphs of runs → RTF.
 *
 * Why our own tokenizer: of the RTF packages in the registry list, `rtf-stream-parser` offers its tokenizer only
 * as an asynchronous Node Transform stream and its synchronous API only de-encapsulates `\fromhtml`/`\fromtext`
 * RTF (which GAEB writers never produce); `rtf-parser` is callback/stream based and unmaintained; `rtf.js` renders
 * into a browser DOM. The GAEB 2000 readers run synchronously per value, and the subset the corpus files use
 * (GAEB 2000 files of CaliforniaX, SJ AVA, BUILDUP/WPTools, Dangl; Microsoft RTF 1.9.1 specification) is small: groups, control words,
 * `\'xx` (Windows-1252), `\uN` with `\ucN` fallback skipping, destinations (`\*`, font/colour/style/list tables,
 * pictures, headers) that hold no text.
 *
 * Mapping (the project's long-text HTML convention, as the GAEB DA XML reader writes it):
 * - `\par` ends a paragraph → `<p>…</p>` (empty paragraphs kept as `<p></p>` between content, dropped at the
 *   start and end); `\line` → `<br />`; `\tab` → a tab character; `\emdash`, `\endash`, quotes, `\bullet` → the character;
 * - whitespace the text keeps (html-runs.ts): `\~` (RTF's non-breaking space) → `&nbsp;`, `\'09` → `&#9;`, `\'20`
 *   → `&#32;`; literal blanks and `\tab` stay literal whitespace, as the corpus files are read (none of them
 *   uses these three forms, RTF 1.9.1 §"Special characters" defines `\~`; `\'hh` is any character of the code page);
 * - character formatting `\b`, `\i`, `\ul` (off with `\b0`, `\i0`, `\ul0`/`\ulnone`, all off with `\plain`, and
 *   scoped by groups) → `<span style="font-weight:bold;font-style:italic;text-decoration:underline;">`;
 *   unformatted runs → `<span>` (as the XML reader's and `plainTextToHtml`'s output);
 * - plain text: `htmlToPlainText` of that HTML (the model's rule; the same derivation as for plain value lines).
 * Never throws; unbalanced braces are tolerated.
 */
import iconv from 'iconv-lite';
import { htmlToPlainText } from '../../../core/text/plain-text.js';

/** True when a value holds RTF (`{\rtf…`), else it is plain text. */
export const isRtf = (value: string): boolean => /^\s*\{\\rtf/i.test(value);

/** Destinations whose content is not document text. */
const SKIP_DESTINATIONS = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'listtable', 'listoverridetable', 'header', 'footer',
  'headerl', 'headerr', 'headerf', 'footerl', 'footerr', 'footerf', 'generator', 'xmlnstbl', 'rsidtbl', 'themedata',
  'colorschememapping', 'latentstyles', 'datastore', 'object', 'fldinst', 'filetbl', 'revtbl', 'pgdsctbl',
  'listtext', 'pntext', 'pntxta', 'pntxtb', 'bkmkstart', 'bkmkend', 'nonshppict', 'shp',
]);
const SYMBOLS: Record<string, string> = {
  emdash: '\u2014', endash: '\u2013', lquote: '\u2018', rquote: '\u2019', ldblquote: '\u201C', rdblquote: '\u201D',
  bullet: '\u2022', emspace: ' ', enspace: ' ', qmspace: ' ', tab: '\t',
};

interface State {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  skip: boolean;
  /** `\ucN`: characters to skip after `\uN`. */
  uc: number;
}

/** `\'hh` bytes read as whitespace the text keeps (see the module comment), by their entity. */
const KEPT_BYTES: Readonly<Record<number, string>> = { 0x09: '&#9;', 0x20: '&#32;' };

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Output builder: paragraphs of styled runs. */
class HtmlOut {
  private readonly paragraphs: string[] = [];
  private current = '';
  private run = '';
  private runStyle = '';
  private hasContent = false;

  text(s: string, st: State): void {
    if (s !== '') this.append(escapeHtml(s), st);
  }

  /** Whitespace the text keeps, as its entity (`&nbsp;`, `&#9;`, `&#32;`). */
  kept(entity: string, st: State): void {
    this.append(entity, st);
  }

  private append(html: string, st: State): void {
    const style = (st.bold ? 'font-weight:bold;' : '') + (st.italic ? 'font-style:italic;' : '') + (st.underline ? 'text-decoration:underline;' : '');
    if (style !== this.runStyle) this.flushRun();
    this.runStyle = style;
    this.run += html;
  }

  lineBreak(): void {
    this.flushRun();
    this.current += '<br />';
  }

  paragraph(): void {
    this.flushRun();
    this.paragraphs.push(this.current);
    this.current = '';
  }

  private flushRun(): void {
    if (this.run === '') return;
    this.current += this.runStyle ? `<span style="${this.runStyle}">${this.run}</span>` : `<span>${this.run}</span>`;
    this.run = '';
    this.hasContent = true;
  }

  finish(): string {
    this.flushRun();
    if (this.current !== '') this.paragraphs.push(this.current);
    if (!this.hasContent) return '';
    const isEmpty = (p: string) => p === '' || /^(?:<span>\s*<\/span>|<br \/>|\s)*$/.test(p);
    let first = 0, last = this.paragraphs.length - 1;
    while (first <= last && isEmpty(this.paragraphs[first])) first++;
    while (last >= first && isEmpty(this.paragraphs[last])) last--;
    return this.paragraphs.slice(first, last + 1).map((p) => `<p>${p}</p>`).join('');
  }
}

/**
 * Converts RTF to HTML and plain text.
 * @param rtf a whole RTF document (`{\rtf1 … }`), as read from `[Langtext]`/`[TextRTF]`/`[Kurztext]`
 * @returns `html` ('' when the RTF holds no text) and `plain`
 */
export function rtfToHtml(rtf: string): { html: string; plain: string } {
  const out = new HtmlOut();
  const stack: State[] = [];
  let st: State = { bold: false, italic: false, underline: false, skip: false, uc: 1 };
  let pendingSkip = 0;
  let groupStart = false;
  const bytes: number[] = [];
  let text = '';
  const flushBytes = (): void => {
    if (bytes.length > 0) {
      text += iconv.decode(Buffer.from(bytes), 'win1252');
      bytes.length = 0;
    }
  };
  const flush = (): void => {
    flushBytes();
    if (!st.skip) out.text(text, st);
    text = '';
  };
  const s = rtf;
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '{') {
      flush();
      stack.push(st);
      st = { ...st };
      groupStart = true;
      i++;
      continue;
    }
    if (c === '}') {
      flush();
      st = stack.pop() ?? st;
      groupStart = false;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (c !== '\\') {
      if (pendingSkip > 0) pendingSkip--;
      else if (!st.skip) {
        flushBytes();
        text += c;
      }
      groupStart = false;
      i++;
      continue;
    }
    // Control symbol or word.
    const next = s[i + 1] ?? '';
    if (next === "'") {
      const hex = s.slice(i + 2, i + 4);
      i += 4;
      if (pendingSkip > 0) pendingSkip--;
      else if (!st.skip && /^[0-9a-f]{2}$/i.test(hex)) {
        const byte = parseInt(hex, 16);
        if (KEPT_BYTES[byte]) {
          flush();
          out.kept(KEPT_BYTES[byte], st);
        } else bytes.push(byte);
      }
      groupStart = false;
      continue;
    }
    if (!/[a-z]/i.test(next)) {
      i += 2;
      if (next === '*') {
        if (groupStart) st.skip = true;
      } else if (next === '\\' || next === '{' || next === '}') {
        if (!st.skip) {
          flushBytes();
          text += next;
        }
      } else if (next === '~') {
        flush();
        if (!st.skip) out.kept('&nbsp;', st);
      } else if (next === '_') {
        if (!st.skip) text += '-';
      } else if (next === '\n' || next === '\r') {
        flush();
        if (!st.skip) out.paragraph();
      }
      groupStart = false;
      continue;
    }
    const m = /^([a-z]+)(-?\d+)? ?/i.exec(s.slice(i + 1, i + 40));
    const word = m![1];
    const param = m![2] !== undefined ? Number(m![2]) : undefined;
    i += 1 + m![0].length;
    const wasGroupStart = groupStart;
    groupStart = false;
    if (SKIP_DESTINATIONS.has(word) && wasGroupStart) {
      flush();
      st.skip = true;
      continue;
    }
    if (st.skip) continue;
    switch (word) {
      case 'par': case 'sect': case 'page': flush(); out.paragraph(); break;
      case 'line': flush(); out.lineBreak(); break;
      case 'b': flush(); st.bold = param !== 0; break;
      case 'i': flush(); st.italic = param !== 0; break;
      case 'ul': flush(); st.underline = param !== 0; break;
      case 'ulnone': flush(); st.underline = false; break;
      case 'plain': flush(); st.bold = st.italic = st.underline = false; break;
      case 'uc': st.uc = param ?? 1; break;
      case 'u': {
        flushBytes();
        const code = (param ?? 0) < 0 ? (param ?? 0) + 65536 : (param ?? 0);
        text += String.fromCharCode(code);
        pendingSkip = st.uc;
        break;
      }
      default: {
        const sym = SYMBOLS[word];
        if (sym !== undefined) {
          flushBytes();
          text += sym;
        }
      }
    }
  }
  flush();
  const html = out.finish();
  return { html, plain: htmlToPlainText(html) };
}

/** Whitespace the text keeps → RTF (the reverse of `\~`, `\'09`, `\'20` in {@link rtfToHtml}). */
const KEPT_RTF: Readonly<Record<string, string>> = { '\u00A0': '\\~', '\t': "\\'09", ' ': "\\'20" };

/**
 * A line of text as RTF text body characters: `\ \{ \}` escaped, a tab as `\tab`, non-ASCII as `\'xx`/`\uN?`;
 * in a `kept` run the whitespace as in {@link KEPT_RTF}.
 */
function rtfEscape(line: string, kept = false): string {
  let out = '';
  for (const ch of line) {
    const code = ch.codePointAt(0)!;
    if (kept && KEPT_RTF[ch]) out += KEPT_RTF[ch];
    else if (ch === '\\' || ch === '{' || ch === '}') out += '\\' + ch;
    else if (ch === '\t') out += '\\tab ';
    else if (code < 0x80) out += ch;
    else {
      const b = iconv.encode(ch, 'win1252');
      if (b.length === 1 && b[0] !== 0x3f) out += `\\'${b[0].toString(16).padStart(2, '0')}`;
      else if (code <= 0xffff) out += `\\u${code > 32767 ? code - 65536 : code}?`;
      else out += '?';
    }
  }
  return out;
}

/** One formatted run for {@link runsToRtf}. */
export interface RtfRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** The run is whitespace that the HTML writes as entities and the plain text keeps (html-runs.ts). */
  kept?: boolean;
}

/**
 * Paragraphs of runs → an RTF document (`{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Arial;}} … }`), one `\par`
 * per paragraph, `\line` for '\n' inside a run, kept whitespace as `\~`, `\'09`, `\'20`. The output holds only 7-bit
 * characters.
 */
export function runsToRtf(paragraphs: readonly (readonly RtfRun[])[]): string {
  let body = '';
  for (const runs of paragraphs) {
    for (const r of runs) {
      const on = (r.bold ? '\\b ' : '') + (r.italic ? '\\i ' : '') + (r.underline ? '\\ul ' : '');
      const text = r.text.split('\n').map((t) => rtfEscape(t, r.kept)).join('\\line ');
      body += on ? `{${on}${text}}` : text;
    }
    // The line break goes before \par, so that no line starts with the paragraph's own leading blanks (a GAEB
    // 2000 reader strips the indentation of continuation lines), and after an empty group when the paragraph ends
    // in a blank (the first line of a value is trimmed); RTF ignores the line break and the empty group.
    body += /[ \t]$/.test(body) ? '{}\r\n\\par ' : '\r\n\\par ';
  }
  return `{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}\\pard\\plain\\fs20 ${body}}`;
}
