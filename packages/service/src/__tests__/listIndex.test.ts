import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createListIndex, filterKey, firstAbove } from '../listIndex';

interface Item {
  id: string;
  status: string;
  kind?: unknown;
}

const listed = (item: Item) => item.status !== 'closed';

/** The reference: a scan of every item in creation order, as an index-free list would do it. */
function scan(
  model: readonly Item[],
  after: number,
  limit: number,
  filters: ReadonlyMap<string, string>,
): { ids: string[]; more: boolean } {
  const matching = model
    .map((item, ordinal) => ({ item, ordinal }))
    .filter(
      ({ item, ordinal }) =>
        ordinal > after &&
        listed(item) &&
        [...filters].every(
          ([field, key]) => filterKey((item as unknown as Record<string, unknown>)[field]) === key,
        ),
    );
  return { ids: matching.slice(0, limit).map(({ item }) => item.id), more: matching.length > limit };
}

const STATUSES = ['active', 'paused', 'closed'] as const;
const KINDS = ['a', 'b', 10, true, null, { nested: 1 }] as const;

type Op =
  | { op: 'create'; status: string; kind: unknown }
  | { op: 'update'; at: number; status: string; kind: unknown }
  | { op: 'page'; after: number; limit: number; status?: string; kind?: string };

const ops = fc.array(
  fc.oneof(
    fc.record({
      op: fc.constant('create' as const),
      status: fc.constantFrom(...STATUSES),
      kind: fc.constantFrom(...KINDS),
    }),
    fc.record({
      op: fc.constant('update' as const),
      at: fc.nat(60),
      status: fc.constantFrom(...STATUSES),
      kind: fc.constantFrom(...KINDS),
    }),
    fc.record(
      {
        op: fc.constant('page' as const),
        after: fc.nat(200),
        limit: fc.integer({ min: 1, max: 8 }),
        status: fc.constantFrom(...STATUSES),
        kind: fc.constantFrom('a', 'b', '10', 'true', 'null'),
      },
      { requiredKeys: ['op', 'after', 'limit'] },
    ),
  ),
  { minLength: 20, maxLength: 150, size: 'medium' },
) as fc.Arbitrary<Op[]>;

describe('createListIndex', () => {
  it('pages exactly as a full scan in creation order would, through any creates and updates', () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        const index = createListIndex<Item>(['status', 'kind'], listed);
        const model: Item[] = [];
        for (const step of sequence) {
          if (step.op === 'create') {
            const item = { id: `i_${model.length}`, status: step.status, kind: step.kind };
            model.push(item);
            index.track(item.id, item);
          } else if (step.op === 'update') {
            const current = model[step.at % Math.max(model.length, 1)];
            if (!current) continue;
            const item = { ...current, status: step.status, kind: step.kind };
            model[model.indexOf(current)] = item;
            index.track(item.id, item);
          } else {
            const filters = new Map<string, string>();
            if (step.status !== undefined) filters.set('status', step.status);
            if (step.kind !== undefined) filters.set('kind', step.kind);
            const page = index.page(step.after, step.limit, filters);
            const expected = scan(model, step.after, step.limit, filters);
            expect(page.items.map((item) => item.id)).toEqual(expected.ids);
            expect(page.more).toBe(expected.more);
            if (page.items.length > 0) expect(model[page.last]?.id).toBe(expected.ids.at(-1));
          }
        }
        expect(index.size).toBe(model.length);
      }),
      { numRuns: 500 },
    );
  });

  it('walks every item that existed at the start exactly once, in order, then the ones created meanwhile', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 3 })), { maxLength: 30 }),
        (initial, pages) => {
          const index = createListIndex<Item>(['status']);
          let made = 0;
          const create = () => {
            const item = { id: `i_${made}`, status: 'active' };
            made += 1;
            index.track(item.id, item);
          };
          for (let i = 0; i < initial; i += 1) create();
          const seen: string[] = [];
          let after = -1;
          // Each page is read with its own limit, and some creates land between pages; the walk is
          // bounded by the pages drawn plus enough to drain what they created.
          for (let i = 0; i < pages.length + made + 1; i += 1) {
            const [limit, creates] = pages[i] ?? [7, 0];
            const page = index.page(after, limit, new Map());
            seen.push(...page.items.map((item) => item.id));
            if (page.items.length > 0) after = page.last;
            if (!page.more) break;
            for (let c = 0; c < creates; c += 1) create();
          }
          expect(seen.slice(0, initial)).toEqual(Array.from({ length: initial }, (_, i) => `i_${i}`));
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen).toEqual([...seen].sort((a, b) => Number(a.slice(2)) - Number(b.slice(2))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('compares strings as they are and numbers and booleans by their JSON text; nothing else matches', () => {
    expect([filterKey('x'), filterKey(10), filterKey(1.5), filterKey(false)]).toEqual([
      'x',
      '10',
      '1.5',
      'false',
    ]);
    expect([
      filterKey(null),
      filterKey(undefined),
      filterKey({}),
      filterKey([]),
      filterKey(Number.NaN),
    ]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('finds the first element above a position by binary search', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(1000)), fc.integer({ min: -1, max: 1001 }), (values, after) => {
        const sorted = [...values].sort((a, b) => a - b);
        expect(firstAbove(sorted, after)).toBe(sorted.filter((v) => v <= after).length);
      }),
      { numRuns: 500 },
    );
  });
});
