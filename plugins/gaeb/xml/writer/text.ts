/**
 * Long texts: the model's HTML (`htmlLongText`, the gateway's convention of the shared GAEB mapping) → a small
 * block model that fits the GAEB DA XML text types (GAEB DA XML 3.3 Lib: tgFTextTC, tgpTC, tgdivTC, tgliTC,
 * tgtableTC/tgtrTC/tgtdTC, tgImage, tgTextComplement; 3.0 spec §5.9 "formatting only via style").
 *
 * Mapping: `p`/headings/`pre`/`blockquote` → p; `div` → div (or its blocks when it holds blocks; a page break
 * div → page); `ul`/`ol`/`li`, `table`/`tr`/`td`/`th` keep their names with the XSD's attributes only;
 * `b`/`strong` → `font-weight:bold`, `i`/`em` → `font-style:italic`, `u` → `text-decoration:underline` on the
 * spans; `<img src="data:image/…;base64,…">` → Image; unknown tags are unwrapped to their content;
 * `span.TextComplement` (with `ComplCaption`/`ComplBody`/`ComplTail` spans) → TextComplement. Text outside a
 * block gets its own p. Every text character is kept.
 */
import { parseHtml, textContent, type HtmlElement, type HtmlNode } from './html.js';

export interface Complement {
  kind: 'Bidder' | 'Owner';
  markLbl?: number;
  empty: boolean;
  caption?: Inline[];
  /** `ComplBodyDec`/`ComplBodyInt` value (the span with `data-body`). */
  bodyValue?: { type: 'Dec' | 'Int'; value: string };
  body: Inline[];
  tail?: Inline[];
}

export type Inline =
  | { t: 'span'; text: string; style?: string }
  | { t: 'br' }
  | { t: 'img'; mime: string; data: string; attrs: Record<string, string> }
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
  | { t: 'p' | 'div'; style?: string; inl: Inline[] }
  | { t: 'list'; ordered: boolean; style?: string; items: ListItem[] }
  | { t: 'table'; attrs: Record<string, string>; rows: Row[] }
  | { t: 'img'; mime: string; data: string; attrs: Record<string, string> }
  | { t: 'page' };

/** Cleans one text or attribute value (the writer's policy for characters XML forbids). */
export type TextCleaner = (value: string) => string;
/** Called when something cannot be carried over (e.g. an image that is not a data URI). */
export type DropReporter = (what: string) => void;

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
const ALIGN = new Set(['left', 'center', 'right', 'justify']);
const TABLE_ALIGN = new Set(['left', 'center', 'right']);
const VALIGN = new Set(['top', 'middle', 'bottom']);
const INTEGER = /^\s*\d{1,6}\s*$/;
const DATA_URI = /^\s*data:(image\/(?:png|jpe?g|gif));base64,([\s\S]*)$/i;
const PAGE_BREAK = /(?:page-)?break-(?:after|before)\s*:\s*(?:always|page)/i;

/** Joins two CSS declaration lists (`font-weight:bold` + `color:red` → `font-weight:bold;color:red`). */
export const mergeStyle = (a: string | undefined, b: string | undefined): string | undefined =>
  !a ? b || undefined : !b ? a : `${a.replace(/;\s*$/, '')};${b}`;

const isComplement = (el: HtmlElement): boolean => (el.attrs.class ?? '').split(/\s+/).includes('TextComplement');
const hasClass = (el: HtmlElement, cls: string): boolean => (el.attrs.class ?? '').split(/\s+/).includes(cls);

/** Converts HTML to GAEB blocks. */
export function htmlToBlocks(html: string, clean: TextCleaner, drop: DropReporter): Block[] {
  return new HtmlConverter(clean, drop).blocks(parseHtml(html), undefined);
}

/** Plain text (lines separated by LF) → one p per line. */
export function plainToBlocks(text: string, clean: TextCleaner): Block[] {
  return clean(text)
    .split(/\r\n|\r|\n/)
    .map((line): Block => ({ t: 'p', inl: line === '' ? [] : [{ t: 'span', text: line }] }));
}

class HtmlConverter {
  constructor(
    private readonly clean: TextCleaner,
    private readonly drop: DropReporter,
  ) {}

  blocks(nodes: readonly HtmlNode[], style: string | undefined): Block[] {
    const out: Block[] = [];
    let run: Inline[] = [];
    const flush = () => {
      const inl = trimRun(run);
      if (!isBlankRun(inl)) out.push({ t: 'p', inl });
      run = [];
    };
    for (const node of nodes) {
      if (node.kind === 'text') {
        this.text(node.text, style, run);
        continue;
      }
      const tag = node.tag;
      if (!BLOCK.has(tag)) {
        // inline or unknown element: unwrapped; it becomes blocks only when it wraps blocks
        if (!(tag === 'span' && isComplement(node)) && this.hasBlock(node)) {
          flush();
          out.push(...this.blocks(node.children, this.inlineStyle(node, style)));
        } else this.inline(node, style, run);
        continue;
      }
      flush();
      if (PARA.has(tag)) this.paragraph(node, style, out);
      else if (tag === 'div') this.div(node, style, out);
      else if (tag === 'ul' || tag === 'ol' || tag === 'menu' || tag === 'dir') this.list(node, style, out);
      else if (tag === 'table') this.table(node, style, out);
      else if (tag === 'hr') continue;
      else out.push(...this.blocks(node.children, style));
    }
    flush();
    return out;
  }

  private paragraph(el: HtmlElement, style: string | undefined, out: Block[]): void {
    const inner = HEADING.test(el.tag) ? mergeStyle(style, 'font-weight:bold') : style;
    if (this.hasBlock(el)) {
      out.push(...this.blocks(el.children, inner));
      return;
    }
    const inl: Inline[] = [];
    for (const c of el.children) this.node(c, inner, inl);
    out.push({ t: 'p', style: this.blockStyle(el), inl: trimRun(inl) });
  }

  private div(el: HtmlElement, style: string | undefined, out: Block[]): void {
    const own = el.attrs.style ?? '';
    if (PAGE_BREAK.test(own) && textContent(el).trim() === '') {
      out.push({ t: 'page' });
      return;
    }
    if (this.hasBlock(el)) {
      out.push(...this.blocks(el.children, style));
      return;
    }
    const inl: Inline[] = [];
    for (const c of el.children) this.node(c, style, inl);
    const trimmed = trimRun(inl);
    if (isBlankRun(trimmed)) return;
    out.push({ t: trimmed.some((i) => i.t === 'img') ? 'p' : 'div', style: this.blockStyle(el), inl: trimmed });
  }

  private list(el: HtmlElement, style: string | undefined, out: Block[]): void {
    const items: ListItem[] = [];
    for (const c of el.children) {
      if (c.kind === 'text' && c.text.trim() === '') continue;
      if (c.kind === 'el' && c.tag === 'li') {
        items.push({ style: this.styleAttr(c), blocks: this.blocks(c.children, style) });
      } else {
        const blocks = this.blocks([c], style);
        if (blocks.length > 0) items.push({ blocks });
      }
    }
    if (items.length > 0) out.push({ t: 'list', ordered: el.tag === 'ol', style: this.styleAttr(el), items });
  }

  private table(el: HtmlElement, style: string | undefined, out: Block[]): void {
    const rows: Row[] = [];
    const after: Block[] = [];
    const visit = (nodes: readonly HtmlNode[]) => {
      for (const c of nodes) {
        if (c.kind === 'text') {
          if (c.text.trim() !== '') after.push(...this.blocks([c], style));
        } else if (c.tag === 'tr') rows.push(this.row(c, style));
        else if (c.tag === 'thead' || c.tag === 'tbody' || c.tag === 'tfoot') visit(c.children);
        else if (c.tag === 'td' || c.tag === 'th') rows.push({ attrs: {}, cells: [this.cell(c, style)] });
        else if (c.tag === 'caption') out.push(...this.blocks([c], style));
        else if (c.tag !== 'colgroup' && c.tag !== 'col') after.push(...this.blocks([c], style));
      }
    };
    visit(el.children);
    const kept = rows.filter((r) => r.cells.length > 0);
    if (kept.length > 0) out.push({ t: 'table', attrs: this.attrs(el, TABLE_ATTRS), rows: kept });
    out.push(...after);
  }

  private row(el: HtmlElement, style: string | undefined): Row {
    const cells: Cell[] = [];
    for (const c of el.children) {
      if (c.kind === 'el' && (c.tag === 'td' || c.tag === 'th')) cells.push(this.cell(c, style));
      else if (c.kind === 'el' || c.text.trim() !== '') {
        const blocks = this.blocks([c], style);
        if (blocks.length > 0) cells.push({ th: false, attrs: {}, blocks });
      }
    }
    return { attrs: this.attrs(el, ROW_ATTRS), cells };
  }

  private cell(el: HtmlElement, style: string | undefined): Cell {
    const attrs = this.attrs(el, CELL_ATTRS);
    let th = el.tag === 'th';
    let inner = style;
    // th has no colspan/rowspan in the XSD (tgth): such a header cell becomes a bold td
    if (th && (attrs.colspan !== undefined || attrs.rowspan !== undefined)) {
      th = false;
      inner = mergeStyle(style, 'font-weight:bold');
    }
    if (th) {
      delete attrs.colspan;
      delete attrs.rowspan;
    }
    return { th, attrs, blocks: this.blocks(el.children, inner) };
  }

  /** Appends the inlines of one node to `run`. */
  private node(node: HtmlNode, style: string | undefined, run: Inline[]): void {
    if (node.kind === 'text') this.text(node.text, style, run);
    else this.inline(node, style, run);
  }

  private inline(el: HtmlElement, style: string | undefined, run: Inline[]): void {
    if (el.tag === 'br') {
      run.push({ t: 'br' });
      return;
    }
    if (el.tag === 'img') {
      this.image(el, style, run);
      return;
    }
    if (el.tag === 'span' && isComplement(el)) {
      run.push({ t: 'tc', tc: this.complement(el) });
      return;
    }
    const inner = this.inlineStyle(el, style);
    const blockish = BLOCK.has(el.tag);
    if (blockish && run.length > 0) run.push({ t: 'br' });
    for (const c of el.children) this.node(c, inner, run);
  }

  private inlineStyle(el: HtmlElement, style: string | undefined): string | undefined {
    let s = mergeStyle(style, INLINE_STYLE[el.tag]);
    if (el.tag === 'font') {
      if (el.attrs.color) s = mergeStyle(s, `color:${this.clean(el.attrs.color)}`);
      if (el.attrs.face) s = mergeStyle(s, `font-family:${this.clean(el.attrs.face)}`);
    }
    if (!BLOCK.has(el.tag)) s = mergeStyle(s, this.styleAttr(el));
    return s;
  }

  private text(raw: string, style: string | undefined, run: Inline[]): void {
    const text = this.clean(raw.replace(/[\r\n]+/g, ' '));
    if (text === '') return;
    const last = run[run.length - 1];
    if (last && last.t === 'span' && last.style === style) last.text += text;
    else run.push({ t: 'span', text, style });
  }

  private image(el: HtmlElement, style: string | undefined, run: Inline[]): void {
    const m = DATA_URI.exec(el.attrs.src ?? '');
    if (m) {
      const mime = m[1].toLowerCase() === 'image/jpg' ? 'image/jpeg' : m[1].toLowerCase();
      run.push({ t: 'img', mime, data: m[2].replace(/\s+/g, ''), attrs: this.attrs(el, IMG_ATTRS) });
      return;
    }
    this.drop('an image that is not a base64 data URI (GAEB embeds images) was left out');
    const alt = el.attrs.alt?.trim();
    if (alt) this.text(alt, style, run);
  }

  private complement(el: HtmlElement): Complement {
    const kindAttr = (el.attrs['data-kind'] ?? '').toLowerCase();
    const mark = el.attrs['data-marklbl'];
    const empty = /^(yes|true|1)$/i.test(el.attrs['data-empty'] ?? '');
    const tc: Complement = {
      kind: kindAttr === 'owner' ? 'Owner' : 'Bidder',
      markLbl: mark !== undefined && /^\s*-?\d{1,9}\s*$/.test(mark) ? parseInt(mark, 10) : undefined,
      empty,
      body: [],
    };
    let sawBody = false;
    const loose: Inline[] = [];
    for (const c of el.children) {
      if (c.kind === 'el' && c.tag === 'span' && hasClass(c, 'ComplCaption')) tc.caption = this.flat(c.children);
      else if (c.kind === 'el' && c.tag === 'span' && hasClass(c, 'ComplTail')) tc.tail = this.flat(c.children);
      else if (c.kind === 'el' && c.tag === 'span' && hasClass(c, 'ComplBody')) {
        // `data-body="Dec|Int" data-value="…"` stands for ComplBodyDec/ComplBodyInt before the ComplBody
        const body = (c.attrs['data-body'] ?? '').toLowerCase();
        const value = c.attrs['data-value'];
        if ((body === 'dec' || body === 'int') && value !== undefined && !tc.bodyValue) {
          tc.bodyValue = { type: body === 'dec' ? 'Dec' : 'Int', value: this.clean(value.trim()) };
        }
        tc.body.push(...this.flat(c.children));
        sawBody = true;
      } else loose.push(...this.flat([c]));
    }
    if (!sawBody) tc.body = loose;
    else if (!isBlankRun(loose)) tc.body.push(...loose);
    return tc;
  }

  /** Complement parts: text runs and line breaks only (`p`/`div` boundaries become `br`). */
  private flat(nodes: readonly HtmlNode[]): Inline[] {
    const out: Inline[] = [];
    const walk = (list: readonly HtmlNode[]) => {
      for (const n of list) {
        if (n.kind === 'text') this.text(n.text, undefined, out);
        else if (n.tag === 'br') out.push({ t: 'br' });
        else {
          if (BLOCK.has(n.tag) && out.length > 0 && out[out.length - 1].t !== 'br') out.push({ t: 'br' });
          walk(n.children);
        }
      }
    };
    walk(nodes);
    return out;
  }

  /** True when a block element sits below `el` (through inline elements, not into complements). */
  private hasBlock(el: HtmlElement): boolean {
    for (const c of el.children) {
      if (c.kind !== 'el') continue;
      if (BLOCK.has(c.tag)) return true;
      if (c.tag === 'span' && isComplement(c)) continue;
      if (this.hasBlock(c)) return true;
    }
    return false;
  }

  private blockStyle(el: HtmlElement): string | undefined {
    const align = (el.attrs.align ?? '').toLowerCase();
    return mergeStyle(this.styleAttr(el), ALIGN.has(align) ? `text-align:${align}` : undefined);
  }

  private styleAttr(el: HtmlElement): string | undefined {
    const s = el.attrs.style?.replace(/\s+/g, ' ').trim();
    return s ? this.clean(s) : undefined;
  }

  private attrs(el: HtmlElement, allowed: Readonly<Record<string, (v: string) => string | undefined>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, check] of Object.entries(allowed)) {
      const v = el.attrs[name];
      if (v === undefined) continue;
      const ok = check(this.clean(v.replace(/\s+/g, ' ').trim()));
      if (ok !== undefined && ok !== '') out[name] = ok;
    }
    return out;
  }
}

const any = (v: string) => v;
const int = (v: string) => (INTEGER.test(v) ? String(parseInt(v, 10)) : undefined);
const px = (v: string) => (/^\d+(px)?$/i.test(v) ? String(parseInt(v, 10)) : undefined);
const oneOf = (set: ReadonlySet<string>) => (v: string) => (set.has(v.toLowerCase()) ? v.toLowerCase() : undefined);
const TABLE_ATTRS = { style: any, align: oneOf(TABLE_ALIGN), border: px, cellpadding: any, width: any };
const ROW_ATTRS = { style: any, align: oneOf(ALIGN), valign: oneOf(VALIGN) };
const CELL_ATTRS = { style: any, align: oneOf(ALIGN), colspan: int, rowspan: int, valign: oneOf(VALIGN) };
const IMG_ATTRS = { width: any, align: oneOf(ALIGN), border: px, hspace: any, vspace: any };

/** A run that shows nothing: only whitespace spans (loose space between blocks is not a paragraph). */
export const isBlankRun = (run: readonly Inline[]): boolean => run.every((i) => i.t === 'span' && i.text.trim() === '');

/**
 * Drops source formatting at both ends of a paragraph: whitespace-only spans that hold a line break (the
 * indentation of pretty-printed HTML), and line breaks with the indentation after them at the outer edges.
 * Spaces and tabs are content (GAEB texts align columns with them; the text types of the GAEB DA XML 3.3 Lib,
 * e.g. tgFText, declare no whitespace facet), so they are kept, and a text reads back as it was written.
 */
export function trimRun(run: Inline[]): Inline[] {
  let a = 0;
  let b = run.length;
  const formatting = (i: Inline) => i.t === 'span' && i.text.trim() === '' && /[\r\n]/.test(i.text);
  while (a < b && formatting(run[a])) a++;
  while (b > a && formatting(run[b - 1])) b--;
  const out = a === 0 && b === run.length ? run : run.slice(a, b);
  const first = out[0];
  if (first && first.t === 'span' && /^\s*[\r\n]/.test(first.text)) out[0] = { ...first, text: first.text.replace(/^\s*[\r\n]\s*/, '') };
  const lastIdx = out.length - 1;
  const last = out[lastIdx];
  if (last && last.t === 'span' && /[\r\n]\s*$/.test(last.text)) out[lastIdx] = { ...last, text: last.text.replace(/\s*[\r\n]\s*$/, '') };
  return out;
}
