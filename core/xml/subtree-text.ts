/**
 * An element subtree kept as XML text while a streaming reader goes on: for content a format defines but the model
 * has no place for, and that a writer of the same format can put back as it was read (an ÖNORM 2021 document's
 * parameter lists, with their formatted texts and embedded SVG pictures). The text is serialised from the parser's
 * events — names and attributes as read, character data and attribute values escaped (`escape.ts`) — so it is
 * well-formed by construction; character data, white space included, is kept as it was (mixed content stays in
 * order).
 *
 * Portable: the text can be written into another document only when every prefix it uses (of an element or of an
 * attribute) is declared inside it (`xmlns:p` on the element or an ancestor within the subtree; `xml:` is always
 * bound). A prefix declared outside, on the document's root say, would be unbound there: {@link XmlCapture.finish}
 * says so, and the caller drops the text instead.
 *
 * Such a text may come back from outside (a posted project): {@link recaptureXml} parses it again and gives it anew,
 * so that a writer never puts text it did not make itself into its document.
 */
import { SaxesParser } from 'saxes';
import { escapeAttr, escapeText } from './escape.js';

/** What {@link XmlCapture.finish} gives: the subtree as XML text, and whether it can stand in another document. */
export interface CapturedXml {
  xml: string;
  portable: boolean;
}

export class XmlCapture {
  private parts: string[] = [];
  /** The prefixes declared by each open element (undefined: none), innermost last. */
  private readonly declared: (readonly string[] | undefined)[] = [];
  private readonly names: string[] = [];
  private portable = true;

  /** Starts a new subtree at its root element (qualified name, attributes as read). */
  start(qname: string, attrs: Record<string, string>): void {
    this.parts = [];
    this.declared.length = 0;
    this.names.length = 0;
    this.portable = true;
    this.element(qname, attrs);
  }

  /** A start tag inside the subtree. */
  element(qname: string, attrs: Record<string, string>): void {
    let tag = `<${qname}`;
    let prefixes: string[] | undefined;
    for (const [name, value] of Object.entries(attrs)) {
      tag += ` ${name}="${escapeAttr(value)}"`;
      if (name.startsWith('xmlns:')) (prefixes ??= []).push(name.slice(6));
    }
    this.declared.push(prefixes);
    this.names.push(qname);
    this.checkPrefix(qname);
    for (const name of Object.keys(attrs)) if (name !== 'xmlns' && !name.startsWith('xmlns:')) this.checkPrefix(name);
    this.parts.push(tag + '>');
  }

  /** Character data inside the subtree (entity-decoded, as the parser gives it). */
  text(t: string): void {
    this.parts.push(escapeText(t));
  }

  /**
   * An end tag inside the subtree, or the root's.
   * @returns true when it was the root's: the subtree is complete ({@link finish})
   */
  close(): boolean {
    this.parts.push(`</${this.names.pop()}>`);
    this.declared.pop();
    return this.names.length === 0;
  }

  /** The complete subtree. */
  finish(): CapturedXml {
    const xml = this.parts.join('');
    this.parts = [];
    return { xml, portable: this.portable };
  }

  private checkPrefix(name: string): void {
    const colon = name.indexOf(':');
    if (colon < 0) return;
    const prefix = name.slice(0, colon);
    if (prefix === 'xml' || this.declared.some((d) => d?.includes(prefix))) return;
    this.portable = false;
  }
}

/**
 * `text` parsed and serialised again as {@link XmlCapture} does, when it is one element named `root` (nothing but
 * white space around it; no document type declaration, no entity beyond XML's own) and portable; else undefined.
 * Processing instructions and comments are left out.
 */
export function recaptureXml(text: string, root: string): CapturedXml | undefined {
  const capture = new XmlCapture();
  const parser = new SaxesParser({ xmlns: false });
  /** Where the parser is: before the root, inside it, after it, or somewhere the text may not go. */
  const at = { state: 'before' as 'before' | 'inside' | 'after' | 'bad' };
  parser.on('doctype', () => { at.state = 'bad'; });
  parser.on('opentag', (tag) => {
    if (at.state === 'inside') return capture.element(tag.name, tag.attributes as Record<string, string>);
    if (at.state === 'before' && tag.name === root) {
      at.state = 'inside';
      return capture.start(tag.name, tag.attributes as Record<string, string>);
    }
    at.state = 'bad';
  });
  parser.on('text', (t) => {
    if (at.state === 'inside') capture.text(t);
    else if (t.trim() !== '') at.state = 'bad';
  });
  parser.on('closetag', () => {
    if (at.state === 'inside' && capture.close()) at.state = 'after';
  });
  try {
    parser.write(text).close();
  } catch {
    return undefined;
  }
  if (at.state !== 'after') return undefined;
  const captured = capture.finish();
  return captured.portable ? captured : undefined;
}
