/**
 * Bytes → text for every reader: byte order mark and XML declaration sniffing, chunked decoding of a streamed
 * document, whole-buffer decoding of a record file or JSON document.
 *
 * The encoding comes from the byte order mark (Unicode 15.0 §23.8, "Byte Order Mark"), else, for XML, from the
 * XML declaration (`encoding="…"`, XML 1.0 §4.3.3 and Appendix F), else from the format's default. UTF-8 uses the
 * platform `TextDecoder`; ISO-8859-1, Windows-1252, the DOS code pages (CP850) and any other encoding iconv-lite
 * knows use iconv-lite (the WHATWG Encoding Standard behind `TextDecoder` has no DOS code pages,
 * https://encoding.spec.whatwg.org/#names-and-labels).
 */
import iconv from 'iconv-lite';
import { parseError } from '../errors.js';

/** The Unicode encodings a byte order mark names. */
export type BomEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** A byte order mark found at the start of a buffer: the encoding it names and its length in bytes. */
export interface Bom {
  encoding: BomEncoding;
  /** 3 for UTF-8, 2 for UTF-16. */
  length: number;
}

/** The byte order mark at the start of `bytes` (UTF-8 `EF BB BF`, UTF-16LE `FF FE`, UTF-16BE `FE FF`), if any. */
export function sniffBom(bytes: Uint8Array): Bom | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

const DECLARATION = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/**
 * The encoding of an XML document as its start names it, lower case: the byte order mark, else a `<` in UTF-16
 * without one (XML 1.0 Appendix F.1: `3C 00` / `00 3C`), else the declaration's `encoding=` within the first 512
 * bytes. Undefined means none was given (XML then defaults to UTF-8).
 */
export function declaredEncoding(bytes: Buffer): string | undefined {
  const bom = sniffBom(bytes);
  if (bom) return bom.encoding;
  if (bytes[0] === 0x3c && bytes[1] === 0x00) return 'utf-16le';
  if (bytes[0] === 0x00 && bytes[1] === 0x3c) return 'utf-16be';
  const m = DECLARATION.exec(bytes.subarray(0, 512).toString('latin1'));
  return m ? m[1].toLowerCase() : undefined;
}

/** A streaming decoder: bytes in, text out; a character split over two chunks comes out whole. */
export interface ChunkDecoder {
  /** The encoding in use, e.g. `utf-8`, `windows-1252`. */
  readonly encoding: string;
  write(bytes: Buffer): string;
  end(): string;
}

class Utf8Decoder implements ChunkDecoder {
  readonly encoding = 'utf-8';
  private readonly decoder = new TextDecoder('utf-8');
  /** Set when a chunk held a replacement character (invalid UTF-8 or a literal U+FFFD). */
  sawReplacement = false;

  write(bytes: Buffer): string {
    const s = this.decoder.decode(bytes, { stream: true });
    if (!this.sawReplacement && s.includes('\uFFFD')) this.sawReplacement = true;
    return s;
  }

  end(): string {
    return this.decoder.decode();
  }
}

class IconvDecoder implements ChunkDecoder {
  private readonly decoder: ReturnType<typeof iconv.getDecoder>;

  constructor(readonly encoding: string) {
    this.decoder = iconv.getDecoder(encoding);
  }

  write(bytes: Buffer): string {
    return this.decoder.write(bytes);
  }

  end(): string {
    return this.decoder.end() ?? '';
  }
}

/** What a decoding error names: the document (`GAEB DA XML file`) and the request field it came in (`gaebFile`). */
export interface DocumentSource {
  document: string;
  key: string;
}

/**
 * A streaming decoder for an XML document's encoding ({@link declaredEncoding}, UTF-8 by default). A byte order
 * mark is dropped from the text.
 * @throws GatewayError GW_ERR_PARSE (400, key `source.key`) when the declared encoding is unknown
 */
export function decoderFor(bytes: Buffer, source: DocumentSource): ChunkDecoder {
  let encoding = declaredEncoding(bytes) ?? 'utf-8';
  // A declaration read as single bytes cannot be UTF-16: the bytes are 8-bit, most likely UTF-8.
  if (encoding.startsWith('utf-16') && bytes[0] !== 0xff && bytes[0] !== 0xfe && bytes[0] !== 0 && bytes[1] !== 0) {
    encoding = 'utf-8';
  }
  if (encoding === 'utf-8' || encoding === 'utf8') return new Utf8Decoder();
  if (!iconv.encodingExists(encoding)) {
    throw parseError(`The ${source.document} declares the encoding '${encoding}', which is not supported`, source.key);
  }
  return new IconvDecoder(encoding);
}

/** True when a UTF-8 decoder met bytes that are not UTF-8 (they became U+FFFD). */
export const sawInvalidUtf8 = (decoder: ChunkDecoder): boolean => decoder instanceof Utf8Decoder && decoder.sawReplacement;

/**
 * A whole buffer as text: a byte order mark (UTF-8, UTF-16LE/BE) decides the encoding and is dropped; without
 * one the bytes are `fallbackEncoding` (an iconv-lite name: `utf-8`, `windows-1252`, `cp850`, …). Bytes the
 * encoding does not define become U+FFFD.
 * @throws Error when `fallbackEncoding` is not an encoding iconv-lite knows (a programming error, not input)
 */
export function decodeText(bytes: Buffer, fallbackEncoding: string): string {
  const bom = sniffBom(bytes);
  if (bom) return iconv.decode(bytes.subarray(bom.length), bom.encoding, { stripBOM: false });
  return iconv.decode(bytes, fallbackEncoding, { stripBOM: false });
}
