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
import { isAscii } from 'node:buffer';
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

/**
 * Whether a UTF-8 sequence starts at the first byte beyond ASCII in `bytes` (RFC 3629 §4: a lead byte C2–F4 and as
 * many continuation bytes 80–BF as it announces; a sequence cut by the end of `bytes` counts as far as it goes);
 * undefined when every byte is ASCII.
 */
function utf8AtFirstNonAscii(bytes: Uint8Array): boolean | undefined {
  for (let at = 0; at < bytes.length; at++) {
    const lead = bytes[at];
    if (lead < 0x80) continue;
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    let utf8 = length > 0;
    for (let k = 1; utf8 && k < length && at + k < bytes.length; k++) utf8 = bytes[at + k] >= 0x80 && bytes[at + k] <= 0xbf;
    return utf8;
  }
  return undefined;
}

/**
 * UTF-8, or Windows-1252 when the document turns out not to be UTF-8. A file that says it is UTF-8 (or says nothing,
 * which for XML means UTF-8) but was written in a Western European 8-bit code page — an exporter that copies the
 * declaration of a template — has "ä" as the single byte E4, which is no UTF-8; decoded as UTF-8 every umlaut would
 * become U+FFFD. So, without a byte order mark, the first byte beyond ASCII decides: the start of a UTF-8 sequence
 * keeps UTF-8 (a later byte that is not UTF-8 becomes U+FFFD, {@link sawInvalidUtf8}); otherwise the document is
 * read as Windows-1252 from there ({@link assumedWindows1252}; all text before that byte is ASCII, the same in both).
 * A chunk that is all ASCII costs one `isAscii` call until the decision.
 */
class Utf8Decoder implements ChunkDecoder {
  private readonly decoder = new TextDecoder('utf-8');
  /** Set when a chunk held a replacement character (invalid UTF-8 or a literal U+FFFD). */
  sawReplacement = false;
  /** The Windows-1252 decoder once the first byte beyond ASCII was not UTF-8. */
  private fallback?: ReturnType<typeof iconv.getDecoder>;
  /** Whether the first byte beyond ASCII is still to come (only without a byte order mark). */
  private undecided: boolean;

  constructor(sniff: boolean) {
    this.undecided = sniff;
  }

  get encoding(): string {
    return this.fallback ? 'windows-1252' : 'utf-8';
  }

  /** True when the document was read as Windows-1252 (see the class comment). */
  get fellBack(): boolean {
    return this.fallback !== undefined;
  }

  write(bytes: Buffer): string {
    if (this.fallback) return this.fallback.write(bytes);
    if (this.undecided && !isAscii(bytes)) {
      this.undecided = false;
      if (utf8AtFirstNonAscii(bytes) === false) {
        // every chunk before this one was ASCII: nothing of the document is held in the UTF-8 decoder
        this.fallback = iconv.getDecoder('windows-1252');
        return this.fallback.write(bytes);
      }
    }
    const s = this.decoder.decode(bytes, { stream: true });
    if (!this.sawReplacement && s.includes('\uFFFD')) this.sawReplacement = true;
    return s;
  }

  end(): string {
    if (this.fallback) return this.fallback.end() ?? '';
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
 * A streaming decoder for an XML document's encoding ({@link declaredEncoding}, UTF-8 by default; a UTF-8 document
 * without byte order mark whose first byte beyond ASCII is not UTF-8 is read as Windows-1252,
 * {@link assumedWindows1252}). A byte order mark is dropped from the text.
 * @throws GatewayError GW_ERR_PARSE (400, key `source.key`) when the declared encoding is unknown
 */
export function decoderFor(bytes: Buffer, source: DocumentSource): ChunkDecoder {
  let encoding = declaredEncoding(bytes) ?? 'utf-8';
  // A declaration read as single bytes cannot be UTF-16: the bytes are 8-bit, most likely UTF-8.
  if (encoding.startsWith('utf-16') && bytes[0] !== 0xff && bytes[0] !== 0xfe && bytes[0] !== 0 && bytes[1] !== 0) {
    encoding = 'utf-8';
  }
  if (encoding === 'utf-8' || encoding === 'utf8') return new Utf8Decoder(sniffBom(bytes) === undefined);
  if (!iconv.encodingExists(encoding)) {
    throw parseError(`The ${source.document} declares the encoding '${encoding}', which is not supported`, source.key);
  }
  return new IconvDecoder(encoding);
}

/** True when a UTF-8 decoder met bytes that are not UTF-8 (they became U+FFFD). */
export const sawInvalidUtf8 = (decoder: ChunkDecoder): boolean => decoder instanceof Utf8Decoder && decoder.sawReplacement;

/**
 * True when a document declared (or taken) as UTF-8 was read as Windows-1252 because its first byte beyond ASCII
 * is not UTF-8 (see `Utf8Decoder`).
 */
export const assumedWindows1252 = (decoder: ChunkDecoder): boolean => decoder instanceof Utf8Decoder && decoder.fellBack;

/** What a reader says when {@link assumedWindows1252}. */
export const ENCODING_ASSUMED =
  'The file is declared as UTF-8 (or declares no encoding), but its first byte beyond ASCII is not UTF-8: it was read as Windows-1252, the usual encoding of such files. Check its umlauts and special characters.';

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
