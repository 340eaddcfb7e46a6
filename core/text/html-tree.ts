/**
 * HTML long texts as API clients send them (often sloppy: unclosed `p`/`li`/`td`, upper-case tags, stray `<`,
 * entities with or without `;`) → a small tree of elements and texts. Tokenizing, the implied end tags and the
 * character references are htmlparser2's (https://github.com/fb55/htmlparser2) with the full HTML5 named
 * character reference table of the `entities` package (WHATWG HTML §13.5, "Named character references"); this
 * module only builds the tree. Never throws.
 *
 * One distinction is kept that HTML itself does not make: whitespace written as a character reference
 * (`&nbsp;`, `&#9;`, `&#32;`, `&#10;`) is a text node of its own with `kept` set. The model's convention is that such
 * whitespace is content (`plainTextToHtml` writes leading and doubled blanks as `&nbsp;` and tabs as `&#9;`),
 * while literal whitespace in the source is formatting that collapses.
 *
 * Elements nested deeper than {@link MAX_ELEMENT_DEPTH} are not made elements: their content goes into the element
 * at that depth (Blink's HTML parser caps its tree at the same depth, `kMaximumHTMLParserDOMTreeDepth`). A long text
 * of 50,000 nested `<b>` (which a file may hold) would otherwise overflow the call stack of every recursive walk of
 * the tree; no real text nests that deep.
 */
import { DecodingMode, EntityDecoder, decodeHTMLAttribute, htmlDecodeTree } from 'entities/decode';
import { Parser } from 'htmlparser2';

export interface HtmlElement {
  kind: 'el';
  /** Lower-case tag name. */
  tag: string;
  /** Attributes with lower-case names and decoded values (the first of a repeated name wins). */
  attrs: Record<string, string>;
  children: HtmlNode[];
}

export interface HtmlText {
  kind: 'text';
  /** Decoded text. */
  text: string;
  /** Whitespace that the source wrote as a character reference (see the module comment). */
  kept?: true;
}

export type HtmlNode = HtmlElement | HtmlText;

/** Deepest nesting of elements the tree holds (the root's children are at depth 1). */
export const MAX_ELEMENT_DEPTH = 512;

/** Elements whose content is never text of the long text. */
const SKIPPED_CONTENT = new Set(['script', 'style', 'head', 'title', 'template', 'noscript']);
const isWhitespace = (s: string): boolean => s === ' ' || s === '\t' || s === '\n' || s === '\r' || s === '\u00a0' || s === '\f';

/**
 * Parses an HTML fragment (or a whole document) into a forest of elements and texts.
 * @param html the HTML long text
 * @returns the top-level nodes; comments, doctype and processing instructions are dropped, CDATA sections are text
 */
export function parseHtmlTree(html: string): HtmlNode[] {
  const root: HtmlElement = { kind: 'el', tag: '#root', attrs: {}, children: [] };
  builder.start(root);
  parser.reset();
  parser.end(html);
  return root.children;
}

/**
 * Builds the tree from the parser's events. One instance serves every parse (a parse runs to its end
 * synchronously and never nests), so that a long text costs no new parser, tokenizer or handler closures.
 */
class TreeBuilder {
  private stack: HtmlElement[] = [];
  private skipping = 0;
  /** Open elements beyond {@link MAX_ELEMENT_DEPTH}, whose tags are dropped. */
  private flattened = 0;
  private readonly addText = (text: string, kept: boolean): void => {
    const kids = this.stack[this.stack.length - 1].children;
    const last = kids[kids.length - 1];
    if (last !== undefined && last.kind === 'text' && (last.kept === true) === kept) last.text += text;
    else kids.push(kept ? { kind: 'text', text, kept: true } : { kind: 'text', text });
  };

  start(root: HtmlElement): void {
    this.stack = [root];
    this.skipping = 0;
    this.flattened = 0;
  }

  onopentag(name: string, attribs: Record<string, string>): void {
    if (this.skipping > 0 || SKIPPED_CONTENT.has(name)) {
      this.skipping++;
      return;
    }
    if (this.stack.length > MAX_ELEMENT_DEPTH) {
      this.flattened++;
      return;
    }
    for (const key in attribs) if (attribs[key].indexOf('&') >= 0) attribs[key] = decodeHTMLAttribute(attribs[key]);
    const el: HtmlElement = { kind: 'el', tag: name, attrs: attribs, children: [] };
    this.stack[this.stack.length - 1].children.push(el);
    this.stack.push(el);
  }

  onclosetag(): void {
    if (this.skipping > 0) this.skipping--;
    else if (this.flattened > 0) this.flattened--;
    else if (this.stack.length > 1) this.stack.pop();
  }

  ontext(data: string): void {
    if (this.skipping > 0 || data === '') return;
    if (data.indexOf('&') < 0) this.addText(data, false);
    else decodeReferences(data, this.addText);
  }
}

const builder = new TreeBuilder();
// The tokenizer leaves character references to us (decodeEntities: false lets it skip to the next `<` or quote
// instead of looking at every character); they are decoded with the entities package's decoder, as htmlparser2
// itself would, and the whitespace they stand for is marked kept.
const parser = new Parser(
  {
    onopentag: (name, attribs) => builder.onopentag(name, attribs),
    onclosetag: () => builder.onclosetag(),
    ontext: (data) => builder.ontext(data),
  },
  { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeCDATA: true },
);

let decoded = '';
let consumedByReference = 0;
const referenceDecoder = new EntityDecoder(htmlDecodeTree, (codePoint, consumed) => {
  decoded += String.fromCodePoint(codePoint);
  consumedByReference = consumed;
});

/**
 * Splits text at its character references (WHATWG HTML §13.2.5.72, text-content rules: legacy names without `;`
 * decode too) and hands on literal pieces and decoded references; a reference that decodes to whitespace is kept.
 */
function decodeReferences(raw: string, emit: (text: string, kept: boolean) => void): void {
  let at = 0;
  for (let amp = raw.indexOf('&'); amp >= 0; amp = raw.indexOf('&', amp + 1)) {
    decoded = '';
    consumedByReference = 0;
    referenceDecoder.startEntity(DecodingMode.Legacy);
    if (referenceDecoder.write(raw, amp + 1) < 0) referenceDecoder.end();
    if (consumedByReference === 0) continue;
    if (amp > at) emit(raw.slice(at, amp), false);
    emit(decoded, isWhitespace(decoded));
    at = amp + consumedByReference;
    amp = at - 1;
  }
  if (at < raw.length) emit(raw.slice(at), false);
}

/** Concatenated text of a node (for alt texts and flattening); `br` becomes a line feed. */
export function textContent(node: HtmlNode): string {
  if (node.kind === 'text') return node.text;
  if (node.tag === 'br') return '\n';
  let s = '';
  for (const c of node.children) s += textContent(c);
  return s;
}
