const getPrototypeOf = Object.getPrototypeOf;
const plain = (proto: unknown) => proto === Object.prototype || proto === null;

/**
 * Whether two values carry the same content, key order aside: the duplicate test of resources
 * without versions, whether a lost write's fields are in place, the three-way comparison of `edit`,
 * and (in development) the warning for a version resent with other content. Values are compared by
 * identity first, so only nested objects that differ by identity are walked; it allocates nothing for
 * JSON data. A schema may turn a field into an instance of a class: two are compared only within one
 * class, Dates by their time, Maps and Sets by identity (their content is no field), a class with
 * `toJSON` by what it sends, and any other by its fields.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const proto: unknown = getPrototypeOf(a);
  const other: unknown = getPrototypeOf(b);
  if (proto !== other && !(plain(proto) && plain(other))) return false;
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime());
  if (a instanceof Map || a instanceof Set) return false;
  if (!plain(proto) && proto !== Array.prototype && typeof (a as { toJSON?: unknown }).toJSON === 'function')
    return sameContent((a as { toJSON(): unknown }).toJSON(), (b as { toJSON(): unknown }).toJSON());
  let keys = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    keys++;
    if (!Object.hasOwn(b, key) || !sameContent((a as never)[key], (b as never)[key])) return false;
  }
  for (const key in b) if (Object.hasOwn(b, key)) keys--;
  return keys === 0;
}
