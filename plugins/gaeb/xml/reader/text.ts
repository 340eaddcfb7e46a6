/**
 * GAEB DA XML rich text → model text, fed straight from SAX events (no DOM).
 *
 * Sources (GAEB DA XML 3.3 Lib): tgBoQText (`DetailTxt`: `Text` | `TextComplement` | `attachment`), tgFTextTC
 * (`Text`: p, div, span, ul/ol/li, table/tr/td, br, page, Image, TextComplement), tgMLText (`TextOutlTxt`, `LblTx`,
 * `OutlineAddText`: p, div, span, br), tgTextComplement (`ComplCaption`, `ComplBodyDec`|`ComplBodyInt`, `ComplBody`,
 * `ComplTail`). The HTML and plain conventions are the project's GAEB↔model mapping (long-text HTML convention):
 *
 * - HTML: p/span/div/br/ul/ol/li/table/tr/td/th keep their names and the attributes style, align (and colspan,
 *   rowspan, valign, width, border, cellpadding on table elements);
 *   `Image`/`image` → `<img src="data:<Type>;base64,…">`; `page` → `<div style="page-break-after:always"></div>`;
 *   a TextComplement → `<span class="TextComplement" data-kind data-marklbl>` holding `ComplCaption`, `ComplBody`
 *   (`data-body="Dec|Int" data-value` when `ComplBodyDec`/`ComplBodyInt` precede it) and `ComplTail` spans whose
 *   content is flattened to escaped text with `<br>` between paragraphs.
 * - Plain: paragraphs (and TextOutlTxt siblings) joined with '\n', spans concatenated, `br` → '\n', table cells
 *   separated by a tab; images dropped (counted); complement parts inline as text; every line is trimmed.
 *
 * Whitespace-only text containing a line break is indentation of a pretty-printed file and is dropped.
 *
 * In HTML mode the plain long text is built in the same pass: every tag and text piece written to the HTML is also
 * fed to a `PlainTextSink`, which gives exactly `htmlToPlainText` of the HTML without parsing it again.
 */

import { PlainTextSink, TAG_NONE, applyTagKind, tagKind } from '../../../../core/text/plain-text-sink.js';
import { Pieces, appendText, escapeHtmlAttribute } from '../../../../core/text/html-output.js';
import { isIndentation } from '../../../../core/xml/sax-input.js';
import { KEPT, pushStartTag } from './html.js';
import { lookupTable } from '../../../../core/lookup.js';

const PLAIN_BLOCKS = new Set(['p', 'div', 'li', 'tr', 'Text', 'TextOutlTxt', 'table', 'ul', 'ol']);
const COMPLEMENT_PARTS = lookupTable({ ComplCaption: 'ComplCaption', ComplBody: 'ComplBody', ComplTail: 'ComplTail' });
/** Subtrees that never hold text of the description. */
const SKIPPED = new Set(['Style', 'attachment', 'CtlgAssign']);
const PAGE_BREAK = '<div style="page-break-after:always"></div>';
const BR = tagKind('br');
const DIV = tagKind('div');

/** Collects one rich text container (`DetailTxt`, `OutlTxt`, `LblTx` …) from the events of its descendants. */
export class RichText {
  /** A Bidder complement was seen (Bieterlücke). */
  bidder = false;
  /** An Owner complement was seen (Textergänzung des Auftraggebers). */
  owner = false;
  /** Images dropped (short texts, complement parts). */
  droppedImages = 0;
  /** `attachment` elements dropped. */
  droppedAttachments = 0;

  /** HTML mode: `htmlToPlainText` of the text `finish` returned, undefined when it has no tag at all. */
  plain: string | undefined;

  /** Output pieces, joined once in `finish` (a flat string instead of a rope of many pieces). */
  private readonly parts = new Pieces();
  /** HTML mode: the plain text of the HTML being written, fed with the same tags and text. */
  private sink = new PlainTextSink(false);
  /** HTML mode: a tag was written (without any, the plain text keeps line breaks and is left to the model). */
  private tagged = false;
  private skip = 0;
  private inComplement = false;
  private part: string | undefined;
  private partHasContent = false;
  private bodyAttributes = '';
  private image: { type: string; width?: string; data: string } | undefined;
  /** Plain mode: the output is empty or ends with a line break. */
  private atLineStart = true;
  private cellsInRow = 0;

  /** @param html true for HTML (`htmlLongText`), false for plain text (`shortText`, labels) */
  constructor(readonly html: boolean) {}

  /** Clears the collector for the next container (one instance per mode is reused for the whole file). */
  reset(): void {
    this.bidder = false;
    this.owner = false;
    this.droppedImages = 0;
    this.droppedAttachments = 0;
    this.parts.clear();
    this.skip = 0;
    this.inComplement = false;
    this.part = undefined;
    this.partHasContent = false;
    this.bodyAttributes = '';
    this.image = undefined;
    this.atLineStart = true;
    this.cellsInRow = 0;
    if (this.html) {
      this.sink = new PlainTextSink(false);
      this.tagged = false;
      this.plain = undefined;
    }
  }

  /**
   * HTML mode: a tag was written to the HTML; the plain text takes it as `htmlToPlainText` would.
   * @param kind `tagKind` of the tag's name (`TAG_NONE` for `span`, `img`)
   */
  private tag(kind: number, closing: boolean): void {
    this.tagged = true;
    if (kind !== TAG_NONE) applyTagKind(this.sink, kind, closing);
  }

  /** Start tag of a descendant (local name, attributes). */
  open(name: string, attrs: Record<string, string>): void {
    if (this.skip > 0 || this.image) {
      this.skip++;
      return;
    }
    if (this.part !== undefined) return this.openInPart(name);
    if (this.inComplement) return this.openComplementChild(name, attrs);
    const kept = this.html ? KEPT.get(name) : undefined;
    if (kept !== undefined) {
      // the common case: p, span, table …
      pushStartTag(this.parts, kept, attrs);
      return this.tag(kept.plain, false);
    }
    if (SKIPPED.has(name)) {
      if (name === 'attachment') this.droppedAttachments++;
      this.skip = 1;
      return;
    }
    if (name === 'TextComplement') return this.openComplement(attrs);
    if (name === 'image' || name === 'Image') {
      if (this.html) this.image = { type: attrs.Type ?? 'image/png', width: attrs.width, data: '' };
      else {
        this.droppedImages++;
        this.skip = 1;
      }
      return;
    }
    if (this.html) this.openHtml(name);
    else this.openPlain(name);
  }

  /** End tag of a descendant (local name). */
  close(name: string): void {
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    if (this.image) {
      const { type, width, data } = this.image;
      this.image = undefined;
      const w = width !== undefined ? ` width="${escapeHtmlAttribute(width)}"` : '';
      this.parts.push(`<img src="data:${escapeHtmlAttribute(type)};base64,${data.replace(/\s+/g, '')}"${w}>`);
      this.tag(TAG_NONE, false);
      return;
    }
    if (this.part !== undefined) {
      if (COMPLEMENT_PARTS[name] === this.part) {
        if (this.html) {
          this.parts.push('</span>');
          this.tag(TAG_NONE, true);
        }
        this.part = undefined;
        this.bodyAttributes = '';
      }
      return;
    }
    if (this.inComplement) {
      if (name === 'TextComplement') {
        this.inComplement = false;
        if (this.html) {
          this.parts.push('</span>');
          this.tag(TAG_NONE, true);
        }
      }
      return;
    }
    if (this.html) {
      const kept = KEPT.get(name);
      if (kept !== undefined) {
        this.parts.push(kept.close);
        this.tag(kept.plain, true);
      }
    } else if (name === 'td' || name === 'th') {
      this.cellsInRow++;
    }
  }

  /** Character data of a descendant, entity-decoded. */
  text(t: string): void {
    if (this.skip > 0) return;
    if (this.image) {
      this.image.data += t;
      return;
    }
    if (t.length === 0 || isIndentation(t)) return;
    if (this.part !== undefined) this.partHasContent = true;
    if (this.html) {
      appendText(t, this.parts, this.sink);
    } else {
      this.parts.push(t);
      this.atLineStart = false;
    }
  }

  /** The collected text: HTML as built (its plain form in `plain`); plain text with every line trimmed. */
  finish(): string {
    const s = this.parts.take();
    if (this.html) {
      this.plain = this.tagged ? this.sink.finish() : undefined;
      return s;
    }
    return s.includes('\n') ? s.split('\n').map((line) => line.trim()).join('\n').trim() : s.trim();
  }

  private openHtml(name: string): void {
    if (name === 'br') {
      this.parts.push('<br>');
      this.tag(BR, false);
    } else if (name === 'page') {
      this.parts.push(PAGE_BREAK);
      this.tag(DIV, false);
      this.tag(DIV, true);
      this.skip = 1;
    }
  }

  private lineBreak(): void {
    this.parts.push('\n');
    this.atLineStart = true;
  }

  private openPlain(name: string): void {
    if (name === 'br') this.lineBreak();
    else if (name === 'td' || name === 'th') {
      if (this.cellsInRow > 0) {
        this.parts.push('\t');
        this.atLineStart = false;
      }
    } else if (PLAIN_BLOCKS.has(name)) {
      if (name === 'tr') this.cellsInRow = 0;
      if (!this.atLineStart) this.lineBreak();
    }
  }

  private openComplement(attrs: Record<string, string>): void {
    this.inComplement = true;
    const kind = attrs.Kind ?? '';
    if (kind === 'Bidder') this.bidder = true;
    else if (kind === 'Owner') this.owner = true;
    if (this.html) {
      this.parts.push(
        `<span class="TextComplement" data-kind="${escapeHtmlAttribute(kind)}"` +
          ` data-marklbl="${escapeHtmlAttribute(attrs.MarkLbl ?? '')}">`,
      );
      this.tag(TAG_NONE, false);
    }
  }

  private openComplementChild(name: string, attrs: Record<string, string>): void {
    const part = COMPLEMENT_PARTS[name];
    if (part !== undefined) {
      this.part = part;
      this.partHasContent = false;
      if (this.html) {
        this.parts.push(`<span class="${part}"${part === 'ComplBody' ? this.bodyAttributes : ''}>`);
        this.tag(TAG_NONE, false);
      }
      return;
    }
    if (name === 'ComplBodyDec' || name === 'ComplBodyInt') {
      const value = attrs.Value !== undefined ? ` data-value="${escapeHtmlAttribute(attrs.Value)}"` : '';
      this.bodyAttributes = ` data-body="${name === 'ComplBodyDec' ? 'Dec' : 'Int'}"${value}`;
    }
    this.skip = 1;
  }

  private partBreak(): void {
    if (this.html) {
      this.parts.push('<br>');
      this.tag(BR, false);
    } else {
      this.lineBreak();
    }
  }

  /** Inside a complement part: structure flattens to text, paragraphs and `br` become line breaks. */
  private openInPart(name: string): void {
    if (name === 'br') {
      this.partBreak();
      this.partHasContent = true;
    } else if (name === 'p' || name === 'div' || name === 'li' || name === 'tr') {
      if (this.partHasContent) this.partBreak();
    } else if (name === 'image' || name === 'Image') {
      this.droppedImages++;
      this.skip = 1;
    } else if (SKIPPED.has(name)) {
      this.skip = 1;
    }
  }
}
