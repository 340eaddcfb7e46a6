/**
 * The one intermediate form of a long text: blocks (paragraphs, lists, tables, images, page breaks) of inlines
 * (text spans with their CSS and the emphasis it means, line breaks, images, text complements). Every writer of a
 * long text (GAEB 90, GAEB 2000, GAEB DA XML, and the model's plain-text derivation) consumes this form, so an HTML
 * long text means the same to each of them. Parsed once per conversion (`LongTextCache`).
 *
 * Built from the HTML tree of `parseHtmlTree` (htmlparser2): `p`, headings, `pre`, `blockquote`, `li` … → p (a
 * heading bold); `div` → div (its blocks when it holds blocks; an empty div with a page-break style → page);
 * `ul`/`ol`/`li`, `table`/`tr`/`td`/`th` keep their structure and the attributes the GAEB DA XML 3.3 Lib text
 * types allow (tgtable, tgtr, tgtd, tgth); `b`/`strong` → `font-weight:bold`, `i`/`em` → `font-style:italic`,
 * `u` → `text-decoration:underline`, `sup`/`sub` → `vertical-align:super|sub` on the spans; unknown tags are
 * unwrapped to their content; `span.TextComplement` (with `ComplCaption`/`ComplBody`/`ComplTail` spans and
 * `data-kind`, `data-marklbl`, `data-empty`, `data-body`/`data-value`: the gateway's HTML convention for GAEB text
 * complements, GAEB DA XML 3.3 Lib tgTextComplement) → a complement. Text outside a block gets its own p.
 *
 * Whitespace: a line break of the HTML source, with the blanks around it, is formatting and becomes one space
 * (none at the edges of a paragraph); other spaces and tabs are content (tender texts align columns with them);
 * whitespace written as a character reference is a span with `kept` (see html-tree.ts). A text without any tag
 * is plain text: one paragraph per line.
 */
import { parseHtmlTree, textContent, type HtmlElement, type HtmlNode } from './html-tree.js';

/** Emphasis a span shows, read from its CSS (`font-weight` bold or 600–900, `font-style:italic`, …). */
export interface SpanFormat {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  superscript: boolean;
  subscript: boolean;
}

export interface Complement {
  /** GAEB `Kind`: Owner (text for the tenderer to fill, ÖNORM `al`) or Bidder (for the bidder, ÖNORM `bl`). */
  kind: 'Bidder' | 'Owner';
  markLbl?: number;
  empty: boolean;
  caption?: Inline[];
  /** `ComplBodyDec`/`ComplBodyInt` value (the span with `data-body`). */
  bodyValue?: { type: 'Dec' | 'Int'; value: string };
  body: Inline[];
  tail?: Inline[];
}

/** An image: `mime` and `data` (base64) when the source was a data URI of a PNG, JPEG or GIF, else only `alt`. */
export interface Image { t: 'img'; mime?: string; data?: string; alt?: string; attrs: Record<string, string> }

export type Inline =
  | { t: 'span'; text: string; style?: string; fmt: SpanFormat; kept?: true }
  | { t: 'br' }
  | Image
  | { t: 'tc'; tc: Complement };

export interface Cell {
  th: boolean;
  attrs: Record<string, string>;
  blocks: Block[];
}

export interface Row {
  attrs: Record<string, string>;
  cells: Cell[];
}

export interface ListItem {
  style?: string;
  blocks: Block[];
}

export type Block =
  /** `implicit`: text outside any block element, gathered into a paragraph of its own (no tag of the source). */
  | { t: 'p' | 'div'; style?: string; inl: Inline[]; implicit?: true }
  | { t: 'list'; ordered: boolean; style?: string; items: ListItem[] }
  | { t: 'table'; attrs: Record<string, string>; rows: Row[] }
  | Image
  | { t: 'page' };

/** A parsed long text. */
export interface LongText {
  blocks: Block[];
}

/**
 * The inline content of a table cell's paragraphs (`p`, `div`), in order, for writers that flatten a table row into
 * one line of text: the model's plain text separates them by a blank (plain-text-sink.ts), and so must such a writer.
 */
export function cellParagraphs(cell: Cell): Inline[][] {
  const out: Inline[][] = [];
  for (const b of cell.blocks) if (b.t === 'p' || b.t === 'div') out.push(b.inl);
  return out;
}

const PARA = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote', 'address', 'center', 'dt', 'dd',
  'caption', 'figcaption', 'summary', 'legend', 'li']);
const BLOCK = new Set([...PARA, 'div', 'ul', 'ol', 'menu', 'dir', 'dl', 'table', 'tr', 'td', 'th', 'tbody', 'thead', 'tfoot',
  'hr', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'figure', 'form', 'fieldset', 'details', 'body', 'html']);
const INLINE_STYLE: Record<string, string> = {
  b: 'font-weight:bold', strong: 'font-weight:bold', i: 'font-style:italic', em: 'font-style:italic', cite: 'font-style:italic',
  var: 'font-style:italic', dfn: 'font-style:italic', u: 'text-decoration:underline', ins: 'text-decoration:underline',
  s: 'text-decoration:line-through', strike: 'text-decoration:line-through', del: 'text-decoration:line-through',
  sup: 'vertical-align:super', sub: 'vertical-align:sub',
};
const HEADING = /^h[1-6]$/;
const TABLE_PARTS = new Set(['tr', 'td', 'th', 'tbody', 'thead', 'tfoot']);
const ALIGN = new Set(['left', 'center', 'right', 'justify']);
const TABLE_ALIGN = new Set(['left', 'center', 'right']);
const VALIGN = new Set(['top', 'middle', 'bottom']);
const INTEGER = /^\s*\d{1,6}\s*$/;
const DATA_URI = /^\s*data:(image\/(?:png|jpe?g|gif));base64,([\s\S]*)$/i;
const PAGE_BREAK = /(?:page-)?break-(?:after|before)\s*:\s*(?:always|page)/i;
/** A source line break with the blanks around it. */
const SOURCE_BREAK = /[ \t]*(?:\r\n?|\n)[ \t\r\n]*/g;

/** Joins two CSS declaration lists (`font-weight:bold` + `color:red` → `font-weight:bold;color:red`). */
const mergeStyle = (a: string | undefined, b: string | undefined): string | undefined =>
  !a ? b || undefined : !b ? a : `${a.replace(/;\s*$/, '')};${b}`;

const NO_FORMAT: SpanFormat = Object.freeze({ bold: false, italic: false, underline: false, superscript: false, subscript: false });
const formats = new Map<string, SpanFormat>();

/** The emphasis a CSS declaration list means (memoised: long texts repeat few styles). */
function spanFormat(style: string | undefined): SpanFormat {
  if (!style) return NO_FORMAT;
  let f = formats.get(style);
  if (f === undefined) {
    f = Object.freeze({
      bold: /font-weight\s*:\s*(bold|[6-9]00)/i.test(style),
      italic: /font-style\s*:\s*italic/i.test(style),
      underline: /text-decoration\s*:[^;]*underline/i.test(style),
      superscript: /vertical-align\s*:\s*super/i.test(style),
      subscript: /vertical-align\s*:\s*sub\b/i.test(style),
    });
    if (formats.size < 1000) formats.set(style, f);
  }
  return f;
}

const hasClass = (el: HtmlElement, cls: string): boolean => (el.attrs.class ?? '').split(/\s+/).includes(cls);
const isComplement = (el: HtmlElement): boolean => el.tag === 'span' && hasClass(el, 'TextComplement');

/** Parses an HTML long text (a tagless text is plain text, one paragraph per line). Never throws. */
export function parseLongText(html: string): LongText {
  if (html.indexOf('<') < 0) return tagless(parseHtmlTree(html));
  return { blocks: new FormBuilder().blocks(parseHtmlTree(html), undefined) };
}

/** A plain long text (lines separated by CR, LF or CRLF) → one paragraph per line, an empty line an empty one. */
export function plainLongText(text: string): LongText {
  return {
    blocks: text.split(/\r\n|\r|\n/).map((line): Block => ({ t: 'p', inl: line === '' ? [] : [{ t: 'span', text: line, fmt: NO_FORMAT }] })),
  };
}

/** A tagless text (only text nodes): one paragraph per source line, character references decoded. */
function tagless(nodes: readonly HtmlNode[]): LongText {
  const blocks: Block[] = [];
  let inl: Inline[] = [];
  for (const n of nodes) {
    if (n.kind !== 'text') continue;
    if (n.kept) {
      inl.push({ t: 'span', text: n.text, fmt: NO_FORMAT, kept: true });
      continue;
    }
    n.text.split(/\r\n|\r|\n/).forEach((line, k) => {
      if (k > 0) {
        blocks.push({ t: 'p', inl });
        inl = [];
      }
      if (line !== '') inl.push({ t: 'span', text: line, fmt: NO_FORMAT });
    });
  }
  blocks.push({ t: 'p', inl });
  return { blocks };
}

/** A run that shows nothing: only blank spans (loose space between blocks is not a paragraph). */
const isBlankRun = (run: readonly Inline[]): boolean => run.every((i) => i.t === 'span' && !i.kept && i.text.trim() === '');

class FormBuilder {
  blocks(nodes: readonly HtmlNode[], style: string | undefined): Block[] {
    const out: Block[] = [];
    let run: Inline[] = [];
    const flush = () => {
      const inl = edgeTrim(run);
      if (!isBlankRun(inl)) out.push({ t: 'p', inl, implicit: true });
      run = [];
    };
    for (const node of nodes) {
      if (node.kind === 'text') {
        pushText(node.text, node.kept === true, style, run);
        continue;
      }
      const tag = node.tag;
      if (!BLOCK.has(tag)) {
        // inline or unknown element: unwrapped; it becomes blocks only when it wraps blocks
        if (!isComplement(node) && hasBlock(node)) {
          flush();
          out.push(...this.blocks(node.children, inlineStyle(node, style)));
        } else this.inline(node, style, run);
        continue;
      }
      flush();
      if (PARA.has(tag)) this.paragraph(node, style, out);
      else if (tag === 'div') this.div(node, style, out);
      else if (tag === 'ul' || tag === 'ol' || tag === 'menu' || tag === 'dir') this.list(node, style, out);
      else if (tag === 'table') this.table(node, style, out);
      else if (TABLE_PARTS.has(tag)) this.table({ kind: 'el', tag: 'table', attrs: {}, children: [node] }, style, out); // a row or cell outside a table
      else if (tag === 'hr') continue;
      else out.push(...this.blocks(node.children, style));
    }
    flush();
    return out;
  }

  private paragraph(el: HtmlElement, style: string | undefined, out: Block[]): void {
    const inner = HEADING.test(el.tag) ? mergeStyle(style, 'font-weight:bold') : style;
    if (hasBlock(el)) {
      out.push(...this.blocks(el.children, inner));
      return;
    }
    const inl: Inline[] = [];
    for (const c of el.children) this.node(c, inner, inl);
    out.push({ t: 'p', style: blockStyle(el), inl: edgeTrim(inl) });
  }

  private div(el: HtmlElement, style: string | undefined, out: Block[]): void {
    if (PAGE_BREAK.test(el.attrs.style ?? '') && textContent(el).trim() === '') {
      out.push({ t: 'page' });
      return;
    }
    if (hasBlock(el)) {
      out.push(...this.blocks(el.children, style));
      return;
    }
    const inl: Inline[] = [];
    for (const c of el.children) this.node(c, style, inl);
    const trimmed = edgeTrim(inl);
    out.push({ t: trimmed.some((i) => i.t === 'img') ? 'p' : 'div', style: blockStyle(el), inl: isBlankRun(trimmed) ? [] : trimmed });
  }

  private list(el: HtmlElement, style: string | undefined, out: Block[]): void {
    const items: ListItem[] = [];
    for (const c of el.children) {
      if (c.kind === 'text' && !c.kept && c.text.trim() === '') continue;
      if (c.kind === 'el' && c.tag === 'li') {
        items.push({ style: styleAttr(c), blocks: this.blocks(c.children, style) });
      } else {
        const blocks = this.blocks([c], style);
        if (blocks.length > 0) items.push({ blocks });
      }
    }
    if (items.length > 0) out.push({ t: 'list', ordered: el.tag === 'ol', style: styleAttr(el), items });
  }

  private table(el: HtmlElement, style: string | undefined, out: Block[]): void {
    const rows: Row[] = [];
    const after: Block[] = [];
    const visit = (nodes: readonly HtmlNode[]) => {
      for (const c of nodes) {
        if (c.kind === 'text') {
          if (c.kept || c.text.trim() !== '') after.push(...this.blocks([c], style));
        } else if (c.tag === 'tr') rows.push(this.row(c, style));
        else if (c.tag === 'thead' || c.tag === 'tbody' || c.tag === 'tfoot') visit(c.children);
        else if (c.tag === 'td' || c.tag === 'th') rows.push({ attrs: {}, cells: [this.cell(c, style)] });
        else if (c.tag === 'caption') out.push(...this.blocks([c], style));
        else if (c.tag !== 'colgroup' && c.tag !== 'col') after.push(...this.blocks([c], style));
      }
    };
    visit(el.children);
    if (rows.length > 0) out.push({ t: 'table', attrs: attrs(el, TABLE_ATTRS), rows });
    out.push(...after);
  }

  private row(el: HtmlElement, style: string | undefined): Row {
    const cells: Cell[] = [];
    for (const c of el.children) {
      if (c.kind === 'el' && (c.tag === 'td' || c.tag === 'th')) cells.push(this.cell(c, style));
      else if (c.kind === 'el' || c.kept || c.text.trim() !== '') {
        const blocks = this.blocks([c], style);
        if (blocks.length > 0) cells.push({ th: false, attrs: {}, blocks });
      }
    }
    return { attrs: attrs(el, ROW_ATTRS), cells };
  }

  private cell(el: HtmlElement, style: string | undefined): Cell {
    const a = attrs(el, CELL_ATTRS);
    let th = el.tag === 'th';
    let inner = style;
    // th has no colspan/rowspan in the GAEB DA XML Lib (tgth): such a header cell becomes a bold td
    if (th && (a.colspan !== undefined || a.rowspan !== undefined)) {
      th = false;
      inner = mergeStyle(style, 'font-weight:bold');
    }
    if (th) {
      delete a.colspan;
      delete a.rowspan;
    }
    return { th, attrs: a, blocks: this.blocks(el.children, inner) };
  }

  private node(node: HtmlNode, style: string | undefined, run: Inline[]): void {
    if (node.kind === 'text') pushText(node.text, node.kept === true, style, run);
    else this.inline(node, style, run);
  }

  private inline(el: HtmlElement, style: string | undefined, run: Inline[]): void {
    if (el.tag === 'br') {
      run.push({ t: 'br' });
      return;
    }
    if (el.tag === 'img') {
      run.push(image(el));
      return;
    }
    if (isComplement(el)) {
      run.push({ t: 'tc', tc: complement(el) });
      return;
    }
    const inner = inlineStyle(el, style);
    if (BLOCK.has(el.tag) && run.length > 0) run.push({ t: 'br' });
    for (const c of el.children) this.node(c, inner, run);
  }
}

/** Appends decoded text to a run, merging it into the last span of the same style and kind. */
function pushText(raw: string, kept: boolean, style: string | undefined, run: Inline[]): void {
  const text = kept || (raw.indexOf('\n') < 0 && raw.indexOf('\r') < 0) ? raw : raw.replace(SOURCE_BREAK, '\n');
  if (text === '') return;
  const last = run[run.length - 1];
  if (last && last.t === 'span' && last.style === style && (last.kept === true) === kept) last.text += text;
  else run.push(kept ? { t: 'span', text, style, fmt: spanFormat(style), kept: true } : { t: 'span', text, style, fmt: spanFormat(style) });
}

/**
 * Resolves the source line breaks (`\n` after `pushText`) of a finished run: none at its edges, one space inside,
 * and drops blank spans at the edges that only held such a break.
 */
function edgeTrim(run: Inline[]): Inline[] {
  for (let k = 0; k < run.length; k++) {
    const i = run[k];
    if (i.t === 'span' && !i.kept && i.text.indexOf('\n') >= 0) {
      let text = i.text;
      if (k === 0) text = text.replace(/^\n/, '');
      if (k === run.length - 1) text = text.replace(/\n$/, '');
      run[k] = { ...i, text: text.replace(/\n/g, ' ') };
    }
  }
  let a = 0;
  let b = run.length;
  while (a < b && isEmptySpan(run[a])) a++;
  while (b > a && isEmptySpan(run[b - 1])) b--;
  return a === 0 && b === run.length ? run : run.slice(a, b);
}

const isEmptySpan = (i: Inline): boolean => i.t === 'span' && i.text === '';

function inlineStyle(el: HtmlElement, style: string | undefined): string | undefined {
  let s = mergeStyle(style, INLINE_STYLE[el.tag]);
  if (el.tag === 'font') {
    if (el.attrs.color) s = mergeStyle(s, `color:${el.attrs.color}`);
    if (el.attrs.face) s = mergeStyle(s, `font-family:${el.attrs.face}`);
  }
  if (!BLOCK.has(el.tag)) s = mergeStyle(s, styleAttr(el));
  return s;
}

function image(el: HtmlElement): Image {
  const picture = imageData(el.attrs.src);
  const alt = el.attrs.alt?.trim() || undefined;
  const a = attrs(el, IMG_ATTRS);
  if (!picture) return { t: 'img', alt, attrs: a };
  return { t: 'img', mime: picture.mime, data: picture.data, alt, attrs: a };
}

/**
 * The picture of an `img` element's `src` when it is a base64 data URI of a PNG, JPEG or GIF picture (RFC 2397; the
 * picture formats GAEB DA XML and ÖNORM A 2063 carry): its MIME type in lower case (`image/jpg` as `image/jpeg`)
 * and its base64 data without white space; undefined for any other source.
 */
export function imageData(src: string | undefined): { mime: string; data: string } | undefined {
  const m = DATA_URI.exec(src ?? '');
  if (!m) return undefined;
  const mime = m[1].toLowerCase() === 'image/jpg' ? 'image/jpeg' : m[1].toLowerCase();
  return { mime, data: m[2].replace(/\s+/g, '') };
}

function complement(el: HtmlElement): Complement {
  const kindAttr = (el.attrs['data-kind'] ?? '').toLowerCase();
  const mark = el.attrs['data-marklbl'];
  const tc: Complement = {
    kind: kindAttr === 'owner' ? 'Owner' : 'Bidder',
    markLbl: mark !== undefined && /^\s*-?\d{1,9}\s*$/.test(mark) ? parseInt(mark, 10) : undefined,
    empty: /^(yes|true|1)$/i.test(el.attrs['data-empty'] ?? ''),
    body: [],
  };
  let sawBody = false;
  const loose: Inline[] = [];
  for (const c of el.children) {
    if (c.kind === 'el' && c.tag === 'span' && hasClass(c, 'ComplCaption')) tc.caption = flat(c.children);
    else if (c.kind === 'el' && c.tag === 'span' && hasClass(c, 'ComplTail')) tc.tail = flat(c.children);
    else if (c.kind === 'el' && c.tag === 'span' && hasClass(c, 'ComplBody')) {
      // `data-body="Dec|Int" data-value="…"` stands for ComplBodyDec/ComplBodyInt before the ComplBody
      const body = (c.attrs['data-body'] ?? '').toLowerCase();
      const value = c.attrs['data-value'];
      if ((body === 'dec' || body === 'int') && value !== undefined && !tc.bodyValue) {
        tc.bodyValue = { type: body === 'dec' ? 'Dec' : 'Int', value: value.trim() };
      }
      tc.body.push(...flat(c.children));
      sawBody = true;
    } else loose.push(...flat([c]));
  }
  if (!sawBody) tc.body = loose;
  else if (!isBlankRun(loose)) tc.body.push(...loose);
  return tc;
}

/** Complement parts: text spans and line breaks only (`p`/`div` boundaries become `br`). */
function flat(nodes: readonly HtmlNode[]): Inline[] {
  const out: Inline[] = [];
  const walk = (list: readonly HtmlNode[]) => {
    for (const n of list) {
      if (n.kind === 'text') pushText(n.text, n.kept === true, undefined, out);
      else if (n.tag === 'br') out.push({ t: 'br' });
      else {
        if (BLOCK.has(n.tag) && out.length > 0 && out[out.length - 1].t !== 'br') out.push({ t: 'br' });
        walk(n.children);
      }
    }
  };
  walk(nodes);
  // mid-line content: a source line break is one space, also at the part's edges
  return out.map((i) => (i.t === 'span' && !i.kept && i.text.indexOf('\n') >= 0 ? { ...i, text: i.text.replace(/\n/g, ' ') } : i));
}

/** True when a block element sits below `el` (through inline elements, not into complements). */
function hasBlock(el: HtmlElement): boolean {
  for (const c of el.children) {
    if (c.kind !== 'el') continue;
    if (BLOCK.has(c.tag)) return true;
    if (isComplement(c)) continue;
    if (hasBlock(c)) return true;
  }
  return false;
}

function blockStyle(el: HtmlElement): string | undefined {
  const align = (el.attrs.align ?? '').toLowerCase();
  return mergeStyle(styleAttr(el), ALIGN.has(align) ? `text-align:${align}` : undefined);
}

function styleAttr(el: HtmlElement): string | undefined {
  const s = el.attrs.style?.replace(/\s+/g, ' ').trim();
  return s || undefined;
}

type AttrCheck = (v: string) => string | undefined;

function attrs(el: HtmlElement, allowed: Readonly<Record<string, AttrCheck>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, check] of Object.entries(allowed)) {
    const v = el.attrs[name];
    if (v === undefined) continue;
    const ok = check(v.replace(/\s+/g, ' ').trim());
    if (ok !== undefined && ok !== '') out[name] = ok;
  }
  return out;
}

const any: AttrCheck = (v) => v;
const int: AttrCheck = (v) => (INTEGER.test(v) ? String(parseInt(v, 10)) : undefined);
const px: AttrCheck = (v) => (/^\d+(px)?$/i.test(v) ? String(parseInt(v, 10)) : undefined);
const oneOf = (set: ReadonlySet<string>): AttrCheck => (v) => (set.has(v.toLowerCase()) ? v.toLowerCase() : undefined);
const TABLE_ATTRS = { style: any, align: oneOf(TABLE_ALIGN), border: px, cellpadding: any, width: any };
const ROW_ATTRS = { style: any, align: oneOf(ALIGN), valign: oneOf(VALIGN) };
const CELL_ATTRS = { style: any, align: oneOf(ALIGN), colspan: int, rowspan: int, valign: oneOf(VALIGN) };
const IMG_ATTRS = { width: any, align: oneOf(ALIGN), border: px, hspace: any, vspace: any };
