/**
 * Which SIA 451 text is the short text: the type-2 record holds the short text cut to one 30-character record;
 * variable 00 of the type-3 lines is either the whole short text (this plugin's writer continues a longer short
 * text there) or the first paragraph of the long text (the real BauPlus tender janhajk/451 `lib/sia451.sample.01s`
 * states a position's whole text there, up to 637 characters, often under a type-2 text of its own). The reader
 * decides with {@link isWholeShortText}; the writer uses the same rule to keep a long text's paragraph out of
 * variable 00 where a reader would take it for the short text.
 */

/** Runs of blanks (records pad and indent their text) as one blank. */
export const joinText = (parts: Iterable<string>): string => [...parts].join(' ').replace(/\s+/g, ' ').trim();

/** The longest variable 00 read as a whole short text: a short text's length in GAEB (record 25, DA XML). */
const SHORT_TEXT_MAX = 70;

/**
 * Whether variable 00 (its lines, and their text joined) is the whole short text whose type-2 record holds `title`:
 * no title, or one that begins it, the text having at most 70 characters or its first line being the title.
 */
export function isWholeShortText(lines: readonly string[], text: string, title: string): boolean {
  if (title === '') return true;
  return text.startsWith(title) && (Array.from(text).length <= SHORT_TEXT_MAX || joinText([lines[0] ?? '']) === title);
}
