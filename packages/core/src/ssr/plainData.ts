import { UNSAFE_KEYS } from '../wire/unsafeKeys';

const MAX_DEPTH = 32;

const isPlainObject = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A JSON-safe copy of `value`: strings, finite numbers, booleans, null, arrays and plain objects.
 * Anything else (functions, class instances, non-finite numbers, `undefined`) is left out (`null` in
 * an array, as `JSON.stringify` does), and so are keys that could reach a prototype and whatever lies
 * deeper than 32 levels. Used both ways: on the server, for what goes into a page, and on the client,
 * for what came out of one (untrusted).
 */
export function plainData(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.map((item) => plainData(item, depth + 1) ?? null);
  if (!isPlainObject(value)) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const item = plainData((value as Record<string, unknown>)[key], depth + 1);
    if (item !== undefined) copy[key] = item;
  }
  return copy;
}
