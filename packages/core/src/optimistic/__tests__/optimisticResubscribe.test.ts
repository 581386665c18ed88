// Found by review 29 (each case failed before its fix): the store's flush walks each key's live
// listener Set. The optimistic layer makes a new store listener every time a key's state is made
// anew, so a layer listener that re-subscribes when told (a view following "the current key") is
// called again and again within one store write, forever.
import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../../store/entityStore';
import { createOptimisticLayer } from '../optimisticLayer';

const sc = (version: number) => ({ spend_control_id: 'sc_1', version, name: `v${version}` });

describe('optimistic layer: a listener that re-subscribes when told', () => {
  it('is told once per confirmed change', () => {
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', sc(1));
    store.subscribe('spend_control', 'sc_1', () => {}); // e.g. a resource observer of the same key
    const layer = createOptimisticLayer(store);
    let calls = 0;
    let off: () => void = () => {};
    const follow = () => {
      calls++;
      if (calls > 1000) throw new Error(`told ${calls} times of one change`); // instead of hanging
      off();
      off = layer.subscribe('spend_control', 'sc_1', follow);
    };
    off = layer.subscribe('spend_control', 'sc_1', follow);
    let thrown: unknown;
    try {
      store.apply('spend_control', 'sc_1', sc(2));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeUndefined();
    expect(calls).toBe(1);
  });
});
