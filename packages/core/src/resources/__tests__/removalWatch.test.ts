import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../../store/entityStore';
import type { EntityStore, StoreChange } from '../../store/types';
import { createRemovalWatch } from '../removalWatch';

const account = (id: string) => ({ account_id: id, version: 1, name: id });
const task = (id: string, status: string) => ({ task_id: id, status });

function setup(limit?: number) {
  const store = createEntityStore();
  for (const id of ['a1', 'a2', 'a3']) store.apply('account', id, account(id));
  const watch = createRemovalWatch(store, limit === undefined ? {} : { limit });
  return { store, watch };
}

describe('createRemovalWatch', () => {
  it('removes the entity once the task is completed in the store, then stops watching', () => {
    const { store, watch } = setup();
    store.apply('task', 't1', task('t1', 'pending'));
    watch.watch('t1', 'account', 'a1');
    store.apply('task', 't1', task('t1', 'running'));
    expect(store.get('account', 'a1')).toBeDefined();
    store.apply('task', 't1', task('t1', 'completed'), 'event');
    expect(store.isRemoved('account', 'a1')).toBe(true);
    expect(watch.size).toBe(0);
  });

  it('keeps the entity and drops the watch when the task fails or is cancelled', () => {
    const { store, watch } = setup();
    watch.watch('t1', 'account', 'a1');
    watch.watch('t2', 'account', 'a2');
    store.apply('task', 't1', task('t1', 'failed'));
    store.apply('task', 't2', task('t2', 'cancelled'));
    expect(watch.size).toBe(0);
    expect(store.get('account', 'a1')).toBeDefined();
    expect(store.get('account', 'a2')).toBeDefined();
  });

  it('watches at most `limit` tasks, dropping the oldest', () => {
    const { store, watch } = setup(2);
    watch.watch('t1', 'account', 'a1');
    watch.watch('t2', 'account', 'a2');
    watch.watch('t3', 'account', 'a3');
    expect(watch.size).toBe(2);
    store.apply('task', 't1', task('t1', 'completed'));
    store.apply('task', 't3', task('t3', 'completed'));
    expect(store.get('account', 'a1')).toBeDefined();
    expect(store.isRemoved('account', 'a3')).toBe(true);
    expect(watch.size).toBe(1);
  });

  it('labels the removal with the origin of the task write that completed it', () => {
    const { store, watch } = setup();
    const removals: StoreChange[] = [];
    store.changes.subscribe((c) => {
      if (c.outcome === 'removed') removals.push(c);
    });
    watch.watch('t1', 'account', 'a1');
    watch.watch('t2', 'account', 'a2');
    watch.watch('t3', 'account', 'a3');
    store.apply('task', 't1', task('t1', 'running'));
    store.apply('task', 't1', task('t1', 'completed'), 'event');
    store.apply('task', 't2', task('t2', 'completed'), 'broadcast');
    store.apply('task', 't3', task('t3', 'completed'));
    expect(removals.map((c) => [c.id, c.origin])).toEqual([
      ['a1', 'event'],
      ['a2', 'broadcast'],
      ['a3', 'response'],
    ]);
  });

  it('labels the origin of the last write in a batch, and a task that ended before the watch as the response', () => {
    const { store, watch } = setup();
    const removals: StoreChange[] = [];
    store.changes.subscribe((c) => {
      if (c.outcome === 'removed') removals.push(c);
    });
    watch.watch('t1', 'account', 'a1');
    store.batch(() => {
      store.apply('task', 't1', task('t1', 'running'));
      store.apply('task', 't1', task('t1', 'completed'), 'hydrate');
    });
    store.apply('task', 't2', task('t2', 'completed'));
    watch.watch('t2', 'account', 'a2');
    expect(removals.map((c) => [c.id, c.origin])).toEqual([
      ['a1', 'hydrate'],
      ['a2', 'response'],
    ]);
  });

  it('follows where writes come from only while a task is watched', () => {
    const store = createEntityStore();
    let listening = 0;
    const counted: EntityStore = {
      ...store,
      accepted: new Observable<StoreChange>((subscriber) => {
        listening++;
        const inner = store.accepted.subscribe(subscriber);
        return () => {
          listening--;
          inner.unsubscribe();
        };
      }),
    };
    const watch = createRemovalWatch(counted);
    expect(listening).toBe(0);
    watch.watch('t1', 'account', 'a1');
    watch.watch('t2', 'account', 'a2');
    expect(listening).toBe(1);
    store.apply('task', 't1', task('t1', 'completed'));
    expect(listening).toBe(1);
    store.apply('task', 't2', task('t2', 'failed'));
    expect(listening).toBe(0);
  });
});
