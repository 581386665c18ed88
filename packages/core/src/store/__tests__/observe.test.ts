import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../entityStore';
import type { StoreChange } from '../types';

describe('store.observe', () => {
  it('emits the current value first, then each accepted change', () => {
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', { version: 1 });
    const seen: (number | undefined)[] = [];
    const subscription = store
      .observe<{ version: number }>('spend_control', 'sc_1')
      .subscribe((value) => seen.push(value?.version));
    store.apply('spend_control', 'sc_1', { version: 1 });
    store.apply('spend_control', 'sc_1', { version: 3 });
    store.apply('spend_control', 'sc_1', { version: 2 });
    store.apply('spend_control', 'sc_2', { version: 9 });
    store.batch(() => {
      store.apply('spend_control', 'sc_1', { version: 4 });
      store.apply('spend_control', 'sc_1', { version: 5 });
    });
    subscription.unsubscribe();
    store.apply('spend_control', 'sc_1', { version: 6 });
    expect(seen).toEqual([1, 3, 5]);
  });

  it('emits undefined for an unknown key and never repeats a value on re-entrant applies', () => {
    const store = createEntityStore();
    const seen: (number | undefined)[] = [];
    // A listener registered first that applies a newer version while the store is notifying.
    store.subscribe('spend_control', 'sc_1', () => {
      if (store.get('spend_control', 'sc_1')?.version === 1)
        store.apply('spend_control', 'sc_1', { version: 2 });
    });
    store
      .observe<{ version: number }>('spend_control', 'sc_1')
      .subscribe((value) => seen.push(value?.version));
    store.apply('spend_control', 'sc_1', { version: 1 });
    expect(seen).toEqual([undefined, 2]);
  });

  it('completes after remove, and at once for a key removed earlier', () => {
    const store = createEntityStore();
    store.apply('account', 'acc_1', { version: 1 });
    const events: unknown[] = [];
    store.observe('account', 'acc_1').subscribe({
      next: (value) => events.push(value?.version),
      complete: () => events.push('complete'),
    });
    store.remove('account', 'acc_1');
    expect(events).toEqual([1, undefined, 'complete']);
    const late: unknown[] = [];
    store
      .observe('account', 'acc_1')
      .subscribe({ next: (v) => late.push(v), complete: () => late.push('complete') });
    expect(late).toEqual([undefined, 'complete']);
  });
});

describe('store.changes', () => {
  it('reports accepted and refused writes with their reason and origin', () => {
    const store = createEntityStore();
    const changes: StoreChange[] = [];
    const subscription = store.changes.subscribe((change) => changes.push(change));
    store.apply('spend_control', 'sc_1', { version: 2 }, 'event');
    const stored = store.get('spend_control', 'sc_1');
    const refused = { version: 1 };
    store.apply('spend_control', 'sc_1', refused, 'response');
    store.apply('spend_control', 'sc_1', { version: 2 }, 'broadcast');
    store.applyHistorical('spend_control', 'sc_1', { version: 1 });
    store.remove('spend_control', 'sc_1', 'event');
    store.apply('spend_control', 'sc_1', { version: 3 }, 'optimistic');
    store.apply('task', 't_1', { status: 'running' });
    subscription.unsubscribe();
    store.apply('spend_control', 'sc_2', { version: 1 });
    expect(
      changes.map(({ outcome, origin, version, heldVersion, historical }) => [
        outcome,
        origin,
        version,
        heldVersion,
        historical,
      ]),
    ).toEqual([
      ['applied', 'event', 2, undefined, false],
      ['stale', 'response', 1, 2, false],
      ['duplicate', 'broadcast', 2, 2, false],
      ['applied', 'history', 1, 2, true],
      ['removed', 'event', undefined, 2, false],
      ['deleted', 'optimistic', 3, undefined, false],
      ['applied', 'response', undefined, undefined, false],
    ]);
    expect(changes[0]?.entity).toBe(stored);
    expect(changes[1]?.entity).toBe(refused);
  });
});

describe('store.accepted', () => {
  it('reports only writes that changed a latest state, the same records as changes', () => {
    const store = createEntityStore();
    const accepted: StoreChange[] = [];
    const all: StoreChange[] = [];
    const subscription = store.accepted.subscribe((change) => accepted.push(change));
    store.apply('spend_control', 'sc_1', { version: 2 }, 'event');
    store.apply('spend_control', 'sc_1', { version: 1 });
    store.apply('spend_control', 'sc_1', { version: 2 });
    store.applyHistorical('spend_control', 'sc_1', { version: 1 });
    const both = store.changes.subscribe((change) => all.push(change));
    store.apply('spend_control', 'sc_1', { version: 3 }, 'broadcast');
    store.remove('spend_control', 'sc_1');
    store.remove('spend_control', 'sc_1');
    store.apply('spend_control', 'sc_1', { version: 4 });
    subscription.unsubscribe();
    both.unsubscribe();
    store.apply('spend_control', 'sc_2', { version: 1 });
    expect(accepted.map(({ outcome, origin, version }) => [outcome, origin, version])).toEqual([
      ['applied', 'event', 2],
      ['applied', 'broadcast', 3],
      ['removed', 'response', undefined],
    ]);
    expect(all.map((change) => change.outcome)).toEqual(['applied', 'removed', 'deleted']);
    expect(all[0]).toBe(accepted[1]);
  });
});
