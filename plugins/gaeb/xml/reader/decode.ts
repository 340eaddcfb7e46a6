/**
 * Byte → text decoding of a GAEB DA XML file, chunk by chunk (the whole document is never held as one string).
 *
 * The encoding comes from the byte order mark, else from the XML declaration (`encoding="…"`), else UTF-8
 * (XML 1.0 §4.3.3 / Appendix F). UTF-8 uses the platform `TextDecoder`; ISO-8859-1, Windows-1252 and any other
 * declared encoding iconv-lite knows use iconv-lite (the WHATWG Encoding Standard behind `TextDecoder` has no DOS code pages, https://encoding.spec.whatwg.org/#names-and-labels).
 */
import iconv from 'iconv-lite';
import { parseError } from '../../../../core/errors.js';

export interface ChunkDecoder {
  /** The encoding in use, e.g. `utf-8`, `windows-1252`. */
  readonly encoding: string;
  write(bytes: Buffer): string;
  end(): string;
}

const DECLARATION = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/** The encoding named in the BOM or XML declaration, lower case; undefined means none was given. */
export function declaredEncoding(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0x3c && bytes[1] === 0x00) return 'utf-16le';
  if (bytes[0] === 0x00 && bytes[1] === 0x3c) return 'utf-16be';
  const m = DECLARATION.exec(bytes.subarray(0, 512).toString('latin1'));
  return m ? m[1].toLowerCase() : undefined;
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

/**
 * A streaming decoder for the file's encoding.
 * @throws GatewayError 400 when the declared encoding is unknown
 */
export function decoderFor(bytes: Buffer): ChunkDecoder {
  let encoding = declaredEncoding(bytes) ?? 'utf-8';
  // A declaration read as single bytes cannot be UTF-16: the bytes are 8-bit, most likely UTF-8.
  if (encoding.startsWith('utf-16') && bytes[0] !== 0xff && bytes[0] !== 0xfe && bytes[0] !== 0 && bytes[1] !== 0) {
    encoding = 'utf-8';
  }
  if (encoding === 'utf-8' || encoding === 'utf8') return new Utf8Decoder();
  if (!iconv.encodingExists(encoding)) {
    throw parseError(`The GAEB DA XML file declares the encoding '${encoding}', which is not supported`, 'gaebFile');
  }
  return new IconvDecoder(encoding);
}

/** True when a UTF-8 decoder met bytes that are not UTF-8 (they became U+FFFD). */
export const sawInvalidUtf8 = (decoder: ChunkDecoder): boolean => decoder instanceof Utf8Decoder && decoder.sawReplacement;
