/**
 * The hierarchy inside an NPK chapter, from the 6-digit position numbers alone: a heading (an NPK number without a
 * unit record) covers the numbers that start with its digits before the trailing zeros (`991100` covers `9911xx`,
 * `990000` covers `99xxxx`), so `990000` > `991000` > `991100` > `991110` > `991111`. Inferred from the NPK
 * numbering in the real file janhajk/451 `lib/sia451.sample.01s` (headings end in zeros).
 * The reader builds its groups with it; the writer checks with it that the numbers it keeps read back as the same tree.
 */

/** One NPK number of a chapter in file order, and whether it is a heading (no unit record). */
export interface NpkEntry {
  /** The 6-digit Leistungsposition, e.g. `411121`. */
  number: string;
  heading: boolean;
}

/** The digits of a heading before its trailing zeros: what the numbers it covers start with. */
export const headingPrefix = (number: string): string => number.replace(/0+$/, '');

/**
 * The parent of every entry: the index of the nearest open heading covering it, or -1 for the chapter itself.
 * @returns one index per entry, in order
 */
export function npkParents(entries: readonly NpkEntry[]): number[] {
  const parents: number[] = [];
  const open: number[] = [];
  entries.forEach((entry, i) => {
    while (open.length > 0) {
      const top = entries[open[open.length - 1]];
      const prefix = headingPrefix(top.number);
      const covered = entry.number.startsWith(prefix) && entry.number !== top.number
        && (!entry.heading || headingPrefix(entry.number).length > prefix.length);
      if (covered) break;
      open.pop();
    }
    parents.push(open.length > 0 ? open[open.length - 1] : -1);
    if (entry.heading) open.push(i);
  });
  return parents;
}
