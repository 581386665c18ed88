import { describe, expectTypeOf, it } from 'vitest';
import {
  type EditConflict,
  editConflictOf,
  resolveConflict,
  type SpendControl,
  type ThreeWayDiff,
  threeWayDiff,
} from '../../index';

declare const control: SpendControl;

describe('conflict helpers (types)', () => {
  it('types a three-way diff by the entities compared', () => {
    const diff = threeWayDiff(control, control, control);
    expectTypeOf(diff).toEqualTypeOf<ThreeWayDiff<SpendControl>>();
    expectTypeOf(diff.result).toEqualTypeOf<SpendControl>();
    expectTypeOf(diff.conflicts).toEqualTypeOf<readonly string[]>();
  });

  it("types a caught error's conflict by the caller's word, and resolves it to that type", () => {
    const conflict = editConflictOf<SpendControl>(new Error('x'));
    expectTypeOf(conflict).toEqualTypeOf<EditConflict<SpendControl> | undefined>();
    if (conflict) {
      const resolution = resolveConflict(conflict, { limit: 'mine' });
      expectTypeOf(resolution.next).toEqualTypeOf<SpendControl>();
      expectTypeOf(resolution.patch).toEqualTypeOf<Readonly<Record<string, unknown>>>();
    }
    // @ts-expect-error a choice is 'mine' or 'theirs'
    resolveConflict({ fields: [], base: control, mine: control, theirs: control }, { limit: 'both' });
  });

  it('takes an outbox entry conflict (records) as it is', () => {
    const fromOutbox = {
      fields: ['limit'] as readonly string[],
      base: {} as Readonly<Record<string, unknown>>,
      mine: {} as Readonly<Record<string, unknown>>,
      theirs: {} as Readonly<Record<string, unknown>>,
    };
    expectTypeOf(resolveConflict(fromOutbox, {}).next).toEqualTypeOf<Readonly<Record<string, unknown>>>();
  });
});
