// A model-based check of the optimistic layer (review 29, which found nothing here): stacked changes,
// confirmed by answer or by version, failed, rebased over newer confirmed versions, the key removed. After every step the view
// must equal the model's, and a subscriber must have been told of every change of the view.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEntityStore } from '../../store/entityStore';
import { loadImmer } from '../loadImmer';
import { createOptimisticLayer, type OptimisticHandle } from '../optimisticLayer';

// The model stores a version again with other content on purpose; the store's dev warning says so.
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Op =
  | { kind: 'apply'; field: 'a' | 'b'; value: number; recipe: boolean }
  | { kind: 'confirmAnswer'; which: number; version: number }
  | { kind: 'confirmVersion'; which: number; version: number }
  | { kind: 'fail'; which: number }
  | { kind: 'store'; version: number; a: number }
  | { kind: 'remove' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('apply' as const),
    field: fc.constantFrom('a' as const, 'b' as const),
    value: fc.integer({ min: 0, max: 3 }),
    recipe: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('confirmAnswer' as const),
    which: fc.nat(5),
    version: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    kind: fc.constant('confirmVersion' as const),
    which: fc.nat(5),
    version: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({ kind: fc.constant('fail' as const), which: fc.nat(5) }),
  fc.record({
    kind: fc.constant('store' as const),
    version: fc.integer({ min: 1, max: 8 }),
    a: fc.integer({ min: 0, max: 3 }),
  }),
  { arbitrary: fc.constant({ kind: 'remove' as const }), weight: 1 },
);

interface ModelChange {
  field: 'a' | 'b';
  value: number;
  target: number | undefined;
  gone: boolean;
  confirmed: boolean;
}

describe('optimistic layer against a model', () => {
  it('shows the confirmed state with every change still pending, and tells its subscriber of each change', async () => {
    await loadImmer();
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const store = createEntityStore();
        store.apply('t', 'k', { version: 1, a: 0, b: 0 });
        const layer = createOptimisticLayer(store);
        let told: unknown = layer.get('t', 'k');
        layer.subscribe('t', 'k', () => {
          told = layer.get('t', 'k');
        });
        let held: { version: number; a: number; b: number } | undefined = { version: 1, a: 0, b: 0 };
        const changes: ModelChange[] = [];
        const handles: OptimisticHandle[] = [];
        const settleModel = () => {
          for (const c of changes)
            if (held && c.target !== undefined && c.target <= held.version) c.gone = true;
        };
        const offer = (entity: { version: number; a: number; b: number }) => {
          if (held !== undefined && entity.version > held.version) held = entity;
        };
        for (const step of ops) {
          if (step.kind === 'apply') {
            const change = step.recipe
              ? (draft: Record<string, number>) => {
                  draft[step.field] = step.value;
                }
              : { [step.field]: step.value };
            handles.push(layer.apply('t', 'k', change as never));
            changes.push({
              field: step.field,
              value: step.value,
              target: undefined,
              gone: false,
              confirmed: false,
            });
          } else if (step.kind === 'fail') {
            const c = changes[step.which];
            if (!c) continue;
            handles[step.which]?.fail();
            c.gone = true;
          } else if (step.kind === 'confirmAnswer' || step.kind === 'confirmVersion') {
            const c = changes[step.which];
            if (!c || c.confirmed || c.gone) continue;
            c.confirmed = true;
            c.target = step.version;
            if (step.kind === 'confirmAnswer') {
              const answer = { ...(held ?? { a: 0, b: 0 }), version: step.version, [c.field]: c.value };
              handles[step.which]?.confirm(answer);
              offer(answer as never);
            } else handles[step.which]?.confirm(step.version);
          } else if (step.kind === 'store') {
            const entity = { version: step.version, a: step.a, b: held?.b ?? 0 };
            store.apply('t', 'k', entity);
            offer(entity);
          } else {
            store.remove('t', 'k');
            held = undefined;
            for (const c of changes) c.gone = true;
          }
          settleModel();
          const expected: Record<string, number> | undefined = held ? { ...held } : undefined;
          if (expected) for (const c of changes) if (!c.gone) expected[c.field] = c.value;
          if (expected && held) expected.version = held.version;
          const view = layer.get('t', 'k');
          expect(view).toEqual(expected);
          expect(told).toBe(view);
          if (held) expect(layer.isPending('t', 'k')).toBe(changes.some((c) => !c.gone));
        }
      }),
      { numRuns: 5000 },
    );
  });
});
