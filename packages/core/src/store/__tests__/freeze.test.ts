import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../entityStore';
import { freezeEntity } from '../freeze';
import { sameContent } from '../sameContent';

const hostile =
  '{"version":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},' +
  '"limit":{"amount":1,"__proto__":{"polluted":true}},"tags":[{"__proto__":{"polluted":true},"x":1}]}';

describe('freezeEntity', () => {
  it('deep-freezes a clean plain object in place and returns it', () => {
    const input = { a: 1, nested: { b: [1, { c: 2 }] } };
    const frozen = freezeEntity(input);
    expect(frozen).toBe(input);
    expect(frozen).toEqual({ a: 1, nested: { b: [1, { c: 2 }] } });
    expect(Object.isFrozen(frozen)).toBe(true);
    expect(Object.isFrozen(frozen.nested)).toBe(true);
    expect(Object.isFrozen(frozen.nested.b)).toBe(true);
    expect(Object.isFrozen(frozen.nested.b[1])).toBe(true);
  });

  it('replaces an entity with an unsafe key anywhere in it by a sanitized frozen copy', () => {
    const input = JSON.parse('{"outer":{"inner":{"__proto__":{"x":1},"y":2},"z":[3]},"side":{"s":1}}');
    const frozen = freezeEntity(input);
    expect(frozen).not.toBe(input);
    expect(frozen).toEqual({ outer: { inner: { y: 2 }, z: [3] }, side: { s: 1 } });
    expect(Object.hasOwn(frozen.outer.inner, '__proto__')).toBe(false);
    expect(Array.isArray(frozen.outer.z)).toBe(true);
    for (const part of [frozen, frozen.outer, frozen.outer.inner, frozen.outer.z, frozen.side]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
  });

  it('copies an already frozen object that carries an unsafe key', () => {
    const input = Object.freeze(JSON.parse('{"version":1,"constructor":{"prototype":{"x":1}}}'));
    const frozen = freezeEntity(input);
    expect(frozen).not.toBe(input);
    expect(frozen).toEqual({ version: 1 });
    expect(Object.isFrozen(frozen)).toBe(true);
  });

  it('sanitizes a nested object that was frozen elsewhere with an unsafe key in it', () => {
    // Freezing keeps keys: a frozen child is vouched for only by scanning it, not by isFrozen.
    const child = Object.freeze(JSON.parse('{"amount":1,"__proto__":{"polluted":true}}'));
    const frozen = freezeEntity({ version: 1, limit: child }) as { limit: object };
    expect(frozen.limit).not.toBe(child);
    expect(Object.hasOwn(frozen.limit, '__proto__')).toBe(false);
    expect(frozen.limit).toEqual({ amount: 1 });
  });

  it('throws on a cyclic object before the store holds any of it', () => {
    // JSON cannot make a cycle; a caller's object can, and the engine's RangeError stops the walk.
    const cyclic: Record<string, unknown> = { version: 1 };
    cyclic.self = { back: cyclic };
    expect(() => freezeEntity(cyclic)).toThrow(RangeError);
    const store = createEntityStore();
    expect(() => store.apply('spend_control', 'sc_1', cyclic as { version: number })).toThrow(RangeError);
    expect(store.get('spend_control', 'sc_1')).toBeUndefined();
  });

  it('shares nested values that are already frozen and leaves class instances alone', () => {
    const shared = Object.freeze({ amount: 1 });
    const date = new Date(0);
    const frozen = freezeEntity({ shared, date });
    expect(frozen.shared).toBe(shared);
    expect(frozen.date).toBe(date);
  });

  it('drops __proto__, constructor and prototype keys from untrusted JSON at every depth', () => {
    const parsed = JSON.parse(hostile) as Record<string, unknown>;
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    const frozen = freezeEntity(parsed) as Record<string, unknown> & {
      limit: Record<string, unknown>;
      tags: Record<string, unknown>[];
    };
    expect(Object.hasOwn(frozen, '__proto__')).toBe(false);
    expect(Object.hasOwn(frozen, 'constructor')).toBe(false);
    expect(Object.hasOwn(frozen.limit, '__proto__')).toBe(false);
    expect(Object.hasOwn(frozen.tags[0]!, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(frozen)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(frozen.limit)).toBe(Object.prototype);
    expect(frozen).toEqual({ version: 1, limit: { amount: 1 }, tags: [{ x: 1 }] });
    // A later copy by assignment (what a naive merge does) cannot reach a prototype either.
    const merged: Record<string, unknown> = {};
    for (const key of Object.keys(frozen)) merged[key] = frozen[key];
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });

  it('does not copy inherited keys when Object.prototype is polluted elsewhere', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.injected = 'x';
    try {
      expect(Object.hasOwn(freezeEntity({ version: 1 }), 'injected')).toBe(false);
    } finally {
      delete proto.injected;
    }
  });

  it('is what the store applies to untrusted input', () => {
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', JSON.parse(hostile) as object);
    const held = store.get('spend_control', 'sc_1');
    expect(Object.keys(held ?? {})).toEqual(['version', 'limit', 'tags']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('sameContent', () => {
  it('compares JSON content, ignoring key order', () => {
    expect(sameContent({ a: { b: [1, 2], c: 1 } }, { a: { c: 1, b: [1, 2] } })).toBe(true);
    expect(sameContent({ a: { b: [1, 2] } }, { a: { b: [1, 3] } })).toBe(false);
    expect(sameContent({ a: { b: [1, 2] } }, { a: { b: [2, 1] } })).toBe(false);
    expect(sameContent({ a: { b: [1, 2] } }, { a: { b: [1, 2, 3] } })).toBe(false);
    expect(sameContent({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameContent({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameContent({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameContent({ a: null }, { a: {} })).toBe(false);
    expect(sameContent({ a: '1' }, { a: 1 })).toBe(false);
    expect(sameContent([1], { 0: 1 })).toBe(false);
    expect(
      sameContent(JSON.parse('{"a":1,"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":1},"a":1}')),
    ).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(sameContent(null, {})).toBe(false);
  });

  it('treats values shared by identity as equal without walking them', () => {
    const shared = { deep: { deeper: [1] } };
    // A getter would run if the shared subtree were walked.
    Object.defineProperty(shared, 'walked', {
      enumerable: true,
      get() {
        throw new Error('walked a shared subtree');
      },
    });
    expect(sameContent({ a: 1, shared }, { shared, a: 1 })).toBe(true);
  });

  // Review 24: a schema may turn a field into a Date, which has no own keys; any two read as equal.
  it('compares Dates by their time, and other class instances by identity', () => {
    const day = (text: string) => new Date(text);
    expect(sameContent({ due: day('2026-01-01') }, { due: day('2026-01-01') })).toBe(true);
    expect(sameContent({ due: day('2026-01-01') }, { due: day('2026-02-01') })).toBe(false);
    expect(sameContent(day('invalid'), day('invalid'))).toBe(true);
    expect(sameContent(day('2026-01-01'), {})).toBe(false);
    expect(sameContent(new Map([[1, 1]]), new Map([[1, 2]]))).toBe(false);
    const shared = new Map();
    expect(sameContent({ m: shared }, { m: shared })).toBe(true);
    expect(sameContent(Object.assign(Object.create(null), { a: 1 }), { a: 1 })).toBe(true);
  });
});
