import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { threeWay } from '../../packages/core/src/resources/threeWay';

// The three-way comparison behind `edit(…, { onConflict: 'abort' })`: base is what the edit started
// from, mine what its recipe made of it, theirs what another writer saved meanwhile.

const FIELDS = ['name', 'status', 'limit', 'interval', '__proto__', 'constructor'] as const;

// Few distinct values, so that both sides often pick the same one; nested objects are rebuilt on
// every draw, so equal content often comes with a different identity.
const value = fc.oneof(
  fc.constantFrom('a', 'b', 0, 1, null, true),
  fc.record({ amount: fc.constantFrom(1, 2), currency: fc.constantFrom('EUR', 'USD') }),
  fc.constant(undefined), // absent
);

type Rec = Record<string, unknown>;
const record = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: FIELDS.length }).map(toRecord);

/** A JSON-like record with `undefined` meaning absent, keys kept as own data properties. */
function toRecord(entries: Record<string, unknown>): Rec {
  const out: Rec = {};
  for (const [key, v] of Object.entries(entries))
    if (v !== undefined) Object.defineProperty(out, key, { value: v, enumerable: true, writable: true });
  return out;
}

/** Mine and theirs derived from base by changing some fields each, as edits do. */
const triple = record.chain((base) =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...FIELDS), value).map((changes) => ({ ...base, ...toRecord(changes) })),
      fc.dictionary(fc.constantFrom(...FIELDS), value).map((changes) => ({ ...base, ...toRecord(changes) })),
    )
    .map(([mine, theirs]) => ({ base, mine, theirs })),
);

const get = (r: Rec, k: string) => (Object.hasOwn(r, k) ? r[k] : undefined);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const RUNS = { numRuns: 5000 };

describe('threeWay (property)', () => {
  it('reports as conflicts exactly the fields both sides changed to different values', () => {
    fc.assert(
      fc.property(triple, ({ base, mine, theirs }) => {
        const { conflicts } = threeWay(base, mine, theirs, FIELDS);
        const expected = FIELDS.filter(
          (f) =>
            !same(get(base, f), get(mine, f)) &&
            !same(get(base, f), get(theirs, f)) &&
            !same(get(mine, f), get(theirs, f)),
        );
        expect([...conflicts].sort()).toEqual([...expected].sort());
      }),
      RUNS,
    );
  });

  it('never drops a change from either side, and keeps every unchanged field', () => {
    fc.assert(
      fc.property(triple, ({ base, mine, theirs }) => {
        const { conflicts, result } = threeWay(base, mine, theirs, FIELDS);
        for (const f of FIELDS) {
          if (conflicts.includes(f)) continue;
          const kept = get(result, f);
          if (!same(get(mine, f), get(base, f))) expect(same(kept, get(mine, f))).toBe(true);
          else if (!same(get(theirs, f), get(base, f))) expect(same(kept, get(theirs, f))).toBe(true);
          else expect(same(kept, get(base, f))).toBe(true);
        }
        // The merge is a plain record: no field reached it through a prototype.
        expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
      }),
      RUNS,
    );
  });

  it('lists as merged the fields only they changed or both changed alike, disjoint from conflicts', () => {
    fc.assert(
      fc.property(triple, ({ base, mine, theirs }) => {
        const out = threeWay(base, mine, theirs, FIELDS);
        for (const f of out.merged) {
          expect(out.theirs).toContain(f);
          expect(out.conflicts).not.toContain(f);
        }
        expect(out.merged.length + out.conflicts.length).toBe(out.theirs.length);
      }),
      RUNS,
    );
  });
});

describe('threeWay (named cases)', () => {
  it('a field set to the same value on both sides is no conflict', () => {
    const out = threeWay({ name: 'a' }, { name: 'b' }, { name: 'b' });
    expect(out).toMatchObject({ conflicts: [], merged: ['name'], result: { name: 'b' } });
  });

  it('a nested object rebuilt with the same content is no change', () => {
    const base = { limit: { amount: 1, currency: 'EUR' } };
    const out = threeWay(
      base,
      { limit: { currency: 'EUR', amount: 1 } },
      { limit: { amount: 2, currency: 'EUR' } },
    );
    expect(out).toMatchObject({ mine: [], conflicts: [], result: { limit: { amount: 2 } } });
  });

  it('a field removed on my side and changed on theirs is a conflict; removed alone, it stays removed', () => {
    expect(threeWay({ a: 1 }, {}, { a: 2 }).conflicts).toEqual(['a']);
    expect(threeWay({ a: 1, b: 1 }, { b: 1 }, { a: 1, b: 2 }).result).toEqual({ b: 2 });
  });
});
