/**
 * Long texts → ÖNORM formatted text (2009 `ontext.xsd`, `ontext.text.type`): the long-text form of
 * core/text/long-text.ts (parsed once per conversion, `LongTextCache`) written as `p` (inline: `br`, `b`, `i`,
 * `u`, `sup`, `sub` and the gaps), `ul`/`ol`/`li` (li: flow content), `table`/`tr`/`td` (`width` as a percentage,
 * `border` 0|1, `align`, `valign`), with text complements as gaps: Owner → `al` (Ausschreiberlücke), Bidder →
 * `bl` (Bieterlücke); in the 2021 edition a gap read as `blo` or `rw` (`data-oenorm` of the complement span) is
 * written back as such; in 2021 every gap keeps the `kennung` and `parameterlistenkennung` it was read with
 * (`data-kennung`, `data-parameterlistenkennung`: the parameter a Rechenwert takes its value from). A gap holds only
 * text and `br` (`ontext.Luecke.content`): the complement's caption is written before the gap, its body inside, its
 * tail after it. Images are not part of ÖNORM text: those the
 * document holds as graphics (`graphics.ts`) are linked by their element instead; other images, page breaks and table
 * header cells (no `th`: written as `td` with bold text) are reported when simplified or left out; every character
 * of text is kept.
 */
import { decodeHTMLAttribute } from 'entities';
import type { XmlBuilder } from '../../../core/xml/builder.js';
import { plainLongText, type Block, type Complement, type Image, type Inline, type LongText } from '../../../core/text/long-text.js';
import { longTextFormOf } from '../../../core/text/long-text-cache.js';
import { escapeHtmlText } from '../../../core/text/html-output.js';
import type { OenormWriterContext } from './context.js';

const PERCENT = /^\d+%$/;
const ALIGN = new Set(['left', 'center', 'right']);
const VALIGN = new Set(['top', 'middle', 'bottom']);
/** `data-oenorm` of the complement spans of an HTML text, in document order. */
const GAP_NAME = /<span\b[^>]*\bclass="[^"]*\bTextComplement\b[^"]*"[^>]*>/g;

/** The long text of an element as a parsed form (HTML preferred, plain lines otherwise); undefined when empty. */
export function longTextForm(ctx: OenormWriterContext, html: string | undefined, plain: string | undefined): LongText | undefined {
  if (html !== undefined && html.trim() !== '') return longTextFormOf(ctx.longTexts, html);
  if (plain !== undefined && plain.trim() !== '') return plainLongText(plain);
  return undefined;
}

/** What the ÖNORM reader kept of a gap on its complement span: its element and its 2021 attributes. */
export interface KeptGap {
  /** `al`, `bl`, `blo` or `rw` (`data-oenorm`), undefined for a complement of another source. */
  name?: string;
  kennung?: string;
  parameterlistenkennung?: string;
}

/** The kept attributes of a complement's start tag. */
const SPAN_ATTRIBUTE = {
  name: /\bdata-oenorm="([^"]*)"/, kennung: /\bdata-kennung="([^"]*)"/, parameterlistenkennung: /\bdata-parameterlistenkennung="([^"]*)"/,
} as const;

/** An attribute of a complement's start tag, its character references decoded. */
function spanAttribute(tag: string, which: keyof typeof SPAN_ATTRIBUTE): string | undefined {
  const value = SPAN_ATTRIBUTE[which].exec(tag)?.[1];
  return value === undefined ? undefined : decodeHTMLAttribute(value);
}

/** What was kept of the gap of each complement of the HTML, in order (see {@link KeptGap}). */
export function keptGaps(html: string | undefined): KeptGap[] {
  if (html === undefined || !html.includes('TextComplement')) return [];
  const out: KeptGap[] = [];
  for (const m of html.matchAll(GAP_NAME)) {
    out.push({ name: spanAttribute(m[0], 'name'), kennung: spanAttribute(m[0], 'kennung'), parameterlistenkennung: spanAttribute(m[0], 'parameterlistenkennung') });
  }
  return out;
}

/** Markup of an HTML long text that the long-text form does not keep: headings, monospace (`tt`). */
const NOT_KEPT = /<(?:h[1-6]|tt)\b/i;

/**
 * Writes one formatted text element (`langtext`, `vorbemerkung`) holding the form.
 * @param options.html the HTML texts the form was parsed from: headings (`h1`–`h3`) and monospace text (`tt`),
 *   which ÖNORM text has but the long-text form does not keep (a heading becomes a bold paragraph, `tt` plain
 *   text), are reported
 */
export function writeFormattedText(
  ctx: OenormWriterContext, element: string, form: LongText, where: string,
  options: { edition: string; gaps: KeptGap[]; html?: readonly (string | undefined)[] },
): void {
  const writer = new TextWriter(ctx, where, options.edition === '2021', options.gaps);
  if (options.html?.some((h) => h !== undefined && NOT_KEPT.test(h))) {
    ctx.tally('OENORM_TEXT_CONTENT_CHANGED', 'info', 'headings (h1–h3) were written as bold paragraphs and monospace text (tt) as plain text', where);
  }
  ctx.b.open(element);
  writer.blocks(form.blocks, false);
  ctx.b.close();
}

/** A paragraph of `text` (one line) as HTML, bold or not (a title, a whole short text). */
export function paragraphHtml(text: string, bold: boolean): string {
  const escaped = escapeHtmlText(text);
  return bold ? `<p><b>${escaped}</b></p>` : `<p>${escaped}</p>`;
}

/** `form` with `text` as a paragraph of its own before its first, bold or not (a whole title or short text). */
export function withFirstParagraph(ctx: OenormWriterContext, form: LongText | undefined, text: string, bold: boolean): LongText {
  return { blocks: [...longTextFormOf(ctx.longTexts, paragraphHtml(text, bold)).blocks, ...(form?.blocks ?? [])] };
}

class TextWriter {
  private readonly b: XmlBuilder;
  private gapIndex = 0;

  constructor(
    private readonly ctx: OenormWriterContext,
    private readonly where: string,
    private readonly edition2021: boolean,
    private readonly gaps: KeptGap[],
  ) {
    this.b = ctx.b;
  }

  private changed(what: string): void {
    this.ctx.tally('OENORM_TEXT_CONTENT_CHANGED', 'info', what, this.where);
  }

  private clean(s: string): string {
    return this.ctx.clean(s, this.where, 'long text');
  }

  /** Block content; `flow` = inside `li`/`td` (Flow.mix: blocks and inline content mixed). */
  blocks(list: readonly Block[], flow: boolean): void {
    for (const block of list) {
      switch (block.t) {
        case 'p': case 'div':
          // a paragraph of linked pictures only writes nothing: they are graphics of the element, not text (an
          // empty paragraph in its place would grow by one on every pass, as the reader appends the pictures)
          if (block.inl.length > 0 && block.inl.every((i) => i.t === 'img' && this.ctx.graphics.has(i.mime, i.data))) break;
          if (block.inl.length === 0) this.b.empty('p');
          else {
            this.b.open('p');
            this.inlines(block.inl);
            this.b.close();
          }
          break;
        case 'list': {
          const items = block.items;
          if (items.length === 0) break;
          this.b.open(block.ordered ? 'ol' : 'ul');
          for (const item of items) {
            if (item.blocks.length === 0) this.b.empty('li');
            else {
              this.b.open('li');
              this.blocks(item.blocks, true);
              this.b.close();
            }
          }
          this.b.close();
          break;
        }
        case 'table': {
          const rows = block.rows.filter((r) => r.cells.length > 0);
          if (rows.length === 0) break;
          this.b.open('table', { width: pick(block.attrs.width, PERCENT), border: pick(block.attrs.border, /^[01]$/) });
          for (const row of rows) {
            this.b.open('tr');
            for (const cell of row.cells) {
              const attrs = { width: pick(cell.attrs.width, PERCENT), align: pick(cell.attrs.align, ALIGN), valign: pick(cell.attrs.valign, VALIGN) };
              if (cell.th) this.changed('table header cells were written as cells with bold text (ÖNORM tables have no th)');
              if (cell.blocks.length === 0) {
                this.b.empty('td', attrs);
                continue;
              }
              this.b.open('td', attrs);
              // a header cell of paragraphs: its text in bold (a td holds inline content); other content as it is
              const bold = cell.th && cell.blocks.every((bl) => bl.t === 'p' || bl.t === 'div');
              if (bold) {
                this.b.open('b');
                cell.blocks.forEach((bl, k) => {
                  if (k > 0) this.b.empty('br');
                  if (bl.t === 'p' || bl.t === 'div') this.inlines(bl.inl);
                });
                this.b.close();
              } else this.blocks(cell.blocks, true);
              this.b.close();
            }
            this.b.close();
          }
          this.b.close();
          break;
        }
        case 'img':
          if (this.linked(block)) break;
          if (block.alt) this.b.open('p').text(this.clean(block.alt)).close();
          break;
        case 'page':
          if (!flow) this.changed('page breaks in long texts were left out');
          break;
      }
    }
  }

  /** Inline content of `p` (Inline.mix): text, `br`, emphasis elements, gaps. */
  inlines(list: readonly Inline[]): void {
    for (const i of list) {
      if (i.t === 'span') this.span(i.text, i.fmt);
      else if (i.t === 'br') this.b.empty('br');
      else if (i.t === 'img') {
        if (!this.linked(i) && i.alt) this.b.text(this.clean(i.alt));
      } else this.gap(i.tc);
    }
  }

  /**
   * An image is written as a graphic of the document, which the element links (`graphics.ts`), not in the text;
   * any other (not a PNG, JPEG or GIF data URI, or too large) is left out and reported (its `alt` text is written).
   */
  private linked(img: Image): boolean {
    if (this.ctx.graphics.has(img.mime, img.data)) return true;
    this.changed('images ÖNORM cannot link as a graphic (not a PNG, JPEG or GIF data URI, or over 64 KiB) were left out, their alt text kept');
    return false;
  }

  private span(text: string, fmt: { bold: boolean; italic: boolean; underline: boolean; superscript: boolean; subscript: boolean }): void {
    if (text === '') return;
    const tags: string[] = [];
    if (fmt.bold) tags.push('b');
    if (fmt.italic) tags.push('i');
    if (fmt.underline) tags.push('u');
    if (fmt.superscript) tags.push('sup');
    else if (fmt.subscript) tags.push('sub');
    for (const t of tags) this.b.open(t);
    this.b.text(this.clean(text));
    for (let k = 0; k < tags.length; k++) this.b.close();
  }

  private gap(tc: Complement): void {
    const kept = this.gaps[this.gapIndex++];
    const name = this.edition2021 && (kept?.name === 'blo' || kept?.name === 'rw')
      ? kept.name
      : tc.kind === 'Owner' ? 'al' : 'bl';
    const attrs = this.edition2021 ? { kennung: kept?.kennung, parameterlistenkennung: kept?.parameterlistenkennung } : undefined;
    if (tc.caption?.length) this.inlines(tc.caption);
    const plainParts = tc.body.filter((x) => x.t === 'span' || x.t === 'br');
    if (plainParts.some((x) => x.t === 'span' && (x.fmt.bold || x.fmt.italic || x.fmt.underline || x.fmt.superscript || x.fmt.subscript))) {
      this.changed('formatting inside text gaps was left out (an ÖNORM gap holds only text and line breaks)');
    }
    const bodyValue = tc.bodyValue?.value;
    if (plainParts.length === 0 && bodyValue === undefined) this.b.empty(name, attrs);
    else {
      this.b.open(name, attrs);
      if (bodyValue !== undefined && plainParts.length === 0) this.b.text(this.clean(bodyValue));
      for (const x of plainParts) {
        if (x.t === 'br') this.b.empty('br');
        else if (x.t === 'span') this.b.text(this.clean(x.text));
      }
      this.b.close();
    }
    if (tc.tail?.length) this.inlines(tc.tail);
  }
}

function pick(value: string | undefined, allowed: RegExp | Set<string>): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  return (allowed instanceof Set ? allowed.has(v) : allowed.test(v)) ? v : undefined;
}
