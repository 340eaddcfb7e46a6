/**
 * Lookup tables for keys that come from files and requests (element names, code values, option values, units).
 * A plain object literal answers keys such as `constructor`, `toString` or `__proto__` from `Object.prototype`, so
 * `TABLE[name]` would hand a function or an object to code that expects one of the table's values; these tables have
 * no prototype and cannot be changed.
 */

/**
 * `entries` as a frozen table without a prototype: a key that is not one of its own is undefined.
 * @param entries the table's keys and values
 * @returns a new object with the same own keys and values
 */
export function lookupTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
