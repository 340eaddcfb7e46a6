/**
 * ÖNORM A 2063 formatted text (`langtext`, `vorbemerkung`; 2009 `ontext.xsd`: `p`, `br`, `b`, `i`, `u`, `sup`,
 * `sub`, `tt`, `h1`–`h3`, `ul`/`ol`/`li`, `table`/`tr`/`td`, and the text gaps) → HTML long text, fed straight from
 * SAX events, with its plain text built in the same pass (`PlainTextSink` fed with the same tags and text, which
 * gives exactly `htmlToPlainText` of the HTML).
 *
 * - The formatting elements keep their names; `table` keeps `width` and `border`, `td` keeps `width`, `align` and
 *   `valign` (the only attributes `ontext.xsd` gives formatting elements).
 * - Text gaps become text complements in the model's long-text convention (the one the GAEB readers and writers
 *   use): `<span class="TextComplement" data-kind="Owner|Bidder" data-marklbl="" data-oenorm="al|bl|blo|rw">
 *   <span class="ComplBody">content</span></span>`. `al` (Ausschreiberlücke, filled by the tenderer) and `rw`
 *   (Rechenwert, a value the tenderer sets from a parameter list, A 2063:2021) are Owner complements; `bl`
 *   (Bieterlücke) and `blo` (unechte Bieterlücke, A 2063:2021) are Bidder complements. The 2021 attributes
 *   `kennung` and `parameterlistenkennung` are kept as `data-kennung` / `data-parameterlistenkennung`.
 * - Blanks, tabs and line breaks with a line break among them are the indentation of a pretty-printed file and are
 *   dropped (`isIndentation`), except between a character format or gap and the next one or text
 *   (`<b>Achtung</b>⏎<i>Frist</i>`): there they separate words, as white space does in XHTML, and are one blank.
 */
import { PlainTextSink, TAG_NONE, applyTagKind, tagKind, type PlainTextState } from '../../../core/text/plain-text-sink.js';
import { Pieces, appendText, escapeHtmlAttribute } from '../../../core/text/html-output.js';
import { NameTable } from '../../../core/xml/name-table.js';
import { isIndentation } from '../../../core/xml/sax-input.js';
import { localName } from './names.js';

/** The formatting elements of `ontext.xsd` (kept with their names). */
const FORMATTING = ['p', 'b', 'i', 'u', 'sup', 'sub', 'tt', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'table', 'tr', 'td'];
/**
 * The attributes `ontext.xsd` gives formatting elements, kept in the HTML: `table` width and border, `td` width,
 * align and valign (`ontext.table.attlist`, `ontext.td.attlist`); the other formatting elements have none, so their
 * start tags are not searched for any.
 */
const KEPT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { table: ['width', 'border'], td: ['width', 'align', 'valign'] };
const NO_ATTRIBUTES: readonly string[] = [];
/**
 * An element of a formatted text: a formatting element or `br` (start tag, with the attributes kept for it; end
 * tag — none for `br` —, plain-text kind), or a text gap (its complement kind; its start tag is written with its
 * attributes).
 */
interface Tag {
  /** The local name. */
  name: string;
  start: string;
  end?: string;
  kind: number;
  gap?: 'Owner' | 'Bidder';
  attributes: readonly string[];
  /** Runs within a line (the character formats and the gaps): blanks between two of them separate words. */
  inline: boolean;
}
const gap = (name: string, kind: 'Owner' | 'Bidder'): [string, Tag] =>
  [name, { name, start: '', end: '</span></span>', kind: TAG_NONE, gap: kind, attributes: NO_ATTRIBUTES, inline: true }];
/** The character formats of `ontext.xsd`. */
const INLINE = new Set(['b', 'i', 'u', 'sup', 'sub', 'tt']);
/** Element name → its tag, one lookup per start tag (the names come fresh from the parser: see `NameTable`). */
const TAGS = new NameTable<Tag>([
  ...FORMATTING.map((n): [string, Tag] => [n, { name: n, start: `<${n}>`, end: `</${n}>`, kind: tagKind(n), gap: undefined, attributes: KEPT_ATTRIBUTES[n] ?? NO_ATTRIBUTES, inline: INLINE.has(n) }]),
  ['br', { name: 'br', start: '<br>', end: undefined, kind: tagKind('br'), gap: undefined, attributes: NO_ATTRIBUTES, inline: false }],
  gap('al', 'Owner'), gap('rw', 'Owner'), gap('bl', 'Bidder'), gap('blo', 'Bidder'),
]);

/**
 * One finished text: HTML, its plain form, and which complement kinds it holds. `plain` is of `html` alone, or, when
 * `afterGrundtext` is set, of the Grundtext's HTML followed by `html` (the long text of a Folgeposition). `sinkState`
 * (kept for a Grundtext) is the plain-text sink's state as the text left it, for each Folgeposition to go on from.
 */
export interface OenormText {
  html: string;
  plain: string;
  owner: boolean;
  bidder: boolean;
  afterGrundtext?: boolean;
  sinkState?: PlainTextState;
}

/** Collects one formatted text container from the events of its descendants. */
export class OenormRichText {
  private readonly parts = new Pieces();
  private readonly sink = new PlainTextSink(false);
  private owner = false;
  private bidder = false;
  /** Depth inside elements that are not text (unknown elements are read past with their content). */
  private skip = 0;
  /** The open text elements (`openTags[0..depth)`), innermost last. */
  private readonly openTags: Tag[] = [];
  private depth = 0;
  /** The last event was the end of a character format or gap (`</b>`, `</al>` …). */
  private afterInline = false;
  /**
   * Indentation followed it: a word break in the source (`<b>Achtung</b>⏎<i>Frist</i>`), written as one blank if
   * a character format, gap or text comes next — a line's end or a block drops it, as it drops indentation.
   */
  private pendingBlank = false;
  /** This container's sink state is kept with the finished text (a Grundtext). */
  private keepSink = false;
  private afterGrundtext = false;

  /**
   * Clears the collector for the next container.
   * @param keep keep this text's plain-text sink state with it (a Grundtext, whose Folgepositionen go on from it)
   * @param after a Grundtext whose plain text comes first (a Folgeposition's long text is the Grundtext's followed
   *   by its own, and going on from the Grundtext's sink state gives exactly the plain text of that HTML)
   */
  reset(keep = false, after?: OenormText): void {
    this.parts.clear();
    this.sink.reset(after?.sinkState);
    this.owner = false;
    this.bidder = false;
    this.skip = 0;
    this.depth = 0;
    this.afterInline = false;
    this.pendingBlank = false;
    this.keepSink = keep;
    this.afterGrundtext = after?.sinkState !== undefined;
  }

  private tag(kind: number, closing: boolean): void {
    applyTagKind(this.sink, kind, closing);
  }

  /** Start tag of a descendant (qualified name, attributes). */
  open(qname: string, attrs: Record<string, string>): void {
    if (this.skip > 0) {
      this.skip++;
      return;
    }
    // a name the table holds has no prefix: only other names are searched for one
    let known = TAGS.get(qname);
    if (known === undefined) {
      const name = localName(qname);
      if (name !== qname) known = TAGS.get(name);
    }
    if (known === undefined) {
      this.skip = 1;
      return;
    }
    this.afterInline = false;
    if (this.pendingBlank) {
      this.pendingBlank = false;
      if (known.inline) appendText(' ', this.parts, this.sink);
    }
    this.openTags[this.depth++] = known;
    if (known.gap !== undefined) return this.openGap(known.name, known.gap, attrs);
    let tag: string | undefined;
    for (const a of known.attributes) if (attrs[a] !== undefined) tag = `${tag ?? `<${known.name}`} ${a}="${escapeHtmlAttribute(attrs[a])}"`;
    this.parts.push(tag === undefined ? known.start : tag + '>');
    this.tag(known.kind, false);
  }

  private openGap(name: string, kind: 'Owner' | 'Bidder', attrs: Record<string, string>): void {
    if (kind === 'Owner') this.owner = true;
    else this.bidder = true;
    let span = `<span class="TextComplement" data-kind="${kind}" data-marklbl="" data-oenorm="${name}"`;
    if (attrs.kennung !== undefined) span += ` data-kennung="${escapeHtmlAttribute(attrs.kennung)}"`;
    if (attrs.parameterlistenkennung !== undefined) {
      span += ` data-parameterlistenkennung="${escapeHtmlAttribute(attrs.parameterlistenkennung)}"`;
    }
    this.parts.push(span + '><span class="ComplBody">');
  }

  /** End tag of a descendant: the element its start tag opened (kept, so the name is not looked up again). */
  close(): void {
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    const known = this.openTags[--this.depth];
    this.afterInline = known.inline;
    this.pendingBlank = false;
    if (known.end !== undefined) {
      this.parts.push(known.end);
      this.tag(known.kind, true);
    }
  }

  /** Character data of a descendant, entity-decoded. */
  text(t: string): void {
    if (this.skip > 0 || t.length === 0) return;
    // indentation begins with a blank or a line break (tested first: most text begins with neither)
    if (t.charCodeAt(0) <= 32 && isIndentation(t)) {
      this.pendingBlank = this.afterInline;
      return;
    }
    if (this.pendingBlank) {
      this.pendingBlank = false;
      appendText(' ', this.parts, this.sink);
    }
    appendText(t, this.parts, this.sink);
  }

  /** The collected text (HTML and plain); the collector is empty afterwards. */
  finish(): OenormText {
    const html = this.parts.take();
    const plain = this.sink.finish();
    // one shape for every text (fields absent are undefined)
    return {
      html, plain, owner: this.owner, bidder: this.bidder, afterGrundtext: this.afterGrundtext || undefined,
      sinkState: this.keepSink ? this.sink.state() : undefined,
    };
  }
}
