export const hasOwn = Object.prototype.hasOwnProperty;
const { freeze, getPrototypeOf, isFrozen } = Object;

/**
 * Keys dropped from every stored object. `JSON.parse` turns `"__proto__"` into an own data key; that is
 * harmless until some code copies the object by assignment, which then swaps the prototype. Dropping
 * these keys at the one entry point means no stored object can ever carry them.
 */
export const isUnsafeKey = (key: string): boolean =>
  key === '__proto__' || key === 'constructor' || key === 'prototype';

/** A frozen copy of `source` (an array stays one) without unsafe keys at any depth: the rare path. */
function copyOf(source: object): object {
  const copy: Record<string, unknown> = Array.isArray(source) ? ([] as never) : {};
  for (const key in source) {
    // for-in also walks the prototype chain; an inherited (polluted) key must not become an own one.
    if (!hasOwn.call(source, key) || isUnsafeKey(key)) continue;
    const value: unknown = (source as Record<string, unknown>)[key];
    copy[key] = value && typeof value === 'object' ? freezeValue(value) : value;
  }
  return freeze(copy);
}

/**
 * Deep-freezes the children of `value` in place; false when `value` itself carries an unsafe key or a
 * child had to be replaced by a copy, so `value` must be copied too. Allocates nothing.
 * (`hasOwnProperty.call` inside for-in is a pattern V8 optimizes; `Object.hasOwn` measured slower.)
 */
function freezeChildren(value: object): boolean {
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    const child: unknown = (value as Record<string, unknown>)[key];
    if (isUnsafeKey(key) || (!!child && typeof child === 'object' && freezeValue(child) !== child)) {
      return false;
    }
  }
  return true;
}

/**
 * A nested value in its stored form. Frozen values are shared as they are (they are the store's own
 * when an app spreads a stored entity into a new one); class instances (Date, Map…) are not ours to
 * freeze; plain objects and arrays are frozen in place, or copied when an unsafe key sits below them.
 */
function freezeValue(value: object): object {
  const proto: unknown = getPrototypeOf(value);
  if (isFrozen(value) || (proto !== Object.prototype && proto !== Array.prototype && proto !== null)) {
    return value;
  }
  return freezeChildren(value) ? freeze(value) : copyOf(value);
}

/**
 * The stored form of `entity`: `entity` itself, deep-frozen in place. The store takes ownership of what
 * it is given, as immer's autoFreeze and Redux Toolkit do: no copy, no allocation. A copy is made only
 * when it must be: a top level that is not a plain object (class instance, null prototype) becomes a
 * plain one, and an object carrying `__proto__`, `constructor` or `prototype` (at any depth) is
 * replaced by a sanitized frozen copy, so no stored object carries them.
 */
export function freezeEntity<T extends object>(entity: T): T {
  return (
    getPrototypeOf(entity) === Object.prototype && freezeChildren(entity) ? freeze(entity) : copyOf(entity)
  ) as T;
}
