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
 */
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
  const stack: HtmlElement[] = [root];
  let skipping = 0;
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        if (skipping > 0 || SKIPPED_CONTENT.has(name)) {
          skipping++;
          return;
        }
        const el: HtmlElement = { kind: 'el', tag: name, attrs: attribs, children: [] };
        stack[stack.length - 1].children.push(el);
        stack.push(el);
      },
      onclosetag() {
        if (skipping > 0) skipping--;
        else if (stack.length > 1) stack.pop();
      },
      ontext(data) {
        if (skipping > 0 || data === '') return;
        // A character reference arrives as its own event whose source span is longer than its text.
        const entity = parser.endIndex + 1 - parser.startIndex !== data.length && html.charCodeAt(parser.startIndex) === 38;
        const kept = entity && isWhitespace(data);
        const kids = stack[stack.length - 1].children;
        const last = kids[kids.length - 1];
        if (last !== undefined && last.kind === 'text' && (last.kept === true) === kept) last.text += data;
        else kids.push(kept ? { kind: 'text', text: data, kept: true } : { kind: 'text', text: data });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeCDATA: true },
  );
  parser.end(html);
  return root.children;
}

/** Concatenated text of a node (for alt texts and flattening); `br` becomes a line feed. */
export function textContent(node: HtmlNode): string {
  if (node.kind === 'text') return node.text;
  if (node.tag === 'br') return '\n';
  let s = '';
  for (const c of node.children) s += textContent(c);
  return s;
}
