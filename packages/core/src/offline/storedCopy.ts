// Keys that would reach a prototype if some later code copied the object by assignment.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper than any write's body; a circular one stops here too. */
const MAX_DEPTH = 64;

/**
 * A write's input as the outbox keeps it, taken when the write is made: plain objects and arrays are
 * copied at every depth, other values (a `Date`, a `Blob`) kept for storage's structured clone. So what
 * is stored and sent under the write's key is what the caller passed, whatever their object (a form's
 * model, reset after submit) becomes later; and a proxy over plain data (a Vue form's `reactive`),
 * which the structured clone refuses, is read through. A value no storage can keep (a function, a
 * symbol) or a body deeper than 64 levels (circular) is a `TypeError` naming where it is.
 */
export function storedCopy(value: unknown, path: string, depth = 0): unknown {
  if (typeof value === 'function' || typeof value === 'symbol')
    throw new TypeError(`${path} is a ${typeof value}, which the outbox cannot store`);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH)
    throw new TypeError(`${path} nests deeper than ${MAX_DEPTH} levels (is it circular?)`);
  if (Array.isArray(value)) return value.map((item, i) => storedCopy(item, `${path}[${i}]`, depth + 1));
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    if (!UNSAFE_KEYS.has(key))
      copy[key] = storedCopy((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
  return copy;
}
