/**
 * Numbers that must be unique among their siblings, and those read again.
 *
 * ÖNORM A 2063 numbers each level's elements uniquely (2009 `onlv.xsd` keys `uid_hg`, `uid_og`, `uid_lg`, `uid_ulg`
 * over `@nr`, `uid_grundtext`, `uid_ungeteiltepos` over `@mfv`, `uid_folgepos` over `@ftnr` + `@mfv`, `uid_posfrei`
 * over `@nr`; `onlb.xsd` alike). A number read again is no reason to lose the element — it is read as its own, under
 * the same item number — but the receiver is told (`OENORM_DUPLICATE_NUMBER`).
 *
 * Files list their elements in ascending order, so a number greater than the greatest one read before cannot be a
 * repetition: that is one string comparison an element. Only after a number out of order are the siblings' numbers
 * gathered into a set, which then takes every further number of that level.
 */

/** The numbers of one level's siblings (the positions of one group, the groups of one list). */
export class SiblingNumbers {
  private greatest = '';
  private seen: Set<string> | undefined;

  /** A new level begins: no number read yet. */
  reset(): void {
    this.greatest = '';
    this.seen = undefined;
  }

  /**
   * Takes the next number of the level.
   * @param number the element's number (item number, or group number)
   * @param siblings the numbers of the elements read before it on the level, asked for only when `number` is not
   *   greater than all of them
   * @returns whether the level held the number already
   */
  repeated(number: string, siblings: () => Iterable<string>): boolean {
    if (number > this.greatest) {
      this.greatest = number;
      this.seen?.add(number);
      return false;
    }
    const seen = (this.seen ??= new Set(siblings()));
    if (seen.has(number)) return true;
    seen.add(number);
    return false;
  }
}

/** The repeated numbers of a file, for one message at the end (the first ones by name, all of them counted). */
export class RepeatedNumbers {
  private readonly first: string[] = [];
  private count = 0;

  add(what: string): void {
    if (this.first.length < 10) this.first.push(what);
    this.count++;
  }

  /** The message's text, undefined when no number was repeated. */
  message(): string | undefined {
    if (this.count === 0) return undefined;
    const more = this.count > this.first.length ? ` and ${this.count - this.first.length} more` : '';
    return `Numbers ÖNORM A 2063 allows once per level were read again (${this.first.join(', ')}${more}): each ` +
      'element was read as its own, under the same item number, which a receiver may not tell apart.';
  }
}
