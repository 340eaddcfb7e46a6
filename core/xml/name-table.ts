/**
 * A lookup table for the element names a streaming XML parser hands over, one new string per start tag.
 *
 * A `Map` keyed by such a name computes the name's hash on every lookup: V8 keeps a string's hash in the string
 * once computed, and a name cut fresh from the parser's chunk has none yet, so each lookup reads all its characters
 * into the hash before it probes the table (V8's `Name::EnsureHash` and `OrderedHashMap`). This
 * table hashes only the length and the first and last characters and confirms with one comparison of the name with
 * the key found there, which for two strings of different lengths is decided by the lengths. Open addressing with
 * linear probing in a table at most a quarter full: a lookup mostly reads one or two slots of two small arrays.
 * The ÖNORM reader's two tables (element codes, formatting elements) in place of `Map`s: bytes → prepared project of
 * a generated 2 MB ONLV 399.7 M → 388.9 M instructions a read (−2.7 %), the same project.
 */

/**
 * `String.prototype.charCodeAt`, called as a function: the names are strings of several kinds in V8 (copies, cuts of
 * the chunk, interned one-character strings), and `name.charCodeAt` looks the method up on each kind; called as a
 * function it needs no lookup (bytes → prepared project of a generated 2 MB ONLV: −0.6 M instructions a read).
 */
const charCodeAt = String.prototype.charCodeAt;

/** The table slot a name starts probing at: its length, first and last character code, mixed (`mask` = size − 1). */
const slotOf = (name: string, mask: number): number => {
  const n = name.length;
  return (n * 961 + charCodeAt.call(name, 0) * 31 + charCodeAt.call(name, n - 1)) & mask;
};

/** Names → values; a lookup costs three character reads and, mostly, one string comparison. */
export class NameTable<T> {
  /** Keys by slot, undefined where free; `values` holds the value of the key in the same slot. */
  private readonly keys: (string | undefined)[];
  private readonly values: (T | undefined)[];
  private readonly mask: number;

  /**
   * @param entries name → value; names must not be empty, and a name given twice keeps its first value
   * @throws Error for an empty name
   */
  constructor(entries: Iterable<readonly [string, T]>) {
    const list = [...entries];
    let size = 16;
    while (size < 4 * list.length) size *= 2;
    this.mask = size - 1;
    this.keys = new Array<string | undefined>(size).fill(undefined);
    this.values = new Array<T | undefined>(size).fill(undefined);
    for (const [name, value] of list) {
      if (name.length === 0) throw new Error('NameTable: a name must not be empty');
      let i = slotOf(name, this.mask);
      while (this.keys[i] !== undefined && this.keys[i] !== name) i = (i + 1) & this.mask;
      if (this.keys[i] === undefined) {
        this.keys[i] = name;
        this.values[i] = value;
      }
    }
  }

  /** The value of `name`, undefined when the table does not hold it (also for the empty string). */
  get(name: string): T | undefined {
    if (name.length === 0) return undefined;
    const keys = this.keys;
    for (let i = slotOf(name, this.mask); ; i = (i + 1) & this.mask) {
      const key = keys[i];
      if (key === undefined) return undefined;
      if (key === name) return this.values[i];
    }
  }
}
