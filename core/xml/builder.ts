/**
 * A tiny, fast XML writer: hand-written string building (measured ~30–50× faster than
 * DOM builders such as xmlbuilder2 for 20k-item BoQs). Pieces are gathered in ~8 KiB strings and encoded into UTF-8
 * chunks, so millions of small strings never survive until a final join (that join and its GC cost about half the
 * time of a 40k-item document). The chunks are filled one after the other and copied once, into the result: a
 * single buffer grown by doubling copied the document about twice more and wrote into fresh memory each time (a
 * 25.7 MB document: 73 ms for the last copy alone on a machine where first-touched memory is slow). No DOM, no
 * validation: callers emit elements in schema order; names are trusted, text and attribute values are escaped here.
 *
 * With `indent` set, element-only content is pretty-printed; an element that received `text()` keeps its
 * content and end tag on the same line so mixed content is never altered.
 */
import { escapeAttr, escapeText } from './escape.js';

/** Attribute values; `undefined`/`null` entries are skipped, numbers are written with `String()`. */
export type XmlAttrs = Readonly<Record<string, string | number | undefined | null>>;

export interface XmlBuilderOptions {
  /** Indentation unit (e.g. two spaces); `false`/empty for a single line (the default). */
  indent?: string | false;
}

/** The first chunk (most documents of a request fit), and every further one. */
const FIRST_CHUNK_BYTES = 1 << 16;
const CHUNK_BYTES = 1 << 20;

export class XmlBuilder {
  /** UTF-8 output before `buf`: full chunks, each exactly as long as its content. */
  private readonly chunks: Buffer[] = [];
  /** Bytes in `chunks`. */
  private chunked = 0;
  /** The chunk being filled: bytes [0, used) are output (written directly: no string parts to keep alive). */
  private buf: Buffer = Buffer.allocUnsafe(FIRST_CHUNK_BYTES);
  private used = 0;
  /** Small pieces are gathered here and encoded in batches (one Buffer.write per ~8 KiB). */
  private pending = '';
  private readonly stack: string[] = [];
  /** Per open element: 0 = empty so far, 1 = has element children, 2 = has text (no more indentation). */
  private readonly state: number[] = [];
  private readonly indent: string;

  constructor(options: XmlBuilderOptions = {}) {
    this.indent = options.indent || '';
  }

  /** Writes `<?xml version="1.0" encoding="…"?>` (call first). */
  declaration(encoding = 'utf-8'): this {
    this.push(`<?xml version="1.0" encoding="${encoding}"?>`);
    return this;
  }

  /** Opens an element; close it with {@link close}. */
  open(name: string, attrs?: XmlAttrs): this {
    this.push(`${this.beforeChild()}<${name}${attrs ? renderAttrs(attrs) : ''}>`);
    this.stack.push(name);
    this.state.push(0);
    return this;
  }

  /** Closes the innermost open element (`<x></x>` stays as written; use {@link empty} for `<x/>`). */
  close(): this {
    const name = this.stack.pop();
    if (name === undefined) throw new Error('XmlBuilder.close: no open element');
    const st = this.state.pop();
    this.push(this.indent && st === 1 ? `\n${this.indent.repeat(this.stack.length)}</${name}>` : `</${name}>`);
    return this;
  }

  /** Writes `<name attrs/>`. */
  empty(name: string, attrs?: XmlAttrs): this {
    this.push(`${this.beforeChild()}<${name}${attrs ? renderAttrs(attrs) : ''}/>`);
    return this;
  }

  /**
   * Writes a text-only element: `<name attrs>escaped</name>`, or `<name attrs/>` when the value is
   * undefined or empty.
   */
  leaf(name: string, value?: string | number, attrs?: XmlAttrs): this {
    const text = value === undefined ? '' : String(value);
    if (text === '') return this.empty(name, attrs);
    this.push(`${this.beforeChild()}<${name}${attrs ? renderAttrs(attrs) : ''}>${escapeText(text)}</${name}>`);
    return this;
  }

  /** Writes escaped character data into the innermost open element. */
  text(value: string): this {
    if (value === '') return this;
    const n = this.state.length;
    if (n > 0) this.state[n - 1] = 2;
    this.push(escapeText(value));
    return this;
  }

  /** Appends already serialised XML verbatim (the caller guarantees it is well-formed). */
  raw(xml: string): this {
    this.push(this.beforeChild() + xml);
    return this;
  }

  /** Number of elements still open. */
  get depth(): number {
    return this.stack.length;
  }

  /** The document so far. */
  toString(): string {
    return this.bytes().toString('utf8');
  }

  /** The document as UTF-8 bytes (no BOM), a copy of exactly its length. Throws when elements are still open. */
  toBuffer(): Buffer {
    if (this.stack.length > 0) throw new Error(`XmlBuilder.toBuffer: <${this.stack[this.stack.length - 1]}> is not closed`);
    return this.bytes();
  }

  /** The output so far in one buffer of exactly its length (a copy; the builder can go on). */
  private bytes(): Buffer {
    this.flush();
    return Buffer.concat([...this.chunks, this.buf.subarray(0, this.used)], this.chunked + this.used);
  }

  private push(s: string): void {
    this.pending += s;
    if (this.pending.length > 8192) this.flush();
  }

  private flush(): void {
    const s = this.pending;
    if (s === '') return;
    this.pending = '';
    // a UTF-16 code unit takes at most 3 UTF-8 bytes; a string is never split between chunks
    const most = s.length * 3;
    if (this.used + most > this.buf.length) {
      if (this.used > 0) {
        this.chunks.push(this.buf.subarray(0, this.used));
        this.chunked += this.used;
      }
      this.buf = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, most));
      this.used = 0;
    }
    this.used += this.buf.write(s, this.used);
  }

  /** Marks the parent as having element children; returns the indentation to put before the child. */
  private beforeChild(): string {
    const n = this.state.length;
    if (n > 0) {
      if (this.state[n - 1] === 2) return '';
      this.state[n - 1] = 1;
    }
    return this.indent && (n > 0 || this.used > 0 || this.chunked > 0 || this.pending !== '') ? `\n${this.indent.repeat(n)}` : '';
  }
}

function renderAttrs(attrs: XmlAttrs): string {
  let out = '';
  for (const key in attrs) {
    const v = attrs[key];
    if (v === undefined || v === null) continue;
    out += ` ${key}="${escapeAttr(typeof v === 'number' ? String(v) : v)}"`;
  }
  return out;
}
