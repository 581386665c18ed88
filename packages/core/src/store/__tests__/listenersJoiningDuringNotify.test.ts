// Found by review 29 (each case failed before its fix): the store's flush walks the live Set of a
// key's listeners, so a listener that joins (or leaves and joins again) while that Set is being
// walked is called in the same round.
import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../entityStore';

const sc = (version: number) => ({ spend_control_id: 'sc_1', version });

describe('store listeners that join during a notification', () => {
  it('does not call, for this change, a listener that subscribed while the change was being told', () => {
    const store = createEntityStore();
    const calls: string[] = [];
    let joined = false;
    store.subscribe('spend_control', 'sc_1', () => {
      calls.push('first');
      if (joined) return;
      joined = true;
      store.subscribe('spend_control', 'sc_1', () => calls.push('late'));
    });
    store.subscribe('spend_control', 'sc_1', () => calls.push('second'));
    store.apply('spend_control', 'sc_1', sc(1));
    // 'late' subscribed after the change: it has nothing to be told of (as ListenerList guarantees).
    expect(calls).toEqual(['first', 'second']);
  });

  it('ends the notification when a listener re-subscribes itself (it looped for ever)', () => {
    const store = createEntityStore();
    let calls = 0;
    store.subscribe('spend_control', 'sc_1', () => {}); // another component on the same key
    let off: () => void = () => {};
    const listener = () => {
      calls++;
      // Guard so the test fails instead of hanging the worker.
      if (calls > 1000) throw new Error(`listener called ${calls} times for one change`);
      off();
      off = store.subscribe('spend_control', 'sc_1', listener);
    };
    off = store.subscribe('spend_control', 'sc_1', listener);
    let thrown: unknown;
    try {
      store.apply('spend_control', 'sc_1', sc(1));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeUndefined();
    expect(calls).toBe(1);
  });
});
