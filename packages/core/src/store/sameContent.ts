const getPrototypeOf = Object.getPrototypeOf;

/** What a value is compared as: 1 plain object, 2 array, 3 Date, 0 anything else (by identity alone). */
function kindOf(value: object): number {
  const proto: unknown = getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return 1;
  if (proto === Array.prototype) return 2;
  return proto === Date.prototype ? 3 : 0;
}

/**
 * Whether two values carry the same content, key order aside: the duplicate test of resources
 * without versions, whether a lost write's fields are in place, the three-way comparison of `edit`,
 * and (in development) the warning for a version resent with other content. Values are compared by
 * identity first, so only nested objects that differ by identity are walked; it allocates nothing.
 * Plain objects and arrays are compared by their contents, Dates (a schema may turn a field into one)
 * by their time, and any other object by identity: a class instance's own keys need not be its content.
 * Plain objects come from JSON or a schema, so for-in meets no inherited keys.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const kind = kindOf(a);
  if (kind !== kindOf(b) || kind === 0) return false;
  if (kind === 3) return Object.is((a as Date).getTime(), (b as Date).getTime());
  let keys = 0;
  for (const key in a) {
    keys++;
    if (!(key in b) || !sameContent((a as never)[key], (b as never)[key])) return false;
  }
  for (const _ in b) keys--;
  return keys === 0;
}
