// Plain objects re-emitted with sorted keys, so key order does not count as a difference.
const canonical = (_key: string, value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value;

/**
 * Whether two JSON values carry the same content. Development only: it tells a server that sent one
 * version with two different contents. A fresh response never shares nested objects with the stored
 * copy, so identity would always differ; canonical JSON is the simplest faithful comparison.
 * (`fromEntries` defines keys, so a `__proto__` key stays an inert own key here.)
 */
export const sameContent = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a, canonical) === JSON.stringify(b, canonical);
