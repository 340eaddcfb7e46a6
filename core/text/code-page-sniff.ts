/**
 * Sniffing the code page of an 8-bit record file that should be CP850 (DOS Latin-1: SIA 451, REB DA11, GAEB 90):
 * a file re-saved as UTF-8 or as Windows-1252 reads with wrong umlauts, so readers refuse or re-decode it.
 * Tables: https://www.unicode.org/Public/MAPPINGS/VENDORS/MICSFT/PC/CP850.TXT and …/WINDOWS/CP1252.TXT.
 */
import { isAscii, isUtf8 } from 'node:buffer';

/** True when the bytes are valid UTF-8 holding non-ASCII characters (an 8-bit file converted to UTF-8). */
export function isUtf8Text(bytes: Buffer): boolean {
  return !isAscii(bytes) && isUtf8(bytes);
}

/** German umlauts and ß as CP850 bytes (ä ö ü Ä Ö Ü ß) and as Windows-1252 / ISO-8859-1 bytes. */
const CP850_UMLAUTS = new Set([0x84, 0x94, 0x81, 0x8e, 0x99, 0x9a, 0xe1]);
const ANSI_UMLAUTS = new Set([0xe4, 0xf6, 0xfc, 0xc4, 0xd6, 0xdc, 0xdf]);

const isAsciiLetter = (b: number | undefined): boolean => b !== undefined && ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a);

/**
 * True when the text's umlauts are Windows-1252 (ISO-8859-1) bytes and none is a CP850 one: in CP850 those bytes
 * are `õ ÷ ³ ─ Í ▄ ▀`, which German text does not hold — except `³` (0xFC, Windows-1252 `ü`) in a unit: 0xFC after
 * `m` and before no letter (`m³`, `cm³`, `m³/h`) is no evidence either way, so a CP850 file whose only non-ASCII
 * characters are cubic units (an English text, say) is not taken for Windows-1252; German `mü` is followed by a letter.
 */
export function isAnsiText(bytes: Buffer): boolean {
  let ansi = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (CP850_UMLAUTS.has(b)) return false;
    if (!ANSI_UMLAUTS.has(b)) continue;
    if (b === 0xfc && bytes[i - 1] === 0x6d && !isAsciiLetter(bytes[i + 1])) continue;
    ansi = true;
  }
  return ansi;
}
