/**
 * The title of a note text for formats whose remarks have none. A note text may carry a short text — a GAEB DA XML
 * `Remark`'s outline text (`OutlineText`), a title — beside its long text; the preliminary remarks of ÖNORM A 2063
 * (`vorbemerkung`, `svb`), the remark records of GAEB 90 and the heading texts of SIA 451 hold a text only. A writer
 * of such a format puts the title first in the text, where it does not already stand there.
 */
import type { NoteTextDto } from './types.js';

/**
 * The title to write before the note text's long text: its short text on one line (white space collapsed), or
 * undefined when it has none or when its long text (plain) already starts with it.
 * @param note a note text; its plain `longText` as the preparation derives it
 */
export function noteTitleToAdd(note: Pick<NoteTextDto, 'shortText' | 'longText'> | undefined): string | undefined {
  const title = (note?.shortText ?? '').replace(/\s+/g, ' ').trim();
  if (title === '' || (note?.longText ?? '').replace(/\s+/g, ' ').trimStart().startsWith(title)) return undefined;
  return title;
}
