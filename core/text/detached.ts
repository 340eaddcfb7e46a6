/**
 * Copies of strings cut out of large parser chunks.
 *
 * V8 represents a substring of 13 or more characters (`slice`, `substring`, `trim`, and the texts and names a
 * streaming XML parser such as saxes cuts from the chunk it was given) as a "sliced string": a reference to the
 * whole parent string plus an offset. A model that keeps such a substring keeps the whole chunk it came
 * from alive; a reader that keeps one short text per position of a 20 MB file ends up holding all of the file's
 * text (V8 `src/objects/string.h`, `SlicedString`, `kMinLength = 13`).
 */

/** Below this length V8 copies a substring instead of slicing it (V8 `SlicedString::kMinLength`). */
const SLICE_MIN_LENGTH = 13;

/**
 * `s` as a string that holds no reference to a larger string: short strings as they are (V8 copied them), longer
 * ones copied into one flat string of their own. The copy is made by joining the first character and the rest (two
 * pieces, so that the join cannot hand back `s` itself); the cut of the rest is garbage right away, and what stays
 * alive is one string of exactly `s.length` characters (a cut of a rope, `(' ' + s).slice(1)`, would leave a
 * sliced string on a copy one character longer: two objects per text).
 * @param s any string
 * @returns a string equal to `s`
 */
export function detached(s: string): string {
  return s.length < SLICE_MIN_LENGTH ? s : [s.slice(0, 1), s.slice(1)].join('');
}

/**
 * One detached string per distinct value of the short names and units a reader sees again and again (an ÖNORM
 * position's `pzzv` kind and `einheit`): each position then refers to the same string instead of a copy of its
 * own. At most `limit` values are kept, so that a file cannot grow the table without bound; others are detached
 * copies.
 */
export class DetachedInterner {
  private readonly table = new Map<string, string>();

  constructor(private readonly limit = 256) {}

  /** `value` as the one kept string equal to it (see the class comment). */
  get(value: string): string {
    let kept = this.table.get(value);
    if (kept === undefined) {
      kept = detached(value);
      if (this.table.size < this.limit) this.table.set(kept, kept);
    }
    return kept;
  }
}
