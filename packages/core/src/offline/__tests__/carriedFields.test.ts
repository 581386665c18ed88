// The outbox's check for an earlier change that never landed (reviews 42-44), as a property over
// entities of nested objects and arrays. The held copy O is the latest; an earlier, dropped change D
// made the base B from it; a later change L made M from B, and its patch is every top-level field L
// changed, sent whole. Written while fixing review 44, whose cases it found again (two levels down, a
// removed sub-key, an array), and it found one more, kept below as a named case: a sub-object the
// dropped change had removed, which the later change made again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameContent } from '../../store/sameContent';
import { carriedFields } from '../carriedFields';

type Entity = Record<string, Record<string, unknown>>;
const FIELDS = ['f1', 'f2'] as const;
const SUBS = ['s1', 's2'] as const;
const LEAVES = ['l1', 'l2'] as const;
/** Every place a value sits: a leaf of a sub-object, or a field's array. */
const PATHS = FIELDS.flatMap((f) => [
  ...SUBS.flatMap((s) => LEAVES.map((l) => [f, s, l] as const)),
  [f, 'arr'] as const,
]);

const entity = fc.record(
  Object.fromEntries(
    FIELDS.map((f) => [
      f,
      // Plain objects, as JSON.parse and zod make them.
      fc.record(
        {
          s1: fc.record({ l1: fc.nat(3), l2: fc.nat(3) }, { noNullPrototype: true }),
          s2: fc.record({ l1: fc.nat(3), l2: fc.nat(3) }, { noNullPrototype: true }),
          arr: fc.array(fc.nat(3), { maxLength: 3 }),
        },
        { noNullPrototype: true },
      ),
    ]),
  ) as unknown as Record<(typeof FIELDS)[number], fc.Arbitrary<Record<string, unknown>>>,
  { noNullPrototype: true },
) as fc.Arbitrary<Entity>;

type Edit =
  | { at: readonly [string, string, string]; value: number | undefined }
  | { at: readonly [string, string]; value: number[] | undefined };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    at: fc.constantFrom(...PATHS.filter((p) => p.length === 3)),
    value: fc.option(fc.nat(3), { nil: undefined }),
  }) as fc.Arbitrary<Edit>,
  // A whole sub-object removed, or an array replaced or removed.
  fc.record({
    at: fc.constantFrom(...FIELDS.flatMap((f) => [...SUBS.map((s) => [f, s] as const), [f, 'arr'] as const])),
    value: fc.option(fc.array(fc.nat(3), { maxLength: 3 }), { nil: undefined }),
  }) as fc.Arbitrary<Edit>,
);

const clone = (value: Entity): Entity => structuredClone(value);
const get = (value: Entity, path: readonly string[]): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);
function apply(from: Entity, edits: readonly Edit[]): Entity {
  const to = clone(from);
  for (const { at, value } of edits) {
    const [field, sub, leaf] = at;
    const top = to[field] as Record<string, unknown>;
    if (leaf === undefined) {
      // A sub path names a sub-object (removed when the value is undefined) or the array.
      if (sub === 'arr') top.arr = value;
      else if (value === undefined) delete top[sub];
      continue;
    }
    top[sub] ??= {};
    const inner = top[sub] as Record<string, unknown>;
    if (value === undefined) delete inner[leaf];
    else inner[leaf] = value;
  }
  return to;
}
const differs = (a: Entity, b: Entity, path: readonly string[]) => !sameContent(get(a, path), get(b, path));

describe('carriedFields (property)', () => {
  it('holds every sent field that still carries a dropped change, and only those', () => {
    fc.assert(
      fc.property(
        entity,
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        (latest, dropped, later) => {
          const base = apply(latest, dropped);
          const made = apply(base, later);
          const patch = Object.fromEntries(
            FIELDS.filter((f) => !sameContent(made[f], base[f])).map((f) => [f, made[f]]),
          );
          const held = carriedFields(base, latest, patch);
          for (const field of Object.keys(patch)) {
            const under = PATHS.filter((path) => path[0] === field && differs(base, latest, path));
            // Safety: a place the dropped change set, left as it set it, is never sent unasked.
            if (under.some((path) => !differs(made, base, path))) expect(held).toContain(field);
            // No false conflict: every place the dropped change set was set again by the later one
            // (an array back to the latest's content, since an array is one value).
            const overwritten = under.every(
              (path) => differs(made, base, path) && (path[1] !== 'arr' || !differs(made, latest, path)),
            );
            if (overwritten && under.every((path) => path[1] !== 'arr')) expect(held).not.toContain(field);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('carriedFields: counterexamples of the property', () => {
  it('holds a field whose sub-object the dropped change removed and the later change made again', () => {
    const latest = { limit: { alert: { at: 400, email: 'a@x' }, amount: 500 } };
    // Dropped: the alert removed. Later, over that base: an alert with a new email only.
    const base = { limit: { amount: 500 } };
    const patch = { limit: { alert: { email: 'b@x' }, amount: 500 } };
    expect(carriedFields(base, latest, patch)).toEqual(['limit']);
  });
});
