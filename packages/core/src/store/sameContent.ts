/**
 * Whether two JSON values carry the same content, key order aside: the duplicate test of resources
 * without versions, whether a lost write's fields are in place, the three-way comparison of `edit`,
 * and (in development) the warning for a version resent with other content. Values are compared by
 * identity first, so only nested objects that differ by identity are walked; it allocates nothing.
 * Both sides are JSON data (plain objects and arrays), so for-in meets no inherited keys.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) {
    return false;
  }
  let keys = 0;
  for (const key in a) {
    keys++;
    if (!(key in b) || !sameContent((a as never)[key], (b as never)[key])) return false;
  }
  for (const _ in b) keys--;
  return keys === 0;
}
