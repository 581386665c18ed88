import { UNSAFE_KEYS } from '../wire/unsafeKeys';

/** Deeper than any write's body; a circular one stops here too. */
const MAX_DEPTH = 64;

/** Values storage's structured clone keeps as they are (read-only to the outbox: kept, not copied). */
const isCloneable = (value: object): boolean =>
  value instanceof Date ||
  value instanceof RegExp ||
  value instanceof ArrayBuffer ||
  ArrayBuffer.isView(value) ||
  (typeof Blob !== 'undefined' && value instanceof Blob);

/**
 * A write's input as the outbox keeps it, taken when the write is made: objects and arrays are copied
 * at every depth, a class instance (a form model) as a plain object of its own fields, as storage's
 * structured clone would keep it; Maps and Sets as new ones; a `Date`, `RegExp`, `Blob` or binary
 * data kept for the clone. So what is stored and sent under the write's key is what the caller passed,
 * whatever their object becomes later (a form reset after submit); and a proxy (a Vue form's
 * `reactive`, which the structured clone refuses) is read through. A value no storage can keep (a
 * function, a symbol) or a body deeper than 64 levels (circular) is a `TypeError` naming where it is.
 */
export function storedCopy(value: unknown, path: string, depth = 0): unknown {
  if (typeof value === 'function' || typeof value === 'symbol')
    throw new TypeError(`${path} is a ${typeof value}, which the outbox cannot store`);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH)
    throw new TypeError(`${path} nests deeper than ${MAX_DEPTH} levels (is it circular?)`);
  const next = depth + 1;
  if (Array.isArray(value)) return value.map((item, i) => storedCopy(item, `${path}[${i}]`, next));
  if (isCloneable(value)) return value;
  if (value instanceof Map)
    return new Map(
      [...value].map(([key, item], i) => [
        storedCopy(key, `${path}<key ${i}>`, next),
        storedCopy(item, `${path}<${i}>`, next),
      ]),
    );
  if (value instanceof Set)
    return new Set([...value].map((item, i) => storedCopy(item, `${path}<${i}>`, next)));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    if (!UNSAFE_KEYS.has(key))
      copy[key] = storedCopy((value as Record<string, unknown>)[key], `${path}.${key}`, next);
  return copy;
}
