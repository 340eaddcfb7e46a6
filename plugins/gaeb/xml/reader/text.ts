/**
 * GAEB DA XML rich text → model text, fed straight from SAX events (no DOM).
 *
 * Sources (GAEB DA XML 3.3 Lib): tgBoQText (`DetailTxt`: `Text` | `TextComplement` | `attachment`), tgFTextTC
 * (`Text`: p, div, span, ul/ol/li, table/tr/td, br, page, Image, TextComplement), tgMLText (`TextOutlTxt`, `LblTx`,
 * `OutlineAddText`: p, div, span, br), tgTextComplement (`ComplCaption`, `ComplBodyDec`|`ComplBodyInt`, `ComplBody`,
 * `ComplTail`). The HTML and plain conventions are the project's GAEB↔model mapping (long-text HTML convention):
 *
 * - HTML: p/span/div/br/ul/ol/li/table/tr/td/th keep their names and the attributes in `KEPT_ATTRIBUTES`;
 *   `Image`/`image` → `<img src="data:<Type>;base64,…">`; `page` → `<div style="page-break-after:always"></div>`;
 *   a TextComplement → `<span class="TextComplement" data-kind data-marklbl>` holding `ComplCaption`, `ComplBody`
 *   (`data-body="Dec|Int" data-value` when `ComplBodyDec`/`ComplBodyInt` precede it) and `ComplTail` spans whose
 *   content is flattened to escaped text with `<br>` between paragraphs.
 * - Plain: paragraphs (and TextOutlTxt siblings) joined with '\n', spans concatenated, `br` → '\n', table cells
 *   separated by a tab; images dropped (counted); complement parts inline as text; the result is trimmed.
 *
 * Whitespace-only text containing a line break is indentation of a pretty-printed file and is dropped.
 */

const KEPT_ATTRIBUTES = new Set(['style', 'colspan', 'rowspan', 'valign', 'width', 'border', 'cellpadding', 'align']);
const HTML_ELEMENTS = new Set(['p', 'span', 'div', 'ul', 'ol', 'li', 'table', 'tr', 'td', 'th', 'tbody', 'thead']);
const PLAIN_BLOCKS = new Set(['p', 'div', 'li', 'tr', 'Text', 'TextOutlTxt', 'table', 'ul', 'ol']);
const COMPLEMENT_PARTS: Record<string, string> = { ComplCaption: 'ComplCaption', ComplBody: 'ComplBody', ComplTail: 'ComplTail' };
/** Subtrees that never hold text of the description. */
const SKIPPED = new Set(['Style', 'attachment', 'CtlgAssign']);

const ESCAPABLE_TEXT = /[&<>]/;
const ESCAPABLE_ATTRIBUTE = /[&<>"]/;

/** Escapes `&`, `<`, `>` for HTML text content. */
export function escapeHtmlText(s: string): string {
  if (!ESCAPABLE_TEXT.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes `&`, `<`, `>`, `"` for a double-quoted HTML attribute value. */
export function escapeHtmlAttribute(s: string): string {
  if (!ESCAPABLE_ATTRIBUTE.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** True for text that is only whitespace and contains a line break (indentation between elements). */
function isIndentation(t: string): boolean {
  const c = t.charCodeAt(0);
  if (c !== 10 && c !== 13 && c !== 32 && c !== 9) return false;
  for (let i = 0; i < t.length; i++) {
    const d = t.charCodeAt(i);
    if (d !== 10 && d !== 13 && d !== 32 && d !== 9) return false;
  }
  return t.includes('\n') || t.includes('\r');
}

function keptAttributes(attrs: Record<string, string>): string {
  let s = '';
  for (const name in attrs) {
    if (KEPT_ATTRIBUTES.has(name)) s += ` ${name}="${escapeHtmlAttribute(attrs[name])}"`;
  }
  return s;
}

/** Collects one rich text container (`DetailTxt`, `OutlTxt`, `LblTx` …) from the events of its descendants. */
export class RichText {
  /** A Bidder complement was seen (Bieterlücke). */
  bidder = false;
  /** An Owner complement was seen (Textergänzung des Auftraggebers). */
  owner = false;
  /** Images dropped (plain mode only). */
  droppedImages = 0;
  /** `attachment` elements dropped. */
  droppedAttachments = 0;

  private out = '';
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
  constructor(private readonly html: boolean) {}

  open(name: string, attrs: Record<string, string>): void {
    if (this.skip > 0 || this.image) {
      this.skip++;
      return;
    }
    if (this.part !== undefined) return this.openInPart(name);
    if (this.inComplement) return this.openComplementChild(name, attrs);
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
    if (this.html) this.openHtml(name, attrs);
    else this.openPlain(name);
  }

  close(name: string): void {
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    if (this.image) {
      const { type, width, data } = this.image;
      this.image = undefined;
      const w = width !== undefined ? ` width="${escapeHtmlAttribute(width)}"` : '';
      this.out += `<img src="data:${escapeHtmlAttribute(type)};base64,${data.replace(/\s+/g, '')}"${w}>`;
      return;
    }
    if (this.part !== undefined) {
      if (COMPLEMENT_PARTS[name] === this.part) {
        if (this.html) this.out += '</span>';
        this.part = undefined;
        this.bodyAttributes = '';
      }
      return;
    }
    if (this.inComplement) {
      if (name === 'TextComplement') {
        this.inComplement = false;
        if (this.html) this.out += '</span>';
      }
      return;
    }
    if (this.html) {
      if (HTML_ELEMENTS.has(name)) this.out += `</${name}>`;
    } else if (name === 'td' || name === 'th') {
      this.cellsInRow++;
    }
  }

  text(t: string): void {
    if (this.skip > 0) return;
    if (this.image) {
      this.image.data += t;
      return;
    }
    if (t.length === 0 || isIndentation(t)) return;
    if (this.part !== undefined) this.partHasContent = true;
    if (this.html) this.out += escapeHtmlText(t);
    else {
      this.out += t;
      this.atLineStart = false;
    }
  }

  /** The collected text: HTML as built, plain text trimmed. */
  finish(): string {
    return this.html ? this.out : this.out.trim();
  }

  private openHtml(name: string, attrs: Record<string, string>): void {
    if (name === 'br') this.out += '<br>';
    else if (name === 'page') {
      this.out += '<div style="page-break-after:always"></div>';
      this.skip = 1;
    } else if (HTML_ELEMENTS.has(name)) this.out += `<${name}${keptAttributes(attrs)}>`;
  }

  private lineBreak(): void {
    this.out += '\n';
    this.atLineStart = true;
  }

  private openPlain(name: string): void {
    if (name === 'br') this.lineBreak();
    else if (name === 'td' || name === 'th') {
      if (this.cellsInRow > 0) {
        this.out += '\t';
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
      this.out +=
        `<span class="TextComplement" data-kind="${escapeHtmlAttribute(kind)}"` +
        ` data-marklbl="${escapeHtmlAttribute(attrs.MarkLbl ?? '')}">`;
    }
  }

  private openComplementChild(name: string, attrs: Record<string, string>): void {
    const part = COMPLEMENT_PARTS[name];
    if (part !== undefined) {
      this.part = part;
      this.partHasContent = false;
      if (this.html) this.out += `<span class="${part}"${part === 'ComplBody' ? this.bodyAttributes : ''}>`;
      return;
    }
    if (name === 'ComplBodyDec' || name === 'ComplBodyInt') {
      const value = attrs.Value !== undefined ? ` data-value="${escapeHtmlAttribute(attrs.Value)}"` : '';
      this.bodyAttributes = ` data-body="${name === 'ComplBodyDec' ? 'Dec' : 'Int'}"${value}`;
    }
    this.skip = 1;
  }

  /** Inside a complement part: structure flattens to text, paragraphs and `br` become line breaks. */
  private openInPart(name: string): void {
    if (name === 'br') {
      if (this.html) this.out += '<br>';
      else this.lineBreak();
      this.partHasContent = true;
    } else if (name === 'p' || name === 'div' || name === 'li' || name === 'tr') {
      if (this.partHasContent) {
        if (this.html) this.out += '<br>';
        else this.lineBreak();
      }
    } else if (name === 'image' || name === 'Image') {
      this.droppedImages++;
      this.skip = 1;
    } else if (SKIPPED.has(name)) {
      this.skip = 1;
    }
  }
}
