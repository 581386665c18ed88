import { createEntityStore, type EntityStore, type StoreChange, taskStatusRank } from '@vstore/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const RUNS = { numRuns: 1000 };
const T = 'spend_control';

/** Records what a subscriber of one key sees: the version read at each notification. */
function watch(store: EntityStore, type: string, id: string): (number | undefined)[] {
  const seen: (number | undefined)[] = [];
  store.subscribe(type, id, () => seen.push(store.get<{ version: number }>(type, id)?.version));
  return seen;
}

const strictlyIncreasing = (values: readonly (number | undefined)[]) =>
  values.every((value, i) => i === 0 || (value as number) > (values[i - 1] as number));

describe('store ordering properties', () => {
  it('ends at the maximum version whatever the order and duplication, and subscribers see increasing versions', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 80 }), (versions) => {
        const store = createEntityStore();
        const seen = watch(store, T, 'sc_1');
        let max = 0;
        for (const version of versions) {
          const expected = version > max ? 'applied' : version === max ? 'duplicate' : 'stale';
          expect(store.apply(T, 'sc_1', { version })).toBe(expected);
          max = Math.max(max, version);
        }
        expect(store.get(T, 'sc_1')?.version).toBe(max);
        expect(strictlyIncreasing(seen)).toBe(true);
        expect(seen.at(-1)).toBe(max);
      }),
      RUNS,
    );
  });

  it('keeps that under arbitrary batching across several keys', () => {
    const write = fc.record({ id: fc.constantFrom('a', 'b', 'c'), version: fc.integer({ min: 1, max: 20 }) });
    fc.assert(
      fc.property(fc.array(fc.array(write, { maxLength: 6 }), { minLength: 1, maxLength: 12 }), (groups) => {
        const store = createEntityStore();
        const seen = { a: watch(store, T, 'a'), b: watch(store, T, 'b'), c: watch(store, T, 'c') };
        const max: Record<string, number> = {};
        for (const group of groups) {
          store.batch(() => {
            for (const { id, version } of group) store.apply(T, id, { version });
          });
          for (const { id, version } of group) max[id] = Math.max(max[id] ?? 0, version);
        }
        for (const id of ['a', 'b', 'c'] as const) {
          expect(store.get(T, id)?.version).toBe(max[id]);
          expect(strictlyIncreasing(seen[id])).toBe(true);
          expect(seen[id].length).toBeLessThanOrEqual(groups.length);
        }
      }),
      RUNS,
    );
  });

  it('orders tasks by status: the first terminal status wins, otherwise the highest rank', () => {
    const status = fc.constantFrom('pending', 'running', 'completed', 'failed', 'cancelled');
    fc.assert(
      fc.property(fc.array(status, { minLength: 1, maxLength: 30 }), (statuses) => {
        const store = createEntityStore();
        const ranks: number[] = [];
        store.subscribe('task', 't', () => ranks.push(taskStatusRank(store.get('task', 't')?.status)));
        for (const s of statuses) store.apply('task', 't', { task_id: 't', status: s });
        const terminal = statuses.find((s) => taskStatusRank(s) === 2);
        const expected = terminal ?? (statuses.includes('running') ? 'running' : 'pending');
        expect(store.get('task', 't')?.status).toBe(expected);
        expect(strictlyIncreasing(ranks)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('hydrate properties', () => {
  const ids = fc.constantFrom('a', 'b', 'c', 'd');
  const state = fc.record({
    entities: fc.array(fc.tuple(ids, fc.integer({ min: 1, max: 10 })), { maxLength: 8 }),
    removed: fc.uniqueArray(ids, { maxLength: 2 }),
  });

  it('never regresses a key nor resurrects a removed one', () => {
    fc.assert(
      fc.property(state, state, (held, incoming) => {
        const store = createEntityStore();
        for (const [id, version] of held.entities) store.apply(T, id, { version });
        for (const id of held.removed) store.remove(T, id);
        const seen = {
          a: watch(store, T, 'a'),
          b: watch(store, T, 'b'),
          c: watch(store, T, 'c'),
          d: watch(store, T, 'd'),
        };
        const snapshot = {
          format: 1,
          entities: incoming.entities.map(([id, version]) => [T, id, { version }]),
          removed: incoming.removed.map((id) => [T, id]),
        };
        store.hydrate(JSON.parse(JSON.stringify(snapshot)));
        for (const id of ['a', 'b', 'c', 'd'] as const) {
          const removed = held.removed.includes(id) || incoming.removed.includes(id);
          const versions = [...held.entities, ...incoming.entities]
            .filter(([k]) => k === id)
            .map(([, v]) => v);
          if (removed) expect(store.get(T, id)).toBeUndefined();
          else expect(store.get(T, id)?.version).toBe(versions.length ? Math.max(...versions) : undefined);
          expect(seen[id].length).toBeLessThanOrEqual(1);
          const before = held.entities.filter(([k]) => k === id).map(([, v]) => v);
          if (!removed && seen[id].length === 1) expect(seen[id][0]).toBeGreaterThan(Math.max(0, ...before));
        }
      }),
      RUNS,
    );
  });
});

describe('change stream properties', () => {
  it('accepted reports exactly the writes that changed a latest state, in increasing versions per key', () => {
    const op = fc.oneof(
      {
        arbitrary: fc.record({ id: fc.constantFrom('a', 'b'), version: fc.integer({ min: 1, max: 12 }) }),
        weight: 5,
      },
      { arbitrary: fc.record({ id: fc.constantFrom('a', 'b'), remove: fc.constant(true) }), weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const store = createEntityStore();
        const accepted: StoreChange[] = [];
        const all: StoreChange[] = [];
        store.accepted.subscribe((change) => accepted.push(change));
        store.changes.subscribe((change) => all.push(change));
        for (const o of ops) {
          if ('remove' in o) store.remove(T, o.id);
          else store.apply(T, o.id, { version: o.version });
        }
        expect(accepted).toEqual(all.filter((c) => c.outcome === 'applied' || c.outcome === 'removed'));
        for (const id of ['a', 'b']) {
          const mine = accepted.filter((c) => c.id === id);
          const versions = mine.filter((c) => c.outcome === 'applied').map((c) => c.version);
          expect(strictlyIncreasing(versions)).toBe(true);
          // Nothing is accepted for a key after its removal.
          const removedAt = mine.findIndex((c) => c.outcome === 'removed');
          if (removedAt >= 0) expect(removedAt).toBe(mine.length - 1);
        }
      }),
      RUNS,
    );
  });
});

describe('hydrate atomicity', () => {
  it('a snapshot with one bad entry anywhere throws and changes nothing', () => {
    const entry = fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 1, max: 9 }));
    const bad = fc.constantFrom<unknown>(0, -1, 1.5, '2', null, undefined);
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 6 }),
        fc.array(entry, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        bad,
        (held, incoming, at, version) => {
          const store = createEntityStore();
          for (const [id, v] of held) store.apply(T, id, { version: v });
          const before = JSON.stringify(store.dehydrate());
          const seen = watch(store, T, 'a');
          const entities: unknown[] = incoming.map(([id, v]) => [T, id, { version: v }]);
          entities.splice(at % (entities.length + 1), 0, [T, 'c', { version }]);
          expect(() => store.hydrate({ format: 1, entities, removed: [[T, 'b']] })).toThrow(TypeError);
          expect(JSON.stringify(store.dehydrate())).toBe(before);
          expect(seen).toEqual([]);
        },
      ),
      RUNS,
    );
  });
});

describe('ownership properties', () => {
  // Clean JSON only (fast-check also generates "__proto__" keys, which the store copies away).
  const json = fc
    .jsonValue({ maxDepth: 3 })
    .filter((value) => !/"(__proto__|constructor|prototype)":/.test(JSON.stringify(value)));
  it('stores a clean object itself, deep-frozen, and leaves a refused one untouched', () => {
    const deepFrozen = (value: unknown): boolean =>
      typeof value !== 'object' ||
      value === null ||
      (Object.isFrozen(value) && Object.values(value).every(deepFrozen));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'limit', 'tags'), json), (fields) => {
        const store = createEntityStore();
        const text = JSON.stringify({ ...fields, version: 2 });
        const input = JSON.parse(text) as object;
        expect(store.apply(T, 'x', input)).toBe('applied');
        expect(store.get(T, 'x')).toBe(input);
        expect(deepFrozen(input)).toBe(true);
        expect(JSON.stringify(input)).toBe(text);
        const stale = JSON.parse(JSON.stringify({ ...fields, version: 1 })) as object;
        expect(store.apply(T, 'x', stale)).toBe('stale');
        expect(Object.isFrozen(stale)).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('untrusted JSON properties', () => {
  type Node = number | string | boolean | null | Node[] | { entries: [string, Node][] };
  const key = fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', 'b', 'toString', 'limit');
  const { node } = fc.letrec<{ node: Node; object: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.integer(),
      fc.string({ maxLength: 4 }),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('node'), { maxLength: 3 }),
      tie('object'),
    ),
    object: fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }).map((entries) => ({ entries })),
  }));
  const toJson = (value: Node): string => {
    if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
    if (value !== null && typeof value === 'object') {
      return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
    }
    return JSON.stringify(value);
  };
  const unsafe = new Set(['__proto__', 'constructor', 'prototype']);
  const hasUnsafeKey = (value: unknown): boolean =>
    typeof value === 'object' &&
    value !== null &&
    (Object.getPrototypeOf(value) !== (Array.isArray(value) ? Array.prototype : Object.prototype) ||
      Object.keys(value).some((k) => unsafe.has(k)) ||
      Object.values(value).some(hasUnsafeKey));

  it('stores exactly the input minus prototype keys, and pollutes nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, node), { maxLength: 5 }), (entries) => {
        const text = toJson({ entries: [...entries, ['version', 1]] });
        const store = createEntityStore();
        store.apply(T, 'x', JSON.parse(text) as object);
        const held = store.get(T, 'x');
        // The oracle: JSON.parse with a reviver deleting the same keys.
        expect(held).toEqual(JSON.parse(text, (k, v) => (unsafe.has(k) ? undefined : v)));
        expect(hasUnsafeKey(held)).toBe(false);
        expect(Object.keys(Object.prototype)).toEqual([]);
        expect(({} as Record<string, unknown>).a).toBeUndefined();
      }),
      RUNS,
    );
  });
});
