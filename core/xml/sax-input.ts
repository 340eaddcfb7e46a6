/**
 * Feeding a streaming XML parser (saxes, lddubeau/saxes) from bytes: the bytes are decoded chunk by chunk
 * ({@link DECODE_CHUNK_BYTES} by default) so that the whole document never exists as one string, and a parser error
 * is split into its position and text for a message that names the line and column.
 */

/** A streaming byte → text decoder (a chunk decoder of a reader). */
export interface ChunkTextDecoder {
  write(bytes: Buffer): string;
  end(): string;
}

/** What takes the decoded text (a `SaxesParser`). */
export interface TextParser {
  write(text: string): unknown;
  close(): unknown;
}

/**
 * Bytes decoded per chunk: 16 KiB. A decoded chunk that holds one character beyond Latin-1 (a typographic dash or
 * quote, €) is a two-byte string in V8, and so is every text a reader cuts from it and keeps, even one of plain
 * ASCII: twice the memory, and slower scans. The smaller the chunk, the fewer texts such a character spreads to; each
 * chunk costs one more decoder and parser call, little beside the parsing of 16 KiB. Measured on
 * onlv_2015_zimmermann.onlv, whose one en dash made 64 KiB of its 80 KiB two-byte: its prepared ÖNORM project kept
 * 344 kB of heap with 64 KiB chunks and 191 kB with 16 KiB chunks (mean of 50 projects kept).
 */
export const DECODE_CHUNK_BYTES = 16 * 1024;
/** saxes prefixes its error messages with `line:column: ` when `position` is on. */
const ERROR_POSITION = /^(\d+):(\d+): ([\s\S]*)$/;

/** Decodes `bytes` in chunks into `parser`, then closes it. Parser errors propagate from its handlers. */
export function feedDecoded(bytes: Buffer, decoder: ChunkTextDecoder, parser: TextParser, chunkBytes = DECODE_CHUNK_BYTES): void {
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    const text = decoder.write(bytes.subarray(offset, offset + chunkBytes));
    if (text.length > 0) parser.write(text);
  }
  const tail = decoder.end();
  if (tail.length > 0) parser.write(tail);
  parser.close();
}

/**
 * Line, column and text of a saxes error (from its `line:column: ` prefix, else from the parser's position).
 * @param at the parser's current position, used when the message has no prefix
 */
export function saxErrorParts(err: Error, at: { line: number; column: number }): { line: string; column: string; detail: string } {
  const m = ERROR_POSITION.exec(err.message);
  return m ? { line: m[1], column: m[2], detail: m[3] } : { line: String(at.line), column: String(at.column), detail: err.message };
}

/**
 * Blanks and tabs, a line break, then any XML white space. A regular expression instead of a loop over `charCodeAt`
 * takes fewer instructions (bytes → prepared project of a generated 2 MB ONLV: 402.8 M → 399.7 M a read, −0.8 %).
 */
const INDENTATION = /^[ \t]*[\n\r][ \t\n\r]*$/;

/**
 * True for character data that is only XML white space (XML 1.0 §2.3 production S: blank, tab, carriage return,
 * line feed) and holds a line break: the indentation a pretty-printed XML file puts between elements, which is not
 * text of the document's content (a blank alone, as between two inline elements, is content; so is any other white
 * space, such as a no-break space).
 */
export function isIndentation(t: string): boolean {
  return INDENTATION.test(t);
}

/** What a reader's state machine takes from the parser: start tags, end tags and character data (CDATA alike). */
export interface ElementEvents {
  onOpen(qname: string, attrs: Record<string, string>): void;
  onClose(qname: string): void;
  onText(text: string): void;
}

/** The event registration of a saxes parser (structural, so that core needs no parser type). */
interface EventSource {
  on(event: 'opentag', handler: (tag: { name: string; attributes: unknown }) => void): void;
  on(event: 'closetag', handler: (tag: { name: string }) => void): void;
  on(event: 'text' | 'cdata', handler: (text: string) => void): void;
}

/** Routes a parser's `opentag`, `closetag`, `text` and `cdata` events to a state machine (saxes `xmlns: false`). */
export function bindElementEvents(parser: EventSource, state: ElementEvents): void {
  parser.on('opentag', (tag) => state.onOpen(tag.name, tag.attributes as Record<string, string>));
  parser.on('closetag', (tag) => state.onClose(tag.name));
  parser.on('text', (text) => state.onText(text));
  parser.on('cdata', (text) => state.onText(text));
}
