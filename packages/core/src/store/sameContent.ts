/**
 * Whether two JSON values carry the same content, key order aside. Development only: it tells a server
 * that sent one version with two different contents. Values are compared by identity first, so only
 * nested objects that differ by identity are walked; it allocates nothing. (Both sides share
 * their prototype, so for-in's inherited keys, if any, match and need no filtering here.)
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
