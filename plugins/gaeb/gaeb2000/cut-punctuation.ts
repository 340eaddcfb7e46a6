/**
 * Typographic punctuation that a GAEB 2000 writer cut to one byte.
 *
 * A GAEB 2000 file declared `[Zeichensatz]ANSI` is Windows-1252, which has the quotes and dashes of German texts
 * („ “ ‚ ‘ – —) at 0x80–0x9F. Some writers store the low byte of the character's Unicode code point instead:
 * NEVARIS 25.2 (`[ProgName]NEVARIS 25.2.0`, GXML Toolbox V3.3) writes „Flatterband“ as the bytes 0x1E … 0x1C, that is
 * U+201E and U+201C cut to 0x1E and 0x1C, while its GAEB DA XML export of the same LV holds the real characters.
 * The control characters U+0010–U+001F have no meaning in a GAEB 2000 text (its line ends are CR and LF, its only
 * other blank the tab), and U+2010–U+201F are all punctuation (hyphens, dashes, single and double quotes), so each is
 * read as the punctuation whose low byte it is.
 */

/** U+0010–U+001F, the low bytes of U+2010–U+201F. */
const CUT = /[\u0010-\u001f]/g;

/**
 * `text` with each U+0010–U+001F replaced by U+2010–U+201F (the same low byte).
 * @param text decoded text of a GAEB 2000 file (Windows-1252, no byte order mark)
 * @returns the text, and the characters replaced, each once, in order of first occurrence
 */
export function restoreCutPunctuation(text: string): { text: string; restored: string[] } {
  const restored = new Set<string>();
  const out = text.replace(CUT, (c) => {
    const punctuation = String.fromCharCode(0x2000 + c.charCodeAt(0));
    restored.add(punctuation);
    return punctuation;
  });
  return { text: out, restored: [...restored] };
}
