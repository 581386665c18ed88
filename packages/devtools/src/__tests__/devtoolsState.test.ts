import { createEntityStore, type StoreChange } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { createDevtoolsState } from '../devtoolsState';

describe('the timeline holds no app data', () => {
  it('keeps neither the written entity nor the one it replaced', () => {
    const store = createEntityStore();
    const state = createDevtoolsState(10);
    const sub = store.changes.subscribe((change: StoreChange) => state.record(change, 0));
    store.apply('spend_control', 'sc_1', { version: 1, secret_note: 'v1 data' });
    store.apply('spend_control', 'sc_1', { version: 2, secret_note: 'v2 data' });
    store.remove('spend_control', 'sc_1');
    sub.unsubscribe();
    const kept = [...state.log.toArray(), ...state.problems.toArray()];
    expect(kept).toHaveLength(4);
    // TimelineEntry is documented as "the store's change record without its entity, so the log
    // holds no app data alive"; the replaced entity must not ride along either.
    expect(JSON.stringify(kept)).not.toContain('data');
  });
});
